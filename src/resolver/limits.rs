//! What the resolver moves at most, in one place: boxes, coordinates,
//! displacements and query extents beyond these are refused with a
//! [`MoveError`](super::MoveError) or [`QueryError`](super::QueryError)
//! before anything moves. The tolerances a move keeps (`CONTACT_GAP`, …)
//! are the resolver's own, beside it.

/// Largest radius or box edge a query takes: 256 blocks is 16 million cells
/// at most, a blast far beyond any game's.
pub const MAX_QUERY_EXTENT: f64 = 256.0;

/// Largest box edge, in blocks. Bigger boxes are not bodies; this bounds the
/// cells one segment of a sweep can touch.
pub const MAX_BOX_EDGE: f64 = 64.0;

/// Largest |coordinate| a box may have (cells are `i32`; this leaves room).
pub const MAX_COORDINATE: f64 = 1e9;

/// Largest |component| of one move's displacement: a million blocks, far past
/// any tick of any game, and a bound on the work one call can be asked to do.
pub const MAX_DISPLACEMENT: f64 = 1e6;

/// Sweep passes per move: three blocked axes and one last free pass.
///
/// Each hit zeroes the blocked axis of what is left, so with axis-aligned
/// normals a move has at most three hits and this cap is never reached. If it
/// ever were, the box keeps the last safe position it reached and the motion
/// says `truncated`.
pub const MAX_PASSES: usize = 4;

/// How far a box that starts inside solids may be pushed out, beyond its own
/// largest edge. A box buried deeper stays where it is and is reported stuck.
pub const MAX_PUSH_OUT_MARGIN: f64 = 2.0;
