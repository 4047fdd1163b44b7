//! `--bless` pins a scenario file to this build's movement model.

use std::io::Write;
use std::path::Path;

use super::reading::read_text;
use super::spec::ScenarioError;
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
    let Some(pinned) = pinned_text(&text) else {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "is not a TOML document --bless can edit; nothing was written",
        )));
    };
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

/// `text` with its top-level `model` key naming [`MODEL`]: the document's
/// key, however it is spelled (`model`, `"model"`, `'model'`), set in place
/// with the rest of the file as written; added among the top-level keys when
/// there is none. `None` when the text is no TOML document (nothing is
/// written then).
fn pinned_text(text: &str) -> Option<String> {
    let mut document: toml_edit::DocumentMut = text.parse().ok()?;
    let model = MODEL.to_string();
    let pinned = toml_edit::value(model.as_str());
    match document.get_mut("model") {
        Some(item) if item.as_str() == Some(model.as_str()) => return Some(text.to_owned()),
        Some(item) => {
            // The value alone, keeping the comments and spaces around it.
            let decor = item.as_value().map(|v| v.decor().clone());
            *item = pinned;
            if let (Some(decor), Some(value)) = (decor, item.as_value_mut()) {
                *value.decor_mut() = decor;
            }
        }
        None => {
            document.insert("model", pinned);
        }
    }
    let out = document.to_string();
    // What is written must read back, naming this model.
    let again: toml_edit::DocumentMut = out.parse().ok()?;
    (again.get("model").and_then(toml_edit::Item::as_str) == Some(model.as_str())).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pin(text: &str) -> String {
        pinned_text(text).expect("a TOML document")
    }

    #[test]
    fn a_pin_sets_the_top_level_model_key() {
        let now = format!("model = \"{MODEL}\"");
        assert_eq!(
            pin("model = \"old v0\"\nticks = 3\n"),
            format!("{now}\nticks = 3\n")
        );
        assert_eq!(pin("ticks = 3\n"), format!("ticks = 3\n{now}\n"));
        // A `model` key inside a table is not the scenario's.
        assert_eq!(
            pin("ticks = 3\n[settings]\nmodel = 1\n"),
            format!("ticks = 3\n{now}\n[settings]\nmodel = 1\n")
        );
        // Pinned already: unchanged.
        let pinned = pin("ticks = 3\n");
        assert_eq!(pin(&pinned), pinned);
    }

    /// Lines inside a multi-line string that look like the key are the
    /// user's text; other spellings of the key are the key; a file that is
    /// no TOML is not written.
    #[test]
    fn a_pin_edits_the_document_not_its_text() {
        let now = format!("model = \"{MODEL}\"");
        let description = "description = \"\"\"\nmodel = \"old v0\"\n\"\"\"\n";
        let pinned = pin(&format!("{description}model = \"old v0\"\n"));
        assert_eq!(pinned, format!("{description}{now}\n"));
        let quoted = pin("\"model\" = \"old v0\" # pinned by hand\nticks = 3\n");
        assert_eq!(
            quoted,
            format!("\"model\" = \"{MODEL}\" # pinned by hand\nticks = 3\n")
        );
        for text in [description, "ticks = 3\n\"model\" = 'x'\n"] {
            let out = pin(text);
            let doc: toml_edit::DocumentMut = out.parse().unwrap();
            assert_eq!(
                doc["model"].as_str(),
                Some(MODEL.to_string().as_str()),
                "{out}"
            );
        }
        assert_eq!(pinned_text("model = \"unclosed\nticks = 3\n"), None);
    }
}
