//! Rush Hour on boards other than 6×6 (SPEC §11, docs/rush-hour-boards.md): how many positions
//! per second the general model sweeps on one thread, what one stored position costs in
//! memory, and what the generality costs on a 6×6 board against the 6×6 model.
//!
//! `cargo bench -p gridlock-puzzles --bench rush_hour_large` (a few minutes). Groups:
//!
//! * `rush_hour_large_sweep`: the whole component of an 8×8 board (one packed word) and of
//!   the 12×12 chain fixture (41 vehicles, three words), swept over steps by the engine's
//!   `frontier_sweep` (the judge path of the general model), with a throughput in positions
//!   per second;
//! * `rush_hour_large_six_component`, `rush_hour_large_six`: a 6×6 board (the database's
//!   largest component, 147,355 positions) through the 6×6 model and through the general
//!   model: the whole component swept over steps (positions per second), the judge path
//!   (`optimum`, steps, no limit: it stops at the first goal) and the batch path (`optima`,
//!   both metrics). The ratio of the two times in the same run is the cost of the general
//!   model, which [`gridlock_puzzles::rush_hour::parse`] spares 6×6 boards;
//! * `rush_hour_large_guided`: the judge path of the general model (guided by the
//!   blocking-vehicles bound) against the plain sweep to the first goal, on the 9×9 and 12×12
//!   chain fixtures, both metrics: the ratio of the two is the guidance's gain.
//!
//! Before the measurements it prints, per board, the bytes per stored position, measured and
//! not estimated: the bench runs itself once per board (a fresh process, so no memory freed
//! by an earlier run is reused), and there the growth of the peak resident memory (Linux
//! `VmHWM` after one sweep minus `VmRSS` before it) is divided by the positions the sweep
//! visited (each once) and by the most positions it held at once (three levels).

use criterion::{criterion_group, Criterion, Throughput};
use gridlock_puzzles::rush_hour::{
    optimum, parse, parse_database, Analyser, General, Metric, Model, Six, Wide,
};
use gridlock_search::{Limits, Stopped, Sweep};
use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// An 8×8 board of 12 vehicles and two walls whose component (1,230,455 positions, one
/// packed word) is the 8×8 figure.
const EIGHT: &str = "\
oBBoCoDo
ooEoCoDo
oxEAAooF
GGGoHIIF
ooooHooo
JJKKoLoo
ooooxLoo
oooooooo
";

/// The database's largest component (27 moves, 147,355 positions).
const SIX: &str = "HBBKooHooKCCoIAALMoIDDLMEEJooNxoJGGN";

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/rush_hour")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `$body` with `$model` bound to the general model of `$g` at its packed width.
macro_rules! at_width {
    ($g:expr, |$model:ident| $body:expr) => {
        match $g.words() {
            1 => {
                let $model = &Wide::<1>($g);
                $body
            }
            2 => {
                let $model = &Wide::<2>($g);
                $body
            }
            3 => {
                let $model = &Wide::<3>($g);
                $body
            }
            4 => {
                let $model = &Wide::<4>($g);
                $body
            }
            _ => {
                let $model = &Wide::<5>($g);
                $body
            }
        }
    };
}

/// The whole component of `start` over steps, swept by `model`'s engine.
fn sweep_component<M: Model>(model: &M, start: &[u8]) -> Sweep<()> {
    model
        .sweep(Metric::Steps, model.pack(start), &Limits::none(), |_, _| {
            ControlFlow::Continue(())
        })
        .unwrap()
}

/// [`sweep_component`] by the general model at the board's packed width.
fn sweep_any(board: &General, start: &[u8]) -> Sweep<()> {
    at_width!(board, |model| sweep_component(model, start))
}

/// The general model's judge answer (steps, no limit).
fn general_optimum(board: &General, start: &[u8]) -> Result<Option<u32>, Stopped> {
    at_width!(board, |model| optimum(
        model,
        model.pack(start),
        Metric::Steps,
        None,
        &Limits::none()
    )
    .map(|(o, _)| o))
}

/// The board of `text` in the general model, whatever its shape.
fn general(text: &str) -> (General, Vec<u8>) {
    let p = parse(text, None).unwrap();
    (General::new(p.board().clone()), p.start)
}

/// A `kB` field of `/proc/self/status`, in bytes.
fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The growth of the peak resident memory while `run` runs, in bytes (None off Linux).
fn peak_growth<T>(run: impl FnOnce() -> T) -> (T, Option<u64>) {
    // the peak so far is the parse's: start it from the memory resident now
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = status_bytes("VmRSS:");
    let out = run();
    let peak = status_bytes("VmHWM:");
    match (reset, before, peak) {
        (true, Some(b), Some(p)) => (out, Some(p.saturating_sub(b))),
        _ => (out, None),
    }
}

/// The environment variable that makes the bench measure one board's memory and exit.
const MEMORY_RUN: &str = "GRIDLOCK_BENCH_MEMORY_OF";

/// The boards whose memory is reported, by name.
fn memory_board(name: &str) -> (General, Vec<u8>) {
    let text = match name {
        "6x6" => (0..6)
            .map(|r| format!("{}\n", &SIX[6 * r..6 * r + 6]))
            .collect(),
        "8x8" => EIGHT.to_string(),
        _ => fixture("chain_12x12.txt"),
    };
    general(&text)
}

