//! Tunnel macros never remove an optimal answer, in either objective, checked exhaustively
//! on small levels (random ones, and ones built round corridors so that the macros fire),
//! against exact costs from the tests' own backward search over full states:
//! - every edge of the optimal push graph replays under the tests' own step rule (a
//!   shortest walk, then its pushes) to the node it names, at the cost it is priced;
//! - from every reachable, solvable position, some edge leads to a position whose exact
//!   cost-to-go plus the edge's cost is the position's own (so by induction the search
//!   finds the optimum from anywhere);
//! - the lemma of `tunnel.rs` itself: a single push that starts a run and lies on an
//!   optimal solution is followed by the whole run on an optimal solution, and an edge the
//!   macros drop never lies on one;
//! - the solver's answers equal the brute force's in both objectives and replay.
//!
//! The tallies are asserted, so the test cannot pass by checking nothing.

mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::graph::{Node, Objective, PushGraph};
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::tunnel::Run;
use gridlock_puzzles::sokoban::{parse_level, solve, Dir, SolveOptions};
use gridlock_search::{Edge, Graph, Lex, Limits};
use sokoban_support::{brute_force, random_level, remaining_lex, tunnel_level, Grid, State};
use std::collections::VecDeque;

type Cost = (u32, u32);
type Edges = Vec<Edge<Node<1>, Run, Lex<u32, u32>>>;

/// The library's node of a test state (solvable states have no box on a dead cell).
fn compact(maze: &Maze, (player, boxes): State) -> Node<1> {
    let mut bits = Bits::<1>::EMPTY;
    for cell in (0..128).filter(|c| boxes >> c & 1 == 1) {
        let i = maze.index[cell] as usize;
        assert!(i < maze.live, "a solvable state has a box on a dead cell");
        bits.insert(i);
    }
    Node::new(maze, bits, maze.index[player])
}

/// The test state of a library node.
fn full(maze: &Maze, node: &Node<1>) -> State {
    let boxes = node
        .boxes
        .iter()
        .fold(0u128, |m, b| m | 1u128 << maze.cells[b]);
    (maze.cells[node.player as usize], boxes)
}

/// Fewest steps from the player's cell to `to` in `s`, boxes in the way (the tests' BFS).
fn walk(g: &Grid, (player, boxes): State, to: usize) -> Option<u32> {
    let mut dist = vec![u32::MAX; g.wall.len()];
    dist[player] = 0;
    let mut queue = VecDeque::from([player]);
    while let Some(c) = queue.pop_front() {
        for d in 0..4 {
            let Some(n) = g.next(c, d) else { continue };
            if !g.wall[n] && boxes >> n & 1 == 0 && dist[n] == u32::MAX {
                dist[n] = dist[c] + 1;
                queue.push_back(n);
            }
        }
    }
    (dist[to] != u32::MAX).then_some(dist[to])
}

/// Replays an edge with the tests' rules: a shortest walk behind the box, then `len` pushes
/// in a row. The state reached and the walk's length.
fn replay(g: &Grid, maze: &Maze, s: State, run: &Run) -> Option<(State, u32)> {
    let from = maze.cells[run.from as usize];
    let d = run.dir as usize;
    let behind = g.next(from, d ^ 2)?;
    let w = walk(g, s, behind)?;
    let mut state = (behind, s.1);
    for _ in 0..run.len {
        let (next, pushed) = g.step(state, d)?;
        assert!(pushed, "a run pushes its box every step");
        state = next;
    }
    Some((state, w))
}

fn add(a: Cost, b: Cost) -> Cost {
    (a.0 + b.0, a.1 + b.1)
}

fn lex(c: Lex<u32, u32>) -> Cost {
    (c.0, c.1)
}

#[derive(Default, Debug)]
struct Tally {
    levels: usize,
    /// Levels where some run lies on an optimal solution from some position.
    levels_with_optimal_run: usize,
    positions: usize,
    edges: usize,
    runs: usize,
    runs_on_optimal: usize,
    dropped: usize,
}

/// Every solvable position of `g` in one objective; returns whether a run was optimal.
fn check_positions(text: &str, g: &Grid, maze: &Maze, objective: Objective, t: &mut Tally) -> bool {
    let pushes_first = objective == Objective::Pushes;
    let exact = remaining_lex(g, pushes_first);
    let macros = PushGraph::<1>::new(maze, objective);
    let plain = PushGraph::<1>::plain(maze, objective);
    let (mut with_macro, mut single): (Edges, Edges) = (Vec::new(), Vec::new());
    let mut optimal_run = false;
    for (&s, &cost) in &exact {
        if cost == (0, 0) {
            continue; // solved: the search stops here
        }
        t.positions += 1;
        let node = compact(maze, s);
        with_macro.clear();
        single.clear();
        macros.successors(&node, &mut with_macro);
        plain.successors(&node, &mut single);
        let mut best: Option<Cost> = None;
        for e in &with_macro {
            t.edges += 1;
            let (to, w) = replay(g, maze, s, &e.mv).expect("every edge replays");
            assert_eq!(to, full(maze, &e.to), "edge {:?} from {s:?}\n{text}", e.mv);
            let len = e.mv.len as u32;
            let priced = if pushes_first {
                (len, w + len)
            } else {
                (w + len, len)
            };
            assert_eq!(lex(e.cost), priced, "edge {:?} from {s:?}\n{text}", e.mv);
            assert!(single
                .iter()
                .any(|p| p.mv.from == e.mv.from && p.mv.dir == e.mv.dir));
            t.runs += (len > 1) as usize;
            if let Some(&rest) = exact.get(&to) {
                let via = add(priced, rest);
                best = best.min(Some(via)).or(Some(via));
                if via == cost && len > 1 {
                    t.runs_on_optimal += 1;
                    optimal_run = true;
                }
            }
        }
        assert_eq!(
            best,
            Some(cost),
            "{objective:?}: no edge keeps the optimum from {s:?}\n{text}"
        );
        for p in &single {
            let on_optimal = exact
                .get(&full(maze, &p.to))
                .is_some_and(|&rest| add(lex(p.cost), rest) == cost);
            let m = with_macro
                .iter()
                .find(|m| m.mv.from == p.mv.from && m.mv.dir == p.mv.dir);
            match m {
                None => {
                    t.dropped += 1;
                    assert!(
                        !on_optimal,
                        "{objective:?}: dropped an optimal push {p:?} from {s:?}\n{text}"
                    );
                }
                Some(m) if m.mv.len > 1 && on_optimal => {
                    let rest = exact.get(&full(maze, &m.to));
                    assert_eq!(
                        rest.map(|&r| add(lex(m.cost), r)),
                        Some(cost),
                        "{objective:?}: the run {:?} from {s:?} is not optimal\n{text}",
                        m.mv
                    );
                }
                Some(_) => {}
            }
        }
    }
    optimal_run
}

