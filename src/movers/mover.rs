//! One mover: blocks that move together as one rigid, axis-aligned piece.

use glam::{DVec3, IVec3};

use super::{MoverError, Path};
use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;
use crate::movers::limits::MAX_MOVER_BLOCKS;
use crate::movers::limits::MAX_MOVER_SPAN;
use crate::resolver::limits::MAX_COORDINATE;

/// How a mover moves each tick.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Drive {
    /// At this velocity (blocks per second), which the game sets from code
    /// whenever it likes: zero holds it still.
    Velocity(#[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))] DVec3),
    /// Along a path given in data.
    Path(Path),
}

/// What a mover does when a body is caught between it and a block (or
/// another mover) and cannot be pushed out of its way. Either way nothing
/// passes through anything: the mover stops against the body for that tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CrushRule {
    /// Stop and wait (a door, a lift): the body hears
    /// [`Event::Caught`](crate::controller::Event::Caught), and a path
    /// resumes once the way is clear.
    #[default]
    Stop,
    /// Stop likewise, but tell the body it is crushed
    /// ([`Event::Crushed`](crate::controller::Event::Crushed)): a crusher,
    /// whose game removes or hurts the body, and the mover goes on.
    Report,
}

/// A block of a mover, in a cell counted from the mover's origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoverBlock {
    /// The cell, relative to the mover's origin.
    pub cell: IVec3,
    /// What is in it.
    pub block: BlockId,
}

/// One collision box of a mover, relative to its origin.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct MoverBox {
    pub(crate) aabb: Aabb,
    pub(crate) block: BlockId,
    /// Which of the mover's blocks it belongs to.
    pub(crate) of: u32,
}

/// Blocks of the registry's types that move as one piece: a lift, a sliding
/// door, a moving floor, a piston's head. It never rotates.
///
/// Its blocks collide by their types' boxes (a slab platform is half a
/// block), carry the bodies standing on them, and push the bodies in their
/// way through the resolver, so a body is never pushed into a block. What
/// their types do besides colliding (ice's grip, slime's bounce) does not
/// act on riders yet.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::movers::{Drive, Mover, Path, PathEnds};
/// use voxwalk::block::{BlockId, BlockRegistry};
///
/// // A 3 × 3 floor of stone that rises 20 blocks at 4 blocks a second.
/// let floor: Vec<_> = (0..3).flat_map(|x| (0..3).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE))).collect();
/// let path = Path::straight(&[DVec3::ZERO, DVec3::new(0.0, 20.0, 0.0)], 4.0, 0.0, PathEnds::Once).unwrap();
/// let lift = Mover::new(BlockRegistry::built_in(), floor, DVec3::new(10.0, 0.0, 10.0))
///     .unwrap()
///     .with_drive(Drive::Path(path));
/// assert_eq!(lift.bounds().max, DVec3::new(13.0, 1.0, 13.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mover {
    blocks: Vec<MoverBlock>,
    boxes: Vec<MoverBox>,
    /// The boxes' bounds, relative to the origin.
    extent: Aabb,
    /// How far any box reaches out of its block's cell (half a block for a
    /// fence post): a read of a region looks at the blocks this near it.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    overhang: f64,
    /// Where the origin was when the mover was made: a path's offsets count
    /// from here.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    home: DVec3,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    position: DVec3,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    previous: DVec3,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    velocity: DVec3,
    /// Seconds along its path.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    clock: f64,
    /// How it moves.
    pub drive: Drive,
    /// Pass through the world's blocks (a ghost lift in a shaft) rather
    /// than stop against them (the default). Other movers never stop it.
    pub through_blocks: bool,
    /// What it does to a body it cannot push out of its way.
    pub on_crush: CrushRule,
}

