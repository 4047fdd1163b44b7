//! The `voxwalk` command and its terminal viewer, over the `voxwalk`
//! library: the command's arguments and subcommands (`cli`) and the viewer
//! that `voxwalk play` opens (`viewer`). A game embeds the library, not this
//! crate; this one is public so its tests and benchmarks can drive the
//! viewer without a terminal.

pub mod cli;
pub mod viewer;
