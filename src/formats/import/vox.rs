//! MagicaVoxel `.vox` files, through `dot_vox`.
//!
//! Every model is placed by the scene graph's transforms (translation and
//! rotation of the first frame, composed from the root down); a file without a
//! scene graph has its models side by side along +x. A model's voxel `v` lands
//! at `t + R·(v − ⌊size/2⌋)`, MagicaVoxel's own pivot.
//!
//! MagicaVoxel is z-up; voxwalk is y-up. A voxel at MagicaVoxel `(x, y, z)`
//! becomes the cell `(x, z, −1 − y)`: up stays up and the model keeps its
//! handedness (seen from above it is not mirrored).
//!
//! Colour index → block: the built-in block whose colour (the registry's, the
//! one home of a block's look) is nearest in RGB, among the full blocks and
//! water; colours with alpha below 255 are glass.

use dot_vox::{DotVoxData, SceneNode};
use glam::IVec3;

use super::{ImportError, Imported, Warnings, vox_chunks};
use crate::block::BlockId;
use crate::formats::limits::MAX_FILE_CHUNKS;
use crate::formats::limits::MAX_PLACEMENTS;
use crate::formats::limits::MAX_SCENE_DEPTH;
use crate::formats::limits::MAX_SCENE_VISITS;
use crate::formats::limits::MAX_VOXELS;
use crate::world::World;

/// The blocks a voxel's colour may become: the built-in full blocks and
/// water (slabs and posts are shapes a colour cannot say).
const COLOUR_BLOCKS: [BlockId; 9] = [
    BlockId::GRASS,
    BlockId::DIRT,
    BlockId::SAND,
    BlockId::STONE,
    BlockId::WOOD,
    BlockId::LEAVES,
    BlockId::GLASS,
    BlockId::BRICK,
    BlockId::WATER,
];

/// The block of [`COLOUR_BLOCKS`] whose colour in the built-in registry is
/// nearest `rgba`; glass for a colour that is not opaque.
pub(crate) fn block_for_colour(rgba: [u8; 4]) -> BlockId {
    if rgba[3] < 255 {
        return BlockId::GLASS;
    }
    let registry = crate::block::BlockRegistry::built_in();
    let distance = |block: &BlockId| {
        let look = registry.get(*block).map_or([0; 3], |t| t.look.colour);
        (0..3)
            .map(|i| (i32::from(rgba[i]) - i32::from(look[i])).pow(2))
            .sum::<i32>()
    };
    COLOUR_BLOCKS
        .iter()
        .min_by_key(|b| distance(b))
        .copied()
        .unwrap_or(BlockId::STONE)
}

/// A rotation as MagicaVoxel stores it (`_r`): row `r` has a ±1 in column
/// `index[r]`. Parsed here rather than by `dot_vox`, which panics on a bad byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rotation {
    index: [usize; 3],
    sign: [i32; 3],
}

impl Rotation {
    const IDENTITY: Rotation = Rotation {
        index: [0, 1, 2],
        sign: [1, 1, 1],
    };

    fn from_byte(byte: u8) -> Option<Rotation> {
        let (a, b) = (usize::from(byte & 3), usize::from((byte >> 2) & 3));
        if a == 3 || b == 3 || a == b {
            return None;
        }
        let sign = |bit: u8| if byte & (1 << bit) == 0 { 1 } else { -1 };
        Some(Rotation {
            index: [a, b, 3 - a - b],
            sign: [sign(4), sign(5), sign(6)],
        })
    }

    fn apply(self, v: IVec3) -> IVec3 {
        let v = v.to_array();
        IVec3::new(
            self.sign[0] * v[self.index[0]],
            self.sign[1] * v[self.index[1]],
            self.sign[2] * v[self.index[2]],
        )
    }

    /// `self ∘ inner`: first `inner`, then `self`.
    fn then_inner(self, inner: Rotation) -> Rotation {
        let mut index = [0; 3];
        let mut sign = [0; 3];
        for r in 0..3 {
            index[r] = inner.index[self.index[r]];
            sign[r] = self.sign[r] * inner.sign[self.index[r]];
        }
        Rotation { index, sign }
    }
}

/// Where a model goes: rotation and translation in MagicaVoxel space.
#[derive(Clone, Copy, Debug)]
struct Placement {
    rotation: Rotation,
    translation: IVec3,
}

/// Reads a `.vox` file.
pub(crate) fn read(bytes: &[u8], held: super::Held) -> Result<Imported, ImportError> {
    let models =
        vox_chunks::check(bytes).map_err(|e| ImportError::format(format!("MagicaVoxel: {e}")))?;
    let data =
        dot_vox::load_bytes(bytes).map_err(|e| ImportError::format(format!("MagicaVoxel: {e}")))?;
    if data.models.len() != models {
        return Err(ImportError::format(format!(
            "MagicaVoxel: the file has {models} models, {} could be read",
            data.models.len()
        )));
    }
    let mut expansion = Expansion {
        data: &data,
        placements: Vec::new(),
        visits: 0,
        placed_voxels: 0,
        warnings: Warnings::default(),
    };
    if data.scenes.is_empty() {
        let mut x = 0;
        for (i, model) in data.models.iter().enumerate() {
            let half = half_size(model);
            expansion.place(
                i,
                Placement {
                    rotation: Rotation::IDENTITY,
                    translation: IVec3::new(x, 0, 0) + half,
                },
            )?;
            x += model.size.x as i32 + 1;
        }
    } else {
        let root = Placement {
            rotation: Rotation::IDENTITY,
            translation: IVec3::ZERO,
        };
        expansion.walk(0, root, 0)?;
    }
    let Expansion {
        placements,
        mut warnings,
        ..
    } = expansion;
    let mut world = World::new();
    for (model_index, place) in placements {
        let Some(model) = data.models.get(model_index) else {
            warnings.note(format!(
                "a shape names model {model_index}, which does not exist"
            ));
            continue;
        };
        let half = half_size(model);
        for v in &model.voxels {
            let local = IVec3::new(i32::from(v.x), i32::from(v.y), i32::from(v.z)) - half;
            let p = place.translation + place.rotation.apply(local);
            let colour = data
                .palette
                .get(usize::from(v.i))
                .map_or([255, 255, 255, 255], |c| [c.r, c.g, c.b, c.a]);
            let cell = IVec3::new(p.x, p.z, -1 - p.y);
            if cell.abs().max_element() > 1 << 24 {
                return Err(ImportError::format(format!(
                    "model {model_index}: a voxel at {p} is too far out"
                )));
            }
            world.set_block(cell, block_for_colour(colour));
            if world.chunk_count() > MAX_FILE_CHUNKS {
                return Err(ImportError::format(format!(
                    "model {model_index}: the voxel at {p} opens more than the \
                     {MAX_FILE_CHUNKS} chunks a world file may hold (MAX_FILE_CHUNKS)"
                )));
            }
            held.check(&world, || format!("model {model_index}: the voxel at {p}"))?;
        }
    }
    world.name = format!("MagicaVoxel, {} models", data.models.len());
    world.compact();
    Ok(Imported { world, warnings })
}

