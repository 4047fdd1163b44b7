//! Things worth telling about one tick of one body or ball.

use glam::DVec3;

use super::BodyHandle;
use crate::movers::MoverHandle;

/// A horizontal axis, for the events that name one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum HorizontalAxis {
    /// East–west.
    X,
    /// North–south.
    Z,
}

/// Something that happened to a body or ball during a tick. Serialised and
/// read back (with the `serde` feature) as `{"kind": "...", ...}`, as
/// `voxwalk run` prints it; its floats are written as exact strings, as a
/// saved state's are (`serde_exact`), so a game that records or sends them
/// gets every bit back whatever its JSON reader.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Event {
    /// The body started the tick inside blocks and was pushed out (least
    /// penetration); `resolved` is false when no push within the limit freed it.
    PushedOut {
        /// The push applied.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
        offset: DVec3,
        /// Whether the body is free now.
        resolved: bool,
    },
    /// The body left the ground with a jump.
    Jumped,
    /// The body came down onto something, at this downward speed.
    Landed {
        /// Speed just before landing (blocks/s, positive).
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
        speed: f64,
    },
    /// A wall stopped horizontal motion; the normal points away from the wall.
    HitWall {
        /// Face normal of the block hit.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
        normal: DVec3,
    },
    /// A ceiling ended upward motion.
    HitCeiling,
    /// The body climbed a ledge without jumping.
    Stepped {
        /// How much higher it ends than it would have without stepping.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
        height: f64,
    },
    /// The body walked off its ground down a step and was kept on the
    /// ground below it ([`Walking::snap_to_ground`](super::Walking::snap_to_ground)).
    Snapped {
        /// How far down it was put.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
        height: f64,
    },
    /// The body started this tick inside a liquid, having started the last
    /// one outside.
    EnteredLiquid,
    /// The body started this tick outside any liquid, having started the last
    /// one inside.
    LeftLiquid,
    /// Sneaking kept the body from walking off a drop on this axis.
    EdgeGuard {
        /// The axis whose motion was cut.
        axis: HorizontalAxis,
    },
    /// Another body pushed this one (or was pushed by it) to end an overlap.
    PushedByBody {
        /// The other body.
        other: BodyHandle,
        /// How far this body moved.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
        offset: DVec3,
    },
    /// A ball bounced off a block, or a body off a bouncy one (slime).
    Bounced {
        /// Face or edge normal of the contact.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
        normal: DVec3,
        /// Speed into the surface before the bounce.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
        speed: f64,
    },
    /// A ball stopped moving on a surface.
    CameToRest,
    /// The body fell [`Collisions::left_world_depth`](super::Collisions::left_world_depth)
    /// below the world's lowest block: it is held there, no longer
    /// simulated, until the game moves it back up.
    LeftWorld,
    /// The body came to stand on a mover: it rides it from now on. A body
    /// added standing on one is told in its first tick, first of its
    /// events.
    Boarded {
        /// The mover.
        mover: MoverHandle,
    },
    /// The body stopped riding a mover (it jumped, walked or fell off, or
    /// the mover left it), keeping some of the mover's velocity
    /// ([`Collisions::leave_platform`](super::Collisions::leave_platform)).
    Alighted {
        /// The mover.
        mover: MoverHandle,
        /// The velocity added to the body's momentum, blocks per second.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
        kept: DVec3,
    },
    /// A mover could not push the body out of its way (a wall or a ceiling
    /// behind it) and stopped against it, waiting ([`CrushRule::Stop`]).
    ///
    /// [`CrushRule::Stop`]: crate::movers::CrushRule::Stop
    Caught {
        /// The mover.
        mover: MoverHandle,
    },
    /// A mover would have crushed the body against a block and stopped
    /// against it: the game decides what happens to the body
    /// ([`CrushRule::Report`]).
    ///
    /// [`CrushRule::Report`]: crate::movers::CrushRule::Report
    Crushed {
        /// The mover.
        mover: MoverHandle,
    },
}

impl Event {
    /// This event's `kind`, as reports and scenario checks name it. A match
    /// over every variant, so a new one cannot be left out of [`Event::KINDS`]
    /// unnoticed (a test compares the two).
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Event::PushedOut { .. } => "pushed_out",
            Event::Jumped => "jumped",
            Event::Landed { .. } => "landed",
            Event::HitWall { .. } => "hit_wall",
            Event::HitCeiling => "hit_ceiling",
            Event::Stepped { .. } => "stepped",
            Event::Snapped { .. } => "snapped",
            Event::EnteredLiquid => "entered_liquid",
            Event::LeftLiquid => "left_liquid",
            Event::EdgeGuard { .. } => "edge_guard",
            Event::PushedByBody { .. } => "pushed_by_body",
            Event::Bounced { .. } => "bounced",
            Event::CameToRest => "came_to_rest",
            Event::LeftWorld => "left_world",
            Event::Boarded { .. } => "boarded",
            Event::Alighted { .. } => "alighted",
            Event::Caught { .. } => "caught",
            Event::Crushed { .. } => "crushed",
        }
    }

    /// The `kind` of every event, as reports and scenario checks name them.
    pub const KINDS: [&'static str; 18] = [
        "pushed_out",
        "jumped",
        "landed",
        "hit_wall",
        "hit_ceiling",
        "stepped",
        "snapped",
        "entered_liquid",
        "left_liquid",
        "edge_guard",
        "pushed_by_body",
        "bounced",
        "came_to_rest",
        "left_world",
        "boarded",
        "alighted",
        "caught",
        "crushed",
    ];
}
