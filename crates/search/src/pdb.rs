//! Pattern databases: exact distances in an abstraction of a puzzle, computed once, stored
//! densely, saved to disk, and looked up as a lower bound.
//!
//! The puzzle describes the abstraction as a [`PatternSpace`]: a *placement* of the pattern's
//! pieces (the table's index, a perfect numbering `0..placements` the puzzle chooses), and a
//! few *slots* per placement (at most 64) that moves of pieces outside the pattern change at
//! no cost (for sliding tiles: the blank's cell among the cells the pattern leaves free).
//! [`build`] runs a 0-1 breadth-first search from the goal in layers of unit-cost moves:
//! the puzzle hands over each zero-cost closure whole (a slot mask), so a layer is a set of
//! closures and no zero-cost edge is ever walked by the engine. A table entry is the
//! fewest unit-cost moves that bring a placement home, over every slot: since moves outside
//! the pattern are free, the tables of disjoint patterns add up to a lower bound.
//!
//! Memory: the visited closures and two frontiers as bit masks of the smallest width that
//! holds the slots (8, 16, 32 or 64 bits a placement), plus one byte a placement for the
//! table, so 7 bytes a placement for 8 slots. Each layer scans the placements in parallel
//! (rayon), skipping blocks that hold no frontier.

use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{filled, Held};
use crate::stats::Stats;
use rayon::prelude::*;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::time::Instant;

/// An abstraction of a puzzle that [`build`] turns into a table.
///
/// Abstract states are pairs (placement, slot). Moves that change only the slot cost 0 and
/// are never given to the engine: the puzzle always hands over a slot's whole zero-cost
/// closure (the set of slots reachable from it at no cost) as a mask. Moves that change the
/// placement cost 1.
pub trait PatternSpace: Sync {
    /// How many placements there are: the table's length.
    fn placements(&self) -> u64;
    /// How many slots a placement has (1 to 64).
    fn slots(&self) -> u32;
    /// The goal's placement and the zero-cost closure of its slot.
    fn goal(&self) -> (u64, u64);
    /// Scratch each worker keeps between calls of [`PatternSpace::expand`] (which come in
    /// increasing order of placement within a block), e.g. the last placement decoded, so
    /// the next one is found by counting on rather than by dividing.
    type Cursor: Default;
    /// For `placement` and `frontier`, a union of its zero-cost closures, hands every
    /// unit-cost move out of them to `visit`: the placement it leads to and the zero-cost
    /// closure (a slot mask of that placement) of the slot it ends in. Computing a closure
    /// can cost more than the rest; [`Visit::seen`] says first whether it is needed.
    fn expand<V: Visit>(
        &self,
        cursor: &mut Self::Cursor,
        placement: u64,
        frontier: u64,
        visit: &mut V,
    );
}

/// What [`PatternSpace::expand`] reports its moves to.
pub trait Visit {
    /// True when the closure holding `slot` of `placement` has been reached already, so the
    /// move can be dropped without computing its closure.
    fn seen(&mut self, placement: u64, slot: u32) -> bool;
    /// A move into `closure` (a slot mask) of `placement`.
    fn reach(&mut self, placement: u64, closure: u64);
}

/// Largest table [`build`] accepts, in placements (two 8-tile patterns of the 15-puzzle fit
/// with room to spare; 9 tiles, 4.2 × 10⁹ placements, do not).
pub const MAX_PLACEMENTS: u64 = 1 << 31;

/// Entry value of a placement the search never reached (another parity class, say).
pub const UNREACHED: u8 = u8::MAX;

/// A finished table: one distance per placement, packed four bits each when every distance
/// is below 15, else a byte each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternTable {
    bits: u8,
    len: u64,
    max: u8,
    data: Vec<u8>,
}

impl PatternTable {
    /// The distance of `placement` ([`UNREACHED`] if the search never got there).
    #[inline]
    pub fn get(&self, placement: usize) -> u8 {
        if self.bits == 8 {
            self.data[placement]
        } else {
            let v = (self.data[placement >> 1] >> ((placement & 1) * 4)) & 15;
            if v == 15 {
                UNREACHED
            } else {
                v
            }
        }
    }

