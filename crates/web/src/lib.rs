//! # gridlock-web
//!
//! The web player behind `gridlock serve`: one page (HTML, CSS and JavaScript embedded in the
//! binary, so it works with no network at all) and a small JSON API the page uses:
//!
//! * `POST /api/{puzzle}/solve` — board text in any format the CLI accepts, plus options;
//!   answers the solution, every intermediate board, lengths, optimality and statistics;
//! * `POST /api/{puzzle}/verify` — board and solution text; answers the special judge's
//!   verdict;
//! * `POST /api/rush-hour/generate` — a new Rush Hour puzzle of a chosen difficulty
//!   ([`generate`]); `POST /api/sokoban/generate` — a new Sokoban level ([`sokoban`]).
//!
//! `{puzzle}` is `rush-hour`, `chips`, `puzznic`, `n-puzzle` or `sokoban`. The handlers call the same
//! library code as the CLI and report its errors with the same messages. The server is meant
//! to be safe to leave running: bodies are capped ([`Config::body_limit`]), each solve runs on
//! a blocking thread under a state cap and a deadline, at most [`Config::max_concurrent`]
//! solves run at once, and every failure (a panic included) is a JSON error, never a dropped
//! connection.

mod assets;
pub mod chips;
pub mod error;
pub mod generate;
pub mod n_puzzle;
pub mod puzznic;
pub mod request;
pub mod rush_hour;
pub mod sokoban;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use error::ApiError;
use request::{Budget, Caps};
use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Default [`Config::max_candidates`]: about ten times what an expert puzzle (40+ moves) takes
/// on average, far more than the default time cap lets a 2-core machine evaluate.
pub const DEFAULT_MAX_CANDIDATES: u64 = 1_000_000;

/// How the server protects itself; the defaults suit a laptop left running.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest request body accepted (64 KiB: far above any board, far below harm).
    pub body_limit: usize,
    /// Most states one solve may hold (a request may ask for fewer).
    pub max_states: usize,
    /// Longest one solve may search (a request may ask for less); `None`: no time cap, so
    /// only the state and candidate caps bound a solve (what the tests use, so that their
    /// answers do not depend on the machine's speed).
    pub timeout: Option<Duration>,
    /// Most candidate boards one `generate` request may evaluate (a request may ask for
    /// fewer): the generator's count-based bound, beside the time cap.
    pub max_candidates: u64,
    /// Most bytes one solve may hold: by default the default share of this process's room
    /// (`gridlock_search::machine::default_budget`) divided between the solves that may run
    /// at once; `None` for no budget.
    pub max_memory: Option<u64>,
    /// Solves running at once; more wait up to [`Config::queue_wait`], then get a 503.
    pub max_concurrent: usize,
    /// How long a request waits for a free solve slot.
    pub queue_wait: Duration,
    /// Extra time past a solve's deadline before the server stops waiting for it and answers
    /// 503: searches look at the clock only every few thousand expansions, and building the
    /// answer takes a moment.
    pub grace: Duration,
    /// Where the n-puzzle's pattern tables are cached, shared with the command line (by
    /// default `$GRIDLOCK_CACHE`, else the user cache directory); `None` keeps the tables
    /// the player builds in memory only.
    pub tables: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        let max_concurrent = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            body_limit: 64 * 1024,
            max_states: 5_000_000,
            timeout: Some(Duration::from_secs(10)),
            max_candidates: DEFAULT_MAX_CANDIDATES,
            max_memory: Config::memory_per_solve(max_concurrent),
            max_concurrent,
            queue_wait: Duration::from_secs(2),
            grace: Duration::from_secs(2),
            tables: gridlock_puzzles::n_puzzle::cache::cache_dir(),
        }
    }
}

impl Config {
    /// The default memory budget of one solve when `solves` may run at once: the default
    /// share of this process's room, divided between them.
    pub fn memory_per_solve(solves: usize) -> Option<u64> {
        gridlock_search::machine::default_budget().map(|b| b / solves.max(1) as u64)
    }
}

/// One solve or verification handed to a puzzle adapter on a blocking thread.
pub struct Job {
    /// The decoded request body (a JSON object).
    pub body: serde_json::Value,
    /// The server's caps, for the search limits and for error messages.
    pub caps: Caps,
    /// Raised when the server stops waiting for this job; every search watches it.
    pub cancel: Arc<AtomicBool>,
    /// The n-puzzle's table cache ([`Config::tables`]).
    pub tables: Option<PathBuf>,
}

impl Job {
    /// Reads the puzzle's own request type from the body (see [`request::fields`]).
    pub fn request<T: serde::de::DeserializeOwned>(&mut self) -> Result<T, ApiError> {
        request::fields(std::mem::take(&mut self.body))
    }

    /// The limits of this job's searches: the request's budget under the server's caps.
    pub fn limits(&self, asked: &Budget) -> gridlock_search::Limits {
        self.caps.limits(asked, self.cancel.clone())
    }
}

