//! Frame render time of each view on a 200×60 terminal (ratatui's
//! `TestBackend`), over generated hills with a few bodies and balls about.

#[path = "../../../benches/support/run_stamp.rs"]
mod run_stamp;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use voxwalk::generate::{Generator, Preset};
use voxwalk::world::World;
use voxwalk_cli::viewer::{Action, App, Palette, SliceAxis, ViewMode, draw};

fn bench(c: &mut Criterion) {
    let g = Generator::new(Preset::Hills, 2024);
    let mut app = App::new(World::new(), Vec::new(), Some(g.clone()), g.spawn(), true).unwrap();
    app.set_palette(Palette::TrueColor);
    for _ in 0..3 {
        app.apply(Action::AddWanderer, Duration::ZERO);
        app.apply(Action::ThrowBall, Duration::ZERO);
    }
    for t in 0..40u32 {
        app.tick(Duration::from_millis(u64::from(t) * 50)).unwrap();
    }
    let mut group = c.benchmark_group("frame_200x60");
    for (name, view, axis) in [
        ("top_down", ViewMode::TopDown, SliceAxis::X),
        ("side", ViewMode::Side, SliceAxis::X),
        ("split", ViewMode::Split, SliceAxis::Z),
    ] {
        app.show(view, axis);
        let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| {
                terminal.draw(|f| draw(f, black_box(&app))).unwrap();
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
fn main() {
    run_stamp::print("viewer");
    benches();
    Criterion::default().configure_from_args().final_summary();
}
