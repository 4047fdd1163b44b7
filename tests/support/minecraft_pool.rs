//! Minecraft's liquids cell by cell, ported from the decompiled 1.21.7
//! client for the motion port (`minecraft_reference.rs`) to stand in: each
//! cell's fluid state (kind, amount, falling) and the few facts of its block
//! that the flow reads, and from them `FluidState.getHeight`,
//! `FlowingFluid.getFlow` and `isSolidFace`,
//! `Entity.updateFluidHeightAndDoFluidPushing` and `updateFluidOnEyes`.
//!
//! Written from the client's code alone: it shares nothing with voxwalk's
//! liquids but the world's description, so the two can disagree.

use std::collections::HashMap;

/// A fluid's type (`Fluid.isSame`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FluidKind {
    Water,
    Lava,
}

/// A cell's `FluidState`: 1–8 parts of 9 (`getAmount`; a source 8), and
/// whether it falls (`FlowingFluid.FALLING`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FluidState {
    pub kind: FluidKind,
    pub amount: u8,
    pub falling: bool,
}

/// What the flow reads of a cell's block besides its fluid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solid {
    /// A full cube, sturdy on every face (stone).
    Cube,
    /// `IceBlock`: a full cube, but never a solid face to a liquid.
    Ice,
    /// A bottom slab: blocks motion, no sturdy side face.
    BottomSlab,
}

/// The liquid cells and the solid blocks of a world (cells not named are
/// air; everything under y = 1 is the port's floor, a full cube).
#[derive(Clone, Debug, Default)]
pub struct Pool {
    pub fluids: HashMap<[i32; 3], FluidState>,
    pub solids: HashMap<[i32; 3], Solid>,
    /// Bubble columns (their cells hold source water in `fluids` too): true
    /// where one drags down (`DRAG_DOWN`, over magma).
    pub bubbles: HashMap<[i32; 3], bool>,
    /// The dimension's type is ultra-warm (`DimensionType.ultraWarm`, the
    /// Nether's): lava pushes at 0.007, not 0.0023333.
    pub ultra_warm: bool,
}

/// The four horizontal directions in `Direction.Plane.HORIZONTAL`'s order:
/// north, east, south, west.
const HORIZONTAL: [[i32; 3]; 4] = [[0, 0, -1], [1, 0, 0], [0, 0, 1], [-1, 0, 0]];