/// What an adapter answers: the JSON object of a success, or the error to send.
pub type Reply = Result<serde_json::Value, ApiError>;

/// A success made of one of the library's JSON objects, as it stands.
pub fn object(value: &impl serde::Serialize) -> Reply {
    serde_json::to_value(value).map_err(|e| ApiError::internal(format!("cannot encode JSON: {e}")))
}

type Handler = fn(Job) -> Reply;

struct App {
    config: Config,
    slots: Arc<Semaphore>,
}

/// The puzzles the API knows, as they appear in URLs and in the page's fragment.
pub const PUZZLES: [&str; 5] = ["rush-hour", "chips", "puzznic", "n-puzzle", "sokoban"];

/// The API's endpoints after `/api/{puzzle}/`; `generate` exists for Rush Hour and Sokoban.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Endpoint {
    Solve,
    Verify,
    Generate,
}

fn handler(puzzle: &str, endpoint: Endpoint) -> Option<Handler> {
    use Endpoint::*;
    Some(match (puzzle, endpoint) {
        ("rush-hour", Solve) => rush_hour::solve,
        ("rush-hour", Verify) => rush_hour::verify,
        ("rush-hour", Generate) => generate::generate,
        ("chips", Solve) => chips::solve,
        ("chips", Verify) => chips::verify,
        ("puzznic", Solve) => puzznic::solve,
        ("puzznic", Verify) => puzznic::verify,
        ("n-puzzle", Solve) => n_puzzle::solve,
        ("n-puzzle", Verify) => n_puzzle::verify,
        ("sokoban", Solve) => sokoban::solve,
        ("sokoban", Verify) => sokoban::verify,
        ("sokoban", Generate) => sokoban::generate,
        _ => return None,
    })
}

/// The whole application: the page, its assets and the API.
pub fn router(config: Config) -> Router {
    let limit = config.body_limit;
    let app = Arc::new(App {
        slots: Arc::new(Semaphore::new(config.max_concurrent.max(1))),
        config,
    });
    Router::new()
        .route("/api/{puzzle}/solve", endpoint(Endpoint::Solve))
        .route("/api/{puzzle}/verify", endpoint(Endpoint::Verify))
        .route("/api/{puzzle}/generate", endpoint(Endpoint::Generate))
        .route("/api", get(api_index))
        .merge(assets::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(app)
}

/// Serves `router(config)` on `listener` until `shutdown` completes, then lets running
/// requests finish.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(shutdown)
        .await
}

/// The handler of one endpoint, for every puzzle (`dispatch` finds the puzzle's adapter).
fn endpoint(endpoint: Endpoint) -> MethodRouter<Arc<App>> {
    post(
        move |State(app): State<Arc<App>>,
              Path(puzzle): Path<String>,
              headers: HeaderMap,
              body: Result<Bytes, BytesRejection>| async move {
            dispatch(app, &puzzle, endpoint, &headers, body).await
        },
    )
}

async fn dispatch(
    app: Arc<App>,
    puzzle: &str,
    endpoint: Endpoint,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    if let Err(e) = same_origin(headers) {
        return e.into_response();
    }
    let Some(run) = handler(puzzle, endpoint) else {
        let message = if PUZZLES.contains(&puzzle) {
            format!(
                "{puzzle} has no generate endpoint: only rush-hour and sokoban generate puzzles"
            )
        } else {
            format!("unknown puzzle '{puzzle}': expected {}", PUZZLES.join(", "))
        };
        return ApiError::new(StatusCode::NOT_FOUND, "not_found", message).into_response();
    };
    let body = match body {
        Ok(body) => body,
        Err(rejection) => return body_error(&rejection, app.config.body_limit).into_response(),
    };
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let value = match request::decode(&body, json) {
        Ok(v) => v,
        Err(e) => return e.into_response(),
    };
    match execute(&app, run, value).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => e.into_response(),
    }
}

/// Refuses API calls that a browser makes on behalf of another site's page (it sends that
/// site's `Origin`): any web page could otherwise make a visitor's browser spend this
/// machine's CPU on solves. Requests without `Origin` (curl, scripts) are not browsers
/// acting for a third party and are served.
fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = origin.to_str().unwrap_or("");
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    match (authority, host) {
        (Some(a), Some(h)) if a.eq_ignore_ascii_case(h) => Ok(()),
        _ => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            format!(
                "cross-origin request refused: the API serves only its own page (Origin {origin})"
            ),
        )),
    }
}

fn body_error(rejection: &BytesRejection, limit: usize) -> ApiError {
    let status = rejection.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(
            status,
            "too_large",
            format!("the request body is larger than {limit} bytes"),
        )
    } else {
        ApiError::new(status, "input", rejection.body_text())
    }
}

