//! How the viewer draws a block type.

/// A block type's colour and, where one helps, its glyph.
///
/// The viewer fills a cell with the colour; a glyph is drawn twice across the
/// cell's two columns, so a type can be told apart without colour (`NO_COLOR`)
/// and from types of a similar colour. Without a glyph the viewer picks one from
/// the type's boxes (a lower half `▄▄`, an upper half `▀▀`, a thin post).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockLook {
    /// Red, green, blue.
    pub colour: [u8; 3],
    /// One printable, single-column character, or `None` to let the shape decide.
    pub glyph: Option<char>,
}

/// A colour written `#RRGGBB`, as world and scenario files write them.
///
/// ```
/// use voxwalk::block::parse_hex_colour;
/// assert_eq!(parse_hex_colour("#8c6a3c"), Some([140, 106, 60]));
/// assert_eq!(parse_hex_colour("8c6a3c"), None);
/// assert_eq!(parse_hex_colour("#8c6a3"), None);
/// ```
#[must_use]
pub fn parse_hex_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

impl Default for BlockLook {
    /// Magenta, the colour of "nobody said": easy to spot, never a real material.
    fn default() -> Self {
        Self {
            colour: [200, 0, 200],
            glyph: None,
        }
    }
}
