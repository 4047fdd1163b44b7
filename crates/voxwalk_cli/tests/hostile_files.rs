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

#[path = "../../../tests/support/temp_dir.rs"]
mod temp_dir;
#[path = "../../../tests/support/vox.rs"]
mod vox;

use vox::{vox_chunk, vox_file, vox_group, vox_shape, vox_size, vox_transform, vox_voxels};

/// Address space the command may use: the 2 GB.
const MEMORY_KB: u64 = 2 << 20;
/// CPU seconds the command may use before the kernel stops it: it stops a
/// reader that runs away. Most refusals take well under one; the heaviest
/// file here (131,072 chunks read until they pass the 1 GiB budget) takes
/// 3.9–4.4 s on a 2-core VM, which the old limit of 5 left too little room
/// on a busy machine. The margin is for a slow machine, not for work.
const CPU_SECONDS: u64 = 15;

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

// ------------------------------------------------------- The read budget

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A binary world (version 2) of `types` block types of its own, each as
/// heavy as the format allows (a 128-byte name, 16 boxes, 32 properties of
/// 128-byte names), and `chunks` chunks whose palettes each name the first
/// `palette` ids, one cell each and the rest the last id.
fn heavy_binary_world(types: usize, chunks: usize, palette: usize) -> Vec<u8> {
    let mut payload = Vec::new();
    varint(&mut payload, 0); // no name
    payload.push(0); // no spawn
    varint(&mut payload, types as u64);
    for t in 0..types {
        let name = format!("{t:0>128}");
        varint(&mut payload, 128);
        payload.extend_from_slice(name.as_bytes());
        payload.push(1); // solid, no glyph
        payload.extend_from_slice(&[1, 2, 3]);
        payload.push(16);
        for b in 0..16 {
            let y = f64::from(b) / 16.0;
            for v in [0.0, y, 0.0, 1.0, y + 1.0 / 16.0, 1.0] {
                payload.extend_from_slice(&f64::to_le_bytes(v));
            }
        }
        payload.push(32);
        for p in 0..32 {
            let key = format!("custom.{p:0>121}");
            varint(&mut payload, 128);
            payload.extend_from_slice(key.as_bytes());
            payload.push(0);
            payload.extend_from_slice(&1.0f64.to_le_bytes());
        }
    }
    varint(&mut payload, chunks as u64);
    for c in 0..chunks {
        let key = [
            (c % 512) as i32,
            (c / 512 % 512) as i32,
            (c / (512 * 512)) as i32,
        ];
        for v in key {
            payload.extend_from_slice(&v.to_le_bytes());
        }
        varint(&mut payload, palette as u64);
        for id in 0..palette {
            varint(&mut payload, id as u64);
        }
        for index in 0..palette - 1 {
            varint(&mut payload, 1);
            varint(&mut payload, index as u64);
        }
        varint(&mut payload, (4096 - (palette - 1)) as u64);
        varint(&mut payload, (palette - 1) as u64);
    }
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(&payload).unwrap();
    let compressed = encoder.finish().unwrap();
    let mut file = b"VOXWALKB".to_vec();
    file.extend_from_slice(&2u16.to_le_bytes());
    file.extend_from_slice(&0u16.to_le_bytes());
    file.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    file.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    file.extend_from_slice(&compressed);
    file
}

/// Every block type a world may hold, each as heavy as allowed (about 600 MB
/// once registered), then 131,072 chunks of 257 types each (two-byte cells,
/// 1.1 GB): within every count limit, 2.4 GB if built. It stops at the chunk
/// that would take it past the read budget.
#[test]
fn a_binary_world_of_the_most_types_and_chunks_stops_at_the_read_budget() {
    let dir = temp_dir::Dir::new("hostile-budget");
    let types = voxwalk::block::limits::MAX_BLOCK_TYPES - voxwalk::block::BUILT_IN_TYPES;
    let file = heavy_binary_world(types, 131_072, 257);
    let stderr = refused(&dir, "heavy.vxb", &file);
    assert_names(
        &stderr,
        &["chunk ", "over the read budget of 1073741824 bytes"],
    );
}

