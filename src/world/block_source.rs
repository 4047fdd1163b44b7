//! What the resolver needs from a world: the block in a cell, and what it means.

use glam::IVec3;

use crate::block::{BlockId, BlockRegistry};
use crate::geometry::Aabb;

/// The lowest block of a source that cannot say where its blocks end
/// ([`BlockSource::lowest_block`]): y −64, the floor of Minecraft's
/// overworld since 1.18, so that a body falling out of a game's own storage
/// is held 64 blocks further down (with the default
/// [`left_world_depth`](crate::controller::Collisions::left_world_depth)).
pub const DEFAULT_LOWEST_BLOCK: i32 = -64;

/// Anything that can say which block fills a cell, with the registry that says
/// what each block is.
///
/// The resolver and the controller are written against this, not against
/// [`super::World`], so they run on a game's own storage. A closure from cell to
/// id works as it is, with the built-in block types:
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::BlockSource;
/// let floor = |cell: IVec3| if cell.y < 0 { BlockId::STONE } else { BlockId::AIR };
/// assert_eq!(floor.block(IVec3::new(5, -1, 5)), BlockId::STONE);
/// assert!(floor.is_solid_at(IVec3::new(0, -1, 0)));
/// ```
///
/// and [`CellsWithRegistry`] puts a game's own registry beside such a closure.
///
/// A game's own storage needs only [`BlockSource::block`] and
/// [`BlockSource::registry`]. When its cells cannot change behind a shared
/// borrow, wrap it in [`Unchanging`](super::Unchanging): a simulation then
/// keeps copies of the cells around each body, as it does on `World`, which
/// is most of what `World` is faster by. Past that, what pays, in order: a
/// [`BlockSource::for_each_solid_in`] that looks each chunk up once and skips
/// chunks of air, visiting in `World`'s order and saying so
/// ([`BlockSource::visits_in_chunk_order`], which `Unchanging` then keeps),
/// with [`BlockSource::for_each_solid_in_dyn`] calling it;
/// [`BlockSource::read_blocks`] the same way;
/// [`BlockSource::may_hold_behaviours`] answering "no" from an index;
/// [`BlockSource::lowest_block`] from what is kept, where the blocks go
/// below [`DEFAULT_LOWEST_BLOCK`]. A type that only holds a storage
/// forwards all of it with [`forward_block_source!`](crate::forward_block_source).
/// A ray asks [`BlockSource::block`] a cell at a time: chunks kept in a hash
/// map are best keyed with a fast hasher (`rustc_hash::FxHashMap`; the
/// standard one's hashing doubles a ray's cost). `benches/own_storage.rs`
/// measures such storages against `World`.
pub trait BlockSource {
    /// The block at world cell `cell`. Cells nobody defined are air.
    fn block(&self, cell: IVec3) -> BlockId;

    /// The types the ids of [`BlockSource::block`] name.
    fn registry(&self) -> &BlockRegistry;

    /// The boxes bodies collide with in `cell`, in block-local units.
    #[inline]
    fn shape_at(&self, cell: IVec3) -> &[Aabb] {
        self.registry().collision_shape(self.block(cell))
    }

