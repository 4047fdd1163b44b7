//! Minecraft's player motion, one tick at a time, ported from the decompiled
//! 1.21.7 client for the tests to hold the controller against. Each step
//! names the method it follows. Units are Minecraft's: blocks and ticks.
//!
//! The world it moves in, and what it asks of its blocks, are in
//! `minecraft_world.rs` (a flat floor under one medium, or a pool of cells);
//! walls are met only through a port of the client's collisions handed in
//! as `Blocks`.
//!
//! Single-precision arithmetic is kept where Minecraft computes in floats
//! (the input vector, the friction-influenced speed); everything else is in
//! double precision, with Minecraft's float constants.

#![allow(dead_code)] // each test binary uses part of it

use super::minecraft_world::WIDTH_F32;
pub use super::minecraft_world::{Blocks, FLOOR_TOP, Flat, Ground, Medium, WIDTH};

/// The keys held, in the body's frame (`east` is forward: the reference
/// player looks along +x, yaw −90°).
#[derive(Clone, Copy, Debug, Default)]
#[allow(clippy::struct_excessive_bools)] // one flag per key
pub struct Keys {
    pub east: bool,
    pub west: bool,
    pub south: bool,
    pub north: bool,
    pub jump: bool,
    pub sneak: bool,
    pub sprint: bool,
    /// Where the player looks, degrees down (`xRot`).
    pub pitch: f32,
}

impl Keys {
    /// The keys voxwalk's `input` holds (the port does not fly).
    pub fn of(input: &voxwalk::controller::Input) -> Keys {
        Keys {
            east: input.east,
            west: input.west,
            south: input.south,
            north: input.north,
            jump: input.jump,
            sneak: input.sneak,
            sprint: input.sprint,
            pitch: input.pitch_degrees() as f32,
        }
    }
}

/// A player's state between ticks.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools)] // the client's own flags, one each
pub struct Player {
    /// Feet, blocks.
    pub pos: [f64; 3],
    /// `deltaMovement`, blocks a tick.
    pub delta: [f64; 3],
    /// What the last move moved by, blocks a tick.
    pub moved: [f64; 3],
    pub on_ground: bool,
    pub sprinting: bool,
    pub no_jump_delay: u32,
    /// `Entity.stuckSpeedMultiplier`, set by the cobweb the body is in.
    pub stuck: Option<[f64; 3]>,
    /// Clip moves as `Entity.collide` and `Entity.move` do to the last
    /// detail: the floor's shapes drop any move under 10⁻⁷ once the swept
    /// box reaches them, a move under 10⁻⁷ that was meant to be longer
    /// leaves the player where it was, and a horizontal axis counts as
    /// collided only when cut by 10⁻⁵ or more. Off, the floor just stops a
    /// fall (what a resolver with a contact gap can be held to).
    pub epsilons: bool,
    /// Whether the last move was cut sideways (`horizontalCollision`), and
    /// only brushed a wall (`minorHorizontalCollision`): a sprint stops on
    /// a collision that is not minor.
    pub horizontal_collision: bool,
    pub minor_collision: bool,
    /// Whether the last move was cut vertically (`verticalCollision`).
    pub vertical_collision: bool,
    /// Whether a block cut the last move at all, on any axis, by however
    /// little.
    pub move_cut: bool,
    /// Whether the last tick's bubble columns pushed as they did by the
    /// rounding of a diagonal move (its x and z equal but for the last
    /// bits decide which axis the client walks first).
    pub bubbles_by_rounding: bool,
    /// The last move's `isHorizontalCollisionMinor` took the `acos` of a
    /// cosine within a few ulps of 1 (a move made straight along the wish):
    /// whether it rounded to 1 (minor) or above it (NaN: head on, the sprint
    /// stops) turns on the last bits of the position, which a body moved by
    /// other arithmetic need not share.
    pub minor_by_rounding: bool,
    /// `isSwimming`.
    pub swimming: bool,
    /// `fluidOnEyes` holds water (`updateFluidOnEyes`, in `baseTick`).
    pub eye_in_water: bool,
    /// `LocalPlayer.wasUnderwater`: `eye_in_water` as `Player.tick` read it
    /// before `baseTick` looked again.
    pub was_underwater: bool,
    /// The pose `updatePlayerPose` left: its eye height.
    pub pose: PlayerPose,
}

