//! The movement model's version is kept honest: a fingerprint of the
//! defaults and of trajectories through every behaviour block, at
//! Minecraft's 20 ticks a second and at 60, is recorded for each version.
//! A change that moves a body or a default changes the fingerprint, and this
//! test fails until `MODEL.version` goes up and the new fingerprint is
//! written below: scenarios and goldens pinned to the old version then fail
//! with both names instead of failing as regressions.

#[path = "support/temp_dir.rs"]
mod temp_dir;

use std::fmt::Write as _;
use std::path::Path;

use voxwalk::controller::{Input, MODEL, Settings};
use voxwalk::scenario::Scenario;

/// Each version of the model: (version, defaults, trajectories), both
/// fingerprints over numbers (every setting by name but the
/// [`MOTION_NEUTRAL`] ones; each body's box, velocity, momentum, ground and
/// pose), so a field added to `Settings` or `Body` that leaves motion as it
/// was changes neither. The defaults' fingerprint hashes the names too:
/// version 1's was re-recorded (from `0x93ac_3749_0418_78c8`) when the
/// settings gained their groups, with every value read by its flat name equal
/// before and after and the trajectories' fingerprint unchanged.
/// Version 2: liquids with a kind and a level (surfaces at 8/9 of a source
/// under air, the jump threshold, shallow lava), water's drag the float
/// 0.8f, and swimming (the eyes, the sprint under water, the flat pose, the
/// look's steering). Swimming joined version 2 before any build of it was
/// released, so its fingerprints were recorded again (from
/// `0x24bc_d7ef_977c_72ff`, `0x32a6_0990_0a77_9d00`) with the scenarios'
/// trajectories unchanged but for the new `behaviour_swim_sprint`.
/// Version 3: currents held to the client's own liquid code (ice is no
/// waterfall's wall, the exit lift's room, the eyes in the pose a tick
/// leaves, a crouch after a swim) and Minecraft's order with the client's
/// pose heights; its trajectories run in that order too, which the version
/// before gives as `0x2b05_fbb8_2f9d_ca21`.
/// Version 4: a jump from the ground starts only with one of Minecraft's
/// ticks, and a jump pressed between them is kept until the next (finer
/// rates only; 20 Hz unchanged); lava's push is a property of the liquid.
const FINGERPRINTS: &[(u32, u64, u64)] = &[
    (1, 0x24bc_d7ef_977c_72ff, 0x67e1_b924_ea0c_92da),
    (2, 0x9c45_e7e7_1a3c_f5cf, 0x0293_1b6d_222d_222d),
    (3, 0x9c45_e7e7_1a3c_f5cf, 0x2674_cd66_f697_528f),
    (4, 0x9c45_e7e7_1a3c_f5cf, 0x2577_cdfe_1c58_1f8e),
];

/// Scenarios whose worlds and scripts drive the trajectories: walking,
/// sprinting, jumping, sneaking at edges, and every behaviour block.
const DRIVEN_BY: [&str; 13] = [
    "obstacle_walk_golden",
    "sneak_along_ledge",
    "behaviour_slime_bounce",
    "behaviour_ice_glides_farther",
    "behaviour_honey_half_jump",
    "behaviour_ladder_climb_up",
    "behaviour_ladder_descent_capped",
    "behaviour_swim_up",
    "behaviour_sink_slowly",
    "behaviour_swim_sprint",
    "behaviour_cobweb_slows_fall",
    "behaviour_soul_sand_slows_walk",
    "fly_through_tunnel",
];

/// Settings added after the model's version whose defaults leave motion as
/// it was: left out of its fingerprint, so adding one forces no version. A
/// setting whose default changes how bodies move is not listed here, and
/// the version goes up.
const MOTION_NEUTRAL: [&str; 1] = ["jumping.coyote_time"];

