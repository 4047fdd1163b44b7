//! The vertical slice through the body, along x or along z: sky, terrain,
//! caves, and the bodies and balls from their boxes.

use glam::IVec3;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::super::app::App;
use super::super::block_glyphs::BlockGlyphs;
use super::super::camera::SliceAxis;
use super::super::theme::{CAVE, Palette, SKY};
use super::{Grid, block_rgb, outline_regions, put_slot, stamp_bodies, stamp_movers};
use voxwalk::block::BlockId;
use voxwalk::world::BlockSource;

/// How far up a column is searched for a roof that makes air a cave.
const ROOF_SEARCH: i32 = 24;

pub(super) struct Side<'a> {
    pub app: &'a App,
}

impl Widget for Side<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let world = app.sim().world();
        let registry = world.registry();
        let zoom = f64::from(app.blocks_per_cell());
        let body = app.drawn_player();
        let feet = body.feet();
        // (across, depth) of a world point: the screen's horizontal axis and
        // the coordinate the slice is cut at.
        let (across, slice) = match app.camera().axis() {
            SliceAxis::X => (feet.x, feet.z.floor() as i32),
            SliceAxis::Z => (feet.z, feet.x.floor() as i32),
        };
        let across_axis = match app.camera().axis() {
            SliceAxis::X => 0,
            SliceAxis::Z => 2,
        };
        let cell = |u: i32, y: i32| match app.camera().axis() {
            SliceAxis::X => IVec3::new(u, y, slice),
            SliceAxis::Z => IVec3::new(slice, y, u),
        };
        let half_w = f64::from(area.width) / 4.0;
        let half_h = f64::from(area.height) / 2.0;
        let left = (across / zoom).floor() * zoom - half_w.floor() * zoom;
        // The top row's upper edge; the body a little below the middle.
        let top = (feet.y / zoom).floor() * zoom + (half_h.floor() + 1.0) * zoom;
        let palette = app.palette();
        let mono = palette == Palette::Mono;
        for slot in 0..area.width / 2 {
            let u = (left + f64::from(slot) * zoom + (zoom / 2.0).floor()) as i32;
            // Walk the column top-down once, tracking whether a roof is above.
            let top_y = (top - 1.0) as i32;
            let mut roofed = (1..=ROOF_SEARCH).any(|dy| world.is_solid_at(cell(u, top_y + dy)));
            for row in 0..area.height {
                let y = (top - (f64::from(row) + 1.0) * zoom + (zoom / 2.0).floor()) as i32;
                let b = world.block(cell(u, y));
                let glyphs = registry.get(b).map_or(BlockGlyphs::Full, BlockGlyphs::of);
                let (glyph, rgb) = match b {
                    // Without colour, caves are shaded so they read apart from sky.
                    BlockId::AIR if roofed => ((if mono { "░░" } else { "  " }).into(), CAVE),
                    BlockId::AIR => ("  ".into(), SKY),
                    _ => {
                        let glyph = registry
                            .get(b)
                            .map_or("██".into(), |t| glyphs.side(t, across_axis));
                        (glyph, block_rgb(registry, b))
                    }
                };
                roofed |= registry.is_solid(b);
                let style = cell_style(palette, b == BlockId::AIR, rgb, &glyph, roofed);
                put_slot(buf, area, slot, row, &glyph, style);
            }
        }
        // The player's errand: the cells of its plan in the slice.
        let path_style = palette
            .colour([255, 214, 0], 1.0)
            .map_or(Style::new(), |c| Style::new().fg(c));
        for step in app.errand_path() {
            let (u, depth) = match app.camera().axis() {
                SliceAxis::X => (step.x, step.z),
                SliceAxis::Z => (step.z, step.x),
            };
            if depth != slice {
                continue;
            }
            let slot = ((f64::from(u) + 0.5 - left) / zoom).floor();
            let row = ((top - (f64::from(step.y) + 0.5)) / zoom).floor();
            if (0.0..f64::from(area.width / 2)).contains(&slot)
                && (0.0..f64::from(area.height)).contains(&row)
            {
                put_slot(buf, area, slot as u16, row as u16, "••", path_style);
            }
        }
        // Down the screen is −y: rows start at −top.
        let grid = Grid {
            left,
            top: -top,
            cell_w: zoom / 2.0,
            cell_h: zoom,
        };
        let axis = app.camera().axis();
        let span = |b: &voxwalk::geometry::Aabb| {
            let across = match axis {
                SliceAxis::X => (b.min.x, b.max.x),
                SliceAxis::Z => (b.min.z, b.max.z),
            };
            (across, (-b.max.y, -b.min.y))
        };
        // Movers reaching into the slice's row of cells.
        let (near, far) = (f64::from(slice), f64::from(slice) + 1.0);
        let in_slice = |b: &voxwalk::geometry::Aabb| match axis {
            SliceAxis::X => b.min.z < far && near < b.max.z,
            SliceAxis::Z => b.min.x < far && near < b.max.x,
        };
        stamp_movers(app, area, buf, grid, span, in_slice);
        stamp_bodies(app, area, buf, grid, span);
        outline_regions(app, area, buf, &grid, span);
    }
}

/// A cell's style: air is its background colour (sky or cave); a block is
/// its foreground, over the air it stands in unless its glyph fills the cell.
fn cell_style(palette: Palette, air: bool, rgb: [u8; 3], glyph: &str, roofed: bool) -> Style {
    let Some(c) = palette.colour(rgb, 1.0) else {
        return Style::new();
    };
    if air {
        return Style::new().bg(c);
    }
    let style = Style::new().fg(c);
    match palette.colour(if roofed { CAVE } else { SKY }, 1.0) {
        Some(sky) if glyph != "██" => style.bg(sky),
        _ => style,
    }
}
