//! What a block does to a body besides stopping it, read from its type's
//! properties: ladders to climb, liquids to swim in, ice to slide on, slime to
//! bounce on, soul sand and honey to slow a walk, honey to weaken a jump,
//! cobwebs to stick in.
//!
//! The numbers are Minecraft's where it has them (1.21, decompiled:
//! `Block` friction, speed and jump factors set in `Blocks`, `LivingEntity`'s
//! `travel`, `handleOnClimbable` and `jumpInLiquid`, `SlimeBlock`,
//! `WebBlock`), in the units Minecraft states them: per tick of its 20 a
//! second, or a plain factor. The controller follows Minecraft's rules with
//! them at any tick rate (`docs/movement.md`).

use super::liquid::{BubbleColumn, Liquid, LiquidKind};
use super::properties::{BlockProperties, PropertyValue};

/// The names of the behaviour properties, as world files and `BlockType::with_property` give them.
pub mod names {
    /// Flag: a body inside climbs it (ladders, vines, scaffolding).
    pub const CLIMBABLE: &str = "climbable";
    /// Number in (0, 1): the share of its velocity a body keeps per 1/20 s
    /// inside this liquid (water 0.8, lava 0.5). Marks the block a liquid.
    pub const LIQUID_DRAG: &str = "liquid_drag";
    /// Number in [0, 1]: the share of gravity that pulls inside the liquid
    /// (water 1/16, lava 1/4).
    pub const LIQUID_GRAVITY: &str = "liquid_gravity";
    /// Whole number in [0, 15]: the liquid's level, as Minecraft's block
    /// states give it (0 a source, 1–7 flowing, 8–15 falling), which sets
    /// its surface ([`Liquid::own_height`](crate::block::Liquid::own_height)).
    /// 0 unless said.
    pub const LIQUID_LEVEL: &str = "liquid_level";
    /// Flag: the liquid follows lava's rules, not water's
    /// ([`LiquidKind`](crate::block::LiquidKind)).
    pub const LAVA: &str = "lava";
    /// Number in [0, 1]: how hard the liquid's current pushes a body, a
    /// tick (Minecraft: water 0.014, lava 0.0023333, and 0.007 for lava in
    /// an ultra-warm dimension such as the Nether). The kind's own unless
    /// said ([`LiquidKind::push`](crate::block::LiquidKind::push)).
    pub const LIQUID_PUSH: &str = "liquid_push";
    /// Number, 1 or −1: a bubble column that lifts (1, over soul sand) or
    /// drags down (−1, over magma) a body inside
    /// ([`BubbleColumn`](crate::block::BubbleColumn)).
    pub const BUBBLE_COLUMN: &str = "bubble_column";
    /// Number in [0.1, 1]: Minecraft's block friction; 0.6 is ordinary
    /// ground, ice 0.98, blue ice 0.989, slime 0.8.
    pub const SLIPPERINESS: &str = "slipperiness";
    /// Number in [0, 1]: a body on or in it keeps this share of its
    /// horizontal momentum after each move (soul sand and honey 0.4).
    pub const SPEED_FACTOR: &str = "speed_factor";
    /// Number in [0, 1]: a jump from it starts at this share of the jump
    /// speed (honey 0.5).
    pub const JUMP_FACTOR: &str = "jump_factor";
    /// Number in [0, 1]: a body landing on it, not sneaking, goes back up at
    /// this share of its landing speed (slime 1, beds 0.66f), and a body
    /// walking on it is damped as on slime (`SlimeBlock.stepOn`) unless
    /// [`BOUNCE_UNDAMPED`] says not.
    pub const BOUNCE: &str = "bounce";
    /// Flag, with `bounce`: a body walking on it keeps its speed, as on a
    /// bed (`BedBlock` has no `stepOn`); without it a bouncy block damps a
    /// walker as slime does.
    pub const BOUNCE_UNDAMPED: &str = "bounce_undamped";
    /// Flag: a body falling beside it, pressed into its side, slides down
    /// at 0.05 blocks a tick (`HoneyBlock.doSlideMovement`). Its boxes must
    /// leave room in the cell's side for the body to reach in (honey's
    /// 1/16 inset).
    pub const WALL_SLIDE: &str = "wall_slide";
    /// Number in (0, 1]: a body inside moves at this share of its horizontal
    /// motion, and starts from rest each tick (cobweb 0.25).
    pub const STUCK_HORIZONTAL: &str = "stuck_horizontal";
    /// Number in (0, 2]: the same for vertical motion (cobweb 0.05f; powder
    /// snow 1.5, which speeds a fall through it as it slows the rest).
    pub const STUCK_VERTICAL: &str = "stuck_vertical";
    /// Flag, with `stuck_*`: only a body whose feet are in the cell is stuck
    /// (powder snow: `entity.getInBlockState().is(this)` for living ones).
    pub const STUCK_AT_FEET: &str = "stuck_at_feet";
    /// Flag, with `one_way`: a sneaking body passes down through it
    /// (scaffolding: `isDescending`).
    pub const SNEAK_THROUGH: &str = "sneak_through";
    /// Whole number in [1, 2³² − 1]: the collision layers the block is on,
    /// as bits (1, layer 0, unless said). A body meets it only when its
    /// `collision_mask` shares a bit; a query's filter likewise.
    pub const COLLISION_LAYERS: &str = "collision_layers";
    /// Flag: solid only from above (a platform a body jumps up through and
    /// lands on): a body meets it only while its feet are not below the
    /// block's top.
    pub const ONE_WAY: &str = "one_way";
    /// Flag: falling liquid beside it is not turned down its side: its faces
    /// do not count as the wall a waterfall's current runs down (ice:
    /// `FlowingFluid.isSolidFace` passes over `IceBlock`).
    pub const NO_WATERFALL_WALL: &str = "no_waterfall_wall";

