//! One test per clause of the Puzznic rules (SPEC §5). Each plays a few cycles with the rule
//! code the solver and the verifier share and checks the exact board, so breaking the clause
//! makes the test fail.

use gridlock_puzzles::puzznic::{cycle, parse, Action, Illegal, Puzzle};

/// Parses an action in judge form (`-`, `L r c`, `R r c`).
fn action(p: &Puzzle, text: &str) -> Action {
    let w: Vec<&str> = text.split_whitespace().collect();
    if w == ["-"] {
        return Action::Wait;
    }
    let (r, c): (usize, usize) = (w[1].parse().unwrap(), w[2].parse().unwrap());
    let i = p.geometry.at(r - 1, c - 1).expect("a playable cell") as u16;
    match w[0] {
        "L" => Action::Left(i),
        "R" => Action::Right(i),
        _ => panic!("bad action {text}"),
    }
}

/// Plays `actions` from `board`; returns the rows after them, or the first illegal action.
fn play(board: &str, actions: &[&str]) -> Result<Vec<String>, Illegal> {
    let p = parse(board).unwrap();
    let mut cells = p.start.clone();
    for a in actions {
        cycle(&p.geometry, &mut cells, action(&p, a))?;
    }
    Ok(p.rows_of(&cells))
}

fn rows(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_falling_chain_moves_as_one() {
    // Both pieces are falling (the lower one over empty space, the upper one over a falling
    // piece): both move down in the same cycle, keeping their gap-free stack.
    let board = "#3#\n#2#\n#.#\n#.#\n###\n";
    assert_eq!(
        play(board, &["-"]).unwrap(),
        rows("#.#\n#3#\n#2#\n#.#\n###")
    );
    assert_eq!(
        play(board, &["-", "-"]).unwrap(),
        rows("#.#\n#.#\n#3#\n#2#\n###")
    );
}

#[test]
fn a_falling_piece_passing_a_match_does_not_vanish() {
    // The left 1 falls past the right 1 (standing on a wall) and lands below it: no contact
    // while it is falling.
    let board = "#1.#\n#.1#\n#.##\n#.##\n####\n";
    let after = play(board, &["-", "-", "-"]).unwrap();
    assert_eq!(after, rows("#..#\n#.1#\n#.##\n#1##\n####"));
}

#[test]
fn a_piece_touching_a_standing_match_cannot_be_moved() {
    assert_eq!(
        play("#11.#\n#####\n", &["R 1 3"]),
        Err(Illegal::TouchingMatch)
    );
    // Vertical contact counts too.
    assert_eq!(
        play("#1.#\n#1.#\n####\n", &["R 1 2"]),
        Err(Illegal::TouchingMatch)
    );
    // A falling match does not count: the right 1 may step away from the falling left 1.
    let board = "#.11.#\n#..###\n######\n";
    assert_eq!(
        play(board, &["R 1 4"]).unwrap(),
        rows("#...1#\n#.1###\n######")
    );
}

#[test]
fn a_falling_piece_cannot_be_moved() {
    assert_eq!(
        play("#1..#\n#...#\n#####\n", &["R 1 2"]),
        Err(Illegal::Falling)
    );
    // A piece resting on a falling piece is falling too.
    assert_eq!(
        play("#2..#\n#1..#\n#...#\n#####\n", &["R 1 2"]),
        Err(Illegal::Falling)
    );
    // Once landed it can move.
    let landed = play("#1..#\n#...#\n#####\n", &["-", "R 2 2"]).unwrap();
    assert_eq!(landed, rows("#...#\n#.1.#\n#####"));
}

#[test]
fn groups_of_three_or_more_vanish_together() {
    assert_eq!(
        play("#111#\n#####\n", &["-"]).unwrap(),
        rows("#...#\n#####")
    );
    // An L-shaped group: every member vanishes, including the one with a single neighbour.
    assert_eq!(
        play("#1.#\n#11#\n####\n", &["-"]).unwrap(),
        rows("#..#\n#..#\n####")
    );
}

#[test]
fn several_groups_vanish_in_the_same_cycle() {
    // Two separate groups of different types: both vanish in the first cycle.
    assert_eq!(
        play("#11.22#\n#######\n", &["-"]).unwrap(),
        rows("#.....#\n#######")
    );
    // Two separate groups of the same type, not touching each other.
    assert_eq!(
        play("#11.11#\n#######\n", &["-"]).unwrap(),
        rows("#.....#\n#######")
    );
}

#[test]
fn a_piece_landing_next_to_its_match_vanishes_in_the_next_cycle() {
    let board = "#1.#\n#.1#\n####\n";
    // Cycle 1: it lands (step 3) next to its twin, but vanishing happens in step 2 only.
    assert_eq!(play(board, &["-"]).unwrap(), rows("#..#\n#11#\n####"));
    // Cycle 2: both vanish.
    assert_eq!(play(board, &["-", "-"]).unwrap(), rows("#..#\n#..#\n####"));
}

#[test]
fn the_moved_piece_over_empty_space_falls_instead_of_matching() {
    // Moving right puts the 1 next to its twin but over a hole: it is falling, touches
    // nothing, and drops.
    let board = "#1.1#\n##.##\n##.##\n#####\n";
    assert_eq!(
        play(board, &["R 1 2"]).unwrap(),
        rows("#..1#\n##1##\n##.##\n#####")
    );
    // By contrast, landing on a piece matches at once (the SPEC example).
    assert_eq!(
        play("#####\n#.1.#\n#.#1#\n#####\n", &["R 2 3"]).unwrap(),
        rows("#####\n#...#\n#.#.#\n#####")
    );
}

#[test]
fn falling_is_evaluated_after_the_move() {
    // Moving the 1 away leaves the left 2 over empty space: it is falling in step 2, so it
    // does not vanish with the right 2, and it drops in step 3.
    let board = "#.22#\n#.1##\n#####\n";
    assert_eq!(
        play(board, &["L 2 3"]).unwrap(),
        rows("#..2#\n#12##\n#####")
    );
}

#[test]
fn falling_is_evaluated_again_after_vanishing() {
    // The 1s vanish in step 2; the 3 above them is then over empty space and falls in step 3
    // of the same cycle.
    let board = "#3..#\n#11.#\n#####\n";
    assert_eq!(play(board, &["-"]).unwrap(), rows("#...#\n#3..#\n#####"));
}

#[test]
fn moves_need_an_empty_destination_inside_the_walls() {
    assert_eq!(play("#12.#\n#####\n", &["R 1 2"]), Err(Illegal::Occupied));
    assert_eq!(play("#1.2#\n#####\n", &["L 1 2"]), Err(Illegal::Wall));
    // The edge of the grid counts as a wall.
    assert_eq!(play("1.2\n###\n", &["L 1 1"]), Err(Illegal::Wall));
    // A piece on the bottom row stands on the outside, which is a wall.
    assert_eq!(play("1.1\n", &["R 1 1"]).unwrap(), rows("..."));
}

/// A request names an objective as the command line and the JSON do (`Objective::name`);
/// any other word is refused.
#[test]
fn an_objective_is_read_by_its_name() {
    use gridlock_puzzles::puzznic::Objective;
    for o in [Objective::Moves, Objective::Cycles] {
        let read: Objective = serde_json::from_str(&format!("\"{}\"", o.name())).unwrap();
        assert_eq!(read, o);
    }
    assert!(serde_json::from_str::<Objective>("\"pushes\"").is_err());
}
