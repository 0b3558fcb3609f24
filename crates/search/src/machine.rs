//! How much memory this process may use, read from Linux's `/proc` and `/sys` (no extra
//! dependency): what the kernel says is available, the room left under the process's
//! control group limit, and the room left under its address-space limit (`ulimit -v`).
//! The default memory budget ([`default_budget`]) is a share of the smallest.
//!
//! On another system, or where nothing can be read, the room is unknown and the default
//! budget is none: searches then stop on their state caps, and an allocation the system
//! refuses still ends them (see [`crate::memory`]).

use std::fs;
use std::path::{Path, PathBuf};

/// The share of the room a default budget takes, in quarters: the rest is for what the
/// searches do not count (the program, its threads' stacks and the allocator's arenas, the
/// input and the output) and for other processes' growth.
pub const DEFAULT_QUARTERS: u64 = 3;

/// What is known of the memory this process may use, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Room {
    /// `MemAvailable` of `/proc/meminfo`: memory the kernel can give without swapping.
    pub available: Option<u64>,
    /// The room under the tightest memory limit of the process's control group and its
    /// ancestors (the limit less the usage, reclaimable file cache not counted as usage).
    pub cgroup: Option<u64>,
    /// The room under the address-space limit (`ulimit -v`): the limit less the address
    /// space the process has mapped already.
    pub address_space: Option<u64>,
}

impl Room {
    /// Reads the three figures of this process now.
    pub fn read() -> Room {
        Room {
            available: read("/proc/meminfo").and_then(|t| field_kib(&t, "MemAvailable:")),
            cgroup: cgroup_room(),
            address_space: address_space_room(),
        }
    }

    /// The smallest known figure, if any is known.
    pub fn least(&self) -> Option<u64> {
        [self.available, self.cgroup, self.address_space]
            .into_iter()
            .flatten()
            .min()
    }
}

/// The default memory budget of a solve: [`DEFAULT_QUARTERS`] quarters of the smallest
/// room known ([`Room::least`]), or none when nothing is known.
pub fn default_budget() -> Option<u64> {
    Room::read().least().map(share)
}

/// The process's resident memory (`VmRSS` of `/proc/self/status`), in bytes.
pub fn resident() -> Option<u64> {
    read("/proc/self/status").and_then(|t| field_kib(&t, "VmRSS:"))
}

/// [`DEFAULT_QUARTERS`] quarters of `room`.
pub fn share(room: u64) -> u64 {
    room / 4 * DEFAULT_QUARTERS
}

fn read(path: impl AsRef<Path>) -> Option<String> {
    fs::read_to_string(path).ok()
}

