//! The bodies of a simulation: added, removed and found by handle.

use glam::DVec3;

use super::{RESTING_PROBE, Simulation, Slot};
use crate::controller::body_view::BodyView;
use crate::controller::cell_copy::CellCopy;
use crate::controller::pose::room_to_stand_in;
use crate::controller::riding::mover_underfoot;
use crate::controller::{
    Body, BodyHandle, SettingError, Settings, SimulationError, SyncIfParallel,
};
use crate::resolver::Resolver;
use crate::world::BlockSource;

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Adds a body and returns its handle. A dynamic body added standing on
    /// something (within [`RESTING_PROBE`] of it) starts grounded, so it can
    /// walk and jump on its first tick, and with the momentum of a body that
    /// has stood there a while (one tick of gravity after its drag, pressing
    /// it onto the floor) unless it was given one; on a mover, it rides it.
    /// It ticks after the bodies already there.
    pub fn add_body(&mut self, mut body: Body) -> BodyHandle {
        if !body.is_static() {
            let probe = DVec3::new(0.0, -RESTING_PROBE, 0.0);
            let world = BodyView::of(&self.world, Some(&self.movers), &body);
            body.grounded = self
                .scratch
                .resolver
                .move_box(&world, body.aabb, probe)
                .is_ok_and(|m| m.blocked.y && m.depenetration.is_none());
            // Standing on a mover, it rides it from the first tick.
            body.riding = if body.grounded {
                mover_underfoot(&world, &body.aabb).map(|slot| self.movers.handle_of(slot))
            } else {
                None
            };
            if body.grounded && body.momentum.y == 0.0 {
                body.momentum.y = self.settings.resting_momentum();
            }
        }
        let dense = self.bodies.len() as u32;
        let handle = if let Some(slot) = self.free.pop() {
            let entry = &mut self.slots[slot as usize];
            entry.dense = Some(dense);
            BodyHandle::new(slot, entry.generation)
        } else {
            self.slots.push(Slot {
                generation: 0,
                dense: Some(dense),
            });
            BodyHandle::new(self.slots.len() as u32 - 1, 0)
        };
        self.bodies.push(body);
        self.handles.push(handle);
        self.own_settings.push(None);
        self.user_data.push(0);
        self.copies.push(CellCopy::default());
        if let Some(mover) = body.riding {
            self.boarded_when_added.push((handle, mover));
        }
        handle
    }

    /// Removes a body and returns it; `None` when the handle names no body
    /// (removed already). The last body takes its place in
    /// [`Simulation::bodies`]; every other handle still names its body.
    pub fn remove_body(&mut self, handle: BodyHandle) -> Option<Body> {
        let dense = self.dense_index(handle)?;
        let slot = &mut self.slots[handle.slot() as usize];
        slot.dense = None;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(handle.slot());
        let body = self.bodies.swap_remove(dense);
        self.handles.swap_remove(dense);
        self.own_settings.swap_remove(dense);
        self.user_data.swap_remove(dense);
        self.copies.swap_remove(dense);
        if let Some(&moved) = self.handles.get(dense) {
            self.slots[moved.slot() as usize].dense = Some(dense as u32);
        }
        Some(body)
    }

    /// Where `handle`'s body is in [`Simulation::bodies`], if it is alive.
    #[must_use]
    pub fn dense_index(&self, handle: BodyHandle) -> Option<usize> {
        let slot = self.slots.get(handle.slot() as usize)?;
        (slot.generation == handle.generation())
            .then_some(slot.dense)
            .flatten()
            .map(|d| d as usize)
    }

    /// The body `handle` names, if it is still there.
    #[must_use]
    pub fn body(&self, handle: BodyHandle) -> Option<&Body> {
        self.dense_index(handle).map(|i| &self.bodies[i])
    }

    /// The body `handle` names, to teleport, turn or stop it.
    pub fn body_mut(&mut self, handle: BodyHandle) -> Option<&mut Body> {
        self.dense_index(handle).map(|i| &mut self.bodies[i])
    }

    /// Gives one body settings of its own (a faster runner, a heavier robot),
    /// or back the simulation's with `None`. False when the handle names no
    /// body.
    ///
    /// # Errors
    /// The first setting out of range; nothing changes then.
    pub fn set_body_settings(
        &mut self,
        handle: BodyHandle,
        settings: Option<Settings>,
    ) -> Result<bool, SettingError> {
        if let Some(s) = &settings {
            s.validate()?;
        }
        let Some(i) = self.dense_index(handle) else {
            return Ok(false);
        };
        self.own_settings[i] = settings.map(Box::new);
        Ok(true)
    }

    /// Keeps a number with a body (the game's entity id, an index into its
    /// own tables); 0 until set. False when the handle names no body.
    ///
    /// ```
    /// use voxwalk::glam::DVec3;
    /// use voxwalk::controller::{Body, Settings, Simulation};
    /// use voxwalk::world::World;
    ///
    /// let mut sim = Simulation::new(World::new(), Settings::default()).unwrap();
    /// let h = sim.add_body(Body::new(DVec3::ZERO, Body::DEFAULT_SIZE).unwrap());
    /// assert!(sim.set_user_data(h, 4711));
    /// assert_eq!(sim.user_data(h), Some(4711));
    /// ```
    pub fn set_user_data(&mut self, handle: BodyHandle, data: u64) -> bool {
        let Some(i) = self.dense_index(handle) else {
            return false;
        };
        self.user_data[i] = data;
        true
    }

    /// The number kept with `handle`'s body.
    #[must_use]
    pub fn user_data(&self, handle: BodyHandle) -> Option<u64> {
        self.dense_index(handle).map(|i| self.user_data[i])
    }

    /// The settings `handle`'s body ticks with.
    #[must_use]
    pub fn body_settings(&self, handle: BodyHandle) -> Option<&Settings> {
        let i = self.dense_index(handle)?;
        Some(self.own_settings[i].as_deref().unwrap_or(&self.settings))
    }

    /// Whether `handle`'s body has room to stand up where it is
    /// ([`room_to_stand`](crate::controller::room_to_stand)), among the
    /// simulation's movers too.
    ///
    /// # Errors
    /// [`SimulationError::NoSuchBody`] when the handle names no body; a
    /// move error when the body is outside the resolver's range.
    pub fn room_to_stand(&self, handle: BodyHandle) -> Result<bool, SimulationError> {
        let index = self
            .dense_index(handle)
            .ok_or(SimulationError::NoSuchBody { handle })?;
        let body = &self.bodies[index];
        let view = BodyView::of(&self.world, Some(&self.movers), body);
        room_to_stand_in(&view, &mut Resolver::new(), body).map_err(|source| {
            SimulationError::Move {
                tick: self.tick,
                body: Some(handle),
                source,
            }
        })
    }
}
