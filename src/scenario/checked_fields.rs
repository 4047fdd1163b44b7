//! Readers for the fields of checks that refuse what could never fail: NaN
//! numbers (every comparison with NaN is false, so a bound of NaN passes
//! anything) and event names no event has (a misspelt `no_event_by` holds
//! forever). Refused while the TOML is read, so the error has its line and
//! column.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use crate::controller::Event;

/// Numbers that must all be finite.
pub(super) trait FiniteNumbers {
    fn all_finite(&self) -> bool;
}

impl FiniteNumbers for f64 {
    fn all_finite(&self) -> bool {
        self.is_finite()
    }
}

impl<const N: usize> FiniteNumbers for [f64; N] {
    fn all_finite(&self) -> bool {
        self.iter().all(|x| x.is_finite())
    }
}

/// An optional number or array of numbers, each finite.
pub(super) fn finite<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + FiniteNumbers,
{
    let value = T::deserialize(deserializer)?;
    if value.all_finite() {
        Ok(Some(value))
    } else {
        Err(D::Error::custom(
            "a check needs finite numbers (not nan or inf)",
        ))
    }
}

/// An optional event kind that some event has.
pub(super) fn event_kind<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    let kind = String::deserialize(deserializer)?;
    let navigation = super::goal_walk::NAVIGATION_EVENTS;
    if Event::KINDS.contains(&kind.as_str()) || navigation.contains(&kind.as_str()) {
        Ok(Some(kind))
    } else {
        Err(D::Error::custom(format!(
            "no event is called {kind:?} (events: {}, and for a body with a goal {})",
            Event::KINDS.join(", "),
            navigation.join(", ")
        )))
    }
}
