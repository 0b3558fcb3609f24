//! The process's allocator: the system's, except that an allocation the system refuses ends
//! the process with exit code 3 and one line on stderr, as every other limit does, instead of
//! Rust's "memory allocation failed" and an abort (signal 6, exit status 134).
//!
//! Searches grow their large buffers by fallible reservation within `--max-memory`
//! (`gridlock_search::memory`); a refusal there is left to the search, which stops with its
//! lower bound. This catches the rest: an allocation outside any search, or a machine that
//! ran out below the budget (another process took the memory, `ulimit -v` under the budget
//! given with `--max-memory`).
//!
//! Cost: one comparison of the returned pointer per allocation; the bench
//! `cargo bench -p gridlock --bench alloc` measures it against the system allocator.

use gridlock_search::memory::in_fallible_reservation;
use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, with a refused allocation turned into exit code 3.
pub struct ExitOnRefusal;

// SAFETY: every method forwards its arguments unchanged to `System`, which implements
// `GlobalAlloc` soundly, and returns what `System` returned, so each caller obligation
// (non-zero size, a pointer this allocator returned with that layout) is passed on intact
// and each guarantee `System` gives holds for our callers. The only addition runs when
// `System` returned null, and then either returns that null (a fallible reservation reports
// it) or ends the process without returning; it neither reads nor writes any memory handed
// out, and it does not allocate (see `refused`), so it cannot re-enter the allocator.
unsafe impl GlobalAlloc for ExitOnRefusal {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's obligations for `layout` are `System.alloc`'s.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            refused(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            refused(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` (every pointer this allocator hands out does),
        // with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and `new_size` meets `System.realloc`'s conditions
        // because the caller guarantees them to us.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            refused(new_size);
        }
        p
    }
}

/// The system refused `size` bytes: unless a fallible reservation asked (it reports the
/// refusal itself), say so on stderr and exit with code 3. Writes from the stack only:
/// formatting an integer into stderr allocates nothing.
#[cold]
fn refused(size: usize) {
    if in_fallible_reservation() {
        return;
    }
    eprintln!(
        "gridlock: error: out of memory: the system refused {size} bytes (the machine has no \
         more memory to give, or `ulimit -v` is below --max-memory)"
    );
    std::process::exit(3);
}
