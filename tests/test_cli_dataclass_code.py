"""Record types made from kept code (steward.cli.dataclass_code): each check runs in fresh interpreters
sharing one folder for the kept code, and asks what a program would notice of the types made."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

RECORD = '''
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
a, b = Booking("Table at Nonna's"), Booking("Table at Nonna's")
try:
    a.seats = 4
    frozen = False
except FrozenInstanceError:
    frozen = True
print(a == b, hash(a) == hash(b), a != Booking("Table for two"), repr(Booking("x", 3)), frozen)
'''


def run(kept: Path, body: str, *, write: bool = True) -> list[str]:
    code = textwrap.dedent(f"""
        import sys
        sys.dont_write_bytecode = {not write}
        import steward.cli.dataclass_code as kept_code
        kept_code.KEPT = {str(kept)!r}
        runner = kept_code.keep_dataclass_code()
    """) + body + "\nprint('compiled', runner.compiled)\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip().splitlines()


def test_a_record_type_is_made_the_same_from_kept_code(tmp_path: Path) -> None:
    first = run(tmp_path, RECORD + CHECK)
    assert first[0] == "True True True Booking(title='x', seats=3, notes=(), tags=()) True"
    assert first[1] != "compiled 0" and len(list(tmp_path.iterdir())) == 1
    again = run(tmp_path, RECORD + CHECK)
    assert again == [first[0], "compiled 0"]


def test_a_changed_record_type_is_compiled_anew(tmp_path: Path) -> None:
    run(tmp_path, RECORD)
    changed = RECORD.replace("    seats: int = 2\n", "    seats: int = 2\n    place: str = 'Leith'\n")
    out = run(tmp_path, changed + "print(Booking('x'))\n")
    assert out[0] == "Booking(title='x', seats=2, place='Leith', notes=(), tags=())"
    assert out[1] != "compiled 0"


def test_a_kept_file_cut_short_or_not_code_is_compiled_again(tmp_path: Path) -> None:
    run(tmp_path, RECORD)
    (kept,) = tmp_path.iterdir()
    kept.write_bytes(kept.read_bytes()[:100])
    assert run(tmp_path, RECORD + CHECK)[0].startswith("True True True")
    import marshal

    texts = marshal.loads(kept.read_bytes())
    kept.write_bytes(marshal.dumps({text: b"not code" for text in texts}))
    out = run(tmp_path, RECORD + CHECK)
    assert out[0].startswith("True True True") and out[1] != "compiled 0"


def test_nothing_is_kept_when_python_writes_no_byte_code(tmp_path: Path) -> None:
    assert run(tmp_path, RECORD + CHECK, write=False)[0].startswith("True True True")
    assert list(tmp_path.iterdir()) == []
