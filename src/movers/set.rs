//! The movers of one world, named by handles.

use glam::DVec3;

use super::limits::MAX_MOVER_SLOTS;
use super::{ColumnGrid, Mover, MoverError, MoverHandle, WithMovers};
use crate::geometry::Aabb;
use crate::world::BlockSource;

/// The movers of a world. A [`Simulation`](crate::controller::Simulation)
/// keeps one; a game that keeps its own bodies keeps its own and hands it
/// to [`Controller`](crate::controller::Controller) beside its world.
///
/// Movers move in the order of their slots ([`MoverHandle::slot`]), so the
/// same movers added and removed in the same order move the same way.
///
/// ```
/// use voxwalk::glam::{DVec3, IVec3};
/// use voxwalk::movers::{Mover, Movers};
/// use voxwalk::block::{BlockId, BlockRegistry};
///
/// let mut movers = Movers::new();
/// let block = [(IVec3::ZERO, BlockId::STONE)];
/// let door = movers.add(Mover::new(BlockRegistry::built_in(), block, DVec3::new(4.0, 0.0, 0.0)).unwrap()).unwrap();
/// assert_eq!(movers.get(door).unwrap().position().x, 4.0);
/// assert!(movers.remove(door).is_some());
/// assert!(movers.get(door).is_none() && movers.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Movers {
    slots: Vec<Slot>,
    /// Slots free for reuse, most recently freed last.
    free: Vec<u32>,
    live: usize,
    /// The slots by the columns their bounds cross, as the last tick left
    /// them: a body finds the movers near it without looking at every
    /// one. Made again after the movers move; until then (a mover added
    /// or removed, a save read back) every mover is looked at.
    #[cfg_attr(feature = "serde", serde(skip))]
    index: MoverIndex,
}

/// How far a mover may move in a tick's mover phase before the index,
/// which lists its bounds grown by this, is out of date.
const DRIFT: f64 = 2.0;

/// The movers listed by the grid columns their bounds cross, grown by
/// [`DRIFT`], and where each slot's mover was when listed: derived data,
/// remade from the movers, so equal and printed alike whatever it holds.
#[derive(Clone, Default)]
struct MoverIndex {
    grid: ColumnGrid,
    listed_at: Vec<DVec3>,
}

impl MoverIndex {
    const fn new() -> MoverIndex {
        MoverIndex {
            grid: ColumnGrid::new(),
            listed_at: Vec::new(),
        }
    }

    /// Lists `mover` in `slot`, where it is now.
    fn list(&mut self, slot: usize, mover: &Mover) {
        #[allow(clippy::cast_possible_truncation)] // below MAX_MOVER_SLOTS
        self.grid
            .insert(slot as u32, &grown(&mover.bounds(), DRIFT));
        if self.listed_at.len() <= slot {
            self.listed_at.resize(slot + 1, DVec3::ZERO);
        }
        self.listed_at[slot] = mover.position();
    }

    /// Whether `mover`, in `slot`, is further than [`DRIFT`] from where it
    /// was listed (or was never listed).
    fn drifted(&self, slot: usize, mover: &Mover) -> bool {
        self.listed_at
            .get(slot)
            .is_none_or(|at| (mover.position() - *at).abs().max_element() > DRIFT)
    }
}

impl PartialEq for MoverIndex {
    fn eq(&self, _: &MoverIndex) -> bool {
        true
    }
}

impl std::fmt::Debug for MoverIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MoverIndex")
    }
}

/// `b` grown by `by` on every side.
fn grown(b: &Aabb, by: f64) -> Aabb {
    Aabb::new(b.min - DVec3::splat(by), b.max + DVec3::splat(by))
}

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Slot {
    generation: u32,
    /// Boxed so that an empty slot (one removal's leftover) costs a
    /// pointer, not a mover: a saved state of many empty slots holds no
    /// more in memory than it took to write.
    mover: Option<Box<Mover>>,
}

/// No movers: what a world without any moves with.
pub(crate) static NO_MOVERS: Movers = Movers::new();

impl Movers {
    /// No movers.
    #[must_use]
    pub const fn new() -> Movers {
        Movers {
            slots: Vec::new(),
            free: Vec::new(),
            live: 0,
            index: MoverIndex::new(),
        }
    }

