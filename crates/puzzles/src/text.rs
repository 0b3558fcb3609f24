//! How every parser reads lines, so that the same file is accepted the same way whatever the
//! puzzle: files saved on Windows (CRLF) or by editors that write a UTF-8 byte-order mark are
//! ordinary input, not errors at line 1 column 1.

/// The lines of `text` (numbered from 1 by the caller's enumeration), with a leading UTF-8
/// byte-order mark and each line's final CR removed. A final newline yields one last empty
/// line, as `str::split` does; callers decide which blank lines count.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.strip_prefix('\u{FEFF}')
        .unwrap_or(text)
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// How many of `lines` come before the trailing ones that `blank` calls blank.
pub(crate) fn used(lines: &[&str], blank: impl Fn(&str) -> bool) -> usize {
    lines.iter().rposition(|l| !blank(l)).map_or(0, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_bom_and_trailing_blanks() {
        let v: Vec<&str> = lines("\u{FEFF}ab\r\n cd\n\r\n  \n").collect();
        assert_eq!(v, ["ab", " cd", "", "  ", ""]);
        assert_eq!(used(&v, str::is_empty), 4);
        assert_eq!(used(&v, |l| l.trim().is_empty()), 2);
        assert_eq!(used(&[], str::is_empty), 0);
        // a CR inside a line is content, only the one before the newline goes
        assert_eq!(lines("a\rb\r").collect::<Vec<_>>(), ["a\rb"]);
    }
}
