//! The special judge: reads a LURD solution (run-length counts such as `3r`, groups such as
//! `2(dl)`, whitespace and line breaks anywhere), replays it step by step with the rule of
//! [`super::moves::step`], then compares it with the optimum.
//!
//! Case is checked only when the solution holds both cases: then a lower-case letter that
//! pushes, or an upper-case one that does not, is invalid. A solution of only one case is
//! read by its directions alone (many programs write all lower case).

use super::board::Level;
use super::graph::Objective;
use super::moves::{step, Dir};
use super::solve::{solve, SolveOptions};
use crate::error::{describe_char, ParseError, PuzzleError};
use gridlock_search::Limits;
use serde::Serialize;

/// Longest solution read, in steps after expanding counts and groups.
pub const MAX_STEPS: usize = 1_000_000;

/// Deepest nesting of groups.
const MAX_DEPTH: usize = 32;

/// One letter of a solution, with where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The direction.
    pub dir: Dir,
    /// Upper case (claims a push).
    pub upper: bool,
    /// 1-based line of the letter.
    pub line: usize,
    /// 1-based column of the letter.
    pub column: usize,
}

/// What a solution file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `-1`: the level has no solution.
    Unsolvable,
    /// The steps, counts and groups expanded.
    Steps(Vec<Letter>),
}

/// Reads a solution: `-1`, or LURD letters with counts and groups.
pub fn parse_solution(text: &str) -> Result<Claim, ParseError> {
    let body = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    if body.trim() == "-1" {
        return Ok(Claim::Unsolvable);
    }
    let chars: Vec<(char, usize, usize)> = crate::text::lines(text)
        .enumerate()
        .flat_map(|(i, l)| {
            l.chars()
                .enumerate()
                .map(move |(j, c)| (c, i + 1, j + 1))
                .chain(std::iter::once(('\n', i + 1, l.chars().count() + 1)))
        })
        .collect();
    let mut reader = Reader { chars, at: 0 };
    let steps = reader.sequence(0)?;
    Ok(Claim::Steps(steps))
}

struct Reader {
    chars: Vec<(char, usize, usize)>,
    at: usize,
}

impl Reader {
    fn error(&self, expected: &str) -> ParseError {
        match self.chars.get(self.at) {
            Some(&(c, line, column)) => ParseError::new(line, column, describe_char(c), expected),
            None => {
                let (_, line, column) = self.chars.last().copied().unwrap_or(('\n', 1, 1));
                ParseError::new(line, column, "end of input", expected)
            }
        }
    }

    /// Items until the end, or until a `)` at `depth > 0`.
    fn sequence(&mut self, depth: usize) -> Result<Vec<Letter>, ParseError> {
        let mut out = Vec::new();
        while let Some(&(c, line, column)) = self.chars.get(self.at) {
            if c.is_whitespace() {
                self.at += 1;
                continue;
            }
            if c == ')' {
                if depth == 0 {
                    return Err(self.error("a LURD letter, a count or '(' (no group is open)"));
                }
                return Ok(out);
            }
            let count = self.count()?;
            let item = match self.chars.get(self.at) {
                Some(&('(', _, _)) => {
                    if depth + 1 > MAX_DEPTH {
                        return Err(self.error("groups nested at most 32 deep"));
                    }
                    self.at += 1;
                    let inner = self.sequence(depth + 1)?;
                    if self.chars.get(self.at).map(|c| c.0) != Some(')') {
                        return Err(self.error("')' closing the group"));
                    }
                    self.at += 1;
                    inner
                }
                Some(&(c, l, col)) => match Dir::from_letter(c) {
                    Some((dir, upper)) => {
                        self.at += 1;
                        vec![Letter {
                            dir,
                            upper,
                            line: l,
                            column: col,
                        }]
                    }
                    None => {
                        return Err(self.error(
                            "a LURD letter (l u r d, L U R D for pushes), a count or a group",
                        ))
                    }
                },
                None => return Err(self.error("a LURD letter after the count")),
            };
            if out.len() + item.len().saturating_mul(count) > MAX_STEPS {
                return Err(ParseError::new(
                    line,
                    column,
                    "a solution longer than 1000000 steps",
                    format!("at most {MAX_STEPS} steps"),
                ));
            }
            for _ in 0..count {
                out.extend_from_slice(&item);
            }
        }
        if depth > 0 {
            return Err(self.error("')' closing the group"));
        }
        Ok(out)
    }

    /// A run-length count before a letter or group (1 when absent).
    fn count(&mut self) -> Result<usize, ParseError> {
        let start = self.at;
        let mut n: usize = 0;
        while let Some(&(c, line, column)) = self.chars.get(self.at) {
            let Some(d) = c.to_digit(10) else { break };
            n = n.saturating_mul(10).saturating_add(d as usize);
            if n > MAX_STEPS {
                return Err(ParseError::new(
                    line,
                    column,
                    "a count above 1000000",
                    "a count of at most 1000000",
                ));
            }
            self.at += 1;
        }
        if self.at == start {
            return Ok(1);
        }
        if n == 0 {
            self.at = start;
            return Err(self.error("a count of at least 1"));
        }
        Ok(n)
    }
}

