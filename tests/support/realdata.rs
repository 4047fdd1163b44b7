//! The real files other tools made, in `../shared/realdata/` beside the
//! project. Reached through the support module (`mod support;` in a test);
//! the command's tests take it by path.

use std::path::{Path, PathBuf};

/// The real file `name`. Tests that read one are `#[ignore]`d, so a machine
/// without `../shared` says it skipped them; asked for, they need it.
pub fn realdata(name: &str) -> PathBuf {
    // The library's tests and the command's (two directories down) share
    // this file: the project is the nearest folder up with `worlds/` in it.
    let project = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|dir| dir.join("worlds").is_dir())
        .expect("the project's folder");
    let path = project.join("../shared/realdata").join(name);
    assert!(
        path.exists(),
        "{} is not there: this test needs ../shared/realdata beside the project",
        path.display()
    );
    path
}
