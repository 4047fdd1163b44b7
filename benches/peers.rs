//! voxwalk side by side with the peers, in one process, on the same worlds
//! and the same move lists:
//!
//! - voxwalk's resolver;
//! - rapier3d-f64's `KinematicCharacterController::move_shape` on a parry
//!   `Voxels` collider of the same blocks, default settings and with autostep;
//! - a Minecraft-style axis-clipping mover (gather the swept region once, clip
//!   y, then the larger horizontal axis, then the other), the baseline most
//!   block games use;
//! - the literal seed-004 reference of the core's tests;
//! - the same two algorithms on a dense array of solid flags (no chunks, no
//!   hashing, one reused box list), written for speed: the storage the peer
//!   figures of the issue were measured on, so voxwalk on its chunked world
//!   is compared in the same run with what those figures describe;
//! - voxwalk's resolver reading that same dense array, to split what the
//!   chunked world costs from what the exact algorithm costs.
//!
//! Workloads: walking ticks on bumpy terrain, falls, a box in a one-wide maze,
//! and moves of 1, 5, 20, 50 and 200 blocks. For each: ns per move (median of
//! five runs of at least 50 ms after a warm-up pass; three runs where one
//! lasts over half a second), the ratio to voxwalk, moves that end inside a
//! solid, and moves whose path passes through one (each straight piece of the
//! path checked exactly where the mover tells its pieces). The timed runs call each mover
//! for its own result only; the paths for the checks are built outside them.
//!
//! `cargo bench --features peers --bench peers` prints the table and writes the
//! chart to `docs/peers.svg`. Full cubes only: that is what `Voxels` holds.

#[path = "support/run_stamp.rs"]
mod run_stamp;

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Instant;

use glam::{DVec3, IVec3};
use rapier3d_f64::control::{
    CharacterAutostep, CharacterCollision, CharacterLength, EffectiveCharacterMovement,
    KinematicCharacterController,
};
use rapier3d_f64::math::{IVector, Pose, Vector};
use rapier3d_f64::parry::shape::Cuboid;
use rapier3d_f64::pipeline::PhysicsWorld;
use rapier3d_f64::prelude::ColliderBuilder;
use support::reference_resolver::{
    overlaps_solid, reference_move, segment_blocked, solids_in_swept_box,
};
use support::terrain::{hash, height_at};
use voxwalk::block::{BlockId, BlockRegistry};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{Motion, Resolver};
use voxwalk::world::{BlockSource, World};

const BODY: DVec3 = DVec3::new(0.6, 1.8, 0.6);
const DT: f64 = 1.0 / 20.0;
/// The shortest timed run: a workload is repeated until one run lasts this long.
const RUN_SECONDS: f64 = 0.05;
/// Runs longer than this (rapier, the long moves of the enumerating movers) are
/// timed three times instead of five.
const SLOW_RUN_SECONDS: f64 = 0.5;

fn unit(seed: u64) -> f64 {
    (hash(seed) >> 11) as f64 / (1u64 << 53) as f64
}

/// The bumpy terrain of the resolver benchmark in full cubes only.
fn cube_terrain(size: i32) -> World {
    let mut w = World::new();
    for x in 0..size {
        for z in 0..size {
            let h = height_at(x, z);
            w.fill(IVec3::new(x, 0, z), IVec3::new(x, h - 1, z), BlockId::STONE);
            w.set_block(IVec3::new(x, h, z), BlockId::GRASS);
            if hash((x as u64) * 7919 + z as u64 * 104_729).is_multiple_of(40) {
                w.fill(
                    IVec3::new(x, h + 1, z),
                    IVec3::new(x, h + 6, z),
                    BlockId::BRICK,
                );
            }
        }
    }
    w
}

