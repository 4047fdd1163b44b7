//! The collision boxes of every vanilla Minecraft block state, per game
//! version, read from the table `tools/vanilla_shapes.py` generates from the
//! npm package minecraft-data (MIT; the header of `vanilla_shapes.bin` says
//! which version and how to regenerate it).
//!
//! A block's states are numbered as the game numbers them: its properties in
//! the order the data lists them, the last changing fastest. A palette entry
//! names some properties; the others take the block's default state's values.

use std::collections::HashMap;
use std::sync::LazyLock;

use glam::DVec3;

use crate::geometry::Aabb;

/// The generated table.
static TABLE: &[u8] = include_bytes!("vanilla_shapes.bin");

static SHAPES: LazyLock<Result<VanillaShapes, ShapeTableError>> =
    LazyLock::new(|| VanillaShapes::parse(TABLE));

/// The vanilla shapes of every game version the table covers.
///
/// ```
/// use voxwalk::formats::import::VanillaShapes;
/// let shapes = VanillaShapes::get().unwrap();
/// let v1_20 = shapes.version_for(3465); // DataVersion of 1.20.1
/// // A bottom slab: the lower half of its cell.
/// let slab = shapes.state(v1_20, "oak_slab", &[("type", "bottom")]).unwrap();
/// assert_eq!(slab.boxes.len(), 1);
/// assert_eq!(slab.boxes[0].max.y, 0.5);
/// // Stairs default to facing north, bottom, straight: two boxes.
/// assert_eq!(shapes.state(v1_20, "oak_stairs", &[]).unwrap().boxes.len(), 2);
/// assert!(shapes.state(v1_20, "no_such_block", &[]).is_err());
/// ```
#[derive(Debug)]
pub struct VanillaShapes {
    header: String,
    strings: Vec<String>,
    boxes: Vec<Aabb>,
    shapes: Vec<Vec<u16>>,
    state_lists: Vec<Vec<u16>>,
    /// Per schema: the properties, each a name and its values (string ids).
    schemas: Vec<Vec<(u16, Vec<u16>)>>,
    /// Per table: block name → (schema, default state, state list).
    tables: Vec<HashMap<String, BlockEntry>>,
    /// (data version, table, game version name), by data version.
    versions: Vec<(u32, usize, String)>,
}

#[derive(Clone, Copy, Debug)]
struct BlockEntry {
    schema: usize,
    default_state: usize,
    state_list: usize,
}

/// One game version of the table, as [`VanillaShapes::version_for`] picks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameVersion(usize);

/// A block state's collision shape.
#[derive(Clone, Debug, PartialEq)]
pub struct StateShape {
    /// Its boxes in block units (empty for states nothing collides with).
    pub boxes: Vec<Aabb>,
    /// The table's id of the shape: states with the same id have the same boxes.
    pub shape: u16,
    /// The state's number within its block (0 for the block's first state).
    pub state: usize,
}

/// Why a state has no shape in the table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownState {
    /// The game version has no block of that name (a mod's, a newer one's).
    #[error("no block {0:?} in this game version")]
    Block(String),
    /// The block has no such property, or the property no such value.
    #[error("block {block:?} has no {property}={value}")]
    Property {
        /// The block.
        block: String,
        /// The property's name.
        property: String,
        /// The value given.
        value: String,
    },
}

