//! Bodies in imported Minecraft blocks behave as players do in the game:
//! scenario files on schematics written here climb a staircase of bottom stairs
//! without jumping, cannot jump a fence line or a wall, land on slabs, a low wall
//! and a chest at the vanilla heights, walk through an open door and are stopped
//! by a closed one.

#[path = "support/schematic.rs"]
mod schematic;
#[path = "support/temp_dir.rs"]
mod temp_dir;

use voxwalk::scenario::check_file;

/// Minecraft 1.20.1.
const DATA_VERSION: i32 = 3465;

/// A schematic `width` × `height` × `length` from layers of rows (bottom layer
/// first, rows along z, characters along x) and a key from characters to states.
fn schematic(layers: &[&[&str]], key: &[(char, &str)]) -> Vec<u8> {
    let (height, length, width) = (layers.len(), layers[0].len(), layers[0][0].len());
    let mut palette = vec![("minecraft:air".to_owned(), 0)];
    for (k, (_, state)) in key.iter().enumerate() {
        palette.push((format!("minecraft:{state}"), k as i32 + 1));
    }
    let mut ids = vec![0; width * height * length];
    for (y, layer) in layers.iter().enumerate() {
        for (z, row) in layer.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if let Some(k) = key.iter().position(|(symbol, _)| *symbol == c) {
                    ids[x + z * width + y * width * length] = k as i32 + 1;
                }
            }
        }
    }
    let palette: Vec<(&str, i32)> = palette.iter().map(|(s, id)| (s.as_str(), *id)).collect();
    schematic::sponge_v2(
        width as i16,
        height as i16,
        length as i16,
        &palette,
        &ids,
        DATA_VERSION,
    )
}

fn check(dir: &temp_dir::Dir, name: &str, world: &[u8], scenario: &str) {
    let schem = dir.path().join(format!("{name}.schem"));
    std::fs::write(&schem, world).unwrap();
    let toml = dir.path().join(format!("{name}.toml"));
    std::fs::write(&toml, format!("world = \"{name}.schem\"\n{scenario}")).unwrap();
    let outcome = check_file(&toml, false);
    assert!(outcome.verdict.is_pass(), "{name}: {:?}", outcome.verdict);
}

const FLOOR: &[&str] = &["#########", "#########", "#########"];

#[test]
fn a_staircase_of_bottom_stairs_is_climbed_without_jumping() {
    let dir = temp_dir::Dir::new("vanilla-stairs");
    let up = "oak_stairs[facing=east,half=bottom,shape=straight]";
    let world = schematic(
        &[
            FLOOR,
            &["", "..s#####", ""],
            &["", "...s####", ""],
            &["", "....s###", ""],
        ],
        &[('#', "stone"), ('s', up)],
    );
    check(
        &dir,
        "stairs",
        &world,
        "spawn = [0.5, 1, 1.5]\ninputs = \"30 east\"\n\
         [[expect]]\nx = [5.5, 7.7]\ny = [4.0000001, 4.0000001]\nno_event_by = \"jumped\"\nevent_by = \"stepped\"\n\
         [[always]]\nmax_height = 4.0000001\n",
    );
}

#[test]
fn a_fence_line_and_a_wall_cannot_be_jumped() {
    let dir = temp_dir::Dir::new("vanilla-fences");
    for (name, line) in [
        (
            "fence",
            "oak_fence[north=true,south=true,east=false,west=false]",
        ),
        (
            "wall",
            "cobblestone_wall[up=false,north=low,south=low,east=none,west=none]",
        ),
    ] {
        let world = schematic(
            &[FLOOR, &["...f", "...f", "...f"]],
            &[('#', "stone"), ('f', line)],
        );
        // The fence's post is 0.25 wide about x = 3.5, the wall's sides 0.375.
        let stop = if name == "fence" { 3.375 } else { 3.3125 } - 0.3;
        check(
            &dir,
            name,
            &world,
            &format!(
                "spawn = [0.5, 1, 1.5]\ninputs = \"80 east+jump\"\n\
                 [[expect]]\nx = [{low}, {high}]\nmin_peak = 2.2\n\
                 [[always]]\nx = [0.5, {high}]\nmax_height = 2.33\n",
                low = stop - 1e-6,
                high = stop,
            ),
        );
    }
}

#[test]
fn bodies_land_at_the_vanilla_heights() {
    let dir = temp_dir::Dir::new("vanilla-landing");
    for (name, state, height) in [
        ("bottom_slab", "oak_slab[type=bottom]", 0.5),
        ("top_slab", "oak_slab[type=top]", 1.0),
        (
            "low_wall",
            "cobblestone_wall[up=false,north=low,south=low]",
            1.5,
        ),
        ("chest", "chest[type=single,facing=north]", 0.875),
    ] {
        let world = schematic(&[&["b"]], &[('b', state)]);
        check(
            &dir,
            name,
            &world,
            &format!(
                "spawn = [0.5, 3, 0.5]\nsize = [0.3, 1.8, 0.3]\ninputs = \"30 idle\"\n\
                 [[expect]]\ny = [{h}, {h}]\ngrounded = true\n",
                h = height + 1e-7
            ),
        );
    }
}

#[test]
fn an_open_door_is_walked_through_and_a_closed_one_stops_the_body() {
    let dir = temp_dir::Dir::new("vanilla-doors");
    for (name, open, x) in [
        ("open_door", "true", "[6.0, 10.0]"),
        ("closed_door", "false", "[2.6999999, 2.6999999]"),
    ] {
        let lower = format!("oak_door[facing=east,half=lower,hinge=left,open={open}]");
        let upper = format!("oak_door[facing=east,half=upper,hinge=left,open={open}]");
        let world = schematic(
            &[&["#########"], &["...d"], &["...u"]],
            &[('#', "stone"), ('d', &lower), ('u', &upper)],
        );
        check(
            &dir,
            name,
            &world,
            &format!("spawn = [0.5, 1, 0.5]\ninputs = \"40 east\"\n[[expect]]\nx = {x}\n"),
        );
    }
}
