//! What grows the viewer's world as bodies walk: nothing (a world read
//! whole), a generator (chunks made around each body), or a streamer (a
//! Minecraft save's columns loaded around each body and dropped when far).

use glam::{DVec3, IVec2, IVec3};

use voxwalk::controller::{Body, Simulation};
use voxwalk::formats::save_folder::SaveFolder;
use voxwalk::generate::Generator;
use voxwalk::streaming::StreamError;
use voxwalk::streaming::Streamer;

/// Chunks generated around each body before a tick, when the world is generated.
const GENERATE_RADIUS: IVec3 = IVec3::new(3, 2, 3);

/// How the viewer's world grows.
#[derive(Debug)]
pub enum Feed {
    /// A world read whole.
    Fixed,
    /// A generated world, made around each body as it walks.
    Generated(Generator),
    /// A Minecraft save streamed around the bodies.
    Folder(Box<Streamer<SaveFolder>>),
}

impl Feed {
    /// Readies the world for the next tick around every body.
    ///
    /// # Errors
    /// [`StreamError`] when the bodies need more than the budget.
    pub fn ready(&mut self, sim: &mut Simulation) -> Result<(), StreamError> {
        match self {
            Feed::Fixed => Ok(()),
            Feed::Generated(g) => {
                let centres: Vec<DVec3> = sim.bodies().iter().map(Body::feet).collect();
                for c in centres {
                    g.fill_around(sim.world_mut(), c, GENERATE_RADIUS);
                }
                Ok(())
            }
            Feed::Folder(streamer) => streamer.ready(sim).map(|_| ()),
        }
    }

    /// Readies a world around one place, before any body is in it.
    pub(super) fn ready_around(&mut self, world: &mut voxwalk::world::World, feet: DVec3) {
        match self {
            Feed::Fixed => {}
            Feed::Generated(g) => {
                g.fill_around(world, feet, GENERATE_RADIUS);
            }
            Feed::Folder(streamer) => {
                let probe = voxwalk::geometry::Aabb::new(feet, feet + DVec3::ONE);
                // A start that does not fit the budget shows as air; the
                // first tick says why.
                let _ = streamer.prepare(world, &[(probe, 0.0)]);
            }
        }
    }

    /// Whether the block column (`column.x`, `column.y` as z) is in
    /// `world` yet, at the height of `feet`: a plan steps only where it is
    /// (`Planner::plan_within`). A world read whole holds every column.
    #[must_use]
    pub fn knows_column(&self, world: &voxwalk::world::World, feet: DVec3, column: IVec2) -> bool {
        let edge = voxwalk::world::CHUNK_EDGE;
        match self {
            Feed::Fixed => true,
            Feed::Generated(_) => {
                let y = (feet.y.floor() as i32).div_euclid(edge);
                world.has_chunk(IVec3::new(
                    column.x.div_euclid(edge),
                    y,
                    column.y.div_euclid(edge),
                ))
            }
            Feed::Folder(streamer) => streamer.is_loaded(column.div_euclid(IVec2::splat(edge))),
        }
    }

    /// The streaming figures for the status line: columns held, block
    /// storage against the budget, columns loaded so far.
    #[must_use]
    pub fn status(&self) -> Option<String> {
        match self {
            Feed::Fixed | Feed::Generated(_) => None,
            Feed::Folder(streamer) => {
                let stats = streamer.stats();
                let budget = streamer.settings().budget_bytes;
                Some(format!(
                    "chunks {} loaded · {:.1}/{:.0} MiB · {} read, longest wait {:.0} ms",
                    streamer.loaded_columns(),
                    stats.peak_bytes as f64 / f64::from(1 << 20),
                    budget as f64 / f64::from(1 << 20),
                    stats.columns_loaded,
                    stats.longest_wait.as_secs_f64() * 1e3,
                ))
            }
        }
    }
}