    /// What a game's own properties begin with: voxwalk stores and
    /// round-trips them and gives them no meaning, and a name outside this
    /// namespace that is not a behaviour is refused (a typo of one).
    pub const CUSTOM_PREFIX: &str = "custom.";

    /// Every behaviour property.
    pub const ALL: [&str; 20] = [
        CLIMBABLE,
        LIQUID_DRAG,
        LIQUID_GRAVITY,
        LIQUID_LEVEL,
        LAVA,
        LIQUID_PUSH,
        BUBBLE_COLUMN,
        SLIPPERINESS,
        SPEED_FACTOR,
        JUMP_FACTOR,
        BOUNCE,
        BOUNCE_UNDAMPED,
        WALL_SLIDE,
        STUCK_HORIZONTAL,
        STUCK_VERTICAL,
        STUCK_AT_FEET,
        COLLISION_LAYERS,
        ONE_WAY,
        SNEAK_THROUGH,
        NO_WATERFALL_WALL,
    ];
}

use names::{
    BOUNCE, BOUNCE_UNDAMPED, BUBBLE_COLUMN, CLIMBABLE, COLLISION_LAYERS, JUMP_FACTOR, LAVA,
    LIQUID_DRAG, LIQUID_GRAVITY, LIQUID_LEVEL, LIQUID_PUSH, NO_WATERFALL_WALL, ONE_WAY,
    SLIPPERINESS, SNEAK_THROUGH, SPEED_FACTOR, STUCK_AT_FEET, STUCK_HORIZONTAL, STUCK_VERTICAL,
    WALL_SLIDE,
};

/// The collision layer a block or body is on unless said: layer 0.
pub const DEFAULT_LAYERS: u32 = 1;

/// Minecraft's friction of ordinary ground.
pub const DEFAULT_SLIPPERINESS: f64 = 0.6;
/// The range a block's slipperiness is taken in: below it a body would
/// stop dead, above 1 it would speed up on its own.
pub(crate) const SLIPPERINESS_RANGE: (f64, f64) = (0.1, 1.0);

