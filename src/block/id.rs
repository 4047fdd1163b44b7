//! The compact id a cell stores.

/// A block type's index in a [`super::BlockRegistry`]: what a cell stores.
///
/// Two bytes, so a world may use up to 65,536 types (Minecraft's vanilla block
/// states with distinct shapes fit several times over). The thirteen built-in
/// types have fixed ids, given here as constants; the ids of registered types
/// follow in the order they were registered.
///
/// ```
/// use voxwalk::block::{BlockId, BlockRegistry};
/// let registry = BlockRegistry::new();
/// assert_eq!(registry.name(BlockId::TOP_SLAB), "top_slab");
/// assert_eq!(registry.id("stone"), Some(BlockId::STONE));
/// assert_eq!(BlockId::default(), BlockId::AIR);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BlockId(pub u16);

impl BlockId {
    /// Empty space: what every cell of a missing chunk holds.
    pub const AIR: BlockId = BlockId(0);
    /// Full cube.
    pub const STONE: BlockId = BlockId(1);
    /// Full cube.
    pub const DIRT: BlockId = BlockId(2);
    /// Full cube.
    pub const GRASS: BlockId = BlockId(3);
    /// Full cube.
    pub const SAND: BlockId = BlockId(4);
    /// Full cube.
    pub const WOOD: BlockId = BlockId(5);
    /// Full cube.
    pub const LEAVES: BlockId = BlockId(6);
    /// Full cube.
    pub const GLASS: BlockId = BlockId(7);
    /// Full cube.
    pub const BRICK: BlockId = BlockId(8);
    /// Bottom half slab: y 0..0.5.
    pub const SLAB: BlockId = BlockId(9);
    /// Top half slab: y 0.5..1.
    pub const TOP_SLAB: BlockId = BlockId(10);
    /// Fence post: x, z 0.375..0.625, y 0..1.5 (taller than its cell).
    pub const POST: BlockId = BlockId(11);
    /// Water: seen but not solid, nothing collides with it.
    pub const WATER: BlockId = BlockId(12);

    /// The thirteen built-in ids, in order.
    pub const BUILT_IN: [BlockId; 13] = [
        BlockId::AIR,
        BlockId::STONE,
        BlockId::DIRT,
        BlockId::GRASS,
        BlockId::SAND,
        BlockId::WOOD,
        BlockId::LEAVES,
        BlockId::GLASS,
        BlockId::BRICK,
        BlockId::SLAB,
        BlockId::TOP_SLAB,
        BlockId::POST,
        BlockId::WATER,
    ];

    /// The id as an index into per-type tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
