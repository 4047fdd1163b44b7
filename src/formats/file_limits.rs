//! How much a world read from a file may make us build.
//!
//! A file's size says little about the world it describes: one `layer` line
//! with a single block, one `.vox` voxel or one region section each open a
//! 16³ chunk of about 4 KB, so a 10 MB text file of scattered blocks would ask
//! for gigabytes. Every reader and importer counts the chunks it has opened
//! against this one limit, which bounds the work of a read, and charges the
//! bytes it builds against its [`ReadBudget`](super::ReadBudget), which bounds
//! its memory; either stops it with an error naming the limit and the place in
//! the file, instead of building until time or memory runs out.

/// Most chunks a world read from any file may hold: 131,072 chunks is 537
/// million cells (600 MB of one-byte cells, 1.1 GB of two-byte ones: the read
/// budget, not this count, bounds the memory). Real worlds stay far below it
/// (a whole Minecraft region of 1.18+ has 24,576 sections).
pub const MAX_FILE_CHUNKS: usize = 1 << 17;
