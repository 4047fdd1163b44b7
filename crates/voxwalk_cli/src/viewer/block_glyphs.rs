//! Which glyphs draw a block type, from its look or, without one, its shape.

use std::borrow::Cow;

use voxwalk::block::BlockType;

/// How one block type is drawn in a two-column slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BlockGlyphs {
    /// Fills the slot: a full block, or any shape too broad to draw as less.
    Full,
    /// Everything lies in the lower half of the cell: slabs, layers, carpets.
    Lower,
    /// Everything lies in the upper half: top slabs.
    Upper,
    /// Narrow in x and z: posts, fences, bars.
    Post,
    /// The glyph the type's look names, drawn twice.
    Own(char),
}

impl BlockGlyphs {
    /// The glyphs of `block`: its own glyph if its look has one, else what the
    /// bounds of its boxes look like.
    pub fn of(block: &BlockType) -> Self {
        if let Some(glyph) = block.look.glyph {
            return BlockGlyphs::Own(glyph);
        }
        let Some(bounds) = block.boxes.iter().copied().reduce(|a, b| a.union(&b)) else {
            return BlockGlyphs::Full;
        };
        if bounds.min.y >= 0.5 {
            BlockGlyphs::Upper
        } else if bounds.max.y <= 0.5 {
            BlockGlyphs::Lower
        } else if bounds.max.x - bounds.min.x <= 0.5 && bounds.max.z - bounds.min.z <= 0.5 {
            BlockGlyphs::Post
        } else {
            BlockGlyphs::Full
        }
    }

    /// The slot seen from above.
    pub fn top_down(self) -> Cow<'static, str> {
        match self {
            BlockGlyphs::Full => "██".into(),
            BlockGlyphs::Lower => "▄▄".into(),
            BlockGlyphs::Upper => "▀▀".into(),
            BlockGlyphs::Post => "()".into(),
            BlockGlyphs::Own(c) => format!("{c}{c}").into(),
        }
    }

    /// The slot seen from the side, across `axis` (0 for x, 2 for z): a
    /// broad shape is drawn half a block at a time, each of the slot's two
    /// columns showing which vertical halves of its half of the cell the boxes
    /// fill, so stairs show their step (`▄█`).
    pub fn side(self, block: &BlockType, axis: usize) -> Cow<'static, str> {
        if let Some(level) = flowing_surface(block) {
            return level.into();
        }
        match self {
            BlockGlyphs::Post => "▐▌".into(),
            BlockGlyphs::Own(_) => self.top_down(),
            _ => {
                let column = |from: f64, to: f64| {
                    let fills = |bottom: f64, top: f64| {
                        block.boxes.iter().any(|b| {
                            b.min[axis] < to
                                && b.max[axis] > from
                                && b.min.y < top
                                && b.max.y > bottom
                        })
                    };
                    match (fills(0.0, 0.5), fills(0.5, 1.0)) {
                        (true, true) => '█',
                        (true, false) => '▄',
                        (false, true) => '▀',
                        (false, false) => ' ',
                    }
                };
                format!("{}{}", column(0.0, 0.5), column(0.5, 1.0)).into()
            }
        }
    }
}

/// A flowing liquid (levels 1–7) seen from the side: a block as high as
/// its surface, in eighths (`▄▄` for level 3's 5/9); `None` for anything
/// else, a source and a falling liquid included, which keep their glyph.
fn flowing_surface(block: &BlockType) -> Option<&'static str> {
    const EIGHTHS: [&str; 9] = ["  ", "▁▁", "▂▂", "▃▃", "▄▄", "▅▅", "▆▆", "▇▇", "██"];
    use voxwalk::block::{Liquid, LiquidKind, PropertyValue, behaviour_names};
    // Two lookups, not a parse: this runs for every cell of a frame.
    let Some(PropertyValue::Number(level)) = block.properties.get(behaviour_names::LIQUID_LEVEL)
    else {
        return None;
    };
    if !(1.0..8.0).contains(&level)
        || !block.boxes.is_empty()
        || block.properties.get(behaviour_names::LIQUID_DRAG).is_none()
    {
        return None;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 1..8
    let liquid = Liquid {
        drag: 1.0,
        gravity: 1.0,
        kind: LiquidKind::Water,
        level: level as u8,
        push: 0.0,
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0..=8
    let eighths = (liquid.own_height() * 8.0).round() as usize;
    Some(EIGHTHS[eighths.min(8)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use voxwalk::block::{BlockId, BlockRegistry};

    #[test]
    fn the_built_ins_keep_their_glyphs() {
        let registry = BlockRegistry::new();
        let glyphs = |id| BlockGlyphs::of(registry.get(id).unwrap());
        assert_eq!(glyphs(BlockId::STONE), BlockGlyphs::Full);
        assert_eq!(glyphs(BlockId::SLAB), BlockGlyphs::Lower);
        assert_eq!(glyphs(BlockId::TOP_SLAB), BlockGlyphs::Upper);
        assert_eq!(glyphs(BlockId::POST), BlockGlyphs::Post);
        assert_eq!(glyphs(BlockId::WATER).top_down(), "~~");
        let side = |id| glyphs(id).side(registry.get(id).unwrap(), 0);
        assert_eq!(side(BlockId::STONE), "██");
        assert_eq!(side(BlockId::SLAB), "▄▄");
        assert_eq!(side(BlockId::TOP_SLAB), "▀▀");
        assert_eq!(side(BlockId::POST), "▐▌");
    }

    #[test]
    fn a_flowing_liquid_shows_its_level_from_the_side() {
        use voxwalk::block::PropertyValue::Number;
        let at = |level: f64| {
            let block = BlockType::new("w")
                .passable()
                .with_glyph('~')
                .with_property("liquid_drag", Number(0.8))
                .with_property("liquid_level", Number(level));
            BlockGlyphs::of(&block).side(&block, 0).into_owned()
        };
        assert_eq!(at(0.0), "~~", "a source keeps its glyph");
        assert_eq!(at(1.0), "▆▆"); // 7/9
        assert_eq!(at(3.0), "▄▄"); // 5/9
        assert_eq!(at(7.0), "▁▁"); // 1/9
        assert_eq!(at(9.0), "~~", "a falling liquid keeps its glyph");
    }

    #[test]
    fn stairs_show_their_step_from_the_side() {
        use glam::DVec3;
        use voxwalk::geometry::Aabb;
        let stair = BlockType::new("stair")
            .with_box(Aabb::new(DVec3::ZERO, DVec3::new(1.0, 0.5, 1.0)))
            .with_box(Aabb::new(DVec3::new(0.5, 0.5, 0.0), DVec3::ONE));
        let glyphs = BlockGlyphs::of(&stair);
        assert_eq!(glyphs.side(&stair, 0), "▄█", "across x");
        assert_eq!(
            glyphs.side(&stair, 2),
            "██",
            "across z: the step is seen end-on"
        );
    }
}