/// A maze of one-wide corridors on a 2-cell grid (walls 3 high), carved by a
/// depth-first walk with a fixed seed.
fn maze(cells: i32) -> World {
    let size = cells * 2 + 1;
    let mut w = World::new();
    w.fill(
        IVec3::new(0, 0, 0),
        IVec3::new(size - 1, 0, size - 1),
        BlockId::STONE,
    );
    w.fill(
        IVec3::new(0, 1, 0),
        IVec3::new(size - 1, 3, size - 1),
        BlockId::BRICK,
    );
    let mut seen = vec![false; (cells * cells) as usize];
    let mut stack = vec![(0, 0)];
    seen[0] = true;
    let mut step = 0u64;
    while let Some(&(x, z)) = stack.last() {
        w.fill(
            IVec3::new(2 * x + 1, 1, 2 * z + 1),
            IVec3::new(2 * x + 1, 3, 2 * z + 1),
            BlockId::AIR,
        );
        let mut next: Vec<(i32, i32)> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .map(|(dx, dz)| (x + dx, z + dz))
            .filter(|&(a, b)| {
                a >= 0 && b >= 0 && a < cells && b < cells && !seen[(a * cells + b) as usize]
            })
            .collect();
        if next.is_empty() {
            stack.pop();
            continue;
        }
        step += 1;
        let (nx, nz) = next.swap_remove((hash(step) % next.len() as u64) as usize);
        seen[(nx * cells + nz) as usize] = true;
        w.fill(
            IVec3::new(x + nx + 1, 1, z + nz + 1),
            IVec3::new(x + nx + 1, 3, z + nz + 1),
            BlockId::AIR,
        );
        stack.push((nx, nz));
    }
    w
}

fn ground(world: &World, x: f64, z: f64) -> f64 {
    let c = IVec3::new(x.floor() as i32, 0, z.floor() as i32);
    (0..80)
        .rev()
        .find(|&y| world.is_solid_at(c + IVec3::Y * y))
        .map_or(0.0, |y| f64::from(y + 1))
}

/// A box whose feet are at `feet`, free of the world (or `None`).
fn free_box(world: &World, feet: DVec3) -> Option<Aabb> {
    let b = Aabb::from_feet(feet, BODY);
    (!overlaps_solid(world, &b)).then_some(b)
}

type Moves = Vec<(Aabb, DVec3)>;

fn walk_moves(world: &World, n: usize) -> Moves {
    (0..n as u64)
        .filter_map(|i| {
            let (x, z) = (4.0 + 120.0 * unit(i * 3), 4.0 + 120.0 * unit(i * 3 + 1));
            let a = unit(i * 3 + 2) * std::f64::consts::TAU;
            let feet = DVec3::new(x, ground(world, x, z) + 0.02, z);
            free_box(world, feet).map(|b| (b, DVec3::new(0.2 * a.cos(), -0.08, 0.2 * a.sin())))
        })
        .collect()
}

fn fall_moves(world: &World, n: usize) -> Moves {
    (0..n as u64)
        .filter_map(|i| {
            let s = i * 5 + 7_000_000;
            let (x, z) = (4.0 + 120.0 * unit(s), 4.0 + 120.0 * unit(s + 1));
            let feet = DVec3::new(x, ground(world, x, z) + 0.5 + 8.0 * unit(s + 2), z);
            let a = unit(s + 3) * std::f64::consts::TAU;
            free_box(world, feet).map(|b| (b, DVec3::new(0.15 * a.cos(), -3.92, 0.15 * a.sin())))
        })
        .collect()
}

fn maze_moves(world: &World, cells: i32, n: usize) -> Moves {
    (0..n as u64)
        .filter_map(|i| {
            let s = i * 5 + 9_000_000;
            let (cx, cz) = (
                (hash(s) % cells as u64) as f64,
                (hash(s + 1) % cells as u64) as f64,
            );
            let feet = DVec3::new(2.0 * cx + 1.5, 1.02, 2.0 * cz + 1.5);
            let a = unit(s + 2) * std::f64::consts::TAU;
            let len = 0.5 + 2.5 * unit(s + 3);
            free_box(world, feet).map(|b| (b, DVec3::new(len * a.cos(), -0.08, len * a.sin())))
        })
        .collect()
}

