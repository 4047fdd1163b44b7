//! Sponge schematics written in tests, with the format's own structure.
//!
//! Reached through the support module (`mod support;` in a test).

#![allow(dead_code)]

use std::io::Write;

use fastnbt::Value;
use flate2::Compression;
use flate2::write::GzEncoder;

/// A gzipped Sponge v2 schematic of `width × height × length` cells (index
/// `x + z·width + y·width·length`) saved by the game of `data_version`.
pub fn sponge_v2(
    width: i16,
    height: i16,
    length: i16,
    palette: &[(&str, i32)],
    ids: &[i32],
    data_version: i32,
) -> Vec<u8> {
    let mut data = Vec::new();
    for &id in ids {
        let mut v = id as u32;
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                data.push(byte as i8);
                break;
            }
            data.push((byte | 0x80) as i8);
        }
    }
    let palette: std::collections::HashMap<String, Value> = palette
        .iter()
        .map(|(s, id)| ((*s).to_owned(), Value::Int(*id)))
        .collect();
    let root: std::collections::HashMap<String, Value> = [
        ("Version".to_owned(), Value::Int(2)),
        ("DataVersion".to_owned(), Value::Int(data_version)),
        ("Width".to_owned(), Value::Short(width)),
        ("Height".to_owned(), Value::Short(height)),
        ("Length".to_owned(), Value::Short(length)),
        ("PaletteMax".to_owned(), Value::Int(palette.len() as i32)),
        ("Palette".to_owned(), Value::Compound(palette)),
        (
            "BlockData".to_owned(),
            Value::ByteArray(fastnbt::ByteArray::new(data)),
        ),
    ]
    .into_iter()
    .collect();
    let nbt = fastnbt::to_bytes_with_opts(
        &Value::Compound(root),
        fastnbt::SerOpts::new().root_name("Schematic"),
    )
    .unwrap();
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(&nbt).unwrap();
    gz.finish().unwrap()
}
