//! The keys that make one step of a plan: the one policy both the planner's
//! checking simulation and the follower run, so a step is walked exactly as
//! it was checked.

use glam::{DVec2, DVec3};

use super::step::{Step, StepKind};
use crate::controller::{Body, Input};

/// How close to the middle of a step's end a body must come, across, to
/// have made it: a step the body stops after (a plan's last, or one before
/// a step made from rest) ends near the middle; the others only need the
/// body in the cell, so it carries on without braking.
const STOPPING_RADIUS: f64 = 0.2;
const PASSING_RADIUS: f64 = 0.45;

/// Turns `body` to face the end of `step` and gives the keys for this tick:
/// forward (a step the body stops after, `stops`, brakes near its end), jump where the
/// step climbs higher than `step_height` or leaps, sprint on a leap, sneak
/// through a low passage.
pub(crate) fn steer(step: &Step, stops: bool, body: &mut Body, step_height: f64) -> Input {
    let feet = body.feet();
    let to = step.to.feet;
    let across = DVec2::new(to.x - feet.x, to.z - feet.z);
    let distance = across.length();
    if distance > 1e-9 {
        body.heading = across / distance;
    }
    let throttle = if stops {
        (distance / 0.5).min(1.0)
    } else {
        1.0
    };
    let mut input = Input {
        analog: DVec2::new(throttle, 0.0),
        ..Input::IDLE
    };
    match step.kind {
        StepKind::Walk | StepKind::Drop => {}
        StepKind::Climb => {
            // Up: jump held lifts the body on the ladder, and walking on
            // carries it off the top. Down: slow to a stop over the foot,
            // and the ladder lets the body down at its own pace.
            input.jump = to.y > feet.y + step_height;
            input.analog.x = (distance / 0.5).min(1.0);
        }
        // Jump held in water keeps the body afloat, and lifts it out where
        // it swims against the bank.
        StepKind::Swim => input.jump = body.in_liquid,
        // Crouched from the start, as a player ducks before a low passage.
        StepKind::Crouch => input.sneak = true,
        StepKind::Jump => input.jump = body.grounded && to.y - feet.y > step_height,
        StepKind::Leap { takeoff, .. } => {
            input.sprint = true;
            input.analog = DVec2::X;
            let centre = takeoff.as_dvec3() + DVec3::new(0.5, 0.0, 0.5);
            let way = DVec2::new(to.x - centre.x, to.z - centre.z).normalize_or_zero();
            // As late as the ground allows: when another 1/20 s at its
            // speed would carry its box's back edge past the takeoff cell's.
            let past = DVec2::new(feet.x - centre.x, feet.z - centre.z).dot(way);
            let speed = DVec2::new(body.momentum.x, body.momentum.z).dot(way) / 20.0;
            let half_width = 0.5 * (body.aabb.max.x - body.aabb.min.x);
            // Grounded past the edge is still on it (its box touches); a
            // body a block further on has landed, and leaps no more.
            let edge = 0.5 + half_width;
            input.jump = body.grounded && past < edge + 0.5 && past + speed >= edge;
        }
    }
    input
}

/// Whether `body` has made `step`: on the ground with its feet in the
/// step's end cell, near its middle across (nearer where it `stops`); for a
/// place afloat, in the liquid with its feet in the end's column, in its
/// top cell or the one below, where its bobbing has them.
pub(crate) fn arrived(step: &Step, stops: bool, body: &Body) -> bool {
    let feet = body.feet();
    let radius = if stops {
        STOPPING_RADIUS
    } else {
        PASSING_RADIUS
    };
    let across = DVec2::new(step.to.feet.x - feet.x, step.to.feet.z - feet.z).length();
    if across >= radius {
        return false;
    }
    let cell = feet.floor().as_ivec3();
    if step.to.afloat {
        // Within a cell of the top: a body dropped in deep comes up first.
        body.in_liquid
            && cell.x == step.to.cell.x
            && cell.z == step.to.cell.z
            && cell.y >= step.to.cell.y - 1
    } else {
        body.grounded && cell == step.to.cell
    }
}
