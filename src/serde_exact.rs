//! Saved state that reads back to the bit, whatever the reader's settings.
//!
//! A float written as a JSON number is read back by `serde_json`'s default
//! parser (without its `float_roundtrip` feature, which most builds do not
//! turn on) an ulp off about half the time, and a simulation restored from
//! it parts from the saved one on its first tick. So the floats of what a
//! simulation saves (bodies, balls, settings, movers) are written by
//! human-readable formats (JSON, TOML, RON) as strings of their shortest
//! exact decimal ("0.30000000000000004", "1e-7"), which Rust's own parser
//! reads exactly, and by binary formats as the floats they are. Reading
//! takes a number too (a file written by hand, or before this), as exactly
//! as the format's parser gives it.
//!
//! Each module here is a `#[serde(with = "…")]` for one field type; a game
//! saving `f64` fields of its own next to voxwalk's uses them the same way:
//!
//! ```
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Spawn {
//!     #[serde(with = "voxwalk::serde_exact::vec3")]
//!     feet: voxwalk::glam::DVec3,
//! }
//! let spawn = Spawn { feet: voxwalk::glam::DVec3::new(0.1 + 0.2, 64.0, -3.7) };
//! let text = serde_json::to_string(&spawn).unwrap();
//! let back: Spawn = serde_json::from_str(&text).unwrap();
//! assert_eq!(back.feet, spawn.feet); // to the bit
//! ```

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};

/// One `f64`.
pub mod float {
    use super::{Deserializer, Serializer};

    /// Writes the value exactly.
    ///
    /// # Errors
    /// The serializer's own.
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` hands a reference
    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        super::write_float(*value, serializer)
    }

    /// Reads the value as it was written.
    ///
    /// # Errors
    /// Anything but a number or a string of one (of three or two, for a
    /// vector).
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        super::read_float(deserializer)
    }
}

/// A `DVec3`, as an array of three.
pub mod vec3 {
    use glam::DVec3;

    use super::{Deserializer, Serializer};

    /// Writes the value exactly.
    ///
    /// # Errors
    /// The serializer's own.
    pub fn serialize<S: Serializer>(value: &DVec3, serializer: S) -> Result<S::Ok, S::Error> {
        super::write_floats(&value.to_array(), serializer)
    }

    /// Reads the value as it was written.
    ///
    /// # Errors
    /// Anything but a number or a string of one (of three or two, for a
    /// vector).
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DVec3, D::Error> {
        super::read_floats::<D, 3>(deserializer).map(DVec3::from_array)
    }
}

/// A `DVec2`, as an array of two.
pub mod vec2 {
    use glam::DVec2;

    use super::{Deserializer, Serializer};

    /// Writes the value exactly.
    ///
    /// # Errors
    /// The serializer's own.
    pub fn serialize<S: Serializer>(value: &DVec2, serializer: S) -> Result<S::Ok, S::Error> {
        super::write_floats(&value.to_array(), serializer)
    }

    /// Reads the value as it was written.
    ///
    /// # Errors
    /// Anything but a number or a string of one (of three or two, for a
    /// vector).
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DVec2, D::Error> {
        super::read_floats::<D, 2>(deserializer).map(DVec2::from_array)
    }
}

fn write_float<S: Serializer>(value: f64, serializer: S) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        // `{:?}` is the shortest decimal that parses back to the same bits.
        serializer.collect_str(&format_args!("{value:?}"))
    } else {
        serializer.serialize_f64(value)
    }
}

fn read_float<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    if deserializer.is_human_readable() {
        deserializer.deserialize_any(FloatVisitor)
    } else {
        deserializer.deserialize_f64(FloatVisitor)
    }
}

/// One float written as [`write_float`] writes it.
pub(crate) struct Exact(pub(crate) f64);

impl serde::Serialize for Exact {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_float(self.0, serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Exact {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Exact, D::Error> {
        read_float(deserializer).map(Exact)
    }
}

fn write_floats<S: Serializer>(values: &[f64], serializer: S) -> Result<S::Ok, S::Error> {
    let mut tuple = serializer.serialize_tuple(values.len())?;
    for &value in values {
        tuple.serialize_element(&Exact(value))?;
    }
    tuple.end()
}

fn read_floats<'de, D: Deserializer<'de>, const N: usize>(
    deserializer: D,
) -> Result<[f64; N], D::Error> {
    deserializer.deserialize_tuple(N, FloatsVisitor::<N>)
}

/// A float from a string of its decimal (read exactly) or from a number.
struct FloatVisitor;

impl Visitor<'_> for FloatVisitor {
    type Value = f64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number, or a string of one")
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        Ok(v)
    }

    #[allow(clippy::cast_precision_loss)] // whole numbers in a file, as a float
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        Ok(v as f64)
    }

    #[allow(clippy::cast_precision_loss)] // as above
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        Ok(v as f64)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<f64, E> {
        v.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

/// `N` floats, each as [`FloatVisitor`] reads one.
struct FloatsVisitor<const N: usize>;

impl<'de, const N: usize> Visitor<'de> for FloatsVisitor<N> {
    type Value = [f64; N];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of {N} numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[f64; N], A::Error> {
        let mut out = [0.0; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let Exact(value) = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, &self))?;
            *slot = value;
        }
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(N + 1, &self));
        }
        Ok(out)
    }
}
