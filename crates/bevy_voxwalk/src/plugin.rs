//! The plugin: the resource, the messages and the systems in their schedules.

use std::sync::Mutex;

use bevy_app::{
    App, FixedFirst, FixedLast, FixedPostUpdate, FixedPreUpdate, FixedUpdate, Last, Plugin,
    PostUpdate,
};
use bevy_ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy_ecs::schedule::{IntoScheduleConfigs, SystemSet};
use bevy_transform::TransformSystems;
use voxwalk::controller::{SettingError, Settings, Simulation};
use voxwalk::world::{BlockSource, World};

use crate::clock::VoxwalkClock;
use crate::drawing::{face_headings, interpolate_transforms};
use crate::movers::{MoverRefused, draw_movers, sync_movers};
use crate::navigation::{NavigationEvent, send_destinations};
use crate::resource::{CharacterEvent, CharacterRefused, Voxwalk};
use crate::systems::{
    RemovedCharacters, add_bodies, follow_game_writes, note_presses, note_removed_characters,
    remove_bodies, tick, update_settings,
};

/// Adds voxwalk to an app: the world as the [`Voxwalk`] resource, the
/// systems that add and remove bodies and tick them
/// ([`VoxwalkSystems::Tick`], in `FixedUpdate`), and the one that
/// interpolates `Transform`s ([`VoxwalkSystems::Interpolate`], in
/// `PostUpdate` before transforms propagate).
///
/// The characters keep a clock of their own: the app's fixed timestep is the
/// game's (bevy's 64 Hz, or what the game sets, before or after the plugin)
/// and is never changed; each `FixedUpdate` adds its step to the clock, and
/// the characters tick whenever it holds a whole tick of the settings'
/// rate ([`Settings::tick_rate`], 20 a second by default). A game whose
/// fixed timestep is the settings' tick gets one voxwalk tick a fixed step.
///
/// The world may be voxwalk's [`World`] or any [`BlockSource`] of the
/// game's own that can be shared between threads.
pub struct VoxwalkPlugin<W: BlockSource + Send + Sync + 'static = World> {
    /// Taken by `build`: a plugin is added once.
    world: Mutex<Option<W>>,
    settings: Settings,
    parallel: bool,
    /// Where [`VoxwalkSystems::Tick`] runs.
    schedule: InternedScheduleLabel,
}

impl<W: BlockSource + Send + Sync + 'static> VoxwalkPlugin<W> {
    /// The plugin for `world`, bodies ticking with `settings`.
    ///
    /// # Errors
    /// The first setting out of range.
    pub fn new(world: W, settings: Settings) -> Result<Self, SettingError> {
        settings.validate()?;
        Ok(VoxwalkPlugin {
            world: Mutex::new(Some(world)),
            settings,
            parallel: false,
            schedule: FixedUpdate.intern(),
        })
    }

    /// Runs [`VoxwalkSystems::Tick`] in `schedule` in place of
    /// `FixedUpdate`. Each run adds its `Time` delta to the characters'
    /// clock. In a schedule of bevy's fixed loop (`FixedPreUpdate`,
    /// `FixedUpdate`, `FixedPostUpdate`) drawing lags a tick and a fixed
    /// step, as by default; in one that runs once a frame (`PreUpdate`,
    /// `Update`), ticks are decided where the frames are, and drawing lags
    /// one tick alone: a tick never waits for a fixed step there.
    #[must_use]
    pub fn ticking_in(mut self, schedule: impl ScheduleLabel) -> Self {
        self.schedule = schedule.intern();
        self
    }

    /// Ticks the characters on rayon's threads as well: the same results
    /// bit for bit, sooner for large crowds.
    #[must_use]
    pub fn parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }
}

/// The plugin's systems, to order a game's own around them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoxwalkSystems {
    /// In `FixedUpdate` (or the schedule [`VoxwalkPlugin::ticking_in`]
    /// names): bodies added and removed, then the ticks owed. Run the
    /// systems that set [`CharacterInput`](crate::CharacterInput) before it.
    Tick,
    /// In `PostUpdate`: `Transform`s a tick and a fixed step behind the
    /// characters' clock, between the ticks that bracket that time.
    Interpolate,
}

impl<W: BlockSource + Send + Sync + 'static> Plugin for VoxwalkPlugin<W> {
    /// Checks, once every plugin is built, what the characters need of the
    /// app: a clock. Without bevy's `TimePlugin` (in `MinimalPlugins` and
    /// `DefaultPlugins`) `FixedUpdate` never runs and no character would
    /// ever move, without a word.
    fn finish(&self, app: &mut App) {
        assert!(
            app.world()
                .contains_resource::<bevy_time::Time<bevy_time::Fixed>>(),
            "VoxwalkPlugin needs bevy's TimePlugin (MinimalPlugins or DefaultPlugins add it): \
             the characters tick in FixedUpdate, which runs only with a clock"
        );
    }

    fn build(&self, app: &mut App) {
        // bevy refuses a second plugin of one type; one over another world
        // type is another type to it, and would tick every character too.
        assert!(
            !app.world().contains_resource::<VoxwalkClock>(),
            "a VoxwalkPlugin is already in this app: one voxwalk world an app \
             (a second would take every Character as its own too)"
        );
        let world = self
            .world
            .lock()
            .ok()
            .and_then(|mut w| w.take())
            .expect("VoxwalkPlugin is added to one app, once");
        let mut simulation = Simulation::new(world, self.settings.clone())
            .expect("the settings were validated by VoxwalkPlugin::new");
        simulation.set_parallel(self.parallel);
        #[cfg(feature = "reflect")]
        app.register_type::<crate::Character>()
            .register_type::<crate::CharacterInput>()
            .register_type::<crate::CharacterSettings>()
            .register_type::<crate::CollisionLayers>()
            .register_type::<crate::JumpBuffer>()
            .register_type::<crate::WorldMotion>()
            .register_type::<crate::CharacterBody>()
            .register_type::<crate::CharacterState>();
        let fixed_loop = [
            FixedFirst.intern(),
            FixedPreUpdate.intern(),
            FixedUpdate.intern(),
            FixedPostUpdate.intern(),
            FixedLast.intern(),
        ];
        app.insert_resource(Voxwalk::new(simulation))
            .insert_resource(VoxwalkClock::fed_by_frames(
                !fixed_loop.contains(&self.schedule),
            ))
            .add_message::<CharacterEvent>()
            .add_message::<CharacterRefused>()
            .add_message::<NavigationEvent>()
            .add_message::<MoverRefused>()
            .init_resource::<RemovedCharacters>()
            .add_systems(Last, (note_removed_characters, note_presses))
            .add_systems(
                self.schedule,
                (
                    add_bodies::<W>,
                    remove_bodies::<W>,
                    update_settings::<W>,
                    follow_game_writes::<W>,
                    sync_movers::<W>,
                    send_destinations::<W>,
                    tick::<W>,
                )
                    .chain()
                    .in_set(VoxwalkSystems::Tick),
            )
            .add_systems(
                PostUpdate,
                (
                    interpolate_transforms::<W>,
                    face_headings::<W>,
                    draw_movers::<W>,
                )
                    .in_set(VoxwalkSystems::Interpolate)
                    .before(TransformSystems::Propagate),
            );
    }
}