/// Runs one adapter on a blocking thread, holding a concurrency slot for as long as the
/// thread runs (even after the server has given up waiting), so stuck work can never pile up.
async fn execute(app: &App, run: Handler, body: serde_json::Value) -> Reply {
    let slot = tokio::time::timeout(app.config.queue_wait, app.slots.clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "the server is busy: {} solves are already running; try again shortly",
                    app.config.max_concurrent
                ),
            )
        })?;
    let cancel = Arc::new(AtomicBool::new(false));
    let job = Job {
        body,
        caps: Caps {
            max_states: app.config.max_states,
            timeout: app.config.timeout,
            max_candidates: app.config.max_candidates,
            max_bytes: app.config.max_memory,
        },
        cancel: cancel.clone(),
        tables: app.config.tables.clone(),
    };
    let task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        run(job)
    });
    let joined = match app.config.timeout {
        Some(cap) => match tokio::time::timeout(cap + app.config.grace, task).await {
            Ok(joined) => joined,
            Err(_) => {
                cancel.store(true, Ordering::Relaxed);
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "limit",
                    format!(
                        "time limit reached: the solve did not finish within {} s and was \
                         cancelled",
                        cap.as_secs_f64()
                    ),
                ));
            }
        },
        None => task.await,
    };
    joined.map_err(|join| {
        ApiError::internal(if join.is_panic() {
            "internal error: the solver failed on this input (a bug; please report the board)"
        } else {
            "internal error: the solve was cancelled"
        })
    })?
}

async fn api_index() -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "puzzles": PUZZLES,
        "endpoints": [
            "POST /api/{puzzle}/solve",
            "POST /api/{puzzle}/verify",
            "POST /api/rush-hour/generate",
            "POST /api/sokoban/generate"
        ],
        "docs": "docs/web-api.md in the gridlock repository",
    }))
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "no such page or API endpoint",
    )
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "input",
        "method not allowed: the API takes POST, the page GET",
    )
}

/// For the adapters of puzzles this build does not include: a clear JSON error, never a
/// made-up answer.
pub fn unavailable(puzzle: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_IMPLEMENTED,
        "unavailable",
        format!("{puzzle} is not available in this build of gridlock"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server with `max_concurrent` slots and a time cap of `timeout_ms` (`None`: no cap,
    /// for the tests whose verdict must not depend on the machine's speed).
    fn app(max_concurrent: usize, timeout_ms: Option<u64>) -> Arc<App> {
        let config = Config {
            max_concurrent,
            timeout: timeout_ms.map(Duration::from_millis),
            queue_wait: Duration::from_millis(50),
            grace: Duration::from_millis(50),
            ..Config::default()
        };
        Arc::new(App {
            slots: Arc::new(Semaphore::new(max_concurrent)),
            config,
        })
    }

    fn panics(_: Job) -> Reply {
        panic!("a bug in a solver")
    }

    fn echoes(job: Job) -> Reply {
        Ok(job.body)
    }

    /// Waits until cancelled, like a search that never ends by itself but watches its cancel
    /// flag: the server's deadline is then certain to fire, however slow the machine.
    fn waits_for_cancel(job: Job) -> Reply {
        while !job.cancel.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(serde_json::json!({ "cancelled": true }))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_solve_is_a_json_500_and_the_next_request_is_served() {
        let app = app(1, None);
        let e = execute(&app, panics, serde_json::json!({}))
            .await
            .unwrap_err();
        assert_eq!(e.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(e.kind, "internal");
        let ok = execute(&app, echoes, serde_json::json!({"x": 1})).await;
        assert_eq!(ok.unwrap()["x"], 1, "the slot was released after the panic");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_solve_past_its_deadline_is_cancelled_with_a_503() {
        let app = app(1, Some(50));
        let e = execute(&app, waits_for_cancel, serde_json::json!({}))
            .await
            .unwrap_err();
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(e.kind, "limit");
        // The cancelled job holds the only slot until its thread notices the flag; waiting
        // for the slot (no deadline) proves it is given back, then the server solves again.
        drop(app.slots.acquire().await.expect("the slot comes back"));
        assert!(execute(&app, echoes, serde_json::json!({})).await.is_ok());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_beyond_the_concurrency_limit_get_busy_503() {
        let app = app(1, None);
        // every slot is taken (as by a running solve) until `held` is dropped
        let held = app.slots.clone().acquire_owned().await.expect("a slot");
        let e = execute(&app, echoes, serde_json::json!({}))
            .await
            .unwrap_err();
        assert_eq!(
            (e.status, e.kind),
            (StatusCode::SERVICE_UNAVAILABLE, "busy")
        );
        drop(held);
        assert!(execute(&app, echoes, serde_json::json!({})).await.is_ok());
    }

    #[test]
    fn every_puzzle_has_both_endpoints() {
        for p in PUZZLES {
            assert!(
                handler(p, Endpoint::Solve).is_some() && handler(p, Endpoint::Verify).is_some(),
                "{p}"
            );
            assert_eq!(
                handler(p, Endpoint::Generate).is_some(),
                matches!(p, "rush-hour" | "sokoban"),
                "{p}"
            );
        }
        assert!(handler("klotski", Endpoint::Solve).is_none());
    }
}
