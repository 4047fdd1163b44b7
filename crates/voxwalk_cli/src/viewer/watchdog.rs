//! Ends `play` when its terminal goes away or a signal asks it to stop and
//! the loop cannot hear it.
//!
//! Once the terminal is gone (an ssh session dropped, a tmux server killed
//! under it), its descriptor stays readable and every read returns nothing:
//! crossterm's `event::poll` then retries inside itself for ever, timeout
//! or not, so the loop never comes back to look at the stop flag (crossterm
//! issue 793). Nothing in the loop can fix that, so a thread beside it
//! watches: when a signal has set the flag, or the controlling terminal can
//! no longer be opened, it gives the loop a moment to leave as a quit does
//! and otherwise ends the process.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How often the watchdog looks.
const LOOK_EVERY: Duration = Duration::from_millis(100);
/// How long the loop has to leave by itself once told to stop: a few frames.
const GRACE: Duration = Duration::from_millis(400);

/// A thread watching the stop flag and the terminal while the loop runs.
#[derive(Debug)]
pub(crate) struct Watchdog {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    /// Starts watching: `stop` is the flag the signals set, which it also
    /// sets when the terminal goes away.
    pub(crate) fn start(stop: Arc<AtomicBool>) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let watching = Arc::clone(&done);
        // A terminal that could not be opened to start with (a viewer with
        // no controlling terminal) is not one that went away.
        let had_terminal = terminal_present();
        let thread = thread::spawn(move || watch(&stop, &watching, had_terminal));
        Watchdog {
            done,
            thread: Some(thread),
        }
    }
}

impl Drop for Watchdog {
    /// The loop has left: the watchdog stops too.
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn watch(stop: &AtomicBool, done: &AtomicBool, had_terminal: bool) {
    let mut told: Option<Instant> = None;
    while !done.load(Ordering::Relaxed) {
        thread::sleep(LOOK_EVERY);
        if told.is_none() && (stop.load(Ordering::Relaxed) || had_terminal && !terminal_present()) {
            stop.store(true, Ordering::Relaxed);
            told = Some(Instant::now());
        }
        if told.is_some_and(|t| t.elapsed() > GRACE) && !done.load(Ordering::Relaxed) {
            // The loop is held: inside a read of a terminal that is gone
            // (nothing to restore), or in a long piece of work with the
            // terminal still there, which is given back as a quit leaves it.
            if terminal_present() {
                let _ = ratatui::crossterm::execute!(
                    std::io::stdout(),
                    ratatui::crossterm::event::PopKeyboardEnhancementFlags
                );
                let _ = ratatui::try_restore();
            }
            std::process::exit(0);
        }
    }
}

/// Whether the process still has its controlling terminal: opening
/// `/dev/tty` fails once the terminal has hung up.
fn terminal_present() -> bool {
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")
        .is_ok()
}
