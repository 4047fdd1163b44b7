//! Bodies in imported Minecraft blocks behave as players do in the game:
//! scenario files on schematics written here climb a staircase of bottom stairs
//! without jumping, cannot jump a fence line or a wall, land on slabs, a low wall
//! and a chest at the vanilla heights, walk through an open door and are stopped
//! by a closed one.

mod support;
use support::schematic;
use support::temp_dir;

use voxwalk::block::LiquidKind;
use voxwalk::scenario::check_file;

/// Minecraft 1.20.1.
const DATA_VERSION: i32 = 3465;

/// A schematic `width` × `height` × `length` from layers of rows (bottom layer
/// first, rows along z, characters along x) and a key from characters to states.
/// A world of the vanilla states `names` side by side along +x at y = 0, read
/// from a schematic as the importer reads one.
fn one_row(names: &[&str]) -> voxwalk::world::World {
    use voxwalk::formats::{LoadOptions, decode};
    let key: Vec<(char, &str)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (char::from(b'a' + i as u8), *n))
        .collect();
    let row: String = key.iter().map(|(c, _)| c).collect();
    decode(
        &schematic(&[&[row.as_str()]], &key),
        Some("row.schem"),
        LoadOptions::default(),
    )
    .unwrap()
    .into_world()
    .unwrap()
}

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
    std::fs::write(
        &toml,
        format!("model = \"minecraft-1.21 v4\"\nworld = \"{name}.schem\"\n{scenario}"),
    )
    .unwrap();
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
        ("closed_door", "false", "[2.69999985, 2.69999995]"), // the contact gap short of the door
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

/// Imported Minecraft blocks carry their behaviours: a ladder on a wall is
/// climbed by walking into it, vines too (they have no boxes, yet are
/// climbable), water is swum in, a cobweb slows a fall, slime bounces.
#[test]
fn imported_ladders_vines_water_cobwebs_and_slime_act_as_in_the_game() {
    let dir = temp_dir::Dir::new("vanilla-behaviours");
    let ladder = "ladder[facing=west,waterlogged=false]";
    let vine = "vine[east=true,north=false,south=false,up=false,west=false]";
    let floor: &[&str] = &["#########", "#########", "#########", "#########"];
    let wall: &[&str] = &["", "....l#...", "....v#...", ""];
    let world = schematic(
        &[floor, wall, wall, wall, wall, wall],
        &[('#', "stone"), ('l', ladder), ('v', vine)],
    );
    for (row, name) in [(1.5, "ladder"), (2.5, "vine")] {
        check(
            &dir,
            &format!("climb-{name}"),
            &world,
            &format!(
                "spawn = [1.5, 1, {row}]\ninputs = \"40 east\"\n\
                 [[expect]]\ny = [3.0, 6.0]\ngrounded = false\n\
                 [[always]]\nx = [1.5, 4.81]\n"
            ),
        );
    }
    let pool = schematic(
        &[
            &["#######", "#######", "#######"],
            &["#######", "#~~~~~#", "#######"],
            &["#######", "#~~~~~#", "#######"],
            &["#######", "#~~~~~#", "#######"],
            &[".m.....", ".....w.", ""],
            &["", ".....w.", ""],
        ],
        &[
            ('#', "stone"),
            ('~', "water[level=0]"),
            ('w', "cobweb"),
            ('m', "slime_block"),
        ],
    );
    check(
        &dir,
        "water",
        &pool,
        "spawn = [2.5, 4, 1.5]\ninputs = \"40 idle\"\n\
         [[expect]]\nevent_by = \"entered_liquid\"\nspeed = [0.45, 0.55]\n",
    );
    check(
        &dir,
        "cobweb",
        &pool,
        "spawn = [5.5, 7.5, 1.5]\ninputs = \"40 idle\"\n\
         [[expect]]\ny = [5.5, 6.0]\n",
    );
    check(
        &dir,
        "slime",
        &pool,
        "spawn = [1.5, 13, 0.5]\nticks = 40\ninputs = \"1 idle\"\n\
         [[expect]]\nevent_by = \"bounced\"\n",
    );
}