fn long_moves(world: &World, length: f64, n: usize) -> Moves {
    (0..n as u64)
        .filter_map(|i| {
            let s = i * 7 + 11_000_000 + length as u64 * 100_000;
            let feet = DVec3::new(
                8.0 + 112.0 * unit(s),
                36.0 + 20.0 * unit(s + 1),
                8.0 + 112.0 * unit(s + 2),
            );
            let dir =
                DVec3::new(unit(s + 3) - 0.5, unit(s + 4) - 0.5, unit(s + 5) - 0.5).normalize();
            free_box(world, feet).map(|b| (b, dir * length))
        })
        .collect()
}

/// A mover, timed on its own result and checked on its path.
trait Mover {
    fn name(&self) -> String;
    /// One move as timed: the mover's own result, left for `black_box` to see,
    /// and nothing built only for the checks.
    fn timed(&mut self, a: Aabb, d: DVec3);
    /// The end box and the corners of its path (start, …, end), for the checks.
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>);
}

/// voxwalk's resolver on any world: its own chunked one, or the peers' dense array.
struct Voxwalk<'w, W> {
    name: &'static str,
    world: &'w W,
    resolver: Resolver,
}

impl<W: BlockSource> Mover for Voxwalk<'_, W> {
    fn name(&self) -> String {
        self.name.into()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        black_box(&self.resolver.move_box(self.world, a, d));
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        let m = self.resolver.move_box(self.world, a, d).unwrap();
        (m.end, Some(path_of(&m)))
    }
}

/// voxwalk's resolver through its light path, as the controller calls it:
/// the outcome written into one `Motion` kept between moves
/// (`move_box_into`), not a new one returned by each.
struct VoxwalkInto<'w> {
    world: &'w World,
    resolver: Resolver,
    motion: Motion,
}

impl Mover for VoxwalkInto<'_> {
    fn name(&self) -> String {
        "voxwalk, into a kept Motion".into()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        let _ = black_box(
            self.resolver
                .move_box_into(self.world, a, d, &mut self.motion),
        );
        black_box(&self.motion);
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        self.resolver
            .move_box_into(self.world, a, d, &mut self.motion)
            .unwrap();
        (self.motion.end, Some(path_of(&self.motion)))
    }
}

/// The corners of a voxwalk move's path: start, after the push-out, each
/// contact, end.
fn path_of(m: &Motion) -> Vec<Aabb> {
    let mut path = vec![m.start];
    if let Some(p) = m.depenetration {
        path.push(m.start.translated(p.offset));
    }
    path.extend(m.hits.as_slice().iter().map(|h| h.at));
    path.push(m.end);
    path
}

struct Reference<'w> {
    world: &'w World,
}

impl Mover for Reference<'_> {
    fn name(&self) -> String {
        "seed-004 reference".into()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        black_box(&reference_move(self.world, a, d));
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        (reference_move(self.world, a, d).0, None)
    }
}

/// Minecraft-style: gather once, clip y, then the larger horizontal axis, then
/// the other; boxes end exactly touching.
struct Clipping<'w> {
    world: &'w World,
}

fn clip(boxes: &[Aabb], a: &Aabb, axis: usize, d: f64) -> f64 {
    let (o1, o2) = ((axis + 1) % 3, (axis + 2) % 3);
    let mut d = d;
    for b in boxes {
        let beside = a.max[o1] > b.min[o1]
            && a.min[o1] < b.max[o1]
            && a.max[o2] > b.min[o2]
            && a.min[o2] < b.max[o2];
        if !beside {
            continue;
        }
        if d > 0.0 && a.max[axis] <= b.min[axis] {
            d = d.min(b.min[axis] - a.max[axis]);
        } else if d < 0.0 && a.min[axis] >= b.max[axis] {
            d = d.max(b.max[axis] - a.min[axis]);
        }
    }
    d
}