/// A block type's behaviours, parsed once when it is registered.
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::struct_excessive_bools)] // one flag per behaviour property
pub struct Behaviour {
    /// A body inside climbs.
    pub climbable: bool,
    /// A body inside swims.
    pub liquid: Option<Liquid>,
    /// A body inside is lifted or dragged down.
    pub bubble_column: Option<BubbleColumn>,
    /// Friction underfoot, Minecraft's scale ([`DEFAULT_SLIPPERINESS`] plain).
    pub slipperiness: f64,
    /// Walking speed underfoot, as a share.
    pub speed_factor: f64,
    /// Jump speed from it, as a share.
    pub jump_factor: f64,
    /// Share of landing speed sent back up.
    pub bounce: f64,
    /// A walker on it keeps its speed (a bed); else a bouncy block damps it.
    pub bounce_undamped: bool,
    /// A body falling pressed into its side slides down slowly (honey).
    pub wall_slide: bool,
    /// Shares of motion kept inside (horizontal, vertical).
    pub stuck: Option<[f64; 2]>,
    /// Stuck only with the feet in the cell (powder snow).
    pub stuck_at_feet: bool,
    /// The collision layers it is on, as bits.
    pub layers: u32,
    /// Solid only from above.
    pub one_way: bool,
    /// One-way, and a sneaking body passes down through it.
    pub sneak_through: bool,
    /// Not a wall to a waterfall's current (ice).
    pub no_waterfall_wall: bool,
}

impl Default for Behaviour {
    fn default() -> Self {
        Self::PLAIN
    }
}

impl Behaviour {
    /// No behaviour: a block that only stops bodies, or nothing at all.
    pub const PLAIN: Behaviour = Behaviour {
        climbable: false,
        liquid: None,
        bubble_column: None,
        slipperiness: DEFAULT_SLIPPERINESS,
        speed_factor: 1.0,
        jump_factor: 1.0,
        bounce: 0.0,
        bounce_undamped: false,
        wall_slide: false,
        stuck: None,
        stuck_at_feet: false,
        layers: DEFAULT_LAYERS,
        one_way: false,
        sneak_through: false,
        no_waterfall_wall: false,
    };

    /// The behaviours `properties` give, or the first property that is
    /// wrong, with what is wrong: a value out of its range, or a name that
    /// is neither a behaviour ([`names::ALL`]) nor a game's own
    /// (`custom.…`), with the nearest behaviour's name.
    ///
    /// ```
    /// use voxwalk::block::{Behaviour, BlockProperties, PropertyValue};
    /// let mut ice = BlockProperties::default();
    /// ice.set("slipperiness", PropertyValue::Number(0.98));
    /// ice.set("custom.sound", PropertyValue::Number(3.0)); // the game's own
    /// assert_eq!(Behaviour::from_properties(&ice).unwrap().slipperiness, 0.98);
    /// ice.set("bounce", PropertyValue::Number(2.0));
    /// assert!(Behaviour::from_properties(&ice).is_err());
    ///
    /// let mut ladder = BlockProperties::default();
    /// ladder.set("climable", PropertyValue::Flag(true));
    /// let (name, problem) = Behaviour::from_properties(&ladder).unwrap_err();
    /// assert_eq!(name, "climable");
    /// assert!(problem.contains("did you mean climbable"), "{problem}");
    /// ```
    ///
    /// # Errors
    /// The property's name and the problem.
    pub fn from_properties(properties: &BlockProperties) -> Result<Behaviour, (String, String)> {
        for (name, _) in properties.iter() {
            check_name(name)?;
        }
        let mut b = Behaviour::PLAIN;
        let number = |name, lo, lo_open, hi| number_in(properties, name, lo, lo_open, hi);
        if let Some(f) = flag(properties, CLIMBABLE)? {
            b.climbable = f;
        }
        b.liquid = liquid(properties)?;
        b.bubble_column = match number(BUBBLE_COLUMN, -1.0, false, 1.0)? {
            None => None,
            Some(1.0) => Some(BubbleColumn::Lifts),
            Some(-1.0) => Some(BubbleColumn::Drags),
            Some(other) => {
                return Err((
                    BUBBLE_COLUMN.to_owned(),
                    format!("{other} is neither 1 (lifts) nor -1 (drags down)"),
                ));
            }
        };
        if let Some(s) = number(
            SLIPPERINESS,
            SLIPPERINESS_RANGE.0,
            false,
            SLIPPERINESS_RANGE.1,
        )? {
            b.slipperiness = s;
        }
        if let Some(s) = number(SPEED_FACTOR, 0.0, false, 1.0)? {
            b.speed_factor = s;
        }
        if let Some(s) = number(JUMP_FACTOR, 0.0, false, 1.0)? {
            b.jump_factor = s;
        }
        if let Some(s) = number(BOUNCE, 0.0, false, 1.0)? {
            b.bounce = s;
        }
        if let Some(f) = flag(properties, BOUNCE_UNDAMPED)? {
            if properties.get(BOUNCE).is_none() {
                return Err((
                    BOUNCE_UNDAMPED.to_owned(),
                    format!("needs {BOUNCE}, the share of a landing sent back up"),
                ));
            }
            b.bounce_undamped = f;
        }
        if let Some(layers) = number(COLLISION_LAYERS, 1.0, false, f64::from(u32::MAX))? {
            if layers.fract() != 0.0 {
                return Err((
                    COLLISION_LAYERS.to_owned(),
                    format!("{layers} is not a whole number of layer bits"),
                ));
            }
            b.layers = layers as u32;
        }
        if let Some(f) = flag(properties, WALL_SLIDE)? {
            b.wall_slide = f;
        }
        if let Some(f) = flag(properties, ONE_WAY)? {
            b.one_way = f;
        }
        if let Some(f) = flag(properties, SNEAK_THROUGH)? {
            if !b.one_way {
                return Err((
                    SNEAK_THROUGH.to_owned(),
                    format!("needs {ONE_WAY}: only a one-way top can be sneaked through"),
                ));
            }
            b.sneak_through = f;
        }
        if let Some(f) = flag(properties, NO_WATERFALL_WALL)? {
            b.no_waterfall_wall = f;
        }
        (b.stuck, b.stuck_at_feet) = stuck(properties)?;
        Ok(b)
    }

