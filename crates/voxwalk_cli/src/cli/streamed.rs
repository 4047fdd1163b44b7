//! Worlds a command streams around its body: a Minecraft save folder, or a
//! generated world asked to (`--stream`).

use std::path::Path;

use clap::Args;
use glam::DVec3;
use voxwalk::formats::save_folder::{Dimension, SaveFolder};
use voxwalk::generate::Generator;
use voxwalk::printable::{LineBreaks, terminal_safe};
use voxwalk::streaming::{ChunkSource, StreamSettings, Streamer, StreamingWorld};

use super::CliError;

/// How a world folder, or a generated world given `--stream`, streams
/// around the body.
#[derive(Debug, Args)]
pub struct StreamArgs {
    /// Stream a generated world (`gen:…`) around the body rather than make
    /// a fixed piece of it: an endless world. World folders always stream.
    #[arg(long)]
    pub stream: bool,
    /// A save folder's dimension: overworld, nether or end.
    #[arg(long, value_name = "NAME", default_value = "overworld")]
    pub dimension: String,
    /// Chunks kept around the body.
    #[arg(long, value_name = "CHUNKS", default_value_t = 8)]
    pub view_distance: i32,
    /// The most mebibytes of block storage a streamed world holds.
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    pub budget_mib: usize,
    /// Print the streaming figures (columns loaded, waits, peak memory) to
    /// stderr at the end.
    #[arg(long)]
    pub stats: bool,
}

/// A streamed world opened, with where a body starts in it.
pub(super) enum Opened {
    /// A save folder's dimension.
    Folder(StreamingWorld<SaveFolder>, DVec3),
    /// A generated world without bounds.
    Generated(StreamingWorld<Generator>, DVec3),
}

/// Opens `spec` as a streamed world when it is one: a folder, or a `gen:`
/// name with `--stream`; `None` for a world read whole.
///
/// # Errors
/// [`CliError`] for a folder that is no save, a bad dimension or `gen:` name.
pub(super) fn open(spec: &str, args: &StreamArgs) -> Result<Option<Opened>, CliError> {
    let settings = settings(args);
    if Path::new(spec).is_dir() {
        let folder = open_folder(spec, args)?;
        let spawn = folder.spawn();
        return Ok(Some(Opened::Folder(
            StreamingWorld::new(folder, settings),
            spawn,
        )));
    }
    if args.stream {
        let generator = voxwalk::formats::generator_named(spec)
            .map_err(|e| CliError::Usage(e.to_string()))?
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--stream: {spec} is neither a world folder nor a gen: name"
                ))
            })?;
        let spawn = generator.spawn();
        return Ok(Some(Opened::Generated(
            StreamingWorld::new(generator, settings),
            spawn,
        )));
    }
    Ok(None)
}

/// A save folder's streamer for the viewer, and where the body starts.
///
/// # Errors
/// As [`open`].
pub(super) fn open_streamer(
    spec: &str,
    args: &StreamArgs,
) -> Result<(Streamer<SaveFolder>, DVec3), CliError> {
    let folder = open_folder(spec, args)?;
    let spawn = folder.spawn();
    Ok((Streamer::new(folder, settings(args)), spawn))
}

fn settings(args: &StreamArgs) -> StreamSettings {
    StreamSettings {
        view_distance: args.view_distance.clamp(1, 64),
        budget_bytes: args.budget_mib.saturating_mul(1 << 20),
        ..StreamSettings::default()
    }
}

/// Opens the dimension `--dimension` names of the save at `spec`, its
/// warnings printed.
fn open_folder(spec: &str, args: &StreamArgs) -> Result<SaveFolder, CliError> {
    let dimension = Dimension::from_name(&args.dimension).ok_or_else(|| {
        CliError::Usage(format!(
            "--dimension {}: expected overworld, nether or end",
            args.dimension
        ))
    })?;
    let folder =
        SaveFolder::open(Path::new(spec), dimension).map_err(|e| CliError::Usage(e.to_string()))?;
    for warning in folder.warnings.lines() {
        eprintln!(
            "voxwalk: warning: {}",
            terminal_safe(&format!("{spec}: {warning}"), LineBreaks::Keep)
        );
    }
    Ok(folder)
}

/// One line of a streamed world's figures, with the process's peak resident
/// memory where the system says it.
pub(super) fn describe_stats<S: ChunkSource>(world: &StreamingWorld<S>) -> String {
    let stats = world.stats();
    let resident =
        peak_resident_kib().map_or_else(String::new, |k| format!(", peak resident {k} KiB"));
    format!(
        "voxwalk: streamed: {} columns loaded, {} dropped, {} held; {} waits, longest {:.1} ms, \
         loading {:.1} ms in all; peak block storage {} bytes{resident}",
        stats.columns_loaded,
        stats.columns_dropped,
        world.loaded_columns(),
        stats.waits,
        stats.longest_wait.as_secs_f64() * 1e3,
        stats.loading.as_secs_f64() * 1e3,
        stats.peak_bytes,
    )
}

/// The process's peak resident set (`VmHWM`), on systems with `/proc`.
fn peak_resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
