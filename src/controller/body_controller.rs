//! One body's tick, for a game that owns its bodies and its world.

use super::Contacts;
use super::tick::{TickScratch, tick_body};
use super::{Body, Event, Input, SettingError, Settings};
use crate::resolver::MoveError;
use crate::world::BlockSource;

/// Ticks bodies a game keeps itself, in a world it keeps itself: the walk,
/// jump, step, sneak edge guard and grounded state of a
/// [`Simulation`](super::Simulation), one body per call, from the game's own
/// loop, in the spirit of rapier's `KinematicCharacterController::move_shape`
/// or Godot's `move_and_slide`.
///
/// It holds validated [`Settings`] and the scratch space of a tick, so a warm
/// call allocates nothing (the caller's event list is cleared by the caller
/// and grows once). A `Simulation` ticks each body through the same code, so
/// the same bodies, inputs and world give the same trajectories bit for bit;
/// what a `Simulation` adds is bodies pushing each other and balls.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::controller::{Body, Controller, Event, Input, Settings};
/// use voxwalk::world::BlockId;
///
/// // The game's world: any `Fn(IVec3) -> BlockId`, or its own chunk type
/// // behind `BlockSource`. Here, a floor at y = 0.
/// let world = |cell: IVec3| if cell.y == 0 { BlockId::STONE } else { BlockId::AIR };
/// let mut controller = Controller::new(Settings::default()).unwrap();
/// let mut body = Body::new(DVec3::new(0.5, 3.0, 0.5), Body::DEFAULT_SIZE).unwrap();
/// let mut events = Vec::new();
/// for _ in 0..20 {
///     events.clear();
///     controller.tick(&world, &mut body, Input::IDLE, &mut events).unwrap();
/// }
/// assert!(body.grounded);
/// assert_eq!(body.aabb.min.y, 1.0 + voxwalk::resolver::CONTACT_GAP);
/// ```
#[derive(Debug)]
pub struct Controller {
    settings: Settings,
    scratch: TickScratch,
}

impl Controller {
    /// A controller with `settings`.
    ///
    /// # Errors
    /// The first setting out of range.
    pub fn new(settings: Settings) -> Result<Controller, SettingError> {
        settings.validate()?;
        Ok(Controller {
            settings,
            scratch: TickScratch::default(),
        })
    }

    /// The settings in force.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the settings between ticks (a potion of speed, lower gravity).
    ///
    /// # Errors
    /// The first setting out of range; the old settings stay.
    pub fn set_settings(&mut self, settings: Settings) -> Result<(), SettingError> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// Advances `body` by one tick of `1 / tick_rate` seconds under `input`
    /// in `world`, pushing what happened onto `events` (which it does not
    /// clear) and returning what the body touched. A static body is left as it
    /// is.
    ///
    /// # Errors
    /// [`MoveError`] when the resolver refuses the move (the body left the
    /// coordinate range); the body is then unchanged.
    pub fn tick<W: BlockSource>(
        &mut self,
        world: &W,
        body: &mut Body,
        input: Input,
        events: &mut Vec<Event>,
    ) -> Result<Contacts, MoveError> {
        if body.is_static() {
            return Ok(Contacts::default());
        }
        tick_body(
            world,
            &mut self.scratch,
            &self.settings,
            body,
            input,
            events,
        )
    }
}