    /// Adds a mover; returns its handle.
    ///
    /// # Errors
    /// [`MoverError::TooManyMovers`] when every one of the
    /// [`MAX_MOVER_SLOTS`] slots holds a mover; nothing changes then.
    pub fn add(&mut self, mover: Mover) -> Result<MoverHandle, MoverError> {
        if let Some(slot) = self.free.pop() {
            self.live += 1;
            self.list(slot as usize, &mover);
            let entry = &mut self.slots[slot as usize];
            entry.mover = Some(Box::new(mover));
            return Ok(MoverHandle::new(slot, entry.generation));
        }
        if self.slots.len() >= MAX_MOVER_SLOTS {
            return Err(MoverError::TooManyMovers {
                limit: MAX_MOVER_SLOTS,
            });
        }
        self.live += 1;
        // Below MAX_MOVER_SLOTS, so it fits a handle's u32.
        let slot = self.slots.len() as u32;
        self.list(slot as usize, &mover);
        self.slots.push(Slot {
            generation: 0,
            mover: Some(Box::new(mover)),
        });
        Ok(MoverHandle::new(slot, 0))
    }

    /// Removes a mover; `None` if the handle names none. Bodies riding it
    /// fall.
    pub fn remove(&mut self, handle: MoverHandle) -> Option<Mover> {
        let entry = self.slots.get_mut(handle.slot() as usize)?;
        if entry.generation != handle.generation() {
            return None;
        }
        // Its entries in the index stay until the index is made again: a
        // query finds the slot empty.
        let mover = *entry.mover.take()?;
        entry.generation = entry.generation.wrapping_add(1);
        self.free.push(handle.slot());
        self.live -= 1;
        Some(mover)
    }

    /// The mover a handle names.
    #[must_use]
    pub fn get(&self, handle: MoverHandle) -> Option<&Mover> {
        let entry = self.slots.get(handle.slot() as usize)?;
        (entry.generation == handle.generation())
            .then_some(entry.mover.as_deref())
            .flatten()
    }

    /// The mover a handle names, to change its drive or its rules. Its
    /// blocks and place change only by moving.
    pub fn get_mut(&mut self, handle: MoverHandle) -> Option<&mut Mover> {
        let entry = self.slots.get_mut(handle.slot() as usize)?;
        if entry.generation != handle.generation() {
            return None;
        }
        entry.mover.as_deref_mut()
    }

    /// How many movers there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether there are none.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Every mover with its handle, in the order they move.
    pub fn iter(&self) -> impl Iterator<Item = (MoverHandle, &Mover)> {
        self.slots.iter().enumerate().filter_map(|(slot, entry)| {
            let mover = entry.mover.as_deref()?;
            Some((MoverHandle::new(slot as u32, entry.generation), mover))
        })
    }

    /// `world` with these movers' boxes in it, where they are: what ray
    /// casts and box queries read to see movers
    /// ([`crate::resolver::cast_ray`] reports a mover's block in the cell
    /// holding its box's lowest corner; [`Movers::cast_ray`] says which
    /// mover).
    pub fn around<'a, W: BlockSource>(&'a self, world: &'a W) -> WithMovers<'a, W> {
        WithMovers::new(world, self)
    }

    /// The number of slots (live or free): slot numbers are below it.
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The mover in `slot`, if one is there.
    #[inline]
    pub(crate) fn in_slot(&self, slot: usize) -> Option<&Mover> {
        self.slots.get(slot).and_then(|s| s.mover.as_deref())
    }

    pub(crate) fn in_slot_mut(&mut self, slot: usize) -> Option<&mut Mover> {
        self.slots
            .get_mut(slot)
            .and_then(|s| s.mover.as_deref_mut())
    }

    /// The handle of the mover in `slot`.
    pub(crate) fn handle_of(&self, slot: usize) -> MoverHandle {
        MoverHandle::new(slot as u32, self.slots[slot].generation)
    }

