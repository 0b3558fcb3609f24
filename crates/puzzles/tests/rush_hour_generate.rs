//! Every line the generator prints, checked with code that is not the generator's: a brute
//! force written here (grids of cell owners, moves tried cell by cell, breadth-first search
//! over whole grids in a `HashMap`, normalised strings relabelled here) for the component,
//! its size, MOVES, the hardest position with the tie rule and the key; the solver of
//! `rush_hour::solve` (a different search from the generator's) for minimality; and the
//! request's ranges, walls and piece limits.

use gridlock_puzzles::rush_hour::generate::{generate, Generated, Request, Set, Stop};
use gridlock_puzzles::rush_hour::{parse_database, Metric};
use gridlock_search::Limits;
use std::collections::{HashMap, HashSet, VecDeque};

const WALL: u8 = 255;
type Grid = [u8; 36];

/// A database string as a grid: 0 empty, `WALL`, 1 the red car, 2.. the others.
fn grid(board: &str) -> Grid {
    let mut g = [0u8; 36];
    for (c, ch) in board.bytes().enumerate() {
        g[c] = match ch {
            b'o' | b'.' => 0,
            b'x' => WALL,
            b'A'..=b'Z' => ch - b'A' + 1,
            _ => panic!("bad board {board}"),
        };
    }
    g
}

fn ids(g: &Grid) -> Vec<u8> {
    let mut v: Vec<u8> = g.iter().copied().filter(|&x| x != 0 && x != WALL).collect();
    v.sort();
    v.dedup();
    v
}

/// Every grid one slide (of any length) away.
fn slides(g: &Grid) -> Vec<Grid> {
    let mut out = Vec::new();
    for id in ids(g) {
        let cs: Vec<usize> = (0..36).filter(|&c| g[c] == id).collect();
        let horizontal = cs[1] == cs[0] + 1;
        let (stride, len) = (if horizontal { 1 } else { 6 }, cs.len());
        for forward in [false, true] {
            let mut cur = *g;
            let mut first = cs[0] as isize;
            loop {
                let next = if forward {
                    first + (len as isize) * stride
                } else {
                    first - stride
                };
                let inside = (0..36).contains(&next) && (!horizontal || next / 6 == first / 6);
                if !inside || cur[next as usize] != 0 {
                    break;
                }
                let tail = if forward {
                    first
                } else {
                    first + (len as isize - 1) * stride
                };
                cur[tail as usize] = 0;
                cur[next as usize] = id;
                first += if forward { stride } else { -stride };
                out.push(cur);
            }
        }
    }
    out
}

fn solved(g: &Grid) -> bool {
    g[16] == 1 && g[17] == 1
}

/// The normalised string, written here: vehicles relabelled in reading order of their first
/// cell, the red car `A`.
fn normalised(g: &Grid) -> String {
    let mut names = HashMap::new();
    let mut next = b'B';
    g.iter()
        .map(|&x| match x {
            0 => 'o',
            WALL => 'x',
            1 => 'A',
            id => *names.entry(id).or_insert_with(|| {
                next += 1;
                next - 1
            }) as char,
        })
        .collect()
}

/// The whole component of `g` (moves are reversible) and each grid's distance in moves to
/// the nearest solved grid.
fn component(g: &Grid) -> (Vec<Grid>, Vec<Option<u32>>) {
    let mut index = HashMap::from([(*g, 0usize)]);
    let mut all = vec![*g];
    let mut adj: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let mut here = Vec::new();
        for n in slides(&all[i]) {
            let next = all.len();
            let k = *index.entry(n).or_insert(next);
            if k == next {
                all.push(n);
            }
            here.push(k);
        }
        adj.push(here);
        i += 1;
    }
    let mut dist = vec![None; all.len()];
    let mut queue = VecDeque::new();
    for (k, s) in all.iter().enumerate() {
        if solved(s) {
            dist[k] = Some(0);
            queue.push_back(k);
        }
    }
    while let Some(k) = queue.pop_front() {
        let d = dist[k].unwrap();
        for &w in &adj[k] {
            if dist[w].is_none() {
                dist[w] = Some(d + 1);
                queue.push_back(w);
            }
        }
    }
    (all, dist)
}