impl Mover {
    /// A mover of `blocks` (cells relative to its origin, and their types in
    /// `registry`), its origin at `position`, held still until given a
    /// [`Drive`].
    ///
    /// # Errors
    /// [`MoverError`] for no blocks, more than [`MAX_MOVER_BLOCKS`], a cell
    /// given twice, an id `registry` does not know, cells spanning more than
    /// [`MAX_MOVER_SPAN`], or a position that is not finite or beyond the
    /// coordinate range.
    pub fn new(
        registry: &BlockRegistry,
        blocks: impl IntoIterator<Item = (IVec3, BlockId)>,
        position: DVec3,
    ) -> Result<Mover, MoverError> {
        check_position(position)?;
        let blocks = checked_blocks(blocks)?;
        let boxes = boxes_of(registry, &blocks)?;
        let lo = blocks.iter().fold(IVec3::MAX, |m, b| m.min(b.cell));
        let hi = blocks.iter().fold(IVec3::MIN, |m, b| m.max(b.cell));
        // A mover of passable blocks only collides with nothing; its extent
        // is its cells', so it is still drawn and found where it is.
        let extent = if boxes.is_empty() {
            Aabb::new(lo.as_dvec3(), (hi + IVec3::ONE).as_dvec3())
        } else {
            boxes
                .iter()
                .skip(1)
                .fold(boxes[0].aabb, |e, b| e.union(&b.aabb))
        };
        let overhang = boxes
            .iter()
            .map(|b| {
                let cell = blocks[b.of as usize].cell.as_dvec3();
                (cell - b.aabb.min)
                    .max(b.aabb.max - cell - DVec3::ONE)
                    .max_element()
            })
            .fold(0.0, f64::max);
        Ok(Mover {
            blocks,
            boxes,
            extent,
            overhang,
            home: position,
            position,
            previous: position,
            velocity: DVec3::ZERO,
            clock: 0.0,
            drive: Drive::Velocity(DVec3::ZERO),
            through_blocks: false,
            on_crush: CrushRule::Stop,
        })
    }

