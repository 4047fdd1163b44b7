//! Settings by group, and by the flat names of before the groups: every name
//! reads and writes the field it names, files written before the groups read
//! to the same settings, files written now read back to the bit, and a name
//! no setting has is refused, naming it.

use voxwalk::controller::{LeavePlatform, Settings};

/// What the settings file in `tests/fixtures/` was written from, by the
/// build before the groups: flat names and the values set.
const SET_BEFORE_THE_GROUPS: [(&str, &str); 9] = [
    ("walk_speed", "5.5"),
    ("step_height", "1"),
    ("gravity", "30.000000000000004"),
    ("vanilla_collisions", "true"),
    ("leave_platform", "upward"),
    ("ball_friction", "0.1"),
    ("liquid_exit_height", "0.7"),
    ("crawl_height", "0.5"),
    ("tick_rate", "60"),
];

fn set_flat() -> Settings {
    let mut settings = Settings::default();
    for (name, value) in SET_BEFORE_THE_GROUPS {
        settings.set(name, value).unwrap();
    }
    settings
}

#[test]
fn every_name_reads_and_writes_its_own_field() {
    let names = Settings::names();
    let mut seen = std::collections::HashSet::new();
    assert!(names.iter().all(|n| seen.insert(*n)), "a name twice");
    assert_eq!(names[0], "tick_rate");
    for name in &names {
        let default = Settings::default();
        let text = default.get(name).expect("a listed name reads");
        // A changed value shows under this name and no other.
        let changed = match text.as_str() {
            "true" => "false".to_owned(),
            "false" => "true".to_owned(),
            "velocity" => "nothing".to_owned(),
            number => {
                let n: f64 = number.parse().unwrap();
                (if n >= 1.0 { n * 0.5 } else { n * 0.5 + 0.1 }).to_string()
            }
        };
        let mut settings = Settings::default();
        settings
            .set(name, &changed)
            .unwrap_or_else(|e| panic!("{name}={changed}: {e}"));
        for other in &names {
            let expected = if other == name {
                &changed
            } else {
                &default.get(other).unwrap()
            };
            assert_eq!(
                &settings.get(other).unwrap(),
                expected,
                "{name} moved {other}"
            );
        }
    }
}

#[test]
fn the_flat_names_are_the_grouped_settings() {
    let settings = set_flat();
    assert_eq!(settings.walking.speed, 5.5);
    assert_eq!(settings.walking.step_height, 1.0);
    assert_eq!(settings.air.gravity, 30.000_000_000_000_004);
    assert!(settings.collisions.vanilla_order);
    assert_eq!(settings.collisions.leave_platform, LeavePlatform::Upward);
    assert_eq!(settings.balls.friction, 0.1);
    assert_eq!(settings.swimming.exit_height, 0.7);
    assert_eq!(settings.poses.crawl_height, 0.5);
    assert_eq!(settings.tick_rate, 60.0);
    for (flat, value) in SET_BEFORE_THE_GROUPS {
        let read = settings.get(flat).unwrap();
        match value.parse::<f64>() {
            Ok(number) => assert_eq!(read.parse::<f64>().unwrap().to_bits(), number.to_bits()),
            Err(_) => assert_eq!(read, value, "{flat}"),
        }
    }
}

#[test]
fn a_value_out_of_range_is_refused_under_its_grouped_name() {
    let mut settings = Settings::default();
    for (name, value, named) in [
        ("gravity", "-1", "air.gravity"),
        ("air.drag", "1", "air.drag"),
        ("step_height", "17", "walking.step_height"),
        ("tick_rate", "0", "tick_rate"),
        ("balls.restitution", "1.5", "balls.restitution"),
        ("sneak_height", "0.1", "poses.sneak_height"),
    ] {
        let message = settings.set(name, value).unwrap_err().to_string();
        assert!(
            message.contains(&format!("`{named}`")),
            "{name}={value}: {message}"
        );
    }
    let message = settings.set("walking.sped", "1").unwrap_err().to_string();
    assert!(
        message.contains("walking.sped") && message.contains("walking.speed"),
        "{message}"
    );
    assert_eq!(
        settings,
        Settings::default(),
        "a refused setting changes nothing"
    );
}

#[cfg(feature = "serde")]
mod files {
    use super::{Settings, set_flat};

    #[test]
    fn a_file_written_before_the_groups_reads_as_it_was() {
        let text = include_str!("fixtures/settings_before_groups.json");
        let read: Settings = serde_json::from_str(text).unwrap();
        assert_eq!(read, set_flat());
    }

