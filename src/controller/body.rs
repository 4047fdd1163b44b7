//! A character: a box with a velocity that walks, jumps, flies and climbs.

use glam::{DVec2, DVec3};
use thiserror::Error;

use super::{Contacts, Pose};
use crate::geometry::{Aabb, Mobility};
use crate::movers::MoverHandle;
use crate::resolver::limits::{MAX_BOX_EDGE, MAX_COORDINATE};

/// A box-shaped character.
///
/// The state is the box itself rather than a feet position and a size, so that
/// the exact positions the resolver produces (a body resting on a floor has its
/// bottom exactly [`crate::resolver::CONTACT_GAP`] above it) are kept as they are.
///
/// ```
/// use voxwalk::glam::{DVec2, DVec3};
/// use voxwalk::controller::Body;
/// let body = Body::new(DVec3::new(2.5, 1.0, 2.5), Body::DEFAULT_SIZE).unwrap();
/// assert_eq!(body.feet(), DVec3::new(2.5, 1.0, 2.5));
/// assert_eq!(body.aabb.max.y, 2.8);
/// assert!(Body::new(DVec3::NAN, Body::DEFAULT_SIZE).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::struct_excessive_bools)] // each is a state Minecraft's player keeps
pub struct Body {
    /// Where the body is.
    pub aabb: Aabb,
    /// Where it was before its last tick: a renderer draws between the two
    /// ([`Body::interpolated`]). A body placed by hand should set both
    /// ([`Body::place`]), or it is drawn sliding to its new place.
    pub previous: Aabb,
    /// The velocity the body moved with on its last tick, blocks per second;
    /// zero along what stopped it.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub velocity: DVec3,
    /// The momentum it carries into its next tick, blocks per second:
    /// Minecraft's `deltaMovement` (after the tick's drag), which the next
    /// tick's input adds to. Set this to push a body (a knock-back).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec3"))]
    pub momentum: DVec3,
    /// Standing on something after the last tick.
    pub grounded: bool,
    /// A static body is never moved: not by its input, not by gravity, not by
    /// other bodies.
    pub mobility: Mobility,
    /// Inside a liquid at the start of the last tick (it swam).
    pub in_liquid: bool,
    /// On a climbable block at the start of the last tick (it climbed).
    pub climbing: bool,
    /// Sprinting: started by the sprint key, kept until the body stops
    /// walking, sneaks or runs into a wall (as Minecraft's player).
    pub sprinting: bool,
    /// Swimming: sprinting under water, which lays the body flat (the
    /// crawling pose) and lets its look ([`Input::pitch`]) steer it up and
    /// down (Minecraft's `isSwimming`). It starts with a sprint kept or
    /// started while the eyes are under water and the feet in water, and
    /// ends when the sprint does or the body leaves the water.
    ///
    /// [`Input::pitch`]: super::Input::pitch
    #[cfg_attr(feature = "serde", serde(default))]
    pub swimming: bool,
    /// The eyes were under water when last looked at (Minecraft's
    /// `isUnderWater`, which the client reads a tick late: the look of
    /// two ticks ago). It lets a sprint start or go on in water.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) under_water: bool,
    /// The eyes were under water after the last tick: next tick's
    /// `under_water`. `None` until the body's first tick looks, as the
    /// client's first `baseTick` does where the player stands.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) eyes_in_water: Option<bool>,
    /// Seconds before a held jump may jump again (Minecraft's `noJumpDelay`).
    /// This and the five below are the movement model's bookkeeping: saved
    /// with the body and restored with it, read and written only by ticks.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub(crate) jump_wait: f64,
    /// Jump was held in a tick since the last of Minecraft's (1/20 s): a
    /// jump from the ground waits for the next, at a finer tick rate.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) jump_held: bool,
    /// Seconds left of the jump's first 1/20 s, which brakes as a tick on
    /// the ground would.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub(crate) takeoff: f64,
    /// The slipperiness of the ground the last jump left.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub(crate) takeoff_slipperiness: f64,
    /// The last tick's move met a wall head on, more than 8° off the way it
    /// walked (Minecraft's `horizontalCollision` and not
    /// `minorHorizontalCollision`): it stops a sprint.
    pub(crate) wall_head_on: bool,
    /// Seconds since the momentum cut-off last looked at the momentum: it
    /// does once per 1/20 s, whatever the tick rate.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub(crate) cutoff_clock: f64,
    /// Seconds left in which a jump still leaves as from the ground, after
    /// walking off an edge ([`Jumping::coyote_time`]); 0 on the ground.
    ///
    /// [`Jumping::coyote_time`]: super::Jumping::coyote_time
    #[cfg_attr(feature = "serde", serde(default, with = "crate::serde_exact::float"))]
    pub(crate) coyote: f64,
    /// What stopped the last tick's move: the ground, a ceiling, a wall
    /// (a ladder lifts a body pushing into one). [`Event::HitWall`] is
    /// reported when a wall starts to be touched; this says it still is.
    ///
    /// [`Event::HitWall`]: super::Event::HitWall
    pub touching: Contacts,
    /// The collision layers the body is on, as bits (layer 0 unless said):
    /// another body meets it only if that one's `collision_mask` shares a
    /// bit.
    pub collision_layers: u32,
    /// The layers the body meets, as bits (all unless said): blocks whose
    /// `collision_layers` property shares none are passed through, and
    /// bodies whose `collision_layers` share none neither push it nor are
    /// pushed (rapier's `InteractionGroups`: both ways must agree).
    pub collision_mask: u32,
    /// How it holds itself: standing, sneaking or crawling, which sets the
    /// box's height (a tick changes it, never into a block).
    pub pose: Pose,
    /// Its height standing: what a sneaking or crawling body grows back to
    /// when there is room ([`Body::standing_height`]; set with the box by
    /// [`Body::resize`]).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::float"))]
    pub(crate) standing_height: f64,
    /// Fell below the world ([`Collisions::left_world_depth`]) and is held
    /// there by the simulation, which reported it once
    /// ([`Event::LeftWorld`]); cleared when the game moves it back up.
    ///
    /// [`Collisions::left_world_depth`]: super::Collisions::left_world_depth
    /// [`Event::LeftWorld`]: super::Event::LeftWorld
    pub left_world: bool,
    /// The mover it stands on after its last tick: it moves with it, and
    /// keeps some of its velocity on leaving it
    /// ([`Collisions::leave_platform`](super::Collisions::leave_platform)).
    pub riding: Option<MoverHandle>,
    /// The unit direction `east` walks in, in the x–z plane (x, z); `south` is
    /// a quarter turn clockwise from it seen from above. `(1, 0)` (the default)
    /// makes the inputs the compass directions; a viewer turns it with the camera.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_exact::vec2"))]
    pub heading: DVec2,
}

