//! `voxwalk play` in a real terminal: started under tmux, driven with keys,
//! read back with `capture-pane`. Ignored by default, as it needs tmux (a
//! machine without it lists it as ignored); `.ci/run` installs tmux and runs
//! it with `cargo test --release -- --ignored`, where it fails without tmux.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn screen(session: &str) -> String {
    tmux(&["capture-pane", "-p", "-t", session])
}

/// A detached tmux session `session` running a plain shell in a terminal of
/// `width` × `height`.
fn start_shell(session: &str, width: u16, height: u16) {
    let (width, height) = (width.to_string(), height.to_string());
    tmux(&[
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        &width,
        "-y",
        &height,
        "bash --norc --noprofile",
    ]);
}

/// Waits until the screen holds `needle`, or gives up after `limit`.
fn wait_for(session: &str, needle: &str, limit: Duration) -> String {
    wait_until(session, limit, |s| s.contains(needle))
}

/// Waits until the screen satisfies `done`, or gives up after `limit`.
fn wait_until(session: &str, limit: Duration, done: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let s = screen(session);
        if done(&s) || start.elapsed() > limit {
            return s;
        }
        sleep(Duration::from_millis(50));
    }
}

/// The player's x from the status line (`pos X Y Z │ …`).
fn player_x(screen: &str) -> f64 {
    let line = screen
        .lines()
        .find(|l| l.starts_with("pos "))
        .expect("a status line");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[ignore = "needs tmux"]
fn play_moves_the_body_shows_help_and_restores_the_terminal() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "this test needs tmux installed"
    );
    let session = format!("voxwalk-test-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    let world = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../worlds/walls_and_corners.vxw"
    );
    // A plain shell in a 120×40 terminal, so what is left after quitting can be read.
    start_shell(&session, 120, 40);
    let cleanup = || {
        tmux(&["kill-session", "-t", &session]);
    };
    let command = format!(
        "{bin} play {world}; echo voxwalk-exited-$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'"
    );
    tmux(&["send-keys", "-t", &session, &command, "Enter"]);
    let first = wait_for(&session, "pos ", Duration::from_secs(10));
    if !first.contains("pos ") {
        cleanup();
        panic!("the viewer did not start:\n{first}");
    }
    let start_x = player_x(&first);

    // Hold d: a key that repeats, as a terminal sends it while held, until the
    // body has gone more than a block (about a quarter of a second of walking;
    // a loaded machine may draw fewer frames, so this waits up to 10 s).
    let holding = Instant::now();
    let mut moved = first.clone();
    let mut end_x = start_x;
    while end_x <= start_x + 1.0 && holding.elapsed() < Duration::from_secs(10) {
        for _ in 0..10 {
            tmux(&["send-keys", "-t", &session, "d"]);
            sleep(Duration::from_millis(30));
        }
        moved = screen(&session);
        end_x = player_x(&moved);
    }

    tmux(&["send-keys", "-t", &session, "?"]);
    // A line near the end of the help box: a capture taken while the frame is
    // still being written shows its title without its keys.
    let help = wait_for(&session, "blast a sphere", Duration::from_secs(5));
    tmux(&["send-keys", "-t", &session, "?"]);

    tmux(&["send-keys", "-t", &session, "q"]);
    // Wait for stty's answer: a line that is exactly `icanon` or `-icanon`.
    let after = wait_until(&session, Duration::from_secs(10), |s| {
        s.lines()
            .any(|l| l.trim().ends_with("icanon") && !l.contains(' '))
    });
    cleanup();

    assert!(
        end_x > start_x + 1.0,
        "d held: x {start_x} -> {end_x}\n{moved}"
    );
    assert!(
        help.contains("keys · ? to close") && help.contains("blast a sphere"),
        "{help}"
    );
    assert!(after.contains("voxwalk-exited-0"), "{after}");
    // Back on the shell's screen (the alternate screen is gone) and in cooked mode.
    assert!(!after.contains("top-down"), "{after}");
    assert!(
        after.lines().any(|l| l.trim() == "icanon"),
        "terminal left in raw mode:\n{after}"
    );
}

