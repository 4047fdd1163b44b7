//! Reading a file a user named (a world, a scenario, an inputs file, a
//! golden): only a regular file, never a FIFO, device or directory (a FIFO
//! blocks the reader forever, `/dev/zero` never ends), and never more than a
//! limit, counted while reading, since a size in the metadata can be wrong
//! (0 for a device) or change under the reader.

use std::io::{self, Read};
use std::path::Path;

/// The bytes of the regular file at `path`, at most `limit` of them.
///
/// # Errors
/// The file system's error; [`io::ErrorKind::InvalidInput`] for a path that
/// is not a regular file (nothing is read from it); [`io::ErrorKind::InvalidData`]
/// for a file that holds more than `limit` bytes.
///
/// ```
/// use voxwalk::formats::read_regular_file;
/// let dir = std::env::temp_dir();
/// assert!(read_regular_file(&dir, 1 << 20).is_err()); // a directory
/// ```
pub fn read_regular_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    // Asked before opening: opening a FIFO for reading waits for a writer.
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(not_regular());
    }
    let file = open_without_blocking(path)?;
    // The path may have been swapped since: ask the opened file too.
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    let expected = metadata.len().min(limit);
    let mut data = Vec::with_capacity(usize::try_from(expected).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("holds more than {limit} bytes"),
        ));
    }
    Ok(data)
}

/// [`read_regular_file`] as UTF-8 text.
///
/// # Errors
/// As [`read_regular_file`], and [`io::ErrorKind::InvalidData`] for text
/// that is not UTF-8.
pub fn read_regular_text(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_regular_file(path, limit)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "is not UTF-8 text"))
}

fn not_regular() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "is not a regular file (a directory, FIFO or device): nothing is read from it",
    )
}

#[cfg(target_os = "linux")]
fn open_without_blocking(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK: a FIFO put in the file's place after the check above
    // opens at once instead of waiting; it changes nothing for a file.
    const O_NONBLOCK: i32 = 0o4000;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
}

#[cfg(not(target_os = "linux"))]
fn open_without_blocking(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}
