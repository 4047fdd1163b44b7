//! Heightmap terrain (flat, hills, mountains) with trees, and the caves carved
//! into it.

use glam::{DVec3, IVec3};
use noise::{Fbm, MultiFractal, NoiseFn, Perlin};

/// Blocks of level, treeless ground the spawn has on every side.
const SPAWN_ROOM: i32 = 2;

use super::{Preset, cell, mix};
use crate::block::BlockId;
use crate::world::{CHUNK_EDGE, Chunk};

/// Water fills every open cell at or below this height.
pub const SEA_LEVEL: i32 = 32;
/// The ground height of the flat preset (top block).
const FLAT_GROUND: i32 = 4;
/// One column in this many grows a tree (hills and caves).
const TREE_ODDS: u64 = 61;
/// How far leaves reach from a trunk, and how tall a tree is above the ground.
const TREE_REACH: i32 = 2;
const TREE_HEIGHT: i32 = 6;
/// Cave noise above this opens a cell.
const CAVE_THRESHOLD: f64 = 0.32;
/// Caves stay this far below the surface and above this floor.
const CAVE_ROOF: i32 = 5;
const CAVE_FLOOR: i32 = 3;

/// The noise fields of one seed.
#[derive(Clone, Debug)]
pub(super) struct Terrain {
    preset: Preset,
    seed: u64,
    height: Fbm<Perlin>,
    caves: Fbm<Perlin>,
}

impl Terrain {
    pub fn new(preset: Preset, seed: u64) -> Terrain {
        let noise_seed = |salt| mix(seed, salt) as u32;
        let (octaves, frequency) = match preset {
            Preset::Mountains => (5, 1.0 / 160.0),
            _ => (4, 1.0 / 110.0),
        };
        Terrain {
            preset,
            seed,
            height: Fbm::<Perlin>::new(noise_seed(1))
                .set_octaves(octaves)
                .set_frequency(frequency),
            caves: Fbm::<Perlin>::new(noise_seed(2))
                .set_octaves(2)
                .set_frequency(1.0 / 28.0),
        }
    }

    /// The height of the top solid block of column (x, z).
    pub fn surface(&self, x: i32, z: i32) -> i32 {
        let n = self.height.get([f64::from(x), f64::from(z)]);
        match self.preset {
            Preset::Flat | Preset::Course => FLAT_GROUND,
            Preset::Hills | Preset::Caves => 36 + (n * 22.0).round() as i32,
            // Terraces three blocks high: cliffs a jump (≈ 1.3) cannot climb.
            Preset::Mountains => 3 * ((44.0 + n * 90.0) / 3.0).floor() as i32,
        }
    }

    fn has_trees(&self) -> bool {
        matches!(self.preset, Preset::Hills | Preset::Caves)
    }

    fn has_caves(&self) -> bool {
        self.preset == Preset::Caves
    }

    /// Whether a tree grows out of column (x, z), whose ground is at `h`.
    fn tree_at(&self, x: i32, z: i32, h: i32) -> bool {
        self.has_trees()
            && h > SEA_LEVEL + 1
            && mix(
                self.seed ^ 0x7EE5,
                (u64::from(x as u32) << 32) | u64::from(z as u32),
            )
            .is_multiple_of(TREE_ODDS)
    }

    /// The block of a column of ground height `h` at height `y`, before caves
    /// and trees.
    fn ground(&self, h: i32, y: i32) -> BlockId {
        let sea = self.preset != Preset::Flat;
        let beach = sea && h <= SEA_LEVEL + 1;
        if y > h {
            if sea && y <= SEA_LEVEL {
                BlockId::WATER
            } else {
                BlockId::AIR
            }
        } else if y == h {
            if beach { BlockId::SAND } else { BlockId::GRASS }
        } else if y >= h - 3 {
            if beach { BlockId::SAND } else { BlockId::DIRT }
        } else {
            BlockId::STONE
        }
    }

    fn cave_at(&self, x: i32, y: i32, z: i32, h: i32) -> bool {
        self.has_caves()
            && y >= CAVE_FLOOR
            && y <= h - CAVE_ROOF
            && self
                .caves
                .get([f64::from(x), f64::from(y) * 1.6, f64::from(z)])
                > CAVE_THRESHOLD
    }

