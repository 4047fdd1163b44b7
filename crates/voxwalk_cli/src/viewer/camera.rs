//! What the views show: which view, which way the side slice runs, the zoom
//! and the body they follow. Actions change it (through [`App`](super::App));
//! drawing reads it.

use glam::DVec2;

use super::action::ScreenDir;

/// What the main area shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    /// The horizontal slice at the body's feet, terrain below shaded by depth.
    TopDown,
    /// The vertical slice through the body.
    Side,
    /// Both, side by side.
    Split,
}

/// The direction the side slice runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceAxis {
    /// Screen right is +x.
    X,
    /// Screen right is +z.
    Z,
}

/// Zoom levels: blocks per cell.
pub const ZOOMS: [u32; 4] = [1, 2, 4, 8];

/// Where the views look from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Camera {
    view: ViewMode,
    axis: SliceAxis,
    zoom: usize,
    followed: usize,
}

impl Default for Camera {
    /// Both views, the side slice along x, one block a cell, following body 0.
    fn default() -> Camera {
        Camera {
            view: ViewMode::Split,
            axis: SliceAxis::X,
            zoom: 0,
            followed: 0,
        }
    }
}

impl Camera {
    /// Which view.
    #[must_use]
    pub fn view(&self) -> ViewMode {
        self.view
    }

    /// Which way the side slice runs.
    #[must_use]
    pub fn axis(&self) -> SliceAxis {
        self.axis
    }

    /// Blocks per cell.
    #[must_use]
    pub fn blocks_per_cell(&self) -> u32 {
        ZOOMS[self.zoom]
    }

    /// The body the views follow, as an index into the simulation's bodies.
    #[must_use]
    pub fn followed(&self) -> usize {
        self.followed
    }

    /// The world direction of a screen direction in this view: in the side
    /// view along z, screen right is +z and down is +x.
    #[must_use]
    pub fn world_direction(&self, dir: ScreenDir) -> DVec2 {
        let side_z = self.view == ViewMode::Side && self.axis == SliceAxis::Z;
        match (dir, side_z) {
            (ScreenDir::Right, false) | (ScreenDir::Down, true) => DVec2::X,
            (ScreenDir::Left, false) | (ScreenDir::Up, true) => DVec2::NEG_X,
            (ScreenDir::Down, false) | (ScreenDir::Right, true) => DVec2::Y,
            (ScreenDir::Up, false) | (ScreenDir::Left, true) => DVec2::NEG_Y,
        }
    }

    pub(super) fn show(&mut self, view: ViewMode, axis: SliceAxis) {
        self.view = view;
        self.axis = axis;
    }

    pub(super) fn cycle_view(&mut self) {
        self.view = match self.view {
            ViewMode::TopDown => ViewMode::Side,
            ViewMode::Side => ViewMode::Split,
            ViewMode::Split => ViewMode::TopDown,
        };
    }

    pub(super) fn flip_axis(&mut self) {
        self.axis = match self.axis {
            SliceAxis::X => SliceAxis::Z,
            SliceAxis::Z => SliceAxis::X,
        };
    }

    /// Sets the zoom to level `level` of [`ZOOMS`] (the last, beyond it).
    pub(super) fn zoom_to(&mut self, level: usize) {
        self.zoom = level.min(ZOOMS.len() - 1);
    }

    pub(super) fn zoom_in(&mut self) {
        self.zoom_to(self.zoom.saturating_sub(1));
    }

    pub(super) fn zoom_out(&mut self) {
        self.zoom_to(self.zoom + 1);
    }

    /// Follows the next of `bodies` bodies, after the last the first.
    pub(super) fn follow_next(&mut self, bodies: usize) {
        self.followed = (self.followed + 1) % bodies.max(1);
    }
}