/// The poses the port's player takes (`Player.POSES`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerPose {
    Standing,
    Crouching,
    Swimming,
}

impl PlayerPose {
    /// The pose's box height (`Player.POSES`, floats widened).
    pub fn height(self) -> f64 {
        f64::from(match self {
            PlayerPose::Standing => 1.8_f32,
            PlayerPose::Crouching => 1.5_f32,
            PlayerPose::Swimming => 0.6_f32,
        })
    }

    /// The pose's eye height.
    pub fn eye_height(self) -> f64 {
        f64::from(match self {
            PlayerPose::Standing => 1.62_f32,
            PlayerPose::Crouching => 1.27_f32,
            PlayerPose::Swimming => 0.4_f32,
        })
    }
}

impl Player {
    /// A player standing on the floor as one that has stood there a tick:
    /// `deltaMovement.y` is the tick's gravity after its drag.
    pub fn standing(world: &Flat, x: f64, z: f64) -> Player {
        let mut p = Player {
            pos: [x, FLOOR_TOP, z],
            delta: [0.0, -0.08 * f64::from(0.98_f32), 0.0],
            moved: [0.0; 3],
            on_ground: true,
            sprinting: false,
            no_jump_delay: 0,
            stuck: None,
            epsilons: false,
            horizontal_collision: false,
            minor_collision: false,
            vertical_collision: false,
            move_cut: false,
            bubbles_by_rounding: false,
            minor_by_rounding: false,
            swimming: false,
            eye_in_water: false,
            was_underwater: false,
            pose: PlayerPose::Standing,
        };
        if world.in_cobweb(&p) {
            p.stuck = Some([0.25, f64::from(0.05_f32), 0.25]);
        }
        p
    }

    /// `LocalPlayer.modifyInput` with `KeyboardInput`'s normalised move
    /// vector: (left, forward) impulses, in floats.
    fn input(keys: Keys, slowly: bool) -> (f32, f32) {
        let axis = |a: bool, b: bool| f32::from(u8::from(a)) - f32::from(u8::from(b));
        // Facing +x: forward is east, left is north.
        let (mut x, mut y) = (axis(keys.north, keys.south), axis(keys.east, keys.west));
        let length = (x * x + y * y).sqrt();
        if length < 1.0e-4 {
            return (0.0, 0.0);
        }
        (x, y) = (x / length, y / length);
        (x, y) = (x * 0.98, y * 0.98);
        if slowly {
            (x, y) = (x * 0.3, y * 0.3);
        }
        // `modifyInputSpeedForSquareMovement`.
        let f = (x * x + y * y).sqrt();
        let (dx, dy) = (x * (1.0 / f), y * (1.0 / f));
        let (ax, ay) = (dx.abs(), dy.abs());
        let tan = if ay > ax { ax / ay } else { ay / ax };
        let stretch = (1.0 + tan * tan).sqrt();
        let scaled = (f * stretch).min(1.0);
        (dx * scaled, dy * scaled)
    }

    /// `Entity.moveRelative` at yaw −90°: (left, forward) to the world's
    /// (x, z) is (forward, −left).
    fn move_relative(&mut self, speed: f32, (left, forward): (f32, f32)) {
        let (l, f) = (f64::from(left), f64::from(forward));
        let length_squared = l * l + f * f;
        if length_squared < 1.0e-7 {
            return;
        }
        let scale = if length_squared > 1.0 {
            1.0 / length_squared.sqrt()
        } else {
            1.0
        };
        let speed = f64::from(speed);
        self.delta[0] += f * scale * speed;
        self.delta[2] += -l * scale * speed;
    }

