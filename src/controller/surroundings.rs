//! What the blocks around a body do to it this tick: the ground's grip, speed,
//! jump and bounce, and whether it climbs, swims or is stuck.
//!
//! Read as Minecraft reads them (`Entity` and `LivingEntity`, 1.21): the
//! ground is the block under the middle of the feet, climbing needs a
//! climbable block where the feet are, and liquids and cobwebs act on a body
//! whose box reaches into them.

use glam::{DVec3, IVec3};

use super::Body;
use crate::world::{Behaviour, BlockSource, Liquid};

/// How far under the feet the ground block is looked for: a body resting on
/// a floor floats a contact gap above it.
const GROUND_PROBE: f64 = 1e-3;
/// How far a body's box is shrunk before asking which cells it is inside, so
/// a body that only touches a liquid's surface or a cobweb's side is not in it.
const INSIDE_MARGIN: f64 = 1e-3;

/// The behaviours acting on one body at the start of a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Surroundings {
    /// The block underfoot, when the body stands.
    pub ground: Behaviour,
    /// On a climbable block.
    pub climbing: bool,
    /// In a liquid: the one with the strongest drag the body reaches into.
    pub liquid: Option<Liquid>,
    /// In a cobweb: the smallest shares of motion of those it reaches into.
    pub stuck: Option<[f64; 2]>,
}

impl Surroundings {
    /// Plain ground, open air.
    pub const NONE: Surroundings = Surroundings {
        ground: Behaviour::PLAIN,
        climbing: false,
        liquid: None,
        stuck: None,
    };

    /// What acts on `body` where it is; `None` when nothing does (plain
    /// ground, open air), which is what a tick on plain terrain carries
    /// along: a word, not the whole struct. A world that says no cell around
    /// the body may hold a behaviour ([`BlockSource::may_hold_behaviours`])
    /// costs one question and no cell reads.
    #[inline]
    pub fn around<W: BlockSource + ?Sized>(world: &W, body: &Body) -> Option<Surroundings> {
        // Most worlds, and most of any world, hold no behaviour block: ask
        // before working out where to look.
        if !world.may_hold_behaviours(IVec3::MIN, IVec3::MAX) {
            return None;
        }
        let found = Self::search(world, body);
        (!found.is_none()).then_some(found)
    }

    #[inline(never)]
    fn search<W: BlockSource + ?Sized>(world: &W, body: &Body) -> Surroundings {
        let b = body.aabb;
        let centre = b.center();
        let under = DVec3::new(centre.x, b.min.y - GROUND_PROBE, centre.z);
        let inside_lo = b.min + INSIDE_MARGIN;
        let inside_hi = b.max - INSIDE_MARGIN;
        let lo = cell_of(inside_lo.min(under));
        let hi = cell_of(inside_hi.max(under));
        if !world.may_hold_behaviours(lo, hi) {
            return Surroundings::NONE;
        }
        let registry = world.registry();
        let mut out = Surroundings::NONE;
        if body.grounded {
            out.ground = *registry.behaviour(world.block(cell_of(under)));
        }
        let feet = cell_of(DVec3::new(centre.x, b.min.y + INSIDE_MARGIN, centre.z));
        out.climbing = registry.behaviour(world.block(feet)).climbable;
        let (lo, hi) = (cell_of(inside_lo), cell_of(inside_hi));
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let cell = IVec3::new(x, y, z);
                    let id = world.block(cell);
                    let behaviour = registry.behaviour(id);
                    if !behaviour.acts_inside() {
                        continue;
                    }
                    // Inside its outline where it has one (a cobweb's or a
                    // liquid's boxes), else anywhere in the cell.
                    let origin = cell.as_dvec3();
                    let outline = registry.outline(id);
                    let reaches = outline.is_empty()
                        || outline.iter().any(|o| {
                            let o = o.translated(origin);
                            o.min.cmplt(inside_hi).all() && inside_lo.cmplt(o.max).all()
                        });
                    if !reaches {
                        continue;
                    }
                    if let Some(liquid) = behaviour.liquid
                        && out.liquid.is_none_or(|l| liquid.drag < l.drag)
                    {
                        out.liquid = Some(liquid);
                    }
                    if let Some([h, v]) = behaviour.stuck {
                        out.stuck = Some(match out.stuck {
                            None => [h, v],
                            Some([h0, v0]) => [h0.min(h), v0.min(v)],
                        });
                    }
                }
            }
        }
        out
    }

    /// Whether nothing acts on the body (plain ground, open air): the tick
    /// then takes the path it took before behaviours existed.
    #[inline]
    pub fn is_none(&self) -> bool {
        !self.climbing && self.liquid.is_none() && self.stuck.is_none() && self.ground.is_plain()
    }
}

/// The cell holding `p`; `floor` is a call into the maths library on
/// baseline x86-64, and this runs a few times every tick near behaviours.
#[inline]
fn cell_of(p: DVec3) -> IVec3 {
    crate::world::cell_containing(p)
}
