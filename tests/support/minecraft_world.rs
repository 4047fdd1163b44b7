//! The world of the client's motion port (`minecraft_reference.rs`): what
//! the tests need and no more. An endless flat floor whose top is at y = 1,
//! of one kind of ground, and above it, up to `medium_top`, an endless layer
//! of one medium (air, water, lava, cobweb, or a climbable block without
//! collision, such as vines); or, with a pool (`minecraft_pool.rs`), liquid
//! and solid cells on that floor. The questions the client's tick asks of
//! its blocks are answered here, each naming the method it follows.

#![allow(dead_code)] // each test binary uses part of it

use std::sync::Arc;

use super::minecraft_pool::{FluidKind, Pool, Solid};
use super::minecraft_reference::{Player, PlayerPose};

/// What the floor is made of (`Block` friction, speed and jump factors; `SlimeBlock`).
#[derive(Clone, Copy, Debug)]
pub struct Ground {
    pub friction: f32,
    pub speed_factor: f32,
    pub jump_factor: f32,
    pub slime: bool,
}

impl Ground {
    pub const STONE: Ground = Ground {
        friction: 0.6,
        speed_factor: 1.0,
        jump_factor: 1.0,
        slime: false,
    };
    pub const ICE: Ground = Ground {
        friction: 0.98,
        ..Ground::STONE
    };
    pub const BLUE_ICE: Ground = Ground {
        friction: 0.989,
        ..Ground::STONE
    };
    pub const SOUL_SAND: Ground = Ground {
        speed_factor: 0.4,
        ..Ground::STONE
    };
    pub const HONEY: Ground = Ground {
        speed_factor: 0.4,
        jump_factor: 0.5,
        ..Ground::STONE
    };
    pub const SLIME: Ground = Ground {
        friction: 0.8,
        slime: true,
        ..Ground::STONE
    };
}

/// What fills the layer above the floor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Medium {
    Air,
    Water,
    Lava,
    Cobweb,
    Climbable,
}

/// The block collisions of a world of blocks for `Entity.collide`: the
/// movement the client lets a player at feet `pos` make of `movement`, on
/// the ground or not. Without one, the flat floor is the world.
pub type Blocks<'a> = &'a dyn Fn([f64; 3], [f64; 3], bool) -> [f64; 3];

pub const WIDTH: f64 = 0.6;
/// The player's width as the client holds it, a float.
pub const WIDTH_F32: f32 = 0.6;
pub const FLOOR_TOP: f64 = 1.0;

/// The flat world, or with a `pool` a world of liquid cells on the flat
/// floor (`minecraft_pool.rs`), whose medium is then air.
#[derive(Clone, Debug)]
pub struct Flat {
    pub ground: Ground,
    pub medium: Medium,
    pub medium_top: f64,
    pub pool: Option<Arc<Pool>>,
}

impl Flat {
    /// The block of the cell at `point` (its medium, or `None` for the
    /// floor below 1 and a pool's solid blocks).
    pub fn medium_in(&self, point: [f64; 3]) -> Option<Medium> {
        if let Some(pool) = &self.pool {
            // A waterlogged block's cell is its water's here: every rule
            // that reads a pool's solid blocks gives the floor's answer.
            let cell = point.map(|c| c.floor() as i32);
            return match pool.fluid(cell).map(|f| f.kind) {
                Some(FluidKind::Water) => Some(Medium::Water),
                Some(FluidKind::Lava) => Some(Medium::Lava),
                None if point[1] < FLOOR_TOP || pool.solids.contains_key(&cell) => None,
                None => Some(Medium::Air),
            };
        }
        self.medium_at(point[1].floor())
    }

    /// The block at height `y` (its cell's medium, or the floor below 1).
    pub fn medium_at(&self, y: f64) -> Option<Medium> {
        if y < FLOOR_TOP {
            None
        } else if y < self.medium_top {
            Some(self.medium)
        } else {
            Some(Medium::Air)
        }
    }

    /// `Entity.getBlockPosBelowThatAffectsMyMovement`: 0.5000001 under the feet.
    pub fn below(&self, p: &Player) -> Option<Medium> {
        self.medium_in([p.pos[0], p.pos[1] - 0.500_000_1, p.pos[2]])
    }

    /// The friction of the block 0.5000001 under the feet (`Block.getFriction`):
    /// the ground's, 0.6 for anything else, 0.98 for a pool's ice.
    pub fn friction_below(&self, p: &Player) -> f32 {
        let point = [p.pos[0], p.pos[1] - 0.500_000_1, p.pos[2]];
        if let Some(pool) = &self.pool
            && pool.solid_at(point) == Some(Solid::Ice)
        {
            return 0.98;
        }
        match self.medium_in(point) {
            None => self.ground.friction,
            Some(_) => 0.6,
        }
    }

    pub fn at_feet(&self, p: &Player) -> Option<Medium> {
        self.medium_in(p.pos)
    }

