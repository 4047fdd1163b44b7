//! Text from files made fit for a terminal. Names, states, scenario names and
//! quoted lines come from files that may hold any character: a control
//! character (ESC, OSC, a carriage return) can drive the terminal, and a
//! bidi override or a zero-width character moves what follows it. Everything
//! voxwalk prints or draws from a file goes through [`terminal_safe`] (names
//! are escaped, not refused: a world's name may hold a joined emoji).

/// What [`terminal_safe`] does with a line break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineBreaks {
    /// Kept: a message that lays a quoted snippet out over lines.
    Keep,
    /// Escaped as `\n`: a name or a value on one line of a table.
    Escape,
}

/// Whether `c` is invisible formatting that moves or reorders what follows it
/// on screen: bidi controls and overrides, zero-width spaces and joiners, the
/// soft hyphen, the byte order mark (Unicode's format characters that
/// terminals do not draw).
#[must_use]
pub fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{ad}' | '\u{61c}' | '\u{180e}'
        | '\u{200b}'..='\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206f}'
        | '\u{feff}'
        | '\u{fff9}'..='\u{fffb}')
}

/// `text` with every control character (but a line break, if kept) and every
/// invisible format character written as its escape, so nothing quoted from
/// a file can drive the terminal or shift what is drawn after it.
///
/// ```
/// use voxwalk::printable::{LineBreaks, terminal_safe};
/// assert_eq!(terminal_safe("bad \u{1b}[2J\0name\r", LineBreaks::Keep), "bad \\u{1b}[2J\\u{0}name\\r");
/// assert_eq!(terminal_safe("plain: ÷ é\nnext", LineBreaks::Keep), "plain: ÷ é\nnext");
/// assert_eq!(terminal_safe("two\nlines", LineBreaks::Escape), "two\\nlines");
/// assert_eq!(terminal_safe("a\u{202e}b", LineBreaks::Escape), "a\\u{202e}b");
/// ```
#[must_use]
pub fn terminal_safe(text: &str, line_breaks: LineBreaks) -> String {
    text.chars()
        .map(|c| {
            let kept_break = c == '\n' && line_breaks == LineBreaks::Keep;
            if (c.is_control() && !kept_break) || is_invisible_format(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
