//! The numbers and flags a block type carries for the controller's behaviours.

use std::collections::BTreeMap;
use std::fmt;

/// One behaviour property: a number (a speed factor, a drag) or a flag
/// (`climbable`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PropertyValue {
    /// A finite number; registration refuses NaN and infinities.
    Number(f64),
    /// On or off.
    Flag(bool),
}

impl fmt::Display for PropertyValue {
    /// As world files write it: `true`, `false`, or the number's shortest form
    /// that reads back to the same bits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PropertyValue::Number(x) => write!(f, "{x}"),
            PropertyValue::Flag(b) => write!(f, "{b}"),
        }
    }
}

impl PropertyValue {
    /// Reads a value as world files write it: `true`, `false`, or a number.
    ///
    /// ```
    /// use voxwalk::block::PropertyValue;
    /// assert_eq!(PropertyValue::parse("0.98"), Some(PropertyValue::Number(0.98)));
    /// assert_eq!(PropertyValue::parse("true"), Some(PropertyValue::Flag(true)));
    /// assert_eq!(PropertyValue::parse("nan"), None);
    /// assert_eq!(PropertyValue::parse("fast"), None);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<PropertyValue> {
        match text {
            "true" => Some(PropertyValue::Flag(true)),
            "false" => Some(PropertyValue::Flag(false)),
            _ => text
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .map(PropertyValue::Number),
        }
    }
}

/// Behaviour properties by name, in name order (so files that write them are
/// stable).
///
/// Stored, validated and round-tripped by every format; the controller's
/// behaviours give the names their meaning.
///
/// ```
/// use voxwalk::block::{BlockProperties, PropertyValue};
/// let mut p = BlockProperties::default();
/// p.set("slipperiness", PropertyValue::Number(0.98));
/// p.set("climbable", PropertyValue::Flag(true));
/// assert_eq!(p.number("slipperiness"), Some(0.98));
/// assert!(p.flag("climbable"));
/// assert!(!p.flag("bouncy"));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockProperties(BTreeMap<String, PropertyValue>);

impl BlockProperties {
    /// Sets `name` to `value`, replacing what it held.
    pub fn set(&mut self, name: impl Into<String>, value: PropertyValue) {
        self.0.insert(name.into(), value);
    }

    /// The value of `name`, if set.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<PropertyValue> {
        self.0.get(name).copied()
    }

    /// The number `name` holds, if it holds a number.
    #[must_use]
    pub fn number(&self, name: &str) -> Option<f64> {
        match self.get(name) {
            Some(PropertyValue::Number(x)) => Some(x),
            _ => None,
        }
    }

    /// Whether `name` is a flag that is on.
    #[must_use]
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == Some(PropertyValue::Flag(true))
    }

    /// Every property, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, PropertyValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), *v))
    }

    /// How many properties are set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