    /// Writes into `out` the slots of the movers whose bounds come within
    /// `margin` of `region`.
    pub(crate) fn near(&self, region: &Aabb, margin: f64, out: &mut Vec<u32>) {
        out.clear();
        let wide = grown(region, margin);
        let touching = |slot: usize| {
            self.in_slot(slot)
                .is_some_and(|mover| touches(&mover.bounds(), &wide))
        };
        if self.index.grid.is_built() {
            self.index.grid.near(&wide, out);
            out.retain(|&slot| touching(slot as usize));
        } else {
            out.extend(
                (0..self.slots.len())
                    .filter(|&s| touching(s))
                    .map(|s| s as u32),
            );
        }
    }

    /// Lists every mover by the columns its bounds cross, grown by
    /// [`DRIFT`], where the movers are now: done after they move each tick.
    pub(crate) fn index_bounds(&mut self) {
        self.index.grid.clear();
        self.index.listed_at.clear();
        for (slot, entry) in self.slots.iter().enumerate() {
            match &entry.mover {
                Some(mover) => self.index.list(slot, mover),
                None => self.index.listed_at.push(DVec3::ZERO),
            }
        }
        self.index.grid.finish();
    }

    /// Lists a mover added in `slot` in the index, where it is now, so
    /// that adding one keeps the index of thousands in use.
    fn list(&mut self, slot: usize, mover: &Mover) {
        if self.index.grid.is_built() {
            self.index.list(slot, mover);
        }
    }

    /// The mover in `slot` has moved: past [`DRIFT`] from where it was
    /// listed, the index is out of date until the movers have all moved
    /// (and every mover is looked at meanwhile).
    pub(crate) fn moved(&mut self, slot: usize) {
        let drifted = self
            .in_slot(slot)
            .is_none_or(|mover| self.index.drifted(slot, mover));
        if drifted {
            self.index.grid.stale();
        }
    }

    /// Bytes the index of the movers' columns holds: remade after the
    /// movers move each tick, so a body looks only at the movers near it.
    ///
    /// ```
    /// use voxwalk::block::BlockId;
    /// use voxwalk::controller::{Settings, Simulation};
    /// use voxwalk::glam::{DVec3, IVec3};
    /// use voxwalk::movers::Mover;
    /// use voxwalk::world::World;
    ///
    /// let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
    /// for i in 0..10 {
    ///     let at = DVec3::new(f64::from(i) * 40.0, 0.0, 0.0);
    ///     let floor = Mover::new(sim.world().registry(), [(IVec3::ZERO, BlockId::STONE)], at).unwrap();
    ///     sim.add_mover(floor).unwrap();
    /// }
    /// sim.step(&[]).unwrap();
    /// assert!(sim.movers().index_bytes() > 0);
    /// ```
    #[must_use]
    pub fn index_bytes(&self) -> usize {
        self.index.grid.bytes()
    }

    /// Checks movers read back from a save against `registry`.
    pub(crate) fn validate(
        &self,
        registry: &crate::block::BlockRegistry,
    ) -> Result<(), (MoverHandle, super::MoverError)> {
        let live = self.slots.iter().filter(|s| s.mover.is_some()).count();
        for (handle, mover) in self.iter() {
            mover.validate(registry).map_err(|e| (handle, e))?;
        }
        let free_ok = self.free.iter().all(|&f| {
            self.slots
                .get(f as usize)
                .is_some_and(|s| s.mover.is_none())
        });
        let mut distinct = self.free.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let free_count = self.slots.len() - live;
        if live != self.live
            || !free_ok
            || distinct.len() != free_count
            || self.free.len() != free_count
        {
            let handle = MoverHandle::new(0, 0);
            return Err((
                handle,
                super::MoverError::Inconsistent { what: "slot table" },
            ));
        }
        Ok(())
    }
}

/// Whether two boxes overlap or touch.
#[inline]
pub(crate) fn touches(a: &Aabb, b: &Aabb) -> bool {
    a.min.cmple(b.max).all() && b.min.cmple(a.max).all()
}

#[cfg(test)]
mod tests {
    use super::Slot;

    /// An empty slot costs no more in memory than the shortest text a
    /// saved state writes it in (`{"generation":0,"mover":null}`, 29
    /// bytes), so a state of millions of them cannot make a reader hold
    /// many times its size.
    #[test]
    fn an_empty_slot_costs_less_than_its_text() {
        assert!(std::mem::size_of::<Slot>() <= r#"{"generation":0,"mover":null}"#.len());
    }
}
