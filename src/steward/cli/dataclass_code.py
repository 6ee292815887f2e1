"""The methods `dataclasses` writes for each record type, compiled once and kept like byte-code.

Every record type in Steward is a frozen dataclass. Defining one, `dataclasses` writes the source of
its `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__` and compiles each
with `exec`, in every process, every time: a chat turn defines about ninety record types, and that
compiling was a quarter of its start (about 50 ms of 200). A command's process hands `dataclasses` an
`exec` that looks each source text up among the code kept from earlier runs and compiles only a text
it has not seen. The code is what `exec` would have compiled from that very text, so each type is the
same as it was; a changed type is a changed text, compiled anew.

The code is kept per module, beside its byte-code and named as it is: `reader/frame.py`'s types in
`reader/__pycache__/frame.cpython-311.dataclasses.marshal` (`marshal`'s form; under
`PYTHONPYCACHEPREFIX` when that is set, as the byte-code is), read when the module first makes a
type, written as the process ends when it compiled something new. Only Steward's own modules are
kept. As with byte-code, nothing is written when Python writes no byte-code (`PYTHONDONTWRITEBYTECODE`,
`-B`) or the folder cannot be written (an installed copy whose folders its user cannot write may set
`PYTHONPYCACHEPREFIX`).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from types import CodeType

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from typing import Any

# a module whose types are made differently from run to run keeps the texts of several runs, up to this
# many times the texts of one run
SPARE = 4


def kept_name(module_file: str) -> str:
    """Where the kept code of the module at `module_file` is: beside its byte-code, named as it is."""
    from importlib.util import cache_from_source

    return cache_from_source(module_file).removesuffix(".pyc") + ".dataclasses.marshal"


class KeptExec:
    """`exec` for `dataclasses`: a source text's code comes from its module's kept code, or is compiled."""

    def __init__(self) -> None:
        # by module file: the kept code objects (in marshal's form) by text, and the texts this run used
        self.kept: dict[str, dict[str, bytes]] = {}
        self.used: dict[str, set[str]] = {}
        self.new: set[str] = set()  # the module files with a text compiled in this run
        self.compiled = 0

    def __call__(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if type(source) is str:
            source = self.code(source, _steward_file(globals))
        exec(source, globals, locals)  # noqa: S102 (the text dataclasses wrote, as it would run it)

    def code(self, source: str, module_file: str | None) -> CodeType:
        """The code of `source` (written for a type of the module at `module_file`): kept, or compiled."""
        kept = self._kept(module_file) if module_file else None
        raw = kept.get(source) if kept is not None else None
        if raw is not None:
            with contextlib.suppress(EOFError, ValueError, TypeError):  # kept bytes that are not code
                code = marshal.loads(raw)
                if type(code) is CodeType:
                    self.used[module_file].add(source)  # type: ignore[index]  # kept: a module's
                    return code
        # what exec compiles from a text: the caller's (dataclasses') flags are none
        code = compile(source, "<string>", "exec", dont_inherit=True)
        self.compiled += 1
        if kept is not None and module_file:
            kept[source] = marshal.dumps(code)
            self.used[module_file].add(source)
            self.new.add(module_file)
        return code

    def _kept(self, module_file: str) -> dict[str, bytes]:
        if module_file not in self.kept:
            self.kept[module_file] = read_kept(module_file)
            self.used[module_file] = set()
        return self.kept[module_file]

    def write(self) -> None:
        """Keep what this run compiled, module by module."""
        for module_file in self.new:
            used, kept = self.used[module_file], self.kept[module_file]
            if len(kept) > SPARE * len(used):
                kept = {text: kept[text] for text in used}  # old texts of types since changed
            write_kept(module_file, kept)


def _steward_file(globals: Any) -> str | None:
    """The file of the Steward module whose namespace `globals` is, or None for any other (or when this
    Python keeps no byte-code anywhere)."""
    if not isinstance(globals, dict) or not str(globals.get("__name__", "")).startswith("steward."):
        return None
    if sys.implementation.cache_tag is None:
        return None
    where = globals.get("__file__")
    return where if isinstance(where, str) and where.endswith(".py") else None


def keep_dataclass_code() -> KeptExec | None:
    """Hand `dataclasses` the kept code (once per process); the KeptExec, or None when it has one."""
    import dataclasses

    if "exec" in vars(dataclasses):
        return None
    runner = KeptExec()
    dataclasses.exec = runner  # type: ignore[attr-defined]  # found before the builtin by dataclasses' own code
    if not sys.dont_write_bytecode:
        import atexit

        atexit.register(runner.write)
    return runner


def read_kept(module_file: str) -> dict[str, bytes]:
    """The kept code objects (in marshal's form) of a module by source text; none when there is no
    file, or one cut short or not ours."""
    try:
        with open(kept_name(module_file), "rb") as file:
            kept = marshal.loads(file.read())  # marshal.load reads a file in small pieces: slower
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_kept(module_file: str, kept: dict[str, bytes]) -> None:
    """Write a module's kept code, whole or not at all (a reader never sees half a file)."""
    where = kept_name(module_file)
    partial = f"{where}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(where), exist_ok=True)
        with open(partial, "wb") as out:
            out.write(marshal.dumps(kept))
        os.replace(partial, where)
    except (OSError, ValueError):  # a folder that cannot be written (an installed copy): compiled each run
        with contextlib.suppress(OSError):
            os.unlink(partial)
