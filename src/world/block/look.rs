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

impl Default for BlockLook {
    /// Magenta, the colour of "nobody said": easy to spot, never a real material.
    fn default() -> Self {
        Self {
            colour: [200, 0, 200],
            glyph: None,
        }
    }
}
