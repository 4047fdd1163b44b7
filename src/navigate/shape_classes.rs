//! Block types a body cannot tell apart: the same collision boxes, the same
//! outline and the same behaviours. A checked step is remembered by the
//! blocks around it; named by class rather than by type, grass, dirt and
//! stone under a step are one key, and a flower is air, so a search over
//! natural ground checks each shape of ground once instead of once per mix
//! of block types.

use rustc_hash::FxHashMap;

use crate::block::{Behaviour, BlockId, BlockRegistry};
use crate::geometry::Aabb;

/// Not classed yet.
const UNKNOWN: BlockId = BlockId(u16::MAX);

/// Each block type's class: the first type met with its boxes, outline and
/// behaviours. Which type stands for a class depends on the order types
/// were met, but the controller moves a body the same through any of
/// them, so what a check finds does not.
#[derive(Debug, Default)]
pub(crate) struct ShapeClasses {
    /// The registry the classes are of, as its address and length: a
    /// planner used with another registry classes afresh.
    of: (usize, usize),
    class_of: Vec<BlockId>,
    /// Classes by their boxes and outline (as bits), then behaviours.
    classes: FxHashMap<Vec<u64>, Vec<(Behaviour, BlockId)>>,
}

impl ShapeClasses {
    /// The type that stands for `id`'s class.
    pub(crate) fn class(&mut self, registry: &BlockRegistry, id: BlockId) -> BlockId {
        let of = (std::ptr::from_ref(registry) as usize, registry.len());
        if self.of != of {
            self.of = of;
            self.class_of.clear();
            self.class_of.resize(registry.len(), UNKNOWN);
            self.classes.clear();
        }
        let Some(&known) = self.class_of.get(usize::from(id.0)) else {
            return id; // not registered: its own class
        };
        if known != UNKNOWN {
            return known;
        }
        let mut shape = bits(registry.collision_shape(id));
        shape.push(u64::MAX); // between the boxes and the outline
        shape.extend(bits(registry.outline(id)));
        let behaviour = *registry.behaviour(id);
        let members = self.classes.entry(shape).or_default();
        let class = if let Some(&(_, class)) = members.iter().find(|(b, _)| *b == behaviour) {
            class
        } else {
            members.push((behaviour, id));
            id
        };
        self.class_of[usize::from(id.0)] = class;
        class
    }
}

/// Every corner of `boxes`, as bits.
fn bits(boxes: &[Aabb]) -> Vec<u64> {
    boxes
        .iter()
        .flat_map(|b| b.min.to_array().into_iter().chain(b.max.to_array()))
        .map(f64::to_bits)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ground_of_one_shape_is_one_class_and_a_different_block_is_not() {
        let registry = BlockRegistry::default();
        let mut classes = ShapeClasses::default();
        let stone = classes.class(&registry, BlockId::STONE);
        assert_eq!(classes.class(&registry, BlockId::BRICK), stone);
        assert_ne!(classes.class(&registry, BlockId::SLAB), stone);
        assert_eq!(classes.class(&registry, BlockId::AIR), BlockId::AIR);
        assert_ne!(
            classes.class(&registry, BlockId::WATER),
            BlockId::AIR,
            "swum in"
        );
    }
}