/// A `Name:   12345 kB` line of `/proc/meminfo` or `/proc/self/status`, in bytes.
fn field_kib(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The soft address-space limit of `/proc/self/limits`, in bytes (`None`: unlimited).
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn address_space_room() -> Option<u64> {
    let limit = address_space_limit(&read("/proc/self/limits")?)?;
    let mapped = read("/proc/self/status")
        .and_then(|t| field_kib(&t, "VmSize:"))
        .unwrap_or(0);
    Some(limit.saturating_sub(mapped))
}

/// A limit file's value: a number of bytes, or none for `max` (version 2) or a number too
/// large to be a real limit (version 1 writes "no limit" as nearly 2^63).
fn limit_value(text: &str) -> Option<u64> {
    let n: u64 = text.trim().parse().ok()?;
    (n < 1 << 60).then_some(n)
}

/// `inactive_file` of a `memory.stat`: file cache the kernel reclaims before it refuses.
fn inactive_file(stat: &str) -> u64 {
    stat.lines()
        .find_map(|l| l.strip_prefix("inactive_file "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// The memory controller's directory and the process's path in it, from `/proc/self/cgroup`:
/// version 2 (`0::/path`, under `/sys/fs/cgroup`) or version 1 (`N:memory:/path`, under
/// `/sys/fs/cgroup/memory`), with the names of its limit and usage files.
fn cgroup_dirs(cgroups: &str) -> Option<(PathBuf, &str, &str, &str)> {
    for line in cgroups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        if controllers.split(',').any(|c| c == "memory") {
            let dir = Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/'));
            return Some((dir, "memory.limit_in_bytes", "memory.usage_in_bytes", path));
        }
    }
    let path = cgroups.lines().find_map(|l| l.strip_prefix("0::"))?;
    let dir = Path::new("/sys/fs/cgroup").join(path.trim_start_matches('/'));
    Some((dir, "memory.max", "memory.current", path))
}

/// The tightest room over the process's control group and its ancestors, as far up as the
/// files can be read.
fn cgroup_room() -> Option<u64> {
    let cgroups = read("/proc/self/cgroup")?;
    let (leaf, limit_file, usage_file, path) = cgroup_dirs(&cgroups)?;
    let depth = Path::new(path).components().count();
    let mut room: Option<u64> = None;
    let mut dir = leaf.as_path();
    for _ in 0..depth.max(1) {
        if let Some(limit) = read(dir.join(limit_file)).and_then(|t| limit_value(&t)) {
            let usage: u64 = read(dir.join(usage_file))
                .and_then(|t| t.trim().parse().ok())
                .unwrap_or(0);
            let cache = read(dir.join("memory.stat")).map_or(0, |t| inactive_file(&t));
            let here = limit.saturating_sub(usage.saturating_sub(cache));
            room = Some(room.map_or(here, |r| r.min(here)));
        }
        match dir.parent() {
            Some(up) => dir = up,
            None => break,
        }
    }
    room
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_files_are_read_as_the_kernel_writes_them() {
        let meminfo = "MemTotal:       24569536 kB\nMemFree:        21000000 kB\n\
                       MemAvailable:   24120308 kB\n";
        assert_eq!(field_kib(meminfo, "MemAvailable:"), Some(24120308 * 1024));
        assert_eq!(field_kib(meminfo, "SwapTotal:"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max cpu time              unlimited            unlimited            seconds\n\
                      Max address space         20480000000          unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(20_480_000_000));
        let unlimited = limits.replace("20480000000 ", "unlimited   ");
        assert_eq!(address_space_limit(&unlimited), None);
        assert_eq!(limit_value("max\n"), None);
        assert_eq!(limit_value("9223372036854771712\n"), None);
        assert_eq!(limit_value("8589934592\n"), Some(8 << 30));
        assert_eq!(inactive_file("active_file 7\ninactive_file 4096\n"), 4096);
    }

    #[test]
    fn the_memory_controller_is_found_in_either_version() {
        let v1 = "4:memory:/process_api/96eca\n0::/\n";
        let (dir, limit, _, _) = cgroup_dirs(v1).unwrap();
        assert_eq!(dir, Path::new("/sys/fs/cgroup/memory/process_api/96eca"));
        assert_eq!(limit, "memory.limit_in_bytes");
        let v2 = "0::/user.slice/session-1.scope\n";
        let (dir, limit, usage, _) = cgroup_dirs(v2).unwrap();
        assert_eq!(dir, Path::new("/sys/fs/cgroup/user.slice/session-1.scope"));
        assert_eq!((limit, usage), ("memory.max", "memory.current"));
    }

    #[test]
    fn the_default_is_a_share_of_the_least_room() {
        let room = Room {
            available: Some(24 << 30),
            cgroup: None,
            address_space: Some(20 << 30),
        };
        assert_eq!(room.least(), Some(20 << 30));
        assert_eq!(share(20 << 30), 15 << 30);
        assert_eq!(Room::default().least(), None);
    }

    #[test]
    fn a_process_holds_some_memory() {
        // every process holds at least its code's pages; /proc is Linux's
        if cfg!(target_os = "linux") {
            assert!(resident().is_some_and(|b| b > 100 << 10));
        }
    }
}
