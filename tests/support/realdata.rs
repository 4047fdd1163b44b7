//! The real files other tools made, in `../shared/realdata/` beside the
//! project. Included by path (`#[path = "support/realdata.rs"] mod
//! realdata;`) by the tests that read them.

use std::path::{Path, PathBuf};

/// The real file `name`. Tests that read one are `#[ignore]`d, so a machine
/// without `../shared` says it skipped them; asked for, they need it.
pub fn realdata(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/realdata")
        .join(name);
    assert!(
        path.exists(),
        "{} is not there: this test needs ../shared/realdata beside the project",
        path.display()
    );
    path
}
