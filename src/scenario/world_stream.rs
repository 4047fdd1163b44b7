//! A scenario whose world is a Minecraft save folder: its columns streamed
//! around the bodies before each tick, as `voxwalk run` streams them.

use std::path::PathBuf;

use crate::controller::{Simulation, SimulationError};
use crate::geometry::Aabb;
use crate::world::World;

/// Readies a scenario's world for each tick: nothing for a world read
/// whole, the columns around the bodies for a save folder.
#[derive(Debug)]
pub struct WorldStream {
    #[cfg(feature = "import")]
    streamer: Option<crate::streaming::Streamer<crate::formats::save_folder::SaveFolder>>,
}

impl WorldStream {
    /// The stream of a scenario whose world is `save_folder` (none for a
    /// world read whole).
    ///
    /// # Errors
    /// [`SimulationError::WorldNotReady`] for a folder that no longer opens.
    pub fn open(save_folder: Option<&PathBuf>) -> Result<WorldStream, SimulationError> {
        #[cfg(feature = "import")]
        {
            use crate::formats::save_folder::{Dimension, SaveFolder};
            use crate::streaming::{StreamSettings, Streamer};
            let streamer = save_folder
                .map(|path| {
                    SaveFolder::open(path, Dimension::Overworld)
                        .map(|folder| Streamer::new(folder, StreamSettings::default()))
                        .map_err(|e| SimulationError::WorldNotReady {
                            tick: 0,
                            problem: e.to_string(),
                        })
                })
                .transpose()?;
            Ok(WorldStream { streamer })
        }
        #[cfg(not(feature = "import"))]
        {
            match save_folder {
                None => Ok(WorldStream {}),
                Some(path) => Err(SimulationError::WorldNotReady {
                    tick: 0,
                    problem: format!(
                        "{} is a save folder, which this build reads only with the `import` feature",
                        path.display()
                    ),
                }),
            }
        }
    }

    /// Whether the block column (`column.x`, `column.y` as z) is in the
    /// world: every column of a world read whole, the loaded ones of a save.
    #[must_use]
    #[cfg_attr(not(feature = "import"), allow(clippy::unused_self))]
    pub(super) fn knows_column(&self, column: glam::IVec2) -> bool {
        #[cfg(feature = "import")]
        if let Some(streamer) = &self.streamer {
            let edge = glam::IVec2::splat(crate::world::CHUNK_EDGE);
            return streamer.is_loaded(column.div_euclid(edge));
        }
        let _ = column;
        true
    }

    /// Loads the columns bodies with `boxes` need into `world`, before a
    /// simulation is made of it.
    ///
    /// # Errors
    /// [`SimulationError::WorldNotReady`] when they exceed the budget.
    // Without the importers there is nothing to load: the same calls, no work.
    #[cfg_attr(
        not(feature = "import"),
        allow(clippy::unused_self, clippy::unnecessary_wraps)
    )]
    pub(super) fn ready_world(
        &mut self,
        world: &mut World,
        boxes: &[Aabb],
    ) -> Result<(), SimulationError> {
        #[cfg(feature = "import")]
        if let Some(streamer) = &mut self.streamer {
            let bodies: Vec<_> = boxes.iter().map(|b| (*b, 0.0)).collect();
            streamer
                .prepare(world, &bodies)
                .map_err(|e| SimulationError::WorldNotReady {
                    tick: 0,
                    problem: e.to_string(),
                })?;
        }
        #[cfg(not(feature = "import"))]
        let _ = (world, boxes);
        Ok(())
    }

    /// Loads what the simulation's bodies need for tick `tick`.
    ///
    /// # Errors
    /// [`SimulationError::WorldNotReady`] when it exceeds the budget.
    // Without the importers there is nothing to load: the same calls, no work.
    #[cfg_attr(
        not(feature = "import"),
        allow(clippy::unused_self, clippy::unnecessary_wraps)
    )]
    pub fn ready(&mut self, sim: &mut Simulation, tick: u64) -> Result<(), SimulationError> {
        #[cfg(feature = "import")]
        if let Some(streamer) = &mut self.streamer {
            streamer
                .ready(sim)
                .map_err(|e| SimulationError::WorldNotReady {
                    tick,
                    problem: e.to_string(),
                })?;
        }
        #[cfg(not(feature = "import"))]
        let _ = (sim, tick);
        Ok(())
    }
}