    /// A player at rest in the air with its feet at `pos`, moving as the
    /// client does to the last detail (`epsilons`).
    pub fn falling(pos: [f64; 3]) -> Player {
        Player {
            pos,
            delta: [0.0; 3],
            moved: [0.0; 3],
            on_ground: false,
            sprinting: false,
            no_jump_delay: 0,
            stuck: None,
            epsilons: true,
            horizontal_collision: false,
            minor_collision: false,
            vertical_collision: false,
            move_cut: false,
            bubbles_by_rounding: false,
            minor_by_rounding: false,
            swimming: false,
            eye_in_water: false,
            was_underwater: false,
            pose: PlayerPose::Standing,
        }
    }

    /// One tick: `LocalPlayer.aiStep`, then `LivingEntity.aiStep` and
    /// `travel`, then `applyEffectsFromBlocks`.
    pub fn tick(&mut self, world: &Flat, keys: Keys) {
        self.tick_in(world, keys, None);
    }

    /// [`Player::tick`] among `blocks` (the flat world's motion rules: its
    /// ground's friction and factors, its medium), or on the flat floor.
    pub fn tick_in(&mut self, world: &Flat, keys: Keys, blocks: Option<Blocks<'_>>) {
        let tick_start = self.pos;
        // `Player.tick`: `updateIsUnderwater` reads the eyes as the last
        // `baseTick` left them.
        self.was_underwater = self.eye_in_water;
        // `baseTick`'s `updateInWaterStateAndDoFluidPushing`: water's
        // height and push, then lava's.
        let (water, lava) = world.fluid_heights(self);
        let in_water = water.is_some();
        let in_lava = lava.is_some_and(|h| h > 0.0);
        // `baseTick`: `updateFluidOnEyes`, then `updateSwimming`.
        self.eye_in_water = world.eye_in_water(self);
        let feet_in_water = world.liquid_at(self, self.pos[1]) == Some(Medium::Water);
        self.swimming = if self.swimming {
            self.sprinting && in_water
        } else {
            self.sprinting && self.was_underwater && feet_in_water
        };
        let under = self.was_underwater;
        // `LocalPlayer.aiStep`: `crouching` (room everywhere here) and
        // `isMovingSlowly`, which scales the input.
        // (`crouching` also where only a crouch fits.)
        let crouching = !self.swimming
            && world.fits(self, PlayerPose::Crouching)
            && (keys.sneak || !world.fits(self, PlayerPose::Standing));
        let visually_crawling = self.pose == PlayerPose::Swimming && !in_water;
        let slowly = crouching || visually_crawling;
        let input = Self::input(keys, slowly);
        let forward = input.1 > 1.0e-5;
        // `canStartSprinting` and the sprint key.
        let can_start = !self.sprinting && forward && (!slowly || under) && (!in_water || under);
        if can_start && keys.sprint {
            self.sprinting = true;
        }
        if self.sprinting {
            let stop = if self.swimming {
                // `shouldStopSwimSprinting`.
                !in_water || (!forward && !self.on_ground && !keys.sneak)
            } else {
                // `shouldStopRunSprinting`: a wall met head on stops it too.
                let walled = self.horizontal_collision && !self.minor_collision;
                !forward || walled || (in_water && !under)
            };
            if stop {
                self.sprinting = false;
            }
        }
        if in_water && keys.sneak {
            // `LivingEntity.goDownInWater`.
            self.delta[1] -= f64::from(0.04_f32);
        }
        // `LivingEntity.aiStep`.
        if self.no_jump_delay > 0 {
            self.no_jump_delay -= 1;
        }
        if self.delta[0] * self.delta[0] + self.delta[2] * self.delta[2] < 9.0e-6 {
            self.delta[0] = 0.0;
            self.delta[2] = 0.0;
        }
        if self.delta[1].abs() < 0.003 {
            self.delta[1] = 0.0;
        }
        if keys.jump {
            // `LivingEntity.aiStep`, with `getFluidJumpThreshold` 0.4.
            let d = if in_lava { lava } else { water }.unwrap_or(0.0);
            let bl = in_water && d > 0.0;
            let shallow_footing = self.on_ground && d <= 0.4;
            if (bl || in_lava) && !shallow_footing {
                // `jumpInLiquid`.
                self.delta[1] += f64::from(0.04_f32);
            } else if self.on_ground && self.no_jump_delay == 0 {
                self.jump_from_ground(world);
                self.no_jump_delay = 10;
            }
        } else {
            self.no_jump_delay = 0;
        }
        if self.swimming {
            // `Player.travel`: the look turns the vertical momentum.
            let d = f64::from(-mth_sin(keys.pitch * (std::f32::consts::PI / 180.0)));
            let e = if d < -0.2 { 0.085 } else { 0.06 };
            let chest = world.liquid_at(self, self.pos[1] + 1.0 - 0.1).is_some();
            if d <= 0.0 || keys.jump || chest {
                self.delta[1] += (d - self.delta[1]) * e;
            }
        }
        if in_water || in_lava {
            let lava_height = lava.unwrap_or(0.0);
            self.travel_in_fluid(world, input, in_water, lava_height, keys.sneak, blocks);
        } else {
            self.travel_in_air(world, input, keys, blocks);
        }
        // `Entity.applyEffectsFromBlocks` after `travel`: a pool's bubble
        // columns, along the move `Entity.move` recorded (or none).
        if let Some(pool) = &world.pool {
            let size = (f64::from(WIDTH_F32), self.pose.height());
            let recorded = self.moved != [0.0; 3];
            self.bubbles_by_rounding =
                pool.bubble_effects((tick_start, self.pos), recorded, size, &mut self.delta);
        }
        // `Player.updatePlayerPose`: the pose wanted where it fits, else a
        // crouch, else the swimming pose; none if not even that fits.
        if world.fits(self, PlayerPose::Swimming) {
            let wanted = if self.swimming {
                PlayerPose::Swimming
            } else if keys.sneak {
                PlayerPose::Crouching
            } else {
                PlayerPose::Standing
            };
            self.pose = [wanted, PlayerPose::Crouching]
                .into_iter()
                .find(|&pose| world.fits(self, pose))
                .unwrap_or(PlayerPose::Swimming);
        }
        // `Entity.applyEffectsFromBlocks`: `WebBlock.entityInside`.
        self.stuck = world
            .in_cobweb(self)
            .then_some([0.25, f64::from(0.05_f32), 0.25]);
    }

