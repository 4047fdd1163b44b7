//! Keeping a crowd's bodies in the order of where they are.
//!
//! A tick of a large crowd is mostly waiting for memory: each body reads its
//! record, its copy of the cells around it and, when the copy is renewed,
//! the world's chunks there. Bodies added in any order and walking apart
//! read those from all over memory. Kept sorted by the chunk column they
//! stand in, neighbours tick one after the other: the chunks one body reads
//! are still in the cache for the next, and the pushes between bodies,
//! made in the order of a grid over x and z, read records that lie together.
//!
//! Nothing a tick computes depends on the order of the bodies (each body's
//! tick reads the world and writes only that body; the pushes break ties by
//! handle slot), so the reorder changes no result, only where a body sits
//! in [`Simulation::bodies`].

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::Simulation;
use crate::controller::SyncIfParallel;
use crate::world::{BlockSource, chunk_of};

/// Ticks between two sorts: bodies walk about a block in this time, so the
/// order stays nearly sorted between them, and the sort (a few
/// milliseconds for 100,000 bodies) is paid once in a second and a half.
pub(super) const SORT_EVERY: u64 = 32;

/// Reorders between two layings of the cell copies anew: often enough that
/// bodies added over a game's minutes come to lie in memory by place within
/// half a minute, rarely enough that the laying (one allocation and copy
/// per body, on one thread: a third of a tick of 100,000 bodies) is not
/// paid at every reorder, where a crowd that walks keeps its copies near
/// their order anyway (a copy is refilled where it was).
pub(super) const RELAY_EVERY: u32 = 16;

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Sorts the bodies by the chunk column their feet are in (x, then z),
    /// ties by handle slot, moving every per-body list with them.
    pub(super) fn sort_by_place(&mut self) {
        let key = |(index, (body, handle)): (
            usize,
            (&crate::controller::Body, &crate::controller::BodyHandle),
        )| {
            // `as` saturates: a body far out sorts at an end.
            let chunk = chunk_of(body.aabb.min.floor().as_ivec3());
            (chunk.x, chunk.z, handle.slot(), index as u32)
        };
        // The keys are unique (a slot is one body's), so a parallel sort
        // gives the order a serial one does.
        let mut order: Vec<(i32, i32, u32, u32)> = match () {
            #[cfg(feature = "parallel")]
            () if self.parallel => self
                .bodies
                .par_iter()
                .zip(self.handles.par_iter())
                .enumerate()
                .map(key)
                .collect(),
            () => self
                .bodies
                .iter()
                .zip(&self.handles)
                .enumerate()
                .map(key)
                .collect(),
        };
        if order.windows(2).all(|w| w[0] <= w[1]) {
            return;
        }
        match () {
            #[cfg(feature = "parallel")]
            () if self.parallel => order.par_sort_unstable(),
            () => order.sort_unstable(),
        }
        let order: Vec<u32> = order.into_iter().map(|(.., index)| index).collect();
        let parallel = self.parallel;
        permute_copied(&mut self.bodies, &order, parallel);
        permute_copied(&mut self.handles, &order, parallel);
        permute_copied(&mut self.user_data, &order, parallel);
        permute(&mut self.own_settings, &order);
        // Now and then the copies are laid anew one after another, on one
        // thread, so that where their cells lie follows the order too.
        if self.reorders.is_multiple_of(RELAY_EVERY) {
            let copies = std::mem::take(&mut self.copies);
            self.copies = order
                .iter()
                .map(|&from| copies[from as usize].relaid())
                .collect();
        } else {
            permute(&mut self.copies, &order);
        }
        self.reorders = self.reorders.wrapping_add(1);
        for (dense, handle) in self.handles.iter().enumerate() {
            self.slots[handle.slot() as usize].dense = Some(dense as u32);
        }
    }
}

/// Puts `items[order[k]]` at `k`, copying, on all cores where `parallel`.
#[cfg_attr(not(feature = "parallel"), allow(unused_variables))]
fn permute_copied<T: Copy + Send + Sync>(items: &mut Vec<T>, order: &[u32], parallel: bool) {
    let from = |&k: &u32| items[k as usize];
    *items = match () {
        #[cfg(feature = "parallel")]
        () if parallel => order.par_iter().map(from).collect(),
        () => order.iter().map(from).collect(),
    };
}

/// Puts `items[order[k]]` at `k`; `order` is a permutation of the indices.
fn permute<T>(items: &mut Vec<T>, order: &[u32]) {
    let mut taken: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(order.iter().map(|&from| {
        taken[from as usize]
            .take()
            .expect("an order is a permutation: each index is taken once")
    }));
}
