//! The moves a plan is made of, and the ones worth trying from a place.

use glam::{DVec3, IVec2, IVec3};

use super::standing::{Places, Standing};
use crate::block::LiquidKind;
use crate::world::BlockSource;

/// How a body goes from one place to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StepKind {
    /// Walks over: level, up a step it can climb, or along a diagonal.
    Walk,
    /// Jumps up onto a ledge too high to step onto.
    Jump,
    /// Walks off an edge and falls.
    Drop,
    /// Climbs a ladder or vines: up from where it stands in their column
    /// onto a place beside their top, or down from beside their top to
    /// where they stand on the ground.
    Climb,
    /// Swims across water too deep to stand in, jump held to keep afloat,
    /// and climbs out onto the place beyond.
    Swim,
    /// Walks crouched, sneak held, through a passage too low to stand in
    /// (1.5 blocks for a player) onto the first place beyond it.
    Crouch,
    /// Sprints `run_up` blocks along the way, then jumps across a gap from
    /// the edge of the last of them (`takeoff`).
    Leap {
        /// Blocks of run-up before the takeoff cell.
        run_up: u8,
        /// The cell the body jumps from.
        takeoff: IVec3,
    },
}

/// One move of a plan: where it ends, how, and how many ticks the
/// controller took to make it when the plan was checked.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// Where it ends.
    pub to: Standing,
    /// How.
    pub kind: StepKind,
    /// Ticks the move took in the checking simulation.
    pub ticks: u32,
    /// The follower brings the body to rest before this step: the plan's
    /// checking walk could not make it with the way the body came to it (a
    /// drop into a shaft, a leap, a turn on ice), and made it from rest.
    /// The body stops near the middle of the step before, as at a plan's
    /// end, and waits until it stands still.
    pub brake: bool,
}

/// The eight directions across, the four straight ones first.
pub(crate) const DIRECTIONS: [IVec2; 8] = [
    IVec2::new(1, 0),
    IVec2::new(-1, 0),
    IVec2::new(0, 1),
    IVec2::new(0, -1),
    IVec2::new(1, 1),
    IVec2::new(1, -1),
    IVec2::new(-1, 1),
    IVec2::new(-1, -1),
];

/// What the moves may do: the body's size, the highest drop, the gaps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    pub size: DVec3,
    /// The body's height crouched, where that is lower than its standing
    /// height: passages that low are walked through crouching.
    pub crouch_height: Option<f64>,
    pub step_height: f64,
    pub max_drop: i32,
    /// The widest gap tried, in empty cells between takeoff and landing.
    pub max_gap: i32,
}

/// The moves worth checking from `from`: to the highest place the body can
/// stand in each of the eight neighbouring columns, from one above to
/// `max_drop` below; and, straight ahead, after 0 to 3 blocks of run-up
/// level with `from`, leaps over gaps of 1 to `max_gap` columns with
/// nothing to stand on within a block below, onto places from one above to
/// two below; and leaps off the eight ways, a knight's move across
/// ([`knight_leaps`]).
pub(crate) fn candidates<W: BlockSource>(
    world: &W,
    places: &mut Places,
    reach: &Reach,
    from: &Standing,
    out: &mut Vec<(Standing, StepKind)>,
) {
    out.clear();
    if from.afloat {
        // Afloat, every move is a swim: to the water or the bank beside.
        for d in &DIRECTIONS {
            let column = from.cell + IVec3::new(d.x, 0, d.y);
            if let Some(to) = highest(world, places, column, (1, -reach.max_drop), any) {
                out.push((to, StepKind::Swim));
            }
        }
        return;
    }
    for (index, d) in DIRECTIONS.iter().enumerate() {
        let column = from.cell + IVec3::new(d.x, 0, d.y);
        let next = highest(world, places, column, (1, -reach.max_drop), any);
        if let Some(to) = next {
            let kind = if to.afloat {
                StepKind::Swim
            } else {
                walk_kind(reach, from, &to)
            };
            out.push((to, kind));
        }
        if index < 4 {
            leaps(world, places, reach, from, *d, out);
        }
    }
    knight_leaps(world, places, from, out);
    climbs(world, places, from, out);
    swims(world, places, from, out);
    crouches(world, places, from, out);
}

