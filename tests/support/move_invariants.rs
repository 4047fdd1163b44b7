//! Every invariant a resolver move from a free start must keep, for the
//! property tests over built-in and user-defined blocks.

#![allow(dead_code)]

use glam::DVec3;
use voxwalk::resolver::Motion;
use voxwalk::world::BlockSource;

use super::motion_path::{hits_in_order, path};
use super::reference_resolver::{overlaps_solid, segment_blocked};

/// No end inside a solid, no straight piece of the path through one, nothing
/// truncated, at most three hits in time order, the box's size kept; the first
/// that does not hold, said in words.
pub fn check_move_invariants<W: BlockSource>(
    world: &W,
    m: &Motion,
    by: DVec3,
) -> Result<(), String> {
    if overlaps_solid(world, &m.end) {
        return Err(format!("ends inside a solid: {:?}", m.end));
    }
    for pair in path(m, by).windows(2) {
        let d = pair[1].min - pair[0].min;
        if segment_blocked(world, &pair[0], d) {
            return Err(format!(
                "segment {:?} -> {:?} passes through a solid",
                pair[0], pair[1]
            ));
        }
    }
    if m.truncated {
        return Err("truncated".into());
    }
    if m.hits.len() > 3 {
        return Err(format!("{} hits", m.hits.len()));
    }
    hits_in_order(m)?;
    let resized = (m.end.size() - m.start.size()).abs().max_element();
    if resized >= 1e-9 {
        return Err(format!("the box changed size by {resized}"));
    }
    Ok(())
}