    /// Number of entries.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True for a table of no entries (never built by [`build`]).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bits per entry: 4 or 8.
    #[cfg(test)]
    fn bits(&self) -> u8 {
        self.bits
    }

    /// The largest distance in the table.
    pub fn max(&self) -> u8 {
        self.max
    }

    /// Bytes the entries take in memory (and on disk, after the header).
    pub fn bytes(&self) -> usize {
        self.data.len()
    }

    /// How many placements lie at each distance, from 0 to [`PatternTable::max`].
    pub fn histogram(&self) -> Vec<u64> {
        let mut counts = vec![0u64; self.max as usize + 1];
        for i in 0..self.len as usize {
            let v = self.get(i);
            if v != UNREACHED {
                counts[v as usize] += 1;
            }
        }
        counts
    }

    fn from_bytes(values: Vec<u8>, max: u8) -> Self {
        let len = values.len() as u64;
        if max >= 15 {
            return PatternTable {
                bits: 8,
                len,
                max,
                data: values,
            };
        }
        let data = values
            .chunks(2)
            .map(|pair| {
                let nibble = |v: u8| if v == UNREACHED { 15 } else { v };
                nibble(pair[0]) | pair.get(1).map_or(0, |&v| nibble(v) << 4)
            })
            .collect();
        PatternTable {
            bits: 4,
            len,
            max,
            data,
        }
    }
}

/// What [`build`] reports after each layer: the distance just completed and how many
/// zero-cost closures it holds.
pub type Progress<'a> = &'a (dyn Fn(u32, u64) + Sync);

/// Placements per block of a layer scan: the unit of parallel work and of skipping.
const BLOCK_BITS: u32 = 14;

/// Builds the table of `space` by 0-1 breadth-first search from its goal.
///
/// `limits.max_states` caps the placements (a table is allocated whole, so the cap is
/// checked before anything is); the memory budget is checked before each of the build's
/// arrays is allocated (all of them are allocated before the search starts, by fallible
/// reservation); the deadline and the cancel flag are looked at between blocks. Returns the table and the work done (`expanded`: closures expanded, `generated`:
/// moves handed over by the puzzle).
pub fn build<S: PatternSpace>(
    space: &S,
    limits: &Limits,
    progress: Progress,
) -> Result<(PatternTable, Stats), Stopped> {
    let clock = Instant::now();
    let n = space.placements();
    let too_big = |max: usize| Stopped {
        reason: StopReason::StateLimit(max),
        stats: Stats::default(),
        lower_bound: None,
    };
    if n > MAX_PLACEMENTS {
        return Err(too_big(MAX_PLACEMENTS as usize));
    }
    limits.check_states(n as usize).map_err(|reason| Stopped {
        reason,
        stats: Stats::default(),
        lower_bound: None,
    })?;
    let slots = space.slots();
    assert!((1..=64).contains(&slots), "1 to 64 slots, not {slots}");
    let result = match slots {
        0..=8 => layers::<S, 8>(space, limits, progress),
        9..=16 => layers::<S, 16>(space, limits, progress),
        17..=32 => layers::<S, 32>(space, limits, progress),
        _ => layers::<S, 64>(space, limits, progress),
    };
    let (values, max, mut stats) = result?;
    stats.elapsed = clock.elapsed();
    Ok((PatternTable::from_bytes(values, max), stats))
}

/// One slot mask of `W` bits per placement, packed into atomic 64-bit words, so that a
/// layer scan skips 64 / `W` placements at a time where there is no frontier.
struct Masks<const W: u32> {
    words: Vec<AtomicU64>,
}

impl<const W: u32> Masks<W> {
    /// Placements per word.
    const PER: usize = (64 / W) as usize;
    const LANE: u64 = if W == 64 { u64::MAX } else { (1 << W) - 1 };

    /// Masks of `n` placements, all empty, allocated within the budget (`held`: bytes the
    /// build holds already, counted up).
    fn new(n: usize, held: &mut u64, limits: &Limits) -> Result<Self, StopReason> {
        let words = filled(n.div_ceil(Self::PER), || AtomicU64::new(0), *held, limits)?;
        *held += words.held();
        Ok(Masks { words })
    }