/// `voxwalk check` on a failing scenario prints the command that opens it at
/// its first failing tick; that command opens the viewer there, `,` steps
/// back a tick and `.` forward again, and `q` returns to the shell.
#[test]
#[ignore = "needs tmux"]
fn a_failing_scenario_opens_at_its_failing_tick_and_steps_both_ways() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "this test needs tmux installed"
    );
    let dir = std::env::temp_dir().join(format!("voxwalk-tmux-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("failing.toml");
    std::fs::write(
        &scenario,
        "model = \"minecraft-1.21 v4\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|########################################|\\n\"\n\
         spawn = [1.5, 1, 0.5]\ninputs = \"40 east\"\n[[expect]]\ntick = 20\nx = [7.0, 8.0]\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    let check = Command::new(bin)
        .arg("check")
        .arg(&scenario)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&check.stdout).into_owned();
    let open = table
        .lines()
        .find_map(|l| l.strip_prefix("see it: "))
        .unwrap_or_else(|| panic!("no command to see it:\n{table}"))
        .to_owned();
    assert!(open.ends_with("--tick 20"), "{open}");

    let session = format!("voxwalk-test-scenario-{}", std::process::id());
    start_shell(&session, 160, 40);
    let cleanup = || {
        tmux(&["kill-session", "-t", &session]);
        let _ = std::fs::remove_dir_all(&dir);
    };
    let command = format!(
        "{}; echo voxwalk-exited-$?",
        open.replacen("voxwalk", bin, 1)
    );
    tmux(&["send-keys", "-t", &session, &command, "Enter"]);
    let at_failure = wait_for(&session, "tick 20/39", Duration::from_secs(10));
    tmux(&["send-keys", "-t", &session, ","]);
    let back = wait_for(&session, "tick 19/39", Duration::from_secs(5));
    tmux(&["send-keys", "-t", &session, "."]);
    let forward = wait_for(&session, "tick 20/39", Duration::from_secs(5));
    tmux(&["send-keys", "-t", &session, "q"]);
    // The echo's own line, not the command line that names it: the viewer
    // leaves the shell's screen before the shell prints its exit status.
    let after = wait_until(&session, Duration::from_secs(10), |s| {
        s.lines().any(|l| l.starts_with("voxwalk-exited-"))
    });
    cleanup();
    assert!(
        at_failure.contains("tick 20/39") && at_failure.contains("✗ body 0 pos.x"),
        "{at_failure}"
    );
    assert!(back.contains("tick 19/39"), "{back}");
    assert!(forward.contains("tick 20/39"), "{forward}");
    assert!(after.contains("voxwalk-exited-0"), "{after}");
    assert!(
        !after.contains("tick 20/39"),
        "the viewer's screen is gone:\n{after}"
    );
}

/// A scenario of 17 million ticks is judged before the viewer opens (7 s of
/// work): the screen says so, and `q` stops it and returns to the
/// shell at once.
#[test]
#[ignore = "needs tmux"]
fn q_stops_a_long_scenario_while_it_is_judged() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "this test needs tmux installed"
    );
    let dir = std::env::temp_dir().join(format!("voxwalk-tmux-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("long.toml");
    std::fs::write(
        &scenario,
        "model = \"minecraft-1.21 v4\"\nworld_text = \"voxwalk-world 1\\nlayer 0\\n|####|\\nend\\n\"\n\
         spawn = [1.5, 1, 0.5]\nticks = 17000000\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    let session = format!("voxwalk-test-long-{}", std::process::id());
    start_shell(&session, 120, 30);
    let command = format!("{bin} play {}; echo voxwalk-exited-$?", scenario.display());
    tmux(&["send-keys", "-t", &session, &command, "Enter"]);
    let running = wait_for(&session, "q quits", Duration::from_secs(10));
    tmux(&["send-keys", "-t", &session, "q"]);
    let after = wait_until(&session, Duration::from_secs(10), |s| {
        s.lines().any(|l| l.starts_with("voxwalk-exited-"))
    });
    tmux(&["kill-session", "-t", &session]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(running.contains("running long: tick"), "{running}");
    assert!(after.contains("voxwalk-exited-0"), "{after}");
}

/// `voxwalk play` on a Minecraft save folder: the map mode drawn (the
/// surface shaded by height in many shades), the status line's streaming
/// figures, `m` back to the slice at the feet.
#[test]
#[ignore = "needs tmux"]
fn a_save_folder_plays_as_a_map_with_its_loading_figures() {
    let session = format!("voxwalk-test-save-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    let folder = std::env::temp_dir().join(format!("voxwalk-tmux-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let exported = Command::new(bin)
        .args(["convert", "gen:hills:3", &format!("{}/", folder.display())])
        .output()
        .unwrap();
    assert!(exported.status.success(), "{exported:?}");
    start_shell(&session, 160, 45);
    let cleanup = || {
        tmux(&["kill-session", "-t", &session]);
        let _ = std::fs::remove_dir_all(&folder);
    };
    let command = format!("{bin} play {} --view-distance 4", folder.display());
    tmux(&["send-keys", "-t", &session, &command, "Enter"]);
    let first = wait_for(&session, "loaded", Duration::from_secs(10));
    // With colours: the map's cells are backgrounds of the surface's colour,
    // lit by height.
    let coloured = tmux(&["capture-pane", "-e", "-p", "-t", &session]);
    tmux(&["send-keys", "-t", &session, "m"]);
    // The slice at the feet marks ground below with dots; the map does not.
    let slice = wait_for(&session, "····", Duration::from_secs(5));
    tmux(&["send-keys", "-t", &session, "q"]);
    sleep(Duration::from_millis(300));
    cleanup();

    let status = first
        .lines()
        .find(|l| l.contains("loaded"))
        .unwrap_or_else(|| panic!("no streaming figures:\n{first}"));
    assert!(
        status.contains("chunks ") && status.contains("MiB"),
        "{status}"
    );
    let shades: std::collections::BTreeSet<&str> = coloured
        .split("\u{1b}[")
        // A background in true colour (48;2;…) or the 256-colour palette (48;5;…).
        .filter(|part| part.starts_with("48;"))
        .map(|part| part.split('m').next().unwrap_or(""))
        .collect();
    assert!(
        shades.len() >= 6,
        "{} shades in the map:\n{coloured}",
        shades.len()
    );
    assert!(!first.contains("····"), "{first}");
    assert!(slice.contains("····"), "{slice}");
}

/// `voxwalk play` told to stop by SIGTERM or SIGHUP (as `timeout` and a
/// closed pane stop it) leaves the terminal as a quit does: echo and line
/// input back.
#[test]
#[ignore = "needs tmux"]
fn play_stopped_by_a_signal_restores_the_terminal() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "this test needs tmux installed"
    );
    for signal in ["TERM", "HUP"] {
        let session = format!("voxwalk-test-signal-{signal}-{}", std::process::id());
        let bin = env!("CARGO_BIN_EXE_voxwalk");
        let world = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../worlds/walls_and_corners.vxw"
        );
        start_shell(&session, 120, 40);
        let command = format!(
            "timeout --foreground -s {signal} 3 {bin} play {world}; echo voxwalk-exited-$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'"
        );
        tmux(&["send-keys", "-t", &session, &command, "Enter"]);
        let running = wait_for(&session, "pos ", Duration::from_secs(10));
        let after = wait_until(&session, Duration::from_secs(15), |s| {
            s.lines()
                .any(|l| l.trim().ends_with("icanon") && !l.contains(' '))
        });
        tmux(&["kill-session", "-t", &session]);
        assert!(
            running.contains("pos "),
            "SIG{signal}: the viewer did not start:\n{running}"
        );
        // timeout says 124 when it had to stop the command.
        assert!(after.contains("voxwalk-exited-124"), "SIG{signal}: {after}");
        assert!(!after.contains("top-down"), "SIG{signal}: {after}");
        assert!(
            after.lines().any(|l| l.trim() == "icanon"),
            "SIG{signal}: terminal left in raw mode:\n{after}"
        );
    }
}

/// What an errand in `play` showed: the screen as it started, once it was
/// sent (`send` typed, then Enter where `enter`), and as it ended (arrived or
/// stuck), with the screens `send` saw on the way.
struct Errand {
    first: String,
    on_the_way: Vec<String>,
    going: String,
    ended: String,
}

/// Opens `play` in a tmux session named after `name`, sends the keys of
/// `send` one by one (waiting for each screen text listed beside it), and
/// watches the errand until it arrives or is stuck.
fn errand_in_play(name: &str, send: &[(&str, &str)]) -> Errand {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "this test needs tmux installed"
    );
    let session = format!("voxwalk-test-{name}-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    start_shell(&session, 120, 40);
    let cleanup = || {
        tmux(&["kill-session", "-t", &session]);
    };
    tmux(&["send-keys", "-t", &session, &format!("{bin} play"), "Enter"]);
    let first = wait_for(&session, "pos ", Duration::from_secs(10));
    if !first.contains("pos ") {
        cleanup();
        panic!("the viewer did not start:\n{first}");
    }
    let mut on_the_way = Vec::new();
    for (key, then) in send {
        tmux(&["send-keys", "-t", &session, key]);
        sleep(Duration::from_millis(100));
        if !then.is_empty() {
            on_the_way.push(wait_for(&session, then, Duration::from_secs(10)));
        }
    }
    let going = wait_for(&session, "going to", Duration::from_secs(10));
    let ended = wait_until(&session, Duration::from_secs(60), |s| {
        s.contains("arrived") || s.contains("stuck")
    });
    tmux(&["send-keys", "-t", &session, "q"]);
    sleep(Duration::from_millis(300));
    cleanup();
    assert!(going.contains("going to"), "no plan made:\n{going}");
    assert!(going.contains("••"), "the path is not drawn:\n{going}");
    assert!(ended.contains("arrived"), "did not arrive:\n{ended}");
    Errand {
        first,
        on_the_way,
        going,
        ended,
    }
}

/// `k` shows a cursor, `a` moves it a column to the left a press, Enter
/// sends the body there: the plan is drawn and the body arrives about that
/// far to the left.
#[test]
#[ignore = "needs tmux"]
fn k_sends_the_body_to_a_picked_spot_its_path_drawn_and_it_arrives() {
    let mut keys = vec![("k", "pick a spot")];
    keys.extend([("a", ""); 5]);
    keys.extend([("a", "cursor at"), ("Enter", "")]);
    let errand = errand_in_play("pick", &keys);
    let (picking, moved) = (&errand.on_the_way[0], &errand.on_the_way[1]);
    assert!(picking.contains("><"), "no cursor drawn:\n{picking}");
    assert!(
        moved.contains("cursor at"),
        "the cursor did not move:\n{moved}"
    );
    let (start_x, end_x) = (player_x(&errand.first), player_x(&errand.ended));
    assert!(
        (start_x - end_x - 6.0).abs() < 1.5,
        "{start_x} → {end_x}, six columns left asked:\n{}",
        errand.ended
    );
}

/// `g` sends the body to a far spot it plans its own way to: the plan's
/// cells are drawn in the top-down view, the body walks there by itself and
/// the status line says it arrived.
#[test]
#[ignore = "needs tmux"]
fn g_sends_the_body_to_a_far_spot_its_path_drawn_and_it_arrives() {
    let errand = errand_in_play("go", &[("g", "")]);
    // The first errand aims 32 blocks away at 137° from +x: 23 blocks west.
    let (start_x, end_x) = (player_x(&errand.first), player_x(&errand.ended));
    assert!(
        start_x - end_x > 5.0,
        "{start_x} → {end_x}:\n{}\n{}",
        errand.going,
        errand.ended
    );
}

/// Whether process `pid` is still running (not gone, not a zombie).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|s| !s.trim_start().starts_with('Z'))
    })
}