    /// Whether a cell of `lo..=hi` may hold a block with behaviours (a
    /// ladder, water, ice). The controller asks before it looks for them, so a
    /// source that can answer "no" cheaply (voxwalk's `World` keeps an index
    /// of chunks) spares a body on plain ground the cell reads; the default
    /// answers by whether the registry has any type with behaviours. Asked
    /// with `IVec3::MIN..=IVec3::MAX` it says whether any cell at all may.
    #[inline]
    fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
        let _ = (lo, hi);
        self.registry().has_behaviours()
    }

    /// Whether anything collides with the block in `cell`.
    #[inline]
    fn is_solid_at(&self, cell: IVec3) -> bool {
        self.registry().is_solid(self.block(cell))
    }

    /// Writes the block of every cell of `lo..=hi` into `out` (cleared
    /// first), x slowest and z fastest: a region read at once, for a copy
    /// kept beside a body. The default asks [`BlockSource::block`] cell by
    /// cell; voxwalk's `World` looks each chunk up once.
    ///
    /// ```
    /// use voxwalk::glam::IVec3;
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::{BlockSource, World};
    /// let mut world = World::new();
    /// world.set_block(IVec3::new(0, 0, 1), BlockId::STONE);
    /// let mut blocks = Vec::new();
    /// world.read_blocks(IVec3::ZERO, IVec3::new(0, 0, 2), &mut blocks);
    /// assert_eq!(blocks, [BlockId::AIR, BlockId::STONE, BlockId::AIR]);
    /// ```
    fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
        out.clear();
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    out.push(self.block(IVec3::new(x, y, z)));
                }
            }
        }
    }

    /// The y of the lowest cell that may hold a block: the controller holds
    /// a body that falls [`crate::controller::Collisions::left_world_depth`]
    /// below it ([`crate::controller::Event::LeftWorld`]). A source that
    /// cannot say takes [`DEFAULT_LOWEST_BLOCK`], Minecraft's floor (the
    /// default); one whose blocks go deeper says so, and `None` (no floor:
    /// bodies fall for ever) must be said on purpose. Asked on every tick of
    /// every body, so answer from what is kept, not by a search: voxwalk's
    /// `World` keeps the bottom of its lowest chunk given a block.
    ///
    /// ```
    /// use voxwalk::glam::IVec3;
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::{BlockSource, DEFAULT_LOWEST_BLOCK};
    /// let floor = |cell: IVec3| if cell.y < 0 { BlockId::STONE } else { BlockId::AIR };
    /// assert_eq!(floor.lowest_block(), Some(DEFAULT_LOWEST_BLOCK));
    /// ```
    fn lowest_block(&self) -> Option<i32> {
        Some(DEFAULT_LOWEST_BLOCK)
    }

    /// Whether [`BlockSource::for_each_solid_in`] visits as `World` does:
    /// chunk by chunk of 16³ in x, y, z order, the cells of each in x, y, z
    /// order. Blocks met at exactly the same instant are told apart by the
    /// order they are visited in, so a storage that visits so gives
    /// `World`'s answers to the bit; [`Unchanging`](super::Unchanging)
    /// keeps a storage's own visitor when it says so, and visits in that
    /// order itself otherwise. The default says no.
    fn visits_in_chunk_order(&self) -> bool {
        false
    }

    /// Whether a [`crate::controller::Simulation`] may answer a body's reads
    /// from a copy of the cells around it ([`BlockSource::read_blocks`]),
    /// refreshed when the body moves away and whenever the world is borrowed
    /// mutably. Say yes only when the cells cannot change behind a shared
    /// borrow (no interior mutability) and [`BlockSource::for_each_solid_in`]
    /// visits as `World` does: chunk by chunk of 16³ in x, y, z order, the
    /// cells of each in x, y, z order. The copy visits in that order, and
    /// blocks met at exactly the same instant are told apart by it. The
    /// default says no.
    fn cells_can_be_copied(&self) -> bool {
        false
    }

    /// Calls `visit` with the cell and collision boxes of every solid cell in
    /// the inclusive range `lo..=hi`.
    ///
    /// The default asks [`BlockSource::block`] cell by cell; a world that stores
    /// cells in chunks overrides it to look each chunk up once and to skip chunks
    /// of air, and then overrides [`BlockSource::for_each_solid_in_dyn`] to
    /// call it, so that a `&dyn BlockSource` visits in the same order.
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F)
    where
        Self: Sized,
    {
        visit_cell_by_cell(self, lo, hi, &mut visit);
    }

    /// [`BlockSource::for_each_solid_in`] for a `&dyn BlockSource`, which
    /// cannot take a generic visitor. A source that overrides the one should
    /// override this one to call it.
    fn for_each_solid_in_dyn(&self, lo: IVec3, hi: IVec3, visit: &mut dyn FnMut(IVec3, &[Aabb])) {
        visit_cell_by_cell(self, lo, hi, visit);
    }

    /// Calls `visit` with every box, in world coordinates, that sits at a
    /// place of its own rather than in a cell and overlaps or touches
    /// `region`: a world with movers in it
    /// ([`WithMovers`](crate::movers::WithMovers)) has their boxes.
    /// [`BlockSource::for_each_solid_in`] hands them out too, each in the
    /// cell of its lowest corner; Minecraft's collision order
    /// ([`collide_vanilla`](crate::resolver::collide_vanilla)), which reads
    /// shapes cell by cell, reads them here, as the client reads the
    /// shapes of entities beside the blocks. A plain storage has none (the
    /// default).
    fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
        let _ = (region, visit);
    }
}