    pub fn chunk(&self, key: IVec3) -> Chunk {
        let e = CHUNK_EDGE;
        let base = key * e;
        let mut heights = [[0i32; 16]; 16];
        let (mut lowest, mut highest) = (i32::MAX, i32::MIN);
        for x in 0..e {
            for z in 0..e {
                let h = self.surface(base.x + x, base.z + z);
                heights[x as usize][z as usize] = h;
                lowest = lowest.min(h);
                highest = highest.max(h);
            }
        }
        let (bottom, top) = (base.y, base.y + e - 1);
        // Quick answers for chunks wholly above or below everything.
        let reach = if self.has_trees() { TREE_HEIGHT + 1 } else { 0 };
        let water_top = if self.preset == Preset::Flat {
            i32::MIN
        } else {
            SEA_LEVEL
        };
        if bottom > highest + reach && bottom > water_top {
            return Chunk::Uniform(BlockId::AIR);
        }
        if top < lowest - 3 && !(self.has_caves() && top >= CAVE_FLOOR) {
            return Chunk::Uniform(BlockId::STONE);
        }
        let mut chunk = Chunk::Uniform(BlockId::AIR);
        for x in 0..e {
            for z in 0..e {
                let h = heights[x as usize][z as usize];
                for y in 0..e {
                    let c = cell(key, x, y, z);
                    let mut block = self.ground(h, c.y);
                    if block != BlockId::WATER
                        && block != BlockId::AIR
                        && self.cave_at(c.x, c.y, c.z, h)
                    {
                        block = BlockId::AIR;
                    }
                    if block != BlockId::AIR {
                        chunk.set(IVec3::new(x, y, z), block);
                    }
                }
            }
        }
        if self.has_trees() {
            self.plant_trees(key, &mut chunk);
        }
        chunk.compact();
        chunk
    }

    /// Stamps the parts of every tree that reach into chunk `key`, including
    /// trees rooted in neighbouring columns.
    fn plant_trees(&self, key: IVec3, chunk: &mut Chunk) {
        let base = key * CHUNK_EDGE;
        let r = TREE_REACH;
        for tx in base.x - r..base.x + CHUNK_EDGE + r {
            for tz in base.z - r..base.z + CHUNK_EDGE + r {
                let h = self.surface(tx, tz);
                if !self.tree_at(tx, tz, h) {
                    continue;
                }
                let root = IVec3::new(tx, h, tz);
                let mut put = |offset: IVec3, block: BlockId, only_air: bool| {
                    let local = root + offset - base;
                    if local.cmpge(IVec3::ZERO).all()
                        && local.cmplt(IVec3::splat(CHUNK_EDGE)).all()
                        && (!only_air || chunk.block(local) == BlockId::AIR)
                    {
                        chunk.set(local, block);
                    }
                };
                for dy in 3..=TREE_HEIGHT {
                    let spread = if dy >= TREE_HEIGHT - 1 { 1 } else { r };
                    for dx in -spread..=spread {
                        for dz in -spread..=spread {
                            put(IVec3::new(dx, dy, dz), BlockId::LEAVES, true);
                        }
                    }
                }
                for dy in 1..TREE_HEIGHT {
                    put(IVec3::new(0, dy, 0), BlockId::WOOD, false);
                }
            }
        }
    }

    /// The first dry column in the open on a square spiral out from the
    /// origin: the ground level two blocks around it and no tree within
    /// reach, so the first step in any direction walks.
    pub fn spawn(&self) -> DVec3 {
        let mut x = 0;
        let mut z = 0;
        let (mut dx, mut dz) = (1, 0);
        let mut leg = 1;
        let mut walked = 0;
        let mut turns = 0;
        for _ in 0..(256 * 256) {
            let h = self.surface(x, z);
            let clear = (-SPAWN_ROOM..=SPAWN_ROOM).all(|ox| {
                (-SPAWN_ROOM..=SPAWN_ROOM).all(|oz| {
                    self.surface(x + ox, z + oz) == h
                        && (1..=3).all(|dy| !self.tree_near(IVec3::new(x + ox, h + dy, z + oz)))
                })
            });
            let dry = h > SEA_LEVEL || self.preset == Preset::Flat;
            if dry && clear {
                return DVec3::new(f64::from(x) + 0.5, f64::from(h + 1), f64::from(z) + 0.5);
            }
            x += dx;
            z += dz;
            walked += 1;
            if walked == leg {
                walked = 0;
                (dx, dz) = (-dz, dx);
                turns += 1;
                if turns % 2 == 0 {
                    leg += 1;
                }
            }
        }
        DVec3::new(0.5, f64::from(self.surface(0, 0).max(SEA_LEVEL) + 1), 0.5)
    }

    /// Whether any tree's leaves or trunk could occupy cell `c`.
    fn tree_near(&self, c: IVec3) -> bool {
        let r = TREE_REACH;
        (c.x - r..=c.x + r).any(|tx| {
            (c.z - r..=c.z + r).any(|tz| {
                let h = self.surface(tx, tz);
                self.tree_at(tx, tz, h) && c.y > h && c.y <= h + TREE_HEIGHT
            })
        })
    }
}
