//! `gridlock serve`: the web player (see `gridlock-web` and docs/web.md).

use crate::error::CliError;
use crate::output::Output;
use std::net::SocketAddr;
use std::time::Duration;

/// Arguments of this subcommand.
#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on. Loopback by default: the player is for this machine; give
    /// another address (e.g. 0.0.0.0:8080) only on a network you trust.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Most states one solve may hold (a request may ask for fewer).
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    pub max_states: usize,
    /// Longest one solve may search, in seconds (a request may ask for less); `none`: no time
    /// cap, only --max-states and --max-candidates.
    #[arg(long, value_name = "SECONDS|none", default_value = "10", value_parser = crate::common::parse_seconds, allow_negative_numbers = true)]
    pub timeout: f64,
    /// Most candidate boards one "New puzzle" request may evaluate (a request may ask for
    /// fewer).
    #[arg(long, value_name = "N", default_value_t = gridlock_web::DEFAULT_MAX_CANDIDATES)]
    pub max_candidates: u64,
    /// Solves that may run at once; further requests wait briefly, then get a 503.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Most memory one solve may hold: bytes, or K, M, G, T (powers of 1024); `none` for no
    /// budget. Default: 3/4 of the memory this process may use, divided by --jobs.
    #[arg(long, value_name = "SIZE", value_parser = crate::common::parse_size)]
    pub max_memory: Option<crate::common::Size>,
}

/// Serves the player until Ctrl-C.
pub fn run(args: Args, out: &mut Output) -> Result<u8, CliError> {
    let mut config = gridlock_web::Config {
        max_states: args.max_states,
        max_candidates: args.max_candidates,
        ..gridlock_web::Config::default()
    };
    config.timeout = if args.timeout.is_infinite() {
        None
    } else {
        Some(Duration::try_from_secs_f64(args.timeout).map_err(|_| {
            CliError::Input(format!(
                "--timeout {}: expected a number of seconds (0 or more) or `none`",
                args.timeout
            ))
        })?)
    };
    if let Some(jobs) = args.jobs {
        config.max_concurrent = jobs.max(1);
    }
    config.max_memory = match args.max_memory {
        Some(size) => size.0,
        None => gridlock_web::Config::memory_per_solve(config.max_concurrent),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the server runtime: {e}")))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .map_err(|e| CliError::Input(format!("cannot listen on {}: {e}", args.addr)))?;
        let bound = listener.local_addr()?;
        if !bound.ip().is_loopback() {
            eprintln!(
                "gridlock: warning: listening on {bound}, reachable from other machines; \
                 the player has no authentication"
            );
        }
        out.line(&format!(
            "gridlock player on http://{bound}/ (Ctrl-C to stop)"
        ))?;
        out.flush()?;
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        gridlock_web::serve(listener, config, shutdown)
            .await
            .map_err(|e| CliError::Internal(format!("server error: {e}")))
    })?;
    Ok(0)
}
