//! The README and `docs/` as a reader follows them: every relative link
//! names a file of this repository, every `#anchor` a heading of the file it
//! points into, and the README stays a front page.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn documents() -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// The targets of `[text](target)` and `![alt](target)` outside code blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    out
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens,
/// punctuation other than hyphens and underscores dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    text.lines()
        .filter(|l| {
            if l.trim_start().starts_with("```") {
                in_code = !in_code;
            }
            !in_code && l.starts_with('#')
        })
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_in_the_readme_and_docs_resolves() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        let folder = document.parent().unwrap();
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                document.clone()
            } else {
                folder.join(file)
            };
            let shown = format!(
                "{}: ({link})",
                document.strip_prefix(root()).unwrap().display()
            );
            if !target.exists() {
                broken.push(format!("{shown}: no such file"));
                continue;
            }
            if !fragment.is_empty() {
                let target_text = std::fs::read_to_string(&target).unwrap_or_default();
                if !anchors(&target_text).iter().any(|a| a == fragment) {
                    broken.push(format!("{shown}: no heading #{fragment}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_readme_is_a_front_page() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines < 200,
        "the README has {lines} lines; the design lives in docs/"
    );
    // Its first lines are the two commands of a fresh machine.
    let first: Vec<&str> = readme.lines().take(5).collect();
    assert!(
        first
            .iter()
            .any(|l| l.starts_with("cargo run --release -- play")),
        "{first:?}"
    );
    assert!(
        first.iter().any(|l| l.starts_with("cargo test --release")),
        "{first:?}"
    );
    for document in documents().iter().skip(1) {
        let name = document.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            readme.contains(&format!("docs/{name}")),
            "the README does not link docs/{name}"
        );
    }
}