/// Reads little-endian numbers off the front of the table.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], ShapeTableError> {
        if self.bytes.len() < n {
            return Err(ShapeTableError(format!("the table ends {n} bytes early")));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, ShapeTableError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, ShapeTableError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, ShapeTableError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn f32(&mut self) -> Result<f32, ShapeTableError> {
        Ok(f32::from_bits(self.u32()?))
    }

    fn count(&mut self) -> Result<usize, ShapeTableError> {
        Ok(self.u32()? as usize)
    }

    /// A count, then that many of what `item` reads.
    fn list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<T, ShapeTableError>,
    ) -> Result<Vec<T>, ShapeTableError> {
        (0..self.count()?).map(|_| item(self)).collect()
    }

    fn u16s(&mut self, n: usize) -> Result<Vec<u16>, ShapeTableError> {
        (0..n).map(|_| self.u16()).collect()
    }

    /// A string: its length in two bytes, then UTF-8.
    fn string(&mut self) -> Result<String, ShapeTableError> {
        let len = usize::from(self.u16()?);
        String::from_utf8(self.take(len)?.to_vec()).map_err(|e| ShapeTableError(e.to_string()))
    }

    /// A box: six `f32`s, min then max.
    fn block_box(&mut self) -> Result<Aabb, ShapeTableError> {
        let mut v = [0.0; 6];
        for slot in &mut v {
            *slot = f64::from(self.f32()?);
        }
        Ok(Aabb::new(
            DVec3::new(v[0], v[1], v[2]),
            DVec3::new(v[3], v[4], v[5]),
        ))
    }
}

/// What is wrong with the built-in shape table (never, in a build whose
/// tests pass: a unit test reads it).
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[error("the built-in vanilla shape table: {0}")]
pub struct ShapeTableError(String);

impl VanillaShapes {
    /// The table built into this program.
    ///
    /// # Errors
    /// What is wrong with the built-in table, if it does not read (a unit test
    /// reads it, so a build that passes its tests has a good one).
    pub fn get() -> Result<&'static VanillaShapes, &'static ShapeTableError> {
        SHAPES.as_ref()
    }

    fn parse(bytes: &[u8]) -> Result<VanillaShapes, ShapeTableError> {
        let mut r = Reader { bytes };
        if r.take(8)? != b"VXSHAPES" {
            return Err(ShapeTableError("not a shape table".into()));
        }
        let header_len = r.count()?;
        let header = String::from_utf8(r.take(header_len)?.to_vec())
            .map_err(|e| ShapeTableError(e.to_string()))?;
        let strings = r.list(Reader::string)?;
        let boxes = r.list(Reader::block_box)?;
        let shapes = r.list(|r| {
            let n = r.u8()?;
            r.u16s(usize::from(n))
        })?;
        let state_lists = r.list(|r| {
            let n = r.u16()?;
            r.u16s(usize::from(n))
        })?;
        let schemas = r.list(|r| {
            (0..r.u8()?)
                .map(|_| {
                    let name = r.u16()?;
                    let n = r.u8()?;
                    Ok((name, r.u16s(usize::from(n))?))
                })
                .collect()
        })?;
        let string = |i: u16| -> Result<String, ShapeTableError> {
            strings
                .get(usize::from(i))
                .cloned()
                .ok_or_else(|| ShapeTableError(format!("string {i} is not in the table")))
        };
        let mut tables = Vec::new();
        for _ in 0..r.count()? {
            let mut table = HashMap::new();
            for _ in 0..r.count()? {
                let name = string(r.u16()?)?;
                let entry = BlockEntry {
                    schema: usize::from(r.u16()?),
                    default_state: usize::from(r.u16()?),
                    state_list: r.count()?,
                };
                table.insert(name, entry);
            }
            tables.push(table);
        }
        let mut versions = Vec::new();
        for _ in 0..r.count()? {
            let data_version = r.u32()?;
            let table = usize::from(r.u16()?);
            versions.push((data_version, table, string(r.u16()?)?));
        }
        if !r.bytes.is_empty() || versions.is_empty() {
            return Err(ShapeTableError(
                "the table does not end where its counts say".into(),
            ));
        }
        let shapes = VanillaShapes {
            header,
            strings,
            boxes,
            shapes,
            state_lists,
            schemas,
            tables,
            versions,
        };
        shapes.check()?;
        Ok(shapes)
    }

