//! `voxwalk sweep`: the resolver from the command line, one move or a batch.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

use clap::Args;
use glam::DVec3;
use serde::Serialize;

use super::{CliError, parse_box, parse_vector};
use voxwalk::geometry::Aabb;
use voxwalk::resolver::{Motion, Resolver};
use voxwalk::world::World;

/// Arguments of `voxwalk sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The world: a file of any readable format, or `gen:PRESET:SEED`.
    pub world: String,
    /// The box to move: `X0,Y0,Z0,X1,Y1,Z1`.
    #[arg(long = "box", value_name = "X0,Y0,Z0,X1,Y1,Z1", allow_hyphen_values = true, value_parser = parse_box)]
    pub aabb: Option<Aabb>,
    /// The displacement: `DX,DY,DZ`.
    #[arg(long, value_name = "DX,DY,DZ", allow_hyphen_values = true, value_parser = parse_vector)]
    pub by: Option<DVec3>,
    /// Read moves from FILE (`-` for stdin), one `X0,Y0,Z0,X1,Y1,Z1 DX,DY,DZ` a line;
    /// blank lines and lines starting with `#` are skipped.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["aabb", "by"])]
    pub batch: Option<PathBuf>,
}

/// One move's outcome as printed.
#[derive(Debug, Serialize)]
struct Report {
    start: [f64; 6],
    end: [f64; 6],
    hits: Vec<HitReport>,
    depenetrated: bool,
    lookups: u64,
}

#[derive(Debug, Serialize)]
struct HitReport {
    block: [i32; 3],
    normal: [f64; 3],
    toi: f64,
    at: [f64; 6],
}

impl From<&Motion> for Report {
    fn from(m: &Motion) -> Self {
        Self {
            start: m.start.to_array(),
            end: m.end.to_array(),
            hits: m
                .hits
                .as_slice()
                .iter()
                .map(|h| HitReport {
                    block: h.block.to_array(),
                    normal: h.normal.to_array(),
                    toi: h.toi,
                    at: h.at.to_array(),
                })
                .collect(),
            depenetrated: m.depenetration.is_some(),
            lookups: m.lookups,
        }
    }
}

pub(super) fn run(
    args: &SweepArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    // A sweep moves one box through blocks; movers would not be in its way.
    let world = super::open_world(&args.world, budget)?
        .into_world()
        .map_err(|e| CliError::Usage(format!("{}: {e}", args.world)))?;
    let mut resolver = Resolver::new();
    let write_err = |source| CliError::Io {
        place: "stdout".into(),
        source,
    };
    match (&args.batch, args.aabb, args.by) {
        (Some(batch), None, None) => run_batch(&world, &mut resolver, batch, out),
        (None, Some(aabb), Some(by)) => {
            let motion = resolver
                .move_box(&world, aabb, by)
                .map_err(|source| CliError::Move {
                    place: "--box/--by".into(),
                    source,
                })?;
            print_report(out, &motion).map_err(write_err)
        }
        _ => Err(CliError::Usage(
            "give either --box and --by, or --batch FILE".to_string(),
        )),
    }
}

/// The longest line a batch file may have: a move is two short lists of
/// numbers.
pub const MAX_BATCH_LINE_BYTES: usize = 4096;

fn run_batch(
    world: &World,
    resolver: &mut Resolver,
    batch: &PathBuf,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let name = if batch.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        batch.display().to_string()
    };
    let reader: Box<dyn BufRead> = if batch.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(batch).map_err(|source| CliError::Io {
            place: name.clone(),
            source,
        })?;
        Box::new(std::io::BufReader::new(file))
    };
    let mut out = std::io::BufWriter::new(out);
    let mut reader = reader;
    let mut bytes = Vec::new();
    for index in 0.. {
        let place = format!("{name} line {}", index + 1);
        bytes.clear();
        // Read at most one byte past the limit: a file of one endless line
        // (`/dev/zero`) is refused instead of filling memory.
        let read = Read::take(&mut reader, MAX_BATCH_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|source| CliError::Io {
                place: place.clone(),
                source,
            })?;
        if read == 0 {
            break;
        }
        if bytes.len() > MAX_BATCH_LINE_BYTES && !bytes.ends_with(b"\n") {
            return Err(CliError::BadLine {
                place,
                message: format!("longer than {MAX_BATCH_LINE_BYTES} bytes"),
            });
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            return Err(CliError::BadLine {
                place,
                message: "not UTF-8 text".into(),
            });
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (aabb, by) = parse_move(line).map_err(|problem| CliError::BadLine {
            place: place.clone(),
            message: problem.to_string(),
        })?;
        let motion = resolver
            .move_box(world, aabb, by)
            .map_err(|source| CliError::Move { place, source })?;
        print_report(&mut out, &motion).map_err(|source| CliError::Io {
            place: "stdout".into(),
            source,
        })?;
    }
    out.flush().map_err(|source| CliError::Io {
        place: "stdout".into(),
        source,
    })
}

/// What is wrong with a line of a batch of moves.
#[derive(Debug, thiserror::Error)]
enum MoveLineError {
    /// Not a box and a displacement.
    #[error("expected `X0,Y0,Z0,X1,Y1,Z1 DX,DY,DZ`, found {line:?}")]
    Fields {
        /// The line.
        line: String,
    },
    /// A box or displacement that does not read.
    #[error(transparent)]
    Numbers(#[from] super::numbers::NumbersError),
}

/// `X0,Y0,Z0,X1,Y1,Z1 DX,DY,DZ`.
fn parse_move(line: &str) -> Result<(Aabb, DVec3), MoveLineError> {
    let mut fields = line.split_whitespace();
    let (Some(aabb), Some(by), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(MoveLineError::Fields {
            line: line.to_owned(),
        });
    };
    Ok((parse_box(aabb)?, parse_vector(by)?))
}

fn print_report(out: &mut dyn Write, motion: &Motion) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, &Report::from(motion))?;
    writeln!(out)
}
