//! Comma-separated numbers on the command line: `1.5,0,-2`.

use glam::DVec3;

use crate::geometry::Aabb;

/// Parses `N` comma-separated numbers.
fn parse_numbers<const N: usize>(text: &str) -> Result<[f64; N], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != N {
        return Err(format!(
            "expected {N} comma-separated numbers, found {text:?}"
        ));
    }
    let mut out = [0.0; N];
    for (slot, part) in out.iter_mut().zip(&parts) {
        *slot = part
            .parse()
            .map_err(|_| format!("{part:?} is not a number (in {text:?})"))?;
    }
    Ok(out)
}

/// Parses `X,Y,Z`.
///
/// ```
/// use glam::DVec3;
/// assert_eq!(voxwalk::cli::parse_vector("-3,0,0.5").unwrap(), DVec3::new(-3.0, 0.0, 0.5));
/// assert!(voxwalk::cli::parse_vector("1,2").is_err());
/// ```
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_vector(text: &str) -> Result<DVec3, String> {
    parse_numbers::<3>(text).map(DVec3::from_array)
}

/// Parses `X0,Y0,Z0,X1,Y1,Z1` (minimum corner, then maximum corner).
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_box(text: &str) -> Result<Aabb, String> {
    parse_numbers::<6>(text).map(Aabb::from_array)
}
