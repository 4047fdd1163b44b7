//! The chunk sources voxwalk has: a Minecraft save's dimension, and a
//! terrain generator (so an endless generated world is walkable).

#[cfg(feature = "import")]
mod save {
    use glam::IVec2;

    use super::super::ChunkSource;
    use crate::formats::import::anvil::place_column;
    use crate::formats::import::{DecodedColumn, ImportError};
    use crate::formats::save_folder::SaveFolder;
    use crate::world::{MixedCells, World, stored_chunk_bytes};

    /// The most a block type registered for a vanilla state adds to a
    /// world's storage, with its slot in the registry.
    const MOST_TYPE_BYTES: usize = 2048;

    impl ChunkSource for SaveFolder {
        type Column = DecodedColumn;
        type Error = ImportError;

        fn read(&self, column: IVec2) -> Result<Option<DecodedColumn>, ImportError> {
            self.read_column(column)
        }

        fn most_bytes(&self, read: &DecodedColumn) -> usize {
            // A section's cells take a byte each up to 256 types, two beyond;
            // each state may register a type of its shape. Such a type took
            // 384 bytes on average and 736 at most in a real 1.19.4 region;
            // the bound leaves room for shapes of twice as many boxes. It is
            // headroom asked of each column, not storage counted.
            read.section_palettes()
                .map(|palette| {
                    stored_chunk_bytes(MixedCells::storage_bytes_for(palette))
                        + palette * MOST_TYPE_BYTES
                })
                .sum()
        }

        fn place(&mut self, world: &mut World, column: IVec2, read: DecodedColumn) {
            let ultra_warm = self.dimension().is_ultra_warm();
            place_column(
                world,
                &read,
                (column.x, column.y),
                ultra_warm,
                &mut self.warnings,
            );
        }

        fn lowest_block(&self) -> Option<i32> {
            // The 1.18+ overworld's floor; older worlds and other dimensions
            // start higher.
            Some(-64)
        }

        fn warnings(&self) -> Vec<String> {
            self.warnings.lines()
        }
    }
}

#[cfg(feature = "generate")]
mod generated {
    use glam::{IVec2, IVec3};

    use super::super::ChunkSource;
    use crate::block::BlockId;
    use crate::formats::{GENERATED_HI, GENERATED_LO};
    use crate::generate::Generator;
    use crate::world::{CHUNK_EDGE, Chunk, World, stored_chunk_bytes};

    impl ChunkSource for Generator {
        type Column = Vec<(i32, Chunk)>;
        type Error = std::convert::Infallible;

        fn read(&self, column: IVec2) -> Result<Option<Vec<(i32, Chunk)>>, Self::Error> {
            let chunks: Vec<(i32, Chunk)> = (GENERATED_LO.y..=GENERATED_HI.y)
                .map(|y| (y, self.chunk(IVec3::new(column.x, y, column.y))))
                .filter(|(_, c)| c.uniform_block() != Some(BlockId::AIR))
                .collect();
            Ok((!chunks.is_empty()).then_some(chunks))
        }

        fn most_bytes(&self, read: &Vec<(i32, Chunk)>) -> usize {
            read.iter()
                .map(|(_, c)| stored_chunk_bytes(c.storage_bytes()))
                .sum()
        }

        fn place(&mut self, world: &mut World, column: IVec2, read: Vec<(i32, Chunk)>) {
            for (y, chunk) in read {
                world.put_chunk(IVec3::new(column.x, y, column.y), chunk);
            }
        }

        fn lowest_block(&self) -> Option<i32> {
            Some(GENERATED_LO.y * CHUNK_EDGE)
        }
    }
}