/// A bed bounces a body that lands on it at 0.66 of its landing speed
/// (`BedBlock.bounceUp`), lower than slime's whole, and, unlike slime,
/// does not slow a body walking across it.
#[test]
fn a_bed_bounces_two_thirds_of_a_landing_and_lets_a_walker_walk() {
    let dir = temp_dir::Dir::new("vanilla-beds");
    let bed = "red_bed[facing=east,occupied=false,part=foot]";
    let row: &[&str] = &["bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"];
    let world = schematic(&[row], &[('b', bed)]);
    // Dropped from 10 blocks over the bed's top (0.5625), the body meets
    // it on tick 34 at 12.12 blocks/s (0.606 a tick) and leaves at 0.66f
    // of that, 0.400 a tick, which the tick's gravity and drag make 0.3136:
    // 0.3136 + 0.2289 + 0.1459 + 0.0646 = 0.753 over the bed four ticks on.
    check(
        &dir,
        "bed-bounce",
        &world,
        "spawn = [1.5, 10.5625, 0.5]\nticks = 60\ninputs = \"1 idle\"\n\
         [[expect]]\ntick = 34\nevent = \"bounced\"\n\
         [[expect]]\ntick = 35\nspeed = [6.27, 6.28]\n\
         [[expect]]\ntick = 38\ny = [1.315, 1.316]\n",
    );
    check(
        &dir,
        "bed-walk",
        &world,
        "spawn = [1.5, 0.5625, 0.5]\ninputs = \"40 east\"\n\
         [[expect]]\nhorizontal_speed = [4.3, 4.33]\n",
    );
}

/// A body falling pressed into the side of a honey block slides down it
/// (`HoneyBlock.doSlideMovement`, 1.21.7): each tick its momentum becomes
/// what a move at 0.05 a tick would have left, (-0.05 - 0.08) 0.98f =
/// -0.1274, so it moves at 0.1274 a tick (2.548 blocks/s) for as long as
/// it slides; away from the wall it falls freely.
#[test]
fn a_body_pressed_into_honey_slides_down_its_side() {
    let dir = temp_dir::Dir::new("vanilla-honey");
    let pillar: &[&str] = &["h.........."];
    let mut layers: Vec<&[&str]> = vec![&["###########"]];
    layers.extend(std::iter::repeat_n(pillar, 24));
    let world = schematic(&layers, &[('#', "stone"), ('h', "honey_block")]);
    check(
        &dir,
        "honey-slide",
        &world,
        "spawn = [1.3, 20, 0.5]\ninputs = \"30 west\"\n\
         [[expect]]\nspeed = [2.547, 2.549]\nx = [1.2375, 1.2376]\n",
    );
    check(
        &dir,
        "honey-no-slide",
        &world,
        "spawn = [3.5, 20, 0.5]\ninputs = \"30 idle\"\n\
         [[expect]]\ntick = 15\nspeed = [20, 21]\n",
    );
}

