//! One body's tick, for a game that owns its bodies and its world.

use super::Contacts;
use super::carry::{CarryError, CarryScratch, move_movers};
use super::tick::tick_body;
use super::tick_records::TickScratch;
use super::{Body, Event, Input, SettingError, Settings};
use crate::movers::{Movers, NO_MOVERS};
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
/// use voxwalk::block::BlockId;
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
    carry: CarryScratch,
}

impl Clone for Controller {
    /// A controller with the same settings; its scratch space is its own.
    fn clone(&self) -> Controller {
        Controller {
            settings: self.settings.clone(),
            scratch: TickScratch::default(),
            carry: CarryScratch::default(),
        }
    }
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
            carry: CarryScratch::default(),
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
        body.previous = body.aabb;
        tick_body(
            world,
            &NO_MOVERS,
            &mut self.scratch,
            &self.settings,
            body,
            input,
            events,
        )
    }

    /// Moves `movers` by one tick, before the bodies' ticks
    /// ([`Controller::tick_among`]): each mover, in slot order, carries the
    /// bodies riding it and pushes the ones in its way through the
    /// resolver, and stops against one it cannot move. Events go to
    /// `events` with the body's index in `bodies`. It starts the tick of
    /// every body given: [`Body::previous`] is where each was before it.
    ///
    /// ```
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::controller::{Body, Controller, Input, Settings};
    /// use voxwalk::movers::{Drive, Mover, Movers};
    /// use voxwalk::block::{BlockId, BlockRegistry};
    /// use voxwalk::world::World;
    ///
    /// let world = World::new();
    /// let mut movers = Movers::new();
    /// // A 4 × 4 floor drifting east at 2 blocks a second, a body on it.
    /// let cells = (0..4).flat_map(|x| (0..4).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)));
    /// let floor = Mover::new(BlockRegistry::built_in(), cells, DVec3::ZERO).unwrap();
    /// movers.add(floor.with_drive(Drive::Velocity(DVec3::new(2.0, 0.0, 0.0)))).unwrap();
    /// let mut bodies = [Body::new(DVec3::new(2.0, 1.0, 2.0), Body::DEFAULT_SIZE).unwrap()];
    /// let mut controller = Controller::new(Settings::default()).unwrap();
    /// let (mut carried, mut events) = (Vec::new(), Vec::new());
    /// for _ in 0..40 {
    ///     controller.move_movers(&world, &mut movers, &mut bodies, &mut carried).unwrap();
    ///     controller.tick_among(&world, &movers, &mut bodies[0], Input::IDLE, &mut events).unwrap();
    /// }
    /// // Two seconds at 2 blocks a second, but placed on the floor's top the
    /// // body settles onto it in its first two ticks (Minecraft's gravity acts
    /// // from the second) and rides it from then on: 3.8 blocks east.
    /// assert!((bodies[0].feet().x - 5.8).abs() < 1e-9);
    /// assert!(bodies[0].riding.is_some());
    /// ```
    ///
    /// # Errors
    /// [`CarryError`] when a mover's velocity is out of range or the
    /// resolver refuses to move a body; the movers before it have moved.
    pub fn move_movers<W: BlockSource>(
        &mut self,
        world: &W,
        movers: &mut Movers,
        bodies: &mut [Body],
        events: &mut Vec<(usize, Event)>,
    ) -> Result<(), CarryError> {
        for body in bodies.iter_mut().filter(|b| !b.is_static()) {
            body.previous = body.aabb;
        }
        move_movers(
            world,
            movers,
            &mut self.scratch.resolver,
            &mut self.carry,
            self.settings.dt(),
            bodies,
            |index, event| events.push((index, event)),
        )
    }

    /// [`Controller::tick`] in `world` with `movers` in it, after
    /// [`Controller::move_movers`] has moved them this tick (and started
    /// the body's tick): the body stands and walks on movers, and
    /// [`Body::riding`] says which one it rides.
    ///
    /// # Errors
    /// As [`Controller::tick`].
    pub fn tick_among<W: BlockSource>(
        &mut self,
        world: &W,
        movers: &Movers,
        body: &mut Body,
        input: Input,
        events: &mut Vec<Event>,
    ) -> Result<Contacts, MoveError> {
        if body.is_static() {
            return Ok(Contacts::default());
        }
        tick_body(
            world,
            movers,
            &mut self.scratch,
            &self.settings,
            body,
            input,
            events,
        )
    }
}