/// The longest passage too low to stand in a crouch crosses, columns.
pub(crate) const MOST_CROUCHED: i32 = 16;

/// Crouches: where the neighbouring column along one of the four straight
/// ways has no place to stand at `from`'s level but room for the body
/// crouched, through the low passage that way onto the first place level
/// with `from` beyond it, up to [`MOST_CROUCHED`] columns off.
fn crouches<W: BlockSource>(
    world: &W,
    places: &mut Places,
    from: &Standing,
    out: &mut Vec<(Standing, StepKind)>,
) {
    if !places.crouches() {
        return;
    }
    for d in &DIRECTIONS[..4] {
        let way = IVec3::new(d.x, 0, d.y);
        for k in 1..=MOST_CROUCHED {
            let cell = from.cell + way * k;
            if let Some(to) = places.at(world, cell) {
                if k > 1 {
                    out.push((to, StepKind::Crouch));
                }
                break;
            }
            if places.crouched_at(world, cell).is_none() {
                break;
            }
        }
    }
}

/// The widest water a swim crosses, columns: the longest step there is.
pub(crate) const MOST_SWUM: i32 = 16;

/// Whether a body walking off into `column` would swim: water (not lava:
/// a swim never crosses it) in its cell or one of the two below.
fn water<W: BlockSource>(world: &W, column: IVec3) -> bool {
    (0..3).any(|down| {
        let behaviour = world
            .registry()
            .behaviour(world.block(column - IVec3::Y * down));
        behaviour
            .liquid
            .is_some_and(|l| l.kind == LiquidKind::Water)
    })
}

/// Swims: where the neighbouring column along one of the eight ways is
/// water with nowhere to stand (from a block above to two below), across
/// the water that way onto the first place beyond, up to [`MOST_SWUM`]
/// columns off.
fn swims<W: BlockSource>(
    world: &W,
    places: &mut Places,
    from: &Standing,
    out: &mut Vec<(Standing, StepKind)>,
) {
    for d in &DIRECTIONS {
        let way = IVec3::new(d.x, 0, d.y);
        let first = from.cell + way;
        if !water(world, first) || highest(world, places, first, (1, -2), ground).is_some() {
            continue;
        }
        for k in 2..=MOST_SWUM {
            let column = from.cell + way * k;
            if let Some(to) = highest(world, places, column, (1, -2), ground) {
                out.push((to, StepKind::Swim));
                break;
            }
            if !water(world, column) {
                break;
            }
        }
    }
}

/// The most cells of ladder or vines a climb takes.
const MOST_CLIMBED: i32 = 32;

/// Whether the block in `cell` is climbed (ladders, vines, scaffolding).
fn climbable<W: BlockSource>(world: &W, cell: IVec3) -> bool {
    world.registry().behaviour(world.block(cell)).climbable
}

/// Climbs: from a place in a column of ladder or vines, up to the highest
/// place beside its top (from a block below its top cell to one above);
/// and from a place beside such a column's top, down it to the place at
/// its foot. Only climbs higher than a jump are worth a step of their own.
fn climbs<W: BlockSource>(
    world: &W,
    places: &mut Places,
    from: &Standing,
    out: &mut Vec<(Standing, StepKind)>,
) {
    let up = IVec3::Y;
    if climbable(world, from.cell) {
        let top = (1..MOST_CLIMBED)
            .take_while(|&k| climbable(world, from.cell + up * k))
            .last()
            .unwrap_or(0);
        if top >= 1 {
            for d in &DIRECTIONS[..4] {
                let column = from.cell + IVec3::new(d.x, top, d.y);
                if let Some(to) = highest(world, places, column, (1, -1), any)
                    && to.cell.y > from.cell.y + 1
                {
                    out.push((to, StepKind::Climb));
                }
            }
        }
    }
    for d in &DIRECTIONS[..4] {
        let beside = from.cell + IVec3::new(d.x, -1, d.y);
        if !climbable(world, beside) {
            continue;
        }
        let foot = (1..MOST_CLIMBED)
            .take_while(|&k| climbable(world, beside - up * k))
            .last()
            .unwrap_or(0);
        if let Some(to) = places.at(world, beside - up * foot)
            && to.cell.y < from.cell.y - 1
        {
            out.push((to, StepKind::Climb));
        }
    }
}

