//! `gridlock sokoban generate` checked by code that does not share the generator's: every
//! level's fewest pushes against a plain Dijkstra over full states (the tests' brute force)
//! on small rooms and against the optimal solver on Boxoban-sized ones; the solution
//! replayed under the tests' own rules; every box off its goal and pushed at least twice; the
//! size, box and push ranges; distinct keys; the same levels on one and two threads, others
//! for another seed; the candidate cap. The reverse search's distances are checked against
//! the brute force on every position of tiny rooms.

mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::generate::pull::{self, layers, PullGraph};
use gridlock_puzzles::sokoban::generate::{generate, job, Generated, Report, Request, Stop};
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::{parse_level, solve, SolveOptions};
use gridlock_search::Limits;
use rustc_hash::{FxHashMap, FxHashSet};
use sokoban_support::{brute_force, Grid};

fn run(req: &Request) -> Report {
    generate(req, &Limits::none(), |_| true, |_| ())
}

fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .expect("a thread pool")
        .install(f)
}

/// How many pushes each box gets when `lurd` is replayed on `grid` (boxes followed by
/// identity, the tests' own step rule), or `None` if a step is illegal.
fn pushes_per_box(grid: &Grid, lurd: &str) -> Option<Vec<u32>> {
    let mut cells: Vec<usize> = (0..128).filter(|&i| grid.boxes >> i & 1 == 1).collect();
    let mut count = vec![0; cells.len()];
    let mut s = (grid.player, grid.boxes);
    for ch in lurd.chars() {
        let dir = "lurd".find(ch.to_ascii_lowercase())?;
        let (next, pushed) = grid.step(s, dir)?;
        if pushed {
            let b = cells.iter().position(|&c| c == next.0)?;
            cells[b] = grid.next(next.0, dir)?;
            count[b] += 1;
        }
        s = next;
    }
    Some(count)
}

/// Everything a generated level promises that the tests can see without the optimum.
fn check_shape(req: &Request, g: &Generated) -> Grid {
    let text = g.rows().join("\n");
    let grid = Grid::read(&text);
    assert_eq!((grid.rows, grid.cols), req.size, "{text}");
    let boxes = grid.boxes.count_ones() as usize;
    assert!((req.boxes.0..=req.boxes.1).contains(&boxes), "{text}");
    assert_eq!(
        grid.boxes & grid.goals(),
        0,
        "no box starts on a goal\n{text}"
    );
    assert!(g.pushes >= req.pushes.0, "{text}");
    assert!(
        g.pushes >= req.per_box * boxes as u32,
        "long for its size\n{text}"
    );
    assert!(req.pushes.1.is_none_or(|hi| g.pushes <= hi), "{text}");
    let lurd = g.solution.lurd();
    assert_eq!(
        grid.replay(&lurd),
        Some((g.solution.moves, g.solution.pushes)),
        "the solution replays\n{text}\n{lurd}"
    );
    assert_eq!(g.solution.pushes, g.pushes);
    let per_box = pushes_per_box(&grid, &lurd).expect("replays");
    assert!(per_box.iter().all(|&p| p >= 2), "{per_box:?}\n{text}");
    // the JSON and judge forms say the same
    let json = g.json(1);
    assert_eq!(json.level, text);
    assert_eq!((json.pushes, json.moves), (g.pushes, g.solution.moves));
    let reread = parse_level(&g.judge(1), None).expect("the judge form is a level");
    assert_eq!(reread.draw(&reread.start).join("\n"), text);
    grid
}

#[test]
fn small_levels_have_the_brute_force_optimum() {
    let mut levels = 0;
    for (size, boxes, seed) in [
        ((6, 6), (1, 2), 1),
        ((7, 7), (2, 3), 2),
        ((7, 8), (2, 2), 3),
        ((8, 7), (3, 3), 4),
    ] {
        let req = Request {
            size,
            boxes,
            per_box: 2,
            count: 8,
            seed,
            ..Request::default()
        };
        let report = run(&req);
        assert_eq!(report.levels.len(), 8, "{req:?}");
        let keys: FxHashSet<&str> = report.levels.iter().map(|g| g.key.as_str()).collect();
        assert_eq!(keys.len(), 8, "distinct keys");
        for g in &report.levels {
            let grid = check_shape(&req, g);
            let (moves, pushes) = brute_force(&grid, true).expect("solvable");
            assert_eq!(pushes, g.pushes, "{}", g.rows().join("\n"));
            if g.moves_optimal {
                assert_eq!(moves, g.solution.moves, "{}", g.rows().join("\n"));
            }
            levels += 1;
        }
    }
    assert_eq!(levels, 32);
}

