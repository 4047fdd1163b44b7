//! The `block` directive of text worlds: one block type on one line.
//!
//! ```text
//! block NAME [solid | passable] [box X0 Y0 Z0 X1 Y1 Z1]… [no-boxes]
//!            [colour R G B | colour #RRGGBB] [glyph C] [property KEY=VALUE]…
//! ```
//!
//! Without `box` the shape is the full cube; `no-boxes` gives a type no shape at
//! all (passable things like water). Properties are numbers or `true`/`false`.

use std::fmt::Write as _;

use glam::DVec3;

use crate::block::{BlockError, BlockField, BlockType, PropertyValue, parse_hex_colour};
use crate::geometry::Aabb;

/// A block definition read from one line, with the column of each field so a
/// registration error can point at it.
pub(crate) struct BlockLine {
    /// The definition.
    pub block: BlockType,
    /// 1-based column of the name.
    name_column: usize,
    /// 1-based column of each `box` keyword, in order.
    box_columns: Vec<usize>,
    /// 1-based column of each property, by name.
    property_columns: Vec<(String, usize)>,
    /// 1-based column of the glyph, if any.
    glyph_column: usize,
}

impl BlockLine {
    /// The column an error about `error`'s field should point at.
    pub fn column_of(&self, error: &BlockError) -> usize {
        match error {
            BlockError::Invalid { field, .. } => match field {
                BlockField::Box { index } => self
                    .box_columns
                    .get(*index)
                    .copied()
                    .unwrap_or(self.name_column),
                BlockField::Property { name } => self
                    .property_columns
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or(self.name_column, |(_, c)| *c),
                BlockField::Glyph => self.glyph_column,
                BlockField::Name | BlockField::Boxes | BlockField::Properties => self.name_column,
            },
            BlockError::Duplicate { .. } | BlockError::Full { .. } => self.name_column,
        }
    }
}

/// Reads the arguments of a `block` line: `words` are its white-space separated
/// words after `block`, each with its 1-based column.
///
/// # Errors
/// The column of the offending word and what is wrong with it.
pub(crate) fn parse_block_line(words: &[(usize, &str)]) -> Result<BlockLine, (usize, String)> {
    let Some(&(name_column, name)) = words.first() else {
        return Err((0, "a block name after `block`".into()));
    };
    let mut line = BlockLine {
        block: BlockType::new(name),
        name_column,
        box_columns: Vec::new(),
        property_columns: Vec::new(),
        glyph_column: name_column,
    };
    let mut no_boxes = false;
    let mut i = 1;
    while let Some(&(column, word)) = words.get(i) {
        let numbers = |count: usize, what: &str| -> Result<Vec<f64>, (usize, String)> {
            let args = words.get(i + 1..i + 1 + count).unwrap_or(&[]);
            if args.len() < count {
                return Err((column, format!("`{word}` takes {what}")));
            }
            args.iter()
                .map(|&(c, w)| {
                    w.parse::<f64>()
                        .map_err(|_| (c, format!("`{word}` takes {what}: {w:?} is not a number")))
                })
                .collect()
        };
        match word {
            "solid" => line.block.solid = true,
            "passable" => line.block.solid = false,
            "no-boxes" => no_boxes = true,
            "box" => {
                let v = numbers(6, "six numbers: X0 Y0 Z0 X1 Y1 Z1")?;
                line.block.boxes.push(Aabb::new(
                    DVec3::new(v[0], v[1], v[2]),
                    DVec3::new(v[3], v[4], v[5]),
                ));
                line.box_columns.push(column);
                i += 6;
            }
            "colour" | "color" => {
                let (rgb, used) = colour_after(words, i)?;
                line.block.look.colour = rgb;
                i += used;
            }
            "glyph" => {
                let (glyph, c) = glyph_after(words, i)?;
                line.block.look.glyph = Some(glyph);
                line.glyph_column = c;
                i += 1;
            }
            "property" => {
                let (key, value, c) = property_after(words, i)?;
                if line.block.properties.get(key).is_some() {
                    return Err((c, format!("property {key:?} given twice")));
                }
                line.block.properties.set(key, value);
                line.property_columns.push((key.to_owned(), c));
                i += 1;
            }
            _ => {
                return Err((
                    column,
                    format!(
                        "unknown word {word:?} in a block definition (expected solid, passable, box, no-boxes, colour, glyph or property)"
                    ),
                ));
            }
        }
        i += 1;
    }
    if no_boxes && !line.block.boxes.is_empty() {
        return Err((name_column, "`no-boxes` and `box` together".into()));
    }
    if line.block.boxes.is_empty() && !no_boxes {
        line.block.boxes.push(Aabb::new(DVec3::ZERO, DVec3::ONE));
    }
    Ok(line)
}

