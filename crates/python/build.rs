//! Marks the Python suite (`tests/pytest.rs`) ignored, with the reason, when the interpreter
//! lacks maturin or pytest, so `cargo test` says "ignored, ..." instead of an `ok` that
//! tested nothing. `GRIDLOCK_REQUIRE_PYTHON=1` (CI) never ignores it: missing tools are then a
//! failure. Cargo re-runs this when the variables change or the interpreter's site-packages
//! folder does (a package installed or removed).

use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(python_tools_missing)");
    println!("cargo::rerun-if-env-changed=GRIDLOCK_REQUIRE_PYTHON");
    println!("cargo::rerun-if-env-changed=GRIDLOCK_PYTHON");
    println!("cargo::rerun-if-changed=build.rs");
    let python = std::env::var("GRIDLOCK_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let probe = Command::new(&python)
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib']); import maturin, pytest",
        ])
        .output();
    if let Ok(out) = &probe {
        if let Some(site) = String::from_utf8_lossy(&out.stdout).lines().next() {
            if std::path::Path::new(site).is_dir() {
                println!("cargo::rerun-if-changed={site}");
            }
        }
    }
    let present = probe.is_ok_and(|o| o.status.success());
    let required =
        std::env::var("GRIDLOCK_REQUIRE_PYTHON").is_ok_and(|v| !v.is_empty() && v != "0");
    if !present && !required {
        println!("cargo::rustc-cfg=python_tools_missing");
    }
}
