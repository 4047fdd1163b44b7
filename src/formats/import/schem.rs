//! Sponge schematics (`.schem`, versions 2 and 3): gzip-compressed NBT.
//!
//! Version 2 keeps `Width`, `Height`, `Length`, `Palette` (state string → id)
//! and `BlockData` (one varint id per cell, index `x + z·Width + y·Width·Length`)
//! in the root compound; version 3 nests them as `Schematic.Blocks.Palette` and
//! `Schematic.Blocks.Data`. The schematic's minimum corner is placed at the
//! origin (its `Offset` is ignored).

use std::collections::HashMap;

use fastnbt::Value;
use glam::IVec3;

use super::block_states::split_state;
use super::vanilla_blocks::VanillaBlocks;
use super::{ImportError, Imported, Warnings};
use crate::block::BlockId;
use crate::formats::limits::MAX_SCHEMATIC_CELLS as MAX_CELLS;
use crate::world::World;

fn field<'a>(compound: &'a HashMap<String, Value>, name: &str) -> Option<&'a Value> {
    compound.get(name)
}

fn int(compound: &HashMap<String, Value>, name: &str) -> Result<i64, ImportError> {
    match field(compound, name) {
        Some(Value::Short(v)) => Ok(i64::from(*v)),
        Some(Value::Int(v)) => Ok(i64::from(*v)),
        Some(Value::Byte(v)) => Ok(i64::from(*v)),
        Some(_) => Err(ImportError::format(format!("`{name}` is not an integer"))),
        None => Err(ImportError::format(format!("no `{name}`"))),
    }
}

/// Reads a Sponge schematic from its NBT root.
pub(crate) fn read(
    root: &HashMap<String, Value>,
    held: super::Held,
) -> Result<Imported, ImportError> {
    // Version 3 wraps everything in a `Schematic` compound.
    let schematic = match root.get("Schematic") {
        Some(Value::Compound(inner)) => inner,
        _ => root,
    };
    let version = int(schematic, "Version").unwrap_or(2);
    let [w, h, l] = size(schematic)?;
    let (palette, data) = match version {
        3 => {
            let Some(Value::Compound(blocks)) = schematic.get("Blocks") else {
                return Err(ImportError::format("version 3 without `Blocks`"));
            };
            (blocks.get("Palette"), blocks.get("Data"))
        }
        1 | 2 => (schematic.get("Palette"), schematic.get("BlockData")),
        other => {
            return Err(ImportError::format(format!(
                "schematic version {other} (this reads 2 and 3)"
            )));
        }
    };
    let Some(Value::Compound(palette)) = palette else {
        return Err(ImportError::format("no block palette"));
    };
    let Some(Value::ByteArray(data)) = data else {
        return Err(ImportError::format("no block data"));
    };
    let mut world = World::new();
    let data_version = int(schematic, "DataVersion").ok().map(|v| v as i32);
    let mut vanilla = VanillaBlocks::new(data_version);
    let by_id = palette_blocks(&mut world, &mut vanilla, palette)?;
    let bytes: Vec<u8> = data.iter().map(|&b| b as u8).collect();
    let warnings = place_cells(&mut world, &bytes, &by_id, [w, h, l], held)?;
    world.name = format!("Sponge schematic v{version}, {w}×{h}×{l}");
    world.compact();
    Ok(Imported { world, warnings })
}

/// The schematic's width, height and length, each a size and their product
/// within the cells allowed.
fn size(schematic: &HashMap<String, Value>) -> Result<[i64; 3], ImportError> {
    let (w, h, l) = (
        int(schematic, "Width")?,
        int(schematic, "Height")?,
        int(schematic, "Length")?,
    );
    // Sizes are unsigned shorts stored signed; wider integers must fit one.
    let unsigned = |v: i64| {
        if (-32_768..0).contains(&v) {
            v + 65_536
        } else {
            v
        }
    };
    let (w, h, l) = (unsigned(w), unsigned(h), unsigned(l));
    for (axis, size) in [("Width", w), ("Height", h), ("Length", l)] {
        if !(0..=65_535).contains(&size) {
            return Err(ImportError::format(format!(
                "`{axis}` {size} is not a size (0 to 65535)"
            )));
        }
    }
    let cells = (w * h * l) as u64;
    if cells > MAX_CELLS {
        return Err(ImportError::format(format!(
            "{w}×{h}×{l} = {cells} cells, more than the {MAX_CELLS} allowed"
        )));
    }
    Ok([w, h, l])
}

/// The block each palette id stands for (with whether the vanilla table
/// knew its state, and the state's text for messages), added to `world`.
fn palette_blocks<'a>(
    world: &mut World,
    vanilla: &mut VanillaBlocks,
    palette: &'a HashMap<String, Value>,
) -> Result<HashMap<i64, (BlockId, bool, &'a str)>, ImportError> {
    let mut by_id: HashMap<i64, (BlockId, bool, &str)> = HashMap::new();
    for (state, id) in palette {
        let id = match id {
            Value::Int(v) => i64::from(*v),
            Value::Short(v) => i64::from(*v),
            Value::Byte(v) => i64::from(*v),
            _ => {
                return Err(ImportError::format(format!(
                    "palette entry `{state}` has no integer id"
                )));
            }
        };
        let (name, props) = split_state(state);
        let mapped = vanilla.block(world, name, props);
        if let Some((_, _, other)) = by_id.insert(id, (mapped.block, mapped.known, state.as_str()))
        {
            return Err(ImportError::format(format!(
                "palette id {id} is given to both {other:?} and {state:?}"
            )));
        }
    }
    Ok(by_id)
}

/// Decodes the varint ids (index `x + z·w + y·w·l`) and places their blocks.
fn place_cells(
    world: &mut World,
    bytes: &[u8],
    by_id: &HashMap<i64, (BlockId, bool, &str)>,
    [w, h, l]: [i64; 3],
    held: super::Held,
) -> Result<Warnings, ImportError> {
    let cells = (w * h * l) as u64;
    let mut warnings = Warnings::default();
    let mut at = 0usize;
    for index in 0..cells {
        let mut value: i64 = 0;
        let mut shift = 0;
        loop {
            let Some(&b) = bytes.get(at) else {
                return Err(ImportError::format(format!(
                    "block data ends at cell {index} of {cells}"
                )));
            };
            at += 1;
            value |= i64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 28 {
                return Err(ImportError::format(format!(
                    "cell {index}: a varint longer than 5 bytes"
                )));
            }
        }
        let Some(&(block, is_known, state)) = by_id.get(&value) else {
            return Err(ImportError::format(format!(
                "cell {index}: palette id {value} is not in the palette ({} entries)",
                by_id.len()
            )));
        };
        if !is_known {
            warnings.unknown_state(state);
        }
        if block != BlockId::AIR {
            let i = index as i64;
            let (x, z, y) = (i % w, (i / w) % l, i / (w * l));
            world.set_block(IVec3::new(x as i32, y as i32, z as i32), block);
            held.check(world, || format!("cell {index} of {cells}"))?;
        }
    }
    if at != bytes.len() {
        warnings.note(format!(
            "{} bytes of block data after the last cell",
            bytes.len() - at
        ));
    }
    Ok(warnings)
}
