//! One block type: a name, the boxes bodies collide with, a look, properties.

use glam::DVec3;

use super::limits::MAX_PROPERTIES;
use super::{BlockError, BlockField, BlockLook, BlockProperties, PropertyValue};
use crate::block::limits::MAX_BOXES_PER_BLOCK;
use crate::block::limits::MAX_NAME_BYTES;
use crate::block::limits::MAX_SHAPE_REACH;
use crate::block::limits::MIN_BOX_THICKNESS;
use crate::geometry::Aabb;

/// A block type, as a game, a world file or an importer defines it.
///
/// Build one with [`BlockType::new`] and the `with_*` methods, then hand it to
/// [`super::BlockRegistry::register`], which validates it.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::Aabb;
/// use voxwalk::block::{BlockRegistry, BlockType, PropertyValue};
///
/// let mut registry = BlockRegistry::new();
/// let ice = registry
///     .register(
///         BlockType::cube("ice")
///             .with_colour([160, 200, 255])
///             .with_property("slipperiness", PropertyValue::Number(0.98)),
///     )
///     .unwrap();
/// assert!(registry.is_solid(ice));
/// assert_eq!(registry.get(ice).unwrap().properties.number("slipperiness"), Some(0.98));
///
/// // A box reaching more than half a block out of its cell is refused.
/// let tower = BlockType::new("tower").with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 2.0, 1.0)));
/// let error = registry.register(tower).unwrap_err();
/// assert_eq!(error.to_string(), "block \"tower\", box 1: reaches 2 on y, outside -0.5..=1.5");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BlockType {
    /// Unique within a registry: no whitespace or control characters.
    pub name: String,
    /// The boxes of the shape, in block-local units (the cell is `[0,1]³`). Each
    /// may reach [`MAX_SHAPE_REACH`] outside the cell.
    pub boxes: Vec<Aabb>,
    /// Whether bodies collide with the boxes. A passable type (water, a
    /// decoration) keeps its boxes as its outline, for looks and behaviours.
    pub solid: bool,
    /// How the viewer draws it.
    pub look: BlockLook,
    /// Numbers and flags for the controller's behaviours.
    pub properties: BlockProperties,
}