    /// `LivingEntity.jumpFromGround`.
    fn jump_from_ground(&mut self, world: &Flat) {
        let power = f64::from(0.42_f32 * world.jump_factor(self) as f32);
        self.delta[1] = self.delta[1].max(power);
        if self.sprinting {
            // Facing +x: (−sin yaw, cos yaw) = (1, 0).
            self.delta[0] += 0.2;
        }
    }

    /// `LivingEntity.travelInAir` with `handleRelativeFrictionAndCalculateMovement`.
    fn travel_in_air(
        &mut self,
        world: &Flat,
        input: (f32, f32),
        keys: Keys,
        blocks: Option<Blocks<'_>>,
    ) {
        let friction: f32 = if self.on_ground {
            world.friction_below(self)
        } else {
            1.0
        };
        let drag = friction * 0.91;
        // `getFrictionInfluencedSpeed`; `Player.getFlyingSpeed`.
        let speed = if self.on_ground {
            let movement: f32 = if self.sprinting {
                (f64::from(0.1_f32) * (1.0 + f64::from(0.3_f32))) as f32
            } else {
                0.1
            };
            movement * (0.216_000_02_f32 / (friction * friction * friction))
        } else if self.sprinting {
            0.025_999_999
        } else {
            0.02
        };
        self.move_relative(speed, input);
        // `handleOnClimbable`.
        let climbing = world.on_climbable(self);
        if climbing {
            let c = f64::from(0.15_f32);
            self.delta[0] = self.delta[0].clamp(-c, c);
            self.delta[2] = self.delta[2].clamp(-c, c);
            self.delta[1] = self.delta[1].max(-c);
            if self.delta[1] < 0.0 && keys.sneak {
                self.delta[1] = 0.0;
            }
        }
        self.do_move(world, keys.sneak, input, blocks);
        if keys.jump && world.on_climbable(self) {
            self.delta[1] = 0.2;
        }
        self.delta[1] -= 0.08;
        self.delta[0] *= f64::from(drag);
        self.delta[1] *= f64::from(0.98_f32);
        self.delta[2] *= f64::from(drag);
    }

