//! Inputs for crowds: each body keeps a heading for a while, then takes
//! another, sprints on some of them and jumps on a beat of its own.

#![allow(dead_code)] // each test binary uses part of it

use voxwalk::controller::Input;

use super::terrain::hash;

/// Body `key`'s input at `tick`: a heading (any of the eight, or none)
/// drawn anew every `hold` ticks, sprinting on about half of them, a jump
/// every `jump_every` ticks, each body on its own beat.
pub fn wandering_input(key: u64, tick: u64, hold: u64, jump_every: u64) -> Input {
    let h = hash(key * 1_000_003 + tick / hold);
    Input {
        east: h & 1 != 0,
        west: h & 1 == 0 && h & 2 != 0,
        south: h & 4 != 0,
        north: h & 4 == 0 && h & 8 != 0,
        jump: (tick + key).is_multiple_of(jump_every),
        sprint: h & 16 != 0,
        ..Input::IDLE
    }
}
