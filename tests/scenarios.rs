//! The shipped scenario suite, run through the same code as `voxwalk check`,
//! and the runner itself: that its checks can fail, and say where.

mod support;
use support::temp_dir;

use std::path::{Path, PathBuf};
use voxwalk::glam::DVec3;

use voxwalk::scenario::{
    Scenario, ScenarioError, Verdict, check_file, check_paths, compare_golden, format_table,
    record, write_golden,
};

/// The shipped worlds (`worlds/` of this repository).
fn worlds_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds")
}

fn scenarios_dir() -> PathBuf {
    worlds_dir().join("scenarios")
}

#[test]
fn every_shipped_scenario_passes() {
    let outcomes = check_paths(
        &[scenarios_dir()],
        false,
        voxwalk::formats::ReadBudget::default(),
    )
    .unwrap();
    let table = format_table(&outcomes);
    println!("{table}");
    assert!(outcomes.len() >= 30, "only {} scenarios", outcomes.len());
    assert!(outcomes.iter().all(|o| o.verdict.is_pass()), "{table}");
}

/// Every scenario saved halfway (its whole state through JSON, as a game's
/// save) and restored into a fresh simulation of its world runs on to the
/// bits of the run that was never stopped: a field a state leaves out, or a
/// float that does not come back exactly, parts the two. (Two replays in one
/// process, what this test was, could hardly part.)
#[test]
fn every_scenario_saved_halfway_runs_on_bit_for_bit() {
    use voxwalk::controller::{Input, SimulationState};
    let mut checked = 0;
    for path in voxwalk::scenario::discover(&[scenarios_dir()]).unwrap() {
        let scenario = Scenario::load(&path).unwrap();
        if scenario.save_folder.is_some() {
            continue; // streamed: the world is the folder's, not the scenario's
        }
        let inputs = |tick: u64| -> Vec<Input> {
            let tick = tick % scenario.ticks.max(1);
            scenario
                .bodies
                .iter()
                .map(|b| b.script.input_at(tick))
                .collect()
        };
        let ticks = scenario.ticks.clamp(2, 400);
        let mut straight = scenario.simulation().unwrap();
        let mut stopped = scenario.simulation().unwrap();
        for tick in 0..ticks / 2 {
            straight.step_in_order(&inputs(tick)).unwrap();
            stopped.step_in_order(&inputs(tick)).unwrap();
        }
        let saved = serde_json::to_string(&stopped.state()).unwrap();
        let mut restored = scenario.simulation().unwrap();
        restored
            .restore(serde_json::from_str::<SimulationState>(&saved).unwrap())
            .unwrap();
        for tick in ticks / 2..ticks {
            straight.step_in_order(&inputs(tick)).unwrap();
            restored.step_in_order(&inputs(tick)).unwrap();
            assert!(
                format!("{:?}", straight.state()) == format!("{:?}", restored.state()),
                "{}: parts at tick {tick}",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} scenarios");
}

/// A scenario file in a fresh temporary folder next to a copy of a world.
fn temp_scenario(name: &str, text: &str) -> (temp_dir::Dir, PathBuf) {
    let dir = temp_dir::Dir::new(name);
    let path = dir.path().join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

const FLOOR: &str = r#"model = "minecraft-1.21 v4"
world_text = """
voxwalk-world 1
layer 0
|##########|
|##########|
"""
"#;

#[test]
fn a_wrong_position_fails_with_expected_and_actual() {
    let text = format!(
        "{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"10 east\"\n\n[[expect]]\ntick = 4\npos = [9, 1, 0.5]\n"
    );
    let (_dir, path) = temp_scenario("wrong_pos", &text);
    let outcome = check_file(&path, false);
    let Verdict::Failed(f) = outcome.verdict else {
        panic!("{:?}", outcome.verdict)
    };
    assert_eq!(f.tick, 4);
    assert_eq!(f.check, "body 0 pos.x");
    assert_eq!(f.expected, "9 ± 0.000001");
    // Minecraft's walk from rest: each tick moves at 0.546 of the last plus
    // 1.96 blocks/s (0.1 x 0.98 a tick), 0.05 s a tick.
    let (keep, input) = (
        f64::from(0.6_f32 * 0.91_f32),
        f64::from(0.98_f32) * 0.1 * 20.0,
    );
    let (mut momentum, mut x) = (0.0, 0.5);
    for _ in 0..5 {
        let moved = momentum + input;
        x += moved * 0.05;
        momentum = keep * moved;
    }
    assert!(
        (f.actual.parse::<f64>().unwrap() - x).abs() < 1e-6,
        "{} against {x}",
        f.actual
    );
}

#[test]
fn each_kind_of_check_can_fail() {
    let cases = [
        ("grounded = false", "body 0 grounded"),
        ("speed = [0, 1]", "body 0 speed"),
        ("horizontal_speed = [5, 6]", "body 0 horizontal speed"),
        ("y = [2, 3]", "body 0 pos.y"),
        ("max_height = 0.5", "body 0 highest pos.y"),
        ("min_peak = 3", "body 0 highest pos.y"),
        ("event = \"jumped\"", "body 0 events"),
        ("event_by = \"stepped\"", "body 0 events"),
        ("no_event_by = \"landed\"", "body 0 events"),
    ];
    for (check, name) in cases {
        let text = format!(
            "{FLOOR}spawn = [0.5, 1.5, 0.5]\ninputs = \"10 east\"\n\n[[expect]]\n{check}\n"
        );
        let (_dir, path) = temp_scenario("each_check", &text);
        match check_file(&path, false).verdict {
            Verdict::Failed(f) => assert_eq!(f.check, name, "{check}"),
            other => panic!("{check}: {other:?}"),
        }
    }
    let always =
        format!("{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"10 east\"\n\n[[always]]\nx = [0, 1]\n");
    let (_dir, path) = temp_scenario("always", &always);
    let Verdict::Failed(f) = check_file(&path, false).verdict else {
        panic!("x leaves [0, 1]")
    };
    // From 0.5: 0.098, 0.151 and 0.181 a tick, past 1 on the fourth tick.
    assert_eq!((f.tick, f.check.as_str()), (3, "body 0 pos.x (always)"));
}

#[test]
fn bad_files_are_errors_that_name_the_place() {
    let cases: [(&str, &[&str]); 6] = [
        (
            "model = \"minecraft-1.21 v4\"\nworld = \"nowhere.vxw\"\ninputs = \"1 east\"\n",
            &["nowhere.vxw"],
        ),
        (
            &format!("{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"1 east\"\nspeeed = 3\n"),
            &["line 10", "speeed"],
        ),
        (
            &format!("{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"1 east\\n2 hop\"\n"),
            &[":2:", "hop"],
        ),
        (
            &format!(
                "{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"1 east\"\n[settings]\ngravity = -1\n"
            ),
            &["gravity", "negative"],
        ),
        (
            &format!("{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"1 east\"\n[[expect]]\ntick = 5\n"),
            &["expect #1", "past the end"],
        ),
        (
            "model = \"minecraft-1.21 v4\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|#?#|\\n\"\nspawn = [0.5, 1, 0.5]\ninputs = \"1 east\"\n",
            &["world_text line 3, column 3"],
        ),
    ];
    for (text, needles) in cases {
        let (_dir, path) = temp_scenario("bad", text);
        let error: ScenarioError = Scenario::load(&path).unwrap_err();
        let message = error.to_string();
        assert!(message.contains(&*path.display().to_string()), "{message}");
        for needle in needles {
            assert!(message.contains(needle), "{needle:?} not in {message}");
        }
    }
}

#[test]
fn golden_trajectories_bless_compare_and_point_at_the_first_difference() {
    let text = format!(
        "{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"12 east+sprint\"\ngolden = \"walk.golden\"\n"
    );
    let (dir, path) = temp_scenario("golden", &text);
    let golden = dir.path().join("walk.golden");
    // No golden yet: an error that says how to make one.
    let Verdict::Error(e) = check_file(&path, false).verdict else {
        panic!("missing golden must not pass")
    };
    assert!(e.contains("--bless"), "{e}");
    assert_eq!(check_file(&path, true).verdict, Verdict::Blessed);
    assert_eq!(check_file(&path, false).verdict, Verdict::Passed);

    // Change one number in tick 7 (line 8: the model's line comes first):
    // the comparison names that tick and field.
    let original = std::fs::read_to_string(&golden).unwrap();
    let mut lines: Vec<String> = original.lines().map(str::to_owned).collect();
    let mut tick7: serde_json::Value = serde_json::from_str(&lines[8]).unwrap();
    tick7["bodies"][0]["pos"][1] = serde_json::json!(1.25);
    lines[8] = tick7.to_string();
    std::fs::write(&golden, lines.join("\n")).unwrap();
    let Verdict::Failed(f) = check_file(&path, false).verdict else {
        panic!("a changed golden must fail")
    };
    assert_eq!((f.tick, f.check.as_str()), (7, "golden body 0 pos.y"));
    assert_eq!(f.expected, "1.25 ± 0.000000001");

    // The library round trip agrees bit for bit.
    let scenario = Scenario::load(&path).unwrap();
    let frames = record(&scenario).unwrap();
    let out = dir.path().join("again.golden");
    write_golden(&out, &frames).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), original);
    assert_eq!(compare_golden(&original, &frames, 0.0), Ok(None));
    // A shorter golden is reported, not ignored.
    let short = original.lines().take(5).collect::<Vec<_>>().join("\n");
    let f = compare_golden(&short, &frames, 0.0).unwrap().unwrap();
    assert_eq!(f.check, "golden length");
    let header = original.lines().next().unwrap();
    let error = compare_golden(&format!("{header}\n{{not json"), &frames, 0.0).unwrap_err();
    assert!(
        matches!(error, voxwalk::scenario::GoldenError::Line { line: 2, .. }),
        "{error}"
    );
    assert!(error.to_string().starts_with("line 2"));
}

#[test]
fn a_mirror_that_differs_fails() {
    // The far-away world against a world that is not its copy.
    let text = "model = \"minecraft-1.21 v4\"\nworld = \"far_away.vxw\"\ninputs = \"40 west\"\n\n[mirror]\nworld = \"corridor.vxw\"\noffset = [30000000, 0, -30000000]\n";
    let dir = temp_dir::Dir::new("mirror");
    for world in ["far_away.vxw", "corridor.vxw"] {
        std::fs::copy(worlds_dir().join(world), dir.path().join(world)).unwrap();
    }
    let path = dir.path().join("mirror.toml");
    std::fs::write(&path, text).unwrap();
    let Verdict::Failed(f) = check_file(&path, false).verdict else {
        panic!("different worlds must not match")
    };
    assert!(f.check.contains("mirror"), "{f}");
}

#[test]
fn folders_are_searched_in_name_order() {
    let found = voxwalk::scenario::discover(&[scenarios_dir()]).unwrap();
    let mut sorted = found.clone();
    sorted.sort();
    assert_eq!(found, sorted);
    assert!(
        found
            .iter()
            .all(|p| p.extension().is_some_and(|e| e == "toml"))
    );
    assert!(voxwalk::scenario::discover(&[Path::new("no/such/folder").into()]).is_err());
}

#[test]
fn checks_that_could_never_fail_are_errors_with_their_line() {
    // The model takes line 1, the floor lines 2–7, spawn and inputs lines
    // 8–9, `[[…]]` line 10.
    let cases: [(&str, &str); 5] = [
        ("[[expect]]\npos = [nan, nan, nan]\n", "line 11"),
        ("[[expect]]\nmax_height = nan\n", "line 11"),
        ("[[expect]]\nmin_peak = nan\n", "line 11"),
        ("[[always]]\nx = [0, inf]\n", "line 11"),
        ("[[expect]]\nno_event_by = \"jumpd\"\n", "line 11"),
    ];
    for (checks, line) in cases {
        let text = format!("{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"1 east\"\n{checks}");
        let (_dir, path) = temp_scenario("never-fails", &text);
        let message = Scenario::load(&path).unwrap_err().to_string();
        assert!(message.contains(line), "{checks}: {message}");
        assert!(
            message.contains("finite numbers") || message.contains("no event is called \"jumpd\""),
            "{checks}: {message}"
        );
    }
}

/// `rides` naming a mover the scenario does not have is refused when the
/// file is read, not found failing at run time.
#[test]
fn a_check_riding_a_mover_the_scenario_lacks_is_refused_at_load() {
    let text =
        format!("{FLOOR}spawn = [0.5, 1, 0.5]\ninputs = \"1 east\"\n[[expect]]\nrides = 99\n");
    let (_dir, path) = temp_scenario("rides-99", &text);
    let message = Scenario::load(&path).unwrap_err().to_string();
    assert!(message.contains("`rides = 99` names no mover"), "{message}");
}

/// A model name of megabytes is quoted by its start and length, not echoed.
#[test]
fn a_huge_model_name_is_quoted_short() {
    let text = format!(
        "model = \"{}\"\n{}",
        "m".repeat(5 << 20),
        FLOOR.split_once('\n').map_or(FLOOR, |(_, rest)| rest)
    );
    let (_dir, path) = temp_scenario("huge-model", &text);
    let message = Scenario::load(&path).unwrap_err().to_string();
    assert!(message.len() < 1000, "{} bytes", message.len());
    assert!(message.contains("(5242880 bytes)"), "{message}");
}

#[test]
fn every_event_kind_is_one_a_check_may_name() {
    use voxwalk::controller::Event;
    let mut sim = voxwalk::controller::Simulation::new(
        voxwalk::world::World::new(),
        voxwalk::controller::Settings::default(),
    )
    .unwrap();
    let body = voxwalk::controller::Body::new(glam::DVec3::ZERO, glam::DVec3::ONE).unwrap();
    let other = sim.add_body(body);
    let block = [(glam::IVec3::ZERO, voxwalk::block::BlockId::STONE)];
    let registry = voxwalk::block::BlockRegistry::built_in();
    let lift = sim
        .add_mover(voxwalk::movers::Mover::new(registry, block, DVec3::splat(5.0)).unwrap())
        .unwrap();
    let every = [
        Event::PushedOut {
            offset: DVec3::ZERO,
            resolved: true,
        },
        Event::Jumped,
        Event::Landed { speed: 1.0 },
        Event::HitWall { normal: DVec3::X },
        Event::HitCeiling,
        Event::Stepped { height: 0.5 },
        Event::Snapped { height: 0.5 },
        Event::EnteredLiquid,
        Event::LeftLiquid,
        Event::EdgeGuard {
            axis: voxwalk::controller::HorizontalAxis::X,
        },
        Event::PushedByBody {
            other,
            offset: DVec3::ZERO,
        },
        Event::Bounced {
            normal: DVec3::Y,
            speed: 1.0,
        },
        Event::CameToRest,
        Event::LeftWorld,
        Event::Boarded { mover: lift },
        Event::Alighted {
            mover: lift,
            kept: DVec3::ZERO,
        },
        Event::Caught { mover: lift },
        Event::Crushed { mover: lift },
    ];
    // The kind `voxwalk run` prints (serde's tag) is the one `kind` names.
    let printed: Vec<String> = every
        .iter()
        .map(|e| {
            serde_json::to_value(e).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(printed, Event::KINDS);
    let named: Vec<&str> = every.iter().map(Event::kind).collect();
    assert_eq!(named, Event::KINDS);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// A golden blessed from any run reads back to the same bits: blessing
    /// and then checking passes, near the origin and 3·10⁷ blocks out, where
    /// a position printed without the shortest round-trip digits, or parsed
    /// an ulp off, fails the exact comparison.
    #[test]
    fn a_blessed_golden_passes_its_own_check(
        far in proptest::bool::ANY,
        segments in proptest::collection::vec((1u32..20, 0usize..6), 1..5),
        x in 1.3f64..8.7,
        z in 1.3f64..8.7,
    ) {
        let dir = temp_dir::Dir::new("bless-roundtrip");
        let words = ["east", "west+jump", "south+sprint", "north+sneak", "east+south+jump", "idle"];
        let inputs: Vec<String> = segments.iter().map(|(n, w)| format!("{n} {}", words[*w])).collect();
        let (world, origin) = if far {
            ("far_away.vxw", (30_000_000.0, -30_000_000.0))
        } else {
            ("walls_and_corners.vxw", (0.0, 0.0))
        };
        let text = format!(
            "model = \"minecraft-1.21 v4\"\nworld = {:?}\nspawn = [{}, 1, {}]\ninputs = \"\"\"\n{}\n\"\"\"\ngolden = \"run.golden\"\n",
            worlds_dir().join(world).display().to_string(),
            origin.0 + x,
            origin.1 + z,
            inputs.join("\n"),
        );
        let path = dir.path().join("run.toml");
        std::fs::write(&path, text).unwrap();
        proptest::prop_assert_eq!(check_file(&path, true).verdict, Verdict::Blessed);
        let verdict = check_file(&path, false).verdict;
        proptest::prop_assert_eq!(verdict, Verdict::Passed);
    }
}

/// A small passing scenario with `extra` lines, in `dir`.
fn scenario_in(dir: &Path, name: &str, extra: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!("model = \"minecraft-1.21 v4\"\nworld_text = \"\"\"\nvoxwalk-world 1\nlayer 0\n|##|\n\"\"\"\nspawn = [0.5, 1, 0.5]\nticks = 3\n{extra}\n"),
    )
    .unwrap();
    path
}

/// `--bless` writes only inside the scenario's own folder and never through
/// a symbolic link; what it refuses is left as it was.
#[test]
fn bless_writes_only_inside_the_scenario_folder_and_never_through_a_link() {
    let outer = temp_dir::Dir::new("bless-paths");
    let folder = outer.path().join("scenarios");
    std::fs::create_dir_all(&folder).unwrap();
    let victim = outer.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let absolute = outer.path().join("elsewhere.golden");
    for golden in ["../victim.txt".to_owned(), absolute.display().to_string()] {
        let path = scenario_in(&folder, "escape.toml", &format!("golden = {golden:?}"));
        let Verdict::Error(e) = check_file(&path, true).verdict else {
            panic!("{golden}: blessed outside the folder")
        };
        assert!(e.contains("outside the scenario's folder"), "{e}");
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(!absolute.exists());
    #[cfg(unix)]
    {
        let link = folder.join("linked.golden");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let path = scenario_in(&folder, "link.toml", "golden = \"linked.golden\"");
        let Verdict::Error(e) = check_file(&path, true).verdict else {
            panic!("blessed through a symbolic link")
        };
        assert!(e.contains("symbolic link"), "{e}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
    // Inside the folder, blessing works.
    let path = scenario_in(&folder, "fine.toml", "golden = \"fine.golden\"");
    assert_eq!(check_file(&path, true).verdict, Verdict::Blessed);
    assert_eq!(check_file(&path, false).verdict, Verdict::Passed);
}

/// A FIFO or a device named as a world, inputs file or golden is refused at
/// once: nothing waits for a writer, nothing reads `/dev/zero` until memory
/// runs out.
#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_without_reading_them() {
    let dir = temp_dir::Dir::new("special-files");
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let fifo = fifo.display().to_string();
    let cases = [
        format!("inputs_file = {fifo:?}"),
        "inputs_file = \"/dev/zero\"".to_owned(),
        format!("golden = {fifo:?}"),
    ];
    for extra in cases {
        let path = scenario_in(dir.path(), "special.toml", &extra);
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(check_file(&path, false).verdict);
        });
        let verdict = receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("{extra}: still reading after 10 s"));
        let text = format!("{verdict:?}");
        assert!(!verdict.is_pass(), "{extra}: {text}");
        assert!(text.contains("not a regular file"), "{extra}: {text}");
    }
    let world = format!(
        "model = \"minecraft-1.21 v4\"\nworld = {fifo:?}\nspawn = [0.5, 1, 0.5]\nticks = 1\n"
    );
    let path = dir.path().join("world.toml");
    std::fs::write(&path, world).unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(check_file(&path, false).verdict);
    });
    let verdict = receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("a FIFO world still being read after 10 s");
    assert!(
        format!("{verdict:?}").contains("not a regular file"),
        "{verdict:?}"
    );
}

/// An inputs file that is not one is refused by its line, without quoting
/// what the file holds.
#[cfg(unix)]
#[test]
fn an_inputs_file_that_is_not_one_is_not_quoted() {
    let dir = temp_dir::Dir::new("inputs-not-quoted");
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "root:x:0:0:secret-words\n").unwrap();
    let path = scenario_in(
        dir.path(),
        "quote.toml",
        &format!("inputs_file = {:?}", secret.display().to_string()),
    );
    let text = format!("{:?}", check_file(&path, false).verdict);
    assert!(
        text.contains(":1:") && text.contains("TICKS ACTIONS"),
        "{text}"
    );
    assert!(
        !text.contains("root") && !text.contains("secret-words"),
        "{text}"
    );
}