    /// `LivingEntity.travelInFluid`.
    fn travel_in_fluid(
        &mut self,
        world: &Flat,
        input: (f32, f32),
        in_water: bool,
        lava_height: f64,
        sneaking: bool,
        blocks: Option<Blocks<'_>>,
    ) {
        let falling = self.delta[1] <= 0.0;
        let y_before = self.pos[1];
        self.move_relative(0.02, input);
        self.do_move(world, sneaking, input, blocks);
        if in_water {
            // `travelInWater`: a sprinting player keeps 0.9f, and is spared
            // `getFluidFallingAdjustedMovement`.
            let f = f64::from(if self.sprinting { 0.9_f32 } else { 0.8_f32 });
            self.delta[0] *= f;
            self.delta[1] *= f64::from(0.8_f32);
            self.delta[2] *= f;
            if !self.sprinting {
                self.fluid_falling(falling);
            }
        } else if lava_height <= 0.4 {
            // Shallow lava (`getFluidHeight` no more than the jump threshold).
            self.delta[0] *= 0.5;
            self.delta[1] *= f64::from(0.8_f32);
            self.delta[2] *= 0.5;
            if !self.sprinting {
                self.fluid_falling(falling);
            }
            self.delta[1] += -0.08 / 4.0;
        } else {
            // Deep lava.
            for d in &mut self.delta {
                *d *= 0.5;
            }
            self.delta[1] += -0.08 / 4.0;
        }
        // `jumpOutOfFluid`: against a wall with room, and no liquid, where a
        // lift of 0.6 over the start would take the box, it lifts.
        if let Some(pool) = &world.pool
            && self.horizontal_collision
        {
            let lift = self.delta[1] + f64::from(0.6_f32) - self.pos[1] + y_before;
            let at = [
                self.pos[0] + self.delta[0],
                self.pos[1] + lift,
                self.pos[2] + self.delta[2],
            ];
            if pool.is_free(at, (f64::from(WIDTH_F32), self.pose.height())) {
                self.delta[1] = f64::from(0.3_f32);
            }
        }
    }

    /// `LivingEntity.getFluidFallingAdjustedMovement`, not sprinting.
    fn fluid_falling(&mut self, falling: bool) {
        let g = 0.08 / 16.0;
        let y = self.delta[1];
        self.delta[1] = if falling && (y - 0.005).abs() >= 0.003 && (y - g).abs() < 0.003 {
            -0.003
        } else {
            y - g
        };
    }

    /// `Entity.collideWithShapes` against the floor, whose blocks
    /// `BlockCollisions` gathers once the swept box reaches below its top:
    /// y first, then the larger horizontal axis, then the other; each
    /// under 10⁻⁷ is dropped (`Shapes.collide`), and a fall is stopped on
    /// the floor's top (`VoxelShape.collide`). Nothing stands beside the
    /// player on a flat floor, so the horizontal axes are not cut.
    fn collide_with_floor(&self, movement: [f64; 3]) -> [f64; 3] {
        let bottom = self.pos[1] + movement[1].min(0.0);
        if bottom >= FLOOR_TOP {
            return movement;
        }
        let order = if movement[0].abs() < movement[2].abs() {
            [1, 2, 0]
        } else {
            [1, 0, 2]
        };
        let mut made = [0.0; 3];
        for axis in order {
            let d = movement[axis];
            made[axis] = if d == 0.0 || d.abs() < 1.0e-7 {
                0.0
            } else if axis == 1 && d < 0.0 && FLOOR_TOP <= self.pos[1] + 1.0e-7 {
                d.max(FLOOR_TOP - self.pos[1])
            } else {
                d
            };
        }
        made
    }