/// Checks one generated puzzle against the brute force, the solver and the request.
fn check(req: &Request, p: &Generated) {
    let g = grid(&p.board);
    let (all, dist) = component(&g);
    assert_eq!(all.len() as u64, p.size, "SIZE of {p}");
    let max = dist.iter().flatten().copied().max().expect("solvable");
    assert_eq!(max, p.moves, "MOVES of {p}");
    assert_eq!(
        dist[0],
        Some(p.moves),
        "the board is at the largest distance: {p}"
    );
    let hardest = (0..all.len())
        .filter(|&k| dist[k] == Some(max))
        .map(|k| normalised(&all[k]))
        .min()
        .unwrap();
    assert_eq!(
        hardest, p.board,
        "hardest position, smallest normalised string"
    );
    let key = all.iter().map(normalised).min().unwrap();
    assert_eq!(key, p.key, "key of {p}");
    // the solver agrees on MOVES
    let puzzle = parse_database(&p.board).unwrap();
    let (best, _) = puzzle
        .optimum(Metric::Moves, None, &Limits::none())
        .unwrap();
    assert_eq!(best, Some(p.moves), "solver on {p}");
    // minimality: without any one non-red vehicle, the solver finds fewer moves
    for id in ids(&g).into_iter().filter(|&id| id != 1) {
        let mut smaller = g;
        smaller
            .iter_mut()
            .filter(|x| **x == id)
            .for_each(|x| *x = 0);
        let s = parse_database(&normalised(&smaller)).unwrap();
        let (best, _) = s
            .optimum(Metric::Moves, Some(p.moves - 1), &Limits::none())
            .unwrap();
        assert!(best.is_some(), "{p}: vehicle {id} is not needed");
    }
    // the request
    assert!(p.moves >= req.moves.0, "{p}");
    assert!(req.moves.1.is_none_or(|b| p.moves <= b), "{p}");
    let vehicles = ids(&g).len();
    assert_eq!(vehicles, p.vehicles);
    assert!((req.vehicles.0..=req.vehicles.1).contains(&vehicles), "{p}");
    assert_eq!(g.iter().filter(|&&x| x == WALL).count(), req.walls, "{p}");
    if req.set == Set::Physical {
        let trucks = ids(&g)
            .iter()
            .filter(|&&id| g.iter().filter(|&&x| x == id).count() == 3)
            .count();
        assert!(trucks <= 4 && vehicles - trucks <= 12, "{p}");
    }
    assert_eq!(
        p.to_string(),
        format!("{:02} {} {}", p.moves, p.board, p.size)
    );
}

fn run(req: &Request) -> Vec<Generated> {
    let report = generate(req, &Limits::none(), |_| true, |_| {});
    assert_eq!(report.stopped, None);
    assert_eq!(report.puzzles.len(), req.count);
    let keys: HashSet<&str> = report.puzzles.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(keys.len(), req.count, "distinct components");
    report.puzzles
}

/// Runs `f` on a pool of `n` threads.
fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .expect("a thread pool")
        .install(f)
}

fn request(moves: (u32, Option<u32>), count: usize, seed: u64) -> Request {
    Request {
        moves,
        count,
        seed,
        ..Request::default()
    }
}

#[test]
fn easy_puzzles_are_exact_hardest_and_minimal() {
    let req = request((4, Some(9)), 24, 7);
    for p in run(&req) {
        check(&req, &p);
    }
}

#[test]
fn medium_puzzles_with_a_vehicle_range() {
    let req = Request {
        vehicles: (7, 10),
        ..request((12, Some(16)), 6, 3)
    };
    for p in run(&req) {
        check(&req, &p);
    }
}

#[test]
fn walls_are_exact() {
    for walls in [1, 2] {
        let req = Request {
            walls,
            ..request((6, Some(12)), 6, 11)
        };
        for p in run(&req) {
            check(&req, &p);
        }
    }
}

#[test]
fn the_physical_set_keeps_its_limits() {
    let req = Request {
        set: Set::Physical,
        vehicles: (12, 16),
        ..request((8, Some(14)), 6, 5)
    };
    for p in run(&req) {
        check(&req, &p);
    }
}

#[test]
fn same_seed_same_puzzles_on_one_and_two_threads() {
    let req = request((6, Some(12)), 12, 42);
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(&req))
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
    assert_eq!(one, run(&req));
    // a prefix: fewer puzzles are the first ones of more
    let fewer = run(&Request {
        count: 5,
        ..req.clone()
    });
    assert_eq!(fewer[..], one[..5]);
    // another seed, other puzzles
    let other = run(&Request {
        seed: 43,
        ..req.clone()
    });
    assert_ne!(one, other);
    let keys: HashSet<&str> = one.iter().map(|p| p.key.as_str()).collect();
    assert!(
        other
            .iter()
            .filter(|p| keys.contains(p.key.as_str()))
            .count()
            < 6
    );
}

#[test]
fn checks_refuse_contradictions() {
    let ok = Request::default();
    assert!(ok.check().is_ok());
    let bad = [
        Request {
            moves: (10, Some(5)),
            ..ok.clone()
        },
        Request {
            moves: (0, None),
            ..ok.clone()
        },
        Request {
            count: 0,
            ..ok.clone()
        },
        Request {
            walls: 9,
            ..ok.clone()
        },
        Request {
            vehicles: (1, 1),
            ..ok.clone()
        },
        Request {
            vehicles: (5, 4),
            ..ok.clone()
        },
        Request {
            vehicles: (2, 19),
            ..ok.clone()
        },
        Request {
            set: Set::Physical,
            walls: 1,
            ..ok.clone()
        },
        Request {
            set: Set::Physical,
            vehicles: (17, 18),
            ..ok.clone()
        },
    ];
    for r in bad {
        assert!(r.check().is_err(), "{r:?}");
    }
}

