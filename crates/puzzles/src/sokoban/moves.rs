//! The rule of one step, shared by the verifier and the renderer (the solver's push graph in
//! [`super::graph`] is checked against it by the tests): the player steps onto a neighbouring
//! floor cell, or into a box's cell when the cell beyond the box is floor without a box, and
//! the box moves one cell the same way.

use super::board::{Level, Position};

/// One of the four directions, in LURD order (so `opposite` is `index ^ 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// `l` / `L`.
    Left = 0,
    /// `u` / `U`.
    Up = 1,
    /// `r` / `R`.
    Right = 2,
    /// `d` / `D`.
    Down = 3,
}

impl Dir {
    /// The four directions in LURD order.
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];

    /// The reverse direction.
    pub fn opposite(self) -> Dir {
        Dir::ALL[self as usize ^ 2]
    }

    /// The LURD letter: lower case for a move, upper case for a push.
    pub fn letter(self, push: bool) -> char {
        let c = ['l', 'u', 'r', 'd'][self as usize];
        if push {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    /// The direction of a LURD letter and whether it is upper case.
    pub fn from_letter(c: char) -> Option<(Dir, bool)> {
        let dir = match c.to_ascii_lowercase() {
            'l' => Dir::Left,
            'u' => Dir::Up,
            'r' => Dir::Right,
            'd' => Dir::Down,
            _ => return None,
        };
        Some((dir, c.is_ascii_uppercase()))
    }

    /// The word for messages (`left`).
    pub fn name(self) -> &'static str {
        ["left", "up", "right", "down"][self as usize]
    }
}

/// Why a step is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The player would walk into a wall.
    Wall,
    /// The box beyond the player would go into a wall.
    BoxIntoWall,
    /// The box beyond the player would go into another box.
    BoxIntoBox,
}

impl Blocked {
    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            Blocked::Wall => "the player walks into a wall",
            Blocked::BoxIntoWall => "the box would be pushed into a wall",
            Blocked::BoxIntoBox => "the box would be pushed into another box",
        }
    }
}

/// Takes one step in `dir`; returns whether it pushed a box. The position is unchanged when
/// the step is not allowed.
pub fn step(level: &Level, position: &mut Position, dir: Dir) -> Result<bool, Blocked> {
    let floor = |cell: Option<usize>| cell.filter(|&c| level.is_floor(c));
    let to = floor(level.neighbor(position.player, dir)).ok_or(Blocked::Wall)?;
    if !position.boxes[to] {
        position.player = to;
        return Ok(false);
    }
    let beyond = floor(level.neighbor(to, dir)).ok_or(Blocked::BoxIntoWall)?;
    if position.boxes[beyond] {
        return Err(Blocked::BoxIntoBox);
    }
    position.boxes[to] = false;
    position.boxes[beyond] = true;
    position.player = to;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    #[test]
    fn letters_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_letter(d.letter(false)), Some((d, false)));
            assert_eq!(Dir::from_letter(d.letter(true)), Some((d, true)));
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
        }
        assert_eq!(Dir::from_letter('x'), None);
    }

    #[test]
    fn walk_push_and_every_block() {
        let level = parse_level("#######\n#@ $$ #\n#  $  #\n#...  #\n#######", None).unwrap();
        let mut p = level.start.clone();
        assert_eq!(step(&level, &mut p, Dir::Up), Err(Blocked::Wall));
        assert_eq!(step(&level, &mut p, Dir::Left), Err(Blocked::Wall));
        assert_eq!(step(&level, &mut p, Dir::Right), Ok(false));
        // the box at column 4 has another box behind it
        assert_eq!(step(&level, &mut p, Dir::Right), Err(Blocked::BoxIntoBox));
        assert_eq!(p.player, level.start.player + 1, "unchanged when blocked");
        assert_eq!(step(&level, &mut p, Dir::Down), Ok(false));
        assert_eq!(step(&level, &mut p, Dir::Right), Ok(true));
        assert_eq!(step(&level, &mut p, Dir::Right), Ok(true));
        assert_eq!(step(&level, &mut p, Dir::Right), Err(Blocked::BoxIntoWall));
    }
}
