//! A check of a chunk's block-state sections before `fastanvil` reads them.
//!
//! `fastanvil` indexes a section's packed block states without checking their
//! length, so a damaged or hostile chunk (a palette of two states with one long
//! of data, an empty palette with data) makes it index past the end and panic.
//! This reads the same NBT into just the palettes' lengths and the data
//! arrays, refuses a section whose data cannot hold its 4,096 cells (with the
//! section's height in the message), and names the sections with nothing to
//! read, which the importer then takes as air.

use super::ImportError;
use crate::formats::limits::MAX_SECTIONS;
use fastnbt::LongArray;
use serde::Deserialize;

/// The two section layouts this importer reads: 1.18 on (`sections`, each with
/// `block_states`) and 1.13–1.17 (`Level.Sections`, palette and states side by
/// side).
#[derive(Deserialize)]
struct Layout {
    #[serde(rename = "DataVersion")]
    data_version: Option<i32>,
    sections: Option<Vec<Section>>,
    #[serde(rename = "Level")]
    level: Option<Level>,
}

#[derive(Deserialize)]
struct Section {
    #[serde(rename = "Y")]
    y: Option<i8>,
    block_states: Option<States>,
}

#[derive(Deserialize)]
struct States {
    #[serde(default)]
    palette: Vec<PaletteEntry>,
    data: Option<LongArray>,
}

/// A palette entry, for the one property `fastanvil` leaves out of its
/// description: `waterlogged`.
#[derive(Deserialize)]
struct PaletteEntry {
    #[serde(rename = "Properties")]
    properties: Option<Waterlogged>,
}

#[derive(Deserialize)]
struct Waterlogged {
    waterlogged: Option<String>,
}

impl PaletteEntry {
    fn waterlogged(&self) -> bool {
        self.properties
            .as_ref()
            .and_then(|p| p.waterlogged.as_deref())
            == Some("true")
    }
}

/// The positions of the waterlogged entries in a palette.
fn waterlogged_entries(palette: &[PaletteEntry]) -> Vec<usize> {
    (0..palette.len())
        .filter(|&i| palette[i].waterlogged())
        .collect()
}

#[derive(Deserialize)]
struct Level {
    #[serde(rename = "Sections")]
    sections: Option<Vec<LegacySection>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct LegacySection {
    y: Option<i8>,
    #[serde(default)]
    palette: Vec<PaletteEntry>,
    block_states: Option<LongArray>,
}

/// Cells in a section.
const CELLS: usize = 16 * 16 * 16;

/// Which layout `fastanvil` read the chunk as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionLayout {
    /// 1.18 and later: each value within one long (padded), at least 4 bits.
    Padded,
    /// 1.13–1.17: padded from 1.16, packed across longs before; at least 4 bits.
    Legacy,
}

/// What the check found out about a chunk.
pub struct CheckedChunk {
    /// The heights (`Y`) of the sections that are to be read as air without
    /// asking `fastanvil`: 1.18-layout sections with no block states or an
    /// empty palette and no data (`fastanvil` would work out a bit width from
    /// the empty palette, which overflows).
    pub air_sections: Vec<i8>,
    /// The game's data version the chunk was saved by, if it says.
    pub data_version: Option<i32>,
    /// For each section (by `Y`) with waterlogged states, their positions
    /// in its palette: `fastanvil`'s descriptions leave `waterlogged` out.
    pub waterlogged: Vec<(i8, Vec<usize>)>,
}

