//! The default settings: Minecraft's player, from the constants its code holds.

use super::{
    Air, BallSettings, Climbing, Collisions, Flying, Jumping, LeavePlatform, Poses, Settings,
    Swimming, Walking,
};

/// Minecraft's constants, as the floats its code holds them (1.21.7).
pub(crate) mod minecraft {
    /// Ticks a second.
    pub const TICKS: f64 = 20.0;
    /// The keys' input, `LocalPlayer.modifyInput`.
    pub const INPUT: f64 = 0.98_f32 as f64;
    /// The player's movement speed attribute.
    pub const WALK: f64 = 0.1_f32 as f64;
    /// The same, sprinting: the attribute with
    /// `LivingEntity.SPEED_MODIFIER_SPRINTING` (+30 %), as the float
    /// `setSpeed` keeps.
    pub const SPRINT: f64 = (WALK * (1.0 + 0.3_f32 as f64)) as f32 as f64;
    /// The sneaking speed attribute: the input's share while sneaking.
    pub const SNEAK: f64 = 0.3_f32 as f64;
    /// Ordinary ground's friction (`Block.getFriction`).
    pub const FRICTION: f64 = 0.6_f32 as f64;
    /// The air's drag (`LivingEntity.travelInAir`).
    pub const AIR_DRAG: f64 = 0.91_f32 as f64;
    /// The vertical drag (`travelInAir`).
    pub const VERTICAL_DRAG: f64 = 0.98_f32 as f64;
    /// `LivingEntity.DEFAULT_BASE_GRAVITY`.
    pub const GRAVITY: f64 = 0.08;
    /// `LivingEntity.BASE_JUMP_POWER`.
    pub const JUMP: f64 = 0.42_f32 as f64;
    /// Creative flight's speed (`Abilities.flyingSpeed`), and its vertical
    /// drag (`Player.travel`).
    pub const FLY: f64 = 0.05_f32 as f64;
    /// Creative flight's vertical drag (`Player.travel`).
    pub const FLY_VERTICAL_DRAG: f64 = 0.6;
    /// The ladder's clamp (`handleOnClimbable`).
    pub const CLIMB_CLAMP: f64 = 0.15_f32 as f64;
    /// The ladder's lift before gravity and drag.
    pub const CLIMB_LIFT: f64 = 0.2;
    /// The air's input (`Player.getFlyingSpeed`).
    pub const AIR_INPUT: f64 = 0.02_f32 as f64;
    /// The same, sprinting.
    pub const SPRINT_AIR_INPUT: f64 = 0.025_999_999_f32 as f64;
    /// `jumpInLiquid`.
    pub const SWIM_UP: f64 = 0.04_f32 as f64;
    /// The ledge exit's lift and reach (`travelInFluid`).
    pub const LIQUID_EXIT: f64 = 0.3_f32 as f64;
    /// The ledge exit's reach above the body.
    pub const LIQUID_EXIT_HEIGHT: f64 = 0.6_f32 as f64;
    /// `getFluidFallingAdjustedMovement`'s share of gravity in a liquid.
    pub const FLUID_FALLING: f64 = 1.0 / 16.0;
    /// The vertical momentum kept in lava no deeper than the jump
    /// threshold (`travelInFluid`).
    pub const SHALLOW_LAVA_VERTICAL_DRAG: f64 = 0.8_f32 as f64;
    /// The momentum cut-off (`LivingEntity.aiStep`).
    pub const CUTOFF: f64 = 0.003;
    /// Water's drag on a sprinting body (`travelInWater`).
    pub const SWIM_SPRINT_DRAG: f64 = 0.9_f32 as f64;
    /// The player's eyes standing, crouching and swimming (`Player.POSES`).
    pub const EYE_HEIGHT: f64 = 1.62_f32 as f64;
    pub const SNEAK_EYE_HEIGHT: f64 = 1.27_f32 as f64;
    pub const CRAWL_EYE_HEIGHT: f64 = 0.4_f32 as f64;
    /// The player's standing height, to which `EYE_HEIGHT` belongs.
    pub const PLAYER_HEIGHT: f64 = 1.8;
    /// How fast a swimmer's vertical momentum turns to its look
    /// (`Player.travel`): 0.06 a tick, 0.085 looking down more steeply
    /// than `STEEP_LOOK`.
    pub const SWIM_STEER: f64 = 0.06;
    pub const SWIM_STEER_STEEP: f64 = 0.085;
    pub const STEEP_LOOK: f64 = -0.2;
}

