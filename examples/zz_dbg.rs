use voxwalk::controller::{Body, Input, Settings, Simulation};
use voxwalk::glam::{DVec3, IVec3};
use voxwalk::world::{BlockId, BlockType, PropertyValue, World};
fn main() {
    let mut world = World::new();
    let slime = world
        .register_block(
            BlockType::cube("sl")
                .with_property("slipperiness", PropertyValue::Number(0.8))
                .with_property("bounce", PropertyValue::Number(1.0)),
        )
        .unwrap();
    world.fill(IVec3::new(-4, -1, -4), IVec3::new(4, -1, 4), slime);
    let _ = BlockId::AIR;
    for snap in [false, true] {
        let mut sim = Simulation::new(
            world.clone(),
            Settings {
                snap_to_ground: snap,
                ..Settings::default()
            },
        )
        .unwrap();
        let h = sim.add_body(Body::new(DVec3::new(0.5, 0.0, 0.5), Body::DEFAULT_SIZE).unwrap());
        for t in 0..4 {
            let r = sim.step(&[(h, Input::IDLE)]).unwrap();
            let b = sim.body(h).unwrap();
            println!(
                "snap {snap} t{t} y {:.9} mom {:.6} vel {:.6} grounded {} {:?}",
                b.aabb.min.y,
                b.momentum.y,
                b.velocity.y,
                b.grounded,
                r.events(h)
            );
        }
    }
}
