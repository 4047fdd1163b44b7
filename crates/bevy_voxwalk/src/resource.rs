//! The simulation as a bevy resource, and the messages it sends.

use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_ecs::message::Message;
use bevy_ecs::resource::Resource;
use voxwalk::controller::{
    Body, BodyError, BodyHandle, Event, SettingError, Simulation, SimulationError, TickReport,
};
use voxwalk::glam::DVec3;
use voxwalk::movers::MoverHandle;
#[cfg(doc)]
use voxwalk::navigate::Crowd;
use voxwalk::navigate::{CoarseLayer, Step};
use voxwalk::world::{BlockSource, World};

use crate::navigation_state::Navigation;

/// The world and every character's body: one voxwalk
/// [`Simulation`], with the entity of each body.
///
/// Read it for queries (`world()`, `simulation()`); edit the world through
/// [`Voxwalk::edit_world`] or the [`EditWorld`](crate::EditWorld) command,
/// which keep the simulation's copies of the cells true.
#[derive(Resource)]
pub struct Voxwalk<W: BlockSource + Send + Sync + 'static = World> {
    pub(crate) simulation: Simulation<W>,
    pub(crate) handle_of: EntityHashMap<BodyHandle>,
    /// Kept between ticks so that a tick allocates nothing once grown.
    pub(crate) report: TickReport,
    pub(crate) inputs: Vec<(BodyHandle, voxwalk::controller::Input)>,
    pub(crate) failure: Option<SimulationError>,
    /// The characters with a [`Destination`](crate::Destination).
    pub(crate) navigation: Navigation,
    /// The mover of each [`MovingBlocks`](crate::MovingBlocks) entity, and
    /// the entity of each such mover.
    pub(crate) mover_of: EntityHashMap<MoverHandle>,
    pub(crate) mover_entity: std::collections::HashMap<MoverHandle, Entity>,
}

