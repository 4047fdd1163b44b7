//! How many cases a property test tries: its default, or
//! `VOXWALK_PROPTEST_CASES` for a long campaign
//! (`VOXWALK_PROPTEST_CASES=1000000 cargo test --release --test resolver_properties`).

/// Property cases to run: `VOXWALK_PROPTEST_CASES`, or `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("VOXWALK_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