/// Why a body or ball could not be made.
#[derive(Debug, Error, PartialEq)]
pub enum BodyError {
    /// A position, size or velocity is NaN or infinite.
    #[error("{what} {value:?} is not finite")]
    NotFinite {
        /// Which quantity.
        what: &'static str,
        /// Its value.
        value: [f64; 3],
    },
    /// A size that is not positive or larger than the resolver can take.
    #[error("{what} {value:?} must be positive and at most {limit} on every axis")]
    BadSize {
        /// Which quantity.
        what: &'static str,
        /// Its value.
        value: [f64; 3],
        /// The largest allowed.
        limit: f64,
    },
    /// A velocity or momentum faster than any tick can move a body.
    #[error("{what} {value:?} is faster than {limit} blocks a second on some axis")]
    TooFast {
        /// Which quantity.
        what: &'static str,
        /// Its value.
        value: [f64; 3],
        /// The fastest allowed.
        limit: f64,
    },
    /// A saved number outside the range its rule takes (the slipperiness a
    /// jump took off from, between 0.1 and 1 as a block's).
    #[error("{what} {value} is outside [{lo}, {hi}]")]
    OutOfBounds {
        /// Which quantity.
        what: &'static str,
        /// Its value.
        value: f64,
        /// The least allowed.
        lo: f64,
        /// The most allowed.
        hi: f64,
    },
    /// A position outside the range the resolver works in.
    #[error("position {value:?} is farther from the origin than {limit}")]
    OutOfRange {
        /// The position.
        value: [f64; 3],
        /// The limit.
        limit: f64,
    },
}

impl Body {
    /// The fastest a saved body may move, blocks a second on each axis: a
    /// tick (at least a second long at the slowest rate) then moves it well
    /// within the resolver's longest move
    /// ([`MAX_DISPLACEMENT`](crate::resolver::limits::MAX_DISPLACEMENT)), gravity
    /// and a jump included. A restored state faster than this is refused.
    pub const MAX_SPEED: f64 = crate::resolver::limits::MAX_DISPLACEMENT / 4.0;

    /// The size of a person in block games: 0.6 wide, 1.8 tall, 0.6 deep.
    pub const DEFAULT_SIZE: DVec3 = DVec3::new(0.6, 1.8, 0.6);

