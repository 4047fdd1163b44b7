//! The live loop: fixed physics ticks, frames as fast as the terminal takes
//! them, keys in between; the terminal is restored on every way out, panics
//! included.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    self, Event, KeyboardEnhancementFlags, PopKeyboardEnhancementFlags,
    PushKeyboardEnhancementFlags,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::supports_keyboard_enhancement;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

use super::action::action_for;
use super::app::App;
use super::draw::draw;

/// Frames are drawn at most this often.
const FRAME: Duration = Duration::from_millis(16);
/// After a stall, at most this many ticks are caught up at once.
const MAX_CATCH_UP: u32 = 5;

/// Runs the viewer until the user quits.
///
/// # Errors
/// When the terminal cannot be set up or drawn to; it is restored first.
pub fn run_terminal(app: App) -> io::Result<()> {
    TerminalSession::start()?.run(app)
}

/// The terminal in the viewer's mode (raw keys, the alternate screen, key
/// releases where the terminal reports them), restored when the session
/// ends or is dropped, so every way out (an error, `?`, a panic) leaves the
/// shell as it was.
pub struct TerminalSession {
    terminal: ratatui::DefaultTerminal,
    enhanced: bool,
    restored: bool,
}

impl TerminalSession {
    /// Puts the terminal in the viewer's mode.
    ///
    /// # Errors
    /// When the terminal cannot be set up.
    pub fn start() -> io::Result<TerminalSession> {
        let terminal = ratatui::try_init()?;
        let enhanced = supports_keyboard_enhancement().unwrap_or(false)
            && execute!(
                io::stdout(),
                PushKeyboardEnhancementFlags(KeyboardEnhancementFlags::REPORT_EVENT_TYPES)
            )
            .is_ok();
        if enhanced {
            // Undo the key protocol too when something panics.
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                let _ = execute!(io::stdout(), PopKeyboardEnhancementFlags);
                previous(info);
            }));
        }
        Ok(TerminalSession {
            terminal,
            enhanced,
            restored: false,
        })
    }

    /// Shows `what` on an otherwise empty screen while work runs before the
    /// viewer can (a long scenario judged and run to the tick asked for),
    /// and reads the keys pressed since: `false` when one asks to quit.
    ///
    /// # Errors
    /// When the terminal cannot be drawn to or read.
    pub fn progress(&mut self, what: &str) -> io::Result<bool> {
        let line = format!("{what}  (q quits)");
        self.terminal.draw(|frame| {
            let area = frame.area();
            frame.render_widget(ratatui::widgets::Paragraph::new(line.as_str()), area);
        })?;
        while event::poll(Duration::ZERO)? {
            if let Event::Key(key) = event::read()?
                && action_for(key) == Some(super::Action::Quit)
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Runs the viewer on `app` until the user quits, then restores the
    /// terminal.
    ///
    /// # Errors
    /// When the terminal cannot be drawn to or restored.
    pub fn run(mut self, mut app: App) -> io::Result<()> {
        app.set_releases_reported(self.enhanced);
        let stop = stop_on_signals()?;
        let watchdog = super::watchdog::Watchdog::start(Arc::clone(&stop));
        let result = run_loop(&mut self.terminal, &mut app, &stop);
        drop(watchdog);
        self.finish()?;
        result
    }

    /// Restores the terminal.
    ///
    /// # Errors
    /// When the terminal cannot be restored.
    pub fn finish(mut self) -> io::Result<()> {
        self.restore()
    }

    fn restore(&mut self) -> io::Result<()> {
        if std::mem::replace(&mut self.restored, true) {
            return Ok(());
        }
        if self.enhanced {
            let _ = execute!(io::stdout(), PopKeyboardEnhancementFlags);
        }
        ratatui::try_restore()?;
        io::stdout().flush()
    }
}

impl Drop for TerminalSession {
    fn drop(&mut self) {
        let _ = self.restore();
    }
}

/// A flag set when the process is told to stop by SIGTERM, SIGHUP or SIGINT
/// (`kill`, `timeout`, a closed terminal or tmux pane): the loop sees it
/// within a frame and leaves as a quit does, so the terminal is restored
/// rather than left without echo.
fn stop_on_signals() -> io::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGTERM, SIGHUP, SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    Ok(stop)
}

fn run_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    stop: &AtomicBool,
) -> io::Result<()> {
    let start = Instant::now();
    let dt = Duration::from_secs_f64(app.sim().settings().dt());
    let mut next_tick = Duration::ZERO;
    let mut second = (Duration::ZERO, 0u32);
    let mut stats = app.stats();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let now = start.elapsed();
        let mut caught_up = 0;
        while next_tick <= now && caught_up < MAX_CATCH_UP {
            if !app.paused() {
                let t = Instant::now();
                if let Err(e) = app.tick(next_tick) {
                    app.halt(e);
                }
                let us = t.elapsed().as_secs_f64() * 1e6;
                stats.physics_us = 0.9 * stats.physics_us + 0.1 * us;
                second.1 += 1;
            }
            next_tick += dt;
            caught_up += 1;
        }
        if next_tick < now {
            next_tick = now; // fell too far behind: skip, do not spiral
        }
        if now.saturating_sub(second.0) >= Duration::from_secs(1) {
            stats.ticks_per_second =
                f64::from(second.1) / now.saturating_sub(second.0).as_secs_f64();
            second = (now, 0);
        }
        let alpha = if app.paused() {
            1.0
        } else {
            1.0 - (next_tick.saturating_sub(now)).as_secs_f64() / dt.as_secs_f64()
        };
        app.begin_frame(now, alpha);
        app.record_stats(stats);
        let t = Instant::now();
        terminal.draw(|frame| draw(frame, app))?;
        stats.frame_ms = t.elapsed().as_secs_f64() * 1000.0;
        // Keys until the next frame is due.
        let deadline = Instant::now() + FRAME;
        while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
            // A signal interrupts the wait: the loop then sees the flag.
            match event::poll(wait) {
                Ok(false) => break,
                Ok(true) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => break,
                Err(e) => return Err(e),
            }
            match event::read()? {
                Event::Key(key) => {
                    if let Some(action) = action_for(key)
                        && !app.apply(action, start.elapsed())
                    {
                        return Ok(());
                    }
                }
                Event::FocusLost => app.release_keys(),
                _ => {} // resizes are picked up by the next draw
            }
        }
    }
}
