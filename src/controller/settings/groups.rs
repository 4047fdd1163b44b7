//! What a game tunes, group by group: each setting declared once, with the
//! flat name it answers to as well (`walking.speed` is also `walk_speed`).

use super::LeavePlatform;
use super::table::{Field, SettingType, checks, settings_table};

settings_table! {
    /// How bodies and balls move. Units are blocks and seconds; a share of
    /// momentum kept ("drag") is per 1/20 s, as Minecraft states it.
    ///
    /// The defaults are Minecraft's player (1.21, `LivingEntity` and
    /// `Player`, with its float constants), at any tick rate (see
    /// `docs/movement.md`): a walk of 4.317 blocks/s, a jump that peaks 1.252
    /// above the floor (over a full block, under a 1.5-tall fence post), a
    /// walking body that steps onto a slab (0.6) but needs a jump for a full
    /// block.
    ///
    /// The settings are grouped by what a game tunes: [`walking`], [`air`],
    /// [`jumping`], [`swimming`], [`climbing`], [`flying`], [`poses`],
    /// [`collisions`], and the [`balls`]'. Any of them can be set by name
    /// ([`Settings::set`]), which is what `--set NAME=VALUE` and a scenario's
    /// `[settings]` table do: the name is the group and the field
    /// (`walking.step_height`), and the flat name of the settings before the
    /// groups (`step_height`) is read as the same setting.
    ///
    /// ```
    /// use voxwalk::controller::Settings;
    /// let mut s = Settings::default();
    /// s.set("walking.step_height", "1.0").unwrap();
    /// assert_eq!(s.walking.step_height, 1.0);
    /// s.set("step_height", "0.5").unwrap(); // the flat name, as before
    /// assert_eq!(s.walking.step_height, 0.5);
    /// assert!(s.set("stepheight", "1.0").is_err()); // unknown names are errors
    /// assert!(s.set("air.gravity", "-3").is_err()); // and so are nonsense values
    /// assert!((s.terminal_speed() - 78.4).abs() < 1e-3); // Minecraft's 3.92 a tick
    /// ```
    ///
    /// [`walking`]: Walking
    /// [`air`]: Air
    /// [`jumping`]: Jumping
    /// [`swimming`]: Swimming
    /// [`climbing`]: Climbing
    /// [`flying`]: Flying
    /// [`poses`]: Poses
    /// [`collisions`]: Collisions
    /// [`balls`]: BallSettings
    top {
        /// Fixed ticks per second; each tick advances time by `1 / tick_rate`.
        /// Every figure of the defaults holds at any rate (`docs/movement.md`).
        tick_rate: f64, check tick_rate;
    }

    /// Walking on the ground: speeds, steps, sneaking at edges, snapping.
    walking: Walking {
        /// Top speed walking straight on ordinary ground (Minecraft: movement
        /// speed 0.1 and input 0.98 a tick against the ground's drag 0.546).
        /// Other ground changes it as Minecraft's `getFrictionInfluencedSpeed`
        /// does: ice (slipperiness 0.98) gives 4.16 blocks/s.
        speed: f64, alias "walk_speed", check any;
        /// Top speed sprinting straight on ordinary ground (movement speed 0.13).
        sprint_speed: f64, alias "sprint_speed", check any;
        /// Top speed sneaking straight on ordinary ground (Minecraft scales the
        /// input by 0.3). Sneaking keeps a body from starting to sprint.
        sneak_speed: f64, alias "sneak_speed", check any;
        /// Highest ledge a walking body climbs without jumping; also the
        /// highest drop the sneak edge guard lets a body walk off.
        step_height: f64, alias "step_height", check a_reach;
        /// Whether sneaking stops a body from walking off drops higher than
        /// `step_height`.
        sneak_edge_guard: bool, alias "sneak_edge_guard", check any;
        /// Whether a body walking on the ground down a step no higher than
        /// `step_height` is kept on the ground (moved down onto the step)
        /// rather than leaving it for a few ticks of falling, as rapier's
        /// `snap_to_ground` and Godot's `floor_snap_length` do. Off for
        /// Minecraft's exact motion: its player leaves the ground at every
        /// step down. Never while jumping, flying, climbing or swimming.
        snap_to_ground: bool, alias "snap_to_ground", check any;
    }

    /// In the air: what the keys add, the drags, gravity.
    air: Air {
        /// Velocity the keys add each second in the air (Minecraft's flying
        /// speed, 0.02 a tick per tick).
        acceleration: f64, alias "air_acceleration", check any;
        /// The same while sprinting (0.026 a tick per tick).
        sprint_acceleration: f64, alias "sprint_air_acceleration", check any;
        /// Share of horizontal momentum kept per 1/20 s in the air (0.91); on
        /// the ground it is times the block's slipperiness (0.6 on most
        /// blocks, so 0.546). Below 1.
        drag: f64, alias "air_drag", check a_drag;
        /// Downward acceleration (0.08 a tick per tick).
        gravity: f64, alias "gravity", check any;
        /// Share of vertical momentum kept per 1/20 s out of liquids (0.98);
        /// with gravity it sets the terminal speed
        /// ([`Settings::terminal_speed`]). Below 1.
        vertical_drag: f64, alias "vertical_drag", check a_drag;
        /// Momentum slower than this on an axis is dropped at the start of a
        /// tick (Minecraft: 0.003 a tick; horizontally, by length).
        momentum_cutoff: f64, alias "momentum_cutoff", check any;
    }

    /// Jumping: its speed, the sprint's boost, the wait between jumps.
    jumping: Jumping {
        /// Upward velocity a jump starts with, before the tick's gravity
        /// (0.42 a tick), times the ground's jump factor.
        speed: f64, alias "jump_speed", check any;
        /// Velocity a sprinting jump adds along the way the body walks (0.2 a tick).
        sprint_boost: f64, alias "sprint_jump_boost", check any;
        /// Seconds between jumps while jump is held (Minecraft's
        /// `noJumpDelay`, 10 ticks); letting go of jump ends the wait.
        delay: f64, alias "jump_delay", check any;
        /// Seconds after walking off an edge in which a jump still leaves
        /// as from the ground (a game's "coyote time"; Minecraft has none,
        /// 0). Only a body that left the ground without rising (not by a
        /// jump, a bounce or a push up), counted from its first tick in the
        /// air; never in a liquid or on a ladder. A jump starts with one of
        /// Minecraft's ticks, so at finer rates give it 1/20 s or more. At
        /// most 1 s.
        coyote_time: f64, alias "coyote_time", check a_grace;
    }

    /// In a liquid: swimming along and up, and climbing out onto a ledge.
    swimming: Swimming {
        /// Horizontal acceleration swimming, before the liquid's drag
        /// (Minecraft: 0.02 blocks a tick per tick). The drag sets the top
        /// speed: 1.96 blocks/s in water.
        acceleration: f64, alias "swim_acceleration", check any;
        /// Upward acceleration in a liquid while jump is held (Minecraft's
        /// `jumpInLiquid`: 0.04 a tick per tick).
        up_acceleration: f64, alias "swim_up_acceleration", check any;
        /// Upward speed given to a body in a liquid that swims against a
        /// ledge it can climb out onto (Minecraft: 0.3 blocks a tick).
        exit_speed: f64, alias "liquid_exit_speed", check any;
        /// How far up a swimmer that met a wall looks for a way out: if its
        /// box, moved by a tick of its momentum and raised this far above
        /// where the tick began, meets no block and no liquid, it is lifted
        /// at `exit_speed` (`LivingEntity.travelInFluid`'s `isFree` probe;
        /// Minecraft: 0.6). Not the height of a ledge it can climb: the lift
        /// repeats while the probe stays free, so a swimmer also clears a
        /// ledge somewhat higher when its momentum carries it
        /// (docs/movement.md).
        exit_height: f64, alias "liquid_exit_height", check a_reach;
        /// Share of horizontal momentum kept per 1/20 s sprinting in water,
        /// in place of the water's own drag (`travelInWater`: Minecraft's
        /// 0.9f). A body sprinting under water swims: flat, in the crawling
        /// pose, steered up and down by its look ([`Input::pitch`]), at
        /// 3.92 blocks/s straight ahead.
        ///
        /// [`Input::pitch`]: crate::controller::Input::pitch
        sprint_drag: f64, alias "swim_sprint_drag", check a_drag;
    }

    /// On ladders, vines and other climbable blocks.
    climbing: Climbing {
        /// Upward speed on a climbable block while pushing into a wall or
        /// holding jump: Minecraft lifts the body to 0.2 a tick, then its
        /// gravity and drag leave 0.1176
        /// (`LivingEntity.handleRelativeFrictionAndCalculateMovement`).
        speed: f64, alias "climb_speed", check any;
        /// Fastest slide down a climbable block (Minecraft: 0.15 blocks a
        /// tick, `handleOnClimbable`); sneaking holds the body still instead.
        descent_speed: f64, alias "climb_descent_speed", check any;
        /// Fastest horizontal motion on a climbable block (Minecraft: 0.15 a tick).
        horizontal_speed: f64, alias "climb_horizontal_speed", check any;
    }

    /// Flying, as Minecraft's creative flight.
    flying: Flying {
        /// Top horizontal speed flying (Minecraft's creative flight: 0.05 a
        /// tick per tick against the air's drag).
        speed: f64, alias "fly_speed", check any;
        /// Top vertical speed flying with `up` or `down` held (0.15 a tick
        /// per tick against a drag of 0.6).
        vertical_speed: f64, alias "fly_vertical_speed", check any;
    }

    /// The heights of the lower poses.
    poses: Poses {
        /// A body's height while sneaking (Minecraft's crouching pose: 1.5),
        /// or its standing height if that is lower. A body that has no room
        /// to stand stays at this height, sneaking or not, and moves at the
        /// sneaking speed (Minecraft's `isMovingSlowly`).
        sneak_height: f64, alias "sneak_height", check any;
        /// A body's height when even sneaking has no room (Minecraft's
        /// swimming and crawling pose: 0.6), or its standing height if that
        /// is lower.
        crawl_height: f64, alias "crawl_height", check a_height;
        /// Where a standing body's eyes are, above its feet, for a body
        /// 1.8 tall (Minecraft's player: 1.62f); a body of another height
        /// has its eyes at the same share of it. The eyes decide whether a
        /// body is under water (`isUnderWater`), which lets it start a
        /// sprint there and so swim.
        eye_height: f64, alias "eye_height", check a_height;
        /// Where a sneaking body's eyes are (1.27f, at `sneak_height` 1.5;
        /// the same share of a lower sneaking height).
        sneak_eye_height: f64, alias "sneak_eye_height", check a_height;
        /// Where a crawling or swimming body's eyes are (0.4f, at
        /// `crawl_height` 0.6; the same share of a lower one).
        crawl_eye_height: f64, alias "crawl_eye_height", check a_height;
    }

    /// How moves meet the world: the collision order, movers left, the
    /// world's bottom.
    collisions: Collisions {
        /// Move bodies in Minecraft's own collision order
        /// ([`collide_vanilla`](crate::resolver::collide_vanilla): y, then
        /// the larger horizontal axis, then the other, ending exactly
        /// against what stopped them, the step inside the same call) instead
        /// of the exact resolver's sweep: for servers and bots that must
        /// agree with the vanilla client. With it, `snap_to_ground` off and
        /// a body of [`Body::MINECRAFT_SIZE`](crate::controller::Body::MINECRAFT_SIZE),
        /// a body at 20 ticks a second follows the client's positions and
        /// momentum to 10⁻⁹ on every ground and in every medium of the
        /// movement model and among random vanilla blocks, resting,
        /// stepping and landing included, but where a choice of the
        /// client's own turns on the last bit of its position
        /// (`docs/determinism.md`). Off by default: the exact resolver
        /// never cuts a corner.
        vanilla_order: bool, alias "vanilla_collisions", check any;
        /// What a body riding a mover keeps of its velocity when it leaves
        /// it: `velocity` (all of it, the default), `upward` (its upward
        /// part) or `nothing`, Godot's three `platform_on_leave` choices.
        /// The kept velocity is added to the body's momentum, which the
        /// movement model then slows as any other (air drag in a jump).
        leave_platform: LeavePlatform, alias "leave_platform", check any;
        /// How far below the world's lowest block
        /// ([`BlockSource::lowest_block`](crate::world::BlockSource::lowest_block))
        /// a body's top may fall before it is reported as having left the
        /// world ([`Event::LeftWorld`](crate::controller::Event::LeftWorld))
        /// and held there, rather than falling for ever.
        left_world_depth: f64, alias "left_world_depth", check any;
    }

    /// How balls bounce and roll; bodies never read these.
    balls: BallSettings {
        /// Fraction of the speed into a surface a ball keeps when it bounces.
        restitution: f64, alias "ball_restitution", check a_share;
        /// Bounces slower than this end instead. Must exceed
        /// `air.gravity / tick_rate` (the speed a resting ball gains in one
        /// tick) or balls never settle.
        rest_speed: f64, alias "ball_rest_speed", check any;
        /// How fast a ball rolling or sliding on a surface loses tangential
        /// speed (blocks/s²).
        friction: f64, alias "ball_friction", check any;
    }
}