/// The same chunks without the types: 131,072 chunks of two-byte cells is
/// 1.1 GB, over the default budget, and any budget set on the command line is
/// the one that holds.
#[test]
fn a_binary_world_of_wide_chunks_stops_at_a_budget_set_on_the_command_line() {
    let dir = temp_dir::Dir::new("hostile-budget-cli");
    let file = heavy_binary_world(244, 4096, 257);
    let path = dir.path().join("wide.vxb");
    std::fs::write(&path, &file).unwrap();
    // 4,096 chunks of 8.8 KB: 36 MB, refused under a 16 MiB budget.
    let stderr = refused_path(&path, &["--read-budget", "16777216", "info"]);
    assert_names(
        &stderr,
        &["chunk ", "over the read budget of 16777216 bytes"],
    );
    let out = Command::new(env!("CARGO_BIN_EXE_voxwalk"))
        .args(["info"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A text world whose rows open 20,000 chunks (90 MB of cells) from 2 MB of
/// text, under a 32 MiB budget: refused at the cell that crosses it.
#[test]
fn a_text_world_stops_at_the_cell_that_crosses_the_read_budget() {
    let dir = temp_dir::Dir::new("hostile-budget-text");
    let mut text = String::from("voxwalk-world 1\n");
    for i in 0..20_000 {
        writeln!(text, "layer {}\n|#|", 16 * i).unwrap();
    }
    text.push_str("end\n");
    let path = dir.path().join("tall.vxw");
    std::fs::write(&path, &text).unwrap();
    let stderr = refused_path(&path, &["--read-budget", "33554432", "info"]);
    assert_names(
        &stderr,
        &["column 2", "over the read budget of 33554432 bytes"],
    );
}

/// 16 MiB of inline expectation tables: about 1.5 GB once TOML has parsed
/// them. `check` refuses the file before parsing it.
#[test]
fn a_scenario_of_a_million_inline_expectations_is_refused_before_it_is_parsed() {
    let dir = temp_dir::Dir::new("hostile-budget-toml");
    let item = "{tick = 1, x = [0.0, 5.0]}, ";
    let mut text = String::from(
        "model = \"minecraft-1.21 v4\"\ndescription = \"x\"\nworld_text = \"\"\"\nvoxwalk-world 1\nlayer 0\n|###|\nend\n\"\"\"\nticks = 1\nexpect = [",
    );
    while text.len() + item.len() + 2 < 16 << 20 {
        text.push_str(item);
    }
    text.push_str("]\n");
    let path = dir.path().join("expect.toml");
    std::fs::write(&path, &text).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KB}; ulimit -t {CPU_SECONDS}; exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_voxwalk"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_names(
        &stdout,
        &[
            "the TOML text, parsed",
            "over the read budget of 1073741824 bytes",
        ],
    );
}

/// A schematic whose palette names a state with a line break and an escape
/// sequence in it, given a text where a number belongs: the error quotes the
/// name on one line, the break as `\n`, the escape as `\u{1b}`.
#[test]
fn an_nbt_error_quoting_the_file_stays_one_line() {
    let dir = temp_dir::Dir::new("hostile-nbt-newline");
    let mut body = Vec::new();
    for (name, v) in [("Width", 1i16), ("Height", 1), ("Length", 1)] {
        body.extend(nbt_named(2, name));
        body.extend(v.to_be_bytes());
    }
    body.extend(nbt_named(10, "Palette"));
    body.extend(nbt_named(8, "minecraft:stone\nvoxwalk: all good\u{1b}[2J"));
    body.extend(3u16.to_be_bytes());
    body.extend(b"one");
    body.push(0);
    body.extend(nbt_named(7, "BlockData"));
    body.extend(1i32.to_be_bytes());
    body.push(0);
    let stderr = refused(&dir, "newline.schem", &gzip(&nbt_root(&body)));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_names(
        &stderr,
        &["stone\\nvoxwalk: all good\\u{1b}[2J", "no integer id"],
    );
}
