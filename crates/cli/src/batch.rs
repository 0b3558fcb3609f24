//! What every `--batch` shares, whatever the puzzle: the input read line by line with a cap
//! on a line's length, and the answers of each chunk written in input order (the text
//! header with the first one, JSON or judge lines), with a progress bar. The puzzle's command
//! reads its boards from the lines and solves a chunk of them at once on every core.

use crate::error::CliError;
use crate::input::{self, source_name};
use crate::output::{self, Output};
use crate::progress::Progress;
use gridlock_search::Stopped;
use serde::Serialize;
use std::io::{BufRead, Read};
use std::path::Path;
use std::time::Instant;

/// Longest line accepted in batch input.
pub const MAX_LINE: u64 = 1 << 16;

/// One chunk of boards read by [`Batch::chunk`].
pub struct Chunk<R> {
    /// The boards, in input order.
    pub rows: Vec<R>,
    /// The line that ended the chunk early (unreadable, too long): the batch ends with it
    /// once the boards before it are answered.
    pub failure: Option<CliError>,
    /// No more boards follow.
    pub done: bool,
}

/// A batch run over one input.
pub struct Batch {
    /// The input's name in messages.
    pub name: String,
    reader: Box<dyn BufRead>,
    bytes: Vec<u8>,
    /// Lines read so far: the number of the last one.
    pub line: usize,
    /// The last line to read (`--lines`); the input ends there.
    pub last: usize,
    /// Printed before the first answer (`--format text`), so a malformed first line leaves
    /// stdout empty.
    header: Option<&'static str>,
    json: bool,
    progress: Progress,
    clock: Instant,
    /// Boards answered.
    pub solved: u64,
    /// Input bytes read since the last chunk was answered.
    chunk_bytes: u64,
}

impl Batch {
    /// Opens `file` (standard input for none or `-`); `header` goes before the first answer,
    /// answers are JSON objects when `json`, judge lines otherwise.
    pub fn open(
        file: Option<&Path>,
        header: Option<&'static str>,
        json: bool,
    ) -> Result<Batch, CliError> {
        let size = file
            .filter(|p| *p != Path::new("-"))
            .and_then(|p| std::fs::metadata(p).ok())
            .map(|m| m.len());
        Ok(Batch {
            name: source_name(file),
            reader: input::open(file)?,
            bytes: Vec::new(),
            line: 0,
            last: usize::MAX,
            header,
            json,
            progress: Progress::new("puzzles", size),
            clock: Instant::now(),
            solved: 0,
            chunk_bytes: 0,
        })
    }

    /// Reads boards until `size` are held, the input (or [`Batch::last`]) ends or a line
    /// fails. `boards` turns each line (its number and bytes; `None` once the input has
    /// ended) into the boards it completes; an error it returns is the chunk's failure. An
    /// input that cannot be read at all is an error at once.
    pub fn chunk<R>(
        &mut self,
        size: usize,
        mut boards: impl FnMut(usize, Option<&[u8]>) -> Result<Vec<R>, CliError>,
    ) -> Result<Chunk<R>, CliError> {
        let mut chunk = Chunk {
            rows: Vec::with_capacity(size),
            failure: None,
            done: false,
        };
        while chunk.rows.len() < size && !chunk.done {
            self.bytes.clear();
            let n = (&mut self.reader)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut self.bytes)
                .map_err(|e| CliError::Input(format!("{}: cannot read: {e}", self.name)))?;
            chunk.done = n == 0;
            let line = if chunk.done {
                None
            } else {
                self.chunk_bytes += n as u64;
                self.line += 1;
                Some(&self.bytes[..])
            };
            if self.line > self.last {
                chunk.done = true;
                break;
            }
            if n as u64 > MAX_LINE {
                chunk.failure = Some(CliError::Input(format!(
                    "{}: line {}: longer than {MAX_LINE} bytes; expected one board per line",
                    self.name, self.line
                )));
                break;
            }
            match boards(self.line, line) {
                Ok(rows) => chunk.rows.extend(rows),
                Err(e) => {
                    chunk.failure = Some(e);
                    break;
                }
            }
        }
        Ok(chunk)
    }

    /// Writes one chunk's answers (as [`Batch::answer`]), then ends the batch with the
    /// chunk's `failure`, if it had one; true while more chunks follow. `results` are the
    /// searches of the chunk's rows, in the same order; `answer` turns a row and its result
    /// into the row's line and answer, so each puzzle only says how one row is answered.
    pub fn answer_chunk<R, T, A: Serialize>(
        &mut self,
        out: &mut Output,
        chunk: Chunk<R>,
        results: Vec<Result<T, Stopped>>,
        mut answer: impl FnMut(&R, Result<T, Stopped>) -> (usize, Result<A, Stopped>),
        judge: impl Fn(&A) -> String,
    ) -> Result<bool, CliError> {
        let answers = chunk
            .rows
            .iter()
            .zip(results)
            .map(|(row, r)| answer(row, r));
        self.answer(out, answers, judge)?;
        match chunk.failure {
            Some(e) => Err(e),
            None => Ok(!chunk.done),
        }
    }

    /// Writes one chunk's answers, in input order: each is the board's line and its answer,
    /// or the limit that stopped its search, which ends the batch (after the answers before
    /// it) with the line's number in the message.
    pub fn answer<A: Serialize>(
        &mut self,
        out: &mut Output,
        answers: impl IntoIterator<Item = (usize, Result<A, Stopped>)>,
        judge: impl Fn(&A) -> String,
    ) -> Result<(), CliError> {
        let mut text = String::new();
        let mut count = 0u64;
        for (line, answer) in answers {
            let answer = match answer {
                Ok(a) => a,
                Err(stopped) => {
                    out.write(&text)?;
                    out.flush()?;
                    let e = CliError::from(stopped);
                    return Err(CliError::Limit(format!("{}: line {line}: {e}", self.name)));
                }
            };
            if let Some(header) = self.header.take() {
                text.push_str(header);
                text.push('\n');
            }
            if self.json {
                text.push_str(&output::json(&answer)?);
            } else {
                text.push_str(&judge(&answer));
            }
            text.push('\n');
            count += 1;
        }
        out.write(&text)?;
        out.flush()?;
        self.solved += count;
        let bytes = std::mem::take(&mut self.chunk_bytes);
        self.progress.advance(self.solved, bytes, self.secs());
        Ok(())
    }

    /// Seconds since the batch was opened.
    pub fn secs(&self) -> f64 {
        self.clock.elapsed().as_secs_f64()
    }
}
