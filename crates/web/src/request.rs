//! Reading a request body and the options every puzzle shares (state and time caps).

use crate::error::ApiError;
use gridlock_search::memory::Bytes;
use gridlock_search::{Limits, Stats};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The server's hard caps on one solve; a request may ask for less, never for more, so one
/// visitor cannot make the server search for minutes or fill its memory.
#[derive(Clone, Debug)]
pub struct Caps {
    /// Most states one solve may hold.
    pub max_states: usize,
    /// Longest one solve may search (`None`: no time cap).
    pub timeout: Option<Duration>,
    /// Most candidate boards one generate request may evaluate.
    pub max_candidates: u64,
    /// Most bytes one solve may hold (none: no budget).
    pub max_bytes: Option<u64>,
}

impl Caps {
    /// How the caps read in an error message, in place of the CLI's "raise --max-states or
    /// --timeout" hint (a web user can lower them per request, not raise them).
    pub fn describe(&self) -> String {
        let memory = self
            .max_bytes
            .map_or(String::new(), |b| format!(", {} of memory", Bytes(b)));
        format!(
            "this server allows at most {} states{memory} and {} per solve",
            self.max_states,
            self.seconds()
        )
    }

    /// The time cap in words: `10 s`, or `no time limit`.
    pub fn seconds(&self) -> String {
        self.timeout.map_or("no time limit".to_string(), |t| {
            format!("{} s", t.as_secs_f64())
        })
    }

    /// The limits of one solve: the request's own (if lower) under the server's caps, plus
    /// the flag the server raises when it gives up waiting.
    pub fn limits(&self, asked: &Budget, cancel: Arc<AtomicBool>) -> Limits {
        let states = asked
            .max_states
            .map_or(self.max_states, |n| n.min(self.max_states));
        let asked = asked
            .timeout
            .and_then(|s| Duration::try_from_secs_f64(s.max(0.0)).ok());
        let time = match (asked, self.timeout) {
            (Some(a), Some(cap)) => Some(a.min(cap)),
            (a, cap) => a.or(cap),
        };
        let mut limits = Limits::states(states).with_cancel(cancel);
        limits.max_bytes = self.max_bytes;
        match time {
            Some(t) => limits.with_timeout(t),
            None => limits,
        }
    }
}

/// The request fields that bound a search, shared by every puzzle.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Budget {
    /// Stop once the search holds this many states (at most the server's cap).
    pub max_states: Option<usize>,
    /// Stop after this many seconds (at most the server's cap).
    pub timeout: Option<f64>,
}

