//! The viewer without a terminal: key mapping, held keys, what each action
//! does, and snapshots of every view drawn into ratatui's `TestBackend`.

use std::time::Duration;

use glam::{DVec2, DVec3};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use voxwalk::block::BlockId;
use voxwalk::formats::{LoadOptions, load};
use voxwalk::generate::{Generator, Preset};
use voxwalk_cli::viewer::{
    Action, App, FIRST_HOLD, HeldKeys, Hold, KEY_HELP, Palette, REPEAT_HOLD, ScreenDir, SliceAxis,
    ViewMode, action_for, draw, run_headless,
};

/// The shipped worlds (`worlds/` of this repository).
fn worlds_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../worlds")
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn every_key_maps_to_its_action() {
    use Action::*;
    use ScreenDir::*;
    let table: &[(KeyEvent, Option<Action>)] = &[
        (
            key(KeyCode::Char('w')),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Up), true)),
        ),
        (
            key(KeyCode::Up),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Up), true)),
        ),
        (
            key(KeyCode::Char('a')),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Left), true)),
        ),
        (
            key(KeyCode::Left),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Left), true)),
        ),
        (
            key(KeyCode::Char('s')),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Down), true)),
        ),
        (
            key(KeyCode::Down),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Down), true)),
        ),
        (
            key(KeyCode::Char('D')),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Right), true)),
        ),
        (
            key(KeyCode::Right),
            Some(Hold(voxwalk_cli::viewer::Hold::Move(Right), true)),
        ),
        (
            key(KeyCode::Char(' ')),
            Some(Hold(voxwalk_cli::viewer::Hold::Jump, true)),
        ),
        (
            key(KeyCode::Char('c')),
            Some(Hold(voxwalk_cli::viewer::Hold::Sneak, true)),
        ),
        (key(KeyCode::Char('r')), Some(ToggleSprint)),
        (key(KeyCode::Char('f')), Some(ToggleFly)),
        (key(KeyCode::Char('v')), Some(CycleView)),
        (key(KeyCode::Char('x')), Some(FlipAxis)),
        (key(KeyCode::Char('+')), Some(ZoomIn)),
        (key(KeyCode::Char('=')), Some(ZoomIn)),
        (key(KeyCode::Char('-')), Some(ZoomOut)),
        (key(KeyCode::Char('b')), Some(ThrowBall)),
        (key(KeyCode::Char('n')), Some(AddWanderer)),
        (key(KeyCode::Char('e')), Some(Blast)),
        (key(KeyCode::Char('p')), Some(Pause)),
        (key(KeyCode::Char('.')), Some(Step)),
        (key(KeyCode::Char('?')), Some(Help)),
        (key(KeyCode::Char('q')), Some(Quit)),
        (key(KeyCode::Esc), Some(Quit)),
        (
            KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Quit),
        ),
        (key(KeyCode::Char('z')), None),
        (key(KeyCode::F(5)), None),
    ];
    for (event, want) in table {
        assert_eq!(action_for(*event), *want, "{event:?}");
    }
    // Releases end held controls and do nothing else; repeats do not toggle twice.
    let mut release = key(KeyCode::Char('w'));
    release.kind = KeyEventKind::Release;
    assert_eq!(
        action_for(release),
        Some(Hold(voxwalk_cli::viewer::Hold::Move(Up), false))
    );
    release.code = KeyCode::Char('f');
    assert_eq!(action_for(release), None);
    let mut repeat = key(KeyCode::Char('f'));
    repeat.kind = KeyEventKind::Repeat;
    assert_eq!(action_for(repeat), None);
    // The help lists every key the table maps.
    let help: String = KEY_HELP
        .iter()
        .map(|(k, _)| *k)
        .collect::<Vec<_>>()
        .join(" ");
    for k in [
        "W A S D", "space", "c", "r", "f", "v", "x", "+ / -", "b", "n", "g", "e", "p", ".", "?",
        "q / Esc",
    ] {
        assert!(help.contains(k), "{k}");
    }
}

