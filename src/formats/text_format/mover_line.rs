//! The `mover` directive of text worlds: a character whose cells, drawn in
//! the layers like any block's, are a mover's blocks rather than the world's.
//!
//! ```text
//! mover C BLOCK [at X Y Z] [speed S] [pause P] [to X Y Z]… [once | loop | ping-pong]
//!               [velocity X Y Z] [through-blocks] [crush stop | report]
//! mover C BLOCK joins D
//! ```
//!
//! The first form starts a mover drawn with `C` in `BLOCK`; the second adds
//! the cells drawn with `C`, in `BLOCK`, to the mover drawn with `D`, so one
//! mover may hold several block types. `at` is where the mover's origin
//! starts (default: the lowest corner of its drawn cells); its cells count
//! from the cell `at` lies in. Each `to` is a waypoint, an offset from `at`,
//! taking the `speed` (blocks per second, for the leg after it) and `pause`
//! (seconds) given before it on the line.

use glam::DVec3;

use crate::movers::{CrushRule, Drive, MoverError, Path, PathEnds, Waypoint};

/// A `mover` line read: its character, block name and what it adds.
pub(super) struct MoverLine<'l> {
    /// The character its cells are drawn with.
    pub symbol: char,
    /// The block type of those cells, and the column of its name.
    pub block: (&'l str, usize),
    /// A new mover, or more cells of one drawn with another character.
    pub part: MoverPart,
}

/// What a `mover` line adds.
pub(super) enum MoverPart {
    /// A mover of its own.
    Leads(MoverStart),
    /// Cells of the mover drawn with this character (and its column).
    Joins(char, usize),
}

/// How a mover read from a line starts and moves.
pub(super) struct MoverStart {
    /// Its origin, when given (else the lowest corner of its cells).
    pub at: Option<DVec3>,
    pub drive: Drive,
    pub through_blocks: bool,
    pub on_crush: CrushRule,
}

/// What is wrong with a `mover` line: the column, and what.
pub(super) type LineError = (usize, String);

/// Reads the words after `mover`, each with its 1-based column.
pub(super) fn parse_mover_line<'l>(words: &[(usize, &'l str)]) -> Result<MoverLine<'l>, LineError> {
    let (Some(&(symbol_column, symbol)), Some(&(block_column, block))) =
        (words.first(), words.get(1))
    else {
        let column = words.first().map_or(0, |w| w.0);
        return Err((column, "`mover` takes a character and a block name".into()));
    };
    let symbol = single_char(symbol, symbol_column)?;
    let rest = &words[2..];
    let part = match rest {
        [(_, "joins"), (c, other)] => MoverPart::Joins(single_char(other, *c)?, *c),
        [(c, "joins"), ..] => {
            return Err((*c, "`joins` takes one character and ends the line".into()));
        }
        _ => MoverPart::Leads(mover_start(rest)?),
    };
    Ok(MoverLine {
        symbol,
        block: (block, block_column),
        part,
    })
}

/// One printable character other than `|`, as a legend takes.
fn single_char(word: &str, column: usize) -> Result<char, LineError> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c != '|' && c.is_ascii_graphic() => Ok(c),
        _ => Err((
            column,
            format!("expected one printable character other than `|`, found {word:?}"),
        )),
    }
}

