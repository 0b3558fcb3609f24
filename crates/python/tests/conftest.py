"""Shared fixtures: the `gridlock` binary (the answers must equal its JSON) and the
repository's example files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, List

import pytest

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "examples"


def _binary() -> Path:
    named = os.environ.get("GRIDLOCK_BIN")
    if named:
        return Path(named)
    return REPO / "target" / "release" / "gridlock"


class Cli:
    """Runs the `gridlock` binary."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def json(self, *args: str, stdin: str = "") -> Any:
        """The one JSON object a command prints with `--format json`."""
        done = subprocess.run(
            [str(self.path), *args, "--format", "json"],
            input=stdin.encode(),
            capture_output=True,
            check=True,
        )
        return json.loads(done.stdout)

    def lines(self, *args: str, stdin: str = "") -> List[Any]:
        """One JSON object per line (batch and generate)."""
        done = subprocess.run(
            [str(self.path), *args, "--format", "json"],
            input=stdin.encode(),
            capture_output=True,
            check=True,
        )
        return [json.loads(line) for line in done.stdout.decode().splitlines()]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = _binary()
    if not path.exists():
        pytest.skip(f"no gridlock binary at {path} (cargo build --release, or GRIDLOCK_BIN)")
    return Cli(path)


def example(*parts: str) -> str:
    """The text of a file under examples/."""
    return (EXAMPLES.joinpath(*parts)).read_text()


# The script of `interrupted`: makes the call given as its first argument, with the rest as
# `args`, and says whether Ctrl-C ended it from inside the call. Python leaves SIGINT
# ignored when it starts with it ignored (a test run started in the background of a shell
# without job control), so the script puts back the handler an interactive run has.
_CTRL_C = """
import signal, sys, gridlock
signal.signal(signal.SIGINT, signal.default_int_handler)
args = sys.argv[2:]
print("calling", flush=True)
try:
    eval(sys.argv[1])
except KeyboardInterrupt:
    print("interrupted in the call", flush=True)
    sys.exit(0)
print("finished?!", flush=True)
sys.exit(1)
"""


def interrupted(call: str, *args: str) -> None:
    """Runs `call` (Python, `args` its list of strings) in a child process, sends it SIGINT a
    second after it starts, and asserts that the call itself raised KeyboardInterrupt. The
    call must be one that would run for hours; the child gets far more than any load needs
    to stop (a hang guard, not a measure)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _CTRL_C, call, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "calling"
        # let the search start; a signal before the call would also raise, but outside it,
        # and the script would then not print "interrupted in the call"
        threading.Event().wait(1.0)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=600)
    finally:
        if child.poll() is None:
            child.kill()
    assert "interrupted in the call" in out, (out, err)
    assert child.returncode == 0
