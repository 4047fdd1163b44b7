//! The records a body's tick hands from step to step: the plan of the move
//! (its rules, the velocity it moves with, and the settings and input it
//! was made from: their one carrier), what the move did, and the scratch
//! space kept between ticks. They live apart from the steps, so that the
//! steps (`make_move`, `momentum`) and the tick that runs them import them
//! from here rather than from one another.

use glam::DVec3;

use super::ai_step::Start;
use super::rules::Rules;
use super::{Input, Settings};
use crate::resolver::{Motion, Resolver};

/// The rules a tick moves by, the velocity it moves with, and what the
/// momentum is worked out from afterwards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan<'a> {
    pub(crate) settings: &'a Settings,
    pub(crate) input: Input,
    pub(crate) start: Start,
    /// The rules of the tick's last stretch, made for its length: the whole
    /// tick, or what is left of it after the jump's first 1/20 s.
    pub(crate) rules: Rules,
    /// The momentum that stretch starts from.
    pub(crate) from: DVec3,
    pub(crate) rate: DVec3,
}

/// What one body's tick needs besides the world and the body, kept between
/// ticks so that a warm tick allocates nothing.
#[derive(Debug)]
pub(crate) struct TickScratch {
    pub resolver: Resolver,
    /// The edge guard's support intervals.
    pub support: Vec<(f64, f64)>,
    /// The tick's move, written in place (`move_box_into`): a `Motion`
    /// returned by value is copied on the way out, every tick.
    pub motion: Motion,
    /// The slots of the movers near the body.
    pub near_movers: Vec<u32>,
    /// The block shapes of a move in Minecraft's collision order
    /// ([`Collisions::vanilla_order`](super::Collisions::vanilla_order)).
    pub colliders: crate::resolver::VanillaColliders,
}

impl Default for TickScratch {
    fn default() -> TickScratch {
        TickScratch {
            resolver: Resolver::default(),
            support: Vec::new(),
            motion: Motion::at_rest(crate::geometry::Aabb::default()),
            near_movers: Vec::new(),
            colliders: crate::resolver::VanillaColliders::default(),
        }
    }
}

/// What the move did.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools)] // one flag per kind of contact
pub(crate) struct Moved {
    /// Where the body ended.
    pub(crate) end: crate::geometry::Aabb,
    /// Where it started, after any push-out.
    pub(crate) start_free: crate::geometry::Aabb,
    /// Whether it started inside blocks (pushed out, or stuck where it was).
    pub(crate) pushed_out: bool,
    /// Axes a block stopped the move along (a wall, a floor, a ceiling).
    pub(crate) blocked: glam::BVec3,
    /// Axes the edge guard cut (x, z).
    pub(crate) cut: [bool; 2],
    pub(crate) landed: bool,
    pub(crate) stepped: bool,
    /// Kept on the ground down a step ([`Walking::snap_to_ground`]).
    pub(crate) snapped: bool,
    pub(crate) ceiling: bool,
    /// In the vanilla order, the movement the client's collision made of
    /// the move (`Entity.collide`'s result), kept even where `Entity.move`
    /// then left the body in place: what the client judges a wall by.
    pub(crate) collided: Option<DVec3>,
}

impl Moved {
    /// Whether the move was stopped along `axis`, by a block or the guard.
    pub(crate) fn stopped(&self, axis: usize) -> bool {
        let cut = match axis {
            0 => self.cut[0],
            2 => self.cut[1],
            _ => false,
        };
        self.blocked.test(axis) || cut
    }

    /// Whether a wall stopped it sideways (the edge guard is not a wall: it
    /// lifts no climber and stops no sprint, as Minecraft's back-off).
    pub(crate) fn walled(&self) -> bool {
        self.blocked.x || self.blocked.z
    }
}