/// The share of momentum kept per 1/20 s on ground of `slipperiness` with
/// the air's `air_drag`: Minecraft multiplies the two in single precision
/// (`LivingEntity.travelInAir`: `f * 0.91f`).
#[must_use]
pub(crate) fn ground_drag(slipperiness: f64, air_drag: f64) -> f64 {
    f64::from(slipperiness as f32 * air_drag as f32)
}

/// Top speed on ordinary ground for a movement speed `speed` (a tick per
/// tick): the fixed point of `u = speed × input + 0.546 u`, in blocks/s.
fn top_ground_speed(speed: f64) -> f64 {
    use minecraft::{AIR_DRAG, FRICTION, INPUT, TICKS};
    TICKS * speed * INPUT / (1.0 - ground_drag(FRICTION, AIR_DRAG))
}

impl Default for Settings {
    fn default() -> Self {
        use minecraft as mc;
        let per_second = mc::TICKS;
        let per_second_squared = mc::TICKS * mc::TICKS;
        Self {
            tick_rate: 20.0,
            walking: Walking {
                speed: top_ground_speed(mc::WALK),
                sprint_speed: top_ground_speed(mc::SPRINT),
                sneak_speed: top_ground_speed(mc::WALK) * mc::SNEAK,
                step_height: 0.6,
                sneak_edge_guard: true,
                snap_to_ground: true,
            },
            air: Air {
                acceleration: mc::AIR_INPUT * per_second_squared,
                sprint_acceleration: mc::SPRINT_AIR_INPUT * per_second_squared,
                drag: mc::AIR_DRAG,
                gravity: mc::GRAVITY * per_second_squared,
                vertical_drag: mc::VERTICAL_DRAG,
                momentum_cutoff: mc::CUTOFF * per_second,
            },
            jumping: Jumping {
                speed: mc::JUMP * per_second,
                sprint_boost: 0.2 * per_second,
                delay: 10.0 / mc::TICKS,
                coyote_time: 0.0,
            },
            swimming: Swimming {
                acceleration: mc::AIR_INPUT * per_second_squared,
                up_acceleration: mc::SWIM_UP * per_second_squared,
                exit_speed: mc::LIQUID_EXIT * per_second,
                exit_height: mc::LIQUID_EXIT_HEIGHT,
                sprint_drag: mc::SWIM_SPRINT_DRAG,
            },
            climbing: Climbing {
                speed: mc::VERTICAL_DRAG * (mc::CLIMB_LIFT - mc::GRAVITY) * per_second,
                descent_speed: mc::CLIMB_CLAMP * per_second,
                horizontal_speed: mc::CLIMB_CLAMP * per_second,
            },
            flying: Flying {
                speed: mc::FLY * mc::INPUT / (1.0 - mc::AIR_DRAG) * per_second,
                vertical_speed: 3.0 * mc::FLY / (1.0 - mc::FLY_VERTICAL_DRAG) * per_second,
            },
            poses: Poses {
                sneak_height: 1.5,
                crawl_height: 0.6,
                eye_height: mc::EYE_HEIGHT,
                sneak_eye_height: mc::SNEAK_EYE_HEIGHT,
                crawl_eye_height: mc::CRAWL_EYE_HEIGHT,
            },
            collisions: Collisions {
                vanilla_order: false,
                leave_platform: LeavePlatform::Velocity,
                left_world_depth: 64.0,
            },
            balls: BallSettings {
                restitution: 0.5,
                rest_speed: 2.5,
                friction: 4.0,
            },
        }
    }
}
