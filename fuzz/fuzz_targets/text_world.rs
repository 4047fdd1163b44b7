//! Any bytes as a text world: an error or a world, never a panic; a world that
//! loads writes back and loads again to the same blocks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use voxwalk::formats::text_format;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(world) = text_format::parse(text)
        && let Ok(written) = text_format::to_text(&world)
    {
        let again = text_format::parse(&written).expect("written text worlds load");
        assert_eq!(again.count_blocks_by_name(), world.count_blocks_by_name());
    }
});