    /// Whether it does nothing to a body but stop it (its layers and
    /// one-way side say whether it stops one, not what it does; a liquid's
    /// current reads its faces, not the body).
    #[must_use]
    pub fn is_plain(&self) -> bool {
        Behaviour {
            layers: DEFAULT_LAYERS,
            one_way: false,
            sneak_through: false,
            no_waterfall_wall: false,
            ..*self
        } == Behaviour::PLAIN
    }

    /// Whether some body may pass it that another meets: it is on other
    /// layers than the default, or solid from above only.
    #[must_use]
    pub fn filters_collisions(&self) -> bool {
        self.layers != DEFAULT_LAYERS || self.one_way
    }

    /// Whether it acts on a body inside it (climbing, swimming, sticking).
    #[must_use]
    pub fn acts_inside(&self) -> bool {
        self.climbable
            || self.liquid.is_some()
            || self.stuck.is_some()
            || self.bubble_column.is_some()
    }
}

/// The liquid the properties make, if any: `liquid_drag` makes one, and the
/// other liquid properties need it.
fn liquid(properties: &BlockProperties) -> Result<Option<Liquid>, (String, String)> {
    let number = |name, lo, lo_open, hi| number_in(properties, name, lo, lo_open, hi);
    let gravity = number(LIQUID_GRAVITY, 0.0, false, 1.0)?;
    let level = number(LIQUID_LEVEL, 0.0, false, f64::from(Liquid::MAX_LEVEL))?;
    let lava = flag(properties, LAVA)?;
    let push = number(LIQUID_PUSH, 0.0, false, 1.0)?;
    let Some(drag) = number(LIQUID_DRAG, 0.0, true, 1.0)? else {
        let given = [
            (LIQUID_GRAVITY, gravity.is_some()),
            (LIQUID_LEVEL, level.is_some()),
            (LAVA, lava.is_some()),
            (LIQUID_PUSH, push.is_some()),
        ];
        return match given.iter().find(|(_, set)| *set) {
            Some((name, _)) => Err((
                (*name).to_owned(),
                format!("needs {LIQUID_DRAG}, which makes the block a liquid"),
            )),
            None => Ok(None),
        };
    };
    if drag >= 1.0 {
        // The share kept per 1/20 s: keeping it all, a body in the liquid
        // never settles, and its tick's closed form divides by 1 − drag.
        return Err((
            LIQUID_DRAG.to_owned(),
            format!("{drag} is outside (0, 1): a liquid that keeps all momentum never settles"),
        ));
    }
    if let Some(level) = level
        && level.fract() != 0.0
    {
        return Err((
            LIQUID_LEVEL.to_owned(),
            format!("{level} is not a whole level"),
        ));
    }
    let kind = if lava == Some(true) {
        LiquidKind::Lava
    } else {
        LiquidKind::Water
    };
    Ok(Some(Liquid {
        drag,
        gravity: gravity.unwrap_or(1.0),
        kind,
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // checked: 0..=15
        level: level.map_or(0, |l| l as u8),
        push: push.unwrap_or(kind.push()),
    }))
}

