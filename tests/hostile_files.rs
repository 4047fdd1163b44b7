//! Small files crafted to make a reader build far more than they hold: each
//! must be refused with exit 2 and a message naming the limit and the place in
//! the file, by the command itself, run under a 2 GB address-space limit and a
//! CPU-time limit of a few seconds (so a refusal that comes only after building
//! gigabytes or working for minutes fails here instead of passing slowly).
//!
//! The files are written by the tests, a few kilobytes each before
//! compression; what each one claims is in its comment.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::Command;

use flate2::Compression;
use flate2::write::{GzEncoder, ZlibEncoder};

#[path = "support/temp_dir.rs"]
mod temp_dir;
#[path = "support/vox.rs"]
mod vox;

use vox::{vox_chunk, vox_file, vox_group, vox_shape, vox_size, vox_transform, vox_voxels};

/// Address space the command may use: the 2 GB.
const MEMORY_KB: u64 = 2 << 20;
/// CPU seconds the command may use before the kernel stops it. A refusal
/// takes well under one; the margin is for a slow machine, not for work.
const CPU_SECONDS: u64 = 5;

/// Runs `voxwalk info FILE` under the limits and returns its error output,
/// after checking that it exited with 2 (a refusal), not 0, a crash or a kill.
///
/// With `VOXWALK_HOSTILE_DIR` set, the file is also kept there, to time and
/// measure by hand (`/usr/bin/time -v voxwalk info FILE`).
fn refused(dir: &temp_dir::Dir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    if let Some(keep) = std::env::var_os("VOXWALK_HOSTILE_DIR") {
        let dir_name = dir.path().file_name().unwrap().to_string_lossy();
        let tag = dir_name
            .split('-')
            .skip(2)
            .take_while(|p| p.parse::<u32>().is_err());
        let tag = tag.collect::<Vec<_>>().join("-");
        std::fs::write(Path::new(&keep).join(format!("{tag}-{name}")), bytes).unwrap();
    }
    refused_path(&path, &["info"])
}

fn refused_path(path: &Path, command: &[&str]) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KB}; ulimit -t {CPU_SECONDS}; exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_voxwalk"))
        .args(command)
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}: {:?}, stderr: {stderr}",
        path.display(),
        out.status
    );
    stderr
}

fn assert_names(stderr: &str, parts: &[&str]) {
    for part in parts {
        assert!(stderr.contains(part), "{part:?} not in: {stderr}");
    }
}

// ---------------------------------------------------------------- MagicaVoxel

/// One sparse model (a voxel in each of 16³ chunks of its 256³ box) placed
/// 200 times side by side: 819,200 chunks of 4 KB if built.
#[test]
fn a_sparse_model_placed_many_times_stops_at_the_chunk_limit() {
    let dir = temp_dir::Dir::new("hostile-vox-sparse");
    let voxels: Vec<[u8; 3]> = (0..16u8)
        .flat_map(|x| (0..16u8).flat_map(move |y| (0..16u8).map(move |z| [x * 16, y * 16, z * 16])))
        .collect();
    let mut nodes = vox_transform(0, 1, "0 0 0");
    let copies = 200u32;
    nodes.extend(vox_group(
        1,
        &(0..copies).map(|i| 2 + 2 * i).collect::<Vec<_>>(),
    ));
    for i in 0..copies {
        let id = 2 + 2 * i;
        nodes.extend(vox_transform(id, id + 1, &format!("{} 0 0", 300 * i)));
        nodes.extend(vox_shape(id + 1, &[0]));
    }
    let file = vox_file(&[vox_size(256, 256, 256), vox_voxels(&voxels), nodes].concat());
    let stderr = refused(&dir, "sparse.vox", &file);
    assert_names(
        &stderr,
        &["MAX_FILE_CHUNKS", "131072", "model 0: the voxel at"],
    );
}

/// Groups that list the same child twice, 30 levels deep: 2³⁰ paths.
#[test]
fn a_scene_graph_that_doubles_at_every_level_is_refused() {
    let dir = temp_dir::Dir::new("hostile-vox-doubling");
    let levels = 30u32;
    // Node 2k is a transform onto group 2k+1, which lists node 2k+2 twice.
    let mut nodes = Vec::new();
    for level in 0..levels {
        let t = 2 * level;
        nodes.extend(vox_transform(t, t + 1, "0 0 0"));
        nodes.extend(vox_group(t + 1, &[t + 2, t + 2]));
    }
    nodes.extend(vox_transform(2 * levels, 2 * levels + 1, "0 0 0"));
    nodes.extend(vox_shape(2 * levels + 1, &[0]));
    let file = vox_file(&[vox_size(1, 1, 1), vox_voxels(&[[0, 0, 0]]), nodes].concat());
    let stderr = refused(&dir, "doubling.vox", &file);
    assert_names(&stderr, &["MAX_SCENE_VISITS", "65536", "node "]);
}

