//! Goal-room macros for `--fast`: a box that enters a room of goals with one entrance is
//! taken, as one edge, straight to the goal the room's packing order fills next.
//!
//! # The rooms
//!
//! A **goal room** is a set `C` of floor cells cut off from the rest of the warehouse by one
//! cell, its **entrance** `e` (removing `e` splits `C` from everything else), holding at
//! least two goals, no box off its goal and not the player at the start. Its goals (those
//! in `C`, and `e` when it is one) get a **packing order** computed backwards: with a box on
//! every goal, the goals whose box can be pulled out to `e` (the other full goals standing
//! in the way) form layer 0, filled last; then layer 1 from what is left, and so on. A room
//! where some goal is never freed has no order and is not used (the search there is
//! today's). Rooms are chosen most goals first, and do not overlap.
//!
//! With `areas` ([`GoalRooms::new`], `Tuning::room_areas`, off as measured) the goals that
//! lie side by side outside every such room form **goal areas** with several entrances
//! (their exits: the live cells beside them), and every room's order follows the player
//! (`goal_room_order.rs`): a pull counts only where the player, starting outside the
//! room, can walk to it. The player may then walk two cells round the room in a route, and
//! a room's goals holding a box at the start are held **fixed** (full, never ordered nor
//! pushed while the room is in order) when an order exists that way.
//!
//! # The macro
//!
//! A room is **in order** when every box in it stands on a goal and no empty goal's layer
//! is above a full goal's (the full goals are the deepest layers). When a push (continued
//! through a tunnel if it starts one) leaves a box on a room's cell off the goals it should
//! fill next, and the rest of the room is in order, the box is routed by the fewest pushes
//! to an empty goal of the deepest empty layer: the player may walk in the room, on `e` and
//! on `e`'s outside neighbours, the other boxes stand still. The edge costs every push of
//! the route and its move list is those pushes, so the answer replays. If no route exists,
//! the plain push is kept. While a room is in order, the boxes on its goals are not pushed.
//!
//! # What it keeps, and what it loses
//!
//! Every edge is a sequence of legal pushes onto live cells, so every answer is valid.
//! Unlike the tunnel macros of the optimal search ([`super::tunnel`]), it is **not** proven
//! to keep a solution: a level may need a box parked in the room, the room filled in another
//! order, or a packed box pushed out again (and without `areas` the computed order ignores
//! where the player can stand; the route does not). So with it `--fast` can miss a solvable level, and a
//! search that runs out of positions no longer proves a level unsolvable: each weighted
//! search of [`super::fast::search`] that does so searches again without the macros, so
//! `--fast` stays complete and its `-1` a proof. It is what
//! Rolling Stone and the FESS papers use for the classic levels, and what is measured in
//! docs/sokoban-solver.md.

use super::bits::Bits;
use super::goal_room_find::{behind_one_cell, goal_areas, Found};
use super::goal_room_order::layers;
use super::goal_room_space::Space;
use super::graph::{Node, Push};
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// "In no room".
const NO_ROOM: u8 = u8::MAX;

/// The goal rooms of a level, with their packing orders.
#[derive(Clone, Debug)]
pub struct GoalRooms {
    /// Per compact cell: the room whose inside holds it, or [`NO_ROOM`].
    room_of: Vec<u8>,
    rooms: Vec<Room>,
}

/// One room: its cells, where the player may walk in a route, its goals and their layers.
#[derive(Clone, Debug)]
struct Room {
    /// The cells a routed box may use.
    inside: Vec<u16>,
    /// Where the box and the player may go in a route.
    space: Space,
    /// The room's goals to fill and their layers (0 = filled last).
    goals: Vec<(u16, u16)>,
    /// The room's goals holding a box at the start, kept full.
    fixed: Vec<u16>,
    /// Whether the room has more than one exit.
    several: bool,
}

