//! The shape of the source, held as rules (docs/architecture.md): layers whose
//! imports point down only, functions that fit a screen, files of one
//! concept, and typed errors in the library.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

mod support;
use support::source_files::rust_files;

/// The library's top-level modules, lowest first: a module may import only
/// those before it (so no two import each other, through any chain). Every
/// module of `src/` is here (`every_module_is_in_the_layers` holds it).
const LAYERS: [&str; 14] = [
    "serde_exact",
    "math",
    "printable",
    "geometry",
    "block",
    "world",
    "generate",
    "resolver",
    "movers",
    "formats",
    "controller",
    "streaming",
    "navigate",
    "scenario",
];

/// Longest function, in lines from its signature to its closing brace.
const MAX_FUNCTION_LINES: usize = 80;
/// Longest source file.
const MAX_FILE_LINES: usize = 500;

fn source() -> Vec<(PathBuf, String)> {
    rust_files(Path::new("src"))
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

/// The top-level module a file of `src/` belongs to (`None`: the crate root
/// or the binary).
fn layer_of(path: &Path) -> Option<&'static str> {
    let first = path.strip_prefix("src").ok()?.components().next()?;
    let name = first.as_os_str().to_str()?.trim_end_matches(".rs");
    LAYERS.iter().copied().find(|&l| l == name)
}

/// The code of a line, without its comment (doc links name modules above).
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

