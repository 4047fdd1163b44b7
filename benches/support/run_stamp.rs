//! The line every benchmark prints first: when it ran, on which commit and how
//! many threads it had, so a figure copied into the docs says where it comes
//! from (docs/performance.md quotes runs by this line).

use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// Prints `BENCH: run of YYYY-MM-DD at commit HASH[+changes], N threads`.
pub fn print(bench: &str) {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    println!(
        "{bench}: run of {} at commit {}, {threads} threads",
        today(),
        commit()
    );
}

/// The checked-out commit, `+changes` when the tree differs from it.
fn commit() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    match git(&["rev-parse", "--short=10", "HEAD"]) {
        Some(hash) => {
            let changed = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if changed {
                format!("{hash}+changes")
            } else {
                hash
            }
        }
        None => "unknown (no git)".into(),
    }
}

/// Today's date in UTC, from the days since 1970 (Howard Hinnant's
/// `civil_from_days`).
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