    /// Minecraft's player as the client holds it: 0.6 and 1.8 as floats,
    /// widened (`EntityDimensions`), so 1.79999995 tall. With
    /// [`Collisions::vanilla_order`](super::Collisions::vanilla_order)
    /// such a box is moved as the client moves its own, its faces built
    /// around its position (docs/determinism.md).
    ///
    /// ```
    /// use voxwalk::controller::Body;
    /// assert_eq!(Body::MINECRAFT_SIZE.y, f64::from(1.8_f32));
    /// assert!(Body::MINECRAFT_SIZE.y < Body::DEFAULT_SIZE.y);
    /// ```
    pub const MINECRAFT_SIZE: DVec3 = DVec3::new(0.6_f32 as f64, 1.8_f32 as f64, 0.6_f32 as f64);

    /// A dynamic body at rest, feet (bottom centre) at `feet`.
    ///
    /// # Errors
    /// [`BodyError`] for a non-finite position or size, a size that is not
    /// positive or above [`MAX_BOX_EDGE`], or a position beyond [`MAX_COORDINATE`].
    pub fn new(feet: DVec3, size: DVec3) -> Result<Body, BodyError> {
        check_position("feet", feet)?;
        check_size("size", size, MAX_BOX_EDGE)?;
        let aabb = Aabb::from_feet(feet, size);
        Ok(Body {
            aabb,
            previous: aabb,
            velocity: DVec3::ZERO,
            momentum: DVec3::ZERO,
            grounded: false,
            mobility: Mobility::Dynamic,
            in_liquid: false,
            climbing: false,
            sprinting: false,
            swimming: false,
            under_water: false,
            eyes_in_water: None,
            jump_wait: 0.0,
            jump_held: false,
            takeoff: 0.0,
            takeoff_slipperiness: crate::block::DEFAULT_SLIPPERINESS,
            touching: Contacts::default(),
            left_world: false,
            riding: None,
            pose: Pose::Standing,
            collision_layers: crate::block::DEFAULT_LAYERS,
            collision_mask: u32::MAX,
            standing_height: size.y,
            wall_head_on: false,
            cutoff_clock: 0.0,
            coyote: 0.0,
            heading: DVec2::X,
        })
    }

    /// The bottom centre of the box.
    #[inline]
    #[must_use]
    pub fn feet(&self) -> DVec3 {
        self.aabb.feet()
    }

    /// The box's height now (its pose's).
    #[must_use]
    pub fn height(&self) -> f64 {
        self.aabb.max.y - self.aabb.min.y
    }

    /// The box `alpha` of the way from where the body was before its last
    /// tick (0) to where it is (1): what a renderer draws between fixed
    /// ticks, with `alpha` the share of the next tick's time already past.
    /// `alpha` is clamped to `0..=1`.
    ///
    /// ```
    /// use voxwalk::controller::{Body, Controller, Input, Settings};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
    ///
    /// let mut world = World::new();
    /// world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), BlockId::STONE);
    /// let mut body = Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap();
    /// let mut controller = Controller::new(Settings::default()).unwrap();
    /// let east = Input { east: true, ..Input::IDLE };
    /// controller.tick(&world, &mut body, east, &mut Vec::new()).unwrap();
    /// let halfway = body.interpolated(0.5);
    /// assert_eq!(body.interpolated(0.0), body.previous);
    /// assert_eq!(body.interpolated(1.0), body.aabb);
    /// assert!(body.previous.min.x < halfway.min.x && halfway.min.x < body.aabb.min.x);
    /// ```
    #[must_use]
    pub fn interpolated(&self, alpha: f64) -> Aabb {
        // `from + (to - from) * t` rather than glam's `lerp`, so a body that
        // did not move is drawn exactly where it is at every alpha; the
        // ends are returned as they are, so alpha 1 is the box itself.
        let t = alpha.clamp(0.0, 1.0);
        if t >= 1.0 {
            return self.aabb;
        }
        let between = |from: DVec3, to: DVec3| from + (to - from) * t;
        Aabb::new(
            between(self.previous.min, self.aabb.min),
            between(self.previous.max, self.aabb.max),
        )
    }

    /// Puts the body at `aabb` as if it had always been there (a teleport):
    /// drawn there at once, not slid to.
    pub fn place(&mut self, aabb: Aabb) {
        self.aabb = aabb;
        self.previous = aabb;
    }

