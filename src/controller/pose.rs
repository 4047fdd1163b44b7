//! A body's pose: standing, sneaking or crawling, each its own height, and
//! never a taller one where blocks leave no room (Minecraft's
//! `Player.updatePlayerPose`).

use super::body_view::BodyView;
use glam::DVec3;

use super::settings::minecraft;
use super::{Body, Input, Settings};
use crate::geometry::Aabb;
use crate::resolver::{CONTACT_GAP, MoveError, Resolver, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// How a body holds itself, which sets its height.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Pose {
    /// Upright: the body's own height.
    #[default]
    Standing,
    /// Crouched: [`Poses::sneak_height`](super::Poses::sneak_height), while sneaking or where there
    /// is no room to stand.
    Sneaking,
    /// Flat: [`Poses::crawl_height`](super::Poses::crawl_height), where there is no room even to
    /// crouch (Minecraft's swimming and crawling pose).
    Crawling,
}

impl Pose {
    /// The height of a body of `standing_height` in this pose: the pose's
    /// setting, or the standing height if that is lower.
    ///
    /// In the exact collision order a lowered pose is a hair lower than its
    /// setting (twice the contact gap): a body rests [`CONTACT_GAP`] above
    /// its floor and stops that far short of a ceiling, so a crouched body
    /// fits under a ceiling `sneak_height` above its floor, as Minecraft's
    /// player (which rests on the floor itself) does under a slab 1.5 up.
    /// In Minecraft's order ([`vanilla_order`](super::Collisions::vanilla_order))
    /// there is no gap, and the pose is its setting in single precision, as
    /// the client's box is (`EntityDimensions` of floats: 0.6 is 0.6f).
    #[must_use]
    pub fn height(self, settings: &Settings, standing_height: f64) -> f64 {
        let lowered = |setting: f64| {
            let height = if settings.collisions.vanilla_order {
                #[allow(clippy::cast_possible_truncation)] // the client's float
                f64::from(setting as f32)
            } else {
                setting - 2.0 * CONTACT_GAP
            };
            height.min(standing_height)
        };
        match self {
            Pose::Standing => standing_height,
            Pose::Sneaking => lowered(settings.poses.sneak_height),
            Pose::Crawling => lowered(settings.poses.crawl_height),
        }
    }

    /// Where the eyes of a body of `standing_height` are in this pose,
    /// above its feet: the pose's eye setting, at the same share of the
    /// body's height in that pose as Minecraft's player has it (1.62 of
    /// 1.8 standing, 1.27 of 1.5 crouched, 0.4 of 0.6 swimming). A body of
    /// the player's height, in either precision (1.8 or 1.8f), has them
    /// exactly at the setting.
    ///
    /// ```
    /// use voxwalk::controller::{Pose, Settings};
    /// let s = Settings::default();
    /// assert_eq!(Pose::Standing.eye_height(&s, 1.8), f64::from(1.62_f32));
    /// assert_eq!(Pose::Crawling.eye_height(&s, 1.8), f64::from(0.4_f32));
    /// // A giant twice as tall has its eyes twice as high.
    /// assert!((Pose::Standing.eye_height(&s, 3.6) - 2.0 * f64::from(1.62_f32)).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn eye_height(self, settings: &Settings, standing_height: f64) -> f64 {
        let poses = &settings.poses;
        // The pose's height over the height its eye setting belongs to.
        let share = |height: f64, of: f64| {
            let share = height / of;
            if (share - 1.0).abs() < 1e-6 {
                1.0
            } else {
                share
            }
        };
        match self {
            Pose::Standing => poses.eye_height * share(standing_height, minecraft::PLAYER_HEIGHT),
            Pose::Sneaking => {
                let height = standing_height.min(poses.sneak_height);
                poses.sneak_eye_height * share(height, poses.sneak_height)
            }
            Pose::Crawling => {
                let height = standing_height.min(poses.crawl_height);
                poses.crawl_eye_height * share(height, poses.crawl_height)
            }
        }
    }
}

