//! The command on worlds and scenarios as a user runs it: save folders
//! converted, told, run and played, the long walk across a streamed save in
//! bounded memory, the longest scenario allowed in bounded memory.

#[path = "../../../tests/support/temp_dir.rs"]
mod temp_dir;

#[path = "../../../tests/support/big_save.rs"]
mod big_save;
#[path = "../../../tests/support/realdata.rs"]
mod realdata;

use std::path::{Path, PathBuf};
use std::process::Command;

use big_save::{WALK, build_big_save, walk};
use temp_dir::Dir;
use voxwalk::block::BlockId;
use voxwalk::controller::Body;
use voxwalk::formats::save_folder::{Dimension, SaveFolder, export_world};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::streaming::{StreamSettings, StreamingWorld};
use voxwalk::world::World;

/// The walk of `tests/save_folder.rs` by the command, in a process of its
/// own: its resident memory, the program's included, stays under what this
/// test allows, and it ends where the library's walk on the same folder,
/// streamed under the same budget, ends.
#[test]
#[ignore = "needs ../shared/realdata; CI runs it"]
fn the_command_walks_3000_blocks_across_a_streamed_save_in_bounded_memory() {
    let dir = Dir::new("big_save_command");
    let folder = dir.path().join("save");
    build_big_save(&folder);
    let start = DVec3::new(2060.5, 90.0, 300.5);
    let settings = StreamSettings {
        budget_bytes: 24 << 20,
        ..StreamSettings::default()
    };
    let save = SaveFolder::open(&folder, Dimension::Overworld).unwrap();
    let mut streamed = StreamingWorld::new(save, settings);
    let body = Body::new(start, Body::DEFAULT_SIZE).unwrap();
    streamed.prepare(&[(body.aabb, 0.0)]).unwrap();
    let expected = walk(streamed, start, |sim| {
        sim.stream().unwrap();
    });

    let inputs = dir.path().join("walk.txt");
    std::fs::write(&inputs, WALK).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_voxwalk"))
        .args([
            "run",
            folder.to_str().unwrap(),
            "--inputs",
            inputs.to_str().unwrap(),
        ])
        .args([
            "--spawn",
            "2060.5,90,300.5",
            "--budget-mib",
            "24",
            "--stats",
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    eprintln!("{stderr}");
    let resident_kib: u64 = stderr
        .split("peak resident ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("the run reports its peak resident memory");
    assert!(resident_kib < 64 << 10, "{resident_kib} KiB resident");
    let last = String::from_utf8_lossy(&output.stdout)
        .lines()
        .last()
        .unwrap()
        .to_owned();
    let x = expected.last().unwrap().0.x;
    assert!(
        last.contains(&format!("[{x},")),
        "the command ends where the library did: {last}"
    );
}

/// The command: `convert` writes a save, `info` tells it, `run` on it walks
/// as `run` on the generated world read whole, and as `run --stream` on the
/// generator itself.
#[test]
fn the_command_converts_tells_and_runs_a_save_folder() {
    let dir = Dir::new("command");
    let folder = dir.path().join("hills");
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    let voxwalk = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let folder_arg = format!("{}/", folder.display());
    let said = voxwalk(&["convert", "gen:hills:3", &folder_arg]);
    assert!(said.contains("a Minecraft save of 4 regions"), "{said}");
    let info = voxwalk(&["info", &folder_arg]);
    assert!(info.contains("regions  4 (r.-1.-1 .. r.0.0"), "{info}");
    assert!(info.contains("data version 4189"), "{info}");
    let inputs = dir.path().join("walk.txt");
    std::fs::write(&inputs, "200 east+sprint+jump\n100 north+sprint\n").unwrap();
    let run = |world: &str, extra: &[&str]| {
        let mut args = vec![
            "run",
            world,
            "--inputs",
            inputs.to_str().unwrap(),
            "--spawn",
            "0.5,40,0.5",
        ];
        args.extend_from_slice(extra);
        voxwalk(&args)
    };
    let whole = run("gen:hills:3", &[]);
    assert_eq!(whole.lines().count(), 300);
    assert_eq!(run(&folder_arg, &[]), whole);
    assert_eq!(run(&folder_arg, &["--view-distance", "2"]), whole);
    assert_eq!(run("gen:hills:3", &["--stream"]), whole);
}

/// `play` on a save folder whose blocks lie far from where the body starts
/// (nothing loads around it, the viewer's world stays empty) holds the
/// body that falls out of the world, as `run` on the same folder does: the
/// build before fell for ever (y −1,272 after 400 ticks).
#[test]
fn play_holds_a_body_that_falls_out_of_a_save_folder() {
    let dir = Dir::new("far-blocks");
    let folder = dir.path().join("save");
    let mut world = World::new();
    world.fill(
        IVec3::new(3000, 0, 3000),
        IVec3::new(3015, 3, 3015),
        BlockId::STONE,
    );
    export_world(&world, &[], &folder).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_voxwalk"))
        .args([
            "play",
            folder.to_str().unwrap(),
            "--headless",
            "--demo",
            "--ticks",
            "400",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    let y = summary["pos"][1].as_f64().unwrap();
    assert!(y > -200.0, "held below the floor, not falling: y {y}");
    assert_eq!(summary["vel"][1].as_f64(), Some(0.0));
}

/// A scenario file in a fresh directory.
fn temp_scenario(name: &str, text: &str) -> (Dir, PathBuf) {
    let dir = Dir::new(name);
    let path = dir.path().join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// The longest scenario allowed (`MAX_SCRIPT_TICKS`, 17,280,000 ticks: four
/// days at 50 Hz) runs in the memory of one tick: the checks follow the run
/// frame by frame instead of keeping every tick (which took 4 GB). Run by the
/// command under a 256 MB address-space limit; a failing `[[expect]]` at the
/// last tick shows the run was judged to its end.
#[test]
fn the_longest_scenario_allowed_runs_in_bounded_memory() {
    let ticks = voxwalk::controller::limits::MAX_SCRIPT_TICKS;
    let text = |max_height: f64| {
        format!(
            "model = \"minecraft-1.21 v4\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|###|\\n\"\n\
             spawn = [1.5, 1, 0.5]\nticks = {ticks}\ninputs = \"1 idle\"\n\
             [[expect]]\ngrounded = true\nmax_height = {max_height}\n\
             [[always]]\ny = [1.0, 1.0000002]\n"
        )
    };
    let check = |path: &Path| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 262144; exec \"$0\" check \"$1\"")
            .arg(env!("CARGO_BIN_EXE_voxwalk"))
            .arg(path)
            .output()
            .unwrap()
    };
    let (_dir, passing) = temp_scenario("longest", &text(1.1));
    let out = check(&passing);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{table}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(table.contains(&format!("pass     {ticks}")), "{table}");
    let (_dir_failing, failing) = temp_scenario("longest-failing", &text(0.5));
    let out = check(&failing);
    let table = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{table}");
    assert!(
        table.contains(&format!("tick {}: body 0 highest pos.y", ticks - 1)),
        "{table}"
    );
}
