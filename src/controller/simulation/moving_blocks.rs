//! The movers of a simulation: lifts, doors, moving floors and pistons,
//! added, changed and removed by handle.

use super::Simulation;
use crate::controller::{Settings, SimulationError, SyncIfParallel};
use crate::movers::{Mover, MoverError, MoverHandle, Movers};
use crate::world::BlockSource;

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// A simulation over `world` with `movers` added in their order: how a
    /// level read from a file starts, its blocks and the movers it declares
    /// ([`Loaded::into_parts`](crate::formats::Loaded::into_parts)).
    ///
    /// ```
    /// use voxwalk::controller::{Settings, Simulation};
    /// use voxwalk::formats::{LoadOptions, decode};
    ///
    /// let text = b"voxwalk-world 1\nmover L stone speed 2 to 0 0 0 to 0 5 0\nlayer 0\n|LL|\nend\n";
    /// let (world, movers) = decode(text, None, LoadOptions::default()).unwrap().into_parts();
    /// let mut sim = Simulation::with_movers(world, movers, Settings::default()).unwrap();
    /// for _ in 0..60 {
    ///     sim.step(&[]).unwrap();
    /// }
    /// let (_, lift) = sim.movers().iter().next().unwrap();
    /// assert_eq!(lift.position().y, 5.0);
    /// ```
    ///
    /// # Errors
    /// [`SimulationError::Settings`] for settings out of range,
    /// [`SimulationError::WorldMover`] for a mover whose blocks are not the
    /// world's.
    pub fn with_movers(
        world: W,
        movers: Vec<Mover>,
        settings: Settings,
    ) -> Result<Self, SimulationError> {
        let mut simulation = Simulation::new(world, settings)?;
        for (index, mover) in movers.into_iter().enumerate() {
            simulation
                .add_mover(mover)
                .map_err(|source| SimulationError::WorldMover { index, source })?;
        }
        Ok(simulation)
    }
}

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Adds a mover; it moves first in every tick from the next one on,
    /// after the movers already there.
    ///
    /// ```
    /// use voxwalk::controller::{Body, Settings, Simulation};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::movers::{Drive, Mover, Path, PathEnds};
    /// use voxwalk::block::BlockId;
    /// use voxwalk::world::World;
    ///
    /// let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
    /// // A 3 × 3 lift that rises 20 blocks at 4 blocks a second.
    /// let cells = (0..3).flat_map(|x| (0..3).map(move |z| (IVec3::new(x, 0, z), BlockId::STONE)));
    /// let up = Path::straight(&[DVec3::ZERO, DVec3::new(0.0, 20.0, 0.0)], 4.0, 0.0, PathEnds::Once).unwrap();
    /// let lift = Mover::new(sim.world().registry(), cells, DVec3::ZERO).unwrap();
    /// let lift = sim.add_mover(lift.with_drive(Drive::Path(up))).unwrap();
    /// let rider = sim.add_body(Body::new(DVec3::new(1.5, 1.0, 1.5), Body::DEFAULT_SIZE).unwrap());
    /// for _ in 0..120 {
    ///     sim.step(&[]).unwrap();
    /// }
    /// assert_eq!(sim.mover(lift).unwrap().position().y, 20.0);
    /// let body = sim.body(rider).unwrap();
    /// assert_eq!(body.riding, Some(lift));
    /// assert!((body.feet().y - 21.0).abs() < 1e-6);
    /// ```
    ///
    /// # Errors
    /// [`MoverError`] when the mover's blocks are not this world's (made
    /// with another registry, whose ids or shapes differ).
    pub fn add_mover(&mut self, mover: Mover) -> Result<MoverHandle, MoverError> {
        mover.validate(self.world.registry())?;
        self.movers.add(mover)
    }

    /// Removes a mover and returns it; bodies riding it fall.
    pub fn remove_mover(&mut self, handle: MoverHandle) -> Option<Mover> {
        self.movers.remove(handle)
    }

    /// The mover a handle names.
    #[must_use]
    pub fn mover(&self, handle: MoverHandle) -> Option<&Mover> {
        self.movers.get(handle)
    }

    /// The mover a handle names, to change its drive (a lift called to a
    /// floor, a door opened) or its rules.
    pub fn mover_mut(&mut self, handle: MoverHandle) -> Option<&mut Mover> {
        self.movers.get_mut(handle)
    }

    /// Every mover.
    #[must_use]
    pub fn movers(&self) -> &Movers {
        &self.movers
    }
}
