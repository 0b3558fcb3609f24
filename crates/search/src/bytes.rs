//! Byte counts as people read them, for every message that names a size, and as people
//! write them (`--max-memory 512M`, Python's `max_memory="8G"`).

use std::fmt;

/// A number of bytes as people read them: `812 B`, `1.5 KiB`, `64.0 MiB`, `19.1 GiB`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
        if self.0 < 1024 {
            return write!(f, "{} B", self.0);
        }
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

impl Bytes {
    /// Reads a size as people write it: digits (a decimal point allowed) and an optional
    /// unit K, M, G or T (powers of 1024; `KiB`, `MB`, any case, mean the same), or `none`
    /// (no size: `Ok(None)`). One reader for the command line's `--max-memory` and the
    /// Python package's `max_memory=`, so both take the same texts.
    pub fn parse(text: &str) -> Result<Option<u64>, String> {
        let expected =
            || format!("expected a size such as 512M, 8G or 1.5G, or `none`; found `{text}`");
        let t = text.trim();
        if t.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        let digits = t
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(t.len());
        let (number, unit) = t.split_at(digits);
        let unit = unit.trim().to_ascii_uppercase();
        let unit = unit.trim_end_matches('B').trim_end_matches('I');
        let shift = match unit {
            "" => 0,
            "K" => 10,
            "M" => 20,
            "G" => 30,
            "T" => 40,
            _ => return Err(expected()),
        };
        let value: f64 = number.parse().map_err(|_| expected())?;
        let bytes = value * (1u64 << shift) as f64;
        if !bytes.is_finite() || bytes >= u64::MAX as f64 {
            return Err(expected());
        }
        Ok(Some(bytes as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(Bytes::parse("512M"), Ok(Some(512 << 20)));
        assert_eq!(Bytes::parse("8GiB"), Ok(Some(8 << 30)));
        assert_eq!(Bytes::parse("1.5g"), Ok(Some(3 << 29)));
        assert_eq!(Bytes::parse(" 4096 "), Ok(Some(4096)));
        assert_eq!(Bytes::parse("None"), Ok(None));
        for bad in ["", "G", "8X", "-1", "1e400", "8 G B x", "1.2.3M"] {
            assert!(Bytes::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_print_in_binary_units() {
        assert_eq!(Bytes(812).to_string(), "812 B");
        assert_eq!(Bytes(1536).to_string(), "1.5 KiB");
        assert_eq!(Bytes(64 << 20).to_string(), "64.0 MiB");
    }
}
