//! Blocks, chunks and the sparse chunked world, plus the text world format.
//!
//! Cells are `IVec3`; cell `(i, j, k)` covers `[i, i+1] × [j, j+1] × [k, k+1]` in
//! world space. Chunks are 16³ cells; chunks nobody created are air.

pub mod binary_format;
mod block;
mod block_source;
mod chunk;
mod coords;
mod generate;
pub mod import;
mod load;
pub mod text_format;
mod voxel_world;

pub use block::{Block, SHAPE_OVERHANG_ABOVE};
pub use block_source::BlockSource;
pub use chunk::Chunk;
pub use coords::{
    CHUNK_EDGE, CHUNK_EDGE_BITS, CHUNK_VOLUME, cell_containing, cell_of, chunk_of, index_of,
    local_of,
};
pub use generate::{Generator, Preset};
pub use import::map_block_state;
pub use load::{
    Decoded, GENERATED_HI, GENERATED_LO, LoadError, Loaded, MAX_BINARY_WORLD_BYTES,
    MAX_TEXT_WORLD_BYTES, SaveError, decode_any, decode_named, load, load_detailed, open,
    open_detailed, save,
};
pub use voxel_world::World;