/// The character after the `glyph` word at `i`, and its column.
fn glyph_after(words: &[(usize, &str)], i: usize) -> Result<(char, usize), (usize, String)> {
    let Some(&(c, g)) = words.get(i + 1) else {
        return Err((words[i].0, "`glyph` takes one character".into()));
    };
    let mut chars = g.chars();
    let (Some(glyph), None) = (chars.next(), chars.next()) else {
        return Err((c, format!("`glyph` takes one character, found {g:?}")));
    };
    Ok((glyph, c))
}

/// The `KEY=VALUE` after the `property` word at `i`, and its column.
fn property_after<'a>(
    words: &[(usize, &'a str)],
    i: usize,
) -> Result<(&'a str, PropertyValue, usize), (usize, String)> {
    let Some(&(c, p)) = words.get(i + 1) else {
        return Err((words[i].0, "`property` takes KEY=VALUE".into()));
    };
    let Some((key, value)) = p.split_once('=') else {
        return Err((c, format!("`property` takes KEY=VALUE, found {p:?}")));
    };
    let value = PropertyValue::parse(value).ok_or((
        c,
        format!("property {key:?}: {value:?} is neither a finite number nor true/false"),
    ))?;
    Ok((key, value, c))
}

/// The colour after the `colour` word at `i`: `#RRGGBB` or three integers
/// 0..=255, with how many words it took.
fn colour_after(words: &[(usize, &str)], i: usize) -> Result<([u8; 3], usize), (usize, String)> {
    let (column, word) = words[i];
    match words.get(i + 1) {
        Some(&(c, hex)) if hex.starts_with('#') => parse_hex_colour(hex)
            .map(|rgb| (rgb, 1))
            .ok_or((c, format!("colour {hex:?} is not #RRGGBB"))),
        _ => {
            let args = words.get(i + 1..i + 4).unwrap_or(&[]);
            if args.len() < 3 {
                return Err((
                    column,
                    format!("`{word}` takes R G B (0 to 255) or #RRGGBB"),
                ));
            }
            let mut rgb = [0u8; 3];
            for (slot, &(c, w)) in rgb.iter_mut().zip(args) {
                *slot = w
                    .parse::<u8>()
                    .map_err(|_| (c, format!("colour component {w} is not 0 to 255")))?;
            }
            Ok((rgb, 3))
        }
    }
}

/// The `block` line that reads back as `block`, field for field.
pub(crate) fn block_line(block: &BlockType) -> String {
    let mut out = format!("block {}", block.name);
    // Writing to a String cannot fail.
    if !block.solid {
        out.push_str(" passable");
    }
    if block.boxes.is_empty() {
        out.push_str(" no-boxes");
    }
    for b in &block.boxes {
        let [x0, y0, z0, x1, y1, z1] = b.to_array();
        let _ = write!(out, " box {x0} {y0} {z0} {x1} {y1} {z1}");
    }
    let [r, g, b] = block.look.colour;
    let _ = write!(out, " colour #{r:02x}{g:02x}{b:02x}");
    if let Some(glyph) = block.look.glyph {
        let _ = write!(out, " glyph {glyph}");
    }
    for (name, value) in block.properties.iter() {
        let _ = write!(out, " property {name}={value}");
    }
    out
}
