//! Comma-separated numbers on the command line: `1.5,0,-2`.

use glam::DVec3;

use voxwalk::geometry::Aabb;

/// What is wrong with a list of numbers on the command line.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum NumbersError {
    /// Not as many numbers as the option takes.
    #[error("expected {expected} comma-separated numbers, found {text:?}")]
    Count {
        /// How many it takes.
        expected: usize,
        /// What was given.
        text: String,
    },
    /// A part that is not a number.
    #[error("{part:?} is not a number (in {text:?})")]
    NotANumber {
        /// The part.
        part: String,
        /// What was given.
        text: String,
    },
}

/// Parses `N` comma-separated numbers.
fn parse_numbers<const N: usize>(text: &str) -> Result<[f64; N], NumbersError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != N {
        return Err(NumbersError::Count {
            expected: N,
            text: text.to_owned(),
        });
    }
    let mut out = [0.0; N];
    for (slot, part) in out.iter_mut().zip(&parts) {
        *slot = part.parse().map_err(|_| NumbersError::NotANumber {
            part: (*part).to_owned(),
            text: text.to_owned(),
        })?;
    }
    Ok(out)
}

/// Parses `X,Y,Z`.
///
/// ```
/// use voxwalk::glam::DVec3;
/// assert_eq!(voxwalk_cli::cli::parse_vector("-3,0,0.5").unwrap(), DVec3::new(-3.0, 0.0, 0.5));
/// assert!(voxwalk_cli::cli::parse_vector("1,2").is_err());
/// ```
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_vector(text: &str) -> Result<DVec3, NumbersError> {
    parse_numbers::<3>(text).map(DVec3::from_array)
}

/// Parses `X0,Y0,Z0,X1,Y1,Z1` (minimum corner, then maximum corner).
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_box(text: &str) -> Result<Aabb, NumbersError> {
    parse_numbers::<6>(text).map(Aabb::from_array)
}