/// 20,000 chunks each nested in the one before (240 KB).
#[test]
fn chunks_nested_thousands_deep_are_refused_without_overflowing_the_stack() {
    let dir = temp_dir::Dir::new("hostile-vox-nested");
    let mut inner = Vec::new();
    for _ in 0..20_000 {
        inner = vox_chunk(*b"nest", &[], &inner);
    }
    let stderr = refused(&dir, "nested.vox", &vox_file(&inner));
    assert_names(
        &stderr,
        &["MAX_CHUNK_DEPTH", "nested deeper than 16", "byte "],
    );
}

/// One shape listing a 4,096-voxel model 100,000 times: 410 million voxels.
#[test]
fn a_model_listed_a_hundred_thousand_times_is_refused() {
    let dir = temp_dir::Dir::new("hostile-vox-listed");
    let voxels: Vec<[u8; 3]> = (0..16u8)
        .flat_map(|x| (0..16u8).flat_map(move |y| (0..16u8).map(move |z| [x, y, z])))
        .collect();
    let nodes = [
        vox_transform(0, 1, "0 0 0"),
        vox_shape(1, &vec![0; 100_000]),
    ]
    .concat();
    let file = vox_file(&[vox_size(16, 16, 16), vox_voxels(&voxels), nodes].concat());
    let stderr = refused(&dir, "listed.vox", &file);
    assert_names(&stderr, &["MAX_VOXELS", "placement 16385 of model 0"]);
}

// ------------------------------------------------------------------------ NBT

/// NBT by hand: a named root compound holding `body` (already-encoded entries).
fn nbt_root(body: &[u8]) -> Vec<u8> {
    let mut out = vec![10, 0, 0];
    out.extend(body);
    out.push(0);
    out
}

/// A named entry's header: tag, name.
fn nbt_named(tag: u8, name: &str) -> Vec<u8> {
    let mut out = vec![tag];
    out.extend((name.len() as u16).to_be_bytes());
    out.extend(name.as_bytes());
    out
}

