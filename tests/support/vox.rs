//! MagicaVoxel `.vox` files written in tests, chunk by chunk, with the
//! format's own layout (a header, `MAIN`, then `SIZE`/`XYZI` models and
//! scene-graph nodes).
//!
//! Reached through the support module (`mod support;` in a test); the
//! command's tests take it by path.

#![allow(dead_code)]

pub fn vox_chunk(id: [u8; 4], content: &[u8], children: &[u8]) -> Vec<u8> {
    let mut out = id.to_vec();
    out.extend((content.len() as u32).to_le_bytes());
    out.extend((children.len() as u32).to_le_bytes());
    out.extend(content);
    out.extend(children);
    out
}

pub fn vox_file(children: &[u8]) -> Vec<u8> {
    let mut out = b"VOX ".to_vec();
    out.extend(150u32.to_le_bytes());
    out.extend(vox_chunk(*b"MAIN", &[], children));
    out
}

pub fn vox_size(x: u32, y: u32, z: u32) -> Vec<u8> {
    let content: Vec<u8> = [x, y, z].iter().flat_map(|v| v.to_le_bytes()).collect();
    vox_chunk(*b"SIZE", &content, &[])
}

pub fn vox_voxels(voxels: &[[u8; 3]]) -> Vec<u8> {
    let mut content = (voxels.len() as u32).to_le_bytes().to_vec();
    for v in voxels {
        content.extend([v[0], v[1], v[2], 1]);
    }
    vox_chunk(*b"XYZI", &content, &[])
}

/// A `DICT` of MagicaVoxel's: a count, then key and value strings.
pub fn vox_dict(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut out = (entries.len() as u32).to_le_bytes().to_vec();
    for (k, v) in entries {
        for s in [k, v] {
            out.extend((s.len() as u32).to_le_bytes());
            out.extend(s.as_bytes());
        }
    }
    out
}

pub fn vox_transform(id: u32, child: u32, translation: &str) -> Vec<u8> {
    let mut content = id.to_le_bytes().to_vec();
    content.extend(vox_dict(&[]));
    content.extend(child.to_le_bytes());
    content.extend((-1i32).to_le_bytes());
    content.extend(0u32.to_le_bytes());
    content.extend(1u32.to_le_bytes());
    content.extend(vox_dict(&[("_t", translation)]));
    vox_chunk(*b"nTRN", &content, &[])
}

pub fn vox_group(id: u32, children: &[u32]) -> Vec<u8> {
    let mut content = id.to_le_bytes().to_vec();
    content.extend(vox_dict(&[]));
    content.extend((children.len() as u32).to_le_bytes());
    for c in children {
        content.extend(c.to_le_bytes());
    }
    vox_chunk(*b"nGRP", &content, &[])
}

pub fn vox_shape(id: u32, models: &[u32]) -> Vec<u8> {
    let mut content = id.to_le_bytes().to_vec();
    content.extend(vox_dict(&[]));
    content.extend((models.len() as u32).to_le_bytes());
    for m in models {
        content.extend(m.to_le_bytes());
        content.extend(vox_dict(&[]));
    }
    vox_chunk(*b"nSHP", &content, &[])
}