/// The shares of motion kept inside a block, and whether only the feet count.
type StuckShares = (Option<[f64; 2]>, bool);

/// The shares of motion a body stuck inside keeps (`stuck_*`), and whether
/// only its feet count (`stuck_at_feet`, which needs one of them).
fn stuck(properties: &BlockProperties) -> Result<StuckShares, (String, String)> {
    let horizontal = number_in(properties, STUCK_HORIZONTAL, 0.0, true, 1.0)?;
    let vertical = number_in(properties, STUCK_VERTICAL, 0.0, true, 2.0)?;
    let stuck = (horizontal.is_some() || vertical.is_some())
        .then(|| [horizontal.unwrap_or(1.0), vertical.unwrap_or(1.0)]);
    let at_feet = flag(properties, STUCK_AT_FEET)?;
    if at_feet.is_some() && stuck.is_none() {
        return Err((
            STUCK_AT_FEET.to_owned(),
            format!("needs {STUCK_HORIZONTAL} or {STUCK_VERTICAL}"),
        ));
    }
    Ok((stuck, at_feet.unwrap_or(false)))
}

/// The flag `name` holds, if set; an error if it holds a number.
fn flag(properties: &BlockProperties, name: &str) -> Result<Option<bool>, (String, String)> {
    match properties.get(name) {
        None => Ok(None),
        Some(PropertyValue::Flag(f)) => Ok(Some(f)),
        Some(PropertyValue::Number(_)) => {
            Err((name.to_owned(), "is true or false, not a number".to_owned()))
        }
    }
}

/// The number `name` holds, if set; an error if it is a flag or out of
/// `lo..=hi` (`lo` itself excluded when `lo_open`).
fn number_in(
    properties: &BlockProperties,
    name: &str,
    lo: f64,
    lo_open: bool,
    hi: f64,
) -> Result<Option<f64>, (String, String)> {
    match properties.get(name) {
        None => Ok(None),
        Some(PropertyValue::Flag(_)) => {
            Err((name.to_owned(), "is a number, not true or false".to_owned()))
        }
        Some(PropertyValue::Number(x)) => {
            let low_ok = if lo_open { x > lo } else { x >= lo };
            if low_ok && x <= hi {
                Ok(Some(x))
            } else {
                let open = if lo_open { "(" } else { "[" };
                Err((name.to_owned(), format!("{x} is outside {open}{lo}, {hi}]")))
            }
        }
    }
}

/// Whether `name` is a behaviour or a game's own property; if neither, the
/// problem, naming the nearest behaviour.
fn check_name(name: &str) -> Result<(), (String, String)> {
    if names::ALL.contains(&name) {
        return Ok(());
    }
    if let Some(own) = name.strip_prefix(names::CUSTOM_PREFIX) {
        if own.is_empty() {
            return Err((name.to_owned(), "names nothing after custom.".to_owned()));
        }
        return Ok(());
    }
    let nearest = names::ALL
        .iter()
        .min_by_key(|known| edit_distance(name, known))
        .copied()
        .unwrap_or(names::CLIMBABLE);
    Err((
        name.to_owned(),
        format!(
            "is not a behaviour property; did you mean {nearest}? \
             (a game's own property is named {}{name})",
            names::CUSTOM_PREFIX
        ),
    ))
}

/// Levenshtein distance between two short names, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_changes() {
        assert_eq!(edit_distance("climable", "climbable"), 1);
        assert_eq!(edit_distance("slipperyness", "slipperiness"), 1);
        assert_eq!(edit_distance("", "bounce"), 6);
        assert_eq!(edit_distance("bounce", "bounce"), 0);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
