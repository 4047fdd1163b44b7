//! Module paths named in the docs and comments resolve: every
//! `voxwalk::…`, `crate::…` or `layer::…` path in backquotes in the README,
//! `docs/`, `Cargo.toml`'s comments and the source's comments names a module
//! that exists and an item it declares or re-exports (and, after a type, a
//! method, field or variant that exists somewhere in the source). A path
//! left behind by a move (`world::Generator`, `resolver::limits` before it
//! existed) fails here. `CHANGELOG.md` names old paths on purpose and is not
//! read.

use std::fs;
use std::path::{Path, PathBuf};

mod support;
use support::source_files::rust_files;

/// The library's top-level modules: a path starting with one of them (or
/// with `voxwalk::` or `crate::` and one of them) is checked.
const LAYERS: [&str; 12] = [
    "block",
    "controller",
    "formats",
    "generate",
    "geometry",
    "math",
    "movers",
    "printable",
    "resolver",
    "scenario",
    "streaming",
    "world",
];

/// The README, then `docs/*.md` in name order.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, PathBuf::from("README.md"));
    docs
}

/// The source file of module `path` (`["formats", "limits"]`), if any.
fn module_file(path: &[&str]) -> Option<PathBuf> {
    let base = Path::new("src").join(path.join("/"));
    [base.with_extension("rs"), base.join("mod.rs")]
        .into_iter()
        .find(|p| p.is_file())
}

/// Whether the module's text declares or re-exports `name` publicly.
fn declares(text: &str, name: &str) -> bool {
    let word = |line: &str| {
        line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    let mut in_pub_use = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let public = trimmed.starts_with("pub ") || trimmed.starts_with("pub(");
        if public && trimmed.contains(" use ") || trimmed.starts_with("pub use ") {
            in_pub_use = !trimmed.ends_with(';');
            if word(trimmed) {
                return true;
            }
            continue;
        }
        if in_pub_use {
            if word(trimmed) {
                return true;
            }
            in_pub_use = !trimmed.ends_with(';');
            continue;
        }
        let declared = [
            "fn ", "struct ", "enum ", "const ", "trait ", "type ", "mod ",
        ]
        .iter()
        .any(|k| trimmed.contains(&format!("{k}{name}")));
        if (public && declared) || trimmed.starts_with(&format!("macro_rules! {name}")) {
            return true;
        }
    }
    false
}

/// The paths in backquotes, and the targets of intra-doc links
/// (`[text](crate::x::Y)`), of `text` that start at a layer.
fn paths_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let quoted = text.split('`').skip(1).step_by(2);
    let linked = text
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next());
    for span in quoted.chain(linked) {
        for token in span.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            let token = token
                .trim_start_matches("voxwalk::")
                .trim_start_matches("crate::")
                .trim_end_matches(':');
            let first = token.split("::").next().unwrap_or("");
            if token.contains("::") && LAYERS.contains(&first) {
                out.push(token.to_owned());
            }
        }
    }
    out
}

/// Why `path` does not resolve, if it does not.
fn unresolved(path: &str, source: &str) -> Option<String> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut depth = 1;
    while depth < segments.len() && module_file(&segments[..=depth]).is_some() {
        depth += 1;
    }
    let file = module_file(&segments[..depth])?;
    let Some(&item) = segments.get(depth) else {
        return None; // a module
    };
    let text = fs::read_to_string(&file).unwrap();
    if !declares(&text, item) {
        return Some(format!("{} has no `{item}`", file.display()));
    }
    for member in &segments[depth + 1..] {
        let word = |w: &str| w == *member;
        let found = source
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(word);
        if !found {
            return Some(format!("no `{member}` anywhere in src"));
        }
    }
    None
}

#[test]
fn module_paths_in_docs_and_comments_resolve() {
    let files = rust_files(Path::new("src"));
    let source: String = files
        .iter()
        .map(|f| fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    let mut texts: Vec<(PathBuf, String)> = documents()
        .into_iter()
        .map(|doc| {
            let text = fs::read_to_string(&doc).unwrap();
            (doc, text)
        })
        .collect();
    let comments = |text: &str, mark: &str| -> String {
        text.lines()
            .filter_map(|l| l.find(mark).map(|at| &l[at..]))
            .collect::<Vec<_>>()
            .join("\n")
    };
    texts.push((
        PathBuf::from("Cargo.toml"),
        comments(&fs::read_to_string("Cargo.toml").unwrap(), "#"),
    ));
    for file in &files {
        texts.push((
            file.clone(),
            comments(&fs::read_to_string(file).unwrap(), "//"),
        ));
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for (file, text) in &texts {
        for path in paths_in(text) {
            checked += 1;
            if let Some(why) = unresolved(&path, &source) {
                broken.push(format!("{}: `{path}`: {why}", file.display()));
            }
        }
    }
    broken.sort();
    broken.dedup();
    assert!(
        checked > 150,
        "only {checked} paths found: is this the project?"
    );
    assert!(
        broken.is_empty(),
        "{} paths do not resolve:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

/// The repository's files named in backquotes in the README and `docs/`
/// (`src/…`, `tests/…`, `crates/…`, …) exist.
#[test]
fn files_named_in_the_docs_exist() {
    let docs = documents();
    let roots = [
        "src/",
        "tests/",
        "docs/",
        "crates/",
        "examples/",
        "benches/",
        "tools/",
        "worlds/",
        "fuzz/",
    ];
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        let text = fs::read_to_string(doc).unwrap();
        for span in text.split('`').skip(1).step_by(2) {
            for token in span.split_whitespace() {
                let token = token.trim_end_matches([',', '.', ';', ':', ')']);
                // The fuzzers' corpora are made by their first run.
                let plain = !token.contains(['*', '{', '<', '…', '$', '?'])
                    && !token.starts_with("fuzz/corpus");
                if plain && roots.iter().any(|r| token.starts_with(r)) {
                    checked += 1;
                    if !Path::new(token).exists() {
                        missing.push(format!("{}: `{token}`", doc.display()));
                    }
                }
            }
        }
    }
    assert!(
        checked > 20,
        "only {checked} files named: is this the project?"
    );
    assert!(
        missing.is_empty(),
        "files named but not there:\n{}",
        missing.join("\n")
    );
}
