"""Local mail sources: find the messages under a path (mbox, Maildir, `.eml` files and folders) and
fetch one message's bytes again from its pointer.

`scan` is lazy about bytes: it lists pointers with a loader, so an import can skip what it already
has without reading it. A path that does not exist is a NotFound before anything is imported.
"""

from __future__ import annotations

import mmap
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from stat import S_ISREG

from steward.errors import NotFound, SourceGone, UsageError
from steward.records.mail import FileSource, GmailSource, ImapSource, MboxSource, Rejection, SourcePointer

# files that live in mail folders but are not messages (Dovecot/Courier bookkeeping)
_BOOKKEEPING = re.compile(r"^(dovecot|courier|maildirfolder$|maildirsize$|subscriptions$|\.)", re.I)
_INDEX_DIRS = {".notmuch", ".git", ".mu", "xapian"}
_FROM_LINE = re.compile(rb"^From ", re.M)
# an mbox starts with a From_ line: "From " and a sender token ("From  : x" is a broken header, not mbox)
_MBOX_HEAD = re.compile(rb"^From [^\s:]")
_ESCAPED_FROM = re.compile(rb"^>(>*From )", re.M)


@dataclass(frozen=True)
class Item:
    """One message found under a path: where it is, and how to read its bytes."""

    pointer: SourcePointer
    load: Callable[[], bytes]
    mtime: datetime | None = None


Found = Item | Rejection


def check_paths(paths: Sequence[str | Path]) -> list[Path]:
    """The paths as absolute Paths; one line for the first that does not exist or is not a file or folder."""
    out = []
    for raw in paths:
        if not str(raw).strip():  # Path("") is the current folder: an empty argument must not import it
            raise UsageError("an empty path was given; name a file or folder to import")
        path = Path(raw).expanduser()
        if not path.exists():
            raise NotFound(f"{raw}: no such file or folder")
        if not (path.is_dir() or path.is_file()):  # a FIFO or a device would block the import, not feed it
            raise UsageError(f"{raw}: not a file or folder; import mbox files, Maildirs or .eml files")
        out.append(path.absolute())
    return out


def scan(paths: Sequence[Path]) -> Iterator[Found]:
    """Every message under the paths, in a stable order; unreadable files come out as Rejections."""
    for path in paths:
        if path.is_dir():
            yield from _scan_dir(path)
        else:
            yield from _scan_file(path, in_maildir=False)


def _scan_dir(root: Path) -> Iterator[Found]:
    for folder, dirs, files in os.walk(root):
        # other tools' indexes live beside the mail (Maildir++ folders like .Sent are mail, kept)
        dirs[:] = sorted(d for d in dirs if d not in _INDEX_DIRS)
        base = os.path.basename(folder)
        # Maildir's tmp/ holds deliveries still being written: never read them
        if base == "tmp" and _is_maildir(os.path.dirname(folder)):
            dirs[:] = []
            continue
        in_maildir = base in ("cur", "new") and _is_maildir(os.path.dirname(folder))
        for name in sorted(files):
            if _BOOKKEEPING.match(name):
                continue
            yield from _scan_file(Path(folder) / name, in_maildir=in_maildir)


def _is_maildir(folder: str) -> bool:
    return os.path.isdir(os.path.join(folder, "cur")) and os.path.isdir(os.path.join(folder, "new"))


def _scan_file(path: Path, *, in_maildir: bool) -> Iterator[Found]:
    try:
        stat = path.stat()
        if not S_ISREG(stat.st_mode):  # a FIFO or socket in a mail folder would block the read forever
            yield Rejection("eml", _file_location(path), "not a regular file")
            return
        with path.open("rb") as handle:
            head = handle.read(64)
    except OSError as exc:
        yield Rejection("eml", _file_location(path), f"cannot read: {exc.strerror or exc}")
        return
    mtime = datetime.fromtimestamp(stat.st_mtime, UTC)
    if _MBOX_HEAD.match(head) and not in_maildir:
        yield from _scan_mbox(path)
        return
    pointer = FileSource(str(path), "maildir" if in_maildir else "eml")
    yield Item(pointer, lambda: path.read_bytes(), mtime)


def _file_location(path: Path) -> str:
    return FileSource(str(path)).location()


def _scan_mbox(path: Path) -> Iterator[Found]:
    """Each message of an mbox as (offset, length) of the bytes after its `From ` line."""
    try:
        with path.open("rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            starts = [m.start() for m in _FROM_LINE.finditer(data)]
            size = len(data)
            spans = []
            for i, start in enumerate(starts):
                end = starts[i + 1] if i + 1 < len(starts) else size
                body_start = data.find(b"\n", start, end)
                body_start = end if body_start < 0 else body_start + 1
                spans.append((body_start, end - body_start))
    except (OSError, ValueError) as exc:
        yield Rejection("mbox", _file_location(path), f"cannot read mbox: {exc}")
        return
    for offset, length in spans:
        pointer = MboxSource(str(path), offset, length)
        yield Item(pointer, _mbox_loader(pointer))


def _mbox_loader(pointer: MboxSource) -> Callable[[], bytes]:
    return lambda: read_mbox_span(pointer)


def read_mbox_span(pointer: MboxSource) -> bytes:
    """The message bytes at an mbox pointer, with `>From ` escapes undone."""
    with open(pointer.path, "rb") as handle:
        handle.seek(pointer.offset)
        data = handle.read(pointer.length)
    return _ESCAPED_FROM.sub(rb"\1", data)


# --- reading a message again -----------------------------------------------------------------------

# fetches a message that lives on a server (IMAP or Gmail) for `mail read`
ImapFetcher = Callable[[ImapSource | GmailSource], bytes]


def fetch_raw(pointer: SourcePointer, imap: ImapFetcher | None = None) -> bytes:
    """The current bytes of a message from its source; SourceGone when the source cannot give them."""
    if isinstance(pointer, ImapSource | GmailSource):
        if imap is None:
            raise SourceGone(f"no IMAP connection for account {pointer.account!r}; configure it or run `steward mail sync`")
        return imap(pointer)
    path = Path(pointer.path)
    regular = path.is_file()  # a FIFO now at that path would block the read forever: it is not the message
    if isinstance(pointer, MboxSource):
        try:
            if not regular:
                raise FileNotFoundError(pointer.path)
            return read_mbox_span(pointer)
        except OSError:
            raise SourceGone(f"{pointer.path} is gone (moved or deleted); import the mbox again") from None
    if regular:
        try:
            return path.read_bytes()
        except OSError:
            pass
    if pointer.kind == "maildir":
        moved = _find_in_maildir(path)
        if moved is not None:
            return moved.read_bytes()
    raise SourceGone(f"{pointer.path} is gone (moved or deleted); import the folder again")


def _find_in_maildir(path: Path) -> Path | None:
    """A Maildir message whose flags changed (renamed, or moved new/ -> cur/) keeps its unique part."""
    unique = path.name.split(":", 1)[0]
    root = path.parent.parent
    for sub in ("cur", "new"):
        folder = root / sub
        if not folder.is_dir():
            continue
        for candidate in folder.iterdir():
            if candidate.name.split(":", 1)[0] == unique:
                return candidate
    return None
