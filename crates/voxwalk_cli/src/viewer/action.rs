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
    /// The top-down view shows the surface as a map, or the slice at the feet.
    ToggleMap,
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
    /// Send the player to a far spot it plans its own way to.
    SendFar,
    /// Show a cursor in the top-down view to pick where the player goes
    /// (walking keys move it, Enter sends), or put it away.
    Pick,
    /// Clear a sphere of blocks in front of the body.
    Blast,
    /// Stop or restart the physics.
    Pause,
    /// One tick while paused.
    Step,
    /// One tick back (a scenario).
    StepBack,
    /// Twenty ticks forward (a scenario).
    Forward20,
    /// Twenty ticks back (a scenario).
    Back20,
    /// The first tick (a scenario).
    First,
    /// The last tick (a scenario).
    Last,
    /// A digit of a tick to go to (a scenario).
    Digit(u8),
    /// Go to the tick typed (a scenario).
    GoTo,
    /// Follow the next body.
    NextBody,
    /// Show or hide the list of keys.
    Help,
    /// Leave.
    Quit,
}

/// Every key and what it does, for the help overlay (and its test).
pub const KEY_HELP: [(&str, &str); 22] = [
    ("W A S D / arrows", "walk (relative to the view)"),
    ("space", "jump; rise while flying"),
    ("c", "sneak (stops at ledges); sink while flying"),
    ("r", "sprint on/off"),
    ("f", "fly on/off"),
    ("v", "view: top-down, side, split"),
    ("x", "side slice along x or z"),
    ("m", "top-down: a map of the surface, or the slice"),
    ("+ / -", "zoom in / out"),
    ("b", "throw a ball"),
    ("n", "add a wandering body"),
    ("g", "go: the body plans its way to a far spot and walks it"),
    (
        "k",
        "pick: walking keys move a cursor, Enter sends the body",
    ),
    ("e", "blast a sphere of blocks ahead"),
    ("p", "pause"),
    (". / ,", "one tick forward / back (back: in a scenario)"),
    (
        "[ ] Home End",
        "a scenario: 20 ticks back, forward; first, last tick",
    ),
    (
        "0-9 Enter, Tab",
        "a scenario: go to a tick; follow the next body",
    ),
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
/// use voxwalk_cli::viewer::{Action, Hold, ScreenDir, action_for};
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
        KeyCode::Char('m' | 'M') => Some(Action::ToggleMap),
        KeyCode::Char('x' | 'X') => Some(Action::FlipAxis),
        KeyCode::Char('+' | '=') => Some(Action::ZoomIn),
        KeyCode::Char('-' | '_') => Some(Action::ZoomOut),
        KeyCode::Char('b' | 'B') => Some(Action::ThrowBall),
        KeyCode::Char('n' | 'N') => Some(Action::AddWanderer),
        KeyCode::Char('g' | 'G') => Some(Action::SendFar),
        KeyCode::Char('k' | 'K') => Some(Action::Pick),
        KeyCode::Char('e' | 'E') => Some(Action::Blast),
        KeyCode::Char('p' | 'P') => Some(Action::Pause),
        KeyCode::Char('.') => Some(Action::Step),
        KeyCode::Char(',') => Some(Action::StepBack),
        KeyCode::Char(']') => Some(Action::Forward20),
        KeyCode::Char('[') => Some(Action::Back20),
        KeyCode::Home | KeyCode::Char('<') => Some(Action::First),
        KeyCode::End | KeyCode::Char('>') => Some(Action::Last),
        KeyCode::Char(c @ '0'..='9') => Some(Action::Digit(c as u8 - b'0')),
        KeyCode::Enter => Some(Action::GoTo),
        KeyCode::Tab => Some(Action::NextBody),
        KeyCode::Char('?') => Some(Action::Help),
        KeyCode::Char('q' | 'Q') | KeyCode::Esc => Some(Action::Quit),
        _ => None,
    }
}