    #[inline]
    fn get(&self, p: usize) -> u64 {
        let shift = (p % Self::PER) as u32 * W;
        (self.words[p / Self::PER].load(Ordering::Relaxed) >> shift) & Self::LANE
    }

    /// Adds `bits` to placement `p`'s mask; returns the mask before.
    #[inline]
    fn or(&self, p: usize, bits: u64) -> u64 {
        let shift = (p % Self::PER) as u32 * W;
        let old = self.words[p / Self::PER].fetch_or(bits << shift, Ordering::Relaxed);
        (old >> shift) & Self::LANE
    }
}

/// Per-thread counts of one layer.
#[derive(Default, Clone, Copy)]
struct Counts {
    expanded: u64,
    generated: u64,
    reached: u64,
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts {
            expanded: self.expanded + o.expanded,
            generated: self.generated + o.generated,
            reached: self.reached + o.reached,
        }
    }
}

type Layers = (Vec<u8>, u8, Stats);

fn layers<S: PatternSpace, const W: u32>(
    space: &S,
    limits: &Limits,
    progress: Progress,
) -> Result<Layers, Stopped> {
    let n = space.placements() as usize;
    let blocks = n.div_ceil(1 << BLOCK_BITS);
    let mut stats = Stats::default();
    let mut held = 0u64;
    let arrays = allocate::<W>(n, blocks, &mut held, limits).map_err(|reason| {
        let mut stats = Stats::default();
        stats.hold_bytes(held);
        Stopped {
            reason,
            stats,
            lower_bound: None,
        }
    })?;
    let (visited, frontiers, busy, table) = arrays;
    stats.hold_states(n);
    stats.hold_bytes(held);
    let (goal, closure) = space.goal();
    visited.or(goal as usize, closure);
    frontiers[0].or(goal as usize, closure);
    busy[0][goal as usize >> BLOCK_BITS].store(true, Ordering::Relaxed);
    table[goal as usize].store(0, Ordering::Relaxed);
    let mut depth = 0u32;
    progress(0, 1);
    loop {
        let (now, next) = (depth as usize % 2, (depth as usize + 1) % 2);
        if depth + 1 >= UNREACHED as u32 {
            panic!(
                "pattern distances above {} do not fit a byte",
                UNREACHED - 1
            );
        }
        let stop = AtomicBool::new(false);
        let value = depth as u8 + 1;
        let counts = (0..blocks)
            .into_par_iter()
            .filter(|&b| busy[now][b].swap(false, Ordering::Relaxed))
            .map(|b| {
                if stop.load(Ordering::Relaxed) || limits.check_clock().is_err() {
                    stop.store(true, Ordering::Relaxed);
                    return Counts::default();
                }
                let mut cursor = S::Cursor::default();
                let mut visit = Layer {
                    visited: &visited,
                    next: &frontiers[next],
                    busy: &busy[next],
                    table: &table,
                    value,
                    counts: Counts::default(),
                };
                let per = Masks::<W>::PER;
                let words = &frontiers[now].words;
                let start = (b << BLOCK_BITS) / per;
                let end = words.len().min(start + (1 << BLOCK_BITS) / per);
                for (w, word) in words[start..end].iter().enumerate() {
                    // this layer's frontier: no thread writes it during the scan
                    let mut x = word.load(Ordering::Relaxed);
                    if x == 0 {
                        continue;
                    }
                    word.store(0, Ordering::Relaxed);
                    let first = (start + w) * per;
                    for lane in 0..per {
                        let f = x & Masks::<W>::LANE;
                        x = x.checked_shr(W).unwrap_or(0);
                        if f != 0 {
                            visit.counts.expanded += 1;
                            space.expand(&mut cursor, (first + lane) as u64, f, &mut visit);
                        }
                    }
                }
                visit.counts
            })
            .reduce(Counts::default, |a, b| a + b);
        stats.expanded += counts.expanded;
        stats.generated += counts.generated;
        if stop.load(Ordering::Relaxed) {
            let reason = limits.check_clock().err().unwrap_or(StopReason::Cancelled);
            return Err(Stopped {
                reason,
                stats,
                lower_bound: None,
            });
        }
        if counts.reached == 0 {
            break;
        }
        depth += 1;
        progress(depth, counts.reached);
    }
    drop(visited);
    drop(frontiers);
    let values: Vec<u8> = table.into_iter().map(AtomicU8::into_inner).collect();
    Ok((values, depth as u8, stats))
}

