//! Where a body can stand: the nodes a plan is made of.

use std::collections::HashMap;

use glam::{DVec3, IVec3};

use crate::geometry::Aabb;
use crate::resolver::Resolver;
use crate::world::BlockSource;

/// A place a body stands: the cell its feet are in and where they rest,
/// in the middle of the cell's column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The cell holding the feet.
    pub cell: IVec3,
    /// The feet: the middle of the cell across, at rest on what is under it.
    pub feet: DVec3,
}

/// The places one search has looked at: each cell is asked once (a search
/// asks about the same cells again and again, from every neighbour).
#[derive(Debug)]
pub(crate) struct Places {
    resolver: Resolver,
    size: DVec3,
    known: HashMap<IVec3, Option<Standing>>,
}

impl Places {
    /// No place looked at yet, for a body of `size`.
    pub(crate) fn new(size: DVec3) -> Places {
        Places {
            resolver: Resolver::new(),
            size,
            known: HashMap::new(),
        }
    }

    /// Forgets every place: the world may have changed since.
    pub(crate) fn forget(&mut self) {
        self.known.clear();
    }

    /// Where the body stands in `cell`, if it can ([`standing_in`]).
    pub(crate) fn at<W: BlockSource>(&mut self, world: &W, cell: IVec3) -> Option<Standing> {
        if let Some(&known) = self.known.get(&cell) {
            return known;
        }
        let found = standing_in(world, &mut self.resolver, self.size, cell);
        self.known.insert(cell, found);
        found
    }
}

/// Where a body of `size` stands in `cell`, if it can: its box, centred on
/// the cell's column and lowered from the cell's top, comes to rest on
/// something with its feet still in the cell, and nowhere meets a block on
/// the way. `None` for a cell with no floor within it, a cell filled to its
/// top, or too little room above.
pub(crate) fn standing_in<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    size: DVec3,
    cell: IVec3,
) -> Option<Standing> {
    let top = cell.as_dvec3() + DVec3::new(0.5, 1.0, 0.5);
    let start = Aabb::from_feet(top, size);
    let probe = resolver.move_box(world, start, DVec3::ZERO).ok()?;
    if probe.depenetration.is_some() {
        return None;
    }
    let fall = resolver
        .move_box(world, start, DVec3::new(0.0, -1.0, 0.0))
        .ok()?;
    if !fall.blocked.y || fall.depenetration.is_some() {
        return None;
    }
    let feet = DVec3::new(top.x, fall.end.min.y, top.z);
    // Resting on the cell's own top belongs to the cell above.
    (feet.y.floor() as i32 == cell.y).then_some(Standing { cell, feet })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::BlockId;
    use crate::world::World;

    #[test]
    fn a_body_stands_over_a_floor_on_a_slab_and_not_in_a_wall() {
        let mut world = World::new();
        world.fill(IVec3::new(-2, 0, -2), IVec3::new(2, 0, 2), BlockId::STONE);
        world.set_block(IVec3::new(1, 1, 0), BlockId::SLAB);
        world.set_block(IVec3::new(-1, 1, 0), BlockId::STONE);
        let mut resolver = Resolver::new();
        let size = DVec3::new(0.6, 1.8, 0.6);
        let on_floor = standing_in(&world, &mut resolver, size, IVec3::new(0, 1, 0)).unwrap();
        assert!((on_floor.feet.y - 1.0).abs() < 1e-6);
        let on_slab = standing_in(&world, &mut resolver, size, IVec3::new(1, 1, 0)).unwrap();
        assert!((on_slab.feet.y - 1.5).abs() < 1e-6);
        assert!(standing_in(&world, &mut resolver, size, IVec3::new(-1, 1, 0)).is_none());
        // In mid-air there is nothing to stand on within the cell.
        assert!(standing_in(&world, &mut resolver, size, IVec3::new(0, 3, 0)).is_none());
    }
}