#[test]
fn held_keys_time_out_without_release_events() {
    let ms = Duration::from_millis;
    let mut keys = HeldKeys::default();
    keys.set(Hold::Jump, true, ms(0));
    assert!(keys.is_held(Hold::Jump, FIRST_HOLD));
    assert!(!keys.is_held(Hold::Jump, FIRST_HOLD + ms(1)));
    // Repeats arrive: the window shrinks to the repeat window.
    keys.set(Hold::Jump, true, ms(500));
    keys.set(Hold::Jump, true, ms(530));
    assert!(keys.is_held(Hold::Jump, ms(530) + REPEAT_HOLD));
    assert!(!keys.is_held(Hold::Jump, ms(531) + REPEAT_HOLD));
    // With release events, held means held until released.
    let mut keys = HeldKeys::default();
    keys.releases_reported = true;
    keys.set(Hold::Sneak, true, ms(0));
    assert!(keys.is_held(Hold::Sneak, ms(60_000)));
    keys.set(Hold::Sneak, false, ms(60_001));
    assert!(!keys.is_held(Hold::Sneak, ms(60_002)));
}

fn room() -> App {
    let world = load(
        worlds_dir().join("slabs_and_posts.vxw"),
        LoadOptions::default(),
    )
    .unwrap()
    .into_world()
    .unwrap();
    let spawn = DVec3::new(3.5, 1.0, 4.5);
    let mut app = App::new(world, Vec::new(), None, spawn, false).unwrap();
    app.set_palette(Palette::Mono);
    app.tick(Duration::ZERO).unwrap(); // land
    app
}

fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn snapshots_of_each_view() {
    let mut app = room();
    for (name, view, axis) in [
        ("top_down", ViewMode::TopDown, SliceAxis::X),
        ("side_along_x", ViewMode::Side, SliceAxis::X),
        ("side_along_z", ViewMode::Side, SliceAxis::Z),
        ("split", ViewMode::Split, SliceAxis::X),
    ] {
        app.show(view, axis);
        let buffer = render(&app, 80, 24);
        // Drawing reads the app only: twice gives the same screen.
        assert_eq!(buffer, render(&app, 80, 24));
        insta::assert_snapshot!(name, text(&buffer));
    }
    app.show(ViewMode::TopDown, app.camera().axis());
    app.zoom_to(1);
    insta::assert_snapshot!("top_down_zoomed_out", text(&render(&app, 80, 24)));
}

#[test]
fn snapshot_of_the_help_overlay() {
    let mut app = room();
    assert!(app.apply(Action::Help, Duration::ZERO));
    insta::assert_snapshot!("help", text(&render(&app, 100, 30)));
}

#[test]
fn a_tiny_terminal_gets_a_message_not_a_panic() {
    let app = room();
    let screen = text(&render(&app, 20, 5));
    insta::assert_snapshot!("tiny", screen);
    assert!(screen.contains("20×5"));
    for (w, h) in [(1, 1), (39, 40), (200, 9), (0, 0)] {
        let _ = render(&app, w.max(1), h.max(1));
    }
}

#[test]
fn the_body_is_drawn_where_its_box_is() {
    let mut app = room();
    app.show(ViewMode::TopDown, app.camera().axis());
    let before = text(&render(&app, 80, 24));
    // Half a block east moves the body by one column (two columns per block).
    let moved = app.player().aabb.translated(DVec3::new(0.5, 0.0, 0.0));
    app.sim_mut().bodies_mut()[0].aabb = moved;
    let after = text(&render(&app, 80, 24));
    assert_ne!(before, after);
}

#[test]
fn walking_follows_the_view() {
    let mut app = room();
    app.show(ViewMode::TopDown, app.camera().axis());
    assert_eq!(app.world_direction(ScreenDir::Right), DVec2::X);
    assert_eq!(app.world_direction(ScreenDir::Up), DVec2::NEG_Y);
    app.show(ViewMode::Side, SliceAxis::Z);
    assert_eq!(app.world_direction(ScreenDir::Right), DVec2::Y);
    // Holding d walks east.
    app.show(ViewMode::TopDown, app.camera().axis());
    let start = app.player().feet();
    let ms = Duration::from_millis;
    for t in 0..10u64 {
        app.apply(Action::Hold(Hold::Move(ScreenDir::Right), true), ms(t * 50));
        app.tick(ms(t * 50)).unwrap();
    }
    assert!(app.player().feet().x > start.x + 1.0);
    assert_eq!(app.player().feet().z, start.z);
}