fn plus(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `Vec3.normalize`.
fn normalize(v: [f64; 3]) -> [f64; 3] {
    let length = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if length < 1.0e-5 {
        [0.0; 3]
    } else {
        [v[0] / length, v[1] / length, v[2] / length]
    }
}

fn length(v: [f64; 3]) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

impl FluidState {
    /// `FluidState.getOwnHeight`.
    fn own_height(self) -> f32 {
        f32::from(self.amount) / 9.0
    }
}

impl Pool {
    /// `getFluidState`: empty is `None`.
    pub fn fluid(&self, cell: [i32; 3]) -> Option<FluidState> {
        self.fluids.get(&cell).copied()
    }

    fn solid(&self, cell: [i32; 3]) -> Option<Solid> {
        if cell[1] < 1 {
            Some(Solid::Cube)
        } else {
            self.solids.get(&cell).copied()
        }
    }

    /// The solid block of the cell at `point`, if any.
    pub fn solid_at(&self, point: [f64; 3]) -> Option<Solid> {
        self.solid(point.map(|c| c.floor() as i32))
    }

    /// `FluidState.getHeight`: 1 under the same fluid, its own height else.
    fn height(&self, cell: [i32; 3], state: FluidState) -> f32 {
        let above = self.fluid(plus(cell, [0, 1, 0]));
        if above.is_some_and(|a| a.kind == state.kind) {
            1.0
        } else {
            state.own_height()
        }
    }

    /// `FlowingFluid.getFlow`.
    pub fn flow(&self, cell: [i32; 3], state: FluidState) -> [f64; 3] {
        let affects = |other: Option<FluidState>| other.is_none_or(|o| o.kind == state.kind);
        let own = |other: Option<FluidState>| other.map_or(0.0, FluidState::own_height);
        let (mut d, mut d2) = (0.0_f64, 0.0_f64);
        for step in HORIZONTAL {
            let beside = plus(cell, step);
            let there = self.fluid(beside);
            if !affects(there) {
                continue;
            }
            let mut f = own(there);
            let mut f2 = 0.0_f32;
            if f == 0.0 {
                let below = self.fluid(plus(beside, [0, -1, 0]));
                // `blocksMotion`: the solids here all do.
                if self.solid(beside).is_none() && affects(below) {
                    f = own(below);
                    if f > 0.0 {
                        f2 = state.own_height() - (f - 0.888_888_9_f32);
                    }
                }
            } else if f > 0.0 {
                f2 = state.own_height() - f;
            }
            if f2 == 0.0 {
                continue;
            }
            d += f64::from(step[0] as f32 * f2);
            d2 += f64::from(step[2] as f32 * f2);
        }
        let mut flow = [d, 0.0, d2];
        if state.falling {
            for step in HORIZONTAL {
                let beside = plus(cell, step);
                if self.is_solid_face(beside, state.kind)
                    || self.is_solid_face(plus(beside, [0, 1, 0]), state.kind)
                {
                    let n = normalize(flow);
                    flow = [n[0], n[1] - 6.0, n[2]];
                    break;
                }
            }
        }
        normalize(flow)
    }

    /// `FlowingFluid.isSolidFace` for a horizontal side.
    fn is_solid_face(&self, cell: [i32; 3], kind: FluidKind) -> bool {
        if self.fluid(cell).is_some_and(|f| f.kind == kind) {
            return false;
        }
        matches!(self.solid(cell), Some(Solid::Cube))
    }

    /// `Entity.updateFluidHeightAndDoFluidPushing(kind, strength)` for a
    /// player (its push not normalised) with feet at `pos` and a box
    /// `width` by `height`: the fluid height, if the box touched the fluid,
    /// and `delta` pushed.
    pub fn push(
        &self,
        pos: [f64; 3],
        (width, height): (f64, f64),
        kind: FluidKind,
        strength: f64,
        delta: &mut [f64; 3],
    ) -> Option<f64> {
        let half = width / 2.0;
        let min = [pos[0] - half + 0.001, pos[1] + 0.001, pos[2] - half + 0.001];
        let max = [
            pos[0] + half - 0.001,
            pos[1] + height - 0.001,
            pos[2] + half - 0.001,
        ];
        let mut d2 = 0.0_f64;
        let mut touched = false;
        let mut vec3 = [0.0_f64; 3];
        let mut n7 = 0;
        for i in min[0].floor() as i32..max[0].ceil() as i32 {
            for j in min[1].floor() as i32..max[1].ceil() as i32 {
                for k in min[2].floor() as i32..max[2].ceil() as i32 {
                    let cell = [i, j, k];
                    let Some(state) = self.fluid(cell).filter(|f| f.kind == kind) else {
                        continue;
                    };
                    let d3 = f64::from(j as f32 + self.height(cell, state));
                    if d3 < min[1] {
                        continue;
                    }
                    touched = true;
                    d2 = (d3 - min[1]).max(d2);
                    let mut flow = self.flow(cell, state);
                    if d2 < 0.4 {
                        flow = flow.map(|c| c * d2);
                    }
                    for axis in 0..3 {
                        vec3[axis] += flow[axis];
                    }
                    n7 += 1;
                }
            }
        }
        if length(vec3) > 0.0 {
            if n7 > 0 {
                vec3 = vec3.map(|c| c * (1.0 / f64::from(n7)));
            }
            vec3 = vec3.map(|c| c * strength);
            if delta[0].abs() < 0.003 && delta[2].abs() < 0.003 && length(vec3) < 0.0045 {
                vec3 = normalize(vec3).map(|c| c * 0.004_500_000_000_000_000_5);
            }
            for axis in 0..3 {
                delta[axis] += vec3[axis];
            }
        }
        touched.then_some(d2)
    }

    /// `Entity.isFree`: a box `width` by `height` with feet at `pos` meets
    /// no block and no liquid (`containsAnyLiquid`: any fluid in the cells
    /// from the floor of its low corner to the ceiling of its high one).
    pub fn is_free(&self, pos: [f64; 3], size: (f64, f64)) -> bool {
        let (min, max) = corners(pos, size, 0.0);
        let mut cells = cells_between(min, max);
        !cells.any(|cell| self.fluid(cell).is_some()) && !self.meets_block(min, max)
    }

    /// `Player.canPlayerFitWithinBlocksAndEntitiesWhen`: the pose's box,
    /// deflated by 1e-7, meets no block.
    pub fn fits(&self, pos: [f64; 3], size: (f64, f64)) -> bool {
        let (min, max) = corners(pos, size, 1.0e-7);
        !self.meets_block(min, max)
    }

    /// `noCollision`: the box overlaps some block's shape in volume.
    fn meets_block(&self, min: [f64; 3], max: [f64; 3]) -> bool {
        cells_between(min, max).any(|cell| {
            let top = match self.solid(cell) {
                None => return false,
                Some(Solid::Cube | Solid::Ice) => 1.0,
                Some(Solid::BottomSlab) => 0.5,
            };
            let overlaps = |axis: usize, hi: f64| {
                let lo = f64::from(cell[axis]);
                min[axis] < lo + hi && max[axis] > lo
            };
            overlaps(0, 1.0) && overlaps(1, top) && overlaps(2, 1.0)
        })
    }

    /// `Entity.updateFluidOnEyes` for water: the eyes' cell holds water
    /// whose surface lies above them.
    pub fn eye_in_water(&self, eyes: [f64; 3]) -> bool {
        let cell = eyes.map(|c| c.floor() as i32);
        self.fluid(cell)
            .filter(|f| f.kind == FluidKind::Water)
            .is_some_and(|state| f64::from(cell[1] as f32 + self.height(cell, state)) > eyes[1])
    }
}

/// The corners of a box `width` by `height` with feet at `pos`, deflated by
/// `inset`.
fn corners(pos: [f64; 3], (width, height): (f64, f64), inset: f64) -> ([f64; 3], [f64; 3]) {
    let half = width / 2.0;
    (
        [pos[0] - half + inset, pos[1] + inset, pos[2] - half + inset],
        [
            pos[0] + half - inset,
            pos[1] + height - inset,
            pos[2] + half - inset,
        ],
    )
}

/// The cells from the floor of `min` up to, not including, the ceiling of
/// `max`.
fn cells_between(min: [f64; 3], max: [f64; 3]) -> impl Iterator<Item = [i32; 3]> {
    let range = move |axis: usize| min[axis].floor() as i32..max[axis].ceil() as i32;
    range(0).flat_map(move |x| range(1).flat_map(move |y| range(2).map(move |z| [x, y, z])))
}

impl Pool {
    /// `Entity.applyEffectsFromBlocks` for bubble columns: the move from
    /// `from` to `to` (feet) of a box `width` by `height`, split by axis where
    /// it was recorded by `Entity.move` (`axis_independent`), each leg's
    /// cells visited as `checkInsideBlocks` does, each column cell once,
    /// `onInsideBubbleColumn` or, under a cell with no collision shape and no
    /// fluid, `onAboveBubbleColumn`.
    ///
    /// Returns whether the outcome turned on the last bits of the move: its
    /// x and z equal but for rounding (a diagonal walk), and the other axis
    /// order would have pushed otherwise.
    pub fn bubble_effects(
        &self,
        (from, to): ([f64; 3], [f64; 3]),
        axis_independent: bool,
        size: (f64, f64),
        delta: &mut [f64; 3],
    ) -> bool {
        let (x, z) = ((to[0] - from[0]).abs(), (to[2] - from[2]).abs());
        // Within the rounding of the positions the move is the difference of.
        let ulps = 8.0 * f64::EPSILON * to[0].abs().max(to[2].abs()).max(1.0);
        let tie = (x - z).abs() <= ulps;
        let mut other = *delta;
        self.bubble_effects_in((from, to), axis_independent, size, delta, false);
        if !tie {
            return false;
        }
        self.bubble_effects_in((from, to), axis_independent, size, &mut other, true);
        other != *delta
    }

    fn bubble_effects_in(
        &self,
        (from, to): ([f64; 3], [f64; 3]),
        axis_independent: bool,
        size: (f64, f64),
        delta: &mut [f64; 3],
        swapped: bool,
    ) {
        let mut visited: Vec<[i32; 3]> = Vec::new();
        let mut visit = |cell: [i32; 3], delta: &mut [f64; 3]| {
            let Some(&drags) = self.bubbles.get(&cell) else {
                return;
            };
            if visited.contains(&cell) {
                return;
            }
            visited.push(cell);
            let above = [cell[0], cell[1] + 1, cell[2]];
            let top = self.solid(above).is_none() && self.fluid(above).is_none();
            delta[1] = match (drags, top) {
                (true, true) => (delta[1] - 0.03).max(-0.9),
                (false, true) => (delta[1] + 0.1).min(1.8),
                (true, false) => (delta[1] - 0.03).max(-0.3),
                (false, false) => (delta[1] + 0.06).min(0.7),
            };
        };
        let vec32 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
        let length_sqr = vec32[0] * vec32[0] + vec32[1] * vec32[1] + vec32[2] * vec32[2];
        if axis_independent && length_sqr > 0.0 {
            // `Entity.axisStepOrder`: the longer horizontal axis after y;
            // `swapped`, the other.
            let z_first = vec32[0].abs() < vec32[2].abs();
            let order = if z_first ^ swapped {
                [1, 2, 0]
            } else {
                [1, 0, 2]
            };
            let mut vec3 = from;
            for axis in order {
                let d = vec32[axis];
                if d == 0.0 {
                    continue;
                }
                let mut vec33 = vec3;
                vec33[axis] += d;
                for_each_block_intersected_between(vec3, vec33, size, &mut |c| visit(c, delta));
                vec3 = vec33;
            }
        } else {
            for_each_block_intersected_between(from, to, size, &mut |c| visit(c, delta));
        }
    }
}

/// `BlockGetter.forEachBlockIntersectedBetween` for a box `width` by
/// `height` with feet at `to`, deflated by `1.0E-5F`.
fn for_each_block_intersected_between(
    from: [f64; 3],
    to: [f64; 3],
    size: (f64, f64),
    visit: &mut dyn FnMut([i32; 3]),
) {
    let (min, max) = corners(to, size, f64::from(1.0e-5_f32));
    let vec33 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    let length_sqr = vec33[0] * vec33[0] + vec33[1] * vec33[1] + vec33[2] * vec33[2];
    let short = f64::from(0.999_99_f32);
    let mut seen: Vec<[i32; 3]> = Vec::new();
    if length_sqr >= short * short {
        let vec35 = [min[0] - vec33[0], min[1] - vec33[1], min[2] - vec33[2]];
        let size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
        add_collisions_along_travel(&mut seen, vec35, min, size, visit);
    }
    // `BlockPos.betweenClosed(aABB)`: x fastest, then y, then z.
    let lo = min.map(|c| c.floor() as i32);
    let hi = max.map(|c| c.floor() as i32);
    for k in lo[2]..=hi[2] {
        for j in lo[1]..=hi[1] {
            for i in lo[0]..=hi[0] {
                if !seen.contains(&[i, j, k]) {
                    visit([i, j, k]);
                }
            }
        }
    }
}

/// `BlockGetter.addCollisionsAlongTravel`.
fn add_collisions_along_travel(
    seen: &mut Vec<[i32; 3]>,
    vec3: [f64; 3],
    vec32: [f64; 3],
    size: [f64; 3],
    visit: &mut dyn FnMut([i32; 3]),
) {
    let vec33 = [vec32[0] - vec3[0], vec32[1] - vec3[1], vec32[2] - vec3[2]];
    let mut n = vec3.map(|c| c.floor() as i32);
    let sign = |d: f64| i32::from(d > 0.0) - i32::from(d < 0.0);
    let step = vec33.map(sign);
    let frac = |x: f64| x - x.floor();
    let mut d = [0.0; 3];
    let mut t = [0.0; 3];
    for a in 0..3 {
        d[a] = if step[a] == 0 {
            f64::MAX
        } else {
            f64::from(step[a]) / vec33[a]
        };
        t[a] = d[a]
            * if step[a] > 0 {
                1.0 - frac(vec3[a])
            } else {
                frac(vec3[a])
            };
    }
    let mut n7 = 0;
    while t[0] <= 1.0 || t[1] <= 1.0 || t[2] <= 1.0 {
        if t[0] < t[1] {
            if t[0] < t[2] {
                n[0] += step[0];
                t[0] += d[0];
            } else {
                n[2] += step[2];
                t[2] += d[2];
            }
        } else if t[1] < t[2] {
            n[1] += step[1];
            t[1] += d[1];
        } else {
            n[2] += step[2];
            t[2] += d[2];
        }
        n7 += 1;
        if n7 > 17 {
            break;
        }
        let lo = n.map(f64::from);
        let Some(p) = aabb_clip(lo, lo.map(|c| c + 1.0), vec3, vec32) else {
            continue;
        };
        let e = f64::from(1.0e-5_f32);
        let held = [0, 1, 2].map(|a| p[a].clamp(lo[a] + e, lo[a] + 1.0 - e));
        let far = [0, 1, 2].map(|a| (held[a] + size[a]).floor() as i32);
        for i in n[0]..=far[0] {
            for j in n[1]..=far[1] {
                for k in n[2]..=far[2] {
                    if !seen.contains(&[i, j, k]) {
                        seen.push([i, j, k]);
                        visit([i, j, k]);
                    }
                }
            }
        }
    }
}

/// `AABB.clip` with `getDirection` and `clipPoint`: where the segment enters
/// the box through a face it crosses going in, strictly between its ends.
fn aabb_clip(lo: [f64; 3], hi: [f64; 3], from: [f64; 3], to: [f64; 3]) -> Option<[f64; 3]> {
    let d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    let mut ds = 1.0;
    let mut found = false;
    // (axis, the two others) in `getDirection`'s order: x, y, z.
    for (a, b, c) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
        let plane = if d[a] > 1.0e-7 {
            lo[a]
        } else if d[a] < -1.0e-7 {
            hi[a]
        } else {
            continue;
        };
        let d12 = (plane - from[a]) / d[a];
        let d13 = from[b] + d12 * d[b];
        let d14 = from[c] + d12 * d[c];
        if 0.0 < d12
            && d12 < ds
            && lo[b] - 1.0e-7 < d13
            && d13 < hi[b] + 1.0e-7
            && lo[c] - 1.0e-7 < d14
            && d14 < hi[c] + 1.0e-7
        {
            ds = d12;
            found = true;
        }
    }
    found.then(|| [0, 1, 2].map(|a| from[a] + ds * d[a]))
}
