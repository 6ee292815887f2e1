"""Reading the YAML data files Steward ships (vocabulary, patterns, phrases, the router's exemplars).

PyYAML's own parser is written in Python; its libyaml one is about ten times faster on these files
(all of them: 0.13 s against 0.014 s of CPU), and a chat turn reads most of them before it answers. Both
give the same values (tests/test_yamldata.py reads every shipped file with each). Where PyYAML was built
without libyaml, the Python parser reads them. Errors are `yaml.YAMLError` either way.

Each text's parsed value is also kept, as Python keeps a module's byte-code: where this module's
byte-code is (the `__pycache__` folder beside it, or under `PYTHONPYCACHEPREFIX`), in `marshal`'s form,
named by the text's CRC-32 and length, and holding the text itself, so a kept value is used only for the very text it was read from (a changed file is read
again). The next process reads the value back in a fraction of a millisecond and loads no YAML parser
at all (importing PyYAML costs more than reading every file with libyaml). As with byte-code, nothing
is written when Python writes no byte-code (`PYTHONDONTWRITEBYTECODE`, `-B`) or the folder cannot be
written, and a value `marshal` cannot keep (a date) is read from the text every time.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys

from steward.errors import ConfigError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

KEPT: str | None = None  # where the parsed values are kept; None: beside this module's byte-code


def shipped_text(package: str, name: str) -> str:
    """The text of the data file `name` shipped in `package`, read from the folder beside its modules;
    through importlib.resources when the package is no folder (a zip). importlib.resources itself loads
    pathlib, tempfile and zipfile: more than reading the file."""
    import importlib

    module = sys.modules.get(package) or importlib.import_module(package)
    folder = os.path.dirname(getattr(module, "__file__", None) or "")
    if folder and os.path.isdir(folder):
        with open(os.path.join(folder, name), encoding="utf-8") as file:
            return file.read()
    from importlib import resources

    return (resources.files(package) / name).read_text(encoding="utf-8")


def load_yaml(text: str) -> Any:
    """The value of one YAML document, read as `yaml.safe_load` reads it (plain data, no tags)."""
    where = _kept_name(text)
    found, value = _read_kept(where, text)
    if found:
        return value
    import yaml

    value = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 (a safe loader)
    if not sys.dont_write_bytecode:
        _keep(where, text, value)
    return value


def read_data(package: str, name: str, path: Path | None = None) -> tuple[Any, str]:
    """The value of the data file `name` shipped in `package`, or of the file at `path` that stands in for it,
    and where it was read (`name`, or the path) for the errors that name it; a ConfigError that says where
    when the text is no valid YAML."""
    if path is None:
        text, where = shipped_text(package, name), name
    else:
        text, where = path.read_text(encoding="utf-8"), str(path)
    try:
        return load_yaml(text), where
    except _yaml_error() as exc:  # evaluated only when reading failed: PyYAML stays unloaded otherwise
        raise ConfigError(f"{where}: not valid YAML ({exc})") from None


def _yaml_error() -> type[Exception]:
    import yaml

    return yaml.YAMLError


def _kept_name(text: str) -> str:
    """Where the parsed value of `text` is kept: named by its CRC-32, its length and the interpreter."""
    import zlib

    data = text.encode("utf-8", "surrogatepass")
    return os.path.join(_kept_folder(), f"yamldata-{zlib.crc32(data):08x}-{len(data)}.{_TAG}.marshal")


_TAG = sys.implementation.cache_tag or "python"


def _kept_folder() -> str:
    if KEPT is not None:
        return KEPT
    if sys.implementation.cache_tag is None:  # no byte-code kept anywhere: nor the values
        return os.path.join(os.path.dirname(__file__), "__pycache__")
    from importlib.util import cache_from_source

    return os.path.dirname(cache_from_source(__file__))


def _read_kept(where: str, text: str) -> tuple[bool, Any]:
    """(True, the value) when `where` keeps the value of this very text, else (False, None)."""
    try:
        with open(where, "rb") as kept:
            read_from, value = marshal.loads(kept.read())  # marshal.load reads a file in small pieces
    except (OSError, EOFError, ValueError, TypeError):  # none kept yet, or a file cut short or not ours
        return False, None
    return (True, value) if read_from == text else (False, None)


def _keep(where: str, text: str, value: Any) -> None:
    """Write the value beside the byte-code, whole or not at all (a reader never sees half a file)."""
    try:
        data = marshal.dumps((text, value))
    except ValueError:  # a value marshal cannot write (a date): read from the text each time
        return
    partial = f"{where}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(where), exist_ok=True)
        with open(partial, "wb") as out:
            out.write(data)
        os.replace(partial, where)
    except OSError:  # a folder that cannot be written (an installed copy): read from the text each time
        with contextlib.suppress(OSError):
            os.unlink(partial)
