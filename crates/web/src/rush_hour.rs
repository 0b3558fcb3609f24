//! Rush Hour for the web player. Not in this build yet: both endpoints answer a clear JSON error.

use crate::{unavailable, Job, Reply};

/// Would solve a Rush Hour board; this build has no Rush Hour solver.
pub fn solve(job: Job) -> Reply {
    let _ = job;
    Err(unavailable("Rush Hour"))
}

/// Would verify a Rush Hour solution; this build has no Rush Hour verifier.
pub fn verify(job: Job) -> Reply {
    let _ = job;
    Err(unavailable("Rush Hour"))
}
