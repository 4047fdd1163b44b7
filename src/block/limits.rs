//! What a block type and a registry may hold at most (and at least), in one
//! place: a definition beyond these is refused with a
//! [`BlockError`](super::BlockError) naming the field.

/// The most boxes one block type may have. Vanilla Minecraft shapes need at most
/// a handful; the bound keeps the candidates of one cell few.
pub const MAX_BOXES_PER_BLOCK: usize = 16;

/// The longest name, in bytes.
pub const MAX_NAME_BYTES: usize = 128;

/// How far a box may reach outside its own cell, on every side, in blocks.
///
/// Half a block covers every vanilla Minecraft shape (fences, walls and closed
/// fence gates are 1.5 tall; a piston head runs from −0.25 to 1.25) and bounds
/// how many neighbouring cells candidate gathering must look at.
pub const MAX_SHAPE_REACH: f64 = 0.5;

/// The thinnest a box may be on any axis, in blocks. Far above the resolver's
/// touch tolerance, so a box can never sit inside a solid without that counting
/// as overlap; far below any real shape (Minecraft's thinnest is 1/16).
pub const MIN_BOX_THICKNESS: f64 = 1.0 / 1024.0;

/// The most properties one block type may carry.
pub const MAX_PROPERTIES: usize = 32;

/// The most types one registry holds: every id a [`BlockId`](super::BlockId) can name.
pub const MAX_BLOCK_TYPES: usize = 1 << 16;