impl BlockType {
    /// A solid type with no boxes yet (add them with [`BlockType::with_box`]).
    #[must_use]
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            boxes: Vec::new(),
            solid: true,
            look: BlockLook::default(),
            properties: BlockProperties::default(),
        }
    }

    /// A solid full cube.
    #[must_use]
    pub fn cube(name: impl Into<String>) -> Self {
        Self::new(name).with_box(Aabb::new(DVec3::ZERO, DVec3::ONE))
    }

    /// This type with one more box.
    #[must_use]
    pub fn with_box(mut self, shape: Aabb) -> Self {
        self.boxes.push(shape);
        self
    }

    /// This type, passable: nothing collides with it.
    #[must_use]
    pub fn passable(mut self) -> Self {
        self.solid = false;
        self
    }

    /// This type drawn in `rgb`.
    #[must_use]
    pub fn with_colour(mut self, rgb: [u8; 3]) -> Self {
        self.look.colour = rgb;
        self
    }

    /// This type drawn with `glyph`.
    #[must_use]
    pub fn with_glyph(mut self, glyph: char) -> Self {
        self.look.glyph = Some(glyph);
        self
    }

    /// On the collision `layers` (bits; layer 0, bit 1, unless said): a body
    /// meets the block only when its mask shares a bit. The
    /// `collision_layers` property, written as the number it is stored as.
    ///
    /// ```
    /// use voxwalk::block::{BlockRegistry, BlockType};
    /// let mut registry = BlockRegistry::new();
    /// let fence = registry.register(BlockType::cube("fence").on_layers(0b10)).unwrap();
    /// assert_eq!(registry.behaviour(fence).layers, 0b10);
    /// ```
    #[must_use]
    pub fn on_layers(self, layers: u32) -> Self {
        self.with_property(
            crate::block::behaviour_names::COLLISION_LAYERS,
            PropertyValue::Number(f64::from(layers)),
        )
    }

    /// This type with property `name` set to `value`.
    #[must_use]
    pub fn with_property(mut self, name: impl Into<String>, value: PropertyValue) -> Self {
        self.properties.set(name, value);
        self
    }

    /// Its boxes whether or not bodies collide with them: a passable type's
    /// outline, for looks and for behaviours that act on a body inside.
    #[must_use]
    pub fn outline(&self) -> &[Aabb] {
        &self.boxes
    }

    /// The boxes bodies collide with: the shape of a solid type, nothing for a
    /// passable one.
    #[inline]
    #[must_use]
    pub fn collision_boxes(&self) -> &[Aabb] {
        if self.solid { &self.boxes } else { &[] }
    }

    /// Bytes a registry holding this type takes for it: the type, its name
    /// twice (the type and the index by name), its boxes twice (the outline
    /// and the flat collision table), its properties (a map node's key and
    /// value each, with the map's own bookkeeping counted as 64 bytes a node),
    /// and the parsed behaviour. What a read's budget is charged.
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        const PROPERTY_NODE_BYTES: usize = 64;
        let properties: usize = self
            .properties
            .iter()
            .map(|(name, _)| {
                name.len() + std::mem::size_of::<(String, PropertyValue)>() + PROPERTY_NODE_BYTES
            })
            .sum();
        std::mem::size_of::<Self>()
            + 2 * self.name.len()
            + 2 * self.boxes.len() * std::mem::size_of::<Aabb>()
            + properties
            + std::mem::size_of::<super::Behaviour>()
            + std::mem::size_of::<(String, super::BlockId, super::ShapeSpan)>()
    }

    /// Checks every field against the bounds above.
    ///
    /// # Errors
    /// [`BlockError::Invalid`] naming the first field out of bounds.
    pub fn validate(&self) -> Result<(), BlockError> {
        let invalid = |field: BlockField, problem: String| BlockError::Invalid {
            block: self.name.clone(),
            field,
            problem,
        };
        if let Some(problem) = name_problem(&self.name) {
            return Err(invalid(BlockField::Name, problem));
        }
        if self.boxes.len() > MAX_BOXES_PER_BLOCK {
            return Err(invalid(
                BlockField::Boxes,
                format!(
                    "{} boxes, at most {MAX_BOXES_PER_BLOCK} allowed",
                    self.boxes.len()
                ),
            ));
        }
        if self.solid && self.boxes.is_empty() {
            return Err(invalid(
                BlockField::Boxes,
                "a solid block needs at least one box".into(),
            ));
        }
        for (index, shape) in self.boxes.iter().enumerate() {
            if let Some(problem) = box_problem(shape) {
                return Err(invalid(BlockField::Box { index }, problem));
            }
        }
        if let Some(glyph) = self.look.glyph
            && (glyph.is_control()
                || glyph.is_whitespace()
                || crate::printable::is_invisible_format(glyph))
        {
            return Err(invalid(
                BlockField::Glyph,
                format!("{glyph:?} is not a printable character"),
            ));
        }
        // The viewer draws a glyph a cell: a wide one (a CJK character, most
        // emoji) or a combining mark would shift every cell after it.
        if let Some(glyph) = self.look.glyph
            && unicode_width::UnicodeWidthChar::width(glyph) != Some(1)
        {
            return Err(invalid(
                BlockField::Glyph,
                format!("{glyph:?} does not take exactly one terminal cell"),
            ));
        }
        if self.properties.len() > MAX_PROPERTIES {
            return Err(invalid(
                BlockField::Properties,
                format!(
                    "{} properties, at most {MAX_PROPERTIES} allowed",
                    self.properties.len()
                ),
            ));
        }
        for (name, value) in self.properties.iter() {
            let field = || BlockField::Property {
                name: name.to_owned(),
            };
            if let Some(problem) = name_problem(name) {
                return Err(invalid(field(), problem));
            }
            if let PropertyValue::Number(x) = value
                && !x.is_finite()
            {
                return Err(invalid(field(), format!("{x} is not a finite number")));
            }
        }
        if let Err((name, problem)) = super::Behaviour::from_properties(&self.properties) {
            return Err(invalid(BlockField::Property { name }, problem));
        }
        Ok(())
    }
}

/// What is wrong with a block or property name, if anything: names are single
/// words of world files.
fn name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        Some("empty".into())
    } else if name.len() > MAX_NAME_BYTES {
        Some(format!(
            "{} bytes long, at most {MAX_NAME_BYTES} allowed",
            name.len()
        ))
    } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Some(format!("{name:?} holds whitespace or a control character"))
    } else {
        None
    }
}

/// What is wrong with one box of a shape, if anything.
fn box_problem(shape: &Aabb) -> Option<String> {
    for (axis, name) in ["x", "y", "z"].into_iter().enumerate() {
        let (lo, hi) = (shape.min[axis], shape.max[axis]);
        if !lo.is_finite() || !hi.is_finite() {
            return Some(format!("{lo}..{hi} on {name} is not finite"));
        }
        if lo > hi {
            return Some(format!("inverted on {name}: {lo} > {hi}"));
        }
        if hi - lo < MIN_BOX_THICKNESS {
            return Some(format!(
                "{} thick on {name}, at least 1/1024 needed",
                hi - lo
            ));
        }
        for end in [lo, hi] {
            if !(-MAX_SHAPE_REACH..=1.0 + MAX_SHAPE_REACH).contains(&end) {
                return Some(format!(
                    "reaches {end} on {name}, outside {}..={}",
                    -MAX_SHAPE_REACH,
                    1.0 + MAX_SHAPE_REACH
                ));
            }
        }
    }
    None
}
