//! The block types a world knows, by id and by name.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use glam::DVec3;

use super::{Behaviour, BlockError, BlockId, BlockType, ShapeReach, builtin};
use crate::block::limits::MAX_BLOCK_TYPES;
use crate::geometry::Aabb;

/// What an id no type was registered for collides with: a full cube, so a
/// world whose cells outrun its registry can still never be walked through. It
/// is the first box of the flat table, so every id has a span in it.
const UNKNOWN_SPAN: ShapeSpan = ShapeSpan { start: 0, end: 1 };

/// Where one type's collision boxes lie in the registry's flat table: loops
/// over many cells test a cell's span for emptiness before touching any box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ShapeSpan {
    start: u32,
    end: u32,
}

impl ShapeSpan {
    /// Whether the span holds no box.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// The block types of a world: what each [`BlockId`] in its cells means.
///
/// Starts with the thirteen built-ins; [`BlockRegistry::register`] appends
/// types and never removes or reorders one, so ids already stored in cells keep
/// their meaning. The collision boxes of every type sit in one flat table that
/// the resolver's gather reads by id, and the registry keeps how far those boxes
/// reach out of their cells ([`BlockRegistry::reach`]) so the gather looks
/// exactly as far as the shapes do.
///
/// ```
/// use voxwalk::glam::DVec3;
/// use voxwalk::geometry::Aabb;
/// use voxwalk::block::{BlockId, BlockRegistry, BlockType};
///
/// let mut registry = BlockRegistry::new();
/// assert_eq!(registry.len(), 13);
/// let piston_head = registry
///     .register(BlockType::new("piston_head").with_box(Aabb::new(
///         DVec3::new(0.375, -0.25, 0.375),
///         DVec3::new(0.625, 1.25, 0.625),
///     )))
///     .unwrap();
/// assert_eq!(piston_head, BlockId(13));
/// assert_eq!(registry.reach().below, DVec3::new(0.0, 0.25, 0.0));
/// assert!(registry.register(BlockType::cube("stone")).is_err()); // names are unique
/// ```
#[derive(Clone, Debug)]
#[allow(clippy::struct_excessive_bools)] // one "any type does this" answer each
pub struct BlockRegistry {
    types: Vec<BlockType>,
    by_name: HashMap<String, BlockId>,
    /// Per id, the range of `collision_boxes` holding its collision boxes.
    collision_spans: Vec<ShapeSpan>,
    /// The unknown id's full cube, then the collision boxes of every type, one
    /// after the other.
    collision_boxes: Vec<Aabb>,
    reach: ShapeReach,
    /// Per id, its behaviours, parsed once.
    behaviours: Vec<Behaviour>,
    /// Whether any of them is not plain.
    any_behaviour: bool,
    /// Whether any type is a bubble column: a body's tick asks after its
    /// move, and most registries have none.
    any_bubble_column: bool,
    /// Whether any type lets a body slide down its side (honey), asked
    /// after the move too.
    any_wall_slide: bool,
    /// Whether any of them is on other layers than the default, or one-way.
    any_collision_filter: bool,
    /// What the registered types take, as [`BlockType::storage_bytes`] counts.
    stored_bytes: usize,
}

impl PartialEq for BlockRegistry {
    /// Registries are equal when they hold the same types in the same order;
    /// everything else is derived from those.
    fn eq(&self, other: &Self) -> bool {
        self.types == other.types
    }
}

impl Default for BlockRegistry {
    fn default() -> Self {
        Self::new()
    }
}

static BUILT_IN: LazyLock<Arc<BlockRegistry>> = LazyLock::new(|| Arc::new(BlockRegistry::new()));

impl BlockRegistry {
    /// A registry of the thirteen built-in types.
    ///
    /// # Panics
    /// Never: the built-ins are valid and their names distinct (a unit test
    /// registers them).
    #[must_use]
    pub fn new() -> Self {
        let mut registry = Self {
            types: Vec::new(),
            by_name: HashMap::new(),
            collision_spans: Vec::new(),
            collision_boxes: vec![Aabb::new(DVec3::ZERO, DVec3::ONE)],
            reach: ShapeReach::default(),
            behaviours: Vec::new(),
            any_behaviour: false,
            any_bubble_column: false,
            any_wall_slide: false,
            any_collision_filter: false,
            stored_bytes: 0,
        };
        for block in builtin::types() {
            registry
                .register(block)
                .expect("the built-in types are valid and their names distinct");
        }
        registry
    }

    /// One shared registry of the built-in types, for worlds that add none
    /// (cloning the `Arc` costs no allocation).
    #[must_use]
    pub fn built_in() -> &'static Arc<BlockRegistry> {
        &BUILT_IN
    }