/// The knight's moves across: one column along a way and two along the
/// other, off the eight ways a walk or a straight leap takes.
const KNIGHT_MOVES: [IVec2; 8] = [
    IVec2::new(1, 2),
    IVec2::new(2, 1),
    IVec2::new(2, -1),
    IVec2::new(1, -2),
    IVec2::new(-1, -2),
    IVec2::new(-2, -1),
    IVec2::new(-2, 1),
    IVec2::new(-1, 2),
];

/// Leaps from where the body stands to a place a knight's move across, from
/// one above to two below, where the two columns the line crosses give no
/// way round: neither holds a place within a block of `from`. A pillar
/// whose neighbours all lie two below it is reached that way, with a jump
/// from a column that touches none of them.
fn knight_leaps<W: BlockSource>(
    world: &W,
    places: &mut Places,
    from: &Standing,
    out: &mut Vec<(Standing, StepKind)>,
) {
    for d in KNIGHT_MOVES {
        // The columns the line from `from` to the target crosses: one
        // along the longer way, and the diagonal.
        let crossed = [d / 2, d.signum()];
        let way_round = crossed.iter().any(|c| {
            let column = from.cell + IVec3::new(c.x, 0, c.y);
            highest(world, places, column, (1, -1), ground).is_some()
        });
        if way_round {
            continue;
        }
        let column = from.cell + IVec3::new(d.x, 0, d.y);
        if let Some(to) = highest(world, places, column, (1, -2), ground) {
            out.push((
                to,
                StepKind::Leap {
                    run_up: 0,
                    takeoff: from.cell,
                },
            ));
        }
    }
}

/// The kind of a move to a neighbouring column's `to`.
fn walk_kind(reach: &Reach, from: &Standing, to: &Standing) -> StepKind {
    let rise = to.feet.y - from.feet.y;
    if rise > reach.step_height + 1e-9 {
        StepKind::Jump
    } else if rise < -reach.step_height - 1e-9 {
        StepKind::Drop
    } else {
        StepKind::Walk
    }
}

/// Leaps from `from` along `d`: with `run_up` blocks to stand on ahead
/// (level with `from`), then a gap of empty columns, onto the first place
/// to stand beyond it.
fn leaps<W: BlockSource>(
    world: &W,
    places: &mut Places,
    reach: &Reach,
    from: &Standing,
    d: IVec2,
    out: &mut Vec<(Standing, StepKind)>,
) {
    let step = IVec3::new(d.x, 0, d.y);
    for run_up in 0..=3u8 {
        let takeoff = from.cell + step * i32::from(run_up);
        let runway_ok = (1..=i32::from(run_up)).all(|k| {
            places
                .at(world, from.cell + step * k)
                .is_some_and(|s| !s.afloat && (s.feet.y - from.feet.y).abs() < 1e-9)
        });
        if !runway_ok {
            break;
        }
        // A gap: nothing to stand on just past the takeoff, down to a block
        // below it (a deeper step down is a drop).
        let past = highest(world, places, takeoff + step, (1, -1), ground);
        if past.is_some() {
            continue;
        }
        for gap in 1..=reach.max_gap {
            let column = takeoff + step * (gap + 1);
            if let Some(to) = highest(world, places, column, (1, -2), ground) {
                out.push((to, StepKind::Leap { run_up, takeoff }));
                break;
            }
        }
    }
}

/// Any place ([`highest`]).
fn any(_: &Standing) -> bool {
    true
}

/// A place on the ground, not afloat ([`highest`]): leaps take off from
/// and land on ground, and a gap of water is one they cross; a swim
/// crosses to the first ground beyond.
fn ground(place: &Standing) -> bool {
    !place.afloat
}

/// The highest place `keep` accepts ([`any`], [`ground`]) in `column`'s
/// cells from `up` above to `down` below its y (`down` negative).
fn highest<W: BlockSource>(
    world: &W,
    places: &mut Places,
    column: IVec3,
    (up, down): (i32, i32),
    keep: fn(&Standing) -> bool,
) -> Option<Standing> {
    (down..=up)
        .rev()
        .find_map(|dy| places.at(world, column + IVec3::new(0, dy, 0)).filter(keep))
}