/// A hopeless request stops at its candidate cap, with what it met; the cap is counted in
/// job order, so the report is the same on one thread and on two.
#[test]
fn a_hopeless_request_stops_at_its_candidate_cap_with_what_it_found() {
    let req = Request {
        vehicles: (2, 2),
        max_candidates: Some(1500),
        ..request((10, None), 1, 1)
    };
    let report = on_threads(2, || generate(&req, &Limits::none(), |_| true, |_| {}));
    assert_eq!(report.stopped, Some(Stop::Candidates(1500)));
    assert!(report.puzzles.is_empty());
    assert!(report.tried >= 1500, "{report:?}");
    assert!(report.best_moves < 10);
    let one = on_threads(1, || generate(&req, &Limits::none(), |_| true, |_| {}));
    assert_eq!(one, report);
}

/// The cap cuts between jobs, in job order: a cap of 1 keeps exactly the first job (never cut
/// short), whose puzzles begin the uncapped run's; a cap of 0 evaluates nothing.
#[test]
fn a_candidate_cap_keeps_a_prefix_of_the_puzzles() {
    // 25 puzzles take at least three jobs (a job records at most 10)
    let req = request((8, Some(12)), 25, 3);
    let all = generate(&req, &Limits::none(), |_| true, |_| {});
    assert_eq!(all.stopped, None);
    assert!(all.jobs >= 3, "{all:?}");
    let capped = Request {
        max_candidates: Some(1),
        ..req.clone()
    };
    let first = generate(&capped, &Limits::none(), |_| true, |_| {});
    assert_eq!(first.jobs, 1, "{first:?}");
    assert_eq!(first.stopped, Some(Stop::Candidates(1)));
    assert!(!first.puzzles.is_empty() && first.puzzles.len() <= 10);
    assert_eq!(first.puzzles[..], all.puzzles[..first.puzzles.len()]);
    assert!(first.tried >= 1 && first.tried < all.tried);
    let none = generate(
        &Request {
            max_candidates: Some(0),
            ..req
        },
        &Limits::none(),
        |_| true,
        |_| {},
    );
    assert_eq!((none.tried, none.jobs), (0, 0));
    assert_eq!(none.stopped, Some(Stop::Candidates(0)));
}

/// A deadline that has passed stops the run before its first job: certain, whatever the
/// machine's speed.
#[test]
fn a_passed_deadline_stops_before_the_first_job() {
    let limits = Limits::none().with_timeout(std::time::Duration::ZERO);
    let report = generate(&request((30, None), 1, 1), &limits, |_| true, |_| {});
    assert_eq!(report.stopped, Some(Stop::Timeout));
    assert_eq!((report.tried, report.jobs), (0, 0));
}

/// The generator's ceilings (`generate::known`) are the complete wall-free enumeration's: the
/// largest MOVES per vehicle count among its rows of 36+ moves (all of them are in the
/// fixture), the same among the rows that fit the boxed game's pieces, and the request check
/// refuses exactly the ranges above them, with either piece set.
#[test]
fn known_maxima_are_the_fixtures() {
    use gridlock_puzzles::rush_hour::generate::known::{self, WALL_FREE_36_PLUS};
    use gridlock_puzzles::rush_hour::generate::{PHYSICAL_CARS, PHYSICAL_TRUCKS};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/universe/universe0_36plus.txt"
    );
    let text = std::fs::read_to_string(path).expect("the universe fixture");
    let mut best: std::collections::BTreeMap<usize, u32> = Default::default();
    let mut boxed: std::collections::BTreeMap<usize, u32> = Default::default();
    let mut outside = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let (moves, board): (u32, &str) = (f[0].parse().unwrap(), f[1]);
        let g = grid(board);
        let lengths: Vec<usize> = ids(&g)
            .into_iter()
            .map(|id| g.iter().filter(|&&x| x == id).count())
            .collect();
        let cars = lengths.iter().filter(|&&n| n == 2).count();
        let trucks = lengths.iter().filter(|&&n| n == 3).count();
        let top = best.entry(lengths.len()).or_default();
        *top = (*top).max(moves);
        if cars <= PHYSICAL_CARS && trucks <= PHYSICAL_TRUCKS {
            let top = boxed.entry(lengths.len()).or_default();
            *top = (*top).max(moves);
        } else {
            outside += 1;
        }
    }
    assert!(outside > 0, "the boxed game's limits matter for some rows");
    let table: Vec<(usize, u32)> = best.into_iter().collect();
    assert_eq!(table, WALL_FREE_36_PLUS);
    assert_eq!(boxed.into_iter().collect::<Vec<_>>(), table);
    for set in [Set::Any, Set::Physical] {
        for v in 2..=16 {
            let top = known::ceiling(&Request {
                vehicles: (v, v),
                set,
                ..Request::default()
            });
            let want = table
                .iter()
                .find(|t| t.0 == v)
                .map_or(known::WALL_FREE_OTHERS, |t| t.1);
            assert_eq!((top.moves, top.proven), (want, true), "{v} vehicles");
            let at = Request {
                moves: (want, None),
                vehicles: (v, v),
                set,
                ..Request::default()
            };
            assert!(at.check().is_ok(), "{at:?}");
            let above = Request {
                moves: (want + 1, None),
                ..at
            };
            assert!(above.check().is_err(), "{above:?}");
        }
    }
}