/// `voxwalk play` whose terminal goes away (the tmux server killed under
/// it, as an ssh session drops) ends within a second: with the default
/// world and with a save folder streaming. The build before spun on the
/// dead terminal at most of a core until killed with SIGKILL.
#[test]
#[ignore = "needs tmux"]
fn play_ends_when_its_terminal_goes_away() {
    let bin = env!("CARGO_BIN_EXE_voxwalk");
    let folder = std::env::temp_dir().join(format!("voxwalk-tmux-gone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let exported = Command::new(bin)
        .args(["convert", "gen:hills:3", &format!("{}/", folder.display())])
        .output()
        .unwrap();
    assert!(exported.status.success(), "{exported:?}");
    let save = format!("{bin} play {} --view-distance 4", folder.display());
    for (name, command) in [("default", format!("{bin} play")), ("save", save)] {
        // A tmux server of its own, so killing it touches nothing else.
        let socket = format!("voxwalk-gone-{name}-{}", std::process::id());
        let on = |args: &[&str]| {
            let mut all = vec!["-L", socket.as_str()];
            all.extend_from_slice(args);
            tmux(&all)
        };
        on(&[
            "new-session",
            "-d",
            "-s",
            "gone",
            "-x",
            "120",
            "-y",
            "40",
            &command,
        ]);
        let start = Instant::now();
        while !on(&["capture-pane", "-p", "-t", "gone"]).contains("pos ")
            && start.elapsed() < Duration::from_secs(20)
        {
            sleep(Duration::from_millis(50));
        }
        let pid: u32 = on(&["display", "-p", "-t", "gone", "#{pane_pid}"])
            .trim()
            .parse()
            .expect("the pane's process");
        assert!(running(pid), "{name}: play did not start");
        on(&["kill-server"]);
        let killed = Instant::now();
        while running(pid) && killed.elapsed() < Duration::from_secs(3) {
            sleep(Duration::from_millis(20));
        }
        let took = killed.elapsed();
        let alive = running(pid);
        if alive {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
        assert!(
            !alive && took < Duration::from_secs(1),
            "{name}: still running after {took:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}
