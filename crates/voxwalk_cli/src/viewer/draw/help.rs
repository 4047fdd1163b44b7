//! The overlay listing every key.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block as Panel, Clear, Paragraph, Wrap};

use super::super::action::KEY_HELP;

pub(super) fn draw(frame: &mut Frame, area: Rect) {
    let lines: Vec<Line> = KEY_HELP
        .iter()
        .map(|(keys, what)| {
            if keys.is_empty() {
                Line::from(format!("  {what}"))
            } else {
                Line::from(format!("  {keys:<17} {what}"))
            }
        })
        .collect();
    let height = (lines.len() as u16 + 4).min(area.height);
    let width = 76.min(area.width);
    let [row] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    let [boxed] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Panel::bordered().title(" keys · ? to close ")),
        boxed,
    );
}