    /// Bytes this mover holds: itself, its blocks and boxes, its path.
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        let path = match &self.drive {
            Drive::Path(path) => path.storage_bytes(),
            Drive::Velocity(_) => 0,
        };
        std::mem::size_of::<Mover>()
            + self.blocks.capacity() * std::mem::size_of::<MoverBlock>()
            + self.boxes.capacity() * std::mem::size_of::<MoverBox>()
            + path
    }

    /// This mover, driven by `drive`.
    #[must_use]
    pub fn with_drive(mut self, drive: Drive) -> Mover {
        self.drive = drive;
        self
    }

    /// This mover, made `offset` away (its path moved with it): a level
    /// placed elsewhere, a scenario's shifted twin.
    ///
    /// # Errors
    /// [`MoverError::OutOfRange`] when that is beyond the coordinate range.
    pub fn shifted(&self, offset: DVec3) -> Result<Mover, MoverError> {
        let mut moved = self.clone();
        moved.home += offset;
        moved.position += offset;
        moved.previous += offset;
        check_position(moved.home)?;
        check_position(moved.position)?;
        Ok(moved)
    }

    /// Its blocks, cells counted from its origin, in x, y, z order.
    #[must_use]
    pub fn blocks(&self) -> &[MoverBlock] {
        &self.blocks
    }

    /// Where its origin is: its block at cell `c` fills `position + c` to
    /// `position + c + 1`.
    #[must_use]
    pub fn position(&self) -> DVec3 {
        self.position
    }

    /// Where its origin was before its last tick.
    #[must_use]
    pub fn previous(&self) -> DVec3 {
        self.previous
    }

    /// Where its origin was made: a path's offsets count from here.
    #[must_use]
    pub fn home(&self) -> DVec3 {
        self.home
    }

    /// The velocity it moved with on its last tick, blocks per second: what a
    /// body leaving it keeps ([`Collisions::leave_platform`]).
    ///
    /// [`Collisions::leave_platform`]: crate::controller::Collisions::leave_platform
    #[must_use]
    pub fn velocity(&self) -> DVec3 {
        self.velocity
    }

    /// Seconds along its path so far (time it spent blocked not counted).
    #[must_use]
    pub fn clock(&self) -> f64 {
        self.clock
    }

    /// The bounds of its boxes where it is.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        self.extent.translated(self.position)
    }

    /// Its origin `alpha` of the way from before its last tick (0) to now
    /// (1), for drawing between ticks as [`Body::interpolated`] does.
    ///
    /// [`Body::interpolated`]: crate::controller::Body::interpolated
    #[must_use]
    pub fn interpolated(&self, alpha: f64) -> DVec3 {
        let t = alpha.clamp(0.0, 1.0);
        if t >= 1.0 {
            return self.position;
        }
        self.previous + (self.position - self.previous) * t
    }

    /// Its collision boxes where it is, with the block each belongs to.
    pub fn boxes(&self) -> impl Iterator<Item = (Aabb, BlockId)> + '_ {
        self.boxes_at(self.position)
    }

    /// Its collision boxes with its origin at `position`.
    pub(crate) fn boxes_at(&self, position: DVec3) -> impl Iterator<Item = (Aabb, BlockId)> + '_ {
        self.boxes
            .iter()
            .map(move |b| (b.aabb.translated(position), b.block))
    }

    /// Its boxes with its origin at `position` that may reach into
    /// `region`: those of the blocks whose cells' x lies across it. The
    /// blocks are kept in x, y, z order, so those are one run, found by two
    /// binary searches: a body on a wide floor reads the floor's few blocks
    /// around it, not all of them.
    #[inline]
    pub(crate) fn boxes_near(
        &self,
        position: DVec3,
        region: &Aabb,
    ) -> impl Iterator<Item = (Aabb, BlockId)> + '_ {
        let lo = region.min.x - position.x - self.overhang - 1.0;
        let hi = region.max.x - position.x + self.overhang;
        let x_of = |b: &MoverBox| f64::from(self.blocks[b.of as usize].cell.x);
        let start = self.boxes.partition_point(|b| x_of(b) < lo);
        let end = self.boxes.partition_point(|b| x_of(b) <= hi);
        self.boxes[start..end.max(start)]
            .iter()
            .map(move |b| (b.aabb.translated(position), b.block))
    }

    /// The block the `index`-th of its boxes belongs to.
    pub(crate) fn block_of_box(&self, index: usize) -> MoverBlock {
        self.blocks[self.boxes[index].of as usize]
    }

    /// Where it means to be after a tick of `dt` seconds, and its path's
    /// clock then.
    pub(crate) fn plan(&self, dt: f64) -> Result<(DVec3, f64), MoverError> {
        let clock = self.clock + dt;
        let target = match &self.drive {
            Drive::Velocity(v) => {
                if !v.is_finite() {
                    return Err(MoverError::NotFinite { what: "velocity" });
                }
                let speed = v.length();
                if speed > super::limits::MAX_MOVER_SPEED {
                    return Err(MoverError::OutOfRange {
                        what: "speed",
                        value: speed,
                        min: 0.0,
                        max: super::limits::MAX_MOVER_SPEED,
                    });
                }
                self.position + *v * dt
            }
            Drive::Path(path) => self.home + path.offset_at(clock),
        };
        Ok((target, clock))
    }

    /// Ends a tick of `dt` seconds at `position`; `clock` is its path's
    /// clock when it went all the way (a blocked mover's path waits).
    pub(crate) fn settle(&mut self, position: DVec3, dt: f64, clock: Option<f64>) {
        self.previous = self.position;
        self.velocity = (position - self.position) / dt;
        self.position = position;
        if let Some(clock) = clock {
            self.clock = clock;
        }
    }

    /// Checks a mover that did not come from [`Mover::new`] (a restored
    /// save): its state must be what `new` and ticks can make.
    pub(crate) fn validate(&self, registry: &BlockRegistry) -> Result<(), MoverError> {
        let rebuilt = Mover::new(
            registry,
            self.blocks.iter().map(|b| (b.cell, b.block)),
            self.home,
        )?;
        check_position(self.position)?;
        check_position(self.previous)?;
        if rebuilt.boxes != self.boxes
            || rebuilt.extent != self.extent
            || rebuilt.overhang != self.overhang
        {
            return Err(MoverError::Inconsistent { what: "boxes" });
        }
        if !self.velocity.is_finite() {
            return Err(MoverError::NotFinite { what: "velocity" });
        }
        if !self.clock.is_finite() || self.clock < 0.0 {
            return Err(MoverError::OutOfRange {
                what: "clock",
                value: self.clock,
                min: 0.0,
                max: f64::MAX,
            });
        }
        match &self.drive {
            Drive::Path(path) => path.validate()?,
            Drive::Velocity(_) => {
                self.plan(0.0)?;
            }
        }
        Ok(())
    }
}

