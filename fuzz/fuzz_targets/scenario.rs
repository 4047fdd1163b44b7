//! Any text as a scenario file: an error naming the file, or a scenario; never
//! a panic. Scenarios that load are not run (they may ask for long runs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use voxwalk::scenario::Scenario;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Scenario::parse(text, std::path::Path::new("fuzz.toml"));
    }
});
