//! Reading puzzle input from a file or standard input, with a size cap so that a huge file of
//! garbage is rejected quickly and without reading it all.

use crate::error::CliError;
use gridlock_puzzles::ParseError;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Largest single-puzzle input accepted. Real boards are a few hundred bytes; this leaves
/// room for comments and padding while keeping memory and time bounded.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// Where input comes from, for error messages.
pub fn source_name(path: Option<&Path>) -> String {
    match path {
        None => "<stdin>".to_string(),
        Some(p) if p == Path::new("-") => "<stdin>".to_string(),
        Some(p) => p.display().to_string(),
    }
}

/// Opens `path`, or standard input when it is `None` or `-`.
pub fn open(path: Option<&Path>) -> Result<Box<dyn BufRead>, CliError> {
    match path {
        None => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) if p == Path::new("-") => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(p) => {
            let file = File::open(p)
                .map_err(|e| CliError::Input(format!("{}: cannot open: {e}", p.display())))?;
            Ok(Box::new(BufReader::new(file)))
        }
    }
}

/// Reads a whole single-puzzle input as text. More than [`MAX_INPUT_BYTES`] or bytes that
/// are not UTF-8 are malformed input (exit code 2), located by line and column.
pub fn read_text(path: Option<&Path>) -> Result<String, CliError> {
    let name = source_name(path);
    let mut bytes = Vec::new();
    open(path)?
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Input(format!("{name}: cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(CliError::Input(format!(
            "{name}: input is larger than {MAX_INPUT_BYTES} bytes; expected one board (a few \
             hundred bytes)"
        )));
    }
    decode(bytes).map_err(|e| CliError::input_in(&name, &e))
}

/// Decodes UTF-8, or reports where the first invalid byte is.
pub fn decode(bytes: Vec<u8>) -> Result<String, ParseError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = std::str::from_utf8(&bytes[..valid]).expect("prefix is valid");
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError::new(
            line,
            column,
            format!("byte 0x{:02X} (not UTF-8 text)", bytes[valid]),
            "a text file",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_located() {
        let e = decode(b"ab\ncd\xffe".to_vec()).unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.found.contains("0xFF"));
    }
}
