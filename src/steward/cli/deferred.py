"""Standard-library modules whose code runs when they are first used, not when they are imported.

`dataclasses` imports `inspect` (and with it `ast`, `dis`, `tokenize` and `linecache`: about a quarter
of a bare interpreter's start) and uses it only to write the signature of a record type that has no
docstring; it imports `copy` (and `weakref`) for `asdict` alone; `logging` imports `traceback` to print
an exception, which a command that logs none never does. PyYAML is imported for its error type by
the modules that read Steward's data files, whose values are kept parsed (`steward.yamldata`): loading
it (its reader compiles one large character class) costs more than a chat turn's whole reading. A command's process puts a stand-in for such a module in `sys.modules` before anything
imports it: `import inspect` then binds the stand-in, and the first name asked of it runs the real
module's code into that same object (so every holder of it sees the real module from then on).
"""

from __future__ import annotations

import _thread
import sys
from collections.abc import Callable, Mapping
from types import ModuleType

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from typing import Any

# what `dataclasses` imports and uses only for a record type without a docstring, or in `asdict`; what
# `logging` imports to print an exception (with `linecache`, `tokenize` and `textwrap`); and PyYAML,
# which the modules reading data files import for its error type, while the files' parsed values are
# read back from where `steward.yamldata` keeps them
DEFERRED = ("inspect", "copy", "traceback", "yaml")

_LOCK = _thread.RLock()  # two threads asking at once: one loads, the other waits for it
_THEN: dict[str, Callable[[ModuleType], object]] = {}  # what to do once a deferred module has run


class _Deferred(ModuleType):
    """A module whose code has not run yet: the first name asked of it runs it."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        with _LOCK:
            if type(self) is _Deferred and not self.__dict__.get("__deferred_running__"):
                self.__dict__["__deferred_running__"] = True  # a name asked while it runs is not there yet
                try:
                    self.__spec__.loader.exec_module(self)  # type: ignore[union-attr]
                    self.__class__ = ModuleType  # type: ignore[assignment]
                finally:
                    del self.__dict__["__deferred_running__"]
                then = _THEN.pop(self.__name__, None)
                if then is not None and type(self) is ModuleType:
                    then(self)
        if type(self) is ModuleType:
            return getattr(self, name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")


def defer(names: tuple[str, ...] = DEFERRED, then: Mapping[str, Callable[[ModuleType], object]] | None = None) -> None:
    """Put a stand-in for each of `names` (and of `then`'s) not yet imported into `sys.modules` (found
    where `import` would find it; a module that cannot be found is left to `import` to report). `then`
    says what to do with a module once it has run: at once for one already imported."""
    from importlib.machinery import PathFinder
    from importlib.util import module_from_spec

    for name, after in (then or {}).items():
        if name in sys.modules:
            after(sys.modules[name])
        else:
            _THEN[name] = after
    for name in (*names, *(then or {})):
        if name in sys.modules:
            continue
        spec = PathFinder.find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            continue
        module = module_from_spec(spec)
        module.__class__ = _Deferred
        sys.modules[name] = module