#[test]
fn actions_do_what_the_help_says() {
    let mut app = room();
    let t = Duration::ZERO;
    app.apply(Action::ThrowBall, t);
    assert_eq!(app.sim().balls().len(), 1);
    app.apply(Action::AddWanderer, t);
    assert_eq!(app.sim().bodies().len(), 2);
    assert_eq!(app.wanderer_count(), 1);
    let stone_before = app.sim().world().count_blocks()[BlockId::STONE.index()];
    app.apply(Action::Blast, t);
    assert!(
        app.sim().world().count_blocks()[BlockId::STONE.index()] < stone_before,
        "{}",
        app.message()
    );
    app.apply(Action::ZoomOut, t);
    app.apply(Action::ZoomOut, t);
    app.apply(Action::ZoomOut, t);
    app.apply(Action::ZoomOut, t);
    assert_eq!(app.blocks_per_cell(), 8);
    app.apply(Action::ToggleFly, t);
    assert!(app.flying());
    app.apply(Action::Pause, t);
    let before = app.sim().ticks_run();
    app.apply(Action::Step, t);
    assert_eq!(app.sim().ticks_run(), before + 1);
    assert!(!app.apply(Action::Quit, t));
}

#[test]
fn the_headless_demo_walks_and_stays_out_of_blocks() {
    let g = Generator::new(Preset::Hills, 2024);
    let mut world = voxwalk::world::World::new();
    world.name = "hills".into();
    let mut app = App::new(world, Vec::new(), Some(g.clone()), g.spawn(), true).unwrap();
    let summary = run_headless(&mut app, 400).unwrap();
    assert!(summary.walked > 10.0, "{summary:?}");
    assert!(summary.pos.iter().all(|v| v.is_finite()));
}

#[test]
fn blocks_a_world_defines_are_drawn_by_their_shape_or_glyph() {
    let world = load(
        worlds_dir().join("custom_blocks.vxw"),
        LoadOptions::default(),
    )
    .unwrap()
    .into_world()
    .unwrap();
    let mut app = App::new(world, Vec::new(), None, DVec3::new(2.5, 1.0, 5.5), false).unwrap();
    app.set_palette(Palette::Mono);
    app.tick(Duration::ZERO).unwrap();
    app.show(ViewMode::Side, SliceAxis::Z);
    // Across the lanes at x = 4, where the stair, the fence line, the layers
    // and the flower stand in one row.
    app.sim_mut().bodies_mut()[0].aabb =
        voxwalk::geometry::Aabb::from_feet(DVec3::new(4.5, 1.0, 5.5), DVec3::new(0.6, 1.8, 0.6));
    let side = text(&render(&app, 60, 16));
    insta::assert_snapshot!("custom_blocks_side_across_the_lanes", side);
    app.show(ViewMode::TopDown, app.camera().axis());
    let top = text(&render(&app, 60, 16));
    insta::assert_snapshot!("custom_blocks_top_down", top);
    // The flower's own glyph; the layer drawn as a lower half.
    assert!(top.contains("**"), "{top}");
    assert!(top.contains("▄▄"), "{top}");
    // Along x through the stair lane, the stair shows its step.
    app.show(ViewMode::Side, SliceAxis::X);
    app.sim_mut().bodies_mut()[0].aabb =
        voxwalk::geometry::Aabb::from_feet(DVec3::new(1.5, 1.0, 1.5), DVec3::new(0.6, 1.8, 0.6));
    let along = text(&render(&app, 60, 16));
    assert!(along.contains("▄█████"), "{along}");
}

/// A scenario that fails on purpose: a body walks east and is expected
/// farther than it gets at tick 20, and at the end.
const FAILING: &str = r#"model = "minecraft-1.21 v4"
description = "Fails on purpose."
world_text = """
voxwalk-world 1
layer 0
|########################################|
|########################################|
|########################################|
"""
spawn = [1.5, 1, 1.5]
inputs = "40 east"

