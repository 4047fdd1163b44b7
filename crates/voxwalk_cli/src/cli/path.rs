//! `voxwalk path`: a plan from one place to another, and the walk along it,
//! as JSON lines.

use std::io::Write;

use clap::Args;
use glam::DVec3;
use serde::Serialize;

use super::{CliError, parse_vector};
use voxwalk::controller::{Body, Simulation};
use voxwalk::navigate::{
    CoarseLayer, FollowEvent, Follower, Goal, LayerShape, Plan, Planner, StepKind,
};

/// Arguments of `voxwalk path`.
#[derive(Debug, Args)]
pub struct PathArgs {
    /// The world: a file of any readable format, or `gen:PRESET:SEED`.
    pub world: String,
    /// Where the body starts: its feet (in the air, it falls first, and the
    /// plan starts where it lands).
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true, value_parser = parse_vector)]
    pub from: DVec3,
    /// Where to go: `X,Z` a column (standing anywhere in it, at whatever
    /// height its ground is), `X,Y,Z` the cell holding that point as the
    /// feet's cell, or with `--radius` anywhere within that distance of it.
    #[arg(long, value_name = "X,Z | X,Y,Z", allow_hyphen_values = true)]
    pub to: Option<String>,
    /// With `--to X,Y,Z`: arrive anywhere within this many blocks of it.
    #[arg(long, value_name = "R")]
    pub radius: Option<f64>,
    /// Go anywhere the feet stand at least this high (instead of `--to`).
    #[arg(long, value_name = "Y", allow_hyphen_values = true)]
    pub height: Option<f64>,
    /// Body size.
    #[arg(long, value_name = "W,H,D", value_parser = parse_vector)]
    pub size: Option<DVec3>,
    /// The most work the plan may take, in simulated ticks (each step
    /// checked is charged the ticks its check simulates); past it, the plan
    /// that came closest.
    #[arg(long, value_name = "TICKS", default_value_t = voxwalk::navigate::DEFAULT_WORK_BUDGET)]
    pub work: u64,
    /// Override a controller setting, as `run --set` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
}

/// The plan, as printed first.
#[derive(Debug, Serialize)]
struct PlanLine {
    complete: bool,
    ticks: u32,
    nodes: usize,
    work: u64,
    /// The plan's wall-clock time.
    plan_ms: f64,
    /// The processor time the process spent on it (every thread's), where
    /// the system tells it.
    plan_cpu_ms: Option<f64>,
    /// Clusters of the coarse layer the plan built.
    clusters: usize,
    steps: Vec<StepLine>,
}

#[derive(Debug, Serialize)]
struct StepLine {
    cell: [i32; 3],
    feet: [f64; 3],
    kind: &'static str,
    ticks: u32,
}

/// One tick of the walk, as `run` prints it, with the step being made.
#[derive(Debug, Serialize)]
struct WalkLine<'a> {
    #[serde(flatten)]
    tick: super::run::TickLine<'a>,
    step: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    follow: Option<String>,
}

pub(super) fn run(
    args: &PathArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let (world, movers) = super::open_world(&args.world, budget)?.into_parts();
    let goal = goal_of(args)?;
    let settings = super::settings_from(&args.set)?;
    let step_height = settings.walking.step_height;
    let size = args.size.unwrap_or(Body::DEFAULT_SIZE);
    let mut sim = Simulation::with_movers(world, movers, settings.clone())
        .map_err(|e| usage(e.to_string()))?;
    let body = Body::new(args.from, size).map_err(|e| usage(format!("--from: {e}")))?;
    let handle = sim.add_body(body);
    // A body in the air is planned for as it is: the plan starts where it
    // lands, and the walk begins with the fall.
    let start = *sim.body(handle).expect("the body just added");
    let mut planner = Planner::new(settings, size).map_err(|e| usage(e.to_string()))?;
    planner.work_budget = args.work;
    // Planned over a coarse layer built as the plan goes: a goal nothing
    // reachable holds is known from the clusters about it.
    let (lowest, highest) = sim
        .world()
        .bounds()
        .map_or((0, 0), |(lo, hi)| (lo.y, hi.y + 1));
    let mut layer = CoarseLayer::new(planner, LayerShape::new(lowest, highest));
    let started = std::time::Instant::now();
    let cpu = cpu_time::ProcessTime::try_now().ok();
    let plan = layer
        .plan(sim.world(), &start, goal)
        .map_err(|e| usage(format!("--from {}: {e}", args.from)))?;
    let mut line = plan_line(&plan);
    line.plan_ms = started.elapsed().as_secs_f64() * 1e3;
    line.plan_cpu_ms = cpu
        .and_then(|cpu| cpu.try_elapsed().ok())
        .map(|spent| spent.as_secs_f64() * 1e3);
    line.clusters = layer.clusters();
    write_json(out, &line)?;
    walk(&mut sim, handle, (&plan, goal), step_height, out)
}