impl Mover for Clipping<'_> {
    fn name(&self) -> String {
        "Minecraft-style clipping".into()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        let boxes = solids_in_swept_box(self.world, &a, d);
        black_box(clip_axes(&boxes, a, d, |_| {}));
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        let boxes = solids_in_swept_box(self.world, &a, d);
        let mut path = vec![a];
        let end = clip_axes(&boxes, a, d, |b| path.push(b));
        (end, Some(path))
    }
}

/// Clips `d` against `boxes` y first, then the larger horizontal axis, then the
/// other, moving the box after each; `corner` sees the box after each axis.
fn clip_axes(boxes: &[Aabb], a: Aabb, d: DVec3, mut corner: impl FnMut(Aabb)) -> Aabb {
    let order = if d.x.abs() >= d.z.abs() {
        [1, 0, 2]
    } else {
        [1, 2, 0]
    };
    let mut b = a;
    for axis in order {
        let step = clip(boxes, &b, axis, d[axis]);
        let mut v = DVec3::ZERO;
        v[axis] = step;
        b = b.translated(v);
        corner(b);
    }
    b
}

/// A world of full cubes as one flat array of solid flags over its bounds: the
/// storage the peer figures were measured on (no chunks, no hashing).
struct DenseGrid {
    lo: IVec3,
    size: IVec3,
    solid: Vec<bool>,
}

impl DenseGrid {
    /// Every solid cell, in world coordinates.
    fn solid_cells(&self) -> impl Iterator<Item = IVec3> + '_ {
        let (lo, size) = (self.lo, self.size);
        self.solid
            .iter()
            .enumerate()
            .filter(|(_, s)| **s)
            .map(move |(i, _)| {
                let i = i as i32;
                lo + IVec3::new(i / (size.y * size.z), i / size.z % size.y, i % size.z)
            })
    }

    fn of(world: &World) -> DenseGrid {
        let (lo, hi) = world.bounds().unwrap();
        let size = hi - lo + IVec3::ONE;
        let mut solid = Vec::with_capacity((size.x * size.y * size.z) as usize);
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let shape = world.shape_at(IVec3::new(x, y, z));
                    let registry = world.registry();
                    assert!(
                        shape.is_empty() || shape == registry.collision_shape(BlockId::STONE),
                        "the dense peers hold full cubes only"
                    );
                    solid.push(!shape.is_empty());
                }
            }
        }
        DenseGrid { lo, size, solid }
    }

    #[inline]
    fn is_solid(&self, cell: IVec3) -> bool {
        let p = cell - self.lo;
        if p.cmplt(IVec3::ZERO).any() || p.cmpge(self.size).any() {
            return false;
        }
        self.solid[((p.x * self.size.y + p.y) * self.size.z + p.z) as usize]
    }

    /// The unit boxes of the solid cells from `lo` to `hi`, into `out`.
    fn cubes_in(&self, lo: IVec3, hi: IVec3, out: &mut Vec<Aabb>) {
        out.clear();
        self.for_each_solid_in(lo, hi, |cell, _| {
            let c = cell.as_dvec3();
            out.push(Aabb::new(c, c + DVec3::ONE));
        });
    }
}

/// The dense grid as a world for voxwalk's own resolver: the same exact
/// algorithm on the peers' storage, to tell what the chunked world costs from
/// what the algorithm costs.
impl BlockSource for DenseGrid {
    #[inline]
    fn block(&self, cell: IVec3) -> BlockId {
        if self.is_solid(cell) {
            BlockId::STONE
        } else {
            BlockId::AIR
        }
    }

    #[inline]
    fn registry(&self) -> &BlockRegistry {
        BlockRegistry::built_in()
    }

