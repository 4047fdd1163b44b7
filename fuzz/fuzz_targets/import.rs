//! Any bytes through the importers (.vox, .schem, .mca, .nbt) and the format
//! detection in front of them: an error or a world, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use voxwalk::formats::import::import;

fuzz_target!(|data: &[u8]| {
    let _ = import(data, Some("r.-1.2.mca"), voxwalk::formats::ReadBudget::default(), &mut |_, _| {});
});
