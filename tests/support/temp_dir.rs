//! A directory under the system's temporary directory for one test, removed
//! when it goes out of scope, whether the test passes or fails.
//!
//! Reached through the support module (`mod support;` in a test); the
//! command's tests take it by path.

use std::path::{Path, PathBuf};

/// A fresh directory named after the test's `tag`, the process and the thread.
pub struct Dir(PathBuf);

impl Dir {
    pub fn new(tag: &str) -> Dir {
        let path = std::env::temp_dir().join(format!(
            "voxwalk-test-{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Dir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