/// The goal `--to`, `--radius` and `--height` name. A number that is not
/// finite or lies outside the coordinates a world may hold is refused,
/// naming its flag: a cell beyond them would be rounded to the edge of
/// `i32`, and a plan made towards it.
fn goal_of(args: &PathArgs) -> Result<Goal, CliError> {
    let limit = voxwalk::resolver::limits::MAX_COORDINATE;
    let usage =
        |flag: &str, text: &str, why: &str| CliError::Usage(format!("{flag} {text}: {why}"));
    let in_a_world = |flag: &str, text: &str, values: &[f64]| {
        if values.iter().all(|v| v.is_finite() && v.abs() <= limit) {
            Ok(())
        } else {
            Err(usage(
                flag,
                text,
                &format!("not a place in a world (every coordinate finite and within ±{limit})"),
            ))
        }
    };
    match (&args.to, args.height) {
        (Some(_), Some(_)) => Err(CliError::Usage(
            "--to and --height: give one place to go".into(),
        )),
        (None, None) => Err(CliError::Usage(
            "give a place to go: --to X,Z, --to X,Y,Z or --height Y".into(),
        )),
        (None, Some(y)) => {
            in_a_world("--height", &y.to_string(), &[y])?;
            if args.radius.is_some() {
                return Err(CliError::Usage("--radius goes with --to X,Y,Z".into()));
            }
            Ok(Goal::Height(y))
        }
        (Some(text), None) => {
            let numbers: Result<Vec<f64>, _> = text
                .split(',')
                .map(|part| part.trim().parse::<f64>())
                .collect();
            let numbers = numbers.map_err(|_| usage("--to", text, "expected X,Z or X,Y,Z"))?;
            in_a_world("--to", text, &numbers)?;
            #[allow(clippy::cast_possible_truncation)] // within ±1e9: a cell
            let cell = |v: f64| v.floor() as i32;
            match (numbers.as_slice(), args.radius) {
                (&[x, z], None) => Ok(Goal::Column {
                    x: cell(x),
                    z: cell(z),
                }),
                (&[x, y, z], None) => Ok(Goal::Cell(glam::IVec3::new(cell(x), cell(y), cell(z)))),
                (&[x, y, z], Some(radius)) => {
                    if !(radius.is_finite() && radius > 0.0 && radius <= limit) {
                        return Err(usage(
                            "--radius",
                            &radius.to_string(),
                            "expected a distance above 0",
                        ));
                    }
                    Ok(Goal::Near {
                        point: DVec3::new(x, y, z),
                        radius,
                    })
                }
                (&[_, _], Some(_)) => Err(CliError::Usage("--radius goes with --to X,Y,Z".into())),
                _ => Err(usage("--to", text, "expected X,Z or X,Y,Z")),
            }
        }
    }
}

fn plan_line(plan: &Plan) -> PlanLine {
    PlanLine {
        complete: plan.complete,
        ticks: plan.ticks,
        nodes: plan.nodes,
        work: plan.work,
        plan_ms: 0.0,
        plan_cpu_ms: None,
        clusters: 0,
        steps: plan
            .steps
            .iter()
            .map(|s| StepLine {
                cell: s.to.cell.to_array(),
                feet: s.to.feet.to_array(),
                kind: match s.kind {
                    StepKind::Walk => "walk",
                    StepKind::Jump => "jump",
                    StepKind::Drop => "drop",
                    StepKind::Climb => "climb",
                    StepKind::Swim => "swim",
                    StepKind::Crouch => "crouch",
                    StepKind::Leap { .. } => "leap",
                },
                ticks: s.ticks,
            })
            .collect(),
    }
}

/// Walks the body along `plan` with a follower, a line a tick, until it
/// arrives or cannot go on.
fn walk(
    sim: &mut Simulation<voxwalk::world::World>,
    handle: voxwalk::controller::BodyHandle,
    (plan, goal): (&Plan, Goal),
    step_height: f64,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let start = sim.body(handle).expect("the planned body").feet();
    let mut follower = Follower::new(plan, start, step_height);
    let limit = u64::from(plan.ticks) * 2 + 40;
    for tick in 0..limit {
        let body = sim.body_mut(handle).expect("the planned body");
        let (input, event) = follower.input(body);
        let step = plan.steps.len() - follower.remaining().len();
        let report = sim
            .step_in_order(&[input])
            .map_err(|e| usage(e.to_string()))?;
        let body = sim.body(handle).expect("the planned body");
        write_json(
            out,
            &WalkLine {
                tick: super::run::TickLine::of(tick, body, &report.bodies[0]),
                step,
                follow: event.map(|e| describe(&e, goal, body)),
            },
        )?;
        if matches!(event, Some(FollowEvent::Arrived | FollowEvent::Stuck(_))) || follower.done() {
            break;
        }
    }
    Ok(())
}

/// A follower's event in words: `arrived` only where the goal holds for
/// the body; the end of a plan short of it is said as such.
fn describe(event: &FollowEvent, goal: Goal, body: &Body) -> String {
    match event {
        FollowEvent::StepMade(n) => format!("step {n} made"),
        FollowEvent::Arrived => {
            let feet = body.feet();
            if goal.reached(feet.floor().as_ivec3(), feet) {
                "arrived".to_owned()
            } else {
                "at the plan's end, short of the goal".to_owned()
            }
        }
        FollowEvent::Stuck(why) => format!("stuck: {}", why.describe()),
    }
}

fn write_json<T: Serialize>(out: &mut dyn Write, value: &T) -> Result<(), CliError> {
    let io = |source| CliError::Io {
        place: "stdout".into(),
        source,
    };
    serde_json::to_writer(&mut *out, value).map_err(|e| io(e.into()))?;
    writeln!(out).map_err(io)
}
