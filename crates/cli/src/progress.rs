//! Progress for long jobs: a bar on stderr when stderr is a terminal, nothing otherwise, so
//! piped output and logs stay clean.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A puzzles-per-second counter, invisible when stderr is not a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Starts counting `unit`s (e.g. "puzzles"); `total_bytes` (the input file's size, when
    /// known) turns the counter into a bar.
    pub fn new(unit: &'static str, total_bytes: Option<u64>) -> Self {
        if !std::io::stderr().is_terminal() {
            return Progress { bar: None };
        }
        let bar = match total_bytes {
            Some(total) => ProgressBar::new(total).with_style(
                ProgressStyle::with_template(
                    "{bar:30.cyan/blue} {percent:>3}% {msg} [{elapsed_precise}, eta {eta}]",
                )
                .expect("valid template"),
            ),
            None => ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
                    .expect("valid template"),
            ),
        };
        bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(5));
        bar.set_message(format!("0 {unit}"));
        Progress {
            bar: Some(bar.with_prefix(unit)),
        }
    }

    /// Records `done` more units and `bytes` more input consumed.
    pub fn advance(&self, total_done: u64, bytes: u64, elapsed_secs: f64) {
        if let Some(bar) = &self.bar {
            bar.inc(bytes);
            let rate = total_done as f64 / elapsed_secs.max(1e-9);
            bar.set_message(format!("{total_done} {} ({rate:.0}/s)", bar.prefix()));
        }
    }
}

impl Drop for Progress {
    /// The bar disappears however the job ends (done, bad line, limit, closed pipe), so it
    /// never lingers above an error message.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
