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

use super::Simulation;
use crate::controller::SyncIfParallel;
use crate::controller::cell_copy::CellCopy;
use crate::world::{BlockSource, chunk_of};

/// Ticks between two sorts: bodies walk about a block in this time, so the
/// order stays nearly sorted between them, and the sort (a few
/// milliseconds for 100,000 bodies) is paid once in a second and a half.
pub(super) const SORT_EVERY: u64 = 32;

impl<W: BlockSource + SyncIfParallel> Simulation<W> {
    /// Sorts the bodies by the chunk column their feet are in (x, then z),
    /// ties by handle slot, moving every per-body list with them.
    pub(super) fn sort_by_place(&mut self) {
        let mut order: Vec<(i32, i32, u32, u32)> = self
            .bodies
            .iter()
            .zip(&self.handles)
            .enumerate()
            .map(|(index, (body, handle))| {
                // `as` saturates: a body far out sorts at an end.
                let chunk = chunk_of(body.aabb.min.floor().as_ivec3());
                (chunk.x, chunk.z, handle.slot(), index as u32)
            })
            .collect();
        if order.windows(2).all(|w| w[0] <= w[1]) {
            return;
        }
        order.sort_unstable();
        let order: Vec<u32> = order.into_iter().map(|(.., index)| index).collect();
        permute(&mut self.bodies, &order);
        permute(&mut self.handles, &order);
        permute(&mut self.own_settings, &order);
        permute(&mut self.user_data, &order);
        permute(&mut self.copies, &order);
        // Where the copies' cells lie follows the new order too.
        self.copies = self.copies.iter().map(CellCopy::relaid).collect();
        for (dense, handle) in self.handles.iter().enumerate() {
            self.slots[handle.slot() as usize].dense = Some(dense as u32);
        }
    }
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