[[expect]]
tick = 20
x = [7.0, 8.0]

[[expect]]
pos = [9.0, 1.0000001, 1.5]
"#;

fn failing_scenario() -> voxwalk::scenario::Scenario {
    voxwalk::scenario::Scenario::parse(FAILING, std::path::Path::new("failing.toml")).unwrap()
}

/// Opened at its failing tick, the scenario's expected region is outlined
/// (`┌ ┐ └ ┘`, red) in the top-down and side views, and the status line lists
/// the failed check with what it expected and got, and where checks fail.
#[test]
fn snapshot_of_a_scenario_at_its_failing_tick() {
    let mut app = App::from_scenario(failing_scenario(), Some(20)).unwrap();
    app.set_palette(Palette::Mono);
    app.zoom_to(1);
    let screen = text(&render(&app, 100, 30));
    insta::assert_snapshot!("scenario_failing_tick", screen);
    assert!(screen.contains("tick 20/39"), "{screen}");
    assert!(
        screen.contains("expected within [7, 8], got 5.77"),
        "{screen}"
    );
    let wide = text(&render(&app, 200, 30));
    assert!(wide.contains("failing at 20, 39"), "{wide}");
    // The region the feet may be in: the body's box from x 7 to 8, one row of
    // the top-down view deep, four rows of the side view high.
    assert!(screen.contains('[') && screen.contains(']'), "{screen}");
    for corner in ["┌", "┐", "└", "┘"] {
        assert!(screen.contains(corner), "{corner} not drawn: {screen}");
    }
    // The last tick's target is a position: the body's box there is outlined.
    assert!(app.apply(Action::Last, Duration::ZERO));
    let last = text(&render(&app, 100, 30));
    assert!(last.contains("tick 39/39") && last.contains('┘'), "{last}");
}

/// Stepping back and forth lands on exactly the states a run from the start
/// reaches: one tick, 20, the first, the last, and a typed tick.
#[test]
fn scrubbing_a_scenario_replays_it_exactly() {
    let scenario = failing_scenario();
    let frames = voxwalk::scenario::record(&scenario).unwrap();
    let mut app = App::from_scenario(scenario, Some(20)).unwrap();
    let shown = |app: &App| app.playback().unwrap().shown_tick();
    let at = |app: &App, tick: u64| {
        assert_eq!(shown(app), Some(tick));
        assert_eq!(
            app.player().aabb,
            frames[tick as usize].bodies[0].aabb,
            "tick {tick}"
        );
    };
    at(&app, 20);
    for (action, tick) in [
        (Action::StepBack, 19),
        (Action::Forward20, 39),
        (Action::Back20, 19),
        (Action::Last, 39),
    ] {
        assert!(app.apply(action, Duration::ZERO));
        at(&app, tick);
    }
    assert!(app.apply(Action::First, Duration::ZERO));
    assert_eq!(shown(&app), None);
    for d in [1, 0] {
        assert!(app.apply(Action::Digit(d), Duration::ZERO));
    }
    assert!(app.apply(Action::GoTo, Duration::ZERO));
    at(&app, 10);
    // Playing on from there runs the scenario's own inputs.
    assert!(app.paused(), "a tick gone to is shown paused");
    assert!(app.apply(Action::Pause, Duration::ZERO));
    app.tick(Duration::ZERO).unwrap();
    at(&app, 11);
}

