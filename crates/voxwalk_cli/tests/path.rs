//! `voxwalk path`: the plan as one JSON line, then the walk along it.

#[path = "../../../tests/support/temp_dir.rs"]
mod temp_dir;

use std::process::{Command, Output};

fn voxwalk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_voxwalk"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the binary runs")
}

/// Each line of what `voxwalk path` printed, as JSON.
fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// A floor, a 3-wide gap, a floor: the plan leaps it, and the walk that
/// follows ends where the plan does, in the plan's ticks.
const GAP: &str = "voxwalk-world 1\nlayer 0\n|####...#####\n|####...#####\n|####...#####\nend\n";

/// `voxwalk path` over the gap world, from `from` to (10.5, 1, 1.5).
fn path_over_the_gap(tag: &str, from: &str) -> Output {
    path_over_the_gap_to(tag, from, "10.5,1,1.5")
}

/// `voxwalk path` over the gap world, from `from` to `to`.
fn path_over_the_gap_to(tag: &str, from: &str, to: &str) -> Output {
    let dir = temp_dir::Dir::new(tag);
    let world = dir.path().join("gap.vxw");
    std::fs::write(&world, GAP).unwrap();
    voxwalk(&["path", world.to_str().unwrap(), "--from", from, "--to", to])
}

#[test]
fn path_prints_the_plan_then_walks_it_tick_by_tick() {
    let out = path_over_the_gap("cli-path", "1.5,1,1.5");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    let plan = &lines[0];
    assert_eq!(plan["complete"], true, "{plan}");
    let steps = plan["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["kind"] == "leap"), "{plan}");
    assert_eq!(steps.last().unwrap()["cell"], serde_json::json!([10, 1, 1]));
    let walk = &lines[1..];
    let last = walk.last().unwrap();
    assert_eq!(last["follow"], "arrived", "{last}");
    assert_eq!(last["tick"], plan["ticks"], "walked in the plan's ticks");
    let x = last["pos"][0].as_f64().unwrap();
    assert!((10.0..11.0).contains(&x), "{last}");
}

#[test]
fn path_from_mid_air_over_nothing_is_one_line_on_stderr() {
    let out = path_over_the_gap("cli-path-air", "5.5,1,1.5");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--from") && err.contains("stands on nothing"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A body still falling (19 blocks above the floor) is planned for from
/// where it lands: it falls with no keys, then walks the plan, in the
/// plan's ticks.
#[test]
fn path_from_a_body_still_falling_starts_where_it_lands() {
    let out = path_over_the_gap("cli-path-falling", "1.5,20,1.5");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    let plan = &lines[0];
    assert_eq!(plan["complete"], true, "{plan}");
    let last = lines.last().unwrap();
    assert_eq!(last["follow"], "arrived", "{last}");
    assert_eq!(last["tick"], plan["ticks"], "walked in the plan's ticks");
    assert!(lines[1]["pos"][1].as_f64().unwrap() > 15.0, "{}", lines[1]);
}

/// A goal no world holds (not finite, or past the coordinates a world may
/// have) is refused naming `--to`, not rounded to a cell at the edge of
/// the integers and planned towards; so is such a start, naming `--from`.
#[test]
fn path_refuses_places_no_world_holds_naming_the_flag() {
    for (i, to) in ["NaN,1,1", "1,inf,1", "1,1,-inf", "1e300,1,1", "1,1,3e9"]
        .iter()
        .enumerate()
    {
        let out = path_over_the_gap_to(&format!("cli-path-to-{i}"), "1.5,1,1.5", to);
        assert_eq!(out.status.code(), Some(2), "--to {to}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--to"), "--to {to}: {err}");
        assert!(out.stdout.is_empty(), "--to {to}: planned anyway");
    }
    for (i, from) in ["NaN,1,1", "1e300,1,1"].iter().enumerate() {
        let out = path_over_the_gap(&format!("cli-path-from-{i}"), from);
        assert_eq!(out.status.code(), Some(2), "--from {from}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--from"), "--from {from}: {err}");
    }
}