impl<W: BlockSource + Send + Sync + 'static> Voxwalk<W> {
    pub(crate) fn new(simulation: Simulation<W>) -> Self {
        Voxwalk {
            simulation,
            handle_of: EntityHashMap::default(),
            report: TickReport::default(),
            inputs: Vec::new(),
            failure: None,
            navigation: Navigation::default(),
            mover_of: EntityHashMap::default(),
            mover_entity: std::collections::HashMap::new(),
        }
    }

    /// The simulation: bodies by handle, balls, movers, settings.
    #[must_use]
    pub fn simulation(&self) -> &Simulation<W> {
        &self.simulation
    }

    /// The body of `entity`'s character, to push it (`Body::momentum`, what
    /// the next tick carries on with; `Body::velocity` is what the last
    /// tick moved it by, and each tick writes it anew), turn it or stop it
    /// between ticks (a teleport is a written `Transform`, a new size a
    /// changed `Character`).
    pub fn body_mut(&mut self, entity: Entity) -> Option<&mut Body> {
        self.simulation.body_mut(*self.handle_of.get(&entity)?)
    }

    /// Adds a mover (a lift, a door, a moving floor) to the characters' world.
    ///
    /// # Errors
    /// As [`Simulation::add_mover`].
    pub fn add_mover(
        &mut self,
        mover: voxwalk::movers::Mover,
    ) -> Result<voxwalk::movers::MoverHandle, voxwalk::movers::MoverError> {
        self.simulation.add_mover(mover)
    }

    /// Adds a ball; its index among the balls.
    pub fn add_ball(&mut self, ball: voxwalk::controller::Ball) -> usize {
        self.simulation.add_ball(ball)
    }

    /// Changes the settings of characters without their own.
    ///
    /// # Errors
    /// The first setting out of range; the old settings stay.
    pub fn set_settings(
        &mut self,
        settings: voxwalk::controller::Settings,
    ) -> Result<(), SettingError> {
        self.simulation.set_settings(settings)
    }

    /// The world the characters walk in.
    #[must_use]
    pub fn world(&self) -> &W {
        self.simulation.world()
    }

    /// Changes the world between ticks: the simulation then takes its copies
    /// of the cells again, so no character reads a block as it was.
    pub fn edit_world<R>(&mut self, edit: impl FnOnce(&mut W) -> R) -> R {
        edit(self.simulation.world_mut())
    }

    /// The body of `entity`'s character, once the plugin has added it.
    #[must_use]
    pub fn body(&self, entity: Entity) -> Option<&Body> {
        self.simulation.body(*self.handle_of.get(&entity)?)
    }

    /// The entity whose [`MovingBlocks`](crate::MovingBlocks) mover
    /// `handle` is (none for one added by [`Voxwalk::add_mover`]).
    #[must_use]
    pub fn mover_entity(&self, handle: MoverHandle) -> Option<Entity> {
        self.mover_entity.get(&handle).copied()
    }

    /// The entity whose character `handle` is.
    #[must_use]
    pub fn entity(&self, handle: BodyHandle) -> Option<Entity> {
        let data = self.simulation.user_data(handle)?;
        Entity::try_from_bits(data)
    }

    /// The steps `entity`'s character has still to make towards its
    /// [`Destination`](crate::Destination), the one it is making first;
    /// empty while it has no plan.
    #[must_use]
    pub fn path(&self, entity: Entity) -> &[Step] {
        match self.handle_of.get(&entity) {
            Some(&handle) => self.navigation.crowd.remaining(handle),
            None => &[],
        }
    }

    /// Where `entity`'s character is walking to now: the feet at the end of
    /// the step it is making.
    #[must_use]
    pub fn next_waypoint(&self, entity: Entity) -> Option<DVec3> {
        self.path(entity).first().map(|step| step.to.feet)
    }

    /// The most planning the characters' navigation may do in a voxwalk
    /// tick ([`Crowd::work_per_tick`]; a tenth of a plan's default budget
    /// unless set).
    pub fn set_navigation_work_per_tick(&mut self, work: u64) {
        self.navigation.crowd.work_per_tick = work;
    }

    /// The planning the navigation did in the last tick
    /// ([`Crowd::worked_last_tick`]).
    #[must_use]
    pub fn navigation_worked_last_tick(&self) -> u64 {
        self.navigation.crowd.worked_last_tick()
    }

    /// Plans the characters of `layer`'s size and settings over it
    /// ([`Crowd::set_layer`]).
    pub fn set_navigation_layer(&mut self, layer: CoarseLayer) {
        self.navigation.crowd.set_layer(layer);
    }

    /// The last tick the simulation refused, if any: the ticks after it go
    /// on (a refused move leaves its body where it was).
    #[must_use]
    pub fn failure(&self) -> Option<&SimulationError> {
        self.failure.as_ref()
    }
}

/// Something a character's body did in a fixed tick: landed, jumped, hit a
/// wall, was pushed, boarded a mover, … (voxwalk's [`Event`]).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct CharacterEvent {
    /// The character's entity.
    pub entity: Entity,
    /// The other entity, where the event names another body (pushed by a
    /// body) or a mover of a [`MovingBlocks`](crate::MovingBlocks) entity
    /// (boarded, alighted, caught, crushed): the entity for the event's
    /// handle.
    pub other: Option<Entity>,
    /// The simulation's tick it happened in.
    pub tick: u64,
    /// What happened.
    pub event: Event,
}

/// A character the plugin could not take as it is: the entity stays,
/// without a body ([`Refusal::Body`]) or with the settings it had
/// ([`Refusal::Settings`]).
#[derive(Message, Debug, PartialEq)]
pub struct CharacterRefused {
    /// The character's entity.
    pub entity: Entity,
    /// Why.
    pub refusal: Refusal,
}

/// Why a character was refused.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// Its box: a position or size that is not finite, a box too large.
    Body(BodyError),
    /// Its [`CharacterSettings`](crate::CharacterSettings): a setting out of range.
    Settings(SettingError),
}
