//! What one move did: where the box ended, what it hit on the way.

use glam::{BVec3, DVec3, IVec3};

use crate::geometry::Aabb;

/// One contact that stopped the box on one axis.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Hit {
    /// The cell of the block that was hit.
    pub block: IVec3,
    /// The face normal of that block where it was hit (a unit axis vector,
    /// pointing back at the box).
    pub normal: DVec3,
    /// When along the whole move it happened, in `[0, 1]`.
    pub toi: f64,
    /// The box where it stopped on that axis, [`super::CONTACT_GAP`] short of the face.
    pub at: Aabb,
}

/// The hits of one move, in the order they happened. There are at most three: one
/// per axis, because a hit zeroes its axis of what is left of the move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hits {
    /// The first `len` are the hits; the others are left from earlier moves
    /// written into the same `Motion` (emptying the list only resets `len`,
    /// since a hot caller writes a move into one `Motion` every tick).
    items: [Hit; 3],
    len: usize,
}

impl PartialEq for Hits {
    /// The same hits in the same order; what lies past them does not count.
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Hits {
    /// The hits as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Hit] {
        &self.items[..self.len]
    }

    /// Number of hits.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the move hit nothing.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a hit; returns `false` (and keeps the list) when three are there already.
    pub(crate) fn push(&mut self, hit: Hit) -> bool {
        if self.len == self.items.len() {
            return false;
        }
        self.items[self.len] = hit;
        self.len += 1;
        true
    }
}

/// How a box that started inside solids was moved out before its move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Depenetration {
    /// The push applied (zero when `resolved` is false).
    pub offset: DVec3,
    /// `false` when no push within the limit freed the box: it stayed where it
    /// was and moved ignoring the blocks it was already inside.
    pub resolved: bool,
}

/// The outcome of one [`super::Resolver::move_box`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    /// The box before the move (before any push-out).
    pub start: Aabb,
    /// The box after the move.
    pub end: Aabb,
    /// What stopped the box, in order.
    pub hits: Hits,
    /// The axes on which the move was stopped.
    pub blocked: BVec3,
    /// Set when the box started inside solids.
    pub depenetration: Option<Depenetration>,
    /// Set when [`super::limits::MAX_PASSES`] ran out with motion left (never expected;
    /// the box keeps the last safe position).
    pub truncated: bool,
    /// Cells looked up to answer the move: grows with the path length, not with
    /// the volume the path spans.
    pub lookups: u64,
}

impl Motion {
    /// A motion of `aabb` that has not moved and hit nothing: a place for
    /// [`super::Resolver::move_box_into`] to write into.
    #[must_use]
    pub fn at_rest(aabb: Aabb) -> Motion {
        Motion {
            start: aabb,
            end: aabb,
            hits: Hits::default(),
            blocked: BVec3::FALSE,
            depenetration: None,
            truncated: false,
            lookups: 0,
        }
    }

    /// How far the box actually moved (including any push-out).
    #[inline]
    #[must_use]
    pub fn displacement(&self) -> DVec3 {
        self.end.min - self.start.min
    }
}