/// Powder snow holds a body whose feet are in it (`PowderSnowBlock`:
/// 0.9f of the move sideways, 1.5 of it vertically, the momentum ended):
/// walking through it on the floor, 0.098 a tick of input times 0.9f is
/// 1.764 blocks/s; sinking, each tick's gravity after drag (0.0784) times
/// 1.5 is 2.352 blocks/s. Powder snow at head height only does nothing.
#[test]
fn powder_snow_holds_a_body_whose_feet_are_in_it() {
    let dir = temp_dir::Dir::new("vanilla-powder-snow");
    let floor: &[&str] = &["##############", "##############"];
    // Eight layers of it along z = 0; along z = 1, one at head height (y = 2).
    let snow: &[&str] = &["**************", ".............."];
    let overhead: &[&str] = &["**************", "**************"];
    let world = schematic(
        &[floor, snow, overhead, snow, snow, snow, snow, snow, snow],
        &[('#', "stone"), ('*', "powder_snow")],
    );
    check(
        &dir,
        "powder-snow-walk",
        &world,
        "spawn = [0.5, 1, 0.5]\ninputs = \"40 east\"\n\
         [[expect]]\nhorizontal_speed = [1.763, 1.765]\n",
    );
    check(
        &dir,
        "powder-snow-sink",
        &world,
        "spawn = [4.5, 9.5, 0.5]\nticks = 20\ninputs = \"1 idle\"\n\
         [[expect]]\ntick = 15\nspeed = [2.351, 2.353]\n",
    );
    check(
        &dir,
        "powder-snow-overhead",
        &world,
        "spawn = [0.5, 1, 1.5]\ninputs = \"40 east\"\n\
         [[expect]]\nhorizontal_speed = [4.31, 4.32]\n",
    );
}

/// Scaffolding (`ScaffoldingBlock`): a body stands on its top, sneaks down
/// through it, sliding as on a ladder (sneaking does not hold a body in
/// scaffolding, `handleOnClimbable`), and walks into it from the side, its
/// legs no wall to a body below the top.
#[test]
fn scaffolding_holds_a_body_on_top_lets_a_sneaking_one_down_and_one_walk_in() {
    let dir = temp_dir::Dir::new("vanilla-scaffolding");
    let state = "scaffolding[bottom=false,distance=0,waterlogged=false]";
    let floor: &[&str] = &["##########"];
    let tower: &[&str] = &["....s....."];
    let world = schematic(
        &[floor, tower, tower, tower],
        &[('#', "stone"), ('s', state)],
    );
    check(
        &dir,
        "scaffolding-top",
        &world,
        "spawn = [4.5, 4, 0.5]\ninputs = \"30 idle\"\n\
         [[expect]]\ny = [4.0, 4.0000002]\ngrounded = true\n",
    );
    check(
        &dir,
        "scaffolding-sneak-down",
        &world,
        "spawn = [4.5, 4, 0.5]\ninputs = \"40 sneak\"\n\
         [[expect]]\ny = [1.0, 1.0000002]\n\
         [[always]]\nx = [4.5, 4.5]\n",
    );
    check(
        &dir,
        "scaffolding-walk-in",
        &world,
        "spawn = [1.5, 1, 0.5]\ninputs = \"40 east\"\n\
         [[expect]]\nx = [6.0, 10.5]\n",
    );
}

