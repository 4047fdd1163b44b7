//! `voxwalk gen`: generate a world and save it.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use glam::IVec3;

use super::{CliError, parse_vector};
use voxwalk::formats;
use voxwalk::generate::{Generator, Preset};
use voxwalk::printable::{LineBreaks, terminal_safe};

/// The largest world `gen` makes, per axis, in cells.
pub const MAX_GEN_SIZE: i32 = 16_384;

/// Arguments of `voxwalk gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// flat, hills, caves, mountains or course.
    pub preset: Preset,
    /// The seed: the same preset and seed give the same world everywhere.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Cells on each axis, from the origin.
    #[arg(long, value_name = "X,Y,Z", default_value = "256,96,256", value_parser = parse_vector)]
    pub size: glam::DVec3,
    /// The file to write: `.vxb` (binary) or `.vxw` (text).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
}

pub(super) fn run(args: &GenArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let size = args.size;
    let whole = size.round() == size && size.cmpge(glam::DVec3::ONE).all();
    if !whole || size.max_element() > f64::from(MAX_GEN_SIZE) {
        return Err(CliError::Usage(format!(
            "--size {},{},{}: whole numbers from 1 to {MAX_GEN_SIZE}",
            size.x, size.y, size.z
        )));
    }
    let size = size.as_ivec3();
    // A world `gen` writes must be one `info`, `play` and `check` can read:
    // refused before any cell is made if even the chunks the size spans
    // could not be read back (a 16384 × 16384 request ran out of memory).
    let spanned = [size.x, size.y, size.z]
        .iter()
        .map(|&n| u64::from(n.unsigned_abs().div_ceil(16)))
        .product::<u64>();
    if spanned > formats::limits::MAX_FILE_CHUNKS as u64 {
        return Err(CliError::Usage(format!(
            "--size {},{},{}: spans {spanned} chunks; a world read from a file holds at most {} \
             (formats::limits::MAX_FILE_CHUNKS)",
            size.x,
            size.y,
            size.z,
            formats::limits::MAX_FILE_CHUNKS
        )));
    }
    let started = std::time::Instant::now();
    let world = Generator::new(args.preset, args.seed).sized(IVec3::new(size.x, size.y, size.z));
    if world.chunk_count() > formats::limits::MAX_FILE_CHUNKS {
        return Err(CliError::Usage(format!(
            "--size {},{},{}: the world has {} chunks; a world read from a file holds at most {} \
             (formats::limits::MAX_FILE_CHUNKS), so it is not written",
            size.x,
            size.y,
            size.z,
            world.chunk_count(),
            formats::limits::MAX_FILE_CHUNKS
        )));
    }
    voxwalk::formats::save(&world, &[], &args.output)?;
    writeln!(
        out,
        "{}: {} seed {}, {}×{}×{} cells, {} chunks, {:.0} ms",
        terminal_safe(&args.output.display().to_string(), LineBreaks::Escape),
        args.preset,
        args.seed,
        size.x,
        size.y,
        size.z,
        world.chunk_count(),
        started.elapsed().as_secs_f64() * 1000.0
    )
    .map_err(|source| CliError::Io {
        place: "stdout".into(),
        source,
    })
}