/// The solver's answer in both objectives against the brute force, replayed.
fn check_solver(text: &str, g: &Grid) {
    let level = parse_level(text, None).unwrap();
    for (objective, pushes_first) in [(Objective::Pushes, true), (Objective::Moves, false)] {
        let options = SolveOptions {
            objective,
            fast: false,
            limits: Limits::none(),
        };
        let outcome = solve(&level, &options).expect("no limits");
        let got = outcome.solution.map(|s| {
            assert_eq!(g.replay(&s.lurd()), Some((s.moves, s.pushes)), "{text}");
            (s.moves, s.pushes)
        });
        assert_eq!(got, brute_force(g, pushes_first), "{objective:?}\n{text}");
    }
}

fn check_level(text: &str, t: &mut Tally) {
    let g = Grid::read(text);
    let maze = Maze::new(&parse_level(text, None).unwrap());
    t.levels += 1;
    let mut optimal_run = false;
    for objective in [Objective::Pushes, Objective::Moves] {
        optimal_run |= check_positions(text, &g, &maze, objective, t);
    }
    t.levels_with_optimal_run += optimal_run as usize;
    check_solver(text, &g);
}

#[test]
fn tunnel_macros_keep_every_optimum_on_levels_built_round_tunnels() {
    let mut t = Tally::default();
    for seed in 0..160u64 {
        let boxes = 1 + seed as usize % 3;
        check_level(&tunnel_level(seed, boxes, seed % 4 != 0), &mut t);
    }
    println!("{t:?}");
    assert!(t.positions > 300_000, "{t:?}");
    assert!(
        t.runs > 50_000 && t.runs_on_optimal > 20_000 && t.dropped > 10_000,
        "{t:?}"
    );
    // a good share of these levels must have a run on an optimal path, or the test is hollow
    assert!(t.levels_with_optimal_run * 5 > t.levels * 2, "{t:?}");
}

#[test]
fn tunnel_macros_keep_every_optimum_on_random_levels() {
    let mut t = Tally::default();
    for seed in 0..120u64 {
        let boxes = 1 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), &mut t);
        check_level(&random_level(seed, boxes, false), &mut t);
    }
    println!("{t:?}");
    assert!(t.positions > 50_000, "{t:?}");
    assert!(
        t.runs_on_optimal > 100 && t.levels_with_optimal_run > 10,
        "{t:?}"
    );
}

/// The edges from the start of a level, and from the node its first edge leads to.
fn first_edges(text: &str) -> (Edges, Edges) {
    let maze = Maze::new(&parse_level(text, None).unwrap());
    let g = Grid::read(text);
    let graph = PushGraph::<1>::new(&maze, Objective::Pushes);
    let (mut first, mut second) = (Vec::new(), Vec::new());
    graph.successors(&compact(&maze, (g.player, g.boxes)), &mut first);
    if let Some(e) = first.first() {
        graph.successors(&e.to, &mut second);
    }
    (first, second)
}

#[test]
fn a_run_stops_where_the_tunnel_opens_and_on_a_goal() {
    // the first push leaves the player where the corridor is open below: a single push;
    // the next goes on through the corridor, four pushes in all, until the cell below is
    // floor again
    let (first, second) =
        first_edges("##########\n#@$     .#\n## ###   #\n#  ###   #\n##########\n");
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].mv.len, 1);
    let right = second.iter().find(|e| e.mv.dir == Dir::Right).unwrap();
    assert_eq!(right.mv.len, 4);
    assert_eq!(lex(right.cost), (4, 4));
    // a goal inside the tunnel ends the run on it
    let (first, _) = first_edges("#########\n# @$ .  #\n#########\n");
    assert_eq!(first.len(), 1);
    assert_eq!((first[0].mv.len, lex(first[0].cost)), (2, (2, 2)));
    // a box already in the tunnel: the run would freeze the two, so the push into the
    // tunnel, legal and not frozen by itself, is dropped
    let text = "##########\n#@$  $ ..#\n##########\n";
    let maze = Maze::new(&parse_level(text, None).unwrap());
    let g = Grid::read(text);
    let start = compact(&maze, (g.player, g.boxes));
    let mut plain = Vec::new();
    PushGraph::<1>::plain(&maze, Objective::Pushes).successors(&start, &mut plain);
    assert_eq!(plain.len(), 1);
    let (first, _) = first_edges(text);
    assert!(first.is_empty(), "{first:?}");
}
