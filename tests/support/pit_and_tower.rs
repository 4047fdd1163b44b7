//! Hills 40 × 40 with places reached one way and places not reached at
//! all: what reachability is checked on.

use glam::IVec3;
use voxwalk::navigate::Goal;
use voxwalk::world::World;

use super::terrain::bumpy_terrain;

/// Hills 40 × 40 with a walled pit and a tower nobody climbs: places that
/// are reached only one way (into the pit) and not at all (the tower).
pub fn hills_with_a_pit_and_a_tower() -> World {
    let mut world = bumpy_terrain(40, 40);
    let top = |x: i32, z: i32| super::terrain::height_at(x, z);
    // The pit's floor 3 below its lowest rim (the ground is at `height_at`,
    // its places one above): dropped into from there (a
    // drop of 3 at most is planned), never climbed out of.
    let rim = (9..17)
        .flat_map(|x| (9..17).map(move |z| (x, z)))
        .filter(|&(x, z)| !(10..16).contains(&x) || !(10..16).contains(&z))
        .map(|(x, z)| top(x, z))
        .min()
        .unwrap();
    for x in 10..16 {
        for z in 10..16 {
            world.fill(
                IVec3::new(x, rim - 2, z),
                IVec3::new(x, top(x, z) + 8, z),
                voxwalk::block::BlockId::AIR,
            );
        }
    }
    for x in 28..31 {
        for z in 28..31 {
            world.fill(
                IVec3::new(x, 0, z),
                IVec3::new(x, top(x, z) + 9, z),
                voxwalk::block::BlockId::BRICK,
            );
        }
    }
    world
}

/// A cell on the tower's top: above everything a body reaches.
pub fn tower_top() -> Goal {
    Goal::Cell(IVec3::new(29, super::terrain::height_at(29, 29) + 10, 29))
}