/// The kinds of goal `path` takes: a column (`--to X,Z`, at whatever
/// height its ground is), a radius round a point, a height; each planned
/// complete and walked to where the goal holds, which the walk's last line
/// says as `arrived`. Asking for two goals, or a radius without a point,
/// is refused.
#[test]
fn path_goes_to_a_column_a_radius_and_a_height() {
    let dir = temp_dir::Dir::new("cli-path-goals");
    let world = dir.path().join("gap.vxw");
    std::fs::write(&world, GAP).unwrap();
    let world = world.to_str().unwrap();
    for (args, x_range) in [
        (&["--to", "10.5,1.5"][..], 10.0..11.0),
        (&["--to", "10.5,1,1.5", "--radius", "2"][..], 8.5..12.5),
    ] {
        let mut all = vec!["path", world, "--from", "1.5,1,1.5"];
        all.extend_from_slice(args);
        let out = voxwalk(&all);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines = json_lines(&out);
        assert_eq!(lines[0]["complete"], true, "{args:?}: {}", lines[0]);
        assert!(lines[0]["work"].as_u64().unwrap() > 0);
        // The processor time, beside the wall-clock time.
        assert!(
            lines[0]["plan_cpu_ms"].as_f64().unwrap() >= 0.0,
            "{}",
            lines[0]
        );
        assert!(lines[0]["plan_ms"].as_f64().unwrap() >= 0.0, "{}", lines[0]);
        let last = lines.last().unwrap();
        assert_eq!(last["follow"], "arrived", "{args:?}: {last}");
        let x = last["pos"][0].as_f64().unwrap();
        assert!(x_range.contains(&x), "{args:?}: {last}");
    }
    for args in [
        &["--to", "10.5,1,1.5", "--height", "1"][..],
        &["--to", "10.5,1.5", "--radius", "2"][..],
        &["--height", "NaN"][..],
        &["--to", "10.5,1,1.5", "--radius", "-1"][..],
        &[][..],
    ] {
        let mut all = vec!["path", world, "--from", "1.5,1,1.5"];
        all.extend_from_slice(args);
        let out = voxwalk(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A goal beyond the world's end: the plan is partial, and its walk ends
/// saying it stopped short, never `arrived`.
#[test]
fn a_partial_plan_walked_to_its_end_does_not_say_arrived() {
    let out = path_over_the_gap_to("cli-path-short", "1.5,1,1.5", "40.5,1,1.5");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["complete"], false, "{}", lines[0]);
    assert!(lines.iter().all(|l| l["follow"] != "arrived"), "{lines:?}");
    assert!(
        lines.last().unwrap()["follow"]
            .as_str()
            .unwrap()
            .contains("short of the goal")
    );
}

/// On `play`'s default world, a treetop 112 blocks away that nothing the
/// body reaches holds: the plan goes to the tree's foot, found from the
/// clusters about the tree and those between (a flat search would have
/// gone through every place of the region), and is walked there; a place
/// 100 blocks away on the same land is planned and walked to.
#[test]
fn path_on_generated_hills_knows_a_treetop_is_out_of_reach() {
    let treetop = voxwalk(&[
        "path",
        "gen:hills:2024",
        "--from",
        "-13.5,43,8.5",
        "--to",
        "-11.5,42,120.5",
    ]);
    assert!(
        treetop.status.success(),
        "{}",
        String::from_utf8_lossy(&treetop.stderr)
    );
    let lines = json_lines(&treetop);
    let plan = &lines[0];
    assert_eq!(plan["complete"], false, "{}", plan["work"]);
    let end = plan["steps"].as_array().unwrap().last().unwrap()["cell"].clone();
    // The tree's foot: its column, on the ground below the leaves.
    assert_eq!(end, serde_json::json!([-12, 38, 120]));
    // Fewer clusters than the region's 256.
    assert!(
        plan["clusters"].as_u64().unwrap() < 100,
        "{}",
        plan["clusters"]
    );
    assert_eq!(lines.last().unwrap()["tick"], plan["ticks"]);

    let far = voxwalk(&[
        "path",
        "gen:hills:2024",
        "--from",
        "-13.5,43,8.5",
        "--to",
        "-13,100",
    ]);
    assert!(
        far.status.success(),
        "{}",
        String::from_utf8_lossy(&far.stderr)
    );
    let lines = json_lines(&far);
    assert_eq!(lines[0]["complete"], true, "{}", lines[0]["work"]);
    let last = lines.last().unwrap();
    assert_eq!(last["follow"], "arrived", "{last}");
    assert_eq!(
        last["tick"], lines[0]["ticks"],
        "walked in the plan's ticks"
    );
}