/// With a golden trajectory that differs (it was written for a body walking
/// slower), the viewer opens at the first differing tick: the status line
/// names the field and the golden body's box is outlined beside the body.
#[test]
fn a_differing_golden_is_shown_beside_the_body() {
    let dir = std::env::temp_dir().join(format!("voxwalk-viewer-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = |inputs: &str| {
        format!(
            "model = \"minecraft-1.21 v4\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|########################################|\\n\"\n\
             spawn = [1.5, 1, 0.5]\ninputs = \"{inputs}\"\ngolden = \"walk.golden\"\n"
        )
    };
    let path = dir.join("walk.toml");
    // The golden of a sneaking walk, then the scenario walks at full speed.
    std::fs::write(&path, text("30 east+sneak")).unwrap();
    let slow = voxwalk::scenario::Scenario::load(&path).unwrap();
    voxwalk::scenario::write_golden(
        &dir.join("walk.golden"),
        &voxwalk::scenario::record(&slow).unwrap(),
    )
    .unwrap();
    std::fs::write(&path, text("30 east")).unwrap();
    let scenario = voxwalk::scenario::Scenario::load(&path).unwrap();
    let first = voxwalk::scenario::failures(&scenario);
    let tick = first
        .iter()
        .find(|f| f.check.starts_with("golden"))
        .unwrap()
        .tick;
    let mut app = App::from_scenario(scenario, Some(tick)).unwrap();
    app.set_palette(Palette::Mono);
    let screen = text_of(&app);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(screen.contains("✗ golden body 0 pos.x"), "{screen}");
    assert!(screen.contains('[') && screen.contains(']'), "{screen}");
}

fn text_of(app: &App) -> String {
    text(&render(app, 200, 30))
}

/// What the README shows: `voxwalk play`'s world (generated hills, seed
/// 2024) in the split view, 100×28 cells, after the body walked east for two
/// seconds.
fn readme_picture() -> String {
    let generator = Generator::new(Preset::Hills, 2024);
    let mut world = voxwalk::world::World::new();
    world.name = "hills (seed 2024)".into();
    let spawn = generator.spawn();
    let mut app = App::new(world, Vec::new(), Some(generator), spawn, false).unwrap();
    app.set_palette(Palette::Mono);
    app.show(ViewMode::Split, app.camera().axis());
    let east = Action::Hold(Hold::Move(ScreenDir::Right), true);
    for tick in 0..40u32 {
        let now = Duration::from_millis(u64::from(tick) * 50);
        app.apply(east, now);
        app.tick(now).unwrap();
    }
    app.record_stats(voxwalk_cli::viewer::Stats::default());
    text(&render(&app, 100, 28))
}

/// The picture in the README (and `docs/viewer.txt`, its source) is what
/// the viewer draws now. After a change to the viewer, refresh both with
/// `VOXWALK_REFRESH_PICTURE=1 cargo test --release --test viewer readme`.
#[test]
fn the_readme_picture_is_what_the_viewer_draws() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let picture = readme_picture();
    let file = root.join("docs/viewer.txt");
    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let start = readme
        .find("```text\n")
        .expect("a text block in the README")
        + 8;
    let end = start + readme[start..].find("\n```").unwrap();
    if std::env::var_os("VOXWALK_REFRESH_PICTURE").is_some() {
        std::fs::write(&file, format!("{picture}\n")).unwrap();
        let refreshed = format!("{}{picture}{}", &readme[..start], &readme[end..]);
        std::fs::write(&readme_path, refreshed).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&file).unwrap();
    assert_eq!(committed.trim_end(), picture, "docs/viewer.txt is stale");
    assert_eq!(
        &readme[start..end],
        picture,
        "the README's picture is stale"
    );
}

/// At a tick where an `[[always]]` rule fails and an `[[expect]]` about the
/// same body holds, the viewer marks the rule failed and the expectation
/// held: it tells checks apart by kind, not by the first words of their
/// descriptions (both begin `body 0`).
#[test]
fn a_failing_rule_does_not_mark_a_holding_expectation_of_the_same_body() {
    let text = r#"
model = "minecraft-1.21 v4"
world_text = "voxwalk-world 1\nlayer 0\n|##########|\nend\n"
spawn = [1.5, 1, 0.5]
inputs = "20 east"

[[always]]
from_tick = 10
x = [0.0, 2.0]

[[always]]
max_height = 5.0

[[expect]]
tick = 10
x = [0.0, 9.0]
"#;
    let scenario =
        voxwalk::scenario::Scenario::parse(text, std::path::Path::new("kinds.toml")).unwrap();
    let app = App::from_scenario(scenario.clone(), Some(19)).unwrap();
    let playback = app.playback().unwrap();
    let first = playback.failures.first().expect("the x rule fails");
    let tick = first.tick;
    assert_eq!(tick, 10, "{first}");
    // The viewer opened at the failing tick: what its checks say there.
    let app = App::from_scenario(scenario, Some(tick)).unwrap();
    let (checks, _) = app.playback().unwrap().checks_now(app.sim(), 0);
    let of = |what: &str| checks.iter().find(|c| c.what == what).map(|c| c.passed);
    assert_eq!(of("always #1"), Some(false), "{checks:?}");
    assert_eq!(of("always #2"), Some(true), "{checks:?}");
    assert_eq!(of("expect body 0"), Some(true), "{checks:?}");
}

