//! Standard output that never panics on a closed pipe and never leaves half a line.

use crate::error::CliError;
use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// One of the library's JSON objects as one line of text (no newline).
pub fn json(value: &impl Serialize) -> Result<String, CliError> {
    serde_json::to_string(value).map_err(|e| CliError::Internal(format!("cannot encode JSON: {e}")))
}

/// Buffered stdout. Commands hand it whole lines (or whole answers); a closed pipe surfaces as
/// [`CliError::BrokenPipe`], which `main` turns into a quiet exit.
pub struct Output {
    inner: BufWriter<Box<dyn Write>>,
}

impl Output {
    /// Writes to the process's standard output.
    pub fn stdout() -> Self {
        Output {
            inner: BufWriter::with_capacity(1 << 16, Box::new(io::stdout())),
        }
    }

    /// Writes `text` as is (callers include the trailing newline).
    pub fn write(&mut self, text: &str) -> Result<(), CliError> {
        self.inner
            .write_all(text.as_bytes())
            .map_err(CliError::from)
    }

    /// Writes `text` and a newline, in one write: what reaches stdout always ends with a
    /// newline, so its line buffer never holds half a line that an exit would flush.
    pub fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.write(&format!("{text}\n"))
    }

    /// Writes one of the library's JSON objects on a line of its own.
    pub fn json(&mut self, value: &impl Serialize) -> Result<(), CliError> {
        self.line(&json(value)?)
    }

    /// Pushes buffered output to the reader (batch mode calls this so results stream).
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.inner.flush().map_err(CliError::from)
    }
}

/// Set once standard output's reader has gone (see [`watch_reader`]).
static READER_GONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True once the reader of standard output has gone: the command's failure that follows is
/// that, not an error to report (`main` exits quietly with 0, as for a closed pipe).
pub fn reader_gone() -> bool {
    READER_GONE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Watches standard output from a thread: when its reader goes away (the read end of a pipe
/// closed, as `| head` does after its lines), raises the flag every search and enumeration
/// watches ([`crate::common::interrupted`]), so a long command stops at once instead of at
/// its next write, which may be minutes away (rows of `universe` are sparse; a batch writes
/// per round). `poll` with no events asked reports exactly that (POLLERR on a pipe without
/// readers, POLLHUP on a hung-up terminal) and nothing else, so on a file it waits for ever,
/// harmlessly.
pub fn watch_reader() {
    #[cfg(unix)]
    {
        let flag = crate::common::interrupted();
        let _ = std::thread::Builder::new()
            .name("stdout-watch".into())
            .spawn(move || {
                use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
                use std::os::fd::AsFd;
                let out = io::stdout();
                let mut fds = [PollFd::new(out.as_fd(), PollFlags::empty())];
                loop {
                    match poll(&mut fds, PollTimeout::NONE) {
                        Ok(n) if n > 0 => break,
                        Err(nix::errno::Errno::EINTR) | Ok(_) => continue,
                        Err(_) => return, // cannot watch: writes still notice, later
                    }
                }
                let gone = PollFlags::POLLERR | PollFlags::POLLHUP;
                if !fds[0].revents().is_some_and(|r| r.intersects(gone)) {
                    return; // not open (POLLNVAL): the first write reports that
                }
                READER_GONE.store(true, std::sync::atomic::Ordering::Relaxed);
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            });
    }
}
