//! A liquid a block holds: its pull on a body (drag, gravity), its kind
//! (water's rules or lava's) and its level, which sets its surface.
//!
//! Minecraft's liquids (1.21.7, `FlowingFluid`, `FluidState.getHeight`): a
//! source and a falling liquid hold 8 parts of 9, a flowing one at level
//! 1–7 holds 8 − level; a cell's surface is at that many ninths of the
//! block, or at its top where the same liquid lies above. A body is in a
//! liquid when its box, shrunk by 0.001, reaches below the surface of a
//! cell it overlaps (`Entity.updateFluidHeightAndDoFluidPushing`).
//! Liquids are the world's cells as given: they neither spread nor drain
//! when blocks change (a game that wants flow writes the cells).

/// Which liquid's rules a liquid follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LiquidKind {
    /// Water's (and any liquid a game defines without saying): a sneaking
    /// swimmer sinks, a sprint stops, the liquid's own speed factor holds.
    Water,
    /// Lava's: no sinking on sneak, a sprint kept, the block under the
    /// lava sets the speed factor, and where the lava is shallower than the
    /// jump threshold its drag is Minecraft's shallow-lava rule.
    Lava,
}

/// A liquid's pull on a body inside it, its kind and its level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Liquid {
    /// Share of velocity kept per 1/20 s.
    pub drag: f64,
    /// Share of gravity.
    pub gravity: f64,
    /// Whose rules it follows.
    pub kind: LiquidKind,
    /// Minecraft's `level`: 0 a source, 1–7 flowing (lower as it spreads),
    /// 8–15 falling.
    pub level: u8,
    /// How hard its current pushes a body, a tick: the scale of the flow
    /// averaged over the cells a body reaches into
    /// ([`LiquidKind::push`] unless the block says).
    pub push: f64,
}

impl LiquidKind {
    /// How hard Minecraft's liquid of this kind pushes a player, a tick
    /// (`Entity.updateInWaterStateAndDoWaterCurrentPushing`, 0.014;
    /// `Entity.updateFluidHeightAndDoFluidPushing`'s lava, 0.0023333, or
    /// [`Liquid::ULTRA_WARM_LAVA_PUSH`] in an ultra-warm dimension).
    ///
    /// ```
    /// use voxwalk::block::LiquidKind;
    /// assert_eq!(LiquidKind::Water.push(), 0.014);
    /// assert!((LiquidKind::Lava.push() - 0.007 / 3.0).abs() < 1e-18);
    /// ```
    #[must_use]
    pub const fn push(self) -> f64 {
        match self {
            LiquidKind::Water => 0.014,
            LiquidKind::Lava => 0.002_333_333_333_333_333_5,
        }
    }
}

impl Liquid {
    /// The highest level a block state gives (`LiquidBlock.LEVEL`).
    pub const MAX_LEVEL: u8 = 15;

    /// How hard lava pushes in a dimension whose type is ultra-warm (the
    /// Nether's), a tick: the lava of such a world says so with its
    /// `liquid_push`, as the importer writes it for a save's Nether.
    pub const ULTRA_WARM_LAVA_PUSH: f64 = 0.007;

    /// The share of its cell the liquid fills with no liquid of its kind
    /// above (`FluidState.getOwnHeight`: its amount over 9, in single
    /// precision as Minecraft computes it): 8/9 for a source or a falling
    /// liquid, (8 − level)/9 flowing.
    ///
    /// ```
    /// use voxwalk::block::{Liquid, LiquidKind};
    /// let at = |level| Liquid {
    ///     drag: 0.8,
    ///     gravity: 1.0 / 16.0,
    ///     kind: LiquidKind::Water,
    ///     level,
    ///     push: LiquidKind::Water.push(),
    /// };
    /// assert_eq!(at(0).own_height(), f64::from(8.0_f32 / 9.0));
    /// assert_eq!(at(3).own_height(), f64::from(5.0_f32 / 9.0));
    /// assert_eq!(at(8).own_height(), at(0).own_height()); // falling
    /// ```
    #[must_use]
    pub fn own_height(&self) -> f64 {
        let amount = if self.level == 0 || self.level >= 8 {
            8
        } else {
            8 - self.level
        };
        f64::from(f32::from(amount) / 9.0)
    }
}

/// Which way a bubble column carries a body (Minecraft's `drag` property:
/// over magma it drags down, over soul sand it lifts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BubbleColumn {
    /// Up: inside, a tick's vertical velocity gains 0.06 up to 0.7; in the
    /// column's top cell (nothing above that stops a body or holds a
    /// liquid) it gains 0.1 up to 1.8 (`Entity.onAboveBubbleColumn`).
    Lifts,
    /// Down: it loses 0.03, to −0.3 inside and −0.9 in the top cell.
    Drags,
}

impl BubbleColumn {
    /// A tick's vertical velocity (blocks a tick) after one column cell's
    /// push, `in_top` for its top cell (`Entity.onInsideBubbleColumn`,
    /// `onAboveBubbleColumn`).
    ///
    /// ```
    /// use voxwalk::block::BubbleColumn::{Drags, Lifts};
    /// assert_eq!(Lifts.pushed(0.0, false), 0.06);
    /// assert_eq!(Lifts.pushed(0.69, false), 0.7); // at most 0.7 inside
    /// assert_eq!(Lifts.pushed(1.75, true), 1.8); // at most 1.8 in the top cell
    /// assert_eq!(Drags.pushed(-0.29, false), -0.3);
    /// assert_eq!(Drags.pushed(-0.89, true), -0.9);
    /// ```
    #[must_use]
    pub fn pushed(self, vertical: f64, in_top: bool) -> f64 {
        match (self, in_top) {
            (BubbleColumn::Lifts, false) => (vertical + 0.06).min(0.7),
            (BubbleColumn::Lifts, true) => (vertical + 0.1).min(1.8),
            (BubbleColumn::Drags, false) => (vertical - 0.03).max(-0.3),
            (BubbleColumn::Drags, true) => (vertical - 0.03).max(-0.9),
        }
    }
}
