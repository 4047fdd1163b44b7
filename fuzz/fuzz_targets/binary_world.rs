//! Any bytes as a binary world (and through the format detection): an error
//! or a world, never a panic; a world that loads encodes and decodes to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use voxwalk::formats::{LoadOptions, binary_format, decode};

fuzz_target!(|data: &[u8]| {
    let _ = decode(data, None, LoadOptions::default());
    if let Ok(world) = binary_format::decode(data) {
        let again =
            binary_format::decode(&binary_format::encode(&world).expect("decoded worlds encode"))
                .expect("encoded worlds decode");
        assert_eq!(again.count_blocks_by_name(), world.count_blocks_by_name());
    }
});