fn half_size(model: &dot_vox::Model) -> IVec3 {
    IVec3::new(
        model.size.x as i32,
        model.size.y as i32,
        model.size.z as i32,
    ) / 2
}

/// The scene graph unfolded into placements, counted against the limits as
/// it grows so a hostile graph is refused before it costs anything.
struct Expansion<'a> {
    data: &'a DotVoxData,
    placements: Vec<(usize, Placement)>,
    visits: usize,
    placed_voxels: usize,
    warnings: Warnings,
}

impl Expansion<'_> {
    fn place(&mut self, model: usize, place: Placement) -> Result<(), ImportError> {
        if self.placements.len() == MAX_PLACEMENTS {
            return Err(ImportError::format(format!(
                "model {model}: more than {MAX_PLACEMENTS} model placements (MAX_PLACEMENTS)"
            )));
        }
        let voxels = self.data.models.get(model).map_or(0, |m| m.voxels.len());
        self.placed_voxels += voxels;
        if self.placed_voxels > MAX_VOXELS {
            return Err(ImportError::format(format!(
                "placement {} of model {model} brings the voxels placed to {}, more than the \
                 {MAX_VOXELS} allowed (MAX_VOXELS)",
                self.placements.len() + 1,
                self.placed_voxels
            )));
        }
        self.placements.push((model, place));
        Ok(())
    }

    fn walk(&mut self, node: u32, parent: Placement, depth: usize) -> Result<(), ImportError> {
        if depth > MAX_SCENE_DEPTH {
            return Err(ImportError::format(format!(
                "node {node}: the scene graph is deeper than {MAX_SCENE_DEPTH} (MAX_SCENE_DEPTH), \
                 or loops"
            )));
        }
        self.visits += 1;
        if self.visits > MAX_SCENE_VISITS {
            return Err(ImportError::format(format!(
                "node {node}: the scene graph unfolds to more than {MAX_SCENE_VISITS} nodes \
                 (MAX_SCENE_VISITS); a group lists the same child again and again"
            )));
        }
        let Some(scene) = self.data.scenes.get(node as usize) else {
            self.warnings.note(format!(
                "the scene graph names node {node}, which does not exist"
            ));
            return Ok(());
        };
        match scene {
            SceneNode::Transform { frames, child, .. } => {
                let frame = frames.first();
                let translation = frame
                    .and_then(|f| f.attributes.get("_t"))
                    .and_then(|t| parse_triple(t))
                    .unwrap_or(IVec3::ZERO);
                let rotation = match frame.and_then(|f| f.attributes.get("_r")) {
                    None => Rotation::IDENTITY,
                    Some(r) => r
                        .trim()
                        .parse::<u8>()
                        .ok()
                        .and_then(Rotation::from_byte)
                        .ok_or_else(|| {
                            ImportError::format(format!(
                                "node {node}: bad rotation `{}`",
                                r.escape_default()
                            ))
                        })?,
                };
                let here = Placement {
                    rotation: parent.rotation.then_inner(rotation),
                    translation: parent.translation + parent.rotation.apply(translation),
                };
                self.walk(*child, here, depth + 1)
            }
            SceneNode::Group { children, .. } => {
                for &c in children {
                    self.walk(c, parent, depth + 1)?;
                }
                Ok(())
            }
            SceneNode::Shape { models, .. } => {
                for m in models {
                    self.place(m.model_id as usize, parent)?;
                }
                Ok(())
            }
        }
    }
}

fn parse_triple(text: &str) -> Option<IVec3> {
    let mut parts = text.split_whitespace().map(|p| p.parse::<i32>().ok());
    let v = IVec3::new(parts.next()??, parts.next()??, parts.next()??);
    (v.abs().max_element() < 1 << 24).then_some(v)
}

#[cfg(test)]
mod colour_tests {
    use super::{COLOUR_BLOCKS, block_for_colour};
    use crate::block::BlockRegistry;

    /// A voxel coloured as a built-in block looks in the registry becomes
    /// that block: the importer asks the registry, never restates it.
    #[test]
    fn each_built_in_colour_maps_back_to_its_block() {
        let registry = BlockRegistry::built_in();
        for block in COLOUR_BLOCKS {
            let [r, g, b] = registry.get(block).unwrap().look.colour;
            assert_eq!(
                block_for_colour([r, g, b, 255]),
                block,
                "{}",
                registry.name(block)
            );
        }
    }
}