    /// Every index the table holds points inside it, so lookups need no checks
    /// beyond the ones a caller's input calls for.
    fn check(&self) -> Result<(), ShapeTableError> {
        let bad = |what: &str| {
            Err(ShapeTableError(format!(
                "the table has a {what} out of range"
            )))
        };
        if self
            .shapes
            .iter()
            .flatten()
            .any(|&b| usize::from(b) >= self.boxes.len())
        {
            return bad("box index");
        }
        if self
            .state_lists
            .iter()
            .flatten()
            .any(|&s| usize::from(s) >= self.shapes.len())
        {
            return bad("shape index");
        }
        for (name, values) in self.schemas.iter().flatten() {
            if std::iter::once(name)
                .chain(values)
                .any(|&s| usize::from(s) >= self.strings.len())
            {
                return bad("string index");
            }
        }
        for entry in self.tables.iter().flat_map(HashMap::values) {
            let Some(schema) = self.schemas.get(entry.schema) else {
                return bad("schema index");
            };
            let states: usize = schema.iter().map(|(_, v)| v.len()).product();
            match self.state_lists.get(entry.state_list) {
                Some(list) if list.len() == states && entry.default_state < states => {}
                _ => return bad("state list"),
            }
        }
        if self
            .versions
            .iter()
            .any(|(_, t, _)| *t >= self.tables.len())
        {
            return bad("table index");
        }
        Ok(())
    }

    /// The table's header: its source, licence and how to regenerate it.
    #[must_use]
    pub fn header(&self) -> &str {
        &self.header
    }

    /// The game version whose data serves a file of `data_version` (the
    /// number Minecraft writes as `DataVersion`): the newest one at or before
    /// it, or the oldest the table has for older files.
    #[must_use]
    pub fn version_for(&self, data_version: u32) -> GameVersion {
        let newer = self
            .versions
            .partition_point(|(v, _, _)| *v <= data_version);
        GameVersion(newer.saturating_sub(1))
    }

    /// The name of a game version, such as `1.20.1`.
    #[must_use]
    pub fn version_name(&self, version: GameVersion) -> &str {
        &self.versions[version.0].2
    }

    /// The shape of block `name` (without `minecraft:`) in the state that
    /// `properties` name, the others at the block's default.
    ///
    /// # Errors
    /// [`UnknownState`] when the version has no such block, or the block no
    /// such property or value.
    pub fn state(
        &self,
        version: GameVersion,
        name: &str,
        properties: &[(&str, &str)],
    ) -> Result<StateShape, UnknownState> {
        let table = &self.tables[self.versions[version.0].1];
        let entry = table
            .get(name)
            .ok_or_else(|| UnknownState::Block(name.to_owned()))?;
        let schema = &self.schemas[entry.schema];
        // The default state's value of each property, last one fastest.
        let mut chosen = vec![0usize; schema.len()];
        let mut rest = entry.default_state;
        for (slot, (_, values)) in chosen.iter_mut().zip(schema).rev() {
            *slot = rest % values.len();
            rest /= values.len();
        }
        for &(property, value) in properties {
            let unknown = || UnknownState::Property {
                block: name.to_owned(),
                property: property.to_owned(),
                value: value.to_owned(),
            };
            let k = schema
                .iter()
                .position(|(p, _)| self.strings[usize::from(*p)] == property)
                .ok_or_else(unknown)?;
            chosen[k] = schema[k]
                .1
                .iter()
                .position(|v| self.strings[usize::from(*v)] == value)
                .ok_or_else(unknown)?;
        }
        let state = chosen
            .iter()
            .zip(schema)
            .fold(0, |acc, (&c, (_, values))| acc * values.len() + c);
        let shape = self.state_lists[entry.state_list][state];
        let boxes = self.shapes[usize::from(shape)]
            .iter()
            .map(|&b| self.boxes[usize::from(b)])
            .collect();
        Ok(StateShape {
            boxes,
            shape,
            state,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_reads_and_names_its_source() {
        let shapes = VanillaShapes::get().unwrap();
        assert!(
            shapes.header().contains("minecraft-data"),
            "{}",
            shapes.header()
        );
        assert!(shapes.header().contains("MIT"));
        assert_eq!(shapes.version_name(shapes.version_for(1519)), "1.13");
        assert_eq!(shapes.version_name(shapes.version_for(0)), "1.13");
    }
}
