"""The objects gridlock's functions return: a JSON object's fields as attributes."""

from __future__ import annotations

import copy
from typing import Any, Dict, Iterator, Optional


class Result:
    """An answer of the library: the fields of the command line's ``--format json`` object
    (same names, same values) as read-only attributes, and :meth:`to_dict` for the object
    itself. Subclasses only name the fields, for type checkers and ``help()``."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Dict[str, Any]) -> None:
        object.__setattr__(self, "_fields", fields)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r}; its fields: "
                f"{', '.join(self._fields)}"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __dir__(self) -> Iterator[str]:  # type: ignore[override]
        return iter(sorted(set(super().__dir__()) | set(self._fields)))

    def to_dict(self) -> Dict[str, Any]:
        """The object as a dict (a copy): what ``--format json`` prints, parsed."""
        return copy.deepcopy(self._fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return type(self) is type(other) and self._fields == other._fields

    def __hash__(self) -> int:
        raise TypeError(f"unhashable type: {type(self).__name__!r}")

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in list(self._fields.items())[:6])
        more = ", ..." if len(self._fields) > 6 else ""
        return f"{type(self).__name__}({shown}{more})"

    def __reduce__(self) -> Any:
        return (type(self), (self._fields,))


class Verdict(Result):
    """What ``verify`` says about a solution: the fields of the library's verdict object
    (``puzzle``, ``valid``, ``optimal``, the solution's ``length`` and ``lengths``,
    ``problem`` (``{line, reason}`` or None) and ``report``, exactly what ``gridlock
    verify`` prints), with ``reason`` and ``line`` of the problem also as attributes (None
    for a valid solution)."""

    __slots__ = ()

    puzzle: str
    valid: bool
    problem: Optional[Dict[str, Any]]
    reason: Optional[str]
    line: Optional[int]
    optimal: Optional[bool]
    report: str