#[test]
fn imports_point_down_the_layers() {
    let rank = |m: &str| LAYERS.iter().position(|&l| l == m);
    let (mut upward, mut seen) = (Vec::new(), 0);
    for (path, text) in source() {
        let Some(own) = layer_of(&path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let code = code(line);
            for (at, _) in code.match_indices("crate::") {
                let rest = &code[at + "crate::".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                assert!(
                    !rest.starts_with('{'),
                    "{}:{}: name the module in each `crate::` path",
                    path.display(),
                    n + 1
                );
                seen += 1;
                if let (Some(to), Some(from)) = (rank(&name), rank(own))
                    && to > from
                {
                    upward.push(format!("{}:{}: {own} → {name}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(
        seen > 100,
        "only {seen} `crate::` paths found: is this the source?"
    );
    assert!(
        upward.is_empty(),
        "imports pointing up:\n{}",
        upward.join("\n")
    );
}

/// A layer list that leaves a module out holds nothing about its imports,
/// in or out: every top-level module of `src/` is in it.
#[test]
fn every_module_is_in_the_layers() {
    let mut missing: Vec<String> = fs::read_dir("src")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.trim_end_matches(".rs").to_owned();
            (name != "lib" && !LAYERS.contains(&name.as_str())).then_some(name)
        })
        .collect();
    missing.sort();
    assert!(missing.is_empty(), "modules not in the layers: {missing:?}");
}

/// The functions of `text` longer than `max` lines: name and length.
/// rustfmt closes a function with a brace at its own indentation.
fn long_functions(text: &str, max: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let signature = trimmed
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ");
        let Some(after) = signature.strip_prefix("fn ") else {
            continue;
        };
        if line.trim_end().ends_with(';') {
            continue; // a trait's declaration
        }
        let closing = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == closing) {
            let length = end + 2;
            if length > max {
                let name = after.split(['(', '<']).next().unwrap_or(after);
                long.push((name.to_owned(), length));
            }
        }
    }
    long
}

#[test]
fn the_length_rule_counts_what_it_claims() {
    let short = "fn a() {\n    1;\n}\n";
    assert!(long_functions(short, 3).is_empty());
    assert_eq!(long_functions(short, 2), vec![("a".to_owned(), 3)]);
    let nested = "impl A {\n    pub fn b<T>(\n        x: T,\n    ) {\n        x;\n    }\n}\n";
    assert_eq!(long_functions(nested, 4), vec![("b".to_owned(), 5)]);
}

#[test]
fn functions_fit_a_screen() {
    let mut long = Vec::new();
    for (path, text) in source() {
        for (name, length) in long_functions(&text, MAX_FUNCTION_LINES) {
            long.push(format!("{}: {name} is {length} lines", path.display()));
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn files_hold_one_concept() {
    let long: BTreeMap<String, usize> = source()
        .into_iter()
        .map(|(p, t)| (p.display().to_string(), t.lines().count()))
        .filter(|&(_, n)| n > MAX_FILE_LINES)
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines: {long:?}"
    );
}

#[test]
fn library_errors_are_typed() {
    let mut stringly = Vec::new();
    for (path, text) in source() {
        if layer_of(&path).is_none() {
            continue; // the binary prints its errors for people
        }
        for (n, line) in text.lines().enumerate() {
            let code = code(line);
            if code.contains("Result<") && code.contains(", String>") {
                stringly.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        stringly.is_empty(),
        "Result<_, String> in the library:\n{}",
        stringly.join("\n")
    );
}

/// Whether `line` names glam other than through voxwalk's re-export.
fn names_glam_directly(line: &str) -> bool {
    line.match_indices("glam::").any(|(at, _)| {
        let before = &line[..at];
        !before.ends_with("voxwalk::")
            && !before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

#[test]
fn examples_in_the_docs_name_glam_through_voxwalk() {
    // A game that depends only on voxwalk has no `glam` of its own: the docs'
    // code must compile for it as written.
    assert!(names_glam_directly("/// use glam::DVec3;"));
    assert!(!names_glam_directly("/// use voxwalk::glam::DVec3;"));
    let mut direct = Vec::new();
    for (path, text) in source() {
        for (n, line) in text.lines().enumerate() {
            let doc = line.trim_start().starts_with("///") || line.trim_start().starts_with("//!");
            if doc && names_glam_directly(line) {
                direct.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    let mut pages = vec![PathBuf::from("README.md")];
    pages.extend(
        fs::read_dir("docs")
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md")),
    );
    for page in pages {
        for (n, line) in fs::read_to_string(&page).unwrap().lines().enumerate() {
            if names_glam_directly(line) {
                direct.push(format!("{}:{}", page.display(), n + 1));
            }
        }
    }
    assert!(
        direct.is_empty(),
        "glam named directly in docs:\n{}",
        direct.join("\n")
    );
}

#[test]
fn the_docs_name_the_cores_dependencies() {
    // Cargo.toml's non-optional dependencies, in the order the docs name them.
    let manifest = fs::read_to_string("Cargo.toml").unwrap();
    let section = manifest
        .split("\n[dependencies]\n")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .unwrap();
    let mut core: Vec<&str> = section
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains('=') && !l.contains("optional = true"))
        .map(|l| l.split('=').next().unwrap().trim())
        .collect();
    core.sort_unstable();
    assert!(core.contains(&"glam"), "{core:?}");
    // The names in backquotes from `from` to the end of the list.
    let named = |text: &str, from: &str| -> Vec<String> {
        let list = &text[text.find(from).unwrap()..];
        let end = [" only", " and what they"]
            .iter()
            .filter_map(|stop| list.find(stop))
            .min()
            .unwrap();
        let mut names: Vec<String> = list[..end]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        names.sort_unstable();
        names
    };
    let readme = fs::read_to_string("README.md").unwrap();
    assert_eq!(named(&readme, "the core alone, which depends on"), core);
    let lib = fs::read_to_string("src/lib.rs")
        .unwrap()
        .replace("\n//!", "");
    assert_eq!(named(&lib, "controller) depends on"), core);
}

/// The layers whose arithmetic decides where bodies go: their results must
/// be the same bits on every platform (`voxwalk::math`).
const SIMULATION_LAYERS: [&str; 6] = [
    "geometry",
    "block",
    "world",
    "resolver",
    "controller",
    "movers",
];

/// Calls into the platform's maths library, whose last bits differ between
/// platforms.
const PLATFORM_MATHS: [&str; 22] = [
    ".angle_to(",
    ".from_angle(",
    ".powf(",
    ".powi(",
    ".exp(",
    ".exp2(",
    ".exp_m1(",
    ".ln(",
    ".ln_1p(",
    ".log(",
    ".log2(",
    ".log10(",
    ".sin(",
    ".cos(",
    ".tan(",
    ".sin_cos(",
    ".asin(",
    ".acos(",
    ".atan(",
    ".atan2(",
    ".hypot(",
    ".cbrt(",
];

#[test]
fn the_simulation_calls_no_platform_maths() {
    let mut found = Vec::new();
    for (path, text) in source() {
        let simulated = path
            .strip_prefix("src")
            .ok()
            .and_then(|p| p.components().next())
            .and_then(|c| c.as_os_str().to_str())
            .is_some_and(|top| {
                SIMULATION_LAYERS
                    .iter()
                    .any(|l| top == *l || top == format!("{l}.rs"))
            });
        if !simulated {
            continue;
        }
        // Tests may compare with anything; the rule is for what runs.
        let running = text.split("#[cfg(test)]").next().unwrap_or("");
        for (number, line) in running.lines().enumerate() {
            let code = code(line);
            if PLATFORM_MATHS.iter().any(|call| code.contains(call)) {
                found.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "platform maths in the simulation (use voxwalk::math):\n{}",
        found.join("\n")
    );
}

/// The module path of a file of `src/` (`controller::tick`; a `mod.rs` is
/// its folder's module).
fn module_of(root: &Path, path: &Path) -> Vec<String> {
    let mut parts: Vec<String> = path
        .strip_prefix(root)
        .unwrap()
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The sibling modules each file names (`super::x`, or `crate::…::x` with
/// the file's own parent), by module path.
fn sibling_imports(root: &Path) -> BTreeMap<String, Vec<String>> {
    let sources: Vec<(PathBuf, String)> = rust_files(root)
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    let modules: Vec<Vec<String>> = sources.iter().map(|(p, _)| module_of(root, p)).collect();
    let mut edges = BTreeMap::new();
    for ((_, text), own) in sources.iter().zip(&modules) {
        let parent = &own[..own.len().saturating_sub(1)];
        let mut named = Vec::new();
        for line in text.lines().map(code) {
            for (prefix, base) in [("super::", parent), ("crate::", &own[..0])] {
                for (at, _) in line.match_indices(prefix) {
                    let rest = &line[at + prefix.len()..];
                    let mut path: Vec<String> = base.to_vec();
                    path.extend(
                        rest.split("::")
                            .map(|s| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_'))
                            .map(Iterator::collect::<String>)
                            .take_while(|s| !s.is_empty()),
                    );
                    let target = (1..=path.len())
                        .rev()
                        .map(|k| &path[..k])
                        .find(|p| modules.iter().any(|m| m == p));
                    if let Some(target) = target
                        && target.len() == own.len()
                        && target[..target.len() - 1] == *parent
                        && target != own.as_slice()
                    {
                        named.push(target.join("::"));
                    }
                }
            }
        }
        named.sort();
        named.dedup();
        edges.insert(own.join("::"), named);
    }
    edges
}

/// No two files of a folder import each other, through any chain: a step
/// that imports what imports it is one file in two. In the library and in
/// the crates beside it (the command and viewer, the bevy plugin).
#[test]
fn no_files_import_each_other_in_a_circle() {
    let mut circles = Vec::new();
    for (root, a_file_with_imports) in [
        ("src", "controller::make_move"),
        ("crates/voxwalk_cli/src", "cli::run"),
        ("crates/bevy_voxwalk/src", "plugin"),
    ] {
        let edges = sibling_imports(Path::new(root));
        assert!(
            edges
                .get(a_file_with_imports)
                .is_some_and(|e| !e.is_empty()),
            "the rule reads no imports in {root}: {edges:?}"
        );
        circles.extend(
            circles_in(&edges)
                .into_iter()
                .map(|c| format!("{root}: {c}")),
        );
    }
    assert!(circles.is_empty(), "circles:\n{}", circles.join("\n"));
}

/// Every chain of imports in `edges` that comes back to where it started.
fn circles_in(edges: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let mut circles = Vec::new();
    for start in edges.keys() {
        // Depth-first from `start`: a path back to it is a circle.
        let mut stack = vec![vec![start.clone()]];
        let mut seen = std::collections::BTreeSet::new();
        while let Some(path) = stack.pop() {
            let last = path.last().unwrap();
            for next in edges.get(last).into_iter().flatten() {
                if next == start {
                    circles.push(path.join(" → ") + " → " + start);
                } else if seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push(longer);
                }
            }
        }
    }
    circles
}
