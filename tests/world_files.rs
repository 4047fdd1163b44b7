//! World files: binary round trips, hostile and mutated files of every format,
//! saves that never leave half a world.

mod support;
use support::cases::cases;

use std::io::Write;

use flate2::Compression;
use flate2::write::DeflateEncoder;
use glam::{DVec3, IVec3};
use proptest::prelude::*;
use voxwalk::block::BlockId;
use voxwalk::formats::binary_format::{self, BinaryWorldError, HEADER_BYTES};
use voxwalk::formats::{LoadError, LoadOptions, decode, load, save};
use voxwalk::generate::{Generator, Preset};
use voxwalk::world::World;

/// The shipped worlds (`worlds/` of this repository).
fn worlds_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds")
}

/// Every cell of every stored chunk, by key: two worlds with the same blocks
/// compare equal however their chunks are stored.
fn cells(world: &World) -> Vec<(IVec3, Vec<BlockId>)> {
    let mut out: Vec<(IVec3, Vec<BlockId>)> = world
        .chunks()
        .map(|(k, c)| {
            let blocks = (0..4096)
                .map(|i| c.block(IVec3::new(i / 256, (i / 16) % 16, i % 16)))
                .collect();
            (k, blocks)
        })
        .filter(|(_, b): &(IVec3, Vec<BlockId>)| b.iter().any(|&x| x != BlockId::AIR))
        .collect();
    out.sort_by_key(|(k, _)| k.to_array());
    out
}

fn random_world(
    fills: &[(i32, i32, i32, u8, u8, u8, u8)],
    far: bool,
    name: &str,
    spawn: Option<(f64, f64, f64)>,
) -> World {
    let mut world = World::new();
    name.clone_into(&mut world.name);
    world.spawn = spawn.map(|s| DVec3::new(s.0, s.1, s.2));
    let shift = if far {
        IVec3::new(30_000_000, -40, -30_000_000)
    } else {
        IVec3::ZERO
    };
    for &(x, y, z, dx, dy, dz, b) in fills {
        let lo = IVec3::new(x, y, z) + shift;
        let hi = lo + IVec3::new(i32::from(dx % 20), i32::from(dy % 20), i32::from(dz % 20));
        world.fill(
            lo,
            hi,
            BlockId::BUILT_IN[usize::from(b) % BlockId::BUILT_IN.len()],
        );
    }
    world
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn binary_worlds_round_trip(
        fills in proptest::collection::vec((-40i32..40, -40i32..40, -40i32..40, any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()), 0..12),
        far in any::<bool>(),
        name in "[ -~é漢]{0,40}",
        spawn in proptest::option::of((-1e6f64..1e6, -1e3f64..1e3, -1e6f64..1e6)),
    ) {
        let world = random_world(&fills, far, &name, spawn);
        let bytes = binary_format::encode(&world).unwrap();
        let back = binary_format::decode(&bytes).unwrap();
        prop_assert_eq!(&back.name, &world.name);
        prop_assert_eq!(back.spawn, world.spawn);
        prop_assert_eq!(cells(&back), cells(&world));
        // Encoding is a function of the blocks: the same bytes again.
        prop_assert_eq!(binary_format::encode(&back).unwrap(), bytes);
    }
}

/// The files the mutation campaign starts from: every shipped text world, and
/// binary worlds of generated terrain and of the shipped worlds.
fn seed_files() -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    for name in [
        "walls_and_corners.vxw",
        "seams.vxw",
        "slabs_and_posts.vxw",
        "far_away.vxw",
    ] {
        let bytes = std::fs::read(worlds_dir().join(name)).unwrap();
        let loaded = decode(&bytes, None, LoadOptions::default()).unwrap();
        files.push(binary_format::encode(loaded.world()).unwrap());
        files.push(bytes);
    }
    files.push(
        binary_format::encode(&Generator::new(Preset::Hills, 3).sized(IVec3::new(32, 64, 32)))
            .unwrap(),
    );
    files
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, bits: u8 },
    Set { at: usize, value: u8 },
    Truncate { at: usize },
    Insert { at: usize, bytes: Vec<u8> },
    Remove { at: usize, len: usize },
    Duplicate { at: usize, len: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1u8..=255).prop_map(|(at, bits)| Mutation::Flip { at, bits }),
        (any::<usize>(), any::<u8>()).prop_map(|(at, value)| Mutation::Set { at, value }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
        (
            any::<usize>(),
            proptest::collection::vec(any::<u8>(), 1..16)
        )
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (any::<usize>(), 1usize..64).prop_map(|(at, len)| Mutation::Remove { at, len }),
        (any::<usize>(), 1usize..64).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    let n = bytes.len();
    match m {
        Mutation::Flip { at, bits } => bytes[at % n] ^= bits,
        Mutation::Set { at, value } => bytes[at % n] = *value,
        Mutation::Truncate { at } => bytes.truncate(at % n),
        Mutation::Insert { at, bytes: extra } => {
            let at = at % (n + 1);
            bytes.splice(at..at, extra.iter().copied());
        }
        Mutation::Remove { at, len } => {
            let at = at % n;
            bytes.drain(at..(at + len).min(n));
        }
        Mutation::Duplicate { at, len } => {
            let at = at % n;
            let piece: Vec<u8> = bytes[at..(at + len).min(n)].to_vec();
            bytes.splice(at..at, piece);
        }
    }
}

