//! `--bless` pins a scenario file to this build's movement model.

use std::io::Write;
use std::path::Path;

use super::spec::{ScenarioError, read_text};
use crate::controller::MODEL;

/// Rewrites the top-level `model = …` line of the scenario file at `path` to
/// name this build's model, or adds one at the top; true when the file
/// changed. Written to a temporary file beside it and renamed into place,
/// never through a symbolic link, so an interrupted bless leaves the file as
/// it was.
///
/// # Errors
/// [`ScenarioError::Io`] when the file cannot be read or written, or is a
/// symbolic link.
pub(super) fn pin_model(path: &Path) -> Result<bool, ScenarioError> {
    let io = |source| ScenarioError::Io {
        path: path.to_path_buf(),
        source,
    };
    if std::fs::symlink_metadata(path)
        .map_err(io)?
        .file_type()
        .is_symlink()
    {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "is a symbolic link: --bless never writes through one",
        )));
    }
    let text = read_text(path, path)?;
    let pinned = pinned_text(&text);
    if pinned == text {
        return Ok(false);
    }
    let temporary = path.with_extension("toml.tmp");
    match std::fs::remove_file(&temporary) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(e)),
        _ => {}
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .map_err(io)?;
    let written = file
        .write_all(pinned.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written.map_err(io)?;
    Ok(true)
}

/// `text` with its top-level `model` key (the keys before the first table)
/// naming [`MODEL`], added as the first line when there is none.
fn pinned_text(text: &str) -> String {
    let line = format!("model = \"{MODEL}\"");
    let mut out = String::with_capacity(text.len() + line.len() + 1);
    let mut replaced = false;
    let mut in_tables = false;
    for piece in text.split_inclusive('\n') {
        let trimmed = piece.trim_start();
        in_tables |= trimmed.starts_with('[');
        let is_model = trimmed
            .strip_prefix("model")
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if !in_tables && !replaced && is_model {
            out.push_str(&line);
            out.push_str(if piece.ends_with("\r\n") {
                "\r\n"
            } else {
                "\n"
            });
            replaced = true;
        } else {
            out.push_str(piece);
        }
    }
    if replaced {
        out
    } else {
        format!("{line}\n{out}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_replaces_the_top_level_model_line_or_comes_first() {
        let now = format!("model = \"{MODEL}\"");
        assert_eq!(
            pinned_text("model = \"old v0\"\nticks = 3\n"),
            format!("{now}\nticks = 3\n")
        );
        assert_eq!(pinned_text("ticks = 3\n"), format!("{now}\nticks = 3\n"));
        // A `model` key inside a table is not the scenario's.
        assert_eq!(
            pinned_text("ticks = 3\n[settings]\nmodel = 1\n"),
            format!("{now}\nticks = 3\n[settings]\nmodel = 1\n")
        );
        // Pinned already: unchanged.
        let pinned = pinned_text("ticks = 3\n");
        assert_eq!(pinned_text(&pinned), pinned);
    }
}