/// How a replay ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Replay {
    /// Every step was legal and the level ends solved.
    Solved {
        /// Steps taken.
        moves: u32,
        /// Steps that pushed.
        pushes: u32,
    },
    /// The first step that fails, or the end when the level is not solved.
    Invalid {
        /// 1-based step (after expanding counts and groups); one past the last step when
        /// every step was legal but boxes are left off their goals.
        step: usize,
        /// 1-based line of the letter (0 when the level is simply not solved at the end).
        line: usize,
        /// 1-based column of the letter.
        column: usize,
        /// Why.
        reason: String,
    },
}

/// Replays `letters` from the level's start.
pub fn replay(level: &Level, letters: &[Letter]) -> Replay {
    let mixed = letters.iter().any(|l| l.upper) && letters.iter().any(|l| !l.upper);
    let mut position = level.start.clone();
    let mut pushes = 0;
    for (k, l) in letters.iter().enumerate() {
        let invalid = |reason: String| Replay::Invalid {
            step: k + 1,
            line: l.line,
            column: l.column,
            reason,
        };
        let letter = l.dir.letter(l.upper);
        let pushed = match step(level, &mut position, l.dir) {
            Ok(p) => p,
            Err(b) => return invalid(format!("'{letter}' ({}): {}", l.dir.name(), b.describe())),
        };
        if mixed && pushed && !l.upper {
            return invalid(format!("'{letter}' is lower case but pushes a box"));
        }
        if mixed && !pushed && l.upper {
            return invalid(format!("'{letter}' is upper case but pushes nothing"));
        }
        pushes += pushed as u32;
    }
    if !level.is_solved(&position) {
        let off = position
            .boxes
            .iter()
            .enumerate()
            .filter(|&(c, &b)| b && !level.is_goal(c))
            .count();
        return Replay::Invalid {
            step: letters.len() + 1,
            line: 0,
            column: 0,
            reason: format!(
                "after the last step {off} box{} off {} goal",
                if off == 1 { " is" } else { "es are" },
                if off == 1 { "its" } else { "their" }
            ),
        };
    }
    Replay::Solved {
        moves: letters.len() as u32,
        pushes,
    }
}

/// Whether a valid solution is optimal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "optimal", rename_all = "snake_case")]
pub enum Optimality {
    /// It is.
    Yes,
    /// It is not; the optimum's counts.
    No {
        /// Moves of an optimal solution.
        moves: u32,
        /// Pushes of an optimal solution.
        pushes: u32,
    },
    /// The search that would tell stopped first.
    Unknown {
        /// Which limit stopped it, and the bound it proved.
        why: String,
    },
}

/// The judge's verdict on a solution file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Judgement {
    /// A valid solution and whether it is optimal for the objective.
    Valid {
        /// Moves of the solution.
        moves: u32,
        /// Pushes of the solution.
        pushes: u32,
        /// `"pushes"` or `"moves"`.
        objective: &'static str,
        /// Optimal or not.
        optimality: Optimality,
    },
    /// `-1`, and the level is indeed proven unsolvable.
    ProvenUnsolvable,
    /// Not a solution.
    Invalid {
        /// 1-based step where it fails (0 for a wrong `-1`).
        step: usize,
        /// 1-based line of the failing letter in the solution text (0 when no letter is to
        /// blame: a wrong `-1`, or boxes left off their goals after the last step).
        line: usize,
        /// 1-based column of that letter (0 with line 0).
        column: usize,
        /// Why, with where.
        reason: String,
    },
}

impl Judgement {
    /// Exit code 0 for a valid answer, 1 for an invalid one.
    pub fn is_valid(&self) -> bool {
        !matches!(self, Judgement::Invalid { .. })
    }

    /// The judge's text: `valid` and the counts and optimality, or `invalid: ...`.
    pub fn report(&self) -> String {
        match self {
            Judgement::ProvenUnsolvable => {
                "valid\nno solution: the level cannot be solved (proven)\n".to_string()
            }
            Judgement::Invalid { reason, .. } => format!("invalid: {reason}\n"),
            Judgement::Valid {
                moves,
                pushes,
                objective,
                optimality,
            } => {
                let words = match optimality {
                    Optimality::Yes => "optimal".to_string(),
                    Optimality::No { moves, pushes } => {
                        format!("not optimal (optimum: {moves} moves, {pushes} pushes)")
                    }
                    Optimality::Unknown { why } => format!("unknown ({why})"),
                };
                format!("valid\nmoves {moves}, pushes {pushes}\nobjective {objective}: {words}\n")
            }
        }
    }
}

