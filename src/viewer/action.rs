//! What a key means: a pure function from key events to viewer actions.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// A direction on the screen; the view turns it into a direction in the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScreenDir {
    /// Up the screen.
    Up,
    /// Down the screen.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

/// A control that is held (walking, jumping, sneaking) rather than pressed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hold {
    /// Walk in a screen direction.
    Move(ScreenDir),
    /// Jump (rise while flying).
    Jump,
    /// Sneak (sink while flying).
    Sneak,
}

/// Everything a key can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A held control went down (`true`) or up (`false`).
    Hold(Hold, bool),
    /// Sprint on or off.
    ToggleSprint,
    /// Fly on or off.
    ToggleFly,
    /// Top-down, side, split, and round again.
    CycleView,
    /// The side slice runs along x or along z.
    FlipAxis,
    /// Fewer blocks per cell.
    ZoomIn,
    /// More blocks per cell.
    ZoomOut,
    /// Throw a ball where the body faces.
    ThrowBall,
    /// Add a body that wanders by itself.
    AddWanderer,
    /// Clear a sphere of blocks in front of the body.
    Blast,
    /// Stop or restart the physics.
    Pause,
    /// One tick while paused.
    Step,
    /// Show or hide the list of keys.
    Help,
    /// Leave.
    Quit,
}

/// Every key and what it does, for the help overlay (and its test).
pub const KEY_HELP: [(&str, &str); 17] = [
    ("W A S D / arrows", "walk (relative to the view)"),
    ("space", "jump; rise while flying"),
    ("c", "sneak (stops at ledges); sink while flying"),
    ("r", "sprint on/off"),
    ("f", "fly on/off"),
    ("v", "view: top-down, side, split"),
    ("x", "side slice along x or z"),
    ("+ / -", "zoom in / out"),
    ("b", "throw a ball"),
    ("n", "add a wandering body"),
    ("e", "blast a sphere of blocks ahead"),
    ("p", "pause"),
    (".", "one tick while paused"),
    ("?", "this help"),
    ("q / Esc", "quit"),
    ("Ctrl-C", "quit"),
    (
        "",
        "terminals without key release: a held key repeats; walking stops shortly after it does",
    ),
];

/// The action of a key event, `None` for keys that do nothing.
///
/// Presses and repeats of a held control are `Hold(_, true)`, its release (on
/// terminals that report releases) `Hold(_, false)`; other actions happen on
/// press only.
///
/// ```
/// use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
/// use voxwalk::viewer::{Action, Hold, ScreenDir, action_for};
/// let press = KeyEvent::new(KeyCode::Char('d'), KeyModifiers::NONE);
/// assert_eq!(action_for(press), Some(Action::Hold(Hold::Move(ScreenDir::Right), true)));
/// let mut release = press;
/// release.kind = KeyEventKind::Release;
/// assert_eq!(action_for(release), Some(Action::Hold(Hold::Move(ScreenDir::Right), false)));
/// ```
#[must_use]
pub fn action_for(key: KeyEvent) -> Option<Action> {
    let down = key.kind != KeyEventKind::Release;
    let hold = |h| Some(Action::Hold(h, down));
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c' | 'C') if down => Some(Action::Quit),
            _ => None,
        };
    }
    match key.code {
        KeyCode::Char('w' | 'W') | KeyCode::Up => hold(Hold::Move(ScreenDir::Up)),
        KeyCode::Char('s' | 'S') | KeyCode::Down => hold(Hold::Move(ScreenDir::Down)),
        KeyCode::Char('a' | 'A') | KeyCode::Left => hold(Hold::Move(ScreenDir::Left)),
        KeyCode::Char('d' | 'D') | KeyCode::Right => hold(Hold::Move(ScreenDir::Right)),
        KeyCode::Char(' ') => hold(Hold::Jump),
        KeyCode::Char('c' | 'C') => hold(Hold::Sneak),
        _ if !down || key.kind == KeyEventKind::Repeat => None,
        KeyCode::Char('r' | 'R') => Some(Action::ToggleSprint),
        KeyCode::Char('f' | 'F') => Some(Action::ToggleFly),
        KeyCode::Char('v' | 'V') => Some(Action::CycleView),
        KeyCode::Char('x' | 'X') => Some(Action::FlipAxis),
        KeyCode::Char('+' | '=') => Some(Action::ZoomIn),
        KeyCode::Char('-' | '_') => Some(Action::ZoomOut),
        KeyCode::Char('b' | 'B') => Some(Action::ThrowBall),
        KeyCode::Char('n' | 'N') => Some(Action::AddWanderer),
        KeyCode::Char('e' | 'E') => Some(Action::Blast),
        KeyCode::Char('p' | 'P') => Some(Action::Pause),
        KeyCode::Char('.') => Some(Action::Step),
        KeyCode::Char('?') => Some(Action::Help),
        KeyCode::Char('q' | 'Q') | KeyCode::Esc => Some(Action::Quit),
        _ => None,
    }
}