/// Whether `body` has room to stand up where it is: its box at its standing
/// height meets no block it meets (its collision mask, one-way blocks only
/// below its feet).
///
/// ```
/// use voxwalk::controller::{Body, Pose, Settings, room_to_stand};
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::resolver::Resolver;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// let mut world = World::new();
/// world.fill(IVec3::new(-2, -1, -2), IVec3::new(2, -1, 2), BlockId::STONE);
/// world.set_block(IVec3::new(0, 1, 0), BlockId::TOP_SLAB); // a ceiling at 1.5
/// // Crouched under it: 1.5 tall, 1.8 standing.
/// let body = Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE)
///     .unwrap()
///     .posed(Pose::Sneaking, &Settings::default());
/// assert!(!room_to_stand(&world, &mut Resolver::new(), &body).unwrap());
/// world.set_block(IVec3::new(0, 1, 0), BlockId::AIR);
/// assert!(room_to_stand(&world, &mut Resolver::new(), &body).unwrap());
/// ```
///
/// # Errors
/// A [`MoveError`] when the body is outside the resolver's range.
pub fn room_to_stand<W: BlockSource>(
    world: &W,
    resolver: &mut Resolver,
    body: &Body,
) -> Result<bool, MoveError> {
    room_to_stand_in(&BodyView::of(world, None, body), resolver, body)
}

/// [`room_to_stand`] in the world as the body meets it (its layers, one-way
/// blocks under its feet, movers).
pub(crate) fn room_to_stand_in<W: BlockSource>(
    view: &BodyView<'_, W>,
    resolver: &mut Resolver,
    body: &Body,
) -> Result<bool, MoveError> {
    fits(view, resolver, &body.aabb, (body.standing_height, 0.0))
}

/// How far the client deflates the box of a pose it tries
/// (`canPlayerFitWithinBlocksAndEntitiesWhen`).
const MINECRAFT_FIT_INSET: f64 = 1e-7;

/// Whether `aabb` may grow to `height`: it is as tall already, or raising
/// its top that far meets nothing. The box is swept up by the growth: its
/// top face passes through exactly the cells the taller box adds.
///
/// A box's height is the difference of its faces, which moves by the
/// rounding of every move it makes: a growth within [`TOUCH_TOLERANCE`] is
/// that rounding, not a taller pose, and has room even under a ceiling the
/// box touches (Minecraft deflates the box it tries by 10⁻⁷ for the same
/// reason, `canPlayerFitWithinBlocksAndEntitiesWhen`). In Minecraft's
/// collision order, whose poses are exactly the client's, the growth tried
/// is `inset` (that 10⁻⁷) short, as the client's deflated box is: a crouch
/// fits under a ceiling its top would just touch.
fn room_for<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    aabb: &Aabb,
    (height, inset): (f64, f64),
) -> Result<bool, MoveError> {
    let growth = height - (aabb.max.y - aabb.min.y);
    if growth <= TOUCH_TOLERANCE.max(inset) {
        return Ok(true);
    }
    let raised = resolver.move_box(world, *aabb, DVec3::new(0.0, growth - inset, 0.0))?;
    Ok(!raised.blocked.y && raised.depenetration.is_none())
}

/// Sets the body's pose for this tick, as Minecraft does before its
/// `aiStep`: the one the keys ask for (sneaking with the sneak key, unless
/// flying), else the tallest lower one that fits where the body is. The
/// body's box takes the pose's height, its feet where they are.
///
/// A body holding its pose is not looked at: a move never takes a box into
/// a block, so a held pose still fits unless something else moved a block
/// into the box (an edit, a teleport, a mover that reports a crush). The
/// tick finds that out at no cost (its move starts with a push-out) and asks
/// again with `recheck`, which weighs every pose from where the body is.
#[inline]
pub(crate) fn update_pose<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    body: &mut Body,
    input: Input,
    recheck: bool,
) -> Result<(), MoveError> {
    let wanted = wanted_pose(body, input);
    if !recheck
        && wanted == body.pose
        && body.height() == wanted.height(settings, body.standing_height)
    {
        return Ok(());
    }
    change_pose(world, resolver, settings, body, wanted, recheck)
}

/// The pose the keys and the body's state ask for (`getDesiredPose`): a
/// swimmer lies flat, a body sneaking (not flying) crouches.
fn wanted_pose(body: &Body, input: Input) -> Pose {
    if body.swimming && !input.fly {
        Pose::Crawling
    } else if input.sneak && !input.fly {
        Pose::Sneaking
    } else {
        Pose::Standing
    }
}

/// The pose a body that has just stopped swimming takes where it is: the
/// one the keys ask for if it fits, else the tallest lower one that does.
/// The body is not changed.
pub(crate) fn pose_after_swimming<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    body: &Body,
    input: Input,
) -> Result<Pose, MoveError> {
    let mut trial = *body;
    trial.swimming = false;
    pose_after_tick(world, resolver, settings, &trial, input)
}

/// The pose the client's `updatePlayerPose` leaves after a tick under
/// `input` (the one [`update_pose`] takes at the start of the next under
/// the same keys): the body's own where it wants that one, else the one it
/// wants if it fits, else the tallest lower one that does. The body is not
/// changed.
pub(crate) fn pose_after_tick<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    body: &Body,
    input: Input,
) -> Result<Pose, MoveError> {
    let wanted = wanted_pose(body, input);
    if wanted == body.pose && body.height() == wanted.height(settings, body.standing_height) {
        return Ok(body.pose);
    }
    let mut trial = *body;
    change_pose(world, resolver, settings, &mut trial, wanted, false)?;
    Ok(trial.pose)
}

