//! Drawing: a pure function of the [`App`] onto a frame. Nothing here changes
//! state.

mod help;
mod side;
mod status;
mod top_down;

use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::Style;
use ratatui::widgets::{Block as Panel, Paragraph, Wrap};

use super::app::App;
use super::camera::{SliceAxis, ViewMode};
use voxwalk::block::{BlockId, BlockLook, BlockRegistry};

/// The smallest terminal the views are drawn in; smaller ones get a message.
pub const MIN_SIZE: (u16, u16) = (40, 10);

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "voxwalk: the terminal is {}×{}; the views need at least {}×{}. Enlarge it, or q to quit.",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [main, status_area] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(2)]).areas(area);
    match app.camera().view() {
        ViewMode::TopDown => draw_top_down(frame, app, main),
        ViewMode::Side => draw_side(frame, app, main),
        ViewMode::Split => {
            let [left, right] = Layout::default()
                .direction(Direction::Horizontal)
                .constraints([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(main);
            draw_top_down(frame, app, left);
            draw_side(frame, app, right);
        }
    }
    frame.render_widget(status::Status { app }, status_area);
    if app.help_shown() {
        help::draw(frame, main);
    }
}

fn draw_top_down(frame: &mut Frame, app: &App, area: Rect) {
    let title = format!(
        " top-down · y {} · {} b/cell ",
        app.player().feet().y.floor(),
        app.blocks_per_cell()
    );
    let panel = Panel::bordered().title(title).border_style(Style::new());
    let inner = panel.inner(area);
    frame.render_widget(panel, area);
    frame.render_widget(top_down::TopDown { app }, inner);
}

fn draw_side(frame: &mut Frame, app: &App, area: Rect) {
    let feet = app.player().feet();
    let slice = match app.camera().axis() {
        SliceAxis::X => format!("along x at z {}", feet.z.floor()),
        SliceAxis::Z => format!("along z at x {}", feet.x.floor()),
    };
    let title = format!(" side · {slice} · {} b/cell ", app.blocks_per_cell());
    let panel = Panel::bordered().title(title);
    let inner = panel.inner(area);
    frame.render_widget(panel, area);
    frame.render_widget(side::Side { app }, inner);
}

/// Writes a two-character block glyph (both characters the same width in
/// bytes) into the two cells of block slot `slot` on screen row `row`.
/// The colour a block's look names; magenta for an id beyond the registry.
fn block_rgb(registry: &BlockRegistry, block: BlockId) -> [u8; 3] {
    registry
        .get(block)
        .map_or_else(|| BlockLook::default().colour, |t| t.look.colour)
}

fn put_slot(
    buf: &mut ratatui::buffer::Buffer,
    area: Rect,
    slot: u16,
    row: u16,
    glyph: &str,
    style: Style,
) {
    let (col, y) = (area.x + slot * 2, area.y + row);
    let half = glyph.len() / 2;
    buf[(col, y)].set_symbol(&glyph[..half]).set_style(style);
    buf[(col + 1, y)]
        .set_symbol(&glyph[half..])
        .set_style(style);
}

/// How world coordinates map onto a view's cells: column `c` covers
/// `[left + c·cell_w, left + (c+1)·cell_w)` across, row `r` covers
/// `[top + r·cell_h, top + (r+1)·cell_h)` down the screen (in the view's own
/// "down" coordinate: z for top-down, −y for side).
#[derive(Clone, Copy, Debug)]
struct Grid {
    left: f64,
    top: f64,
    cell_w: f64,
    cell_h: f64,
}

/// Marks the corners of a region a check of the shown tick expects a body
/// in, `┌ ┐ └ ┘` (`[ ]` when it is one row high, `¯ _` one column wide, one
/// `◇` when it fits in a cell), over the bodies, green where the check holds
/// and red where it fails; `span` gives the region's extent across and down
/// the screen, as for the bodies.
fn outline_regions(
    app: &App,
    area: Rect,
    buf: &mut ratatui::buffer::Buffer,
    grid: &Grid,
    span: impl Fn(&voxwalk::geometry::Aabb) -> ((f64, f64), (f64, f64)),
) {
    let Some(playback) = &app.playback() else {
        return;
    };
    let (_, outlines) = playback.checks_now(app.sim(), app.camera().followed());
    for outline in outlines {
        let ((a0, a1), (d0, d1)) = span(&outline.region);
        let column = |a: f64| ((a - grid.left) / grid.cell_w).floor();
        let row = |d: f64| ((d - grid.top) / grid.cell_h).floor();
        // The far edges belong to the cell they close, not the next one.
        let (c0, c1) = (column(a0), column(a1 - 1e-9).max(column(a0)));
        let (r0, r1) = (row(d0), row(d1 - 1e-9).max(row(d0)));
        let rgb = if outline.passed {
            [80, 220, 120]
        } else {
            [240, 70, 70]
        };
        let mut style = Style::new();
        if let Some(c) = app.palette().colour(rgb, 1.0) {
            style = style.fg(c);
        }
        let corners: Vec<(f64, f64, &str)> = if c0 == c1 && r0 == r1 {
            vec![(c0, r0, "◇")]
        } else if r0 == r1 {
            vec![(c0, r0, "["), (c1, r0, "]")]
        } else if c0 == c1 {
            vec![(c0, r0, "¯"), (c0, r1, "_")]
        } else {
            vec![(c0, r0, "┌"), (c1, r0, "┐"), (c0, r1, "└"), (c1, r1, "┘")]
        };
        for (c, r, glyph) in corners {
            if c < 0.0 || r < 0.0 || c >= f64::from(area.width) || r >= f64::from(area.height) {
                continue;
            }
            let (x, y) = (area.x + c as u16, area.y + r as u16);
            buf[(x, y)].set_symbol(glyph).set_style(style);
        }
    }
}

/// Draws one box whose extent across and down the screen is `span` onto the
/// cells: half-block glyphs (or `glyph_override`) in colour `rgb`.
fn stamp_box(
    area: Rect,
    buf: &mut ratatui::buffer::Buffer,
    grid: Grid,
    span: ((f64, f64), (f64, f64)),
    palette: crate::viewer::Palette,
    rgb: [u8; 3],
    glyph_override: Option<&'static str>,
) {
    let ((a0, a1), (d0, d1)) = span;
    for row in 0..area.height {
        let v0 = grid.top + f64::from(row) * grid.cell_h;
        let vm = v0 + grid.cell_h / 2.0;
        let upper = overlaps(d0, d1, v0, vm);
        let lower = overlaps(d0, d1, vm, v0 + grid.cell_h);
        let Some(g) = half_glyph(upper, lower) else {
            continue;
        };
        for col in 0..area.width {
            let u0 = grid.left + f64::from(col) * grid.cell_w;
            if overlaps(a0, a1, u0, u0 + grid.cell_w) {
                let cell = &mut buf[(area.x + col, area.y + row)];
                cell.set_symbol(glyph_override.unwrap_or(body_glyph(g, palette)));
                if let Some(c) = palette.colour(rgb, 1.0) {
                    cell.set_fg(c);
                }
            }
        }
    }
}

/// Draws the movers' boxes that `visible` lets through (those in the slice
/// shown), each in its block's colour, where they are drawn between ticks.
fn stamp_movers(
    app: &App,
    area: Rect,
    buf: &mut ratatui::buffer::Buffer,
    grid: Grid,
    span: impl Fn(&voxwalk::geometry::Aabb) -> ((f64, f64), (f64, f64)),
    visible: impl Fn(&voxwalk::geometry::Aabb) -> bool,
) {
    let registry = app.sim().world().registry();
    for (_, mover) in app.sim().movers().iter() {
        for (b, block) in mover.boxes() {
            if visible(&b) {
                let rgb = block_rgb(registry, block);
                stamp_box(area, buf, grid, span(&b), app.palette(), rgb, Some("▒"));
            }
        }
    }
}

/// Draws the bodies and balls onto the cells, each from its box: `span` gives
/// a box's extent across and down the screen. Half-block glyphs show which
/// halves of a cell a box covers; the player is drawn last, on top.
fn stamp_bodies(
    app: &App,
    area: Rect,
    buf: &mut ratatui::buffer::Buffer,
    grid: Grid,
    span: impl Fn(&voxwalk::geometry::Aabb) -> ((f64, f64), (f64, f64)),
) {
    let palette = app.palette();
    let mut stamp =
        |b: &voxwalk::geometry::Aabb, rgb: [u8; 3], glyph_override: Option<&'static str>| {
            stamp_box(area, buf, grid, span(b), palette, rgb, glyph_override);
        };
    for other in app.sim().bodies().iter().skip(1) {
        stamp(&other.aabb, super::theme::OTHER, None);
    }
    for ball in app.sim().balls() {
        let r = ball.radius;
        let b = voxwalk::geometry::Aabb::new(ball.center - r, ball.center + r);
        stamp(&b, super::theme::BALL, Some("●"));
    }
    stamp(&app.drawn_player(), super::theme::PLAYER, None);
}

/// Which halves of a cell a box covers, as a half-block glyph: the cell spans
/// `[u0, u1)` across and two halves `[v0, vm)`, `[vm, v1)` down the screen.
fn half_glyph(covers_upper: bool, covers_lower: bool) -> Option<&'static str> {
    match (covers_upper, covers_lower) {
        (true, true) => Some("█"),
        (true, false) => Some("▀"),
        (false, true) => Some("▄"),
        (false, false) => None,
    }
}

/// Without colour a body's full cells are shaded, not solid, so it cannot be
/// mistaken for a block.
fn body_glyph(glyph: &'static str, palette: super::theme::Palette) -> &'static str {
    if palette == super::theme::Palette::Mono && glyph == "█" {
        "▓"
    } else {
        glyph
    }
}

/// Whether the open intervals `(a0, a1)` and `(b0, b1)` overlap.
fn overlaps(a0: f64, a1: f64, b0: f64, b1: f64) -> bool {
    a0 < b1 && b0 < a1
}
