//! Seeded, deterministic world generation, one chunk at a time.
//!
//! A [`Generator`] is a pure function from a chunk coordinate to a [`Chunk`]:
//! the same preset and seed give the same blocks on every machine and in any
//! order of requests, so a world can be generated lazily, as far as anyone
//! walks. Noise runs only here; the resolver reads the finished [`World`] and
//! never waits on noise (callers generate the chunks around a body before its
//! tick, see [`Generator::fill_around`]).
//!
//! Builds on [`crate::world`] (and the blocks it re-exports); [`crate::formats`]
//! opens `gen:PRESET:SEED` names through it.

mod course;
mod terrain;

use std::fmt;
use std::str::FromStr;

use glam::{DVec3, IVec3};

use crate::block::BlockId;
use crate::world::{CHUNK_EDGE, Chunk, World, cell_of, chunk_of};
use terrain::Terrain;

/// The kinds of world the generator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Grass over dirt over stone, the ground at y = 4.
    Flat,
    /// Rolling fractal-noise hills: grass over dirt over stone, sand and water
    /// near sea level, a few trees.
    Hills,
    /// Hills with tunnels and caverns carved by 3-D noise.
    Caves,
    /// Steep terrain in terraces three blocks high: cliffs a jump cannot climb.
    Mountains,
    /// An obstacle course along +x that exercises the controller: slabs, stairs
    /// of slabs, posts, a one-wide corridor, a gap, a low ceiling, a ledge.
    Course,
}

impl Preset {
    /// Every preset, in the order the help lists them.
    pub const ALL: [Preset; 5] = [
        Preset::Flat,
        Preset::Hills,
        Preset::Caves,
        Preset::Mountains,
        Preset::Course,
    ];

    /// The name used on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Flat => "flat",
            Preset::Hills => "hills",
            Preset::Caves => "caves",
            Preset::Mountains => "mountains",
            Preset::Course => "course",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                format!("unknown preset `{s}` (known: {})", names.join(", "))
            })
    }
}

/// Makes the chunks of one preset and seed.
///
/// ```
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::BlockSource;
/// use voxwalk::generate::{Generator, Preset};
/// let g = Generator::new(Preset::Hills, 7);
/// // Pure: the same chunk twice, in any order, is the same.
/// assert_eq!(g.chunk(IVec3::new(3, 2, -1)), g.chunk(IVec3::new(3, 2, -1)));
/// // The spawn stands on the surface.
/// let world = g.region(IVec3::new(-2, 0, -2), IVec3::new(1, 5, 1));
/// let feet = g.spawn();
/// let below = feet.floor().as_ivec3() - IVec3::Y;
/// assert!(world.is_solid_at(below));
/// assert_eq!(world.block(feet.floor().as_ivec3()), BlockId::AIR);
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    preset: Preset,
    seed: u64,
    terrain: Terrain,
}

impl Generator {
    /// A generator for `preset` with `seed`.
    #[must_use]
    pub fn new(preset: Preset, seed: u64) -> Generator {
        Generator {
            preset,
            seed,
            terrain: Terrain::new(preset, seed),
        }
    }

    /// The preset.
    #[must_use]
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The chunk at chunk coordinate `key`.
    #[must_use]
    pub fn chunk(&self, key: IVec3) -> Chunk {
        match self.preset {
            Preset::Course => course::chunk(key),
            _ => self.terrain.chunk(key),
        }
    }

    /// Where a body should start: on dry ground near the origin, with room above.
    #[must_use]
    pub fn spawn(&self) -> DVec3 {
        match self.preset {
            Preset::Course => course::SPAWN,
            _ => self.terrain.spawn(),
        }
    }

    /// A world of the chunks `lo..=hi` (chunk coordinates), named after the
    /// preset and seed, with the spawn set.
    #[must_use]
    pub fn region(&self, lo: IVec3, hi: IVec3) -> World {
        let mut world = World::new();
        world.name = format!("{} (seed {})", self.preset, self.seed);
        world.spawn = Some(self.spawn());
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let key = IVec3::new(x, y, z);
                    world.put_chunk(key, self.chunk(key));
                }
            }
        }
        world.compact();
        world
    }

    /// A world of the cells `0..size` on each axis (the chunks covering it,
    /// cut to size).
    #[must_use]
    pub fn sized(&self, size: IVec3) -> World {
        let hi = (size - IVec3::ONE).max(IVec3::ZERO) / CHUNK_EDGE;
        let mut world = self.region(IVec3::ZERO, hi);
        // Cut the chunks on the far edges down to the size asked for.
        let edge = (hi + IVec3::ONE) * CHUNK_EDGE;
        for (axis, (&limit, &end)) in size
            .to_array()
            .iter()
            .zip(edge.to_array().iter())
            .enumerate()
        {
            if limit >= end {
                continue;
            }
            let mut lo = IVec3::ZERO;
            let mut top = edge - IVec3::ONE;
            lo[axis] = limit;
            top[axis] = end - 1;
            world.fill(lo, top, BlockId::AIR);
        }
        world.compact();
        world
    }

    /// Generates every chunk within `radius` chunks of `center` (a world
    /// position) that `world` does not hold yet. Called before a tick, it keeps
    /// noise off the resolver's path; chunks already there are untouched, so
    /// edits survive. Returns how many chunks were made.
    pub fn fill_around(&self, world: &mut World, center: DVec3, radius: IVec3) -> usize {
        let middle = chunk_of(center.floor().as_ivec3());
        let mut made = 0;
        for x in -radius.x..=radius.x {
            for y in -radius.y..=radius.y {
                for z in -radius.z..=radius.z {
                    let key = middle + IVec3::new(x, y, z);
                    if !world.has_chunk(key) {
                        world.put_chunk(key, self.chunk(key));
                        made += 1;
                    }
                }
            }
        }
        made
    }
}

/// `cell_of` for a chunk and a local cell given as loop counters.
#[inline]
pub(super) fn cell(key: IVec3, x: i32, y: i32, z: i32) -> IVec3 {
    cell_of(key, IVec3::new(x, y, z))
}

/// A 64-bit hash of the seed and a salt, for deriving independent noise seeds.
pub(super) fn mix(seed: u64, salt: u64) -> u64 {
    let mut x = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