/// The engine's side of one layer's moves: marks new closures visited, in the next
/// frontier and (for a placement's first) in the table.
struct Layer<'a, const W: u32> {
    visited: &'a Masks<W>,
    next: &'a Masks<W>,
    busy: &'a [AtomicBool],
    table: &'a [AtomicU8],
    value: u8,
    counts: Counts,
}

impl<const W: u32> Visit for Layer<'_, W> {
    #[inline]
    fn seen(&mut self, placement: u64, slot: u32) -> bool {
        self.counts.generated += 1;
        let seen = self.visited.get(placement as usize) & (1 << slot) != 0;
        // a move that is not seen is counted again by `reach`
        self.counts.generated -= !seen as u64;
        seen
    }

    #[inline]
    fn reach(&mut self, placement: u64, closure: u64) {
        self.counts.generated += 1;
        let q = placement as usize;
        if self.visited.get(q) & closure != 0 {
            return;
        }
        let old = self.visited.or(q, closure);
        if old & closure != 0 {
            return; // another thread got there first
        }
        self.counts.reached += 1;
        self.next.or(q, closure);
        let flag = &self.busy[q >> BLOCK_BITS];
        if !flag.load(Ordering::Relaxed) {
            flag.store(true, Ordering::Relaxed);
        }
        if old == 0 {
            self.table[q].store(self.value, Ordering::Relaxed);
        }
    }
}

/// The build's arrays: visited closures, two frontiers, two sets of busy-block flags and
/// the table, each allocated within the budget; `held` counts them up.
type Arrays<const W: u32> = (Masks<W>, [Masks<W>; 2], [Vec<AtomicBool>; 2], Vec<AtomicU8>);

fn allocate<const W: u32>(
    n: usize,
    blocks: usize,
    held: &mut u64,
    limits: &Limits,
) -> Result<Arrays<W>, StopReason> {
    // the peak: the finished table packs itself into half a byte an entry after the masks
    // (at least a byte a placement) are dropped
    let visited = Masks::<W>::new(n, held, limits)?;
    let frontiers = [
        Masks::<W>::new(n, held, limits)?,
        Masks::<W>::new(n, held, limits)?,
    ];
    let mut flags = || -> Result<Vec<AtomicBool>, StopReason> {
        let v = filled(blocks, || AtomicBool::new(false), *held, limits)?;
        *held += v.held();
        Ok(v)
    };
    let busy = [flags()?, flags()?];
    let table = filled(n, || AtomicU8::new(UNREACHED), *held, limits)?;
    *held += table.held();
    Ok((visited, frontiers, busy, table))
}

/// Why a table file was not used.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// No file (or it could not be read).
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a table of what was asked for, or is damaged.
    #[error("{path}: {why}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong: another key, a truncated payload, a checksum mismatch.
        why: String,
    },
}

impl LoadError {
    /// The failure to read `path`, for `map_err`.
    fn io(path: &Path) -> impl Fn(std::io::Error) -> LoadError + Copy + '_ {
        move |source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// `path` is not the table asked for (`why`), for `map_err` and early returns.
    fn invalid(path: &Path) -> impl Fn(String) -> LoadError + Copy + '_ {
        move |why| LoadError::Invalid {
            path: path.to_path_buf(),
            why,
        }
    }
}

/// First bytes of every table file.
const MAGIC: &str = "gridlock pattern database";
/// Version of the file layout; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;

