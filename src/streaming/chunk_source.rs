//! Where a streamed world's chunk columns come from.

use glam::IVec2;

use crate::world::World;

/// A source of chunk columns (16 blocks square, every height): a save
/// folder's regions, a generator. Reading runs on any thread and needs no
/// world; placing runs on one thread in a fixed order, so a world streamed
/// on one core or many holds the same blocks.
pub trait ChunkSource: Sync {
    /// A column read and not yet placed.
    type Column: Send;
    /// Why a column could not be read.
    type Error: std::error::Error + Send;

    /// Reads column `column` (chunk x, chunk z); `None` when the source has
    /// nothing there (air).
    ///
    /// # Errors
    /// What is wrong with the column, for a warning; the column reads as air.
    fn read(&self, column: IVec2) -> Result<Option<Self::Column>, Self::Error>;

    /// The most [`World::storage_bytes`] placing `read` can add: checked
    /// against the budget before it is placed.
    fn most_bytes(&self, read: &Self::Column) -> usize;

    /// Places a column read by [`ChunkSource::read`] into `world`.
    fn place(&mut self, world: &mut World, column: IVec2, read: Self::Column);

    /// The lowest block y the source can hold: a body that falls far below it
    /// has left the world, whatever is loaded.
    fn lowest_block(&self) -> Option<i32>;

    /// What the source has to say about what it could not read so far.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}
