//! Saving a file so that a crash never leaves half of it.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` so that a crash at any moment leaves either the old
/// file or the new one, never half of one: into a temporary file beside it,
/// flushed to disk, then renamed over it.
///
/// # Errors
/// Whatever the file system says; the temporary file is removed then.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "world".into(), |n| n.to_string_lossy().into_owned());
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, path)?;
        // Make the rename itself durable where the platform allows it.
        if let Ok(dir) = std::fs::File::open(folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}