#[test]
fn boxoban_sized_levels_are_proven_by_the_optimal_solver() {
    let req = Request {
        count: 12,
        pushes: (15, None),
        ..Request::default()
    };
    let report = run(&req);
    assert_eq!(report.levels.len(), 12);
    for (i, g) in report.levels.iter().enumerate() {
        let grid = check_shape(&req, g);
        assert_eq!(grid.boxes.count_ones(), 4);
        let outcome = solve(&g.level, &SolveOptions::default()).expect("no limits");
        let best = outcome.solution.expect("solvable");
        assert_eq!(best.pushes, g.pushes, "{}", g.rows().join("\n"));
        if g.moves_optimal {
            assert_eq!(best.moves, g.solution.moves);
        }
        // the brute force on the first two (each takes a few hundred milliseconds)
        if i < 2 {
            assert_eq!(brute_force(&grid, true).map(|s| s.1), Some(g.pushes));
        }
    }
}

#[test]
fn levels_of_many_boxes_come_from_the_beam_and_are_proven() {
    // 7 boxes: the beam is 80000 / 49 = 1632 wide, and this room's layers are wider
    let req = Request {
        size: (9, 9),
        boxes: (6, 7),
        per_box: 3,
        count: 3,
        seed: 2,
        ..Request::default()
    };
    let report = run(&req);
    assert_eq!(report.levels.len(), 3);
    let beams = report
        .levels
        .iter()
        .filter(|g| job::run(&req, g.job, &Limits::none()).beam)
        .count();
    assert!(beams > 0, "at least one level from past a cut layer");
    for g in &report.levels {
        let grid = check_shape(&req, g);
        assert_eq!(
            brute_force(&grid, true).map(|s| s.1),
            Some(g.pushes),
            "{}",
            g.rows().join("\n")
        );
    }
}

/// The rule for levels long for their size: with it (the default, 4 pushes a box) no level
/// of 4 boxes needs fewer than 16 pushes; without it, the same seed gives shorter ones, so
/// the rule is what keeps them out.
#[test]
fn levels_are_long_for_their_size() {
    let req = Request {
        count: 40,
        seed: 5,
        ..Request::default()
    };
    assert_eq!(req.per_box, 4);
    let kept = run(&req);
    assert!(kept.levels.iter().all(|g| g.pushes >= 16));
    for g in &kept.levels {
        check_shape(&req, g);
    }
    let all = run(&Request { per_box: 0, ..req });
    assert!(all.levels.iter().any(|g| g.pushes < 16));
    // a range the rule leaves empty is refused, naming the option
    let empty = Request {
        pushes: (5, Some(12)),
        ..Request::default()
    };
    assert!(empty.check().unwrap_err().contains("--pushes-per-box"));
}

#[test]
fn push_ranges_are_kept() {
    let req = Request {
        size: (7, 7),
        boxes: (2, 2),
        pushes: (5, Some(7)),
        per_box: 2,
        count: 10,
        seed: 9,
        ..Request::default()
    };
    let report = run(&req);
    assert_eq!(report.levels.len(), 10);
    for g in &report.levels {
        let grid = check_shape(&req, g);
        assert_eq!(brute_force(&grid, true).map(|s| s.1), Some(g.pushes));
    }
}

fn lines(report: &Report) -> Vec<String> {
    report.levels.iter().map(|g| g.judge(1)).collect()
}

#[test]
fn the_same_levels_on_one_and_two_threads_and_others_for_another_seed() {
    let req = Request {
        count: 20,
        ..Request::default()
    };
    let one = on_threads(1, || run(&req));
    let two = on_threads(2, || run(&req));
    assert_eq!(lines(&one), lines(&two));
    assert_eq!(one.tried, two.tried);
    let other = run(&Request { seed: 2, ..req });
    let a: FxHashSet<String> = lines(&one).into_iter().collect();
    assert!(lines(&other).iter().all(|l| !a.contains(l)));
}

#[test]
fn the_candidate_cap_gives_a_prefix_on_any_thread_count() {
    let req = Request {
        count: 30,
        pushes: (20, None),
        ..Request::default()
    };
    let full = run(&req);
    let capped = Request {
        max_candidates: Some(25),
        ..req.clone()
    };
    let one = on_threads(1, || run(&capped));
    let two = on_threads(2, || run(&capped));
    assert_eq!(one.stopped, Some(Stop::Candidates(25)));
    assert_eq!(one.tried, 25);
    assert_eq!(lines(&one), lines(&two));
    assert_eq!((one.tried, one.nodes), (two.tried, two.nodes));
    assert!(one.levels.len() < 30);
    assert_eq!(lines(&one)[..], lines(&full)[..one.levels.len()]);
}

