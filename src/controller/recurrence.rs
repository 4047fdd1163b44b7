//! Minecraft's per-tick velocity rule on one axis, and how a tick of any
//! length follows it.
//!
//! Every way Minecraft moves a player (`LivingEntity.travelInAir`,
//! `travelInFluid`, creative flight) has one shape on each axis:
//!
//! ```text
//! moved with   u  = v + a          (the input, added before the move)
//! next         v' = keep · u + e   (drag after the move, then e: gravity in liquids)
//! ```
//!
//! where `v` is the momentum a tick starts with (Minecraft's
//! `deltaMovement`), `keep` the share of it kept per 1/20 s, `a` what the
//! tick adds before the body moves and `e` what it adds after. In the air,
//! gravity is subtracted before the drag, so it is `e = −keep · g`.
//!
//! Seen over many ticks this is a linear recurrence with a fixed point,
//! `v* = (keep · a + e) / (1 − keep)`, and a body's position after any whole
//! number `k` of Minecraft ticks is a closed form in `k`: Minecraft's own
//! positions lie on the curve
//!
//! ```text
//! X(k) = τ · [ k · (a + v*) + (v − v*) · (1 − keep^k) / (1 − keep) ]      τ = 1/20 s
//! ```
//!
//! A tick that is `n` Minecraft ticks long (`n = 20 / tick_rate`) moves the
//! body along that curve, `X(n)`, and leaves it the momentum the curve has
//! there, `v* + (v − v*) · keep^n`. At 20 ticks a second (`n = 1`) that is
//! Minecraft's rule itself; at any other rate, a body under the same inputs
//! is where Minecraft's would be at every 1/20 s, so top speeds, glides and
//! free flight are Minecraft's whatever the tick length. No constant depends
//! on the rate: it enters only as the exponent `n`.

/// One axis of one tick of Minecraft's velocity rule (module docs): all in
/// blocks per second, shares per 1/20 s. What the tick length makes of it
/// (the powers of `keep`) is worked out once, when the rule is made, since
/// the rule is asked several times a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Recurrence {
    /// Share of the momentum kept per 1/20 s, after the move; in [0, 1).
    /// Zero is a rule that forgets the momentum each 1/20 s (a cobweb, a
    /// ladder's lift).
    pub keep: f64,
    /// Added before the move, and moved with.
    pub input: f64,
    /// Added after the drag.
    pub after: f64,
    /// Minecraft ticks a tick lasts.
    n: f64,
    /// `keep^n`.
    kept: f64,
    /// The momentum the rule settles at.
    settled: f64,
    /// How much of the momentum's distance from the settled one a tick
    /// moves with, against a whole Minecraft tick: the average of `keep^t`
    /// over the tick, scaled so a 1/20 s tick gives 1.
    share_moved: f64,
}

impl Recurrence {
    /// The rule for ticks `n` Minecraft ticks long.
    #[inline]
    #[must_use]
    pub fn new(keep: f64, input: f64, after: f64, n: f64) -> Recurrence {
        // One Minecraft tick (20 ticks a second) needs no power at all.
        let kept = if n == 1.0 {
            keep
        } else {
            crate::math::powf(keep, n)
        };
        let share_moved = if n == 1.0 {
            1.0
        } else {
            (1.0 - kept) / (n * (1.0 - keep))
        };
        Recurrence {
            keep,
            input,
            after,
            n,
            kept,
            settled: (keep * input + after) / (1.0 - keep),
            share_moved,
        }
    }

    /// The same rule with another share kept.
    #[inline]
    #[must_use]
    pub fn with_keep(&self, keep: f64) -> Recurrence {
        if keep == self.keep {
            *self
        } else {
            Recurrence::new(keep, self.input, self.after, self.n)
        }
    }

    /// The same rule with another input: the powers of `keep` are kept.
    #[inline]
    #[must_use]
    pub fn with_input(&self, input: f64) -> Recurrence {
        Recurrence {
            input,
            settled: (self.keep * input + self.after) / (1.0 - self.keep),
            ..*self
        }
    }