/// Replays `text` on `level` and judges it for `objective`. A `-1` answer needs the search
/// to finish (a stopped search is the error, [`PuzzleError::Limit`]); a valid solution's
/// optimality is `Unknown` when the search stops.
pub fn judge(
    level: &Level,
    text: &str,
    objective: Objective,
    limits: &Limits,
) -> Result<Judgement, PuzzleError> {
    let claim = parse_solution(text)?;
    let options = SolveOptions {
        objective,
        fast: false,
        limits: limits.clone(),
    };
    Ok(match claim {
        Claim::Unsolvable => match solve(level, &options)?.solution {
            None => Judgement::ProvenUnsolvable,
            Some(s) => Judgement::Invalid {
                step: 0,
                line: 0,
                column: 0,
                reason: format!(
                    "-1 claims no solution, but the level is solved in {} moves, {} pushes",
                    s.moves, s.pushes
                ),
            },
        },
        Claim::Steps(letters) => match replay(level, &letters) {
            Replay::Invalid {
                step,
                line,
                column,
                reason,
            } => {
                let at = if line == 0 {
                    String::new()
                } else {
                    format!(" (line {line}, column {column})")
                };
                Judgement::Invalid {
                    step,
                    line,
                    column,
                    reason: format!("step {step}{at}: {reason}"),
                }
            }
            Replay::Solved { moves, pushes } => Judgement::Valid {
                moves,
                pushes,
                objective: objective.name(),
                optimality: optimality(level, &options, moves, pushes),
            },
        },
    })
}

fn optimality(level: &Level, options: &SolveOptions, moves: u32, pushes: u32) -> Optimality {
    match solve(level, options) {
        Ok(o) => match o.solution {
            Some(best) => {
                let key = |m: u32, p: u32| match options.objective {
                    Objective::Pushes => (p, m),
                    Objective::Moves => (m, p),
                };
                if key(moves, pushes) <= key(best.moves, best.pushes) {
                    Optimality::Yes
                } else {
                    Optimality::No {
                        moves: best.moves,
                        pushes: best.pushes,
                    }
                }
            }
            // the replay solved it, so the search cannot have found no solution
            None => Optimality::Unknown {
                why: "the search found no solution".into(),
            },
        },
        Err(stopped) => Optimality::Unknown {
            why: format!(
                "{}; {}",
                stopped.reason,
                super::render::describe_bound(&stopped, options.objective)
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(text: &str) -> String {
        match parse_solution(text).unwrap() {
            Claim::Steps(v) => v.iter().map(|l| l.dir.letter(l.upper)).collect(),
            Claim::Unsolvable => "-1".into(),
        }
    }

    #[test]
    fn counts_groups_and_line_breaks() {
        assert_eq!(letters("3r2(dl)"), "rrrdldl");
        assert_eq!(letters("lU\nr D\r\n"), "lUrD");
        assert_eq!(letters("2(2(uR)l)"), "uRuRluRuRl");
        assert_eq!(letters("12L"), "L".repeat(12));
        assert_eq!(letters(" -1 \n"), "-1");
        assert_eq!(letters(""), "");
    }

    #[test]
    fn malformed_solutions_are_located() {
        let e = parse_solution("rr\nrx").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        let e = parse_solution("2(rl").unwrap_err();
        assert!(e.expected.contains("')'"), "{e}");
        let e = parse_solution("rl)").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse_solution("0r").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse_solution("r3").unwrap_err();
        assert!(e.found.contains("end of"), "{e}");
        assert!(parse_solution("999999(999999r)").is_err());
        assert!(parse_solution(&"(".repeat(40)).is_err());
    }

    #[test]
    fn replay_names_the_failing_step() {
        let level = super::super::parse::parse_level("#####\n#@$.#\n#####", None).unwrap();
        let run = |t: &str| match parse_solution(t).unwrap() {
            Claim::Steps(v) => replay(&level, &v),
            Claim::Unsolvable => unreachable!(),
        };
        assert_eq!(
            run("R"),
            Replay::Solved {
                moves: 1,
                pushes: 1
            }
        );
        assert_eq!(
            run("r"),
            Replay::Solved {
                moves: 1,
                pushes: 1
            }
        );
        assert!(matches!(run("l"), Replay::Invalid { step: 1, .. }));
        assert!(matches!(run("RR"), Replay::Invalid { step: 2, .. }));
        assert!(matches!(
            run(""),
            Replay::Invalid {
                step: 1,
                line: 0,
                ..
            }
        ));
        // mixed case: a lower-case push is wrong
        let level2 = super::super::parse::parse_level("######\n#@ $.#\n######", None).unwrap();
        let v = match parse_solution("rr R").unwrap() {
            Claim::Steps(v) => v,
            _ => unreachable!(),
        };
        let Replay::Invalid { step, reason, .. } = replay(&level2, &v) else {
            panic!("lower-case push")
        };
        assert_eq!(step, 2);
        assert!(reason.contains("lower case"));
    }
}