#[test]
fn impossible_requests_are_refused_and_hard_ones_stop_at_the_cap() {
    let bad = [
        Request {
            size: (4, 10),
            ..Request::default()
        },
        Request {
            size: (10, 25),
            ..Request::default()
        },
        Request {
            boxes: (0, 3),
            ..Request::default()
        },
        Request {
            boxes: (3, 2),
            ..Request::default()
        },
        Request {
            boxes: (4, 17),
            ..Request::default()
        },
        Request {
            pushes: (0, None),
            ..Request::default()
        },
        Request {
            pushes: (9, Some(8)),
            ..Request::default()
        },
        Request {
            count: 0,
            ..Request::default()
        },
    ];
    for req in bad {
        assert!(req.check().is_err(), "{req:?}");
    }
    assert!(Request::default().check().is_ok());
    // a 5 x 5 room has 9 inside cells: one box never needs 40 pushes
    let req = Request {
        size: (5, 5),
        boxes: (1, 1),
        pushes: (40, None),
        max_candidates: Some(50),
        ..Request::default()
    };
    let report = run(&req);
    assert!(report.levels.is_empty());
    assert_eq!(report.stopped, Some(Stop::Candidates(50)));
    assert!(report.best_pushes < 40);
}

/// A memory budget the process is already past stops the run with the memory reason (as
/// the Rush Hour generator's), before any level.
#[test]
fn the_memory_budget_stops_the_run() {
    let limits = Limits {
        max_bytes: Some(1024),
        ..Limits::none()
    };
    let report = generate(&Request::default(), &limits, |_| true, |_| ());
    assert!(report.levels.is_empty());
    assert!(
        matches!(report.stopped, Some(Stop::Memory(_))),
        "{:?}",
        report.stopped
    );
}

/// Every position of tiny rooms: the reverse search finds exactly the solvable ones (boxes
/// and player's area), each at the brute force's fewest pushes.
#[test]
fn the_pull_layers_stop_at_once_when_the_cancel_flag_is_up() {
    // a room whose layers hold thousands of nodes: with the flag up before the search, only
    // the solved positions are stored and the layers say they were cut; Ctrl-C in a
    // generator must not wait for a room's layers to end
    let solved = "#########\n#*  *   #\n#  #  * #\n#*  @  *#\n# *   # #\n#   *   #\n#########";
    let level = parse_level(solved, None).unwrap();
    let maze = Maze::new(&level);
    let graph = PullGraph::<1>::new(&maze).unwrap();
    let full = layers(&graph, job::PULL_CAP, usize::MAX, |_| 0, &Limits::none());
    assert!(
        full.nodes.len() > 4 * pull::CLOCK_EVERY,
        "{}",
        full.nodes.len()
    );
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        cancel: Some(cancel),
        ..Limits::none()
    };
    let cut = layers(&graph, job::PULL_CAP, usize::MAX, |_| 0, &limits);
    assert!(!cut.complete);
    assert_eq!(cut.nodes.len(), graph.solved().len());
}

#[test]
fn pull_distances_are_the_brute_force_optimum_on_every_position() {
    let rooms = [
        "#####\n#   #\n#  .#\n#.  #\n#####",
        "######\n#  . #\n# #  #\n#.   #\n######",
        "######\n#.   #\n## # #\n#   .#\n######",
        "#######\n#  .  #\n# ##  #\n#   . #\n#######",
    ];
    for room in rooms {
        // the room with the boxes on the goals and the player on the first free cell
        let solved = room.replace('.', "*").replacen(' ', "@", 1);
        let level = parse_level(&solved, None).unwrap();
        let maze = Maze::new(&level);
        let graph = PullGraph::<1>::new(&maze).unwrap();
        let found = layers(&graph, job::PULL_CAP, usize::MAX, |_| 0, &Limits::none());
        assert!(found.complete);
        let mut distance: FxHashMap<(Bits<1>, u16), usize> = FxHashMap::default();
        for d in 0..=found.deepest() {
            for &n in found.at(d) {
                assert!(distance.insert(n, d).is_none(), "each node once");
            }
        }
        // every placement of two boxes on the floor, every player cell
        let base = Grid::read(&solved);
        let floor: Vec<usize> = (0..base.wall.len())
            .filter(|&c| !base.wall[c] && maze.index[c] != u16::MAX)
            .collect();
        let mut solvable = 0;
        for (i, &a) in floor.iter().enumerate() {
            for &b in &floor[i + 1..] {
                for &p in floor.iter().filter(|&&p| p != a && p != b) {
                    let grid = Grid {
                        boxes: 1u128 << a | 1u128 << b,
                        player: p,
                        ..base.clone()
                    };
                    let truth = brute_force(&grid, true).map(|s| s.1 as usize);
                    let (ia, ib) = (maze.index[a] as usize, maze.index[b] as usize);
                    let live = ia < maze.live && ib < maze.live;
                    let found = live.then(|| {
                        let mut boxes = Bits::<1>::EMPTY;
                        boxes.insert(ia);
                        boxes.insert(ib);
                        let least = graph.area(&boxes, maze.index[p]).cells().min().unwrap();
                        distance.get(&(boxes, least)).copied()
                    });
                    assert_eq!(truth, found.flatten(), "boxes {a} {b} player {p}\n{room}");
                    solvable += truth.is_some() as usize;
                }
            }
        }
        assert!(solvable > 10, "{room}");
    }
}