/// The start and drive words of a mover of its own.
fn mover_start(words: &[(usize, &str)]) -> Result<MoverStart, LineError> {
    let mut start = MoverStart {
        at: None,
        drive: Drive::Velocity(DVec3::ZERO),
        through_blocks: false,
        on_crush: CrushRule::Stop,
    };
    let (mut speed, mut pause) = (None, 0.0);
    let mut waypoints = Vec::new();
    let mut ends = PathEnds::Once;
    let mut velocity = None;
    let mut i = 0;
    while let Some(&(column, word)) = words.get(i) {
        let numbers = |count: usize| numbers_after(words, i, count);
        match word {
            "at" => start.at = Some(vector(&numbers(3)?)),
            "speed" => speed = Some(numbers(1)?[0]),
            "pause" => pause = numbers(1)?[0],
            "to" => {
                let speed =
                    speed.ok_or((column, "give a `speed` before the first `to`".to_string()))?;
                let offset = vector(&numbers(3)?);
                waypoints.push(Waypoint {
                    offset,
                    pause,
                    speed,
                });
            }
            "velocity" => velocity = Some((vector(&numbers(3)?), column)),
            "once" => ends = PathEnds::Once,
            "loop" => ends = PathEnds::Loop,
            "ping-pong" => ends = PathEnds::PingPong,
            "through-blocks" => start.through_blocks = true,
            "crush" => {
                start.on_crush = match words.get(i + 1) {
                    Some((_, "stop")) => CrushRule::Stop,
                    Some((_, "report")) => CrushRule::Report,
                    _ => return Err((column, "`crush` takes `stop` or `report`".into())),
                };
            }
            _ => {
                return Err((
                    column,
                    format!(
                        "unknown word {word:?} (expected at, speed, pause, to, once, loop, \
                         ping-pong, velocity, through-blocks, crush or joins)"
                    ),
                ));
            }
        }
        i += 1 + arguments_of(word);
    }
    start.drive = match (waypoints.is_empty(), velocity) {
        (true, None) => Drive::Velocity(DVec3::ZERO),
        (true, Some((v, _))) => Drive::Velocity(v),
        (false, Some((_, column))) => {
            return Err((
                column,
                "give `to` waypoints or a `velocity`, not both".into(),
            ));
        }
        (false, None) => {
            Drive::Path(Path::new(waypoints, ends).map_err(|e| path_error(words, &e))?)
        }
    };
    Ok(start)
}

/// How many words follow `word` as its arguments.
fn arguments_of(word: &str) -> usize {
    match word {
        "at" | "to" | "velocity" => 3,
        "speed" | "pause" | "crush" => 1,
        _ => 0,
    }
}

/// `count` finite numbers after the word at `i`.
fn numbers_after(words: &[(usize, &str)], i: usize, count: usize) -> Result<Vec<f64>, LineError> {
    let (column, word) = words[i];
    let args = words.get(i + 1..i + 1 + count).unwrap_or(&[]);
    if args.len() < count {
        let what = if count == 1 {
            "a number"
        } else {
            "three numbers"
        };
        return Err((column, format!("`{word}` takes {what}")));
    }
    args.iter()
        .map(|&(c, w)| match w.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err((
                c,
                format!("`{word}` takes finite numbers: {w:?} is not one"),
            )),
        })
        .collect()
}

fn vector(v: &[f64]) -> DVec3 {
    DVec3::new(v[0], v[1], v[2])
}

/// A path's error, at its first `to` (or the line's start).
fn path_error(words: &[(usize, &str)], error: &MoverError) -> LineError {
    let column = words
        .iter()
        .find(|(_, w)| *w == "to")
        .map_or(0, |&(c, _)| c);
    (column, error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<(usize, &str)> {
        let mut column = 1;
        let mut out = Vec::new();
        for part in line.split(' ') {
            if !part.is_empty() {
                out.push((column, part));
            }
            column += part.chars().count() + 1;
        }
        out
    }

    #[test]
    fn a_lift_reads_its_waypoints_with_the_speed_and_pause_before_them() {
        let line = parse_mover_line(&words(
            "L stone speed 4 pause 1 to 0 0 0 to 0 20 0 ping-pong",
        ))
        .ok()
        .unwrap();
        assert_eq!(line.symbol, 'L');
        assert_eq!(line.block.0, "stone");
        let MoverPart::Leads(start) = line.part else {
            panic!("a lift leads")
        };
        let Drive::Path(path) = start.drive else {
            panic!("a lift has a path")
        };
        assert_eq!(path.waypoints().len(), 2);
        assert_eq!(path.waypoints()[1].offset, DVec3::new(0.0, 20.0, 0.0));
        assert_eq!(path.waypoints()[1].pause, 1.0);
        assert_eq!(path.ends(), PathEnds::PingPong);
    }

    #[test]
    fn mistakes_name_their_column() {
        let cases = [
            ("L stone to 0 0 0", 9),
            ("L stone speed fast", 15),
            ("L stone velocity 1 0 NaN", 22),
            ("L stone speed 1 to 0 0 0 to 1 0 0 velocity 1 0 0", 35),
            ("L stone sideways", 9),
            ("| stone", 1),
            ("L stone joins", 9),
            ("L stone crush hard", 9),
            ("L", 1),
        ];
        for (line, column) in cases {
            let got = parse_mover_line(&words(line)).err().map(|e| e.0);
            assert_eq!(got, Some(column), "{line}");
        }
    }
}