    /// Clamps the range to the grid once, then steps the flat index row by row.
    #[inline]
    fn for_each_solid_in<F: FnMut(IVec3, &[Aabb])>(&self, lo: IVec3, hi: IVec3, mut visit: F) {
        let cube = BlockRegistry::built_in().collision_shape(BlockId::STONE);
        let (from, to) = (
            (lo - self.lo).max(IVec3::ZERO),
            (hi - self.lo).min(self.size - IVec3::ONE),
        );
        if from.cmpgt(to).any() {
            return;
        }
        let (sy, sz) = (self.size.y as usize, self.size.z as usize);
        for x in from.x..=to.x {
            for y in from.y..=to.y {
                let row = (x as usize * sy + y as usize) * sz;
                for z in from.z..=to.z {
                    if self.solid[row + z as usize] {
                        visit(self.lo + IVec3::new(x, y, z), cube);
                    }
                }
            }
        }
    }
}

/// The Minecraft-style mover on a dense grid, reusing one box list.
struct DenseClipping<'g> {
    grid: &'g DenseGrid,
    boxes: Vec<Aabb>,
}

impl DenseClipping<'_> {
    fn gather(&mut self, a: Aabb, d: DVec3) {
        let swept = a.union(&a.translated(d));
        self.grid.cubes_in(
            swept.min.floor().as_ivec3(),
            swept.max.floor().as_ivec3(),
            &mut self.boxes,
        );
    }
}

impl Mover for DenseClipping<'_> {
    fn name(&self) -> String {
        "Minecraft-style, dense array".into()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        self.gather(a, d);
        black_box(clip_axes(&self.boxes, a, d, |_| {}));
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        self.gather(a, d);
        let mut path = vec![a];
        let end = clip_axes(&self.boxes, a, d, |b| path.push(b));
        (end, Some(path))
    }
}

/// Seed 004 ported line by line onto a dense grid: every pass enumerates the
/// cells of the whole swept box, sweeps each solid one with the six
/// line-to-plane tests, moves to the earliest hit plus 0.001 along its normal
/// and slides the rest; at most four passes.
struct DenseSeedPort<'g> {
    grid: &'g DenseGrid,
}

/// The seed's `sweepAABB`: boxes as (corner, size), `b` fixed, `a` moving by
/// `d`; the fraction of `d` before the first contact (1 for none) and the
/// normal of the face met.
fn seed_sweep(a: DVec3, ah: DVec3, b: DVec3, bh: DVec3, d: DVec3) -> (f64, DVec3) {
    let m = b - (a + ah);
    let mh = ah + bh;
    let between = |x: f64, lo: f64, hi: f64| x >= lo && x <= hi;
    // `lineToPlane` from the origin along `d` to the plane through `v` with normal `n`.
    let to_plane = |v: DVec3, n: DVec3| {
        let n_dot_u = n.dot(d);
        if n_dot_u == 0.0 {
            f64::INFINITY
        } else {
            n.dot(v) / n_dot_u
        }
    };
    let mut h = 1.0;
    let mut normal = DVec3::ZERO;
    for axis in 0..3 {
        let (o1, o2) = ((axis + 1) % 3, (axis + 2) % 3);
        for (min_side, moving) in [(true, d[axis] > 0.0), (false, d[axis] < 0.0)] {
            let mut v = m;
            let mut n = DVec3::ZERO;
            if min_side {
                n[axis] = -1.0;
            } else {
                v[axis] += mh[axis];
                n[axis] = 1.0;
            }
            let s = to_plane(v, n);
            if s >= 0.0
                && moving
                && s < h
                && between(s * d[o1], m[o1], m[o1] + mh[o1])
                && between(s * d[o2], m[o2], m[o2] + mh[o2])
            {
                h = s;
                normal = n;
            }
        }
    }
    (h, normal)
}