/// A list entry named `name` of `count` elements of `tag`, each `element`.
fn nbt_list(name: &str, tag: u8, count: usize, element: &[u8]) -> Vec<u8> {
    let mut out = nbt_named(9, name);
    out.push(tag);
    out.extend((count as i32).to_be_bytes());
    for _ in 0..count {
        out.extend(element);
    }
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

/// A schematic's fields and a list of 50 million bytes: 50 MB of NBT, 48 KB
/// gzipped, about 3 GB as a parsed tree.
#[test]
fn a_schematic_holding_a_list_of_fifty_million_elements_is_refused() {
    let dir = temp_dir::Dir::new("hostile-schem-list");
    let mut body = Vec::new();
    for (name, v) in [("Width", 1i16), ("Height", 1), ("Length", 1)] {
        body.extend(nbt_named(2, name));
        body.extend(v.to_be_bytes());
    }
    body.extend(nbt_named(10, "Palette"));
    body.extend(nbt_named(3, "minecraft:stone"));
    body.extend(0i32.to_be_bytes());
    body.push(0);
    body.extend(nbt_named(7, "BlockData"));
    body.extend(1i32.to_be_bytes());
    body.push(0);
    body.extend(nbt_list("Padding", 1, 50_000_000, &[0]));
    let file = gzip(&nbt_root(&body));
    let stderr = refused(&dir, "huge-list.schem", &file);
    assert_names(&stderr, &["MAX_ELEMENTS", "2097152", "NBT byte "]);
}

/// The fields of a 1.20 chunk but its sections.
fn chunk_fields() -> Vec<u8> {
    let mut body = Vec::new();
    for (name, v) in [
        ("DataVersion", 3465i32),
        ("xPos", 0),
        ("zPos", 0),
        ("yPos", -4),
    ] {
        body.extend(nbt_named(3, name));
        body.extend(v.to_be_bytes());
    }
    body.extend(nbt_named(8, "Status"));
    let status = b"minecraft:full";
    body.extend((status.len() as u16).to_be_bytes());
    body.extend(status);
    body
}

/// A chunk listing 5 million sections (each an empty compound): 5 MB of NBT.
#[test]
fn a_chunk_of_millions_of_sections_is_refused() {
    let dir = temp_dir::Dir::new("hostile-nbt-sections");
    let mut body = chunk_fields();
    body.extend(nbt_list("sections", 10, 5_000_000, &[0]));
    let stderr = refused(&dir, "5m-sections.nbt", &nbt_root(&body));
    assert_names(&stderr, &["MAX_ELEMENTS", "NBT byte "]);
    // Under the element limit, still far more sections than a chunk can have.
    let mut body = chunk_fields();
    // Each section `{Y: 0b}`.
    body.extend(nbt_list("sections", 10, 100_000, &[1, 0, 1, b'Y', 0, 0]));
    let stderr = refused(&dir, "100k-sections.nbt", &nbt_root(&body));
    assert_names(&stderr, &["MAX_SECTIONS", "100000 sections"]);
}

// -------------------------------------------------------------------- Regions

/// A region of `copies` copies of one chunk stored zlib-compressed, each in
/// sectors of its own; its first `entries` header entries name them in turn
/// (all the first one when `copies` is 1).
fn region_of(nbt: &[u8], copies: usize, entries: usize) -> Vec<u8> {
    let mut z = ZlibEncoder::new(Vec::new(), Compression::best());
    z.write_all(nbt).unwrap();
    let compressed = z.finish().unwrap();
    let sectors = (compressed.len() + 5).div_ceil(4096);
    let mut region = vec![0u8; 2 * 4096];
    for _ in 0..copies {
        region.extend((compressed.len() as u32 + 1).to_be_bytes());
        region.push(2);
        region.extend(&compressed);
        region.resize(region.len().div_ceil(4096) * 4096, 0);
    }
    for index in 0..entries {
        let offset = 2 + (index % copies) * sectors;
        region[index * 4..index * 4 + 4].copy_from_slice(&[0, 0, offset as u8, sectors as u8]);
    }
    region
}

/// A chunk of nothing but `bytes` of padding: as compressible as data get.
fn padding_chunk(bytes: usize) -> Vec<u8> {
    let mut body = nbt_named(7, "Padding");
    body.extend((bytes as i32).to_be_bytes());
    body.resize(body.len() + bytes, 0);
    nbt_root(&body)
}

/// 1,024 entries naming one chunk of 5 million sections (53 KB): read once,
/// refused, and the other 1,023 entries are not read again.
#[test]
fn a_region_whose_entries_all_name_one_chunk_reads_it_once() {
    let dir = temp_dir::Dir::new("hostile-region-repeated");
    let mut body = chunk_fields();
    body.extend(nbt_list("sections", 10, 5_000_000, &[0]));
    let region = region_of(&nbt_root(&body), 1, 1024);
    let stderr = refused(&dir, "r.0.0.mca", &region);
    assert_names(
        &stderr,
        &[
            "none of the 1024 chunks could be read",
            "chunk (0, 0) skipped",
            "MAX_ELEMENTS",
        ],
    );
}

/// 1,024 entries naming one chunk that inflates past the chunk limit (44 KB).
#[test]
fn a_region_of_one_chunk_inflating_past_the_limit_is_refused_once() {
    let dir = temp_dir::Dir::new("hostile-region-inflating");
    let region = region_of(&padding_chunk(40 << 20), 1, 1024);
    let stderr = refused(&dir, "r.0.0.mca", &region);
    assert_names(
        &stderr,
        &["chunk (0, 0) skipped: inflates past 16777216 bytes"],
    );
}

/// Twenty distinct chunks each inflating to 15 MiB (just under the chunk
/// limit): 300 MiB of work for one region.
#[test]
fn a_region_of_many_highly_compressible_chunks_stops_at_the_region_limit() {
    let dir = temp_dir::Dir::new("hostile-region-total");
    let region = region_of(&padding_chunk(15 << 20), 20, 20);
    let stderr = refused(&dir, "r.0.0.mca", &region);
    assert_names(
        &stderr,
        &["MAX_REGION_INFLATED_BYTES", "268435456", "chunk (17, 0)"],
    );
}

// -------------------------------------------------------------- Text worlds

/// 600,000 `layer` lines of one block each, 16 apart: a chunk a line.
#[test]
fn a_text_world_of_scattered_single_blocks_stops_at_the_chunk_limit() {
    let dir = temp_dir::Dir::new("hostile-vxw");
    let mut text = String::from("voxwalk-world 1\n");
    for i in 0..600_000 {
        writeln!(text, "layer {}\n|#|", 16 * i).unwrap();
    }
    let stderr = refused(&dir, "scattered.vxw", text.as_bytes());
    // Chunk 131,073 opens at the row of the 131,073rd layer: line 3 + 2·131,072.
    assert_names(&stderr, &["MAX_FILE_CHUNKS", "line 262147, column 2"]);
}
