//! The kinds of block and the boxes they collide with.

use glam::DVec3;

use crate::geometry::Aabb;

/// How far above the top of its own cell any block's shape may reach.
///
/// A fence post is 1.5 tall, so the cell below a region can still reach into it;
/// candidate gathering looks this far down. A test checks every shape against it.
pub const SHAPE_OVERHANG_ABOVE: f64 = 0.5;

/// A kind of block. Stored as one byte per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(u8)]
pub enum Block {
    /// Empty space.
    #[default]
    Air = 0,
    /// Full cube.
    Stone,
    /// Full cube.
    Dirt,
    /// Full cube.
    Grass,
    /// Full cube.
    Sand,
    /// Full cube.
    Wood,
    /// Full cube.
    Leaves,
    /// Full cube.
    Glass,
    /// Full cube.
    Brick,
    /// Bottom half slab: y 0..0.5.
    Slab,
    /// Top half slab: y 0.5..1.
    TopSlab,
    /// Fence post: x, z 0.375..0.625, y 0..1.5 (taller than its cell).
    Post,
    /// Water: seen but not solid, nothing collides with it.
    Water,
}

const FULL: &[Aabb] = &[Aabb::new(DVec3::ZERO, DVec3::ONE)];
const SLAB: &[Aabb] = &[Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.5, 1.0))];
const TOP_SLAB: &[Aabb] = &[Aabb::new(DVec3::new(0.0, 0.5, 0.0), DVec3::ONE)];
const POST: &[Aabb] = &[Aabb::new(
    DVec3::new(0.375, 0.0, 0.375),
    DVec3::new(0.625, 1.5, 0.625),
)];

impl Block {
    /// Every block, in the order of their byte values.
    pub const ALL: [Block; 13] = [
        Block::Air,
        Block::Stone,
        Block::Dirt,
        Block::Grass,
        Block::Sand,
        Block::Wood,
        Block::Leaves,
        Block::Glass,
        Block::Brick,
        Block::Slab,
        Block::TopSlab,
        Block::Post,
        Block::Water,
    ];

    /// The boxes this block collides with, in block-local coordinates (the cell is
    /// `[0,1]³`). Empty for blocks nothing collides with. New shapes are new data here.
    ///
    /// ```
    /// use voxwalk::world::Block;
    /// assert_eq!(Block::Slab.shape()[0].max.y, 0.5);
    /// assert!(Block::Water.shape().is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn shape(self) -> &'static [Aabb] {
        match self {
            Block::Air | Block::Water => &[],
            Block::Slab => SLAB,
            Block::TopSlab => TOP_SLAB,
            Block::Post => POST,
            Block::Stone
            | Block::Dirt
            | Block::Grass
            | Block::Sand
            | Block::Wood
            | Block::Leaves
            | Block::Glass
            | Block::Brick => FULL,
        }
    }

    /// Whether anything collides with this block.
    #[inline]
    #[must_use]
    pub const fn is_solid(self) -> bool {
        !self.shape().is_empty()
    }

    /// The lower-case name used in world files (`top_slab`, `brick`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Block::Air => "air",
            Block::Stone => "stone",
            Block::Dirt => "dirt",
            Block::Grass => "grass",
            Block::Sand => "sand",
            Block::Wood => "wood",
            Block::Leaves => "leaves",
            Block::Glass => "glass",
            Block::Brick => "brick",
            Block::Slab => "slab",
            Block::TopSlab => "top_slab",
            Block::Post => "post",
            Block::Water => "water",
        }
    }

    /// The block with this name, if there is one.
    ///
    /// ```
    /// use voxwalk::world::Block;
    /// assert_eq!(Block::from_name("top_slab"), Some(Block::TopSlab));
    /// assert_eq!(Block::from_name("lava"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Block> {
        Block::ALL.into_iter().find(|b| b.name() == name)
    }

    /// The block stored as byte `value`, if that byte names one.
    #[must_use]
    pub fn from_byte(value: u8) -> Option<Block> {
        Block::ALL.get(usize::from(value)).copied()
    }
}
