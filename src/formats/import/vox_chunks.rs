//! The chunk structure of a `.vox` file, checked before `dot_vox` reads it.
//!
//! `dot_vox` drops a model whose `XYZI` chunk claims more voxels than it holds
//! and reads the rest, so a damaged file would load as a part of itself (or as
//! nothing) without a word. Walking the chunks first turns every length that
//! claims more than its parent holds, and every such model, into an error
//! naming the byte and the model.

use super::ImportError;
use crate::formats::limits::MAX_VOX_CHUNK_DEPTH as MAX_CHUNK_DEPTH;

/// Bytes of a chunk's header: id, content length, children length.
const HEADER: usize = 12;

/// Checks every chunk's lengths against what holds it and every `XYZI` count
/// against its content, and returns how many models (`XYZI` chunks) the file
/// has.
///
/// # Errors
/// A message naming the byte offset, the chunk and what it claims.
pub fn check(bytes: &[u8]) -> Result<usize, ImportError> {
    if bytes.len() < 8 || &bytes[..4] != b"VOX " {
        return Err(ImportError::format("not a MagicaVoxel file"));
    }
    let mut models = 0;
    walk(bytes, 8, bytes.len(), 0, &mut models)?;
    Ok(models)
}

/// Walks the chunks from `at` to `end`, descending into children.
fn walk(
    bytes: &[u8],
    mut at: usize,
    end: usize,
    depth: usize,
    models: &mut usize,
) -> Result<(), ImportError> {
    if depth > MAX_CHUNK_DEPTH && at < end {
        return Err(ImportError::format(format!(
            "byte {at}: chunks nested deeper than {MAX_CHUNK_DEPTH} (MAX_CHUNK_DEPTH)"
        )));
    }
    while at < end {
        if end - at < HEADER {
            return Err(ImportError::format(format!(
                "byte {at}: {} bytes left, a chunk header needs {HEADER}",
                end - at
            )));
        }
        let id = String::from_utf8_lossy(&bytes[at..at + 4])
            .escape_default()
            .to_string();
        let word = |k: usize| {
            let b = &bytes[at + k..at + k + 4];
            u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize
        };
        let (content, children) = (word(4), word(8));
        let left = end - at - HEADER;
        if content > left || children > left - content {
            return Err(ImportError::format(format!(
                "byte {at}: chunk {id} claims {content} + {children} bytes, {left} are left"
            )));
        }
        let body = at + HEADER;
        if &bytes[at..at + 4] == b"XYZI" {
            if content < 4 {
                return Err(ImportError::format(format!(
                    "byte {at}: model {models} has no voxel count"
                )));
            }
            let claimed = word(HEADER) as u64;
            let room = (content as u64 - 4) / 4;
            if claimed > room {
                return Err(ImportError::format(format!(
                    "byte {at}: model {models} claims {claimed} voxels, its chunk holds {room}"
                )));
            }
            *models += 1;
        }
        walk(
            bytes,
            body + content,
            body + content + children,
            depth + 1,
            models,
        )?;
        at = body + content + children;
    }
    Ok(())
}
