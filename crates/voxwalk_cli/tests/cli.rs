//! The `voxwalk` binary as a user runs it.

#[path = "../../../tests/support/temp_dir.rs"]
mod temp_dir;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn voxwalk(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxwalk"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn sweep_prints_the_move_as_json() {
    let out = voxwalk(
        &[
            "sweep",
            "worlds/walls_and_corners.vxw",
            "--box",
            "2.2,1,2.2,2.8,2.8,2.8",
            "--by=-5,0,0",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = &json_lines(&out)[0];
    assert_eq!(
        v["start"],
        serde_json::json!([2.2, 1.0, 2.2, 2.8, 2.8, 2.8])
    );
    assert_eq!(v["end"][0], 1.0 + voxwalk::resolver::CONTACT_GAP);
    let hit = &v["hits"][0];
    assert_eq!(hit["block"], serde_json::json!([0, 1, 2]));
    assert_eq!(hit["normal"], serde_json::json!([1.0, 0.0, 0.0]));
    assert_eq!(v["depenetrated"], false);
    assert!(v["lookups"].as_u64().unwrap() > 0);
    assert!((hit["toi"].as_f64().unwrap() - 1.2 / 5.0).abs() < 1e-12);
}

#[test]
fn negative_values_work_with_and_without_equals() {
    let a = voxwalk(
        &[
            "sweep",
            "worlds/seams.vxw",
            "--box",
            "5.2,1,1.2,5.8,2.8,1.8",
            "--by",
            "-3,0,0",
        ],
        "",
    );
    let b = voxwalk(
        &[
            "sweep",
            "worlds/seams.vxw",
            "--box=5.2,1,1.2,5.8,2.8,1.8",
            "--by=-3,0,0",
        ],
        "",
    );
    assert!(
        a.status.success() && b.status.success(),
        "{}",
        String::from_utf8_lossy(&a.stderr)
    );
    assert_eq!(a.stdout, b.stdout);
    assert!((json_lines(&a)[0]["end"][0].as_f64().unwrap() - 2.2).abs() < 1e-12);
}

#[test]
fn batch_reads_one_move_per_line_from_stdin() {
    let moves =
        "# box            by\n2.2,1,2.2,2.8,2.8,2.8 -5,0,0\n\n2.2,3,2.2,2.8,4.8,2.8 0,-10,0\n";
    let out = voxwalk(
        &["sweep", "worlds/walls_and_corners.vxw", "--batch", "-"],
        moves,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["end"][1], 1.0 + voxwalk::resolver::CONTACT_GAP);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_code_2() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &[
                "sweep",
                "worlds/seams.vxw",
                "--box",
                "0,0,0,1,1",
                "--by",
                "1,0,0",
            ],
            "",
            "expected 6",
        ),
        (
            &[
                "sweep",
                "worlds/seams.vxw",
                "--box",
                "0,5,0,1,6,1",
                "--by",
                "NaN,0,0",
            ],
            "",
            "not finite",
        ),
        (
            &["sweep", "worlds/seams.vxw", "--box", "0,5,0,1,6,1"],
            "",
            "either --box and --by",
        ),
        (
            &[
                "sweep",
                "worlds/nope.vxw",
                "--box",
                "0,5,0,1,6,1",
                "--by",
                "1,0,0",
            ],
            "",
            "nope.vxw",
        ),
        (
            &[
                "sweep",
                "Cargo.toml",
                "--box",
                "0,5,0,1,6,1",
                "--by",
                "1,0,0",
            ],
            "",
            "not a world file",
        ),
        (
            &["sweep", "worlds/seams.vxw", "--batch", "-"],
            "0,5,0,1,6,1 1,0\n",
            "stdin line 1",
        ),
        (
            &["sweep", "worlds/seams.vxw", "--batch", "-"],
            "0,5,0,1,6,1 1,0,0 extra\n",
            "stdin line 1",
        ),
        (
            &["sweep", "worlds/seams.vxw", "--batch", "-"],
            "0,5,0,1,6,1 1,0,0\n1,1,1,0,0,0 1,0,0\n",
            "stdin line 2",
        ),
        (&["frobnicate"], "", "unrecognized subcommand"),
    ];
    for (args, stdin, expect) in cases {
        let out = voxwalk(args, stdin);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
    // The mistakes a person makes in a world file are named with their place.
    let dir = temp_dir::Dir::new("cli-bad-world");
    let bad = dir.path().join("bad.vxw");
    std::fs::write(&bad, "voxwalk-world 1\nlayer 0\n|##x#|\n").unwrap();
    let out = voxwalk(
        &[
            "sweep",
            bad.to_str().unwrap(),
            "--box",
            "0,5,0,1,6,1",
            "--by",
            "1,0,0",
        ],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("bad.vxw: line 3, column 4: unknown block character 'x'"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

#[test]
fn play_without_a_terminal_runs_the_headless_demo() {
    // The README's first command, where stdout is not a terminal.
    let out = voxwalk(&["play", "--ticks", "300"], "");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("not a terminal"), "{stdout}");
    let summary: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["ticks"], 300);
    assert!(summary["walked"].as_f64().unwrap() > 5.0, "{summary}");
    // --headless says nothing else; any world works.
    let out = voxwalk(&["play", "gen:course:0", "--headless", "--ticks", "40"], "");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["world"], "course (seed 0)");
    let out = voxwalk(&["play", "gen:volcano:1", "--headless"], "");
    assert_eq!(out.status.code(), Some(2));
}

/// Writes `text` to the file `name` in `dir`.
fn write_temp(dir: &temp_dir::Dir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn run_prints_one_json_object_per_tick() {
    let dir = temp_dir::Dir::new("cli-run");
    let inputs = write_temp(&dir, "walk.inputs", "# into the wall\n30 west\n");
    let out = voxwalk(
        &[
            "run",
            "worlds/walls_and_corners.vxw",
            "--inputs",
            inputs.to_str().unwrap(),
            "--ticks",
            "35",
            "--set",
            "walk_speed=2.0",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 35, "--ticks runs past the script, idling");
    assert_eq!(lines[0]["tick"], 0);
    assert_eq!(lines[34]["tick"], 34);
    let last = &lines[34];
    // Against the wall a contact gap short of it, on the floor a gap above it.
    let pos: Vec<f64> = last["pos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    for (got, want) in pos.iter().zip([1.300_000_1, 1.000_000_1, 2.5]) {
        assert!((got - want).abs() < 1e-12, "{pos:?}");
    }
    assert_eq!(last["grounded"], true);
    assert_eq!(last["box"].as_array().unwrap().len(), 6);
    // --set walk_speed applies: Minecraft's ramp towards 2 blocks/s, its
    // second tick at (1 - 0.546²) of it.
    let keep = f64::from(0.6_f32 * 0.91_f32);
    let second = lines[1]["vel"][0].as_f64().unwrap();
    assert!(
        (second + 2.0 * (1.0 - keep * keep)).abs() < 1e-6,
        "{second}"
    );
    let wall_hits = lines
        .iter()
        .filter(|l| {
            l["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["kind"] == "hit_wall")
        })
        .count();
    assert!(wall_hits > 0);
}

#[test]
fn run_refuses_unknown_settings_and_bad_scripts() {
    let dir = temp_dir::Dir::new("cli-inputs");
    let good = write_temp(&dir, "ok.inputs", "5 east\n");
    let bad = write_temp(&dir, "bad.inputs", "5 east\n3 east+hop\n");
    let cases: [(&[&str], &str); 4] = [
        (&["--set", "stepheight=1"], "unknown setting `stepheight`"),
        (&["--set", "gravity"], "expected KEY=VALUE"),
        (&["--spawn", "nan,1,1"], "not finite"),
        (&["--size", "0,1,1"], "must be positive"),
    ];
    for (extra, needle) in cases {
        let mut args = vec![
            "run",
            "worlds/walls_and_corners.vxw",
            "--inputs",
            good.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = voxwalk(&args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(needle), "{extra:?}: {err}");
        assert_eq!(err.lines().count(), 1);
    }
    let out = voxwalk(
        &[
            "run",
            "worlds/walls_and_corners.vxw",
            "--inputs",
            bad.to_str().unwrap(),
        ],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains(":2:") && err.contains("hop"), "{err}");
}

#[test]
fn check_prints_a_table_and_exits_1_when_a_scenario_fails() {
    let out = voxwalk(&["check", "worlds/scenarios"], "");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{table}");
    assert!(table.contains("walk_into_wall") && table.contains("pass"));

    let dir = temp_dir::Dir::new("cli-check");
    let failing = write_temp(
        &dir,
        "failing.toml",
        "model = \"minecraft-1.21 v4\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|####|\\n\"\nspawn = [0.5, 1, 0.5]\ninputs = \"5 east\"\n[[expect]]\ngrounded = false\n",
    );
    let out = voxwalk(&["check", failing.to_str().unwrap()], "");
    let table = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{table}");
    assert!(
        table.contains("FAIL")
            && table.contains("tick 4: body 0 grounded: expected false, got true"),
        "{table}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 of 1 scenarios failed"));
}

#[test]
fn a_batch_of_one_endless_line_is_refused_not_read_into_memory() {
    // As from `--batch /dev/zero`.
    let dir = temp_dir::Dir::new("cli-endless-batch");
    let endless = dir.path().join("endless.txt");
    std::fs::write(&endless, "0".repeat(1 << 20)).unwrap();
    let endless = endless.display().to_string();
    let out = voxwalk(&["sweep", "worlds/seams.vxw", "--batch", &endless], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 1: longer than 4096 bytes"), "{err}");
}

#[test]
fn messages_escape_the_control_characters_a_file_holds() {
    let dir = temp_dir::Dir::new("cli-escape");
    let bad = dir.path().join("escape.vxw");
    std::fs::write(&bad, "voxwalk-world 1\nlayer 0\n|#\u{1b}#|\n").unwrap();
    let bad = bad.display().to_string();
    let out = voxwalk(&["info", &bad], "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        !err.contains('\u{1b}'),
        "a raw ESC reached the terminal: {err:?}"
    );
    assert!(err.contains("\\u{1b}"), "{err}");
}

/// What a file names reaches stdout escaped: a world's name with an OSC
/// sequence (which retitled the terminal) and a bidi override, and a
/// scenario whose file name holds an ESC in `check`'s table.
#[test]
fn stdout_escapes_what_files_name() {
    let dir = temp_dir::Dir::new("cli-escape-stdout");
    let world = dir.path().join("named.vxw");
    std::fs::write(
        &world,
        "voxwalk-world 1\nname evil\u{1b}]0;owned\u{7}\u{202e}name\nlayer 0\n|##|\n",
    )
    .unwrap();
    let out = voxwalk(&["info", &world.display().to_string()], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202e}'),
        "{text:?}"
    );
    assert!(
        text.contains("evil\\u{1b}]0;owned\\u{7}\\u{202e}name"),
        "{text}"
    );

    let scenario = dir.path().join("bad\u{1b}[2Jname.toml");
    std::fs::write(
        &scenario,
        "model = \"minecraft-1.21 v4\"\nworld_text = \"\"\"\nvoxwalk-world 1\nlayer 0\n|##|\n\"\"\"\nspawn = [0.5, 1, 0.5]\nticks = 2\n[[expect]]\ny = [5, 6]\n",
    )
    .unwrap();
    let out = voxwalk(&["check", &scenario.display().to_string()], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(text.contains("bad\\u{1b}[2Jname"), "{text}");
}

/// `gen` refuses a size whose world could not be read back, at once and
/// without writing anything (16384 × 64 × 16384 ran out of memory after a
/// minute; a world of 131,769 chunks was written that `info` refused).
#[test]
fn gen_refuses_a_world_it_could_not_read_back() {
    let dir = temp_dir::Dir::new("cli-gen-too-big");
    let output = dir.path().join("huge.vxb");
    let out = voxwalk(
        &[
            "gen",
            "flat",
            "--size",
            "16384,64,16384",
            "-o",
            &output.display().to_string(),
        ],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("MAX_FILE_CHUNKS"), "{err}");
    assert!(!output.exists(), "a world it cannot read was written");
}

/// `info` counts a world's liquids by kind and level, its waterlogged
/// blocks and its bubble columns, and names each liquid type's kind and
/// level.
#[test]
fn info_counts_liquids_by_level() {
    let dir = temp_dir::Dir::new("cli-info-liquids");
    let world = dir.path().join("liquids.vxw");
    std::fs::write(
        &world,
        "voxwalk-world 1\n\
         block flowing passable property liquid_drag=0.8 property liquid_level=3\n\
         block lava passable property liquid_drag=0.5 property lava=true\n\
         block wet_slab box 0 0 0 1 0.5 1 property liquid_drag=0.8\n\
         block up passable property liquid_drag=0.8 property bubble_column=1\n\
         legend f flowing\nlegend l lava\nlegend w wet_slab\nlegend u up\n\
         layer 0\n|ffflwuu~|\nend\n",
    )
    .unwrap();
    let out = voxwalk(&["info", &world.display().to_string()], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for line in [
        "water     3 (flowing, level 3)",
        "water     4 (source)",
        "lava      1 (source)",
        "waterlogged blocks 1",
        "bubble columns 2 (2 lifting, 0 dragging down)",
        "liquid: water, level 3",
        "liquid: lava, level 0",
    ] {
        assert!(text.contains(line), "{line:?} not in\n{text}");
    }
}