/// Prints what one stored position of `puzzle`'s component costs.
fn report_memory(name: &str, (model, start): &(General, Vec<u8>)) {
    let board = model.board();
    let (swept, grown) = peak_growth(|| sweep_any(model, start));
    let per = |n: u64| grown.map_or("n/a".to_string(), |g| format!("{:.1}", g as f64 / n as f64));
    println!(
        "{name}: {}x{}, {} vehicles, {} bits used of {} word(s) per packed position; \
         component {} positions, depth {}, at most {} held; peak RSS growth {} bytes: \
         {} bytes per visited position, {} per held position (`--stats` counts {} per held)",
        board.rows(),
        board.cols(),
        board.vehicles().len(),
        model.bits_used(),
        model.words(),
        swept.states,
        swept.depth,
        swept.stats.peak_states,
        grown.map_or("n/a".to_string(), |g| g.to_string()),
        per(swept.states),
        per(swept.stats.peak_states),
        swept.stats.peak_bytes / swept.stats.peak_states.max(1),
    );
}

fn large(c: &mut Criterion) {
    let boards = [
        ("8x8", general(EIGHT)),
        ("12x12_chain", general(&fixture("chain_12x12.txt"))),
    ];
    let mut group = c.benchmark_group("rush_hour_large_sweep");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(15));
    for (name, (model, start)) in &boards {
        let states = sweep_any(model, start).states;
        group.throughput(Throughput::Elements(states));
        group.bench_function(format!("{name}_steps_component"), |b| {
            b.iter(|| sweep_any(black_box(model), start).states)
        });
    }
    group.finish();
}

/// The plain sweep's answer in `metric` (graph edges): every position nearer than the first
/// goal visited.
fn plain_answer(board: &General, start: &[u8], metric: Metric) -> Option<u32> {
    at_width!(board, |model| model
        .sweep(metric, model.pack(start), &Limits::none(), |p, d| {
            match model.is_goal(p) {
                true => ControlFlow::Break(d),
                false => ControlFlow::Continue(()),
            }
        })
        .unwrap()
        .stopped)
}

/// The judge path (`optimum`, guided by the blocking-vehicles bound) in `metric`.
fn guided_answer(board: &General, start: &[u8], metric: Metric) -> Option<u32> {
    at_width!(board, |model| optimum(
        model,
        model.pack(start),
        metric,
        None,
        &Limits::none()
    )
    .unwrap()
    .0)
}

/// The guided search against the plain sweep on the same boards, in the same run: the
/// ratio of the two times is the guidance's gain (9×9 and 12×12 chains, both metrics).
fn guided(c: &mut Criterion) {
    let boards = [
        ("9x9_chain", general(&fixture("chain_9x9.txt"))),
        ("12x12_chain", general(&fixture("chain_12x12.txt"))),
    ];
    let mut group = c.benchmark_group("rush_hour_large_guided");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(10));
    for (name, (model, start)) in &boards {
        for metric in [Metric::Steps, Metric::Moves] {
            let m = format!("{metric:?}").to_lowercase();
            group.bench_function(format!("{name}_{m}/plain"), |b| {
                b.iter(|| plain_answer(black_box(model), start, metric))
            });
            group.bench_function(format!("{name}_{m}/guided"), |b| {
                b.iter(|| guided_answer(black_box(model), start, metric))
            });
        }
    }
    group.finish();
}

fn six_both_ways(c: &mut Criterion) {
    let p = parse_database(SIX).unwrap();
    let six = Six::new(p.board().clone());
    let start = six.pack(&p.start);
    // the same board as a letter grid, which the general model searches as it does any shape
    let grid: String = (0..6)
        .map(|r| format!("{}\n", &SIX[6 * r..6 * r + 6]))
        .collect();
    let (general, general_start) = general(&grid);
    assert_eq!(general_start, p.start);
    let states = sweep_component(&six, &p.start).states;
    assert_eq!(states, sweep_any(&general, &general_start).states);
    let none = Limits::none();
    // the whole component over steps: positions per second of each model's sweep
    let mut group = c.benchmark_group("rush_hour_large_six_component");
    group
        .sample_size(20)
        .throughput(Throughput::Elements(states));
    group.bench_function("six", |b| {
        b.iter(|| sweep_component(&six, black_box(&p.start)).states)
    });
    group.bench_function("general", |b| {
        b.iter(|| sweep_any(&general, black_box(&general_start)).states)
    });
    group.finish();
    // the judge path (stops at the first goal) and the batch path
    let mut group = c.benchmark_group("rush_hour_large_six");
    group.sample_size(20);
    group.bench_function("optimum_steps/six", |b| {
        b.iter(|| {
            optimum(&six, black_box(start), Metric::Steps, None, &none)
                .unwrap()
                .0
        })
    });
    group.bench_function("optimum_steps/general", |b| {
        b.iter(|| general_optimum(&general, black_box(&general_start)).unwrap())
    });
    let mut analyser = Analyser::new();
    group.bench_function("optima/six", |b| {
        b.iter(|| analyser.optima(&six, black_box(start), &none).unwrap())
    });
    // as `Puzzle::optima` runs it: a fresh explorer per board
    let one_word = Wide::<1>(&general);
    group.bench_function("optima/general", |b| {
        b.iter(|| {
            Analyser::new()
                .optima(&one_word, black_box(one_word.pack(&general_start)), &none)
                .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, six_both_ways, large, guided);

/// `criterion_main!` with the memory report first: each board measured in a child process.
fn main() {
    if let Ok(name) = std::env::var(MEMORY_RUN) {
        report_memory(&name, &memory_board(&name));
        return;
    }
    let me = std::env::current_exe().expect("the bench's own path");
    for name in ["6x6", "8x8", "12x12_chain"] {
        let out = Command::new(&me)
            .env(MEMORY_RUN, name)
            .output()
            .expect("the bench runs itself");
        print!("{}", String::from_utf8_lossy(&out.stdout));
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
