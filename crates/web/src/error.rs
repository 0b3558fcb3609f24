//! Errors as the page and API clients see them: an HTTP status and one JSON object, with the
//! same message the command line prints for the same failure.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gridlock_puzzles::ParseError;
use gridlock_search::{StopReason, Stopped};
use serde::Serialize;

/// A failed request. Every failure the server can produce goes through this type, so a client
/// never gets an HTML error page or a dropped connection instead of JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status: 400 bad input, 404 unknown puzzle, 413 body too large, 422 state cap,
    /// 503 time cap or server busy, 500 a bug.
    pub status: StatusCode,
    /// What kind of failure, for programs: `input`, `limit`, `busy`, `unavailable`,
    /// `not_found`, `too_large`, `internal`.
    pub kind: &'static str,
    /// The message, worded as the command line words it.
    pub message: String,
    /// For malformed input: which request field held it (`board`, `solution`) and where.
    pub at: Option<Location>,
}

/// Where in a request field the parser stopped, so the page can point at the spot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The request field that held the text (`board` or `solution`).
    pub field: &'static str,
    /// 1-based line in that text.
    pub line: usize,
    /// 1-based column (in characters) in that text.
    pub column: usize,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<&'a Location>,
}

impl ApiError {
    /// A failure with no location.
    pub fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            kind,
            message: message.into(),
            at: None,
        }
    }

    /// The request itself is malformed (bad JSON, an unknown option): 400.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "input", message)
    }

    /// Malformed puzzle text in request field `field`: 400 with the parser's own message
    /// (the library's `ParseError` Display, exactly what the CLI prints after the file name).
    pub fn parse(field: &'static str, e: &ParseError) -> Self {
        ApiError {
            at: Some(Location {
                field,
                line: e.line,
                column: e.column,
            }),
            ..Self::bad_request(e.to_string())
        }
    }

    /// A search that stopped at a limit. A state or memory cap is a property of the board
    /// (retrying will not help): 422. A time cap, a cancellation or memory the machine would
    /// not give depends on load: 503.
    pub fn stopped(e: &Stopped, caps: &str) -> Self {
        let bound = e.bound_note();
        let status = match e.reason {
            StopReason::StateLimit(_) | StopReason::MemoryLimit { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            StopReason::Timeout | StopReason::Cancelled | StopReason::OutOfMemory { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
        };
        // The CLI names the option to raise; here the options are request
        // fields bounded by the server's caps, so the hint names those instead.
        Self::new(
            status,
            "limit",
            format!("{} ({caps}){bound}; {}", e.reason, e.stats),
        )
    }

    /// A bug (a panic in a solve, a JSON encoding failure): 500, without details a client
    /// could not act on.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: &self.message,
            kind: self.kind,
            at: self.at.as_ref(),
        };
        (self.status, Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridlock_search::Stats;

    #[test]
    fn parse_errors_keep_the_library_message_and_location() {
        let p = ParseError::new(2, 5, "'X'", "R or B");
        let e = ApiError::parse("board", &p);
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert_eq!(e.message, p.to_string());
        assert_eq!(
            e.at,
            Some(Location {
                field: "board",
                line: 2,
                column: 5
            })
        );
    }

    #[test]
    fn state_caps_are_422_and_time_caps_503() {
        let stopped = |reason| Stopped {
            reason,
            stats: Stats::default(),
            lower_bound: Some(gridlock_search::Bound(vec![7])),
        };
        let e = ApiError::stopped(&stopped(StopReason::StateLimit(10)), "caps");
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            e.message.starts_with(
                "state limit of 10 states reached (caps); proven lower bound 7; states generated 0"
            ),
            "{}",
            e.message
        );
        let e = ApiError::stopped(&stopped(StopReason::Timeout), "caps");
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(e.kind, "limit");
    }
}