impl DenseSeedPort<'_> {
    fn run(&self, a: Aabb, d: DVec3, mut corner: impl FnMut(Aabb)) -> Aabb {
        let size = a.size();
        let mut p = a.min;
        let mut d = d;
        for _ in 0..4 {
            let target = p + d;
            let lo = p.min(target).floor().as_ivec3();
            let hi = (p.max(target) + size).floor().as_ivec3();
            let (mut h, mut normal) = (1.0, DVec3::ZERO);
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    for x in lo.x..=hi.x {
                        let cell = IVec3::new(x, y, z);
                        if !self.grid.is_solid(cell) {
                            continue;
                        }
                        let (s, n) = seed_sweep(p, size, cell.as_dvec3(), DVec3::ONE, d);
                        if s < h {
                            (h, normal) = (s, n);
                        }
                    }
                }
            }
            p += d * h + 0.001 * normal;
            corner(Aabb::new(p, p + size));
            if h == 1.0 {
                break;
            }
            let rest = (1.0 - h) * d;
            d = rest - rest.dot(normal) * normal;
        }
        Aabb::new(p, p + size)
    }
}

impl Mover for DenseSeedPort<'_> {
    fn name(&self) -> String {
        "seed-004 port, dense array".into()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        black_box(self.run(a, d, |_| {}));
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        let mut path = vec![a];
        let end = self.run(a, d, |b| path.push(b));
        (end, Some(path))
    }
}

struct Rapier {
    name: String,
    world: PhysicsWorld,
    controller: KinematicCharacterController,
    shape: Cuboid,
}

fn to_v(v: DVec3) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

impl Rapier {
    fn new(name: &str, grid: &DenseGrid, autostep: bool) -> Rapier {
        let coords: Vec<IVector> = grid
            .solid_cells()
            .map(|c| IVector::new(i64::from(c.x), i64::from(c.y), i64::from(c.z)))
            .collect();
        let mut physics = PhysicsWorld::new();
        physics.insert_collider(
            ColliderBuilder::voxels(Vector::new(1.0, 1.0, 1.0), &coords),
            None,
        );
        physics.step();
        let mut controller = KinematicCharacterController::default();
        if autostep {
            controller.autostep = Some(CharacterAutostep {
                max_height: CharacterLength::Absolute(0.6),
                min_width: CharacterLength::Absolute(0.3),
                include_dynamic_bodies: false,
            });
        }
        Rapier {
            name: name.into(),
            world: physics,
            controller,
            shape: Cuboid::new(to_v(BODY * 0.5)),
        }
    }

    /// The controller's move of the box `a` by `d`; `on_collision` sees each contact.
    fn cast(
        &self,
        a: Aabb,
        d: DVec3,
        on_collision: impl FnMut(CharacterCollision),
    ) -> EffectiveCharacterMovement {
        let qp = self.world.query_pipeline();
        let pose = Pose::from_translation(to_v(a.center()));
        self.controller
            .move_shape(DT, &qp, &self.shape, &pose, to_v(d), on_collision)
    }
}

impl Mover for Rapier {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn timed(&mut self, a: Aabb, d: DVec3) {
        black_box(self.cast(a, d, |_| {}));
    }
    fn go(&mut self, a: Aabb, d: DVec3) -> (Aabb, Option<Vec<Aabb>>) {
        let mut path = vec![a];
        let m = self.cast(a, d, |c| {
            let t = c.translation_applied;
            path.push(a.translated(DVec3::new(t.x, t.y, t.z)));
        });
        let end = a.translated(DVec3::new(
            m.translation.x,
            m.translation.y,
            m.translation.z,
        ));
        path.push(end);
        (end, Some(path))
    }
}

struct Row {
    ns: f64,
    inside: usize,
    through: Option<usize>,
}

