//! Puzznic for the web player. Not in this build yet: both endpoints answer a clear JSON error.

use crate::{unavailable, Job, Reply};

/// Would solve a Puzznic board; this build has no Puzznic solver.
pub fn solve(job: Job) -> Reply {
    let _ = job;
    Err(unavailable("Puzznic"))
}

/// Would verify a Puzznic solution; this build has no Puzznic verifier.
pub fn verify(job: Job) -> Reply {
    let _ = job;
    Err(unavailable("Puzznic"))
}