    /// `Entity.getBlockSpeedFactor`: the block at the feet, unless it is 1
    /// (and not water), then the block below.
    pub fn speed_factor(&self, p: &Player) -> f64 {
        let factor = |m: Option<Medium>| match m {
            None => f64::from(self.ground.speed_factor),
            Some(_) => 1.0,
        };
        let here = self.at_feet(p);
        if here == Some(Medium::Water) || factor(here) != 1.0 {
            factor(here)
        } else {
            factor(self.below(p))
        }
    }

    /// `LivingEntity.getBlockJumpFactor`, the same way.
    pub fn jump_factor(&self, p: &Player) -> f64 {
        let factor = |m: Option<Medium>| match m {
            None => f64::from(self.ground.jump_factor),
            Some(_) => 1.0,
        };
        let here = factor(self.at_feet(p));
        if here == 1.0 {
            factor(self.below(p))
        } else {
            here
        }
    }

    /// Where the liquid's surface is: its top cell holds a source with air
    /// above, 8/9 of the block (`FluidState.getHeight`, in `f32`); the
    /// cells below it are full, under the same liquid.
    /// Summed in single precision, as `updateFluidHeightAndDoFluidPushing`
    /// sums `(float) y + getHeight`.
    #[allow(clippy::cast_possible_truncation)] // a whole height, in f32 as the client has it
    pub fn surface(&self) -> f64 {
        f64::from((self.medium_top - 1.0) as f32 + 8.0_f32 / 9.0)
    }

    /// `Entity.updateFluidHeightAndDoFluidPushing`'s fluid height: how far
    /// the surface lies above the box deflated by 0.001, if the box
    /// reaches it (`f >= minY`), else `None`.
    pub fn fluid_height(&self, p: &Player, liquid: Medium) -> Option<f64> {
        let bottom = p.pos[1] + 0.001;
        let top = self.surface();
        (self.medium == liquid && self.medium_top > FLOOR_TOP && top >= bottom)
            .then_some(top - bottom)
    }

    /// Whether `p`'s box in `pose` meets no block: a pool's blocks; on the
    /// flat floor there is room everywhere.
    pub fn fits(&self, p: &Player, pose: PlayerPose) -> bool {
        self.pool
            .as_ref()
            .is_none_or(|pool| pool.fits(p.pos, (f64::from(WIDTH_F32), pose.height())))
    }

    /// `updateInWaterStateAndDoFluidPushing`: the water and lava heights
    /// (`None` where the box does not touch the fluid), a pool's currents
    /// pushing `p` (water 0.014; lava 0.0023333, or 0.007 where the
    /// dimension is ultra-warm).
    pub fn fluid_heights(&self, p: &mut Player) -> (Option<f64>, Option<f64>) {
        let Some(pool) = &self.pool else {
            return (
                self.fluid_height(p, Medium::Water),
                self.fluid_height(p, Medium::Lava),
            );
        };
        let size = (f64::from(WIDTH_F32), p.pose.height());
        let water = pool.push(p.pos, size, FluidKind::Water, 0.014, &mut p.delta);
        let lava_strength = if pool.ultra_warm {
            0.007
        } else {
            0.002_333_333_333_333_333_5
        };
        let lava = pool.push(p.pos, size, FluidKind::Lava, lava_strength, &mut p.delta);
        (water, lava)
    }

    /// `isInWater` (touching) and `isInLava` (lava height above 0).
    pub fn in_liquid(&self, p: &Player, liquid: Medium) -> bool {
        match liquid {
            Medium::Lava => self.fluid_height(p, liquid).is_some_and(|h| h > 0.0),
            _ => self.fluid_height(p, liquid).is_some(),
        }
    }

    /// The liquid of the cell at height `y` over the player, if any.
    pub fn liquid_at(&self, p: &Player, y: f64) -> Option<Medium> {
        self.medium_in([p.pos[0], y, p.pos[2]])
            .filter(|m| matches!(m, Medium::Water | Medium::Lava))
    }

    /// `Entity.updateFluidOnEyes` for water: the cell of the eyes holds
    /// water whose surface (`(float) y + getHeight`) lies above them.
    pub fn eye_in_water(&self, p: &Player) -> bool {
        let eyes = p.pos[1] + p.pose.eye_height();
        if let Some(pool) = &self.pool {
            return pool.eye_in_water([p.pos[0], eyes, p.pos[2]]);
        }
        let cell = eyes.floor();
        if self.medium != Medium::Water || self.liquid_at(p, eyes).is_none() {
            return false;
        }
        let surface = if cell + 1.0 < self.medium_top {
            f64::from(cell as f32 + 1.0)
        } else {
            self.surface()
        };
        surface > eyes
    }

    /// `LivingEntity.onClimbable`: the block at the feet is climbable.
    pub fn on_climbable(&self, p: &Player) -> bool {
        self.at_feet(p) == Some(Medium::Climbable)
    }

    /// `Entity.checkInsideBlocks`, for a cobweb: the box reaches into one.
    pub fn in_cobweb(&self, p: &Player) -> bool {
        self.medium == Medium::Cobweb && p.pos[1] + 1e-3 < self.medium_top
    }
}