/// Writes `table` to `path` with a header naming `key` (whatever identifies the table to its
/// puzzle: shape, goal, pattern) and a CRC-32 of the entries.
///
/// The file is written under a temporary name in the same directory and renamed into place,
/// so a reader (another process) sees either no file or a whole one, and two processes
/// building the same table at once both leave a whole file.
pub fn save(table: &PatternTable, key: &str, path: &Path) -> std::io::Result<()> {
    assert!(!key.contains('\n'), "a key is one line");
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!(
        "tmp.{}.{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    let header = format!(
        "{MAGIC}\nversion {FORMAT_VERSION}\nkey {key}\nbits {}\nentries {}\nmax {}\nbytes {}\ncrc32 {:08x}\n\n",
        table.bits,
        table.len,
        table.max,
        table.data.len(),
        crc32fast::hash(&table.data)
    );
    let written = (|| {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        file.write_all(header.as_bytes())?;
        file.write_all(&table.data)?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()
    })();
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// What a table file's header says.
struct Header {
    bits: u8,
    len: u64,
    max: u8,
    bytes: u64,
    crc: String,
    /// Length of the header itself.
    size: u64,
}

fn read_header(
    file: &mut impl Read,
    path: &Path,
    key: &str,
    entries: Option<u64>,
) -> Result<Header, LoadError> {
    let io = LoadError::io(path);
    let invalid = LoadError::invalid(path);
    let mut header = Vec::new();
    // the header is a few lines; read it byte-wise up to the blank line, at most 4 KiB
    let mut byte = [0u8; 1];
    while !header.ends_with(b"\n\n") {
        if header.len() > 4096 {
            return Err(invalid("no header".into()));
        }
        match file.read(&mut byte).map_err(io)? {
            0 => return Err(invalid("truncated header".into())),
            _ => header.push(byte[0]),
        }
    }
    let size = header.len() as u64;
    let header = String::from_utf8(header).map_err(|_| invalid("header is not text".into()))?;
    let mut lines = header.lines();
    if lines.next() != Some(MAGIC) {
        return Err(invalid("not a gridlock pattern database".into()));
    }
    let mut field = |name: &str| -> Result<String, LoadError> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .and_then(|l| l.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| invalid(format!("header lacks `{name}`")))
    };
    let number = |text: String, name: &str| -> Result<u64, LoadError> {
        text.parse()
            .map_err(|_| invalid(format!("bad `{name}`: {text}")))
    };
    let version = number(field("version")?, "version")?;
    if version != FORMAT_VERSION as u64 {
        return Err(invalid(format!(
            "format version {version}, expected {FORMAT_VERSION}"
        )));
    }
    let found_key = field("key")?;
    if found_key != key {
        return Err(invalid(format!("table of `{found_key}`, expected `{key}`")));
    }
    let bits = number(field("bits")?, "bits")?;
    let len = number(field("entries")?, "entries")?;
    let max = number(field("max")?, "max")?;
    let bytes = number(field("bytes")?, "bytes")?;
    let crc = field("crc32")?;
    let expected_bytes = if bits == 8 { len } else { len.div_ceil(2) };
    let entries = entries.unwrap_or(len);
    if len != entries || !(bits == 4 || bits == 8) || bytes != expected_bytes || max >= 255 {
        return Err(invalid(format!(
            "{len} entries of {bits} bits in {bytes} bytes, expected {entries} entries"
        )));
    }
    if (bits == 4) != (max < 15) {
        return Err(invalid(format!("{bits}-bit entries with maximum {max}")));
    }
    Ok(Header {
        bits: bits as u8,
        len,
        max: max as u8,
        bytes,
        crc,
        size,
    })
}

/// Checks the header of the table at `path` against `key`, and the file's length against
/// the header, without reading the entries: is a whole table of `key` probably there?
pub fn peek(path: &Path, key: &str) -> Result<(), LoadError> {
    let io = LoadError::io(path);
    let mut file = std::io::BufReader::new(std::fs::File::open(path).map_err(io)?);
    let header = read_header(&mut file, path, key, None)?;
    let length = std::fs::metadata(path).map_err(io)?.len();
    if length != header.size + header.bytes {
        return Err(LoadError::Invalid {
            path: path.to_path_buf(),
            why: format!(
                "{length} bytes, the header promises {}",
                header.size + header.bytes
            ),
        });
    }
    Ok(())
}