    /// Validates `block` and adds it under the next id.
    ///
    /// # Errors
    /// [`BlockError`] naming the block and the field when a field is out of
    /// bounds, the name is taken, or the registry is full. The registry is
    /// unchanged then.
    pub fn register(&mut self, block: BlockType) -> Result<BlockId, BlockError> {
        block.validate()?;
        if self.by_name.contains_key(&block.name) {
            return Err(BlockError::Duplicate { block: block.name });
        }
        let Ok(id) = u16::try_from(self.types.len()) else {
            return Err(BlockError::Full {
                block: block.name,
                max: MAX_BLOCK_TYPES,
            });
        };
        let id = BlockId(id);
        let start = self.collision_boxes.len() as u32;
        for shape in block.collision_boxes() {
            self.reach = self.reach.including(shape);
            self.collision_boxes.push(*shape);
        }
        self.collision_spans.push(ShapeSpan {
            start,
            end: self.collision_boxes.len() as u32,
        });
        let behaviour = Behaviour::from_properties(&block.properties).unwrap_or_default();
        self.any_behaviour |= !behaviour.is_plain();
        self.any_bubble_column |= behaviour.bubble_column.is_some();
        self.any_wall_slide |= behaviour.wall_slide;
        self.any_collision_filter |= behaviour.filters_collisions();
        self.behaviours.push(behaviour);
        self.by_name.insert(block.name.clone(), id);
        self.stored_bytes += block.storage_bytes();
        self.types.push(block);
        Ok(id)
    }

    /// Bytes the registered types take (what a read's budget is charged for
    /// them).
    #[must_use]
    pub fn storage_bytes(&self) -> usize {
        self.stored_bytes
    }

    /// The id of the type called `name`.
    #[must_use]
    pub fn id(&self, name: &str) -> Option<BlockId> {
        self.by_name.get(name).copied()
    }

    /// The type `id` names, if one was registered for it.
    #[must_use]
    pub fn get(&self, id: BlockId) -> Option<&BlockType> {
        self.types.get(id.index())
    }

    /// The name of `id`'s type; `"unknown"` for an id no type was registered for.
    #[must_use]
    pub fn name(&self, id: BlockId) -> &str {
        self.get(id).map_or("unknown", |t| t.name.as_str())
    }

    /// The boxes bodies collide with in a cell holding `id`, in block-local
    /// units: empty for passable types, a full cube for an id no type was
    /// registered for.
    #[inline]
    #[must_use]
    pub fn collision_shape(&self, id: BlockId) -> &[Aabb] {
        self.boxes_in(self.collision_span(id))
    }

    /// Where `id`'s collision boxes lie in the flat table.
    #[inline]
    pub(crate) fn collision_span(&self, id: BlockId) -> ShapeSpan {
        self.collision_spans
            .get(id.index())
            .copied()
            .unwrap_or(UNKNOWN_SPAN)
    }

    /// The boxes a span of this registry covers.
    #[inline]
    pub(crate) fn boxes_in(&self, span: ShapeSpan) -> &[Aabb] {
        self.collision_boxes
            .get(span.start as usize..span.end as usize)
            .unwrap_or(&[])
    }

    /// Whether anything collides with `id`.
    #[inline]
    #[must_use]
    pub fn is_solid(&self, id: BlockId) -> bool {
        !self.collision_span(id).is_empty()
    }

    /// How far the collision boxes of every type reach out of their cells.
    #[inline]
    #[must_use]
    pub fn reach(&self) -> ShapeReach {
        self.reach
    }

    /// What `id`'s type does to bodies besides stopping them; plain for an
    /// id no type was registered for.
    #[inline]
    #[must_use]
    pub fn behaviour(&self, id: BlockId) -> &Behaviour {
        self.behaviours.get(id.index()).unwrap_or(&Behaviour::PLAIN)
    }

    /// Whether any registered type is on other collision layers than the
    /// default, or one-way: a body that meets every layer need not look at
    /// each block's layers otherwise.
    #[must_use]
    #[inline]
    pub fn has_collision_filters(&self) -> bool {
        self.any_collision_filter
    }

    /// Whether any registered type has behaviours (the built-in water does).
    #[must_use]
    #[inline]
    pub fn has_behaviours(&self) -> bool {
        self.any_behaviour
    }

    /// Whether any type is a bubble column ([`Behaviour::bubble_column`]).
    #[inline]
    #[must_use]
    pub fn has_bubble_columns(&self) -> bool {
        self.any_bubble_column
    }

    /// Whether any type slows a body sliding down its side
    /// ([`Behaviour::wall_slide`]).
    #[inline]
    #[must_use]
    pub fn has_wall_slides(&self) -> bool {
        self.any_wall_slide
    }

    /// The boxes of `id`'s type whether or not bodies collide with them (a
    /// passable type's outline); empty for a type without boxes and for an
    /// unknown id.
    #[must_use]
    pub fn outline(&self, id: BlockId) -> &[Aabb] {
        self.get(id).map_or(&[], BlockType::outline)
    }

    /// How many types are registered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// Always false: the built-ins are always there.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// Every type with its id, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (BlockId, &BlockType)> {
        self.types
            .iter()
            .enumerate()
            .map(|(i, t)| (BlockId(i as u16), t))
    }

    /// Whether `id` is one of the thirteen built-in types.
    #[must_use]
    pub fn is_built_in(id: BlockId) -> bool {
        id.index() < builtin::COUNT
    }
}
