//! The one table of settings: each is declared once, in `groups.rs`, and
//! the declaration gives its field, its name (`walking.speed`), the flat
//! name files and command lines wrote before the groups (`walk_speed`), its
//! range, and the functions that read and write it. `get`, `set`,
//! `validate`, `names` and the serde form all walk this table, so a setting
//! added to a group is named, parsed, checked and saved with nothing else
//! written.

use super::{LeavePlatform, Settings};

/// Upper bound on every speed and acceleration setting: far beyond any game,
/// low enough that a tick's move stays inside the resolver's limits.
const MAX_RATE: f64 = 1e5;

/// One setting of the table.
pub(super) struct Field {
    /// Its name: `group.field`, or the field alone at the top.
    pub(super) name: &'static str,
    /// The group it sits in; empty at the top.
    pub(super) group: &'static str,
    /// Its field inside the group.
    pub(super) member: &'static str,
    /// The flat name it had before the groups, read as an alias.
    pub(super) alias: &'static str,
    /// What kind of value it holds.
    pub(super) kind: Kind,
    /// The range a number must keep beyond the rule every number keeps.
    pub(super) check: fn(f64) -> Result<(), &'static str>,
    /// Its value in `settings`.
    pub(super) read: fn(&Settings) -> Value,
    /// Stores a value of its kind in `settings`; false for another kind.
    pub(super) write: fn(&mut Settings, Value) -> bool,
}

impl Field {
    /// Reads `text` as a value of this field's kind.
    pub(super) fn parse(&self, text: &str) -> Result<Value, &'static str> {
        let text = text.trim();
        match self.kind {
            Kind::Number => text.parse().map(Value::Number).map_err(|_| "a number"),
            Kind::Flag => text
                .parse()
                .map(Value::Flag)
                .map_err(|_| "`true` or `false`"),
            Kind::Choice => text
                .parse()
                .map(Value::Choice)
                .map_err(|()| "`velocity`, `upward` or `nothing`"),
        }
    }

    /// Why this field's value in `settings` is out of range, if it is.
    pub(super) fn problem(&self, settings: &Settings) -> Option<(f64, &'static str)> {
        let Value::Number(value) = (self.read)(settings) else {
            return None;
        };
        let common = if !value.is_finite() {
            Err("must be a finite number")
        } else if value < 0.0 {
            Err("must not be negative")
        } else if value > MAX_RATE {
            Err("is beyond any sensible value (at most 100000)")
        } else {
            (self.check)(value)
        };
        common.err().map(|problem| (value, problem))
    }
}

/// The kinds of value a setting holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// An `f64`.
    Number,
    /// A `bool`.
    Flag,
    /// A [`LeavePlatform`].
    Choice,
}

/// One setting's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Value {
    Number(f64),
    Flag(bool),
    Choice(LeavePlatform),
}

impl Value {
    /// As text that [`Field::parse`] reads back to the same value: numbers in
    /// their shortest form that parses to the same bits.
    pub(super) fn to_text(self) -> String {
        match self {
            Value::Number(n) => n.to_string(),
            Value::Flag(f) => f.to_string(),
            Value::Choice(c) => c.name().to_owned(),
        }
    }
}

/// A type a setting can have: how the table reads and stores it.
pub(super) trait SettingType: Copy {
    const KIND: Kind;
    fn into_value(self) -> Value;
    fn from_value(value: Value) -> Option<Self>;
}

impl SettingType for f64 {
    const KIND: Kind = Kind::Number;
    fn into_value(self) -> Value {
        Value::Number(self)
    }
    fn from_value(value: Value) -> Option<Self> {
        match value {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
}

impl SettingType for bool {
    const KIND: Kind = Kind::Flag;
    fn into_value(self) -> Value {
        Value::Flag(self)
    }
    fn from_value(value: Value) -> Option<Self> {
        match value {
            Value::Flag(f) => Some(f),
            _ => None,
        }
    }
}

impl SettingType for LeavePlatform {
    const KIND: Kind = Kind::Choice;
    fn into_value(self) -> Value {
        Value::Choice(self)
    }
    fn from_value(value: Value) -> Option<Self> {
        match value {
            Value::Choice(c) => Some(c),
            _ => None,
        }
    }
}

/// The ranges a number setting may name, beyond finite, not negative and at
/// most 100000.
pub(super) mod checks {
    #[allow(clippy::unnecessary_wraps)] // the table holds every check as one fn type
    pub(in super::super) fn any(_: f64) -> Result<(), &'static str> {
        Ok(())
    }

    pub(in super::super) fn tick_rate(value: f64) -> Result<(), &'static str> {
        if (1.0..=1000.0).contains(&value) {
            Ok(())
        } else {
            Err("must be between 1 and 1000 ticks per second")
        }
    }