/// Declares a puzzle's request body: `board`, the fields listed, then the [`Budget`] fields
/// every search takes (`max_states`, `timeout`), unknown fields refused (serde's message
/// names the accepted ones in this order), at the visibility given (its fields too). The type
/// gets `budget()`, for [`crate::Job::limits`].
macro_rules! body {
    ($(#[$meta:meta])* $vis:vis struct $name:ident $(<$param:ident>)? {
        $($(#[$field_meta:meta])* $field:ident: $ty:ty,)*
    }) => {
        $(#[$meta])*
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        $vis struct $name $(<$param>)? {
            $vis board: String,
            $($(#[$field_meta])* $vis $field: $ty,)*
            max_states: Option<usize>,
            timeout: Option<f64>,
        }

        impl $(<$param>)? $name $(<$param>)? {
            /// The budget the request asks for (the server's caps still apply).
            $vis fn budget(&self) -> $crate::request::Budget {
                $crate::request::Budget {
                    max_states: self.max_states,
                    timeout: self.timeout,
                }
            }
        }
    };
}
pub(crate) use body;

body! {
    /// `POST /api/PUZZLE/solve` of a puzzle with a choice of objective (Sokoban, Puzznic): the
    /// board, what to minimise first (`O`, the library's objective, by its command-line name)
    /// and `fast` for the `--fast` search (valid, not proven optimal).
    pub(crate) struct ObjectiveSolve<O> {
        #[serde(default)]
        objective: O,
        #[serde(default)]
        fast: bool,
    }
}

/// Decodes a request body: JSON when the client says so (or the body is a JSON object),
/// otherwise the whole body is the board text with default options, so
/// `curl --data-binary @board.txt .../solve` works.
pub fn decode(body: &[u8], json: bool) -> Result<serde_json::Value, ApiError> {
    let text = std::str::from_utf8(body).map_err(|e| {
        ApiError::bad_request(format!(
            "the request body is not UTF-8 text (invalid byte at offset {})",
            e.valid_up_to()
        ))
    })?;
    if json || text.trim_start().starts_with('{') {
        serde_json::from_str(text)
            .map_err(|e| ApiError::bad_request(format!("the request body is not valid JSON: {e}")))
    } else {
        Ok(serde_json::json!({ "board": text }))
    }
}

/// Reads a puzzle's own request type from the decoded body; unknown fields are refused with
/// serde's message naming the fields that are accepted, so typos do not pass silently.
pub fn fields<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::bad_request(format!("bad request: {e}")))
}

/// Search statistics as the API reports them (the CLI's `--stats`, as numbers).
#[derive(Clone, Debug, Default, Serialize)]
pub struct StatsJson {
    /// Edges produced by the successor function.
    pub generated: u64,
    /// States whose successors were produced.
    pub expanded: u64,
    /// Most states held at once.
    pub peak_states: u64,
    /// Approximate peak bytes of search data.
    pub peak_bytes: u64,
    /// Wall time of the search in milliseconds.
    pub elapsed_ms: f64,
    /// The same, as the CLI's `--stats` line prints it.
    pub summary: String,
}

impl From<&Stats> for StatsJson {
    fn from(s: &Stats) -> Self {
        StatsJson {
            generated: s.generated,
            expanded: s.expanded,
            peak_states: s.peak_states,
            peak_bytes: s.peak_bytes,
            elapsed_ms: s.elapsed.as_secs_f64() * 1000.0,
            summary: s.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_can_lower_the_caps_but_not_raise_them() {
        let caps = Caps {
            max_states: 1000,
            timeout: Some(Duration::from_secs(5)),
            max_candidates: 10,
            max_bytes: Some(1 << 20),
        };
        let flag = Arc::new(AtomicBool::new(false));
        let l = caps.limits(&Budget::default(), flag.clone());
        assert_eq!(l.max_bytes, Some(1 << 20));
        assert!(
            caps.describe().contains("1.0 MiB of memory"),
            "{}",
            caps.describe()
        );
        assert_eq!(l.max_states, Some(1000));
        let l = caps.limits(
            &Budget {
                max_states: Some(10),
                timeout: Some(1e9),
            },
            flag.clone(),
        );
        assert_eq!(l.max_states, Some(10));
        let left = l.deadline.unwrap() - std::time::Instant::now();
        assert!(left <= Duration::from_secs(5));
        let l = caps.limits(
            &Budget {
                max_states: Some(10_000),
                timeout: Some(f64::NAN),
            },
            flag,
        );
        assert_eq!(l.max_states, Some(1000));
        // a server without a time cap: a request may still ask for one
        let uncapped = Caps {
            timeout: None,
            ..caps
        };
        let flag = Arc::new(AtomicBool::new(false));
        assert!(uncapped
            .limits(&Budget::default(), flag.clone())
            .deadline
            .is_none());
        assert!(uncapped
            .limits(
                &Budget {
                    max_states: None,
                    timeout: Some(0.0),
                },
                flag,
            )
            .deadline
            .is_some());
        assert!(uncapped.describe().ends_with("no time limit per solve"));
    }

    #[test]
    fn bodies_are_json_objects_or_plain_board_text() {
        assert_eq!(
            decode(b"{\"board\":\"BRRBBRBR\"}", false).unwrap()["board"],
            "BRRBBRBR"
        );
        assert_eq!(decode(b"BRRBBRBR\n", false).unwrap()["board"], "BRRBBRBR\n");
        let e = decode(b"BRR", true).unwrap_err();
        assert!(e.message.contains("not valid JSON"), "{}", e.message);
        let e = decode(b"\xff", false).unwrap_err();
        assert!(e.message.contains("UTF-8"), "{}", e.message);
    }
}
