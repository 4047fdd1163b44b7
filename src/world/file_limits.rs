//! How much a world read from a file may make us build.
//!
//! A file's size says little about the world it describes: one `layer` line
//! with a single block, one `.vox` voxel or one region section each open a
//! 16³ chunk of about 4 KB, so a 10 MB text file of scattered blocks would ask
//! for gigabytes. Every reader and importer counts the chunks it has opened
//! against this one limit and stops with an error naming it and the place in
//! the file, instead of building until memory runs out.

/// Most chunks a world read from any file may hold: 131,072 chunks is 537
/// million cells, and at most about 550 MB even when every chunk is mixed.
/// Real worlds stay far below it (a whole Minecraft region of 1.18+ has
/// 24,576 sections).
pub const MAX_FILE_CHUNKS: usize = 1 << 17;
