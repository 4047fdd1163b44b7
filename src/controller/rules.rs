//! What the blocks around a body, and the keys it holds, do to its motion
//! before the move: Minecraft's velocity rule on each axis for this tick
//! (one [`Recurrence`] per axis), the ladder's clamps and a cobweb's share
//! of the move ([`Rules`]). What it keeps after the move is `momentum.rs`.
//!
//! Each rule cites the method of the 1.21.7 client it follows. The
//! surroundings are read once, at the start of the tick ([`Surroundings`]);
//! the tick (`tick.rs`) says in which order all this happens.

use glam::{DVec2, DVec3};

use super::Settings;
use super::recurrence::Recurrence;
use super::settings::{ground_drag, minecraft};
use super::surroundings::Surroundings;
use crate::block::{Liquid, LiquidKind};

/// The rules a body moves by this tick.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    /// Per axis: x, y, z.
    pub axes: [Recurrence; 3],
    /// On a ladder that lifts the body: the rule its vertical move follows.
    pub lift: Option<Recurrence>,
    /// The horizontal drag before the speed factor, which Minecraft reads
    /// again where the move ended ([`Rules::with_speed_factor`]).
    pub horizontal_drag: f64,
    /// On a ladder: the clamps of `handleOnClimbable` on the velocity moved with.
    pub climbing: Option<Climbing>,
    /// In a cobweb: the shares of the move made (`Entity.makeStuckInBlock`).
    pub stuck: Option<[f64; 2]>,
}

/// The rules of the medium a body moves through, before a ladder or a
/// cobweb changes them: one per horizontal axis, one vertical, and the
/// horizontal drag before the speed factor.
struct Medium {
    horizontal: [Recurrence; 2],
    vertical: Recurrence,
    horizontal_drag: f64,
}

impl Medium {
    /// `Player.travel` in creative flight: the air's drag, no gravity, a
    /// vertical drag of 0.6.
    #[inline]
    fn flight(settings: &Settings, gait: &Gait, n: f64) -> Medium {
        let keep_y = minecraft::FLY_VERTICAL_DRAG;
        Medium {
            horizontal: horizontal(
                gait,
                n,
                settings.air.drag,
                settings.flying.speed * (1.0 - settings.air.drag) / minecraft::INPUT,
            ),
            vertical: Recurrence::new(
                keep_y,
                gait.up_down * settings.flying.vertical_speed * (1.0 - keep_y),
                0.0,
                n,
            ),
            horizontal_drag: settings.air.drag,
        }
    }

    /// `travelInFluid`: the liquid's drag on every axis after the move, its
    /// share of gravity after that; `jumpInLiquid` while jump is held. In
    /// lava no deeper than the jump threshold, Minecraft keeps 0.8 of the
    /// vertical momentum instead and adds `getFluidFallingAdjustedMovement`'s
    /// sixteenth of gravity (not while sprinting).
    #[inline]
    fn liquid(
        settings: &Settings,
        gait: &Gait,
        liquid: Liquid,
        shallow_lava: bool,
        n: f64,
    ) -> Medium {
        let rise = f64::from(u8::from(gait.jump)) - f64::from(u8::from(gait.sinking));
        let (keep_y, gravity) = if shallow_lava {
            let falling = if gait.sprinting {
                0.0
            } else {
                minecraft::FLUID_FALLING
            };
            (
                minecraft::SHALLOW_LAVA_VERTICAL_DRAG,
                liquid.gravity + falling,
            )
        } else if gait.sprinting && liquid.kind == LiquidKind::Water {
            // A sprinting body is spared water's share of gravity
            // (`getFluidFallingAdjustedMovement`).
            (liquid.drag, 0.0)
        } else {
            (liquid.drag, liquid.gravity)
        };
        // Water lets a sprinting body keep more of its speed (`travelInWater`).
        let horizontal_drag = if gait.sprinting && liquid.kind == LiquidKind::Water {
            settings.swimming.sprint_drag
        } else {
            liquid.drag
        };
        Medium {
            horizontal: horizontal(
                gait,
                n,
                horizontal_drag,
                per_tick(settings.swimming.acceleration),
            ),
            vertical: Recurrence::new(
                keep_y,
                rise * per_tick(settings.swimming.up_acceleration),
                -per_tick(settings.air.gravity) * gravity,
                n,
            ),
            horizontal_drag,
        }
    }