/// The importer gives vanilla blocks Minecraft's numbers (1.21 `Blocks`,
/// `SlimeBlock`, `WebBlock`, lava's drag in `LivingEntity.travel`).
#[test]
fn imported_blocks_carry_minecrafts_behaviour_numbers() {
    use voxwalk::world::BlockSource;
    let names = [
        "ice",
        "packed_ice",
        "blue_ice",
        "slime_block",
        "soul_sand",
        "honey_block",
        "cobweb",
        "lava[level=0]",
        "water[level=0]",
        "scaffolding[bottom=false,distance=0,waterlogged=false]",
        "stone",
        "sweet_berry_bush[age=2]",
        "red_bed[facing=east,occupied=false,part=foot]",
    ];
    let world = one_row(&names);
    let at = |x: i32| {
        *world
            .registry()
            .behaviour(world.block(glam::IVec3::new(x, 0, 0)))
    };
    assert_eq!(at(0).slipperiness, 0.98);
    assert_eq!(at(1).slipperiness, 0.98);
    // Ice is no wall to a waterfall's current; packed ice is.
    assert!(at(0).no_waterfall_wall && !at(1).no_waterfall_wall);
    assert_eq!(at(2).slipperiness, 0.989);
    assert_eq!((at(3).slipperiness, at(3).bounce), (0.8, 1.0));
    assert_eq!(at(4).speed_factor, 0.4);
    assert_eq!((at(5).speed_factor, at(5).jump_factor), (0.4, 0.5));
    assert!(at(5).wall_slide);
    // Minecraft's floats: the cobweb's 0.05f, the berry bush's 0.8f.
    assert_eq!(at(6).stuck, Some([0.25, f64::from(0.05_f32)]));
    assert_eq!(at(11).stuck, Some([f64::from(0.8_f32), 0.75]));
    // A bed sends 0.66f of a landing back up and damps no walker.
    assert_eq!(
        (at(12).bounce, at(12).bounce_undamped),
        (f64::from(0.66_f32), true)
    );
    assert_eq!(world.shape_at(glam::IVec3::new(12, 0, 0))[0].max.y, 0.5625);
    assert_eq!(
        at(7).liquid.map(|l| (l.drag, l.gravity, l.kind)),
        Some((0.5, 0.25, LiquidKind::Lava))
    );
    // Water's drag is the float Minecraft multiplies by, 0.8f.
    assert_eq!(
        at(8).liquid.map(|l| (l.drag, l.gravity, l.kind)),
        Some((f64::from(0.8_f32), 1.0 / 16.0, LiquidKind::Water))
    );
    assert!(at(9).climbable);
    assert!(at(10).is_plain());
    // Soul sand and honey keep their vanilla shapes (14/16 high; inset 1/16
    // and 15/16 high), now as types of their own.
    assert_eq!(world.shape_at(glam::IVec3::new(4, 0, 0))[0].max.y, 0.875);
    assert_eq!(world.shape_at(glam::IVec3::new(5, 0, 0))[0].max.y, 0.9375);
}

/// Liquids as the game has them: water and lava by level, a waterlogged
/// stair (its boxes and source water in one cell), kelp, seagrass and
/// bubble columns as source water (their fluid state), not air, the
/// columns carrying bodies their way.
#[test]
fn imported_liquids_keep_their_kind_level_and_waterlogging() {
    use voxwalk::world::BlockSource;
    let names = [
        "water[level=3]",
        "water[level=9]",
        "lava[level=2]",
        "oak_stairs[facing=east,half=bottom,shape=straight,waterlogged=true]",
        "oak_stairs[facing=east,half=bottom,shape=straight,waterlogged=false]",
        "kelp[age=3]",
        "seagrass",
        "bubble_column[drag=true]",
        "oak_sign[rotation=0,waterlogged=true]",
    ];
    let world = one_row(&names);
    let registry = world.registry();
    let at = |x: i32| world.block(glam::IVec3::new(x, 0, 0));
    let liquid = |x: i32| registry.behaviour(at(x)).liquid.map(|l| (l.kind, l.level));
    assert_eq!(liquid(0), Some((LiquidKind::Water, 3)));
    assert_eq!(liquid(1), Some((LiquidKind::Water, 9)));
    assert_eq!(liquid(2), Some((LiquidKind::Lava, 2)));
    // The waterlogged stair: the dry stair's boxes, and water.
    assert_eq!(liquid(3), Some((LiquidKind::Water, 0)));
    assert_eq!(liquid(4), None);
    assert_eq!(
        world.shape_at(glam::IVec3::new(3, 0, 0)),
        world.shape_at(glam::IVec3::new(4, 0, 0))
    );
    assert_eq!(world.shape_at(glam::IVec3::new(3, 0, 0)).len(), 2);
    for x in [5, 6, 8] {
        assert_eq!(
            at(x),
            voxwalk::block::BlockId::WATER,
            "{}",
            names[x as usize]
        );
    }
    // A bubble column is source water that drags (over magma) or lifts.
    assert_eq!(liquid(7), Some((LiquidKind::Water, 0)));
    assert_eq!(
        registry.behaviour(at(7)).bubble_column,
        Some(voxwalk::block::BubbleColumn::Drags)
    );
}
