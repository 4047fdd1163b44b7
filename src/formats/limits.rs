//! What the readers and writers of world files refuse beyond, in one place
//! (as parry keeps its `details`): every `MAX_*` of `formats` and its
//! importers. A file that claims more than these is refused, naming the
//! place, before anything is built from it; the byte budget
//! ([`ReadBudget`](super::ReadBudget)) holds what they allow.
//!
//! Why both: a file's size says little about the world it describes. One
//! `layer` line with a single block, one `.vox` voxel or one region section
//! each open a 16³ chunk of about 4 KB, so a 10 MB text file of scattered
//! blocks would ask for gigabytes. Every reader and importer counts the
//! chunks it has opened against [`MAX_FILE_CHUNKS`], which bounds the work of a read, and charges the
//! bytes it builds against its [`ReadBudget`](super::ReadBudget), which bounds
//! its memory; either stops it with an error naming the limit and the place in
//! the file, instead of building until time or memory runs out.

/// Largest |coordinate| of a cell a world file may place. Far beyond any use,
/// small enough that cell arithmetic can never overflow.
pub const MAX_CELL_COORDINATE: i32 = 1 << 30;

/// Largest decompressed payload of a binary world accepted: far beyond real
/// worlds (a 256×96×256 world is tens of kilobytes), small enough to hold in
/// memory.
#[cfg(feature = "binary")]
pub const MAX_PAYLOAD_BYTES: u64 = 1 << 30;

/// Longest world name a binary world may hold.
#[cfg(feature = "binary")]
pub const MAX_BINARY_NAME_BYTES: u64 = 4096;

/// Largest gzip payload inflated (a schematic or a gzipped chunk).
#[cfg(feature = "import")]
pub const MAX_INFLATED_BYTES: u64 = 256 << 20;

/// Most chunks a world read from any file may hold: 131,072 chunks is 537
/// million cells (600 MB of one-byte cells, 1.1 GB of two-byte ones: the read
/// budget, not this count, bounds the memory). Real worlds stay far below it
/// (a whole Minecraft region of 1.18+ has 24,576 sections).
pub const MAX_FILE_CHUNKS: usize = 1 << 17;

/// Largest world file read whole into memory. Text worlds are meant to be edited by
/// hand; anything larger is almost surely not one.
pub const MAX_TEXT_WORLD_BYTES: u64 = 256 << 20;

/// Largest binary world file read (its payload is limited separately).
pub const MAX_BINARY_WORLD_BYTES: u64 = 1 << 30;

/// The most cells (of the bounding box) a text world is written with: a
/// 512×256×512 world, about 70 MB of text.
pub const MAX_TEXT_CELLS: u64 = 1 << 26;

#[cfg(feature = "import")]
/// Largest inflated chunk accepted (real chunks are well under a megabyte:
/// the largest of a busy 1.19.4 region inflates to 62 KB).
pub const MAX_CHUNK_BYTES: u64 = 16 << 20;

#[cfg(feature = "import")]
/// Most bytes inflated for one region file, all chunks together. A real region
/// inflates to tens of megabytes (12 MB for 676 chunks of 1.19.4); the limit
/// keeps a small file of highly compressible chunks to a second or two of work.
pub const MAX_REGION_INFLATED_BYTES: u64 = 256 << 20;

#[cfg(feature = "import")]
/// Deepest nesting of lists and compounds accepted (real files stay under 20).
pub const MAX_NBT_DEPTH: usize = 256;

#[cfg(feature = "import")]
/// Most list elements and compound entries accepted in one file. A parsed
/// element costs around 60 bytes against one byte in the file (a list of 50
/// million bytes inflates from 48 KB of gzip to 3 GB of tree); 2²¹ elements
/// keep a tree near 150 MB. Real chunks hold a few thousand elements, large
/// schematics a few hundred thousand; packed block data are arrays, which do
/// not count.
pub const MAX_NBT_ELEMENTS: usize = 1 << 21;

#[cfg(feature = "import")]
/// Most cells a schematic may have: 2²⁷ (a 512×512×512 build).
pub const MAX_SCHEMATIC_CELLS: u64 = 1 << 27;

#[cfg(feature = "import")]
/// Most sections a chunk may list: their `Y` is a byte, so a chunk has at
/// most 256 distinct ones (the game writes 26). Reading cells looks sections
/// up one by one, so a chunk listing millions would take minutes.
pub const MAX_SECTIONS: usize = 256;

#[cfg(feature = "import")]
/// Most model placements (shape entries reached through the graph).
pub const MAX_PLACEMENTS: usize = 1 << 16;

#[cfg(feature = "import")]
/// Deepest scene graph followed; deeper (or cyclic) graphs are an error.
pub const MAX_SCENE_DEPTH: usize = 64;

#[cfg(feature = "import")]
/// Most scene-graph nodes visited. A group may list the same child twice, so
/// a graph of a few hundred bytes can expand to 2³⁰ paths; real scenes visit
/// a node or two per model.
pub const MAX_SCENE_VISITS: usize = 1 << 16;

#[cfg(feature = "import")]
/// Most voxels a file may place, counting a model once for every time the
/// scene graph places it: the cost of a file is what it makes us build, and a
/// 30 KB file can list one model thousands of times.
pub const MAX_VOXELS: usize = 1 << 26;

#[cfg(feature = "import")]
/// Deepest nesting of chunks accepted. MagicaVoxel writes one level (`MAIN`
/// holds everything); a file of chunks nested thousands deep would otherwise
/// walk off the stack, here or in the parser after us.
pub const MAX_VOX_CHUNK_DEPTH: usize = 16;

#[cfg(feature = "import")]
/// The most region files a dimension may list (a world of 1,048,576 regions
/// spans 16 million blocks each way, the game's own border is 3.75 times
/// smaller).
pub const MAX_REGION_FILES: usize = 1 << 20;

#[cfg(feature = "import")]
/// Largest `level.dat` read, inflated (a real one is a few kilobytes; one
/// with a player's whole inventory and every game rule tens of them).
pub const MAX_LEVEL_DAT_BYTES: u64 = 16 << 20;
