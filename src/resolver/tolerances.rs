//! Every epsilon and limit of the resolver, each with the reason for its value.

/// How far short of a face a blocked box is placed.
///
/// Resting boxes sit exactly this far from the surface that stopped them, so
/// the next move starts from a known, repeatable place and a box sliding along
/// a floor is strictly above it (it cannot catch the seam between two floor
/// blocks). 1e-7 is far above the rounding of coordinates in the resolver's
/// local frame (about 1e-12 for a 10,000-block move) and far below anything
/// a player can see.
pub const CONTACT_GAP: f64 = 1e-7;

/// How deep two boxes may interpenetrate and still count as touching.
///
/// "Touching is not colliding": without this, rounding puts a box sliding
/// along a wall a hair inside the next wall block and it snags on the seam.
/// It must stay well below [`CONTACT_GAP`], so a resting box never counts as
/// touching something it is not resting on, and above the local-frame rounding.
pub const TOUCH_TOLERANCE: f64 = 1e-9;

/// Longest stretch of a long path whose cells are gathered at once.
///
/// Moves longer than the longest gathered whole (24 blocks on some axis)
/// are walked in segments of at most this length on every axis, so the
/// cells looked at grow with the path, not with the volume of its bounding
/// box, and a move stops gathering at its first hit.
pub const SEGMENT_LENGTH: f64 = 4.0;

/// Longest move (on every axis) whose whole path is gathered at once, the
/// box spanning its start and end, and swept from that one list by every
/// pass: up to here one gathering costs less than walking segments again
/// after each hit.
pub(crate) const WHOLE_PATH_LENGTH: f64 = 24.0;

/// How far past [`MAX_BOX_EDGE`](super::limits::MAX_BOX_EDGE) an edge may measure and still be taken as
/// that edge: the rounding moves themselves cause. A body made 64 wide
/// measures 64.000000000000014 after moves far from the origin, and must not
/// be stopped for it.
pub const EDGE_ROUNDING: f64 = 1e-6;