    /// The same rule for ticks `n` Minecraft ticks long.
    #[inline]
    #[must_use]
    pub fn lasting(&self, n: f64) -> Recurrence {
        Recurrence::new(self.keep, self.input, self.after, n)
    }

    /// The velocity a tick moves with, from momentum `v`: `X(n) / (n τ)`.
    /// At `n = 1` it is `v + input`.
    #[inline]
    #[must_use]
    pub fn rate(&self, v: f64) -> f64 {
        self.input + self.settled + self.share_moved * (v - self.settled)
    }

    /// The momentum after a tick from momentum `v`, when nothing stopped
    /// the move.
    #[inline]
    #[must_use]
    pub fn after_moving(&self, v: f64) -> f64 {
        self.settled + (v - self.settled) * self.kept
    }

    /// The momentum that moves at `rate` over a tick: where a clamp (a
    /// ladder's) holds the velocity moved with, the body carries on from the
    /// momentum that would have moved at the clamp, as Minecraft's drag acts
    /// on the clamped velocity.
    #[inline]
    #[must_use]
    pub fn momentum_moving_at(&self, rate: f64) -> f64 {
        self.settled + (rate - self.input - self.settled) / self.share_moved
    }

    /// The momentum after something set the velocity moved with to `moved`
    /// once the move was made (a floor that stops it, slime that sends it
    /// back, a ladder's lift): Minecraft applies the drag and `after` of its
    /// tick to the new value, and a tick of any length does the same, once.
    /// (Spread over the tick, a body held against a floor would keep a
    /// little of the tick's momentum against it and float up off it.)
    #[inline]
    #[must_use]
    pub fn after_event(&self, moved: f64) -> f64 {
        self.keep * moved + self.after
    }

    /// Minecraft's rule, one tick, for comparison in the tests.
    #[cfg(test)]
    fn minecraft_tick(&self, v: f64) -> (f64, f64) {
        let u = v + self.input;
        (u, self.keep * u + self.after)
    }
}

#[cfg(test)]
mod tests {
    use super::Recurrence;

    fn stone(n: f64) -> Recurrence {
        Recurrence::new(0.546, 1.96, 0.0, n)
    }
    fn fall(n: f64) -> Recurrence {
        Recurrence::new(0.98, 0.0, -0.98 * 1.6, n)
    }

    #[test]
    fn one_minecraft_tick_is_minecrafts_rule() {
        for rule in [stone(1.0), fall(1.0)] {
            for v in [-3.0, 0.0, 0.5, 8.4] {
                let (u, next) = rule.minecraft_tick(v);
                let rate = rule.rate(v);
                assert!((rate - u).abs() < 1e-12, "{rule:?} v={v}: {rate} vs {u}");
                let after = rule.after_moving(v);
                let back = rule.momentum_moving_at(rate);
                assert!((back - v).abs() < 1e-12, "{rule:?} v={v}");
                assert!((after - next).abs() < 1e-12, "{rule:?} v={v}");
            }
        }
    }

    #[test]
    fn three_short_ticks_land_where_one_long_tick_does() {
        for (whole, third) in [(stone(1.0), stone(1.0 / 3.0)), (fall(1.0), fall(1.0 / 3.0))] {
            let (u, next) = whole.minecraft_tick(2.0);
            let (mut v, mut moved) = (2.0, 0.0);
            for _ in 0..3 {
                moved += third.rate(v) / 3.0;
                v = third.after_moving(v);
            }
            assert!((moved - u).abs() < 1e-12, "{whole:?}: moved {moved} vs {u}");
            assert!(
                (v - next).abs() < 1e-12,
                "{whole:?}: momentum {v} vs {next}"
            );
        }
    }

    #[test]
    fn a_rule_that_forgets_moves_at_its_settled_velocity() {
        for n in [0.1, 1.0 / 3.0, 1.0, 2.0] {
            let lift = Recurrence::new(0.0, 0.0, 2.352, n);
            assert!((lift.rate(2.352) - 2.352).abs() < 1e-12);
        }
    }
}