/// The cells of `lo..=hi` with boxes ([`BlockSource::shape_at`]), asked
/// one by one, in x, y, z order.
#[inline]
pub(crate) fn visit_cell_by_cell<S: BlockSource + ?Sized>(
    source: &S,
    lo: IVec3,
    hi: IVec3,
    visit: &mut (impl FnMut(IVec3, &[Aabb]) + ?Sized),
) {
    for x in lo.x..=hi.x {
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                let cell = IVec3::new(x, y, z);
                let shape = source.shape_at(cell);
                if !shape.is_empty() {
                    visit(cell, shape);
                }
            }
        }
    }
}

/// A game may hand a world over as a trait object: the simulation and the
/// queries take `&dyn BlockSource` (and, for a parallel simulation,
/// `&(dyn BlockSource + Sync)`) as they take any source.
macro_rules! block_source_behind_a_reference {
    ($target:ty) => {
        impl BlockSource for $target {
            #[inline]
            fn block(&self, cell: IVec3) -> BlockId {
                (**self).block(cell)
            }

            #[inline]
            fn registry(&self) -> &BlockRegistry {
                (**self).registry()
            }

            #[inline]
            fn shape_at(&self, cell: IVec3) -> &[Aabb] {
                (**self).shape_at(cell)
            }

            #[inline]
            fn may_hold_behaviours(&self, lo: IVec3, hi: IVec3) -> bool {
                (**self).may_hold_behaviours(lo, hi)
            }

            #[inline]
            fn is_solid_at(&self, cell: IVec3) -> bool {
                (**self).is_solid_at(cell)
            }

            fn read_blocks(&self, lo: IVec3, hi: IVec3, out: &mut Vec<BlockId>) {
                (**self).read_blocks(lo, hi, out);
            }

            fn cells_can_be_copied(&self) -> bool {
                (**self).cells_can_be_copied()
            }

            fn visits_in_chunk_order(&self) -> bool {
                (**self).visits_in_chunk_order()
            }

            fn lowest_block(&self) -> Option<i32> {
                (**self).lowest_block()
            }

            #[inline]
            fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(
                &self,
                lo: IVec3,
                hi: IVec3,
                mut visit: F,
            ) {
                (**self).for_each_solid_in_dyn(lo, hi, &mut visit);
            }

            fn for_each_solid_in_dyn(
                &self,
                lo: IVec3,
                hi: IVec3,
                visit: &mut dyn FnMut(IVec3, &[Aabb]),
            ) {
                (**self).for_each_solid_in_dyn(lo, hi, visit);
            }

            fn for_each_loose_box(&self, region: &Aabb, visit: &mut dyn FnMut(&Aabb)) {
                (**self).for_each_loose_box(region, visit);
            }
        }
    };
}

block_source_behind_a_reference!(&dyn BlockSource);
block_source_behind_a_reference!(&(dyn BlockSource + Sync));

impl<F: Fn(IVec3) -> BlockId> BlockSource for F {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        self(cell)
    }

    /// The built-in types.
    fn registry(&self) -> &BlockRegistry {
        BlockRegistry::built_in()
    }
}

/// A game's cells (a closure from cell to id) with the registry their ids
/// come from.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::geometry::Aabb;
/// use voxwalk::resolver::Resolver;
/// use voxwalk::block::{BlockId, BlockRegistry, BlockType};
/// use voxwalk::world::CellsWithRegistry;
///
/// let mut registry = BlockRegistry::new();
/// let layer = registry
///     .register(BlockType::new("layer").with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.125, 1.0))))
///     .unwrap();
/// // The game's storage: a floor of thin layers at y = 0.
/// let world = CellsWithRegistry::new(&registry, |cell: IVec3| {
///     if cell.y == 0 { layer } else { BlockId::AIR }
/// });
/// let body = Aabb::from_feet(DVec3::new(0.5, 2.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
/// let landed = Resolver::new().move_box(&world, body, DVec3::new(0.0, -5.0, 0.0)).unwrap();
/// assert!((landed.end.min.y - 0.125).abs() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CellsWithRegistry<'r, F> {
    registry: &'r BlockRegistry,
    cells: F,
}

impl<'r, F: Fn(IVec3) -> BlockId> CellsWithRegistry<'r, F> {
    /// `cells` read with `registry`.
    pub fn new(registry: &'r BlockRegistry, cells: F) -> Self {
        Self { registry, cells }
    }
}

impl<F: Fn(IVec3) -> BlockId> BlockSource for CellsWithRegistry<'_, F> {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        (self.cells)(cell)
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        self.registry
    }
}