fn measure(world: &World, mover: &mut dyn Mover, moves: &Moves) -> Row {
    let (mut inside, mut through) = (0, Some(0));
    for (a, d) in moves {
        let (end, path) = mover.go(*a, *d);
        if overlaps_solid(world, &end) {
            inside += 1;
        }
        match (path, &mut through) {
            (Some(p), Some(n)) => {
                if p.windows(2)
                    .any(|w| segment_blocked(world, &w[0], w[1].min - w[0].min))
                {
                    *n += 1;
                }
            }
            _ => through = None,
        }
    }
    // One untimed pass warms caches and branch history and sizes the runs: a
    // run repeats the list until it lasts at least `RUN_SECONDS`, so a scheduler
    // hiccup of a few milliseconds cannot double a short workload's figure.
    let mut pass = || {
        let t = Instant::now();
        for (a, d) in moves {
            mover.timed(black_box(*a), black_box(*d));
        }
        t.elapsed().as_secs_f64()
    };
    let first = pass();
    let repeats = (RUN_SECONDS / first).ceil().max(1.0) as usize;
    let runs = if first * repeats as f64 > SLOW_RUN_SECONDS {
        3
    } else {
        5
    };
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let total: f64 = (0..repeats).map(|_| pass()).sum();
            total * 1e9 / (repeats * moves.len()) as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    Row {
        ns: times[times.len() / 2],
        inside,
        through,
    }
}

/// voxwalk first (the ratios are to it), then the peers that need no rapier world.
fn movers_without_rapier<'a>(world: &'a World, grid: &'a DenseGrid) -> Vec<Box<dyn Mover + 'a>> {
    vec![
        Box::new(Voxwalk {
            name: "voxwalk",
            world,
            resolver: Resolver::new(),
        }),
        Box::new(VoxwalkInto {
            world,
            resolver: Resolver::new(),
            motion: Motion::at_rest(Aabb::default()),
        }),
        Box::new(Clipping { world }),
        Box::new(Reference { world }),
        Box::new(DenseClipping {
            grid,
            boxes: Vec::new(),
        }),
        Box::new(DenseSeedPort { grid }),
        Box::new(Voxwalk {
            name: "voxwalk resolver, dense array",
            world: grid,
            resolver: Resolver::new(),
        }),
    ]
}