/// A scenario with a lift: both views draw the lift's boxes where it is
/// (`▒`), the status line says the body rides it, and scrubbing back and
/// forth puts the lift where a run from the start has it.
#[test]
fn movers_are_drawn_where_they_are_and_riding_is_shown() {
    let path = worlds_dir().join("scenarios/mover_lift_carries_body_20_up.toml");
    let scenario = voxwalk::scenario::Scenario::load(&path).unwrap();
    let frames = voxwalk::scenario::record(&scenario).unwrap();
    let mut app = App::from_scenario(scenario, Some(60)).unwrap();
    app.set_palette(Palette::Mono);
    app.zoom_to(1);
    for view in [ViewMode::TopDown, ViewMode::Side] {
        app.show(view, SliceAxis::X);
        let screen = text(&render(&app, 100, 30));
        assert!(screen.contains('▒'), "{view:?}: {screen}");
        assert!(screen.contains("riding"), "{view:?}: {screen}");
    }
    let lift_y = |app: &App| app.sim().movers().iter().next().unwrap().1.position().y;
    let at_60 = lift_y(&app);
    assert!(at_60 > 1.0 && at_60 < 21.0);
    assert!(app.apply(Action::Last, Duration::ZERO));
    assert_eq!(lift_y(&app), 21.0);
    assert!(app.apply(Action::Back20, Duration::ZERO));
    assert!(app.apply(Action::Back20, Duration::ZERO));
    assert!(app.apply(Action::Back20, Duration::ZERO));
    assert!(app.apply(Action::Back20, Duration::ZERO));
    assert!(app.apply(Action::Back20, Duration::ZERO));
    let shown = app.playback().unwrap().shown_tick().unwrap();
    assert_eq!(app.player().aabb, frames[shown as usize].bodies[0].aabb);
    assert!(lift_y(&app) < 21.0);
}

/// The player at x 40.5 on a strip of floor one block wide along x (0 to
/// 60, z 1), drawn without colour.
fn on_a_strip() -> App {
    let mut world = voxwalk::world::World::new();
    world.fill(
        glam::IVec3::new(0, 0, 1),
        glam::IVec3::new(60, 0, 1),
        BlockId::STONE,
    );
    let mut app = App::new(world, Vec::new(), None, DVec3::new(40.5, 1.0, 1.5), false).unwrap();
    app.set_palette(Palette::Mono);
    app
}

/// Draws frames (each gives the errand's plan its slice of work) until the
/// plan being made is made.
fn frames_until_planned(app: &mut App) {
    for frame in 0..1_000 {
        if !app.planning() {
            return;
        }
        app.begin_frame(Duration::from_millis(16 * frame), 1.0);
    }
    panic!("still planning after 1,000 frames: {}", app.message());
}

/// `g` plans the player's way to a far spot and draws the plan's cells in
/// both views: on a strip of floor one block wide every cell of the plan
/// lies in the side view's slice.
#[test]
fn g_draws_the_plan_in_both_views() {
    let mut app = on_a_strip();
    app.tick(Duration::ZERO).unwrap();
    let before = text(&render(&app, 60, 16));
    assert!(!before.contains("••"), "{before}");
    assert!(app.apply(Action::SendFar, Duration::ZERO));
    frames_until_planned(&mut app);
    assert!(!app.errand_path().is_empty(), "{}", app.message());
    app.show(ViewMode::TopDown, SliceAxis::X);
    let top = text(&render(&app, 60, 16));
    assert!(top.contains("••"), "{top}");
    app.show(ViewMode::Side, SliceAxis::X);
    let side = text(&render(&app, 60, 16));
    assert!(side.contains("••"), "{side}");
}

