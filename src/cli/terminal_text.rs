//! Text from files made fit for a terminal: messages quote names, states and
//! lines from the files they are about, and a file may hold any byte.

/// `text` with every control character but the line break (NUL, ESC, carriage
/// return, …) written as its escape, so a name or state quoted from a file
/// cannot drive the terminal. Line breaks stay: the messages that quote a
/// snippet of a scenario file lay it out over lines.
///
/// ```
/// use voxwalk::cli::terminal_safe;
/// assert_eq!(terminal_safe("bad \u{1b}[2J\0name\r"), "bad \\u{1b}[2J\\u{0}name\\r");
/// assert_eq!(terminal_safe("plain: ÷ é\nnext"), "plain: ÷ é\nnext");
/// ```
#[must_use]
pub fn terminal_safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\n' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
