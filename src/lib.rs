//! Moves box-shaped characters through voxel worlds without ever passing through
//! a block.
//!
//! This guide walks the path of one move, from the blocks up to a game loop;
//! each step is a doctest that checks its numbers.
//!
//! # 1. Blocks are data
//!
//! A cell holds a [`block::BlockId`]; the id names a [`block::BlockType`] in a
//! [`block::BlockRegistry`]: its collision boxes (up to 16, reaching at most
//! half a block out of the cell), whether it is solid, its look and its
//! behaviour properties. The 13 built-in types keep ids 0–12; a game registers
//! its own.
//!
//! ```
//! use voxwalk::glam::DVec3;
//! use voxwalk::geometry::Aabb;
//! use voxwalk::block::{BlockId, BlockType};
//! use voxwalk::world::World;
//!
//! let mut world = World::new();
//! // A quarter-high step: one box, solid.
//! let step = BlockType::new("quarter_step")
//!     .with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.25, 1.0)))
//!     .with_colour([200, 180, 140]);
//! let id = world.register_block(step).unwrap();
//! assert_eq!(id.index(), 13); // after the 13 built-ins
//! assert!(world.registry().is_solid(id));
//! assert_eq!(world.registry().name(BlockId::SLAB), "slab");
//! ```
//!
//! # 2. Worlds
//!
//! [`world::World`] is sparse: 16³ chunks, a single id when uniform, created
//! on first write; missing chunks are air. Worlds can be written by hand in
//! the text format; with features, read from the binary format, generated, or
//! imported from MagicaVoxel, Sponge schematics and Minecraft. A game that
//! keeps its own chunks implements [`world::BlockSource`] instead (two
//! methods), or passes a closure.
//!
//! ```
//! use voxwalk::glam::IVec3;
//! use voxwalk::block::BlockId;
//! use voxwalk::formats::text_format;
//!
//! let world = text_format::parse(
//!     "voxwalk-world 1\nlayer 0\n|#####|\nlayer 1\n|...._|\n",
//! )
//! .unwrap();
//! assert_eq!(world.block(IVec3::new(4, 1, 0)), BlockId::SLAB);
//! assert_eq!(world.count_blocks()[BlockId::STONE.index()], 5);
//! ```
//!
//! # 3. One move
//!
//! [`resolver::Resolver::move_box`] moves a box along a displacement: it
//! gathers the block boxes along the path, sweeps the box against each
//! (Minkowski sum, time of impact), stops [`resolver::CONTACT_GAP`] short of
//! the first hit, removes the blocked axis and slides on, at most one hit per
//! axis. No tunnelling at any speed, no snagging on seams.
//!
//! ```
//! use voxwalk::glam::{DVec3, IVec3};
//! use voxwalk::geometry::Aabb;
//! use voxwalk::resolver::{CONTACT_GAP, Resolver};
//! use voxwalk::formats::text_format;
//!
//! // A floor with a slab on it, written the way a person would.
//! let world = text_format::parse(
//!     "voxwalk-world 1\nlayer 0\n|#####|\nlayer 1\n|...._|\n",
//! )
//! .unwrap();
//! // A body standing on the floor walks 10 blocks east, into the slab's side.
//! let body = Aabb::from_feet(DVec3::new(0.5, 1.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
//! let motion = Resolver::new().move_box(&world, body, DVec3::new(10.0, 0.0, 0.0)).unwrap();
//! assert_eq!(motion.end.max.x, 4.0 - CONTACT_GAP);
//! assert_eq!(motion.hits.as_slice()[0].block, IVec3::new(4, 1, 0));
//! ```
//!
//! # 4. One body's tick
//!
//! The controller turns input into a move each fixed tick: walking speed and
//! acceleration, gravity, jumping, stepping onto ledges up to `step_height`,
//! the sneak edge guard, flying, grounded state and events. A game that owns
//! its bodies and its world calls [`controller::Controller::tick`] for each
//! body from its own loop:
//!
//! ```
//! use voxwalk::glam::{DVec3, IVec3};
//! use voxwalk::controller::{Body, Controller, Event, Input, Settings};
//! use voxwalk::block::BlockId;
//!
//! // The game's world: here a closure, a floor at y = 0, slabs on it from x = 3.
//! let world = |c: IVec3| match (c.x, c.y) {
//!     (_, 0) => BlockId::STONE,
//!     (3.., 1) => BlockId::SLAB,
//!     _ => BlockId::AIR,
//! };
//! let mut controller = Controller::new(Settings::default()).unwrap();
//! let mut body = Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap();
//! let east = Input { east: true, ..Input::IDLE };
//! let mut events = Vec::new();
//! let mut stepped = false;
//! for _ in 0..20 {
//!     events.clear();
//!     controller.tick(&world, &mut body, east, &mut events).unwrap();
//!     stepped |= events.iter().any(|e| matches!(e, Event::Stepped { .. }));
//! }
//! assert!(stepped);                       // onto the slab without a jump
//! assert!(body.grounded);
//! assert_eq!(body.aabb.min.y, 1.5 + voxwalk::resolver::CONTACT_GAP);
//! ```
//!
//! # 5. A world of bodies
//!
//! [`controller::Simulation`] keeps bodies (named by
//! [`controller::BodyHandle`]s that survive removals) and balls in one world,
//! ticks them in a fixed order, and pushes overlapping bodies apart. Nothing
//! depends on clocks, threads or hash order: the same inputs replay bit for
//! bit.
//!
//! ```
//! use voxwalk::glam::DVec3;
//! use voxwalk::controller::{Body, Input, Settings, Simulation};
//! use voxwalk::formats::text_format;
//!
//! let world = text_format::parse("voxwalk-world 1\nlayer 0\n|##########|\n").unwrap();
//! let mut sim = Simulation::new(world, Settings::default()).unwrap();
//! let a = sim.add_body(Body::new(DVec3::new(0.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
//! let b = sim.add_body(Body::new(DVec3::new(9.5, 1.0, 0.5), Body::DEFAULT_SIZE).unwrap());
//! // Inputs name their bodies; a body without one idles.
//! let inputs = [(a, Input { east: true, ..Input::IDLE })];
//! for _ in 0..20 {
//!     sim.step(&inputs).unwrap();
//! }
//! assert!((sim.body(a).unwrap().velocity.x - 4.317).abs() < 1e-3); // walking speed
//! assert_eq!(sim.body(b).unwrap().feet().x, 9.5);     // idle
//! sim.remove_body(a);
//! assert_eq!(sim.body(b).unwrap().feet().x, 9.5);     // b is still b
//! ```
//!
//! # Features
//!
//! The core above (geometry, world and registry, the text format, resolver,
//! controller) depends on `glam`, `libm`, `ndarray`, `rustc-hash`, `thiserror`
//! and `unicode-width` only (`libm` computes the transcendentals with the
//! same bits on every platform, see the maths module). The default adds
//! `parallel` (rayon: bodies ticked on all cores); a game that wants no
//! threads depends on `voxwalk` with `default-features = false`. The rest
//! comes with opt-in features: `serde` (what a game saves and sends: saved
//! states (bodies, balls, settings, movers) that read back to the bit, inputs
//! and events), `generate` (noise terrain), `binary` (the `.vxb` format),
//! `import` (`.vox`, `.schem`, `.mca`, `.nbt`, save folders), `scenario`
//! (scenario files and their runner). The `voxwalk` command and its terminal
//! viewer are the crate `voxwalk-cli`, which a game does not need.
//!
//! `glam` is re-exported ([`glam`]) so a game names the very version voxwalk
//! uses, glam 0.34 (`DVec3`, `IVec3`), with `use voxwalk::glam;`. Cargo treats
//! glam's 0.x releases as incompatible with each other, and bevy pins its own
//! (glam 0.33 in bevy 0.20): a bevy game then holds two glam versions and
//! converts at the boundary, `DVec3::from_array(v.to_array())`, which costs
//! nothing; the `bevy_voxwalk` plugin does it for it.
//!
//! Modules, lowest first (each imports only those before it): [`math`] (the
//! same transcendentals everywhere), [`printable`], [`geometry`] (boxes,
//! circles, spheres: instantaneous tests), [`block`] (ids, types, shapes,
//! behaviours, the registry), [`world`] (chunks, storage,
//! [`world::BlockSource`]), `generate` (noise terrain, with the feature),
//! [`resolver`] (moving a box through a world), [`movers`] (blocks that move
//! as one piece), [`formats`] (the text and binary formats, load and save,
//! the importers), [`controller`] (bodies, balls, ticks), [`streaming`]
//! (worlds loaded around the bodies), `scenario` (regression scenarios, with
//! the feature).

pub use glam;

pub mod block;
pub mod controller;
pub mod formats;
#[cfg(feature = "generate")]
pub mod generate;
pub mod geometry;
pub mod math;
pub mod movers;
pub mod navigate;
pub mod printable;
pub mod resolver;
#[cfg(feature = "scenario")]
pub mod scenario;
#[cfg(feature = "serde")]
pub mod serde_exact;
pub mod streaming;
pub mod world;
