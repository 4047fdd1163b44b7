//! Settings in files: the groups as nested tables (`[settings.walking]`,
//! `"walking": {…}`), floats written exactly; reading takes the groups, a
//! `group.field` key or the flat names of before the groups, so saved states
//! and scenarios written before them read as they did.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};

use super::Settings;
use super::groups::{FIELDS, GROUPS, TOP_KEYS};
use super::table::{Kind, Value};
use crate::serde_exact::Exact;

impl serde::Serialize for Settings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut top = serializer.serialize_struct("Settings", TOP_KEYS.len())?;
        for field in FIELDS.iter().filter(|f| f.group.is_empty()) {
            top.serialize_field(field.member, &Written((field.read)(self)))?;
        }
        for &(group, _) in GROUPS {
            top.serialize_field(group, &GroupWritten(self, group))?;
        }
        top.end()
    }
}

/// One value as a file holds it.
struct Written(Value);

impl serde::Serialize for Written {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Number(n) => Exact(n).serialize(serializer),
            Value::Flag(f) => serializer.serialize_bool(f),
            Value::Choice(c) => serializer.serialize_str(c.name()),
        }
    }
}

/// One group of `Settings` as a nested table.
struct GroupWritten<'a>(&'a Settings, &'static str);

impl serde::Serialize for GroupWritten<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Self(settings, group) = *self;
        let fields = FIELDS.iter().filter(|f| f.group == group);
        let mut table = serializer.serialize_struct(group, fields.clone().count())?;
        for field in fields {
            table.serialize_field(field.member, &Written((field.read)(settings)))?;
        }
        table.end()
    }
}

impl<'de> serde::Deserialize<'de> for Settings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Settings, D::Error> {
        let mut settings = Settings::default();
        let mut seen = Vec::new();
        deserializer.deserialize_struct(
            "Settings",
            TOP_KEYS,
            Into(&mut settings, "", &mut seen),
        )?;
        Ok(settings)
    }
}

/// Reads a table of settings into the settings, over their values: the top
/// level (group "") or one group's table. The third member is every setting
/// read so far, with the key that named it: a setting named twice (by its
/// flat and its grouped name, say) is refused, not one value dropped.
struct Into<'a>(
    &'a mut Settings,
    &'static str,
    &'a mut Vec<(&'static str, String)>,
);

impl<'de> DeserializeSeed<'de> for Into<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        let fields = GROUPS
            .iter()
            .find(|(g, _)| *g == self.1)
            .map_or(&[][..], |(_, fields)| fields);
        deserializer.deserialize_struct(self.1, fields, self)
    }
}

impl<'de> Visitor<'de> for Into<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            "" => f.write_str("a table of settings"),
            group => write!(f, "a table of the `{group}` settings"),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Self(settings, group, seen) = self;
        while let Some(key) = map.next_key::<String>()? {
            let field = match group {
                "" => super::field_named(&key),
                group => super::field_in(group, &key),
            };
            if let Some(field) = field {
                let written = if group.is_empty() {
                    key.clone()
                } else {
                    format!("{group}.{key}")
                };
                if let Some((_, first)) = seen.iter().find(|(name, _)| *name == field.name) {
                    return Err(de::Error::custom(format_args!(
                        "setting `{}` is named twice, as `{first}` and as `{written}`",
                        field.name
                    )));
                }
                let value = map.next_value_seed(ValueOf(field.kind, field.name))?;
                (field.write)(settings, value);
                seen.push((field.name, written));
            } else if let Some(&(inner, _)) =
                GROUPS.iter().find(|(g, _)| group.is_empty() && *g == key)
            {
                map.next_value_seed(Into(settings, inner, seen))?;
            } else {
                let known = match group {
                    "" => TOP_KEYS.join(", "),
                    group => FIELDS
                        .iter()
                        .filter(|f| f.group == group)
                        .map(|f| f.member)
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                let place = if group.is_empty() {
                    String::new()
                } else {
                    format!("{group}.")
                };
                return Err(de::Error::custom(format_args!(
                    "unknown setting `{place}{key}` (known: {known})"
                )));
            }
        }
        Ok(())
    }

    /// Binary formats hold the fields in declaration order, as written.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Self(settings, group, seen) = self;
        if group.is_empty() {
            for field in FIELDS.iter().filter(|f| f.group.is_empty()) {
                let value = seq
                    .next_element_seed(ValueOf(field.kind, field.name))?
                    .ok_or_else(|| de::Error::custom(format_args!("no `{}`", field.name)))?;
                (field.write)(settings, value);
            }
            for &(inner, _) in GROUPS {
                seq.next_element_seed(Into(settings, inner, seen))?
                    .ok_or_else(|| de::Error::custom(format_args!("no `{inner}`")))?;
            }
        } else {
            for field in FIELDS.iter().filter(|f| f.group == group) {
                let value = seq
                    .next_element_seed(ValueOf(field.kind, field.name))?
                    .ok_or_else(|| de::Error::custom(format_args!("no `{}`", field.name)))?;
                (field.write)(settings, value);
            }
        }
        Ok(())
    }
}

/// One value of a kind, for the setting named.
struct ValueOf(Kind, &'static str);

impl<'de> DeserializeSeed<'de> for ValueOf {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        use serde::Deserialize;
        match self.0 {
            Kind::Number => Exact::deserialize(deserializer).map(|Exact(n)| Value::Number(n)),
            Kind::Flag => bool::deserialize(deserializer).map(Value::Flag),
            Kind::Choice => {
                let text = String::deserialize(deserializer)?;
                text.parse().map(Value::Choice).map_err(|()| {
                    de::Error::custom(format_args!(
                        "setting `{}`: `{text}` is not `velocity`, `upward` or `nothing`",
                        self.1
                    ))
                })
            }
        }
    }
}
