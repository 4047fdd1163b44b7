//! The vertical slice through the body, along x or along z: sky, terrain,
//! caves, and the bodies and balls from their boxes.

use glam::IVec3;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::super::app::{App, SliceAxis};
use super::super::theme::{BALL, CAVE, OTHER, PLAYER, SKY, block_rgb};
use super::{body_glyph, half_glyph, overlaps};
use crate::geometry::Aabb;
use crate::world::Block;

/// How far up a column is searched for a roof that makes air a cave.
const ROOF_SEARCH: i32 = 24;

pub(super) struct Side<'a> {
    pub app: &'a App,
}

impl Widget for Side<'_> {
    #[allow(clippy::too_many_lines)] // one pass over the cells, one over the boxes
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let world = app.sim.world();
        let zoom = f64::from(app.blocks_per_cell());
        let body = app.drawn_player();
        let feet = body.feet();
        // (across, depth) of a world point: the screen's horizontal axis and
        // the coordinate the slice is cut at.
        let (across, slice) = match app.axis {
            SliceAxis::X => (feet.x, feet.z.floor() as i32),
            SliceAxis::Z => (feet.z, feet.x.floor() as i32),
        };
        let cell = |u: i32, y: i32| match app.axis {
            SliceAxis::X => IVec3::new(u, y, slice),
            SliceAxis::Z => IVec3::new(slice, y, u),
        };
        let half_w = f64::from(area.width) / 4.0;
        let half_h = f64::from(area.height) / 2.0;
        let left = (across / zoom).floor() * zoom - half_w.floor() * zoom;
        // The top row's upper edge; the body a little below the middle.
        let top = (feet.y / zoom).floor() * zoom + (half_h.floor() + 1.0) * zoom;
        let palette = app.palette;
        let mono = palette == super::super::theme::Palette::Mono;
        for slot in 0..area.width / 2 {
            let u = (left + f64::from(slot) * zoom + (zoom / 2.0).floor()) as i32;
            // Walk the column top-down once, tracking whether a roof is above.
            let top_y = (top - 1.0) as i32;
            let mut roofed =
                (1..=ROOF_SEARCH).any(|dy| world.block(cell(u, top_y + dy)).is_solid());
            for row in 0..area.height {
                let y = (top - (f64::from(row) + 1.0) * zoom + (zoom / 2.0).floor()) as i32;
                let b = world.block(cell(u, y));
                let (glyph, rgb) = match b {
                    // Without colour, caves are shaded so they read apart from sky.
                    Block::Air if roofed => (if mono { "░░" } else { "  " }, CAVE),
                    Block::Air => ("  ", SKY),
                    Block::Water => ("~~", block_rgb(b)),
                    Block::Slab => ("▄▄", block_rgb(b)),
                    Block::TopSlab => ("▀▀", block_rgb(b)),
                    Block::Post => ("▐▌", block_rgb(b)),
                    _ => ("██", block_rgb(b)),
                };
                roofed |= b.is_solid();
                let mut style = Style::new();
                if let Some(c) = palette.colour(rgb, 1.0) {
                    style = if b == Block::Air {
                        style.bg(c)
                    } else {
                        style.fg(c)
                    };
                    if matches!(b, Block::Slab | Block::TopSlab | Block::Post | Block::Water)
                        && let Some(sky) = palette.colour(if roofed { CAVE } else { SKY }, 1.0)
                    {
                        style = style.bg(sky);
                    }
                }
                let (col, screen_y) = (area.x + slot * 2, area.y + row);
                buf[(col, screen_y)]
                    .set_symbol(&glyph[..glyph.len() / 2])
                    .set_style(style);
                buf[(col + 1, screen_y)]
                    .set_symbol(&glyph[glyph.len() / 2..])
                    .set_style(style);
            }
        }
        let cell_w = zoom / 2.0;
        let cell_h = zoom;
        let mut draw_box = |b: &Aabb, rgb: [u8; 3], glyph_override: Option<&'static str>| {
            let (a0, a1) = match app.axis {
                SliceAxis::X => (b.min.x, b.max.x),
                SliceAxis::Z => (b.min.z, b.max.z),
            };
            for row in 0..area.height {
                let y1 = top - f64::from(row) * cell_h;
                let ym = y1 - cell_h / 2.0;
                let y0 = y1 - cell_h;
                let upper = overlaps(b.min.y, b.max.y, ym, y1);
                let lower = overlaps(b.min.y, b.max.y, y0, ym);
                let Some(g) = half_glyph(upper, lower) else {
                    continue;
                };
                for colm in 0..area.width {
                    let u0 = left + f64::from(colm) * cell_w;
                    if overlaps(a0, a1, u0, u0 + cell_w) {
                        let c = &mut buf[(area.x + colm, area.y + row)];
                        c.set_symbol(glyph_override.unwrap_or(body_glyph(g, palette)));
                        if let Some(colour) = palette.colour(rgb, 1.0) {
                            c.set_fg(colour);
                        }
                    }
                }
            }
        };
        for other in app.sim.bodies().iter().skip(1) {
            draw_box(&other.aabb, OTHER, None);
        }
        for ball in app.sim.balls() {
            let r = ball.radius;
            draw_box(
                &Aabb::new(ball.center - r, ball.center + r),
                BALL,
                Some("●"),
            );
        }
        draw_box(&body, PLAYER, None);
    }
}