    /// `travelInAir`: on the ground, the block's friction in the drag and in
    /// the input (`getFrictionInfluencedSpeed`); the speed factor inside the
    /// move (`Entity.move`); gravity before the vertical drag.
    #[inline]
    fn air(settings: &Settings, gait: &Gait, speed_factor: f64, n: f64) -> Medium {
        let (horizontal_drag, per_unit_wish) = match gait.ground_slipperiness {
            Some(slipperiness) => (
                ground_drag(slipperiness, settings.air.drag),
                ground_input(settings, gait.sprinting, slipperiness),
            ),
            None => (
                settings.air.drag,
                per_tick(if gait.sprinting {
                    settings.air.sprint_acceleration
                } else {
                    settings.air.acceleration
                }),
            ),
        };
        let g = per_tick(settings.air.gravity);
        Medium {
            horizontal: horizontal(gait, n, horizontal_drag * speed_factor, per_unit_wish),
            vertical: Recurrence::new(
                settings.air.vertical_drag,
                0.0,
                -settings.air.vertical_drag * g,
                n,
            ),
            horizontal_drag,
        }
    }
}

/// The two horizontal rules: the same drag, each axis its share of the wish.
#[inline]
fn horizontal(gait: &Gait, n: f64, keep: f64, per_unit_wish: f64) -> [Recurrence; 2] {
    let x = Recurrence::new(keep, gait.wish.x * per_unit_wish, 0.0, n);
    [x, x.with_input(gait.wish.y * per_unit_wish)]
}

/// A per-second acceleration as Minecraft's per-tick one.
#[inline]
fn per_tick(acceleration: f64) -> f64 {
    acceleration / minecraft::TICKS
}

/// A ladder's hold on a body (`LivingEntity.handleOnClimbable`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Climbing {
    /// Fastest sideways velocity on each horizontal axis.
    pub sideways: f64,
    /// Fastest slide down.
    pub descent: f64,
    /// Sneaking holds the body still (not in scaffolding).
    pub sneak_holds: bool,
}

/// What the body does this tick, as far as its rules care.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools)] // one flag per key or state the rules read
pub(crate) struct Gait {
    /// The keys' wish, world frame, in Minecraft's input units (0.98 long
    /// walking straight, at most 1).
    pub wish: DVec2,
    pub sprinting: bool,
    pub flying: bool,
    pub jump: bool,
    /// Sneaking in a liquid: sinks as fast as jump rises (`goDownInWater`).
    pub sinking: bool,
    pub up_down: f64,
    /// The ladder will lift the body this tick (`jumping` or against a wall).
    pub lifted: bool,
    /// Slipperiness of the ground the body stands on, or took off from
    /// within the last 1/20 s; `None` in the air.
    pub ground_slipperiness: Option<f64>,
}