/// Every move of every workload through `move_box` and through
/// `move_box_into` (one `Motion` kept across them all): the same end box,
/// hits, blocked axes and push-out, to the bit.
fn light_path_answers_as_the_full_one(workloads: &[(String, &World, Moves)]) {
    let (mut full, mut light) = (Resolver::new(), Resolver::new());
    let mut kept = Motion::at_rest(Aabb::default());
    let mut count = 0;
    // `VOXWALK_PEERS_DUMP=FILE` writes every move's result there.
    let mut dump = std::env::var_os("VOXWALK_PEERS_DUMP")
        .map(|path| std::io::BufWriter::new(std::fs::File::create(path).unwrap()));
    // One hash of every move's whole result, to compare builds by.
    let mut fingerprint: u64 = 0xcbf2_9ce4_8422_2325;
    let bits = |m: &Motion| {
        format!(
            "{:?} {:?} {:?} {:?} {:?} {}",
            m.start,
            m.end,
            m.hits.as_slice(),
            m.blocked,
            m.depenetration,
            m.truncated
        )
    };
    for (_, world, moves) in workloads {
        for &(a, d) in moves {
            let returned = full.move_box(*world, a, d).unwrap();
            light.move_box_into(*world, a, d, &mut kept).unwrap();
            assert_eq!(bits(&returned), bits(&kept), "{a:?} by {d:?}");
            if let Some(dump) = dump.as_mut() {
                use std::io::Write;
                writeln!(dump, "{a:?} by {d:?}: {}", bits(&returned)).unwrap();
            }
            for byte in bits(&returned).bytes() {
                fingerprint = (fingerprint ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
            count += 1;
        }
    }
    println!(
        "the light path: {count} moves, every one equal to the full result to the bit; \
         results' fingerprint {fingerprint:#018x}"
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    run_stamp::print("peers");
    let terrain = cube_terrain(128);
    let maze_cells = 24;
    let labyrinth = maze(maze_cells);
    let mut workloads: Vec<(String, &World, Moves)> = vec![
        (
            "walk tick (0.2 + gravity)".into(),
            &terrain,
            walk_moves(&terrain, 20_000),
        ),
        (
            "fall (3.92 a tick)".into(),
            &terrain,
            fall_moves(&terrain, 10_000),
        ),
        (
            "one-wide maze, 0.5–3 blocks".into(),
            &labyrinth,
            maze_moves(&labyrinth, maze_cells, 10_000),
        ),
    ];
    for len in [1.0, 5.0, 20.0, 50.0, 200.0] {
        workloads.push((
            format!("{len} blocks"),
            &terrain,
            long_moves(&terrain, len, 2_000),
        ));
    }
    light_path_answers_as_the_full_one(&workloads);
    // `VOXWALK_PEERS_QUICK=1` leaves out rapier and the seed-004 movers (most
    // of the run's time): a quicker run for before/after comparisons of
    // voxwalk and the Minecraft-style clippers.
    let quick = std::env::var_os("VOXWALK_PEERS_QUICK").is_some();
    let (dense_terrain, dense_maze) = (DenseGrid::of(&terrain), DenseGrid::of(&labyrinth));
    let mut rapier_terrain = [
        Rapier::new("rapier KCC", &dense_terrain, false),
        Rapier::new("rapier KCC + autostep", &dense_terrain, true),
    ];
    let mut rapier_maze = [
        Rapier::new("rapier KCC", &dense_maze, false),
        Rapier::new("rapier KCC + autostep", &dense_maze, true),
    ];
    println!(
        "| workload | implementation | ns per move | × voxwalk | ends inside a solid | path through a solid |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    let mut chart: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for (name, world, moves) in &workloads {
        let (grid, rapiers) = if std::ptr::eq(*world, &raw const labyrinth) {
            (&dense_maze, &mut rapier_maze)
        } else {
            (&dense_terrain, &mut rapier_terrain)
        };
        let mut movers = movers_without_rapier(world, grid);
        if quick {
            movers.retain(|m| !m.name().starts_with("seed-004"));
        }
        let mut rows: Vec<(String, Row)> = movers
            .iter_mut()
            .map(|m| (m.name(), measure(world, m.as_mut(), moves)))
            .collect();
        if !quick {
            for r in rapiers.iter_mut() {
                rows.push((r.name(), measure(world, r, moves)));
            }
        }
        let base = rows[0].1.ns;
        for (imp, row) in &rows {
            let through = row
                .through
                .map_or("—".to_owned(), |n| format!("{n} of {}", moves.len()));
            println!(
                "| {name} | {imp} | {:.0} | {:.1} | {} of {} | {through} |",
                row.ns,
                row.ns / base,
                row.inside,
                moves.len()
            );
            if let Some(len) = name
                .strip_suffix(" blocks")
                .and_then(|l| l.parse::<f64>().ok())
            {
                match chart.iter_mut().find(|(n, _)| n == imp) {
                    Some((_, points)) => points.push((len, row.ns)),
                    None => chart.push((imp.clone(), vec![(len, row.ns)])),
                }
            }
        }
    }
    if quick {
        return; // a partial run draws no chart
    }
    if let Err(e) = draw_chart(&chart) {
        eprintln!("chart not written: {e}");
    }
}

fn draw_chart(series: &[(String, Vec<(f64, f64)>)]) -> Result<(), Box<dyn std::error::Error>> {
    use plotters::prelude::*;
    std::fs::create_dir_all("docs")?;
    let root = SVGBackend::new("docs/peers.svg", (860, 520)).into_drawing_area();
    root.fill(&WHITE)?;
    let top = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|x| x.1))
        .fold(1.0, f64::max)
        * 2.0;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "ns per move against move length (log–log)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((0.8f64..250.0).log_scale(), (10.0f64..top).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("blocks")
        .y_desc("ns per move")
        .draw()?;
    let colours = [
        BLUE,
        GREEN,
        BLACK,
        RED,
        MAGENTA,
        CYAN,
        RGBColor(230, 140, 0),
    ];
    for (i, (name, points)) in series.iter().enumerate() {
        let c = colours[i % colours.len()];
        chart
            .draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, c.filled())))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
