//! Which mover a body stands on, and what it keeps when it steps off.

use glam::DVec3;

use super::body_view::BodyView;
use super::{Body, Event, RESTING_PROBE, Settings};
use crate::geometry::Aabb;
use crate::movers::{MoverHandle, Movers};
use crate::resolver::{CONTACT_GAP, TOUCH_TOLERANCE};
use crate::world::BlockSource;

/// How far below the feet a mover's top may be for the body to stand on it:
/// a resting body floats [`CONTACT_GAP`] above what it stands on.
const UNDERFOOT: f64 = CONTACT_GAP + RESTING_PROBE;

/// The slot of the mover a grounded body stands on: the highest top of a
/// mover box just under its feet and under some of its base (the first
/// mover in slot order among equals); `None` on the world's blocks or in the
/// air.
pub(crate) fn mover_underfoot<W: BlockSource>(
    view: &BodyView<'_, W>,
    body: &Aabb,
) -> Option<usize> {
    let feet = body.min.y;
    let under = Aabb::new(
        DVec3::new(body.min.x, feet - UNDERFOOT, body.min.z),
        DVec3::new(body.max.x, feet + TOUCH_TOLERANCE, body.max.z),
    );
    let mut best: Option<(f64, usize)> = None;
    view.for_each_mover_box(&under, |slot, aabb| {
        if rests_on(body, &aabb) && best.is_none_or(|(top, _)| aabb.max.y > top) {
            best = Some((aabb.max.y, slot));
        }
    });
    best.map(|(_, slot)| slot)
}

/// Whether a body with box `body` rests on the box `support`: its top just
/// under the feet, and some of the base over it.
#[inline]
pub(crate) fn rests_on(body: &Aabb, support: &Aabb) -> bool {
    let gap = body.min.y - support.max.y;
    (-TOUCH_TOLERANCE..=UNDERFOOT).contains(&gap)
        && support.min.x < body.max.x - TOUCH_TOLERANCE
        && body.min.x < support.max.x - TOUCH_TOLERANCE
        && support.min.z < body.max.z - TOUCH_TOLERANCE
        && body.min.z < support.max.z - TOUCH_TOLERANCE
}

/// After a body's tick among movers: which one it rides now, the events of
/// boarding and leaving, and the velocity it keeps from one it left.
pub(crate) fn settle_riding<W: BlockSource>(
    view: &BodyView<'_, W>,
    movers: &Movers,
    settings: &Settings,
    body: &mut Body,
    before: Option<MoverHandle>,
    events: &mut Vec<Event>,
) {
    let now = if body.grounded {
        mover_underfoot(view, &body.aabb).map(|slot| movers.handle_of(slot))
    } else {
        None
    };
    body.riding = now;
    if now == before {
        return;
    }
    if let Some(left) = before {
        let kept = movers.get(left).map_or(DVec3::ZERO, |m| {
            settings.collisions.leave_platform.kept(m.velocity())
        });
        body.momentum += kept;
        events.push(Event::Alighted { mover: left, kept });
    }
    if let Some(boarded) = now {
        events.push(Event::Boarded { mover: boarded });
    }
}