impl GoalRooms {
    /// The goal rooms of `maze` with `boxes` and the player on `player` at the start, with
    /// goal areas of several entrances when `areas`; `None` when there is none with a
    /// packing order.
    pub fn new<const W: usize>(
        maze: &Maze,
        boxes: &Bits<W>,
        player: u16,
        areas: bool,
    ) -> Option<GoalRooms> {
        let mut found = behind_one_cell(maze, boxes, player);
        // most goals first, then the smallest room
        found.sort_by_key(|f| (usize::MAX - f.goals, f.inside.len()));
        let mut rooms = GoalRooms {
            room_of: vec![NO_ROOM; maze.cells.len()],
            rooms: Vec::new(),
        };
        for f in found {
            rooms.add(maze, boxes, f, areas);
        }
        if areas {
            let taken: Vec<bool> = rooms.room_of.iter().map(|&r| r != NO_ROOM).collect();
            for f in goal_areas(maze, player, &taken) {
                rooms.add(maze, boxes, f, areas);
            }
        }
        (!rooms.rooms.is_empty()).then_some(rooms)
    }

    /// Adds the room `found` unless it overlaps one already taken or has no order (`wide`:
    /// see [`Room::new`]).
    fn add<const W: usize>(&mut self, maze: &Maze, boxes: &Bits<W>, found: Found, wide: bool) {
        let overlaps = found
            .inside
            .iter()
            .any(|&c| self.room_of[c as usize] != NO_ROOM);
        if self.rooms.len() >= NO_ROOM as usize || overlaps {
            return;
        }
        let Some(room) = Room::new(maze, boxes, found, wide) else {
            return;
        };
        for &c in &room.inside {
            self.room_of[c as usize] = self.rooms.len() as u8;
        }
        self.rooms.push(room);
    }

    /// Number of rooms found.
    pub fn len(&self) -> usize {
        self.rooms.len()
    }

    /// Whether there are none (never, as built by [`GoalRooms::new`]).
    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// Number of rooms with more than one exit (goal areas with several entrances).
    pub fn with_several_entrances(&self) -> usize {
        self.rooms.iter().filter(|r| r.several).count()
    }

    /// Number of boxes the rooms hold fixed from the start.
    pub fn fixed(&self) -> usize {
        self.rooms.iter().map(|r| r.fixed.len()).sum()
    }

    /// `pushable` without the boxes on the goals of the rooms that are in order.
    pub fn pushable<const W: usize>(
        &self,
        maze: &Maze,
        boxes: &Bits<W>,
        mut pushable: Bits<W>,
    ) -> Bits<W> {
        for room in &self.rooms {
            if room.in_order(maze, boxes, NONE) {
                for g in room
                    .goals
                    .iter()
                    .map(|&(g, _)| g)
                    .chain(room.fixed.iter().copied())
                {
                    pushable.remove(g as usize);
                }
            }
        }
        pushable
    }

    /// After a push left the box on `moved` (the player exactly where it pushed from), the
    /// route taking it on to the goal its room fills next: the position after it and the
    /// pushes added (recorded in `record` when given), or `None` when no macro applies.
    pub fn route<const W: usize>(
        &self,
        maze: &Maze,
        node: &Node<W>,
        moved: u16,
        record: Option<&mut Vec<Push>>,
    ) -> Option<(Node<W>, u32)> {
        let r = *self.room_of.get(moved as usize)?;
        if r == NO_ROOM {
            return None;
        }
        let room = &self.rooms[r as usize];
        if !room.in_order(maze, &node.boxes, moved) {
            return None;
        }
        let next_layer = room.next_layer(&node.boxes, moved)?;
        let target = |c: u16| room.goals.iter().any(|&(g, l)| g == c && l == next_layer);
        if target(moved) {
            return None;
        }
        let pushes = room.route(maze, node, moved, target)?;
        let mut at = *node;
        for &Push { from, dir } in &pushes {
            at = at.pushed(maze, from, maze.step(from, dir));
        }
        let added = pushes.len() as u32;
        if let Some(record) = record {
            record.extend(pushes);
        }
        Some((at, added))
    }
}