    pub(in super::super) fn a_drag(value: f64) -> Result<(), &'static str> {
        if value < 1.0 {
            Ok(())
        } else {
            Err("must be below 1 (a body that keeps all its momentum never settles)")
        }
    }

    pub(in super::super) fn a_reach(value: f64) -> Result<(), &'static str> {
        if value <= 16.0 {
            Ok(())
        } else {
            Err("must be at most 16 blocks")
        }
    }

    pub(in super::super) fn a_height(value: f64) -> Result<(), &'static str> {
        if value > 0.0 {
            Ok(())
        } else {
            Err("must be above 0")
        }
    }

    pub(in super::super) fn a_grace(value: f64) -> Result<(), &'static str> {
        if value <= 1.0 {
            Ok(())
        } else {
            Err("must be at most 1 second")
        }
    }

    pub(in super::super) fn a_share(value: f64) -> Result<(), &'static str> {
        if value <= 1.0 {
            Ok(())
        } else {
            Err("must be at most 1 (no bounce gains speed)")
        }
    }
}

/// Declares `Settings`, its groups and the table from one list: the top
/// fields, then each group with its fields, each field with its type, the
/// flat alias it answers to and, for numbers, a range from [`checks`].
macro_rules! settings_table {
    (
        $(#[$settings_doc:meta])*
        top {
            $(
                $(#[$top_doc:meta])*
                $top:ident: $top_ty:ty, check $top_check:ident;
            )+
        }
        $(
            $(#[$group_doc:meta])*
            $group:ident: $Group:ident {
                $(
                    $(#[$doc:meta])*
                    $field:ident: $ty:ty, alias $alias:literal, check $check:ident;
                )+
            }
        )+
    ) => {
        $(#[$settings_doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct Settings {
            $( $(#[$top_doc])* pub $top: $top_ty, )+
            $( $(#[$group_doc])* pub $group: $Group, )+
        }

        $(
            $(#[$group_doc])*
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct $Group {
                $( $(#[$doc])* pub $field: $ty, )+
            }
        )+

        /// Every setting, the top ones first, then group by group.
        pub(super) const FIELDS: &[Field] = &[
            $(Field {
                name: stringify!($top),
                group: "",
                member: stringify!($top),
                alias: stringify!($top),
                kind: <$top_ty as SettingType>::KIND,
                check: checks::$top_check,
                read: |s| s.$top.into_value(),
                write: |s, v| <$top_ty>::from_value(v).map(|v| s.$top = v).is_some(),
            },)+
            $($(Field {
                name: concat!(stringify!($group), ".", stringify!($field)),
                group: stringify!($group),
                member: stringify!($field),
                alias: $alias,
                kind: <$ty as SettingType>::KIND,
                check: checks::$check,
                read: |s| s.$group.$field.into_value(),
                write: |s, v| <$ty>::from_value(v).map(|v| s.$group.$field = v).is_some(),
            },)+)+
        ];

        /// The keys of the serde form's top level: the top fields, then the groups.
        #[cfg_attr(not(feature = "serde"), allow(dead_code))]
        pub(super) const TOP_KEYS: &[&str] = &[$(stringify!($top),)+ $(stringify!($group),)+];

        /// Each group's fields, in declaration order.
        #[cfg_attr(not(feature = "serde"), allow(dead_code))]
        pub(super) const GROUPS: &[(&str, &[&str])] =
            &[$((stringify!($group), &[$(stringify!($field)),+]),)+];
    };
}

pub(super) use settings_table;
