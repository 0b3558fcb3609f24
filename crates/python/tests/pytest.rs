//! Runs the Python package's pytest suite (`crates/python/tests/test_*.py`) as part of
//! `cargo test --workspace`, so the README's one test command covers the Python API too.
//!
//! Steps: build and install the package the way a user does (`pip install crates/python`,
//! here without build isolation and into a folder under `target/`, so no network is needed
//! and nothing is installed on the machine), build the `gridlock` binary the suite compares
//! answers with, and run pytest with both on hand.
//!
//! It needs Python 3 with `maturin` and `pytest` (`python3 -m pip install maturin pytest`;
//! `$GRIDLOCK_PYTHON` picks the interpreter). Without them at build time the test is
//! reported `ignored` with the reason (`build.rs`), as the browser tests are without
//! chromium, unless `GRIDLOCK_REQUIRE_PYTHON=1` (CI sets it), which makes their absence a
//! failure.

use std::path::{Path, PathBuf};
use std::process::Command;

fn python() -> String {
    std::env::var("GRIDLOCK_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// True when the interpreter runs and has maturin and pytest.
fn tools_present(python: &str) -> Result<(), String> {
    let probe = Command::new(python)
        .args(["-c", "import maturin, pytest"])
        .output()
        .map_err(|e| format!("cannot run `{python}`: {e}"))?;
    if probe.status.success() {
        Ok(())
    } else {
        Err(format!(
            "`{python}` lacks maturin or pytest ({}); install them with `{python} -m pip \
             install maturin pytest`",
            String::from_utf8_lossy(&probe.stderr).trim()
        ))
    }
}

fn run(what: &str, command: &mut Command) {
    eprintln!("pytest.rs: {what}: {command:?}");
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(status.success(), "{what} failed ({status})");
}

/// The workspace's target directory and the profile this test was built with.
fn target_and_profile() -> (PathBuf, &'static str) {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/pytest-<hash>
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let target = profile_dir.parent().expect("target").to_path_buf();
    let profile = if profile_dir.ends_with("release") {
        "release"
    } else {
        "dev"
    };
    (target, profile)
}

#[test]
#[cfg_attr(
    python_tools_missing,
    ignore = "python3 lacked maturin or pytest at build time: python3 -m pip install maturin pytest (docs/python.md)"
)]
fn python_suite() {
    let python = python();
    if let Err(why) = tools_present(&python) {
        panic!("the Python tests cannot run: {why}");
    }
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (target, profile) = target_and_profile();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());

    // the binary whose JSON the suite compares with, in this test's profile
    let mut build = Command::new(&cargo);
    build.args([
        "build",
        "--bin",
        "gridlock",
        "-p",
        "gridlock",
        "--profile",
        profile,
    ]);
    run("building the gridlock binary", &mut build);
    let bin_dir = if profile == "dev" { "debug" } else { profile };
    let binary = target.join(bin_dir).join("gridlock");

    // `pip install crates/python`, into a folder of its own
    let site = target.join("python-tests").join("site");
    if site.exists() {
        std::fs::remove_dir_all(&site).expect("clear the previous install");
    }
    let mut install = Command::new(&python);
    install
        .args(["-m", "pip", "install", "--quiet", "--no-build-isolation"])
        .args([
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            "--target",
        ])
        .arg(&site)
        .arg(&crate_dir)
        .env("CARGO_TARGET_DIR", &target);
    run(
        "installing the package (pip install crates/python)",
        &mut install,
    );

    let mut pytest = Command::new(&python);
    pytest
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir.join("tests"))
        .env("PYTHONPATH", &site)
        .env("GRIDLOCK_BIN", &binary)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(&crate_dir);
    run("the Python test suite (pytest)", &mut pytest);
}
