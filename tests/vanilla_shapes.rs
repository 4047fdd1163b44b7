//! The generated table of vanilla shapes against the data it was generated
//! from (`../shared/realdata/minecraft-data`: ignored unless asked for with
//! `cargo test --release -- --ignored`, and then failing without it): every
//! state of every block of four game versions gets the boxes the data lists.

use std::path::{Path, PathBuf};

use serde_json::Value;
use voxwalk::formats::import::VanillaShapes;

fn data_dir() -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/realdata/minecraft-data");
    assert!(
        path.exists(),
        "{} is not there: this test needs ../shared/realdata beside the project",
        path.display()
    );
    path
}

fn json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The values of one property, as the data orders them.
fn values(property: &Value) -> Vec<String> {
    match property["type"].as_str() {
        Some("bool") => vec!["true".into(), "false".into()],
        _ => match property["values"].as_array() {
            Some(v) => v.iter().map(|x| x.as_str().unwrap().to_owned()).collect(),
            None => (0..property["num_values"].as_u64().unwrap())
                .map(|i| i.to_string())
                .collect(),
        },
    }
}

#[test]
#[ignore = "needs ../shared/realdata"]
fn every_state_of_four_versions_has_the_boxes_of_the_data() {
    let dir = data_dir();
    let shapes = VanillaShapes::get().unwrap();
    let paths = json(&dir.join("dataPaths.json"));
    let mut checked = 0usize;
    for (game, data_version) in [
        ("1.13", 1519),
        ("1.16.2", 2578),
        ("1.19.4", 3337),
        ("26.1", 4786),
    ] {
        let version = shapes.version_for(data_version);
        assert_eq!(shapes.version_name(version), game);
        let folders = &paths["pc"][game];
        let blocks = json(
            &dir.join(folders["blocks"].as_str().unwrap())
                .join("blocks.json"),
        );
        let collision = json(
            &dir.join(folders["blockCollisionShapes"].as_str().unwrap())
                .join("blockCollisionShapes.json"),
        );
        for block in blocks.as_array().unwrap() {
            let name = block["name"].as_str().unwrap();
            let properties: Vec<(String, Vec<String>)> = block["states"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p["name"].as_str().unwrap().to_owned(), values(p)))
                .collect();
            let count = (block["maxStateId"].as_u64().unwrap()
                - block["minStateId"].as_u64().unwrap()
                + 1) as usize;
            let listed = &collision["blocks"][name];
            for state in 0..count {
                // The state's property values: the last property changes fastest.
                let mut rest = state;
                let mut chosen = vec![String::new(); properties.len()];
                for (slot, (_, values)) in chosen.iter_mut().zip(&properties).rev() {
                    *slot = values[rest % values.len()].clone();
                    rest /= values.len();
                }
                let named: Vec<(&str, &str)> = properties
                    .iter()
                    .zip(&chosen)
                    .map(|((p, _), v)| (p.as_str(), v.as_str()))
                    .collect();
                let got = shapes.state(version, name, &named).unwrap();
                assert_eq!(got.state, state, "{game} {name} {named:?}");
                let shape_id = match listed {
                    Value::Array(list) if list.len() == count => list[state].as_u64().unwrap(),
                    Value::Array(list) => list[0].as_u64().unwrap(),
                    other => other.as_u64().unwrap_or(1),
                };
                let want: Vec<[f64; 6]> = collision["shapes"][shape_id.to_string()]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| {
                        let v: Vec<f64> = b
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|x| x.as_f64().unwrap())
                            .collect();
                        [v[0], v[1], v[2], v[3], v[4], v[5]]
                    })
                    .collect();
                let got: Vec<[f64; 6]> = got
                    .boxes
                    .iter()
                    .map(voxwalk::geometry::Aabb::to_array)
                    .collect();
                assert_eq!(got, want, "{game} {name} {named:?}");
                checked += 1;
            }
        }
    }
    println!("{checked} states checked");
    assert!(checked > 50_000, "{checked}");
}