impl Room {
    /// The room `found` with its packing order, `None` when it has none. When `wide`, the
    /// order follows the player, the player may walk two cells round the room in a route,
    /// and the goals holding a box at the start are kept full when an order exists that
    /// way; otherwise every goal is ordered, as the first rooms were.
    fn new<const W: usize>(maze: &Maze, boxes: &Bits<W>, found: Found, wide: bool) -> Option<Room> {
        let space = Space::new(maze, &found.inside, &found.exits, wide);
        let goals: Vec<u16> = found
            .inside
            .iter()
            .copied()
            .filter(|c| maze.goals.contains(c))
            .collect();
        let (fixed, open): (Vec<u16>, Vec<u16>) =
            goals.iter().partition(|&&g| boxes.has(g as usize));
        let ordered = if !wide || fixed.is_empty() || open.len() < 2 {
            None
        } else {
            layers(maze, &space, &open, &fixed).map(|l| (open, fixed, l))
        };
        let (goals, fixed, layers) = match ordered {
            Some(o) => o,
            None => {
                let l = layers(maze, &space, &goals, &[])?;
                (goals, Vec::new(), l)
            }
        };
        Some(Room {
            several: found.exits.len() > 1,
            inside: found.inside,
            space,
            goals: goals.into_iter().zip(layers).collect(),
            fixed,
        })
    }

    /// Every box in the room on a goal (the box on `moved` aside), every fixed goal full,
    /// and the full goals the deepest layers.
    fn in_order<const W: usize>(&self, maze: &Maze, boxes: &Bits<W>, moved: u16) -> bool {
        let on = |c: u16| c != moved && (c as usize) < maze.live && boxes.has(c as usize);
        if self.fixed.iter().any(|&g| !on(g)) {
            return false;
        }
        let stray = self.inside.iter().any(|&c| {
            on(c) && !self.goals.iter().any(|&(g, _)| g == c) && !self.fixed.contains(&c)
        });
        if stray {
            return false;
        }
        let (mut least_full, mut most_empty) = (u16::MAX, 0);
        let mut any_empty = false;
        for &(g, l) in &self.goals {
            if on(g) {
                least_full = least_full.min(l);
            } else {
                most_empty = most_empty.max(l);
                any_empty = true;
            }
        }
        !any_empty || most_empty <= least_full
    }

    /// The layer of the goals to fill next (the deepest with an empty goal), if any is empty.
    fn next_layer<const W: usize>(&self, boxes: &Bits<W>, moved: u16) -> Option<u16> {
        self.goals
            .iter()
            .filter(|&&(g, _)| g == moved || !boxes.has(g as usize))
            .map(|&(_, l)| l)
            .max()
    }

    /// The fewest pushes taking the box on `moved` to a cell where `target` holds, the box
    /// staying inside and the player in the room's space, the other boxes still.
    fn route<const W: usize>(
        &self,
        maze: &Maze,
        node: &Node<W>,
        moved: u16,
        target: impl Fn(u16) -> bool,
    ) -> Option<Vec<Push>> {
        let space = &self.space;
        let n = space.walkable.len();
        let blocked = |c: u16| c != moved && (c as usize) < maze.live && node.boxes.has(c as usize);
        let start = (space.slot(moved)?, space.slot(node.player)?);
        // states (box slot, player slot); parent index and the push that reached each
        let mut seen = vec![false; n * n];
        let mut states: Vec<(usize, usize, usize, Push)> = Vec::new();
        seen[start.0 * n + start.1] = true;
        let none = Push {
            from: NONE,
            dir: Dir::Left,
        };
        states.push((start.0, start.1, usize::MAX, none));
        let mut head = 0;
        while head < states.len() {
            let (b, p, _, _) = states[head];
            let boxed = space.walkable[b];
            let reach = space.reach(maze, &[p], |c| c == boxed || blocked(c));
            for dir in Dir::ALL {
                let to = maze.step(boxed, dir);
                let behind = maze.step(boxed, dir.opposite());
                if to == NONE
                    || to as usize >= maze.live
                    || !space.inside(to)
                    || blocked(to)
                    || !space.slot(behind).is_some_and(|s| reach[s])
                {
                    continue;
                }
                let (tb, tp) = (space.slot(to)?, b);
                if seen[tb * n + tp] {
                    continue;
                }
                seen[tb * n + tp] = true;
                states.push((tb, tp, head, Push { from: boxed, dir }));
                if target(to) {
                    return Some(unwind(&states, states.len() - 1));
                }
            }
            head += 1;
        }
        None
    }
}

