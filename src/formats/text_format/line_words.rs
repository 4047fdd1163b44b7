//! Words of a text world's line and the columns they start at, for errors
//! that point at them.

/// The 1-based character column where `part`, a slice of `line`, starts; one past
/// the end of the line when `part` is empty and not inside it.
pub(super) fn column_of(line: &str, part: &str) -> usize {
    let start = line.as_ptr() as usize;
    let offset = (part.as_ptr() as usize).wrapping_sub(start);
    let offset = if offset <= line.len() && line.is_char_boundary(offset) {
        offset
    } else {
        line.len()
    };
    line[..offset].chars().count() + 1
}

/// The white-space separated words of `part` (a slice of `line`), each with
/// its 1-based column in `line`. The columns are counted as the words go, so
/// a line of a million words costs a million steps, not a million squared.
pub(super) fn words_with_columns<'a>(line: &str, part: &'a str) -> Vec<(usize, &'a str)> {
    let mut cursor = ColumnCursor::new(line);
    part.split_whitespace()
        .map(|w| (cursor.column_of(w), w))
        .collect()
}

/// Columns of successive parts of one line, each counted from the last.
struct ColumnCursor<'l> {
    line: &'l str,
    /// Byte offset and 1-based column reached so far.
    offset: usize,
    column: usize,
    /// Characters counted, for the test that holds the cost linear.
    #[cfg(test)]
    visited: usize,
}

impl<'l> ColumnCursor<'l> {
    fn new(line: &'l str) -> Self {
        ColumnCursor {
            line,
            offset: 0,
            column: 1,
            #[cfg(test)]
            visited: 0,
        }
    }

    /// The column of `part`, a slice of the line at or after the last part
    /// asked about (else counted from the line's start).
    pub(super) fn column_of(&mut self, part: &str) -> usize {
        let start = self.line.as_ptr() as usize;
        let offset = (part.as_ptr() as usize).wrapping_sub(start);
        let offset = if offset <= self.line.len() && self.line.is_char_boundary(offset) {
            offset
        } else {
            self.line.len()
        };
        if offset < self.offset {
            (self.offset, self.column) = (0, 1);
        }
        let counted = self.line[self.offset..offset].chars().count();
        #[cfg(test)]
        {
            self.visited += counted;
        }
        self.column += counted;
        self.offset = offset;
        self.column
    }
}

/// The first white-space separated word and the rest, trimmed.
pub(super) fn split_word(s: &str) -> (&str, &str) {
    match s.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (s, &s[s.len()..]),
    }
}

pub(super) fn parse_numbers<T: std::str::FromStr>(s: &str) -> Option<[T; 3]> {
    let mut parts = s.split_whitespace().map(str::parse::<T>);
    let v = [
        parts.next()?.ok()?,
        parts.next()?.ok()?,
        parts.next()?.ok()?,
    ];
    parts.next().is_none().then_some(v)
}

#[cfg(test)]
mod tests {
    #[test]
    fn columns_of_a_long_line_are_counted_once() {
        let line = format!("block b{}", " solid".repeat(100_000));
        let rest = &line[6..];
        let mut cursor = super::ColumnCursor::new(&line);
        let columns: Vec<usize> = rest
            .split_whitespace()
            .map(|w| cursor.column_of(w))
            .collect();
        assert_eq!(columns[0], 7);
        assert_eq!(columns[1], 9);
        assert_eq!(*columns.last().unwrap(), line.len() - 4);
        // Each character counted once: linear, where a count from the
        // line's start for every word is a hundred thousand times that.
        assert!(
            cursor.visited <= line.len(),
            "{} steps for {} characters",
            cursor.visited,
            line.len()
        );
    }
}
