//! Boards as the generator builds them: random starts and small random changes
//! (add, remove or move a vehicle; move a wall), within the request's limits.

use super::rng::Rng;
use crate::rush_hour::universe::board::{Board, Vehicle, CELLS, RED_ROW};

/// What a board may hold: from the request (`--vehicles`, `--walls`, `--set`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Most vehicles, the red car included.
    pub max_vehicles: usize,
    /// Most cars (length 2), the red car included.
    pub max_cars: usize,
    /// Most trucks (length 3).
    pub max_trucks: usize,
    /// Exactly this many walls.
    pub walls: usize,
}

/// Cells covered by a vehicle or a wall.
pub fn occupied(board: &Board) -> u64 {
    board
        .vehicles
        .iter()
        .flat_map(|v| v.cells())
        .fold(board.walls, |m, c| m | 1 << c)
}

/// The red car's leftmost column.
fn red_column(board: &Board) -> usize {
    board
        .vehicles
        .iter()
        .find(|v| v.red)
        .map_or(0, |v| usize::from(v.start) % 6)
}

/// True when a cell of the red car's row lies right of the red car: a horizontal vehicle or
/// a wall there would make the board unsolvable, so the generator never puts one there.
fn right_of_red(board: &Board, cell: usize) -> bool {
    cell / 6 == RED_ROW && cell % 6 > red_column(board)
}

/// Counts of cars (red car included) and trucks.
fn counts(board: &Board) -> (usize, usize) {
    let trucks = board.vehicles.iter().filter(|v| v.len == 3).count();
    (board.vehicles.len() - trucks, trucks)
}

/// Tries once to add a random vehicle where it fits; false if the draw did not fit.
fn add_vehicle(board: &mut Board, shape: &Shape, rng: &mut Rng) -> bool {
    let (cars, trucks) = counts(board);
    if board.vehicles.len() >= shape.max_vehicles {
        return false;
    }
    let can_car = cars < shape.max_cars;
    let can_truck = trucks < shape.max_trucks;
    let len = match (can_car, can_truck) {
        (false, false) => return false,
        (true, false) => 2,
        (false, true) => 3,
        (true, true) => 2 + u8::from(rng.chance(1, 4)),
    };
    let horizontal = rng.chance(1, 2);
    let span = 7 - u32::from(len);
    let (row, col) = if horizontal {
        (rng.below(6), rng.below(span))
    } else {
        (rng.below(span), rng.below(6))
    };
    let vehicle = Vehicle {
        start: (row * 6 + col) as u8,
        len,
        horizontal,
        red: false,
    };
    let occ = occupied(board);
    if vehicle
        .cells()
        .any(|c| occ >> c & 1 == 1 || (horizontal && right_of_red(board, c)))
    {
        return false;
    }
    board.vehicles.push(vehicle);
    true
}

/// Removes a random vehicle other than the red car; false if there is none.
fn remove_vehicle(board: &mut Board, rng: &mut Rng) -> bool {
    let others: Vec<usize> = (0..board.vehicles.len())
        .filter(|&i| !board.vehicles[i].red)
        .collect();
    if others.is_empty() {
        return false;
    }
    board
        .vehicles
        .remove(others[rng.below(others.len() as u32) as usize]);
    true
}

/// Moves a random wall to a random free cell; false if the draw did not fit.
fn move_wall(board: &mut Board, rng: &mut Rng) -> bool {
    let walls: Vec<usize> = (0..CELLS).filter(|&c| board.walls >> c & 1 == 1).collect();
    if walls.is_empty() {
        return false;
    }
    let from = walls[rng.below(walls.len() as u32) as usize];
    let to = rng.below(CELLS as u32) as usize;
    if occupied(board) >> to & 1 == 1 || right_of_red(board, to) {
        return false;
    }
    board.walls = board.walls & !(1 << from) | 1 << to;
    true
}

/// A random board: the red car in the third row, `shape.walls` walls, and vehicles dropped
/// at random until `target` of them (red car included) stand or the draws run out.
pub fn random_start(shape: &Shape, target: usize, rng: &mut Rng) -> Board {
    let red = Vehicle {
        start: (RED_ROW * 6) as u8 + rng.below(5) as u8,
        len: 2,
        horizontal: true,
        red: true,
    };
    let mut board = Board {
        vehicles: vec![red],
        walls: 0,
    };
    while (board.walls.count_ones() as usize) < shape.walls {
        let cell = rng.below(CELLS as u32) as usize;
        if occupied(&board) >> cell & 1 == 0 && !right_of_red(&board, cell) {
            board.walls |= 1 << cell;
        }
    }
    let target = target.min(shape.max_vehicles);
    for _ in 0..200 {
        if board.vehicles.len() >= target {
            break;
        }
        add_vehicle(&mut board, shape, rng);
    }
    board
}

/// A random neighbour of `board`: one change (sometimes two), never outside `shape`.
/// `None` when the draws did not produce a change.
pub fn mutate(board: &Board, shape: &Shape, rng: &mut Rng) -> Option<Board> {
    let mut next = board.clone();
    let changes = if rng.chance(1, 4) { 2 } else { 1 };
    let mut changed = false;
    for _ in 0..changes {
        for _ in 0..20 {
            let done = match rng.below(if shape.walls > 0 { 7 } else { 6 }) {
                0 | 1 => add_vehicle(&mut next, shape, rng),
                2 => remove_vehicle(&mut next, rng),
                3..=5 => {
                    // move: take one away, put a new one down
                    let mut trial = next.clone();
                    if remove_vehicle(&mut trial, rng) && add_vehicle(&mut trial, shape, rng) {
                        next = trial;
                        true
                    } else {
                        false
                    }
                }
                _ => move_wall(&mut next, rng),
            };
            if done {
                changed = true;
                break;
            }
        }
    }
    changed.then_some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_stay_valid_and_inside_the_shape() {
        let shape = Shape {
            max_vehicles: 13,
            max_cars: 12,
            max_trucks: 4,
            walls: 2,
        };
        let mut rng = Rng::new(5);
        let mut board = random_start(&shape, 13, &mut rng);
        for _ in 0..5000 {
            if let Some(next) = mutate(&board, &shape, &mut rng) {
                board = next;
            }
            assert!(board.is_valid());
            assert!(board.vehicles.len() <= 13);
            let (cars, trucks) = counts(&board);
            assert!(cars <= 12 && trucks <= 4);
            assert_eq!(board.walls.count_ones(), 2);
            assert_eq!(board.vehicles.iter().filter(|v| v.red).count(), 1);
            let text = board.normalised();
            assert_eq!(Board::parse(&text).unwrap().normalised(), text);
        }
    }
}