/// The pushes leading to state `last`, in order.
fn unwind(states: &[(usize, usize, usize, Push)], mut last: usize) -> Vec<Push> {
    let mut pushes = Vec::new();
    while states[last].2 != usize::MAX {
        pushes.push(states[last].3);
        last = states[last].2;
    }
    pushes.reverse();
    pushes
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    /// A room of three goals below a gap in row 4, column 3.
    const ROOM: &str =
        "#######\n#     #\n# $$$ #\n#  @  #\n### ###\n#  . .#\n#     #\n#    .#\n#######";

    fn at(maze: &Maze, row: usize, col: usize) -> u16 {
        maze.index[row * 7 + col]
    }

    /// The node with boxes on `cells` (row, column) and the player on `player`.
    fn node(maze: &Maze, cells: &[(usize, usize)], player: (usize, usize)) -> Node<1> {
        let mut boxes = Bits::<1>::EMPTY;
        for &(r, c) in cells {
            boxes.insert(at(maze, r, c) as usize);
        }
        Node::new(maze, boxes, at(maze, player.0, player.1))
    }

    /// The cell of the box `route` moved from `moved`, and the pushes it added, replayed.
    fn routed(maze: &Maze, rooms: &GoalRooms, n: &Node<1>, moved: u16) -> Option<(u16, u32)> {
        let mut pushes = Vec::new();
        let (after, added) = rooms.route(maze, n, moved, Some(&mut pushes))?;
        assert_eq!(pushes.len() as u32, added);
        // the recorded pushes replay: each from the box's cell, the player able to get behind
        let mut at = *n;
        let mut cell = moved;
        for p in &pushes {
            assert_eq!(p.from, cell);
            cell = maze.step(p.from, p.dir);
            assert!(!at.boxes.has(cell as usize));
            at = at.pushed(maze, p.from, cell);
        }
        assert_eq!(at.boxes, after.boxes);
        Some((cell, added))
    }

    #[test]
    fn a_box_on_the_entrance_is_taken_to_the_goal_filled_next() {
        let level = parse_level(ROOM, None).unwrap();
        let maze = Maze::new(&level);
        let rooms = GoalRooms::new::<1>(
            &maze,
            &node(&maze, &[], (3, 3)).boxes,
            at(&maze, 3, 3),
            false,
        )
        .expect("a room with an order");
        assert_eq!(rooms.len(), 1);
        // the room is cut off by its first goal, (5, 3): a box pushed onto it from the gap
        // goes on to a deep goal, (5, 5) or (7, 5), by the fewest pushes (4)
        let entrance = at(&maze, 5, 3);
        let deep = [at(&maze, 5, 5), at(&maze, 7, 5)];
        let first = node(&maze, &[(5, 3), (2, 2), (2, 4)], (4, 3));
        let (cell, pushes) = routed(&maze, &rooms, &first, entrance).expect("a route");
        assert!(deep.contains(&cell) && pushes == 4, "{cell} {pushes}");
        // the second to the other deep goal, the first one standing in the room
        let other = deep[(cell == deep[0]) as usize];
        let mut second = node(&maze, &[(5, 3), (2, 4)], (4, 3));
        second.boxes.insert(cell as usize);
        assert_eq!(
            routed(&maze, &rooms, &second, entrance).map(|r| r.0),
            Some(other)
        );
        // the last stays on the entrance goal, which would have walled the others in
        let third = node(&maze, &[(5, 3), (5, 5), (7, 5)], (4, 3));
        assert_eq!(routed(&maze, &rooms, &third, entrance), None);
        // a box left out of order in the room: no macro, and the room's boxes may move
        let stray = node(&maze, &[(5, 3), (5, 4), (2, 4)], (4, 3));
        assert_eq!(routed(&maze, &rooms, &stray, entrance), None);
        assert_eq!(
            rooms.pushable(&maze, &stray.boxes, stray.boxes),
            stray.boxes
        );
        // in order, the packed boxes are not pushed
        let packed = node(&maze, &[(7, 5), (2, 2), (2, 4)], (3, 3));
        let mut expected = packed.boxes;
        expected.remove(at(&maze, 7, 5) as usize);
        assert_eq!(rooms.pushable(&maze, &packed.boxes, packed.boxes), expected);
        // a box pushed outside every room is left alone
        assert_eq!(routed(&maze, &rooms, &first, at(&maze, 2, 2)), None);
    }

    #[test]
    fn a_room_without_an_order_or_with_two_entrances_is_not_used() {
        // two goals beside the entrance wall in the third: no box reaches it, no order
        let jammed = "#######\n#     #\n# $$$ #\n#  @  #\n### ###\n  #..#\n  # .#\n  ####";
        let level = parse_level(jammed, None).unwrap();
        let maze = Maze::new(&level);
        let start = maze.boxes_of::<1>(&level.start).unwrap();
        assert!(GoalRooms::new(&maze, &start, maze.index[level.start.player], false).is_none());
        // the same goals reached through two gaps: no single entrance
        let open = "#######\n#     #\n# $$$ #\n#  @  #\n### # #\n#  . .#\n#    .#\n#######";
        let level = parse_level(open, None).unwrap();
        let maze = Maze::new(&level);
        let start = maze.boxes_of::<1>(&level.start).unwrap();
        assert!(GoalRooms::new(&maze, &start, maze.index[level.start.player], false).is_none());
    }

    #[test]
    fn a_box_entering_a_goal_area_of_several_entrances_goes_to_the_corner_first() {
        // four goals in the bottom-right corner, open above and on the left: the corner
        // goal is the only one whose box cannot be pulled out while the others are full
        let open = "########\n#      #\n# $$$$ #\n#      #\n#    ..#\n#@   ..#\n########";
        let level = parse_level(open, None).unwrap();
        let maze = Maze::new(&level);
        let start = maze.boxes_of::<1>(&level.start).unwrap();
        let player = maze.index[level.start.player];
        assert!(GoalRooms::new(&maze, &start, player, false).is_none());
        let rooms = GoalRooms::new(&maze, &start, player, true).expect("a goal area");
        assert_eq!((rooms.len(), rooms.with_several_entrances()), (1, 1));
        let cell = |r: usize, c: usize| maze.index[r * 8 + c];
        // a box just pushed down onto (4, 5) goes on to the corner by two pushes
        let mut boxes = Bits::<1>::EMPTY;
        for c in [cell(4, 5), cell(2, 2), cell(2, 3), cell(2, 4)] {
            boxes.insert(c as usize);
        }
        let pushed = Node::new(&maze, boxes, cell(3, 5));
        let (cell_at, added) = routed(&maze, &rooms, &pushed, cell(4, 5)).expect("a route");
        assert_eq!((cell_at, added), (cell(5, 6), 2));
        // with the corner full, the next box stays where it lands
        boxes.remove(cell(2, 4) as usize);
        boxes.insert(cell(5, 6) as usize);
        let second = Node::new(&maze, boxes, cell(3, 5));
        assert_eq!(routed(&maze, &rooms, &second, cell(4, 5)), None);
    }
}
