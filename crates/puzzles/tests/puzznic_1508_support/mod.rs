//! NES level 15-08: the idealised boards just after `3t` drops onto `3x` in the plan family of
//! `docs/puzznic.md` ("A plan family from the structure, and its cleanup refuted"), shared by
//! the cleanup test (solved with the block empty) and the source searches (the block still
//! sending). Rows and columns are the judge's, counted inside the wall; the file rows below
//! include the wall.

use std::collections::BTreeSet;

/// The level after the crossing with every cell of the plan empty: `3m`, `1b`, `4c` in column
/// 1, `3w`, `1c` in column 2, the walls of 15-08.
const BASE: [&str; 12] = [
    "##########",
    "#.#......#",
    "#.#......#",
    "#.#......#",
    "#..#####.#",
    "#........#",
    "#........#",
    "#.....##.#",
    "#3.#...#.#",
    "#13##.##.#",
    "#41#..#..#",
    "##########",
];

/// The left column's free pieces, top to bottom: 1a 4a 6a 4b 6b 2.
const LEFT: [u8; 6] = [b'1', b'4', b'6', b'4', b'6', b'2'];

/// The crossing's supports (file coordinates: row, column).
const SUPPORTS: [(usize, usize); 9] = [
    (8, 2),
    (7, 2),
    (7, 3),
    (7, 4),
    (8, 4),
    (7, 5),
    (8, 5),
    (9, 5),
    (10, 5),
];

/// `1d`'s nook and `1e`'s alcove, which may stay filled.
const SPARE: [(usize, usize); 2] = [(8, 6), (10, 4)];

/// Every board of the family for one block `room` multiset and `tail`, deduplicated.
pub fn boards(room: &[u8], tail: &[u8]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for mask in 1u32..64 {
        let (kept, exited): (Vec<usize>, Vec<usize>) = (0..6).partition(|i| mask & (1 << i) != 0);
        let left: Vec<u8> = kept.iter().map(|&i| LEFT[i]).collect();
        if left.len() > 3 || left.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        let mut pieces: Vec<u8> = exited.iter().map(|&i| LEFT[i]).collect();
        pieces.extend_from_slice(room);
        pieces.extend_from_slice(b"11");
        if !(9..=11).contains(&pieces.len()) {
            continue;
        }
        let mut grid: Vec<Vec<u8>> = BASE.iter().map(|r| r.as_bytes().to_vec()).collect();
        for (j, &t) in left.iter().enumerate() {
            grid[8 - left.len() + j][1] = t;
        }
        for (j, &t) in tail.iter().enumerate() {
            grid[10 - j][8] = t;
        }
        let spares: Vec<Vec<(usize, usize)>> = match pieces.len() - 9 {
            0 => vec![vec![]],
            1 => SPARE.iter().map(|&c| vec![c]).collect(),
            _ => vec![SPARE.to_vec()],
        };
        for spare in spares {
            let cells: Vec<(usize, usize)> = SUPPORTS.iter().copied().chain(spare).collect();
            fill(&cells, &mut pieces.clone(), &mut grid, &mut out);
        }
    }
    out
}

/// Places the remaining `pieces` on `cells` in every order with no two equal neighbours.
fn fill(
    cells: &[(usize, usize)],
    pieces: &mut Vec<u8>,
    grid: &mut [Vec<u8>],
    out: &mut BTreeSet<String>,
) {
    let Some((&(r, c), rest)) = cells.split_first() else {
        let text: Vec<&str> = grid
            .iter()
            .map(|row| std::str::from_utf8(row).unwrap())
            .collect();
        out.insert(text.join("\n") + "\n");
        return;
    };
    let mut tried = Vec::new();
    for k in 0..pieces.len() {
        let t = pieces[k];
        if tried.contains(&t) {
            continue;
        }
        tried.push(t);
        let touches = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            .iter()
            .any(|&(y, x)| grid[y][x] == t);
        if touches {
            continue;
        }
        grid[r][c] = t;
        pieces.remove(k);
        fill(rest, pieces, grid, out);
        pieces.insert(k, t);
        grid[r][c] = b'.';
    }
}
