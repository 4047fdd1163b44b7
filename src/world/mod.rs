//! Blocks, chunks and the sparse chunked world, plus the text world format.
//!
//! Cells are `IVec3`; cell `(i, j, k)` covers `[i, i+1] × [j, j+1] × [k, k+1]` in
//! world space. Chunks are 16³ cells; chunks nobody created are air.

mod atomic_write;
#[cfg(feature = "binary")]
pub mod binary_format;
mod block;
mod block_line;
mod block_source;
mod chunk;
mod coords;
mod file_limits;
#[cfg(feature = "generate")]
mod generate;
#[cfg(feature = "import")]
pub mod import;
mod load;
mod mixed_cells;
mod read_budget;
mod regular_file;
pub mod text_format;
mod voxel_world;

pub use atomic_write::write_atomically;
pub(crate) use block::ShapeSpan;
pub use block::{
    BUILT_IN_TYPES, Behaviour, BlockError, BlockField, BlockId, BlockLook, BlockProperties,
    BlockRegistry, BlockType, DEFAULT_SLIPPERINESS, Liquid, MAX_BLOCK_TYPES, MAX_BOXES_PER_BLOCK,
    MAX_NAME_BYTES, MAX_PROPERTIES, MAX_SHAPE_REACH, MIN_BOX_THICKNESS, PropertyValue, ShapeReach,
    behaviour_names, parse_hex_colour,
};
pub use block_source::{BlockSource, CellsWithRegistry};
pub use chunk::Chunk;
pub use coords::{
    CHUNK_EDGE, CHUNK_EDGE_BITS, CHUNK_VOLUME, cell_containing, cell_of, chunk_of, index_of,
    local_of,
};
pub use file_limits::MAX_FILE_CHUNKS;
#[cfg(feature = "generate")]
pub use generate::{Generator, Preset};
#[cfg(feature = "import")]
pub use import::map_block_state;
pub use load::{
    Decoded, LoadError, Loaded, MAX_BINARY_WORLD_BYTES, MAX_TEXT_WORLD_BYTES, SaveError,
    decode_any, decode_named, load, load_detailed, open, open_detailed, save,
};
#[cfg(feature = "generate")]
pub use load::{GENERATED_HI, GENERATED_LO};
pub use mixed_cells::MixedCells;
pub use read_budget::{OverBudget, ReadBudget};
pub use regular_file::{read_regular_file, read_regular_text};
pub use voxel_world::World;