impl Rules {
    /// The rules for a body with `gait` in `around` (`None`: plain ground or air).
    pub fn new(settings: &Settings, gait: &Gait, around: Option<&Surroundings>) -> Rules {
        let around = around.copied().unwrap_or(Surroundings::NONE);
        let n = settings.minecraft_ticks();
        let Medium {
            horizontal: [x, z],
            vertical: y,
            horizontal_drag,
        } = if gait.flying {
            Medium::flight(settings, gait, n)
        } else if let Some(liquid) = around.liquid {
            let shallow_lava = liquid.kind == LiquidKind::Lava
                && around.lava_height <= super::ai_step::FLUID_JUMP_THRESHOLD;
            Medium::liquid(settings, gait, liquid, shallow_lava, n)
        } else {
            Medium::air(settings, gait, around.speed_factor, n)
        };
        let mut axes = [x, y, z];
        let climbing = (around.climbing && !gait.flying).then_some(Climbing {
            sideways: settings.climbing.horizontal_speed,
            descent: settings.climbing.descent_speed,
            sneak_holds: !around.slides_sneaking,
        });
        // The lift replaces the vertical momentum every 1/20 s: the move of
        // a body it lifts follows a rule that forgets it, settled at the
        // climbing speed. (Whether it lifts is decided again after the
        // move, `tick.rs`.)
        let lift = (climbing.is_some() && gait.lifted)
            .then(|| Recurrence::new(0.0, 0.0, settings.climbing.speed, n));
        if around.stuck.is_some() {
            // A cobweb ends the momentum after every move: what moves the
            // body is one tick's input and gravity, anew each 1/20 s.
            for axis in &mut axes {
                *axis = axis.with_keep(0.0);
            }
        }
        Rules {
            axes,
            lift,
            horizontal_drag,
            climbing,
            stuck: around.stuck,
        }
    }

    /// These rules with the horizontal drag times `speed_factor`, as read
    /// where the move ended; a cobweb's rules forget the momentum anyway.
    pub fn with_speed_factor(mut self, speed_factor: f64) -> Rules {
        if self.stuck.is_none() {
            let keep = self.horizontal_drag * speed_factor;
            self.axes[0] = self.axes[0].with_keep(keep);
            self.axes[2] = self.axes[2].with_keep(keep);
        }
        self
    }

    /// These rules for ticks `n` Minecraft ticks long (a part of a tick).
    pub fn lasting(mut self, n: f64) -> Rules {
        for axis in &mut self.axes {
            *axis = axis.lasting(n);
        }
        self.lift = self.lift.map(|l| l.lasting(n));
        self
    }

    /// The velocity a tick moves with from `momentum`, with the ladder's
    /// clamps (sneaking holds the body on it).
    #[inline]
    pub fn rate(&self, momentum: DVec3, sneaking: bool) -> DVec3 {
        let [x, y, z] = &self.axes;
        let mut rate = DVec3::new(x.rate(momentum.x), y.rate(momentum.y), z.rate(momentum.z));
        if let Some(lift) = self.lift {
            rate.y = lift.rate(momentum.y);
        }
        if let Some(climbing) = self.climbing {
            let side = climbing.sideways;
            rate.x = rate.x.clamp(-side, side);
            rate.z = rate.z.clamp(-side, side);
            rate.y = rate.y.max(-climbing.descent);
            if sneaking && climbing.sneak_holds && rate.y < 0.0 {
                rate.y = 0.0;
            }
        }
        rate
    }
}

/// Velocity added per 1/20 s by a full wish walking on ground of
/// `slipperiness`: the movement speed times Minecraft's
/// `0.21600002 / f³` (`LivingEntity.getFrictionInfluencedSpeed`), which
/// makes ordinary ground's drag and input meet at the walking speed and ice
/// keep almost the same top speed though it grips less. Computed in
/// single precision as Minecraft computes it.
pub(crate) fn ground_input(settings: &Settings, sprinting: bool, slipperiness: f64) -> f64 {
    let top = if sprinting {
        settings.walking.sprint_speed
    } else {
        settings.walking.speed
    };
    // The movement speed whose top on ordinary ground is `top`.
    let plain_keep = ground_drag(minecraft::FRICTION, settings.air.drag);
    let speed = top * (1.0 - plain_keep) / (minecraft::TICKS * minecraft::INPUT);
    let f = slipperiness as f32;
    // On ordinary ground (0.6) this is exactly 1 in single precision.
    let influence = 0.216_000_02_f32 / (f * f * f);
    f64::from(speed as f32 * influence) * minecraft::TICKS
}
