"""Shared fixtures: the `gridlock` binary (the answers must equal its JSON) and the
repository's example files."""

from __future__ import annotations

import json
import os
import subprocess
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
