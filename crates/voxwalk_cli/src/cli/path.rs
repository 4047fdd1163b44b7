//! `voxwalk path`: a plan from one place to another, and the walk along it,
//! as JSON lines.

use std::io::Write;

use clap::Args;
use glam::DVec3;
use serde::Serialize;

use super::{CliError, parse_vector};
use voxwalk::controller::{Body, Input, Simulation};
use voxwalk::navigate::{FollowEvent, Follower, Goal, Plan, Planner, StepKind};

/// Arguments of `voxwalk path`.
#[derive(Debug, Args)]
pub struct PathArgs {
    /// The world: a file of any readable format, or `gen:PRESET:SEED`.
    pub world: String,
    /// Where the body starts: its feet (it settles onto what is under them).
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true, value_parser = parse_vector)]
    pub from: DVec3,
    /// Where to go: the cell holding this point, as the feet's cell.
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true, value_parser = parse_vector)]
    pub to: DVec3,
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
    cpu_ms: f64,
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
    let goal = Goal::Cell(goal_cell(args.to)?);
    let settings = super::settings_from(&args.set)?;
    let step_height = settings.walking.step_height;
    let size = args.size.unwrap_or(Body::DEFAULT_SIZE);
    let mut sim = Simulation::with_movers(world, movers, settings.clone())
        .map_err(|e| usage(e.to_string()))?;
    let body = Body::new(args.from, size).map_err(|e| usage(format!("--from: {e}")))?;
    let handle = sim.add_body(body);
    // Settled onto what is under the feet first.
    for _ in 0..40 {
        sim.step_in_order(&[Input::IDLE])
            .map_err(|e| usage(e.to_string()))?;
    }
    let start = *sim.body(handle).expect("the body just added");
    let mut planner = Planner::new(settings, size).map_err(|e| usage(e.to_string()))?;
    planner.work_budget = args.work;
    let started = std::time::Instant::now();
    let plan = planner
        .plan(sim.world(), &start, goal)
        .map_err(|e| usage(format!("--from {}: {e}", args.from)))?;
    let mut line = plan_line(&plan);
    line.cpu_ms = started.elapsed().as_secs_f64() * 1e3;
    write_json(out, &line)?;
    walk(&mut sim, handle, &plan, step_height, out)
}

/// The cell `--to` names: refused, naming the flag, where it is not finite
/// or lies outside the coordinates a world may hold (a cell beyond them
/// would be rounded to the edge of `i32`, and a plan made towards it).
fn goal_cell(to: DVec3) -> Result<glam::IVec3, CliError> {
    let limit = voxwalk::resolver::limits::MAX_COORDINATE;
    if !to.is_finite() || to.abs().max_element() > limit {
        return Err(CliError::Usage(format!(
            "--to {}, {}, {}: not a place in a world (every coordinate finite and within ±{limit})",
            to.x, to.y, to.z
        )));
    }
    Ok(to.floor().as_ivec3())
}

fn plan_line(plan: &Plan) -> PlanLine {
    PlanLine {
        complete: plan.complete,
        ticks: plan.ticks,
        nodes: plan.nodes,
        work: plan.work,
        cpu_ms: 0.0,
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
    plan: &Plan,
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
                follow: event.map(|e| describe(&e)),
            },
        )?;
        if matches!(event, Some(FollowEvent::Arrived | FollowEvent::Stuck(_))) || follower.done() {
            break;
        }
    }
    Ok(())
}

fn describe(event: &FollowEvent) -> String {
    match event {
        FollowEvent::StepMade(n) => format!("step {n} made"),
        FollowEvent::Arrived => "arrived".to_owned(),
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