/// The pose `wanted` if it fits where the body is, else the tallest lower
/// one that does; crawling where none does (the smallest box, which the
/// move's push-out then frees as it frees any stuck box). Unless
/// `recheck`, the box as it is is known free (a move never ends inside a
/// block), so only a growth is looked at.
fn change_pose<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    settings: &Settings,
    body: &mut Body,
    wanted: Pose,
    recheck: bool,
) -> Result<(), MoveError> {
    let inset = if settings.collisions.vanilla_order {
        MINECRAFT_FIT_INSET
    } else {
        0.0
    };
    if recheck && reaches_the_feet(world, resolver, &body.aabb)? {
        // A block placed into the body's side, from its feet up: no lower
        // pose gets out of it, and the push-out frees the box as it is. Only
        // a room above that shrank lowers the pose.
        let held = body.pose.height(settings, body.standing_height);
        if wanted.height(settings, body.standing_height) <= held {
            body.pose = wanted;
        }
        body.aabb.max.y = body.aabb.min.y + body.pose.height(settings, body.standing_height);
        return Ok(());
    }
    let mut pose = Pose::Crawling;
    let lower = (wanted == Pose::Standing).then_some(Pose::Sneaking);
    for candidate in std::iter::once(wanted).chain(lower) {
        let height = candidate.height(settings, body.standing_height);
        let room = if recheck {
            fits(world, resolver, &body.aabb, (height, inset))?
        } else {
            room_for(world, resolver, &body.aabb, (height, inset))?
        };
        if room {
            pose = candidate;
            break;
        }
    }
    body.pose = pose;
    body.aabb.max.y = body.aabb.min.y + pose.height(settings, body.standing_height);
    Ok(())
}

/// How high above a box's feet the slice looked at for something reaching
/// down to them is: well under any step, well over the moves' rounding.
const FEET_SLICE: f64 = 0.01;

/// Whether something overlaps `aabb` at its very feet: a wall that reaches
/// the floor the body stands on, which no lower pose avoids.
fn reaches_the_feet<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    aabb: &Aabb,
) -> Result<bool, MoveError> {
    let mut feet = *aabb;
    feet.max.y = feet.min.y + FEET_SLICE.min(aabb.max.y - aabb.min.y);
    let probe = resolver.move_box(world, feet, DVec3::ZERO)?;
    Ok(probe.depenetration.is_some())
}

/// Whether `aabb`, its feet where they are, fits at `height`: a growth
/// needs room above ([`room_for`], which also finds a box stuck where it
/// is); a box kept or lowered must overlap no block.
fn fits<W: BlockSource>(
    world: &BodyView<'_, W>,
    resolver: &mut Resolver,
    aabb: &Aabb,
    (height, inset): (f64, f64),
) -> Result<bool, MoveError> {
    if height - (aabb.max.y - aabb.min.y) > TOUCH_TOLERANCE {
        return room_for(world, resolver, aabb, (height, inset));
    }
    let mut lowered = *aabb;
    lowered.max.y = lowered.min.y + height;
    let probe = resolver.move_box(world, lowered, DVec3::ZERO)?;
    Ok(probe.depenetration.is_none())
}

#[cfg(test)]
mod tests {
    use glam::IVec3;

    use super::*;
    use crate::block::BlockId;
    use crate::world::World;

    /// A standing body pressed against a ceiling (as Minecraft's collision
    /// order leaves it), its height an ulp short of its standing height by
    /// the rounding of its moves: it stays standing.
    #[test]
    fn an_ulp_of_height_is_not_a_taller_pose() {
        let mut world = World::new();
        world.set_block(IVec3::new(0, 2, 0), BlockId::STONE);
        let mut body = Body::new(DVec3::new(0.5, 0.1, 0.5), Body::MINECRAFT_SIZE).unwrap();
        body.aabb.max.y = 2.0;
        body.standing_height = (2.0 - 0.1) + 2.0 * f64::EPSILON;
        assert!(body.height() < body.standing_height);
        let settings = Settings::default();
        let mut resolver = Resolver::new();
        let view = BodyView::of(&world, None, &body);
        update_pose(
            &view,
            &mut resolver,
            &settings,
            &mut body,
            Input::IDLE,
            false,
        )
        .unwrap();
        assert_eq!(body.pose, Pose::Standing);
    }
}