/// Implements [`BlockSource`] for a type that holds a storage, every method
/// (the optional ones too) forwarded to it, so a game's newtype keeps all
/// the storage does: its lowest block (and so
/// [`Event::LeftWorld`](crate::controller::Event::LeftWorld)), its visiting
/// order, its fast paths. Name the type and the field; generic parameters
/// go first in angle brackets.
///
/// ```
/// use voxwalk::world::{BlockSource, World};
///
/// /// A game's level: voxwalk's world and what the game keeps beside it.
/// struct Level {
///     blocks: World,
///     name: String,
/// }
/// voxwalk::forward_block_source!(Level => blocks);
///
/// /// A generic wrapper.
/// struct Logged<S>(S);
/// voxwalk::forward_block_source!(<S: BlockSource> Logged<S> => 0);
///
/// let level = Level { blocks: World::new(), name: "start".into() };
/// assert_eq!(level.lowest_block(), level.blocks.lowest_block());
/// assert!(level.cells_can_be_copied() && level.visits_in_chunk_order());
/// assert!(Logged(level).cells_can_be_copied());
/// ```
#[macro_export]
macro_rules! forward_block_source {
    (<$($param:ident $(: $bound:path)?),+> $ty:ty => $field:tt) => {
        impl<$($param $(: $bound)?),+> $crate::world::BlockSource for $ty {
            $crate::__forward_block_source_methods!($field);
        }
    };
    ($ty:ty => $field:tt) => {
        impl $crate::world::BlockSource for $ty {
            $crate::__forward_block_source_methods!($field);
        }
    };
}

/// The methods [`forward_block_source!`] writes.
#[doc(hidden)]
#[macro_export]
macro_rules! __forward_block_source_methods {
    ($field:tt) => {
        #[inline]
        fn block(&self, cell: $crate::glam::IVec3) -> $crate::block::BlockId {
            $crate::world::BlockSource::block(&self.$field, cell)
        }

        #[inline]
        fn registry(&self) -> &$crate::block::BlockRegistry {
            $crate::world::BlockSource::registry(&self.$field)
        }

        #[inline]
        fn shape_at(&self, cell: $crate::glam::IVec3) -> &[$crate::geometry::Aabb] {
            $crate::world::BlockSource::shape_at(&self.$field, cell)
        }

        #[inline]
        fn may_hold_behaviours(&self, lo: $crate::glam::IVec3, hi: $crate::glam::IVec3) -> bool {
            $crate::world::BlockSource::may_hold_behaviours(&self.$field, lo, hi)
        }

        #[inline]
        fn is_solid_at(&self, cell: $crate::glam::IVec3) -> bool {
            $crate::world::BlockSource::is_solid_at(&self.$field, cell)
        }

        fn read_blocks(
            &self,
            lo: $crate::glam::IVec3,
            hi: $crate::glam::IVec3,
            out: &mut ::std::vec::Vec<$crate::block::BlockId>,
        ) {
            $crate::world::BlockSource::read_blocks(&self.$field, lo, hi, out);
        }

        fn lowest_block(&self) -> ::std::option::Option<i32> {
            $crate::world::BlockSource::lowest_block(&self.$field)
        }

        fn visits_in_chunk_order(&self) -> bool {
            $crate::world::BlockSource::visits_in_chunk_order(&self.$field)
        }

        fn cells_can_be_copied(&self) -> bool {
            $crate::world::BlockSource::cells_can_be_copied(&self.$field)
        }

        #[inline]
        fn for_each_solid_in<F: FnMut($crate::glam::IVec3, &[$crate::geometry::Aabb])>(
            &self,
            lo: $crate::glam::IVec3,
            hi: $crate::glam::IVec3,
            visit: F,
        ) {
            $crate::world::BlockSource::for_each_solid_in(&self.$field, lo, hi, visit);
        }

        fn for_each_solid_in_dyn(
            &self,
            lo: $crate::glam::IVec3,
            hi: $crate::glam::IVec3,
            visit: &mut dyn FnMut($crate::glam::IVec3, &[$crate::geometry::Aabb]),
        ) {
            $crate::world::BlockSource::for_each_solid_in_dyn(&self.$field, lo, hi, visit);
        }

        fn for_each_loose_box(
            &self,
            region: &$crate::geometry::Aabb,
            visit: &mut dyn FnMut(&$crate::geometry::Aabb),
        ) {
            $crate::world::BlockSource::for_each_loose_box(&self.$field, region, visit);
        }
    };
}
