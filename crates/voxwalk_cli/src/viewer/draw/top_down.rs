//! The horizontal slice at the body's feet: what stands at foot level, the
//! ground below shaded by depth, a hint of what hangs overhead, and the bodies
//! and balls from their real boxes.

use std::borrow::Cow;

use glam::IVec3;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::super::app::App;
use super::super::block_glyphs::BlockGlyphs;
use super::{Grid, block_rgb, outline_regions, put_slot, stamp_bodies, stamp_movers};
use voxwalk::block::BlockId;
use voxwalk::world::{BlockSource, World};

/// How far down the ground is looked for.
const DEPTH: i32 = 16;
/// How far up a roof is looked for.
const ROOF: i32 = 4;

pub(super) struct TopDown<'a> {
    pub app: &'a App,
}

/// What one block slot shows: its glyphs, the block they stand for, and how
/// much light that block gets. Any block but air is drawn at foot level; below
/// it, the first one found, with depth shading for solid ground and its own
/// glyphs for passable blocks (water).
fn column(world: &World, x: i32, feet_y: i32, z: i32) -> (Cow<'static, str>, BlockId, f64) {
    let registry = world.registry();
    let at = |y: i32| world.block(IVec3::new(x, y, z));
    let glyphs = |b: BlockId| registry.get(b).map_or(BlockGlyphs::Full, BlockGlyphs::of);
    let here = at(feet_y);
    if here != BlockId::AIR {
        return (glyphs(here).top_down(), here, 1.0);
    }
    for depth in 1..=DEPTH {
        let b = at(feet_y - depth);
        if b != BlockId::AIR {
            let light = 1.0 - 0.06 * f64::from(depth - 1);
            let glyph = if !registry.is_solid(b) {
                glyphs(b).top_down()
            } else if depth == 1 {
                if (1..=ROOF).any(|dy| world.is_solid_at(IVec3::new(x, feet_y + 1 + dy, z))) {
                    "▔▔".into()
                } else {
                    "  ".into()
                }
            } else if depth <= 4 {
                "··".into()
            } else {
                "::".into()
            };
            return (glyph, b, light);
        }
    }
    ("  ".into(), BlockId::AIR, 0.0)
}

/// The highest sections looked at for the surface: a 1.18+ world's top.
const MAP_TOP_CHUNK: i32 = 19;
/// The lowest.
const MAP_BOTTOM_CHUNK: i32 = -4;

/// What one block slot shows on the map: the column's highest block that is
/// not air (water included), lit by its height against the feet's (higher is
/// brighter), with its own glyphs for passable blocks.
fn surface(world: &World, x: i32, feet_y: i32, z: i32) -> (Cow<'static, str>, BlockId, f64) {
    let registry = world.registry();
    for cy in (MAP_BOTTOM_CHUNK..=MAP_TOP_CHUNK).rev() {
        let key = voxwalk::world::chunk_of(IVec3::new(x, cy * 16, z));
        let Some(chunk) = world.chunk(key) else {
            continue;
        };
        if chunk.uniform_block() == Some(BlockId::AIR) {
            continue;
        }
        let local = voxwalk::world::local_of(IVec3::new(x, 0, z));
        for ly in (0..16).rev() {
            let b = chunk.block(IVec3::new(local.x, ly, local.z));
            if b == BlockId::AIR {
                continue;
            }
            let y = cy * 16 + ly;
            let light = (0.7 + 0.02 * f64::from(y - feet_y)).clamp(0.25, 1.0);
            let glyph = if registry.is_solid(b) {
                "  ".into()
            } else {
                registry
                    .get(b)
                    .map_or(BlockGlyphs::Full, BlockGlyphs::of)
                    .top_down()
            };
            return (glyph, b, light);
        }
    }
    ("  ".into(), BlockId::AIR, 0.0)
}

impl Widget for TopDown<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let world = app.sim().world();
        let zoom = f64::from(app.blocks_per_cell());
        let body = app.drawn_player();
        let feet = body.feet();
        let feet_y = feet.y.floor() as i32;
        // Each terminal column is half a slot; a slot is `zoom` blocks square.
        let half_w = f64::from(area.width) / 4.0;
        let half_h = f64::from(area.height) / 2.0;
        let left = (feet.x / zoom).floor() * zoom - half_w.floor() * zoom;
        let top = (feet.z / zoom).floor() * zoom - half_h.floor() * zoom;
        let palette = app.palette();
        for row in 0..area.height {
            for slot in 0..area.width / 2 {
                let x = left + f64::from(slot) * zoom + (zoom / 2.0).floor();
                let z = top + f64::from(row) * zoom + (zoom / 2.0).floor();
                let (glyph, block, light) = if app.map() {
                    surface(world, x as i32, feet_y, z as i32)
                } else {
                    column(world, x as i32, feet_y, z as i32)
                };
                let mut style = Style::new();
                if block != BlockId::AIR
                    && let Some(c) = palette.colour(block_rgb(world.registry(), block), light)
                {
                    // Ground below is a background under the depth glyphs;
                    // what stands at foot level is drawn in the glyph's colour.
                    let ground = matches!(&*glyph, "  " | "··" | "::" | "▔▔");
                    style = if ground { style.bg(c) } else { style.fg(c) };
                }
                put_slot(buf, area, slot, row, &glyph, style);
            }
        }
        // The player's errand: the cells its plan still steps to.
        let path_style = palette
            .colour([255, 214, 0], 1.0)
            .map_or(Style::new(), |c| Style::new().fg(c));
        let mark = |buf: &mut Buffer, (x, z): (i32, i32), glyph: &str, style: Style| {
            let slot = ((f64::from(x) + 0.5 - left) / zoom).floor();
            let row = ((f64::from(z) + 0.5 - top) / zoom).floor();
            if (0.0..f64::from(area.width / 2)).contains(&slot)
                && (0.0..f64::from(area.height)).contains(&row)
            {
                put_slot(buf, area, slot as u16, row as u16, glyph, style);
            }
        };
        for cell in app.errand_path() {
            mark(buf, (cell.x, cell.z), "••", path_style);
        }
        // Bodies and balls, from their boxes: each column half a slot wide,
        // each row split in an upper and a lower half.
        let grid = Grid {
            left,
            top,
            cell_w: zoom / 2.0,
            cell_h: zoom,
        };
        let span = |b: &voxwalk::geometry::Aabb| ((b.min.x, b.max.x), (b.min.z, b.max.z));
        // Movers at foot level, and the ones just under it (a floor ridden).
        let level = f64::from(feet_y);
        let near_feet =
            |b: &voxwalk::geometry::Aabb| b.max.y > level - 2.0 && b.min.y < level + 2.0;
        stamp_movers(app, area, buf, grid, span, near_feet);
        stamp_bodies(app, area, buf, grid, span);
        outline_regions(app, area, buf, &grid, span);
        // The spot being picked for an errand (`k`), over whatever is there.
        if let Some(at) = app.cursor() {
            let style = path_style.add_modifier(Modifier::REVERSED);
            mark(buf, (at.x, at.y), "><", style);
        }
    }
}
