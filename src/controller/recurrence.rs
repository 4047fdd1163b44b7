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
/// blocks per second, shares per 1/20 s.
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
}

impl Recurrence {
    /// The momentum the rule settles at.
    #[inline]
    #[must_use]
    pub fn settled(&self) -> f64 {
        (self.keep * self.input + self.after) / (1.0 - self.keep)
    }

    /// How much of the momentum's distance from the settled one a tick of
    /// `n` Minecraft ticks moves with, against a whole Minecraft tick: the
    /// average of `keep^t` over the tick, scaled so a 1/20 s tick gives 1.
    #[inline]
    fn share_moved(&self, n: f64) -> f64 {
        (1.0 - self.keep.powf(n)) / (n * (1.0 - self.keep))
    }

    /// The velocity a tick of `n` Minecraft ticks moves with, from momentum
    /// `v`: `X(n) / (n τ)`. At `n = 1` it is `v + input`.
    #[inline]
    #[must_use]
    pub fn rate(&self, v: f64, n: f64) -> f64 {
        let settled = self.settled();
        self.input + settled + self.share_moved(n) * (v - settled)
    }

    /// The momentum after a tick of `n` Minecraft ticks from momentum `v`,
    /// when nothing stopped the move.
    #[inline]
    #[must_use]
    pub fn after_moving(&self, v: f64, n: f64) -> f64 {
        let settled = self.settled();
        settled + (v - settled) * self.keep.powf(n)
    }

    /// The momentum that moves at `rate` over a tick of `n` Minecraft ticks:
    /// where a clamp (a ladder's) holds the velocity moved with, the body
    /// carries on from the momentum that would have moved at the clamp, as
    /// Minecraft's drag acts on the clamped velocity.
    #[inline]
    #[must_use]
    pub fn momentum_moving_at(&self, rate: f64, n: f64) -> f64 {
        let settled = self.settled();
        settled + (rate - self.input - settled) / self.share_moved(n)
    }

    /// The momentum after something set the velocity moved with to `moved`
    /// once the move was made (a floor that stops it, slime that sends it
    /// back, a ladder's lift): Minecraft applies the drag and `after` of its
    /// tick to the new value, and a tick of any length does the same, once.
    /// (Spread over `n`, a body held against a floor would keep a little of
    /// the tick's momentum against it and float up off it.)
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

    const STONE: Recurrence = Recurrence {
        keep: 0.546,
        input: 1.96,
        after: 0.0,
    };
    const FALL: Recurrence = Recurrence {
        keep: 0.98,
        input: 0.0,
        after: -0.98 * 1.6,
    };

    #[test]
    fn one_minecraft_tick_is_minecrafts_rule() {
        for rule in [STONE, FALL] {
            for v in [-3.0, 0.0, 0.5, 8.4] {
                let (u, next) = rule.minecraft_tick(v);
                let rate = rule.rate(v, 1.0);
                assert!((rate - u).abs() < 1e-12, "{rule:?} v={v}: {rate} vs {u}");
                let after = rule.after_moving(v, 1.0);
                let back = rule.momentum_moving_at(rate, 1.0);
                assert!((back - v).abs() < 1e-12, "{rule:?} v={v}");
                assert!((after - next).abs() < 1e-12, "{rule:?} v={v}");
            }
        }
    }

    #[test]
    fn three_short_ticks_land_where_one_long_tick_does() {
        for rule in [STONE, FALL] {
            let (u, next) = rule.minecraft_tick(2.0);
            let (mut v, mut moved) = (2.0, 0.0);
            for _ in 0..3 {
                let rate = rule.rate(v, 1.0 / 3.0);
                moved += rate / 3.0;
                v = rule.after_moving(v, 1.0 / 3.0);
            }
            assert!((moved - u).abs() < 1e-12, "{rule:?}: moved {moved} vs {u}");
            assert!((v - next).abs() < 1e-12, "{rule:?}: momentum {v} vs {next}");
        }
    }

    #[test]
    fn a_rule_that_forgets_moves_at_its_settled_velocity() {
        let lift = Recurrence {
            keep: 0.0,
            input: 0.0,
            after: 2.352,
        };
        for n in [0.1, 1.0 / 3.0, 1.0, 2.0] {
            assert!((lift.rate(2.352, n) - 2.352).abs() < 1e-12);
        }
    }
}
