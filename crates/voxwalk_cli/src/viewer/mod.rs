//! The terminal viewer behind `voxwalk play`: top-down and side slices of the
//! body walking through the world, live.
//!
//! State (`app`: [`App`]) is changed only by actions (`action`: keys to
//! [`Action`], a pure function) and ticks; drawing (`draw`) reads `&App` and
//! never changes it; `terminal` runs the live loop, `headless` the same without
//! a terminal. `wander` is the walking-by-itself of `--demo` and of added bodies;
//! `playback` plays a scenario, forwards and back, with its checks.

// Hidden from the crate's docs (not its interface): links here are for
// readers of the source, so rustdoc's check of them is left out.
#![allow(rustdoc::broken_intra_doc_links)]

mod action;
mod app;
mod block_glyphs;
mod camera;
mod draw;
mod feed;
mod headless;
mod held_keys;
mod playback;
mod terminal;
mod theme;
mod wander;
mod watchdog;

pub use action::{Action, Hold, KEY_HELP, ScreenDir, action_for};
pub use app::{App, AppError, PLAN_WORK_PER_FRAME, Stats};
pub use camera::{Camera, SliceAxis, ViewMode, ZOOMS};
pub use draw::{MIN_SIZE, draw};
pub use feed::Feed;
pub use headless::{Summary, run_headless};
pub use held_keys::{FIRST_HOLD, HeldKeys, REPEAT_HOLD};
pub use playback::{Outline, Playback, TickCheck};
pub use terminal::{TerminalSession, run_terminal};
pub use theme::Palette;
pub use wander::Wanderer;
