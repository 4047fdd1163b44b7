//! Block types a scenario defines, as its `[[block]]` tables write them.

use glam::DVec3;
use serde::Deserialize;

use crate::block::{BlockType, PropertyValue, parse_hex_colour};
use crate::geometry::Aabb;

/// One `[[block]]` table:
///
/// ```toml
/// [[block]]
/// name = "stair"
/// boxes = [[0, 0, 0, 1, 0.5, 1], [0.5, 0.5, 0, 1, 1, 1]]  # default: the full cube
/// solid = true                                          # default
/// colour = "#8c6a3c"                                    # or [140, 106, 60]
/// glyph = "s"
/// properties = { slipperiness = 0.98, climbable = true }
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BlockFile {
    pub name: String,
    #[serde(default)]
    boxes: Option<Vec<[f64; 6]>>,
    #[serde(default = "solid_by_default")]
    solid: bool,
    #[serde(default, alias = "color")]
    colour: Option<ColourFile>,
    #[serde(default)]
    glyph: Option<char>,
    #[serde(default)]
    properties: std::collections::BTreeMap<String, PropertyFile>,
}

fn solid_by_default() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ColourFile {
    Rgb([u8; 3]),
    Hex(String),
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum PropertyFile {
    Flag(bool),
    Number(f64),
}

/// A `[[block]]` colour that is neither three numbers nor `#RRGGBB`.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[error("colour {text:?} is not #RRGGBB")]
pub struct BadColour {
    /// What was written.
    pub text: String,
}

impl BlockFile {
    /// The block type this table defines (not yet validated: registration does
    /// that), or what is wrong with its colour.
    ///
    /// # Errors
    /// [`BadColour`] when the colour is text that is not `#RRGGBB`.
    pub fn to_block_type(&self) -> Result<BlockType, BadColour> {
        let mut block = BlockType::new(self.name.clone());
        block.solid = self.solid;
        block.boxes = match &self.boxes {
            Some(boxes) => boxes.iter().map(|b| Aabb::from_array(*b)).collect(),
            None => vec![Aabb::new(DVec3::ZERO, DVec3::ONE)],
        };
        if let Some(colour) = &self.colour {
            block.look.colour = match colour {
                ColourFile::Rgb(rgb) => *rgb,
                ColourFile::Hex(text) => {
                    parse_hex_colour(text).ok_or_else(|| BadColour { text: text.clone() })?
                }
            };
        }
        block.look.glyph = self.glyph;
        for (name, value) in &self.properties {
            let value = match value {
                PropertyFile::Flag(on) => PropertyValue::Flag(*on),
                PropertyFile::Number(x) => PropertyValue::Number(*x),
            };
            block.properties.set(name.clone(), value);
        }
        Ok(block)
    }
}
