//! The status lines: where the body is and what it is doing, how fast the
//! physics and the drawing run, which world this is.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::super::app::App;

pub(super) struct Status<'a> {
    pub app: &'a App,
}

impl Widget for Status<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let body = app.player();
        let (p, v) = (body.feet(), body.velocity);
        let states = states(app);
        let first = format!(
            "pos {:.2} {:.2} {:.2} │ vel {:.2} {:.2} {:.2} │ {} │ touch {}",
            p.x,
            p.y,
            p.z,
            v.x,
            v.y,
            v.z,
            states.join(" · "),
            touched(body.touching),
        );
        if let Some(playback) = &app.playback() {
            let second = scenario_line(app, playback);
            Paragraph::new(vec![Line::from(first), Line::from(second)]).render(area, buf);
            return;
        }
        let second = live_line(app);
        Paragraph::new(vec![Line::from(first), Line::from(second)]).render(area, buf);
    }
}

/// The walls and ceiling that stopped the body on its last tick, as words
/// (the ground is "grounded" already).
fn touched(contacts: voxwalk::controller::Contacts) -> String {
    let words: Vec<&str> = [
        (contacts.ceiling, "ceiling"),
        (contacts.wall_x, "wall-x"),
        (contacts.wall_z, "wall-z"),
    ]
    .into_iter()
    .filter_map(|(on, word)| on.then_some(word))
    .collect();
    if words.is_empty() {
        "-".into()
    } else {
        words.join(" ")
    }
}

/// The followed body's state and the toggles, as words: grounded or
/// airborne, what the ground does to it, sneaking, flying, paused.
fn states(app: &App) -> Vec<&'static str> {
    let body = app.player();
    let mut states = Vec::new();
    states.push(if body.grounded {
        "grounded"
    } else {
        "airborne"
    });
    if body.riding.is_some() {
        states.push("riding");
    }
    if body.in_liquid {
        // Swimming proper is a sprint under water, flat; else it wades.
        states.push(if body.swimming {
            "swimming"
        } else {
            "in liquid"
        });
        if let Some(way) = current_way(voxwalk::controller::current_on(app.sim().world(), body)) {
            states.push(way);
        }
    }
    if body.climbing {
        states.push("climbing");
    }
    if body.grounded {
        // What the ground does, as the controller reads it.
        let world = app.sim().world();
        let under = voxwalk::controller::ground_cell(&body.aabb);
        let ground = world.registry().behaviour(world.block(under));
        if ground.slipperiness > voxwalk::block::DEFAULT_SLIPPERINESS {
            states.push("on ice");
        }
        if ground.speed_factor < 1.0 {
            states.push("slowed");
        }
        if ground.bounce > 0.0 {
            states.push("bouncy");
        }
    }
    if app.is_held(super::super::action::Hold::Sneak) && !app.flying() {
        states.push("sneaking");
    }
    if app.sprinting() {
        states.push("sprint");
    }
    if app.flying() {
        states.push("flying");
    }
    if app.paused() {
        states.push("PAUSED");
    }
    if app.demo() {
        states.push("demo");
    }
    states
}

/// Which way a current pushes, by its strongest axis: the status line's
/// word for it, or `None` in still liquid.
fn current_way(push: voxwalk::glam::DVec3) -> Option<&'static str> {
    if push == voxwalk::glam::DVec3::ZERO {
        return None;
    }
    let a = push.abs();
    Some(if a.y >= a.x && a.y >= a.z {
        if push.y < 0.0 {
            "current down"
        } else {
            "current up"
        }
    } else if a.x >= a.z {
        if push.x > 0.0 {
            "current east"
        } else {
            "current west"
        }
    } else if push.z > 0.0 {
        "current south"
    } else {
        "current north"
    })
}

/// The second status line live: the loop's figures, the world, the counts
/// and the last action's message.
fn live_line(app: &App) -> String {
    let streaming = app
        .stream_status()
        .map_or_else(String::new, |s| format!(" │ {s}"));
    format!(
        "{:.0} ticks/s · {:.0} µs/tick · {:.1} ms/frame │ {}{streaming} │ {} bodies, {} balls │ ? help  q quit{}",
        app.stats().ticks_per_second,
        app.stats().physics_us,
        app.stats().frame_ms,
        app.title(),
        app.sim().bodies().len(),
        app.sim().balls().len(),
        if app.message().is_empty() {
            String::new()
        } else {
            format!(" │ {}", app.message())
        }
    )
}

/// The second status line while a scenario plays: where in it the view is,
/// the checks of this tick passed (✓) or failed (✗), and the ticks where a
/// check first failed.
fn scenario_line(app: &App, playback: &super::super::Playback) -> String {
    let at = match playback.shown_tick() {
        Some(t) => format!("tick {t}/{}", playback.ticks().saturating_sub(1)),
        None => format!("start/{}", playback.ticks().saturating_sub(1)),
    };
    let (checks, _) = playback.checks_now(app.sim(), app.camera().followed());
    let checks: Vec<String> = checks
        .iter()
        .map(|c| format!("{} {}", if c.passed { "✓" } else { "✗" }, c.what))
        .collect();
    let failed = playback.failed_ticks();
    let failed = if failed.is_empty() {
        "no check fails".to_owned()
    } else {
        let shown: Vec<String> = failed.iter().take(6).map(u64::to_string).collect();
        format!(
            "failing at {}{}",
            shown.join(", "),
            if failed.len() > 6 { ", …" } else { "" }
        )
    };
    let here = playback
        .shown_tick()
        .and_then(|t| playback.failures.iter().find(|f| f.tick == t));
    // What failed here comes first: it is what the user came to see.
    let now = match here {
        Some(f) => format!(
            " │ ✗ {}: expected {}, got {}",
            f.check, f.expected, f.actual
        ),
        None if checks.is_empty() => String::new(),
        None => format!(" │ {}", checks.join(" ")),
    };
    format!(
        "{} │ {at} {}{now} │ {failed} │ body {} │ , . [ ] Home End, digits+Enter{}",
        app.title(),
        if app.paused() { "paused" } else { "playing" },
        app.camera().followed(),
        if app.goto_digits().is_empty() {
            String::new()
        } else {
            format!(" │ go to {}_", app.goto_digits())
        }
    )
}

#[cfg(test)]
mod tests {
    use super::current_way;
    use voxwalk::glam::DVec3;

    #[test]
    fn a_current_is_named_by_its_strongest_axis() {
        assert_eq!(current_way(DVec3::ZERO), None);
        assert_eq!(
            current_way(DVec3::new(0.28, 0.0, 0.1)),
            Some("current east")
        );
        assert_eq!(
            current_way(DVec3::new(0.0, 0.0, -0.2)),
            Some("current north")
        );
        assert_eq!(
            current_way(DVec3::new(0.1, -1.6, 0.0)),
            Some("current down")
        );
    }
}
