//! Swimming as Minecraft's player swims (1.21.7): a body sprinting with its
//! eyes under water lies flat (`Entity.updateSwimming`, the crawling pose),
//! keeps water's sprint drag, and turns its vertical momentum towards where
//! it looks (`Player.travel`). What decides it is where the eyes are
//! (`Entity.updateFluidOnEyes`), which the client reads a tick late.

use glam::{DVec3, IVec3};

use super::Body;
use super::liquid_cells::surface;
use super::settings::minecraft;
use crate::block::LiquidKind;
use crate::world::BlockSource;

/// Whether the body swims this tick (`Entity.updateSwimming`, before
/// `aiStep`): a swimmer goes on while it sprints in water; a body starts
/// when it sprints with its eyes under water and its feet in a water cell.
/// A flyer never swims (`Player.updateSwimming`).
#[inline]
pub(crate) fn swims(body: &Body, in_water: bool, feet_in_water: bool, flying: bool) -> bool {
    let going_on = if body.swimming {
        in_water
    } else {
        body.under_water && feet_in_water
    };
    !flying && body.sprinting && going_on
}

/// The vertical momentum a swimmer moves with, in blocks per second, turned
/// towards its look (`Player.travel`: `y += (look − y) × 0.06`, or 0.085
/// looking down steeply), from `momentum_y`. The turn acts on the momentum
/// after `rise` (what jump or sneak adds before the move, blocks per second,
/// which the tick's rule adds itself): the momentum returned is what, with
/// `rise` added, moves as the client's does.
#[inline]
pub(crate) fn steered(momentum_y: f64, rise: f64, look_up: f64) -> f64 {
    let share = if look_up < minecraft::STEEP_LOOK {
        minecraft::SWIM_STEER_STEEP
    } else {
        minecraft::SWIM_STEER
    };
    let moving = momentum_y + rise;
    let turned = moving + (look_up * minecraft::TICKS - moving) * share;
    turned - rise
}

/// Whether the client turns a swimmer this tick: while it looks level or
/// down, holds jump, or has water or lava 0.9 above its feet (so a swimmer
/// looking up at the surface does not climb out of it).
#[inline]
pub(crate) fn turns(look_up: f64, jump: bool, liquid_at_chest: bool) -> bool {
    look_up <= 0.0 || jump || liquid_at_chest
}

/// The upward share of a look `pitch` degrees down (Minecraft's
/// `getLookAngle().y`: `−Mth.sin(xRot × π/180)` in floats, from the
/// client's table of 65,536 sines).
#[must_use]
pub(crate) fn look_up(pitch: f64) -> f64 {
    #[allow(clippy::cast_possible_truncation)] // the float the client holds
    let radians = pitch as f32 * (std::f32::consts::PI / 180.0);
    // `Mth.sin`: the table's entry for the angle, `(int) (a × 10430.378f)`
    // wrapped to 16 bits, each entry `(float) Math.sin(i × 2π / 65536)`.
    #[allow(clippy::cast_possible_truncation)] // Java's (int) of a float
    let index = (radians * 10_430.378_f32) as i32 & 0xFFFF;
    let angle = f64::from(index) * std::f64::consts::PI * 2.0 / 65_536.0;
    #[allow(clippy::cast_possible_truncation)] // the table holds floats
    let sine = crate::math::sin_cos(angle).0 as f32;
    f64::from(-sine)
}

/// Whether the eyes of `body`, `eye_height` above its feet, are under water
/// (`Entity.updateFluidOnEyes`): the cell they are in holds a water-kind
/// liquid whose surface lies above them.
pub(crate) fn eyes_in_water<W: BlockSource>(world: &W, body: &Body, eye_height: f64) -> bool {
    if !world.may_hold_behaviours(IVec3::MIN, IVec3::MAX) {
        return false;
    }
    let centre = body.aabb.center();
    let eyes = body.aabb.min.y + eye_height;
    let cell = DVec3::new(centre.x, eyes, centre.z).floor().as_ivec3();
    match world.registry().behaviour(world.block(cell)).liquid {
        Some(liquid) if liquid.kind == LiquidKind::Water => surface(world, cell, liquid) > eyes,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_look_is_the_clients_table_sine() {
        assert_eq!(look_up(0.0), 0.0);
        // Straight down: the table's quarter turn, exactly −1.
        assert_eq!(look_up(90.0), -1.0);
        assert_eq!(look_up(-90.0), 1.0);
        // 30° is the table's entry 5461, sin(5461 × 2π/65536) as a float.
        let angle = 5461.0 * std::f64::consts::PI * 2.0 / 65_536.0;
        let expected = -(crate::math::sin_cos(angle).0 as f32);
        assert_eq!(look_up(30.0), f64::from(expected));
    }

    #[test]
    fn a_level_swimmer_loses_six_hundredths_of_its_vertical_momentum() {
        // 1 block/s up, no jump: (0.05 − 0.05 × 0.06) a tick.
        let y = steered(1.0, 0.0, 0.0);
        assert!((y - 0.94).abs() < 1e-12, "{y}");
        // With jump's rise the turn acts on the sum, and the rise is handed back.
        let rise = 0.8;
        let y = steered(1.0, rise, 0.0);
        assert!((y + rise - 1.8 * 0.94).abs() < 1e-12, "{y}");
        // Looking steeply down turns faster, towards −20 blocks/s.
        let y = steered(0.0, 0.0, -1.0);
        assert!((y + 20.0 * 0.085).abs() < 1e-12, "{y}");
    }
}