/// The blocks of a mover, sorted so that the same blocks given in any order
/// make the same mover (and visit their boxes in the same order), once each
/// and within the size limits.
/// The bytes one block of `id` costs a mover built of it: its entry and
/// its boxes, twice over for the room a growing list leaves spare, and the
/// `(cell, id)` a reader lists it by before the mover is built. Readers
/// charge a mover's cells at this against their budget before building it.
#[must_use]
pub fn mover_block_bytes(registry: &BlockRegistry, id: BlockId) -> usize {
    std::mem::size_of::<(IVec3, BlockId)>()
        + std::mem::size_of::<MoverBlock>()
        + 2 * registry.collision_shape(id).len() * std::mem::size_of::<MoverBox>()
}

fn checked_blocks(
    blocks: impl IntoIterator<Item = (IVec3, BlockId)>,
) -> Result<Vec<MoverBlock>, MoverError> {
    let mut blocks: Vec<MoverBlock> = blocks
        .into_iter()
        .map(|(cell, block)| MoverBlock { cell, block })
        .collect();
    if blocks.is_empty() {
        return Err(MoverError::NoBlocks);
    }
    if blocks.len() > MAX_MOVER_BLOCKS {
        return Err(MoverError::TooManyBlocks {
            count: blocks.len(),
            limit: MAX_MOVER_BLOCKS,
        });
    }
    blocks.sort_by_key(|b| (b.cell.x, b.cell.y, b.cell.z));
    if let Some(pair) = blocks.windows(2).find(|w| w[0].cell == w[1].cell) {
        return Err(MoverError::CellTwice { cell: pair[0].cell });
    }
    let lo = blocks.iter().fold(IVec3::MAX, |m, b| m.min(b.cell));
    let hi = blocks.iter().fold(IVec3::MIN, |m, b| m.max(b.cell));
    let span = (hi.as_i64vec3() - lo.as_i64vec3()).max_element() + 1;
    if span > MAX_MOVER_SPAN {
        return Err(MoverError::TooWide {
            span,
            limit: MAX_MOVER_SPAN,
        });
    }
    Ok(blocks)
}

/// The collision boxes of `blocks`, relative to the mover's position, in
/// the blocks' order.
fn boxes_of(registry: &BlockRegistry, blocks: &[MoverBlock]) -> Result<Vec<MoverBox>, MoverError> {
    let mut boxes = Vec::new();
    for (of, b) in blocks.iter().enumerate() {
        if registry.get(b.block).is_none() {
            return Err(MoverError::UnknownBlock {
                cell: b.cell,
                id: b.block.0,
            });
        }
        let origin = b.cell.as_dvec3();
        boxes.extend(
            registry
                .collision_shape(b.block)
                .iter()
                .map(|shape| MoverBox {
                    aabb: shape.translated(origin),
                    block: b.block,
                    of: of as u32,
                }),
        );
    }
    Ok(boxes)
}

fn check_position(position: DVec3) -> Result<(), MoverError> {
    if !position.is_finite() {
        return Err(MoverError::NotFinite {
            what: "mover position",
        });
    }
    let limit = MAX_COORDINATE / 4.0;
    let far = position.abs().max_element();
    if far > limit {
        return Err(MoverError::OutOfRange {
            what: "mover position",
            value: far,
            min: -limit,
            max: limit,
        });
    }
    Ok(())
}