fn fnv1a(hash: u64, text: &str) -> u64 {
    text.bytes().fold(hash, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The trajectories' fingerprint: every body's state after every tick of 400,
/// each scenario's script over and over, at 20 and 60 ticks a second, and
/// (from version 3) at 20 in Minecraft's collision order.
fn trajectories() -> u64 {
    let mut hash = FNV_START;
    let mut text = String::new();
    for (rate, vanilla_order) in [(20.0, false), (60.0, false), (20.0, true)] {
        for name in DRIVEN_BY {
            let path = Path::new("worlds/scenarios").join(format!("{name}.toml"));
            let scenario = Scenario::load(&path).unwrap();
            let mut sim = scenario.simulation().unwrap();
            let mut settings = scenario.settings.clone();
            settings.tick_rate = rate;
            settings.collisions.vanilla_order |= vanilla_order;
            sim.set_settings(settings).unwrap();
            for tick in 0..400 {
                let inputs: Vec<Input> = scenario
                    .bodies
                    .iter()
                    .map(|b| b.script.input_at(tick % scenario.ticks.max(1)))
                    .collect();
                sim.step_in_order(&inputs).unwrap();
                text.clear();
                for body in sim.bodies() {
                    for v in [body.aabb.min, body.aabb.max, body.velocity, body.momentum] {
                        for x in v.to_array() {
                            let _ = write!(text, "{:016x}", x.to_bits());
                        }
                    }
                    let _ = write!(text, "{} {:?};", body.grounded, body.pose);
                }
                hash = fnv1a(hash, &text);
            }
        }
    }
    hash
}

#[test]
fn the_model_version_names_one_set_of_defaults_and_trajectories() {
    let names = Settings::names().into_iter();
    let defaults = names
        .filter(|n| !MOTION_NEUTRAL.contains(n))
        .fold(FNV_START, |hash, name| {
            let value = Settings::default()
                .get(name)
                .expect("a setting of the model");
            fnv1a(hash, &format!("{name}={value};"))
        });
    let trajectories = trajectories();
    let recorded = FINGERPRINTS.iter().find(|(v, ..)| *v == MODEL.version);
    assert_eq!(
        recorded.map(|&(_, d, t)| (d, t)),
        Some((defaults, trajectories)),
        "the movement model changed (defaults {defaults:#x}, trajectories {trajectories:#x}) \
         but MODEL is still {MODEL}: raise MODEL.version, add \
         ({}, {defaults:#x}, {trajectories:#x}) to FINGERPRINTS, and re-pin the scenarios \
         with `voxwalk check --bless worlds/scenarios` once their checks hold",
        MODEL.version + 1
    );
}

#[test]
fn a_scenario_pinned_to_another_model_fails_naming_both() {
    let dir = temp_dir::Dir::new("model");
    let path = dir.path().join("stale.toml");
    let text = "model = \"minecraft-1.21 v0\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|##|\\n\"\nspawn = [0.5, 1, 0.5]\nticks = 2\n";
    std::fs::write(&path, text).unwrap();
    let error = Scenario::load(&path).unwrap_err().to_string();
    assert!(error.contains("minecraft-1.21 v0"), "{error}");
    assert!(error.contains(&MODEL.to_string()), "{error}");
    let unpinned = dir.path().join("unpinned.toml");
    std::fs::write(
        &unpinned,
        text.lines().skip(1).collect::<Vec<_>>().join("\n"),
    )
    .unwrap();
    let error = Scenario::load(&unpinned).unwrap_err().to_string();
    assert!(error.contains("names no movement model"), "{error}");
    // Blessing pins it to this build's model, and it runs.
    let outcome = voxwalk::scenario::check_file(&path, true);
    assert!(outcome.verdict.is_pass(), "{:?}", outcome.verdict);
    let pinned = std::fs::read_to_string(&path).unwrap();
    assert!(
        pinned.starts_with(&format!("model = \"{MODEL}\"\n")),
        "{pinned}"
    );
    assert!(Scenario::load(&path).is_ok());
}

#[test]
fn a_golden_written_by_another_model_fails_naming_both() {
    let golden = "{\"model\":\"minecraft-1.21 v0\"}\n{\"tick\":0,\"bodies\":[]}\n";
    let error = voxwalk::scenario::compare_golden(golden, &[], 1e-9).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("minecraft-1.21 v0") && message.contains(&MODEL.to_string()),
        "{message}"
    );
    let headless = "{\"tick\":0,\"bodies\":[]}\n";
    let message = voxwalk::scenario::compare_golden(headless, &[], 1e-9)
        .unwrap_err()
        .to_string();
    assert!(message.contains("names no movement model"), "{message}");
}
