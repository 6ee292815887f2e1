"""Record types made from kept code (steward.cli.dataclass_code): each check runs in fresh interpreters
that make the types of one module (a Steward module in a tmp folder, whose code is kept beside it) and
asks what a program would notice of the types made."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

RECORD = '''
from __future__ import annotations

from dataclasses import dataclass, field, FrozenInstanceError


@dataclass(frozen=True)
class Booking:
    """A record type as Steward writes them."""

    title: str
    seats: int = 2
    notes: tuple[str, ...] = ()
    tags: tuple[str, ...] = field(default_factory=tuple)
'''
CHECK = '''
Booking, FrozenInstanceError = module.Booking, module.FrozenInstanceError
a, b = Booking("Table at Nonna's"), Booking("Table at Nonna's")
try:
    a.seats = 4
    frozen = False
except FrozenInstanceError:
    frozen = True
print(a == b, hash(a) == hash(b), a != Booking("Table for two"), repr(Booking("x", 3)), frozen)
'''
SAME = "True True True Booking(title='x', seats=3, notes=(), tags=()) True"


def run(folder: Path, source: str, check: str = CHECK, *, write: bool = True, prefix: Path | None = None) -> list[str]:
    (folder / "booking.py").write_text(source, encoding="utf-8")
    code = textwrap.dedent(f"""
        import importlib.util, sys
        sys.dont_write_bytecode = {not write}
        sys.pycache_prefix = {None if prefix is None else str(prefix)!r}
        from steward.cli.dataclass_code import keep_dataclass_code
        runner = keep_dataclass_code()
        spec = importlib.util.spec_from_file_location("steward.kept_probe", {str(folder / "booking.py")!r})
        module = importlib.util.module_from_spec(spec)
        sys.modules["steward.kept_probe"] = module
        spec.loader.exec_module(module)
    """) + check + "\nprint('compiled', runner.compiled)\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip().splitlines()


def kept_files(folder: Path) -> list[str]:
    return sorted(p.name for p in (folder / "__pycache__").glob("*.dataclasses.*"))


def test_a_record_type_is_made_the_same_from_kept_code(tmp_path: Path) -> None:
    first = run(tmp_path, RECORD)
    assert first[0] == SAME and first[1] != "compiled 0"
    assert kept_files(tmp_path) == [f"booking.{sys.implementation.cache_tag}.dataclasses.marshal"]
    assert run(tmp_path, RECORD) == [SAME, "compiled 0"]


def test_a_changed_record_type_is_compiled_anew(tmp_path: Path) -> None:
    run(tmp_path, RECORD)
    changed = RECORD.replace("    seats: int = 2\n", "    seats: int = 2\n    place: str = 'Leith'\n")
    out = run(tmp_path, changed, "print(module.Booking('x'))\n")
    assert out[0] == "Booking(title='x', seats=2, place='Leith', notes=(), tags=())"
    assert out[1] != "compiled 0"
    assert run(tmp_path, changed, "print(module.Booking('x'))\n")[1] == "compiled 0"


def test_a_kept_file_cut_short_or_not_code_is_compiled_again(tmp_path: Path) -> None:
    import marshal

    run(tmp_path, RECORD)
    (kept,) = (tmp_path / "__pycache__").glob("*.dataclasses.*")
    kept.write_bytes(kept.read_bytes()[:100])
    assert run(tmp_path, RECORD)[0] == SAME
    texts = marshal.loads(kept.read_bytes())
    kept.write_bytes(marshal.dumps({text: b"not code" for text in texts}))
    out = run(tmp_path, RECORD)
    assert out[0] == SAME and out[1] != "compiled 0"


def test_nothing_is_kept_when_python_writes_no_byte_code(tmp_path: Path) -> None:
    assert run(tmp_path, RECORD, write=False)[0] == SAME
    assert kept_files(tmp_path) == []


def test_the_kept_code_goes_where_the_byte_code_goes(tmp_path: Path) -> None:
    # PYTHONPYCACHEPREFIX: byte-code in a tree of its own (an install whose folders cannot be written)
    module, prefix = tmp_path / "module", tmp_path / "prefix"
    module.mkdir()
    assert run(module, RECORD, prefix=prefix)[0] == SAME
    assert not (module / "__pycache__").exists()
    kept = list(prefix.rglob("*.dataclasses.marshal"))
    assert [p.name for p in kept] == [f"booking.{sys.implementation.cache_tag}.dataclasses.marshal"]
    assert run(module, RECORD, prefix=prefix) == [SAME, "compiled 0"]