    /// Turns the body's input frame so `east` walks `degrees` from +x towards +z.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::controller::Body;
    /// let mut body = Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap();
    /// body.set_heading_degrees(90.0);
    /// assert!((body.heading.y - 1.0).abs() < 1e-15); // east now walks towards +z
    /// ```
    pub fn set_heading_degrees(&mut self, degrees: f64) {
        let (sin, cos) = crate::math::sin_cos(degrees.to_radians());
        self.heading = glam::DVec2::new(cos, sin);
    }

    /// Its height standing, which a lowered pose grows back to.
    #[inline]
    #[must_use]
    pub fn standing_height(&self) -> f64 {
        self.standing_height
    }

    /// Gives the body a new size, its feet where they are: it stands at
    /// `size` (its box and its standing height both), and its next tick
    /// lowers its pose where a ceiling leaves no room, as for any body.
    ///
    /// ```
    /// use voxwalk::controller::{Body, Pose};
    /// use voxwalk::glam::DVec3;
    /// let mut body = Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap();
    /// body.resize(DVec3::new(0.9, 2.5, 0.9)).unwrap();
    /// assert_eq!((body.height(), body.standing_height()), (2.5, 2.5));
    /// assert_eq!(body.pose, Pose::Standing);
    /// assert_eq!(body.feet(), DVec3::new(0.5, 0.0, 0.5));
    /// assert!(body.resize(DVec3::new(0.0, 1.0, 1.0)).is_err());
    /// ```
    ///
    /// # Errors
    /// [`BodyError::BadSize`] or [`BodyError::NotFinite`] for a size
    /// [`Body::new`] refuses; the body is unchanged then.
    pub fn resize(&mut self, size: DVec3) -> Result<(), BodyError> {
        check_size("size", size, MAX_BOX_EDGE)?;
        let feet = self.feet();
        self.aabb = Aabb::from_feet(feet, size);
        self.standing_height = size.y;
        self.pose = Pose::Standing;
        Ok(())
    }

    /// The body in `pose`, its box lowered (or raised back) to that pose's
    /// height under `settings`, its feet where they are: a body made
    /// crouching or crawling. A tick keeps the pose only while its keys ask
    /// for it or no taller one fits.
    ///
    /// ```
    /// use voxwalk::controller::{Body, Pose, Settings};
    /// use voxwalk::glam::DVec3;
    /// let settings = Settings::default();
    /// let body = Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap().posed(Pose::Crawling, &settings);
    /// assert!((body.height() - settings.poses.crawl_height).abs() < 1e-6);
    /// assert_eq!(body.standing_height(), 1.8);
    /// ```
    #[must_use]
    pub fn posed(mut self, pose: Pose, settings: &super::Settings) -> Body {
        self.pose = pose;
        self.aabb.max.y = self.aabb.min.y + pose.height(settings, self.standing_height);
        self
    }

    /// The body on collision `layers` (bits: another body meets it only if
    /// its mask shares one), meeting blocks and bodies of the layers in
    /// `mask` ([`Body::collision_layers`], [`Body::collision_mask`]).
    ///
    /// ```
    /// use voxwalk::controller::Body;
    /// use voxwalk::glam::DVec3;
    /// // A ghost: on layer 1 only, meeting only layer 0 (fences on layer 1
    /// // let it through).
    /// let ghost = Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap().with_layers(0b10, 0b01);
    /// assert_eq!((ghost.collision_layers, ghost.collision_mask), (2, 1));
    /// ```
    #[must_use]
    pub fn with_layers(mut self, layers: u32, mask: u32) -> Body {
        self.collision_layers = layers;
        self.collision_mask = mask;
        self
    }

    /// Whether contacts and inputs may move this body.
    #[inline]
    #[must_use]
    pub fn is_static(&self) -> bool {
        self.mobility == Mobility::Static
    }
}

pub(crate) fn check_position(what: &'static str, p: DVec3) -> Result<(), BodyError> {
    if !p.is_finite() {
        return Err(BodyError::NotFinite {
            what,
            value: p.to_array(),
        });
    }
    // Leave room for the body's own extent and a lifetime of moves.
    let limit = MAX_COORDINATE / 2.0;
    if p.abs().max_element() > limit {
        return Err(BodyError::OutOfRange {
            value: p.to_array(),
            limit,
        });
    }
    Ok(())
}

pub(crate) fn check_size(what: &'static str, size: DVec3, limit: f64) -> Result<(), BodyError> {
    if !size.is_finite() {
        return Err(BodyError::NotFinite {
            what,
            value: size.to_array(),
        });
    }
    if size.min_element() <= 0.0 || size.max_element() > limit {
        return Err(BodyError::BadSize {
            what,
            value: size.to_array(),
            limit,
        });
    }
    Ok(())
}
