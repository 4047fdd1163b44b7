//! Colours: true colour, the 256-colour cube, or 16 named colours, and none at
//! all when `NO_COLOR` is set.

use ratatui::style::Color;

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    /// 24-bit colour.
    TrueColor,
    /// The xterm 256-colour palette.
    Indexed256,
    /// The 16 standard colours.
    Basic16,
    /// No colour (`NO_COLOR`): the glyphs alone tell blocks apart.
    Mono,
}

impl Palette {
    /// The palette the environment asks for: `NO_COLOR` wins, then
    /// `COLORTERM=truecolor|24bit`, then a `TERM` with `256color`, else 16.
    #[must_use]
    pub fn from_env(
        no_color: Option<&str>,
        colorterm: Option<&str>,
        term: Option<&str>,
    ) -> Palette {
        if no_color.is_some_and(|v| !v.is_empty()) {
            Palette::Mono
        } else if colorterm.is_some_and(|c| c.contains("truecolor") || c.contains("24bit")) {
            Palette::TrueColor
        } else if term.is_some_and(|t| t.contains("256")) {
            Palette::Indexed256
        } else {
            Palette::Basic16
        }
    }

    /// The palette of this process's environment.
    #[must_use]
    pub fn detect() -> Palette {
        let var = |k| std::env::var(k).ok();
        Palette::from_env(
            var("NO_COLOR").as_deref(),
            var("COLORTERM").as_deref(),
            var("TERM").as_deref(),
        )
    }

    /// `rgb` scaled by `light` (0 dark … 1 as is), in this palette; `None` in mono.
    #[must_use]
    pub fn colour(self, rgb: [u8; 3], light: f64) -> Option<Color> {
        let scaled = rgb.map(|c| (f64::from(c) * light.clamp(0.0, 1.0)).round() as u8);
        match self {
            Palette::Mono => None,
            Palette::TrueColor => Some(Color::Rgb(scaled[0], scaled[1], scaled[2])),
            Palette::Indexed256 => {
                let six = scaled.map(|c| (u16::from(c) * 5 + 127) / 255);
                Some(Color::Indexed(
                    (16 + 36 * six[0] + 6 * six[1] + six[2]) as u8,
                ))
            }
            Palette::Basic16 => Some(nearest_basic(scaled)),
        }
    }
}

/// The 16-colour name nearest to `rgb`.
fn nearest_basic(rgb: [u8; 3]) -> Color {
    const NAMED: [(Color, [i32; 3]); 16] = [
        (Color::Black, [0, 0, 0]),
        (Color::Red, [170, 0, 0]),
        (Color::Green, [0, 170, 0]),
        (Color::Yellow, [170, 85, 0]),
        (Color::Blue, [0, 0, 170]),
        (Color::Magenta, [170, 0, 170]),
        (Color::Cyan, [0, 170, 170]),
        (Color::Gray, [170, 170, 170]),
        (Color::DarkGray, [85, 85, 85]),
        (Color::LightRed, [255, 85, 85]),
        (Color::LightGreen, [85, 255, 85]),
        (Color::LightYellow, [255, 255, 85]),
        (Color::LightBlue, [85, 85, 255]),
        (Color::LightMagenta, [255, 85, 255]),
        (Color::LightCyan, [85, 255, 255]),
        (Color::White, [255, 255, 255]),
    ];
    let c = rgb.map(i32::from);
    NAMED
        .iter()
        .min_by_key(|(_, n)| (0..3).map(|i| (c[i] - n[i]).pow(2)).sum::<i32>())
        .map_or(Color::Reset, |(name, _)| *name)
}

/// Sky, caves, the player, other bodies, balls.
pub const SKY: [u8; 3] = [135, 190, 235];
/// Air with something above it.
pub const CAVE: [u8; 3] = [30, 30, 36];
/// The player's body.
pub const PLAYER: [u8; 3] = [255, 215, 0];
/// Other bodies.
pub const OTHER: [u8; 3] = [255, 105, 180];
/// Balls.
pub const BALL: [u8; 3] = [250, 250, 250];
