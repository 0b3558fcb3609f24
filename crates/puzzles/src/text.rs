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

/// `n` and `noun`, the noun singular for exactly one: `quantity(1, "move")` is "1 move",
/// `quantity(3, "move")` "3 moves". Counts in messages go through it, so that no output says
/// "1 moves". (Every noun used takes a plain `s`.)
pub fn quantity(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// Where a judge output's count (line 1) disagrees with the moves listed after it (each with
/// its line), as the verifiers report it: the first move beyond the count, or line 1 when
/// fewer follow; `None` when they agree.
pub(crate) fn count_mismatch<T>(count: i64, moves: &[(usize, T)]) -> Option<(usize, String)> {
    let listed = moves.len() as i64;
    if count < listed {
        let (line, _) = moves[count.max(0) as usize];
        Some((
            line,
            format!("a move beyond the {count} announced on line 1"),
        ))
    } else if count > listed {
        Some((
            1,
            format!("announces {}, but {listed} follow", quantity(count, "move")),
        ))
    } else {
        None
    }
}

/// Whitespace-separated tokens of a line with their 1-based character columns.
pub(crate) fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut column = 1;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, after) = rest.split_at(end);
        let at = column;
        column += token.chars().count();
        rest = after;
        Some((at, token))
    })
}

/// How many of `lines` come before the trailing ones that `blank` calls blank.
pub(crate) fn used(lines: &[&str], blank: impl Fn(&str) -> bool) -> usize {
    lines.iter().rposition(|l| !blank(l)).map_or(0, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_every_other_count_plural() {
        assert_eq!(quantity(1, "move"), "1 move");
        assert_eq!(quantity(1u64, "cycle"), "1 cycle");
        assert_eq!(quantity(0, "move"), "0 moves");
        assert_eq!(quantity(2usize, "piece"), "2 pieces");
        assert_eq!(quantity(-1i64, "move"), "-1 moves");
        assert_eq!(quantity(11, "step"), "11 steps");
    }

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