/// `k` shows a cursor on the player's column in the top-down view, the
/// walking keys move it a column a press (the player stays put), and Enter
/// sends the player there: the path is drawn and walked to the spot.
#[test]
fn k_picks_a_spot_with_a_cursor_and_the_body_walks_there() {
    let mut app = on_a_strip();
    app.show(ViewMode::TopDown, SliceAxis::X);
    app.tick(Duration::ZERO).unwrap();
    assert!(app.apply(Action::Pick, Duration::ZERO));
    assert_eq!(app.cursor(), Some(glam::IVec2::new(40, 1)));
    assert!(text(&render(&app, 60, 16)).contains("><"));
    let left = Action::Hold(Hold::Move(ScreenDir::Left), true);
    for _ in 0..8 {
        assert!(app.apply(left, Duration::ZERO));
    }
    let x = app.player().feet().x;
    assert_eq!(app.cursor().map(|c| c.x), Some(32), "{}", app.message());
    assert!(app.apply(Action::GoTo, Duration::ZERO));
    assert_eq!(app.cursor(), None);
    frames_until_planned(&mut app);
    assert!(
        app.message().starts_with("going to 32, 1, 1"),
        "{}",
        app.message()
    );
    let screen = text(&render(&app, 60, 16));
    assert!(screen.contains("••") && !screen.contains("><"), "{screen}");
    let mut now = Duration::ZERO;
    for _ in 0..200 {
        now += Duration::from_millis(50);
        app.tick(now).unwrap();
    }
    assert_eq!(app.message(), "arrived");
    let end = app.player().feet().x;
    assert!(x == 40.5 && (32.0..33.0).contains(&end), "{x} → {end}");
}

/// `g` plans in slices of work a frame: frames are drawn while the plan is
/// made (the status line says so), no frame gives it much more than its
/// slice, the body idles meanwhile, and once made it walks the plan.
#[test]
fn an_errand_is_planned_a_slice_a_frame_while_frames_are_drawn() {
    use voxwalk_cli::viewer::PLAN_WORK_PER_FRAME;
    let g = Generator::new(Preset::Hills, 2024);
    let mut world = voxwalk::world::World::new();
    world.name = "hills".into();
    let mut app = App::new(world, Vec::new(), Some(g.clone()), g.spawn(), false).unwrap();
    let dt = Duration::from_millis(50);
    for t in 0..40 {
        app.begin_frame(dt * t, 1.0);
        app.tick(dt * t).unwrap(); // land
    }
    let standing = app.player().feet();
    assert!(app.apply(Action::SendFar, dt * 40));
    assert!(app.planning());
    let (mut pending_frames, mut most) = (0u32, 0u64);
    let mut frame = 41;
    while app.planning() && frame < 400 {
        app.begin_frame(dt * frame, 1.0);
        if let Some(work) = app.plan_work_last_frame() {
            most = most.max(work);
        }
        if app.planning() {
            pending_frames += 1;
            let screen = text(&render(&app, 100, 30));
            assert!(screen.contains("planning"), "{screen}");
            assert_eq!(app.player().feet(), standing, "the body idles");
        }
        app.tick(dt * frame).unwrap();
        frame += 1;
    }
    println!("planned over {pending_frames} frames drawn, at most {most} ticks of work a frame");
    assert!(!app.planning(), "planned in the end");
    assert!(
        pending_frames >= 2,
        "{pending_frames} frames drawn while planning"
    );
    // A frame's slice, and at most one place's checks past it.
    assert!(most <= 2 * PLAN_WORK_PER_FRAME, "{most}");
    assert!(!app.errand_path().is_empty(), "walking a plan");
    for t in 0..40 {
        app.begin_frame(dt * (frame + t), 1.0);
        app.tick(dt * (frame + t)).unwrap();
    }
    assert!(app.player().feet().distance(standing) > 2.0, "walked");
}
