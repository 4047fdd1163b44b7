//! Block types a body cannot tell apart: the same collision boxes, the same
//! outline and the same behaviours. A checked step is remembered by the
//! blocks around it; named by class rather than by type, grass, dirt and
//! stone under a step are one key, and a flower is air, so a search over
//! natural ground checks each shape of ground once instead of once per mix
//! of block types.
//!
//! Classes are canonical: numbered by their boxes, outline and behaviours
//! alone, in whatever registry they are met, so a memory of steps shared by
//! planners over several worlds (several registries) reads the same key for
//! the same ground, and never one world's answer for another's ground.

use rustc_hash::FxHashMap;

use crate::block::{Behaviour, BlockId, BlockRegistry};
use crate::geometry::Aabb;

/// Not classed yet.
const UNKNOWN: BlockId = BlockId(u16::MAX);

/// Canonical classes, and each type's class in the registry in use.
#[derive(Debug, Default)]
pub(crate) struct ShapeClasses {
    /// Classes by their boxes and outline (as bits), then behaviours, with
    /// their canonical numbers (as `BlockId`s, the keys' element type).
    canonical: FxHashMap<Vec<u64>, Vec<(Behaviour, BlockId)>>,
    /// How many canonical classes there are.
    count: u16,
    /// The registry the per-registry tables are of, as its address, length
    /// and stored bytes: another registry's types are classed afresh (the
    /// canonical classes stay).
    of: (usize, usize, usize),
    /// Each type's canonical class, in that registry.
    class_of: Vec<BlockId>,
    /// Each canonical class's first type met in that registry: what a
    /// check's copy of the blocks is built of there.
    representative: Vec<BlockId>,
}

impl ShapeClasses {
    /// The canonical class of `id` in `registry` (an id it does not hold
    /// collides as its unknown full cube, and is classed as that).
    pub(crate) fn class(&mut self, registry: &BlockRegistry, id: BlockId) -> BlockId {
        let of = (
            std::ptr::from_ref(registry) as usize,
            registry.len(),
            registry.storage_bytes(),
        );
        if self.of != of {
            self.of = of;
            self.class_of.clear();
            self.class_of.resize(registry.len(), UNKNOWN);
            self.representative.clear();
        }
        let index = usize::from(id.0);
        if let Some(&known) = self.class_of.get(index)
            && known != UNKNOWN
        {
            return known;
        }
        let mut shape = bits(registry.collision_shape(id));
        shape.push(u64::MAX); // between the boxes and the outline
        shape.extend(bits(registry.outline(id)));
        let behaviour = *registry.behaviour(id);
        let members = self.canonical.entry(shape).or_default();
        let class = if let Some(&(_, class)) = members.iter().find(|(b, _)| *b == behaviour) {
            class
        } else {
            let class = BlockId(self.count);
            self.count = self.count.saturating_add(1);
            members.push((behaviour, class));
            class
        };
        if let Some(slot) = self.class_of.get_mut(index) {
            *slot = class;
        }
        let slot = usize::from(class.0);
        if self.representative.len() <= slot {
            self.representative.resize(slot + 1, UNKNOWN);
        }
        if self.representative[slot] == UNKNOWN {
            self.representative[slot] = id;
        }
        class
    }

    /// The type of the registry in use that stands for canonical `class`:
    /// air for one it has not met (no key of it was made here).
    pub(crate) fn representative(&self, class: BlockId) -> BlockId {
        self.representative
            .get(usize::from(class.0))
            .copied()
            .filter(|&id| id != UNKNOWN)
            .unwrap_or(BlockId::AIR)
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
    use crate::block::BlockType;

    #[test]
    fn ground_of_one_shape_is_one_class_and_a_different_block_is_not() {
        let registry = BlockRegistry::default();
        let mut classes = ShapeClasses::default();
        let stone = classes.class(&registry, BlockId::STONE);
        assert_eq!(classes.class(&registry, BlockId::BRICK), stone);
        assert_ne!(classes.class(&registry, BlockId::SLAB), stone);
        let air = classes.class(&registry, BlockId::AIR);
        assert_eq!(classes.class(&registry, BlockId::AIR), air);
        assert_ne!(classes.class(&registry, BlockId::WATER), air, "swum in");
        assert_eq!(classes.representative(stone), BlockId::STONE);
    }

    /// The same ground in two registries, whose ids differ, is one class;
    /// a type only one of them has is a class of its own.
    #[test]
    fn classes_are_the_same_across_registries() {
        let plain = BlockRegistry::default();
        let mut other = BlockRegistry::default();
        let ice = other
            .register(
                BlockType::cube("ice")
                    .with_property("slipperiness", crate::block::PropertyValue::Number(0.98)),
            )
            .unwrap();
        let mut classes = ShapeClasses::default();
        let stone = classes.class(&plain, BlockId::STONE);
        let slab = classes.class(&plain, BlockId::SLAB);
        assert_eq!(classes.class(&other, BlockId::STONE), stone);
        assert_eq!(classes.class(&other, BlockId::SLAB), slab);
        let icy = classes.class(&other, ice);
        assert_ne!(icy, stone);
        assert_eq!(classes.representative(icy), ice);
    }
}