proptest! {
    // 10,000 mutated files in the default run; raise with VOXWALK_PROPTEST_CASES.
    #![proptest_config(ProptestConfig::with_cases(cases(10_000)))]

    /// Any damage to a valid file of any format is an error or a world, never a
    /// panic; and a damaged binary file that still decodes passed its checksum.
    #[test]
    fn mutated_files_never_panic(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        thread_local! { static FILES: Vec<Vec<u8>> = seed_files(); }
        let mut bytes = FILES.with(|f| f[which % f.len()].clone());
        for m in &mutations {
            apply(&mut bytes, m);
        }
        if let Ok(loaded) = decode(&bytes, None, LoadOptions::default()) {
            prop_assert!(loaded.world().chunk_count() <= voxwalk::formats::limits::MAX_FILE_CHUNKS);
        }
    }
}

/// A binary file around a hand-made payload, with a correct checksum.
fn binary_with_payload(payload: &[u8], claimed: Option<u64>) -> Vec<u8> {
    let mut enc = DeflateEncoder::new(Vec::new(), Compression::best());
    enc.write_all(payload).unwrap();
    let compressed = enc.finish().unwrap();
    let mut out = Vec::new();
    out.extend_from_slice(binary_format::MAGIC);
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&claimed.unwrap_or(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(&compressed);
    out
}

fn varint(mut v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
    out
}

#[test]
fn hostile_binary_files_are_refused_with_the_reason() {
    let problem = |bytes: &[u8]| binary_format::decode(bytes).unwrap_err();
    // A header that claims a payload of 10^12 bytes.
    assert!(matches!(
        problem(&binary_with_payload(b"\0\0\0", Some(1_000_000_000_000))),
        BinaryWorldError::PayloadTooLarge { .. }
    ));
    // 10^12 chunks claimed in a tiny payload.
    let mut p = vec![0, 0];
    p.extend(varint(1_000_000_000_000));
    let e = problem(&binary_with_payload(&p, None));
    assert!(e.to_string().contains("1000000000000 chunks"), "{e}");
    // A count the bytes left cannot hold.
    let mut p = vec![0, 0];
    p.extend(varint(5000));
    assert!(
        problem(&binary_with_payload(&p, None))
            .to_string()
            .contains("cannot fit")
    );
    // A palette index out of range, in chunk 0 at (1, 2, 3).
    let mut p = vec![0, 0, 1];
    for v in [1i32, 2, 3] {
        p.extend(v.to_le_bytes());
    }
    p.extend([2, BlockId::STONE.0 as u8, BlockId::AIR.0 as u8]);
    p.extend(varint(100));
    p.push(7);
    p.extend([0u8; 16]);
    let e = problem(&binary_with_payload(&p, None));
    let text = e.to_string();
    assert!(
        text.contains("palette index 7") && text.contains("chunk 0 at [1, 2, 3]"),
        "{text}"
    );
    // An unknown block byte.
    let mut p = vec![0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 200];
    p.extend([0u8; 4]);
    assert!(
        problem(&binary_with_payload(&p, None))
            .to_string()
            .contains("block id 200 (the file defines 13)")
    );
    // A deflate bomb: 64 MiB of zeros claimed to be 100 bytes. Only 101 are inflated.
    let bomb = vec![0u8; 64 << 20];
    let file = binary_with_payload(&bomb, Some(100));
    assert!(file.len() < 100_000, "{} bytes", file.len());
    assert!(matches!(
        problem(&file),
        BinaryWorldError::Compression { .. }
    ));
    // Damage the checksum, the version, the flags; cut the file short.
    let seams = std::fs::read(worlds_dir().join("seams.vxw")).unwrap();
    let seams = decode(&seams, None, LoadOptions::default()).unwrap();
    let good = binary_format::encode(seams.world()).unwrap();
    let mut bad = good.clone();
    bad[20] ^= 1;
    assert!(matches!(problem(&bad), BinaryWorldError::Checksum { .. }));
    let mut bad = good.clone();
    bad[8] = 3;
    assert_eq!(problem(&bad), BinaryWorldError::Version { found: 3 });
    let mut bad = good.clone();
    bad[10] = 1;
    assert!(matches!(problem(&bad), BinaryWorldError::Flags { .. }));
    assert!(matches!(
        problem(&good[..good.len() - 5]),
        BinaryWorldError::Compression { .. }
    ));
    assert!(matches!(
        problem(&good[..HEADER_BYTES - 1]),
        BinaryWorldError::TooShort { .. }
    ));
}

#[test]
fn load_names_the_file_and_the_place() {
    let dir = std::env::temp_dir().join(format!("voxwalk-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.vxb");
    let mut bytes =
        binary_format::encode(&Generator::new(Preset::Course, 0).sized(IVec3::new(16, 8, 16)))
            .unwrap();
    let last = bytes.len() - 1;
    bytes.truncate(last);
    std::fs::write(&path, &bytes).unwrap();
    let e = load(&path, LoadOptions::default()).unwrap_err();
    assert!(matches!(e, LoadError::Binary { .. }));
    assert!(
        e.to_string().starts_with(&path.display().to_string()),
        "{e}"
    );
    std::fs::write(&path, b"\x89PNG not a world").unwrap();
    assert!(
        load(&path, LoadOptions::default())
            .unwrap_err()
            .to_string()
            .contains("not a world file")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saves_replace_the_old_file_whole_or_not_at_all() {
    let dir = std::env::temp_dir().join(format!("voxwalk-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("world.vxb");
    let small = Generator::new(Preset::Flat, 0).sized(IVec3::new(16, 8, 16));
    let large = Generator::new(Preset::Hills, 0).sized(IVec3::new(64, 64, 64));
    save(&small, &[], &path).unwrap();
    let before = std::fs::read(&path).unwrap();
    save(&large, &[], &path).unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        binary_format::encode(&large).unwrap()
    );
    assert_ne!(std::fs::read(&path).unwrap(), before);
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["world.vxb"]);
    // A save that cannot be made leaves the old file as it was.
    let mut unwritable = World::new();
    unwritable.name = "line\nbreak".into();
    let text_path = dir.join("world.vxw");
    save(&small, &[], &text_path).unwrap();
    let old = std::fs::read(&text_path).unwrap();
    assert!(save(&unwritable, &[], &text_path).is_err());
    assert_eq!(std::fs::read(&text_path).unwrap(), old);
    assert!(save(&small, &[], &dir.join("no/such/folder/w.vxb")).is_err());
    assert!(save(&small, &[], &dir.join("w.png")).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_256_by_96_by_256_hills_world_is_under_a_twentieth_of_its_raw_size() {
    let world = Generator::new(Preset::Hills, 42).sized(IVec3::new(256, 96, 256));
    let bytes = binary_format::encode(&world).unwrap();
    let raw = 256 * 96 * 256;
    assert!(bytes.len() * 20 <= raw, "{} bytes", bytes.len());
    assert_eq!(
        cells(&binary_format::decode(&bytes).unwrap()),
        cells(&world)
    );
}

#[test]
fn worlds_too_sparse_for_text_are_refused_not_written() {
    let mut world = World::new();
    world.set_block(IVec3::ZERO, BlockId::STONE);
    world.set_block(IVec3::new(1_000_000_000, 0, 0), BlockId::STONE);
    let e = voxwalk::formats::text_format::to_text(&world, &[]).unwrap_err();
    assert!(e.to_string().contains(".vxb"), "{e}");
    // The binary format holds it in two chunks.
    let back = binary_format::decode(&binary_format::encode(&world).unwrap()).unwrap();
    assert_eq!(back.block(IVec3::new(1_000_000_000, 0, 0)), BlockId::STONE);
}

/// A text world saved by an editor that writes a UTF-8 byte order mark
/// loads as the same world without it.
#[test]
fn a_byte_order_mark_before_a_text_world_is_skipped() {
    let text = std::fs::read_to_string(worlds_dir().join("seams.vxw")).unwrap();
    let plain = decode(text.as_bytes(), None, LoadOptions::default()).unwrap();
    let marked = decode(
        format!("\u{feff}{text}").as_bytes(),
        None,
        LoadOptions::default(),
    )
    .unwrap();
    assert_eq!(cells(marked.world()), cells(plain.world()));
    assert_eq!(marked.world().spawn, plain.world().spawn);
}