/// Reads the table at `path`, checking everything the header promises: the format version,
/// `key`, `entries` (the number of placements the caller expects), the payload's length and
/// its checksum. Any mismatch is an error, so the caller rebuilds instead of trusting it.
pub fn load(path: &Path, key: &str, entries: u64) -> Result<PatternTable, LoadError> {
    let io = LoadError::io(path);
    let invalid = LoadError::invalid(path);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let header = {
        let mut reader = std::io::BufReader::new(&mut file);
        let header = read_header(&mut reader, path, key, Some(entries))?;
        // the buffered reader read ahead: go back to the entries' first byte
        drop(reader);
        header
    };
    use std::io::Seek;
    file.seek(std::io::SeekFrom::Start(header.size))
        .map_err(io)?;
    let mut data = vec![0u8; header.bytes as usize];
    file.read_exact(&mut data)
        .map_err(|_| invalid("truncated entries".into()))?;
    let mut byte = [0u8; 1];
    if file.read(&mut byte).map_err(io)? != 0 {
        return Err(invalid("bytes after the entries".into()));
    }
    let actual = format!("{:08x}", crc32fast::hash(&data));
    if actual != header.crc {
        return Err(invalid(format!(
            "checksum {actual}, header says {}: the file is damaged",
            header.crc
        )));
    }
    Ok(PatternTable {
        bits: header.bits,
        len: header.len,
        max: header.max,
        data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token on a ring of `n` cells: the pattern is the token's cell (unit moves: one cell
    /// either way); slots 0..3 form one zero-cost closure, slot 3 is never reached.
    struct Ring {
        n: u64,
    }

    impl PatternSpace for Ring {
        fn placements(&self) -> u64 {
            self.n
        }
        fn slots(&self) -> u32 {
            4
        }
        fn goal(&self) -> (u64, u64) {
            (0, 0b0111)
        }
        type Cursor = ();
        fn expand<V: Visit>(&self, _: &mut (), p: u64, frontier: u64, visit: &mut V) {
            if frontier & 0b0111 != 0 {
                visit.reach((p + 1) % self.n, 0b0111);
                if !visit.seen((p + self.n - 1) % self.n, 1) {
                    visit.reach((p + self.n - 1) % self.n, 0b0111);
                }
            }
        }
    }

    #[test]
    fn distances_on_a_ring() {
        let (table, stats) = build(&Ring { n: 9 }, &Limits::none(), &|_, _| {}).unwrap();
        let got: Vec<u8> = (0..9).map(|i| table.get(i)).collect();
        assert_eq!(got, [0, 1, 2, 3, 4, 4, 3, 2, 1]);
        assert_eq!((table.bits(), table.max()), (4, 4));
        assert_eq!(table.histogram(), [1, 2, 2, 2, 2]);
        assert_eq!(stats.expanded, 9);
    }

    #[test]
    fn wide_tables_use_bytes_and_survive_a_round_trip() {
        let (table, _) = build(&Ring { n: 41 }, &Limits::none(), &|_, _| {}).unwrap();
        assert_eq!((table.bits(), table.max()), (8, 20));
        let dir = std::env::temp_dir().join(format!("gridlock-pdb-test-{}", std::process::id()));
        let path = dir.join("ring.pdb");
        save(&table, "ring 41", &path).unwrap();
        assert_eq!(load(&path, "ring 41", 41).unwrap(), table);
        assert!(load(&path, "ring 42", 41).is_err());
        assert!(load(&path, "ring 41", 42).is_err());
        assert!(peek(&path, "ring 41").is_ok() && peek(&path, "ring 4").is_err());
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = load(&path, "ring 41", 41).unwrap_err().to_string();
        assert!(e.contains("checksum"), "{e}");
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        let e = load(&path, "ring 41", 41).unwrap_err().to_string();
        assert!(e.contains("truncated"), "{e}");
        assert!(peek(&path, "ring 41").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_cap_is_checked_before_allocating() {
        let e = build(&Ring { n: 1000 }, &Limits::states(999), &|_, _| {}).unwrap_err();
        assert_eq!(e.reason, StopReason::StateLimit(999));
    }
}
