"""The methods `dataclasses` writes for each record type, compiled once and kept like byte-code.

Every record type in Steward is a frozen dataclass. Defining one, `dataclasses` writes the source of
its `__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__` and compiles each
with `exec`, in every process, every time: a chat turn defines about ninety record types, and that
compiling was a quarter of its start (about 50 ms of 200). A command's process hands `dataclasses` an
`exec` that looks the source text up among the code objects kept from earlier runs (in `marshal`'s
form, in the `__pycache__` folder beside Steward's modules, named for the interpreter) and compiles
only a text it has not seen. The code is what `exec` would have compiled from that very text, so each
type is the same as it was; a changed type is a changed text, compiled anew. As with byte-code,
nothing is written when Python writes no byte-code (`PYTHONDONTWRITEBYTECODE`, `-B`) or the folder
cannot be written.
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

KEPT = os.path.join(os.path.dirname(os.path.dirname(__file__)), "__pycache__")
# more kept texts than the record types of every command together: old ones are dropped
LIMIT = 4000


def kept_name() -> str:
    """The kept code's file: one per interpreter and optimisation level (as byte-code has)."""
    tag = sys.implementation.cache_tag or "python"
    return os.path.join(KEPT, f"dataclass-code.{tag}.opt{sys.flags.optimize}.marshal")


class KeptExec:
    """`exec` for `dataclasses`: a source text's code comes from the kept ones, or is compiled and kept."""

    def __init__(self, kept: dict[str, bytes]) -> None:
        self.kept = kept  # each code object in marshal's form: a command reads back only its own types'
        self.used: set[str] = set()
        self.compiled = 0

    def __call__(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if type(source) is str:
            source = self.code(source)
        exec(source, globals, locals)  # noqa: S102 (the text dataclasses wrote, as it would run it)

    def code(self, source: str) -> CodeType:
        """The code of `source`: the kept one, else compiled (and kept)."""
        self.used.add(source)
        raw = self.kept.get(source)
        if raw is not None:
            with contextlib.suppress(EOFError, ValueError, TypeError):  # one that is not code: compiled
                code = marshal.loads(raw)
                if type(code) is CodeType:
                    return code
        # what exec compiles from a text: the caller's (dataclasses') flags are none
        code = compile(source, "<string>", "exec", dont_inherit=True)
        self.kept[source] = marshal.dumps(code)
        self.compiled += 1
        return code


def keep_dataclass_code() -> KeptExec | None:
    """Hand `dataclasses` the kept code (once per process); the KeptExec, or None when it has one."""
    import dataclasses

    if "exec" in vars(dataclasses):
        return None
    runner = KeptExec(read_kept())
    dataclasses.exec = runner  # type: ignore[attr-defined]  # found before the builtin by dataclasses' own code
    if not sys.dont_write_bytecode:
        import atexit

        atexit.register(write_kept, runner)
    return runner


def read_kept() -> dict[str, bytes]:
    """The kept code objects (in marshal's form) by source text; none when there is no file, or one cut
    short or not ours."""
    try:
        with open(kept_name(), "rb") as file:
            kept = marshal.loads(file.read())  # marshal.load reads a file in small pieces: slower
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_kept(runner: KeptExec) -> None:
    """Add what this process compiled to the kept code, whole or not at all (a reader never sees half
    a file); over LIMIT texts, what this process used is kept alone."""
    if not runner.compiled:
        return
    merged = {**read_kept(), **runner.kept}
    if len(merged) > LIMIT:
        merged = {text: runner.kept[text] for text in runner.used}
    where = kept_name()
    partial = f"{where}.{os.getpid()}.tmp"
    try:
        os.makedirs(KEPT, exist_ok=True)
        with open(partial, "wb") as out:
            out.write(marshal.dumps(merged))
        os.replace(partial, where)
    except (OSError, ValueError):  # a folder that cannot be written (an installed copy): compiled each run
        with contextlib.suppress(OSError):
            os.unlink(partial)