    /// `LocalPlayer.isHorizontalCollisionMinor` facing +x: the wish (the
    /// input turned to the world: forward is +x, left is −z) and the move
    /// made part by less than 8°. (The client turns the input with its sine
    /// table at yaw −90°; exactly here.) With it, whether the cosine was so
    /// near 1 that its rounding decided ([`Player::minor_by_rounding`]).
    fn collision_is_minor((left, forward): (f32, f32), moved: [f64; 3]) -> (bool, bool) {
        let (wx, wz) = (f64::from(forward), -f64::from(left));
        let wish = wx * wx + wz * wz;
        let made = moved[0] * moved[0] + moved[2] * moved[2];
        let small = f64::from(1.0e-5_f32);
        if wish < small || made < small {
            return (false, false);
        }
        let cosine = (wx * moved[0] + wz * moved[2]) / (wish * made).sqrt();
        let by_rounding = (cosine - 1.0).abs() <= 4.0 * f64::EPSILON;
        (
            voxwalk::math::acos(cosine) < 0.139_626_339_077_949_52,
            by_rounding,
        )
    }

    /// `Entity.move` against the floor.
    fn do_move(
        &mut self,
        world: &Flat,
        sneaking: bool,
        input: (f32, f32),
        blocks: Option<Blocks<'_>>,
    ) {
        let mut movement = self.delta;
        if let Some(stuck) = self.stuck.take() {
            for (m, s) in movement.iter_mut().zip(stuck) {
                *m *= s;
            }
            self.delta = [0.0; 3];
        }
        let wanted = movement;
        let wanted_y = movement[1];
        if let Some(collide) = blocks {
            movement = collide(self.pos, movement, self.on_ground);
        } else if self.epsilons {
            movement = self.collide_with_floor(movement);
        } else if self.pos[1] + movement[1] < FLOOR_TOP {
            movement[1] = FLOOR_TOP - self.pos[1];
        }
        let length = |v: [f64; 3]| v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        let moves = !self.epsilons
            || length(movement) > 1.0e-7
            || length(wanted) - length(movement) < 1.0e-7;
        self.moved = [0.0; 3];
        if moves {
            for (p, m) in self.pos.iter_mut().zip(movement) {
                *p += m;
            }
            self.moved = movement;
        }
        if self.epsilons {
            // `Mth.equal`: apart by 1e-5 (a float) or more.
            let cut = |axis: usize| (wanted[axis] - movement[axis]).abs() >= f64::from(1.0e-5_f32);
            self.horizontal_collision = cut(0) || cut(2);
            let (minor, by_rounding) = Self::collision_is_minor(input, movement);
            self.minor_collision = self.horizontal_collision && minor;
            self.minor_by_rounding = self.horizontal_collision && by_rounding;
            for axis in [0, 2] {
                if cut(axis) {
                    self.delta[axis] = 0.0;
                }
            }
        }
        let vertical_collision = movement[1] != wanted_y;
        self.vertical_collision = vertical_collision;
        self.move_cut = movement != wanted;
        self.on_ground = vertical_collision && wanted_y < 0.0;
        if vertical_collision {
            // `Block.updateEntityMovementAfterFallOn` of the block under
            // (`SlimeBlock`: back up, unless sneaking).
            let under_is_floor = self.pos[1] - 0.2 < FLOOR_TOP;
            if under_is_floor && world.ground.slime && !sneaking {
                if self.delta[1] < 0.0 {
                    self.delta[1] = -self.delta[1];
                }
            } else {
                self.delta[1] = 0.0;
            }
        }
        if self.on_ground && world.ground.slime && !sneaking {
            // `SlimeBlock.stepOn`.
            let vy = self.delta[1].abs();
            if vy < 0.1 {
                let hold = 0.4 + vy * 0.2;
                self.delta[0] *= hold;
                self.delta[2] *= hold;
            }
        }
        let factor = world.speed_factor(self);
        self.delta[0] *= factor;
        self.delta[2] *= factor;
    }
}

/// `Mth.sin`: the client's table of 65,536 float sines.
fn mth_sin(radians: f32) -> f32 {
    let index = (radians * 10_430.378_f32) as i32 & 0xFFFF;
    (f64::from(index) * std::f64::consts::PI * 2.0 / 65_536.0).sin() as f32
}