/// Checks that every section of the chunk `nbt` with block-state data holds
/// all of its cells for its palette, read as `layout`.
///
/// # Errors
/// A message naming the section (its `Y`) and what is wrong.
pub fn check_sections(nbt: &[u8], layout: SectionLayout) -> Result<CheckedChunk, ImportError> {
    let chunk: Layout =
        fastnbt::from_bytes(nbt).map_err(|e| format!("not a chunk this reads: {e}"))?;
    let sections = match layout {
        SectionLayout::Padded => chunk.sections.as_ref().map_or(0, Vec::len),
        SectionLayout::Legacy => chunk
            .level
            .as_ref()
            .and_then(|l| l.sections.as_ref())
            .map_or(0, Vec::len),
    };
    if sections > MAX_SECTIONS {
        return Err(ImportError::format(format!(
            "{sections} sections, more than the {MAX_SECTIONS} a chunk can have (MAX_SECTIONS: \
             a section's Y is one byte)"
        )));
    }
    let mut air = Vec::new();
    let mut waterlogged = Vec::new();
    match layout {
        SectionLayout::Padded => {
            for section in chunk.sections.iter().flatten() {
                let (palette, data) = section
                    .block_states
                    .as_ref()
                    .map_or((0, None), |s| (s.palette.len(), s.data.as_deref()));
                if palette == 0 && data.is_none() {
                    air.extend(section.y);
                    continue;
                }
                check_one(section.y, palette, data, layout)?;
                if let (Some(y), Some(states)) = (section.y, &section.block_states) {
                    let wet = waterlogged_entries(&states.palette);
                    if !wet.is_empty() {
                        waterlogged.push((y, wet));
                    }
                }
            }
        }
        SectionLayout::Legacy => {
            let sections = chunk.level.and_then(|l| l.sections);
            for section in sections.iter().flatten() {
                check_one(
                    section.y,
                    section.palette.len(),
                    section.block_states.as_deref(),
                    layout,
                )?;
                let wet = waterlogged_entries(&section.palette);
                if let (Some(y), false) = (section.y, wet.is_empty()) {
                    waterlogged.push((y, wet));
                }
            }
        }
    }
    Ok(CheckedChunk {
        air_sections: air,
        data_version: chunk.data_version,
        waterlogged,
    })
}

/// One section: data, where present, must have a palette to index and hold
/// 4,096 values of the palette's width, padded within longs (1.18 on) or at
/// least packed across them (legacy: 1.13–1.15 packed, 1.16–1.17 padded).
fn check_one(
    y: Option<i8>,
    palette: usize,
    data: Option<&[i64]>,
    layout: SectionLayout,
) -> Result<(), ImportError> {
    let at = || {
        y.map_or_else(
            || "a section with no Y".to_owned(),
            |y| format!("section Y={y}"),
        )
    };
    let Some(data) = data else {
        return Ok(());
    };
    if palette == 0 {
        return Err(ImportError::format(format!(
            "{}: {} longs of block states but an empty palette",
            at(),
            data.len()
        )));
    }
    // At least 4 bits a value, more for palettes past 16 entries.
    let bits = (usize::BITS - (palette - 1).leading_zeros()).max(4) as usize;
    let needed = match layout {
        SectionLayout::Padded => CELLS.div_ceil(64 / bits),
        SectionLayout::Legacy => (CELLS * bits).div_ceil(64),
    };
    if data.len() >= needed {
        Ok(())
    } else {
        Err(ImportError::format(format!(
            "{}: {} longs of block states, {palette} palette entries need {needed} ({bits} bits a cell)",
            at(),
            data.len(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_must_hold_every_cell() {
        assert!(check_one(Some(0), 2, Some(&[0; 256]), SectionLayout::Padded).is_ok());
        let short = check_one(Some(3), 2, Some(&[0; 255]), SectionLayout::Padded).unwrap_err();
        assert_eq!(
            short.to_string(),
            "section Y=3: 255 longs of block states, 2 palette entries need 256 (4 bits a cell)"
        );
        // 17 entries take 5 bits: 12 to a long padded, 342 longs; 320 packed.
        assert!(check_one(Some(0), 17, Some(&[0; 341]), SectionLayout::Padded).is_err());
        assert!(check_one(Some(0), 17, Some(&[0; 320]), SectionLayout::Legacy).is_ok());
        assert!(check_one(Some(0), 17, Some(&[0; 319]), SectionLayout::Legacy).is_err());
    }

    #[test]
    fn an_empty_palette_with_data_is_refused() {
        assert!(check_one(Some(-1), 0, Some(&[0; 256]), SectionLayout::Legacy).is_err());
        assert!(check_one(Some(-1), 0, Some(&[0; 256]), SectionLayout::Padded).is_err());
        assert!(check_one(Some(-1), 0, None, SectionLayout::Legacy).is_ok());
        assert!(check_one(Some(0), 1, None, SectionLayout::Padded).is_ok());
    }
}