    #[test]
    fn the_groups_are_written_as_tables_and_read_back_to_the_bit() {
        let mut settings = set_flat();
        settings.air.gravity = 0.1 + 0.2;
        settings.walking.snap_to_ground = false;
        let json = serde_json::to_value(&settings).unwrap();
        assert_eq!(json["walking"]["snap_to_ground"], false);
        assert_eq!(json["air"]["gravity"], "0.30000000000000004");
        assert_eq!(json["collisions"]["leave_platform"], "upward");
        assert!(json.get("walk_speed").is_none(), "{json}");
        let back: Settings = serde_json::from_value(json).unwrap();
        assert_eq!(back, settings);
        assert_eq!(back.air.gravity.to_bits(), (0.1f64 + 0.2).to_bits());
    }

    #[test]
    fn groups_flat_names_and_dotted_names_mix_in_one_file() {
        let text = r#"{"walk_speed": 5.5, "jumping": {"speed": "9"}, "air.gravity": 30}"#;
        let read: Settings = serde_json::from_str(text).unwrap();
        let mut expected = Settings::default();
        expected.walking.speed = 5.5;
        expected.jumping.speed = 9.0;
        expected.air.gravity = 30.0;
        assert_eq!(read, expected);
        for (text, named) in [
            (r#"{"walking": {"sped": 1}}"#, "walking.sped"),
            (r#"{"stepheight": 1}"#, "stepheight"),
            (r#"{"walking": {"step_height": true}}"#, "invalid type"),
            (
                r#"{"collisions": {"leave_platform": "sideways"}}"#,
                "collisions.leave_platform",
            ),
        ] {
            let error = serde_json::from_str::<Settings>(text)
                .unwrap_err()
                .to_string();
            assert!(error.contains(named), "{text}: {error}");
        }
    }
}

#[cfg(feature = "scenario")]
#[test]
fn a_scenario_names_settings_by_group_or_flat() {
    use std::path::Path;
    use voxwalk::controller::MODEL;
    use voxwalk::scenario::Scenario;
    let text = format!(
        "model = \"{MODEL}\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|##|\\n\"\n\
         spawn = [0.5, 1, 0.5]\nticks = 2\n[settings]\nstep_height = 1.0\n\
         [settings.walking]\nsneak_speed = 1.25\n[settings.balls]\nfriction = 2\n"
    );
    let scenario = Scenario::parse(&text, Path::new("grouped.toml")).unwrap();
    assert_eq!(scenario.settings.walking.step_height, 1.0);
    assert_eq!(scenario.settings.walking.sneak_speed, 1.25);
    assert_eq!(scenario.settings.balls.friction, 2.0);
    let wrong = text.replace("friction = 2", "frictoin = 2");
    let error = Scenario::parse(&wrong, Path::new("grouped.toml"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("balls.frictoin"), "{error}");
}

/// A setting named twice in one table (by its flat and its grouped name,
/// or its dotted and its grouped name, or the same key twice) is refused
/// naming both, in a scenario's TOML and in a saved state's JSON; a key
/// padded with spaces names no setting.
#[cfg(feature = "scenario")]
#[test]
fn a_setting_named_twice_is_refused_naming_both_names() {
    use std::path::Path;
    use voxwalk::controller::MODEL;
    use voxwalk::scenario::Scenario;
    let head = format!(
        "model = \"{MODEL}\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|##|\\n\"\n\
         spawn = [0.5, 1, 0.5]\nticks = 2\n"
    );
    for (settings, names) in [
        (
            "[settings]\nwalk_speed = 5\n[settings.walking]\nspeed = 4\n",
            ["walk_speed", "walking.speed"],
        ),
        (
            "[settings]\n\"walking.step_height\" = 1\nstep_height = 0.5\n",
            ["walking.step_height", "step_height"],
        ),
    ] {
        let error = Scenario::parse(&format!("{head}{settings}"), Path::new("twice.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            names.iter().all(|n| error.contains(n)) && error.contains("twice"),
            "{settings}: {error}"
        );
    }
    let padded = format!("{head}[settings]\n\" walk_speed \" = 5\n");
    let error = Scenario::parse(&padded, Path::new("padded.toml"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("unknown setting"), "{error}");
    for (json, names) in [
        (
            r#"{"walk_speed": 5, "walking": {"speed": "4"}}"#,
            ["walk_speed", "walking.speed"],
        ),
        (
            r#"{"walking": {"speed": "4"}, "walking.speed": 5}"#,
            ["walking.speed", "walking.speed"],
        ),
        (r#"{"gravity": 30, "gravity": 31}"#, ["gravity", "gravity"]),
    ] {
        let error = serde_json::from_str::<Settings>(json)
            .unwrap_err()
            .to_string();
        assert!(
            names.iter().all(|n| error.contains(n)) && error.contains("twice"),
            "{json}: {error}"
        );
    }
    let error = serde_json::from_str::<Settings>(r#"{" walk_speed": 5}"#)
        .unwrap_err()
        .to_string();
    assert!(error.contains("unknown setting"), "{error}");
}
