//! What reading a world file gives: its blocks and the movers it declares,
//! kept together so that a simulation made from a file cannot leave its
//! movers behind without saying so.

use thiserror::Error;

use super::ReadBudget;
use crate::movers::Mover;
use crate::world::World;

/// A world file read: its blocks, the movers it declares (text worlds may;
/// other formats hold none), the format it was read from and what a reader
/// could not carry over.
///
/// The world and the movers leave together ([`Loaded::into_parts`], which a
/// simulation takes with
/// [`Simulation::with_movers`](crate::controller::Simulation::with_movers)),
/// or the world alone where there are no movers ([`Loaded::into_world`],
/// which refuses a file that declares some).
///
/// ```
/// use voxwalk::formats::{LoadOptions, load};
/// let loaded = load("worlds/lifts.vxw", LoadOptions::default()).unwrap();
/// assert!(!loaded.movers().is_empty());
/// assert!(loaded.clone().into_world().is_err()); // they would be lost
/// let (world, movers) = loaded.into_parts();
/// assert_eq!(movers.len(), 2);
/// # let _ = world;
/// ```
#[derive(Clone, Debug)]
pub struct Loaded {
    world: World,
    movers: Vec<Mover>,
    format: String,
    warnings: Vec<String>,
}

/// A world file's movers would be left behind: [`Loaded::into_world`] on a
/// file that declares movers.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error(
    "the world declares {count} movers, which its blocks alone leave behind; take both (`Loaded::into_parts`)"
)]
pub struct MoversLeftBehind {
    /// How many movers.
    pub count: usize,
}

impl Loaded {
    /// A world read from `format`, with its movers and the reader's
    /// warnings: made by the readers only, so a `Loaded` is always what a
    /// file held.
    #[must_use]
    pub(crate) fn new(
        world: World,
        movers: Vec<Mover>,
        format: String,
        warnings: Vec<String>,
    ) -> Self {
        Loaded {
            world,
            movers,
            format,
            warnings,
        }
    }

    /// The blocks.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The blocks, to change before a simulation takes them.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The movers the file declares, where they start.
    #[must_use]
    pub fn movers(&self) -> &[Mover] {
        &self.movers
    }

    /// The format it was read from, for people.
    #[must_use]
    pub fn format(&self) -> &str {
        &self.format
    }

    /// What a reader could not carry over, one line each.
    #[must_use]
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The blocks and the movers.
    #[must_use]
    pub fn into_parts(self) -> (World, Vec<Mover>) {
        (self.world, self.movers)
    }

    /// The blocks of a file that declares no movers.
    ///
    /// # Errors
    /// [`MoversLeftBehind`] when it declares some.
    pub fn into_world(self) -> Result<World, MoversLeftBehind> {
        if self.movers.is_empty() {
            Ok(self.world)
        } else {
            Err(MoversLeftBehind {
                count: self.movers.len(),
            })
        }
    }
}

/// How [`load`](super::load) and [`decode`](super::decode) read: the most
/// bytes they may hold, and who hears of a long read's progress.
///
/// ```
/// use voxwalk::formats::{LoadOptions, ReadBudget, load};
/// let mut reads = 0;
/// let mut progress = |_done: usize, _total: usize| reads += 1;
/// let options = LoadOptions::default()
///     .budget(ReadBudget::new(64 << 20))
///     .progress(&mut progress);
/// let loaded = load("worlds/seams.vxw", options).unwrap();
/// assert!(loaded.world().chunk_count() > 0);
/// ```
#[derive(Default)]
pub struct LoadOptions<'a> {
    pub(super) budget: ReadBudget,
    pub(super) progress: Option<&'a mut dyn FnMut(usize, usize)>,
}

impl<'a> LoadOptions<'a> {
    /// Holds at most `budget` bytes while reading (the file, what it
    /// inflates, the world); the default is [`ReadBudget::default`].
    #[must_use]
    pub fn budget(mut self, budget: ReadBudget) -> Self {
        self.budget = budget;
        self
    }

    /// Tells `progress` `(done, total)` while a large file (a region) is read.
    #[must_use]
    pub fn progress(mut self, progress: &'a mut dyn FnMut(usize, usize)) -> Self {
        self.progress = Some(progress);
        self
    }
}

impl std::fmt::Debug for LoadOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadOptions")
            .field("budget", &self.budget)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}
