//! Marks the browser tests (`tests/browser.rs`) ignored, with the reason, when chromium or
//! chromedriver is missing, so `cargo test` says "ignored, ..." instead of an `ok` that
//! tested nothing. `GRIDLOCK_REQUIRE_BROWSER=1` (CI) never ignores them: a missing browser is
//! then a failure. Cargo re-runs this when the paths' directories change (a browser
//! installed or removed) or the variables change; it watches directories, not the files,
//! because a missing file would make every build re-run it and rebuild the crate.

use std::path::{Path, PathBuf};

fn path_from(var: &str, default: &str) -> PathBuf {
    println!("cargo::rerun-if-env-changed={var}");
    std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(browser_missing)");
    println!("cargo::rerun-if-env-changed=GRIDLOCK_REQUIRE_BROWSER");
    let paths = [
        path_from("GRIDLOCK_CHROMEDRIVER", "/usr/bin/chromedriver"),
        path_from("GRIDLOCK_CHROMIUM", "/usr/bin/chromium"),
    ];
    for dir in paths.iter().filter_map(|p| p.parent()) {
        if dir.is_dir() {
            println!("cargo::rerun-if-changed={}", dir.display());
        }
    }
    let required = std::env::var_os("GRIDLOCK_REQUIRE_BROWSER").is_some();
    if !required && !paths.iter().all(|p| Path::new(p).exists()) {
        println!("cargo::rustc-cfg=browser_missing");
    }
}
