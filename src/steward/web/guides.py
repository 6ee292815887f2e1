"""`GET /guides/` and `GET /guides/NAME`: Steward's own guides (the `docs/` folder, shipped in the package
as `steward/guides`), read-only, as pages.

The page links to them (the offline answer's "Models guide", the footer), so a person reads how to
connect a model on the machine that runs Steward, offline too. Only a plain file name directly in the
folder is served (`models.md`, `page-1280.png`): no sub-folder, no dot-file, nothing a link can climb
out of. A guide is Markdown drawn as HTML by markdown-it-py with raw HTML switched off, so a guide's
text is shown, never run; the page's own stylesheet and security headers apply.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from steward.errors import NotFound
from steward.web.page import SECURITY_HEADERS

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

router = APIRouter(tags=["guides"])

# a guide's file name: lower-case words joined by hyphens, then .md or .png
GUIDE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}\.(?:md|png)")


def guides_dir() -> Path | None:
    """The guides shipped with the package (`steward/guides`: in a source tree a link to `docs/`, in an
    installed wheel a copy of it); None when this copy has none."""
    folder = Path(str(resources.files("steward"))) / "guides"
    return folder if folder.is_dir() else None


def guide_file(name: str, folder: Path | None = None) -> Path:
    """The guide called `name`, or NotFound: only a plain name of a file directly in the folder."""
    folder = guides_dir() if folder is None else folder
    if folder is None:
        raise NotFound("the guides are not installed with this copy of Steward")
    if not GUIDE_NAME.fullmatch(name):
        raise NotFound(f"no guide called {name!r}")
    path = folder / name
    if not path.is_file() or path.resolve().parent != folder.resolve():
        raise NotFound(f"no guide called {name!r}")
    return path


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def _title(text: str, fallback: str) -> str:
    first = next((line for line in text.splitlines() if line.startswith("# ")), "")
    return first[2:].strip() or fallback


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{html.escape(title)} · Steward</title>\n"
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n<body class="guide-page">\n'
        '<header class="top"><a class="brand" href="/"><span class="dot" aria-hidden="true"></span>Steward</a>'
        '<nav aria-label="Guides"><a href="/guides/">All guides</a></nav></header>\n'
        f'<main class="guide">\n{body}\n</main>\n</body>\n</html>\n'
    )


def render_guide(path: Path) -> str:
    """A guide's Markdown as a whole HTML page (raw HTML in the guide is shown as text)."""
    text = path.read_text(encoding="utf-8")
    return _page(_title(text, path.stem), _markdown().render(text))


def render_index(folder: Path | None = None) -> str:
    """Every guide by its title, in the order of their names."""
    folder = guides_dir() if folder is None else folder
    if folder is None:
        raise NotFound("the guides are not installed with this copy of Steward")
    rows = []
    for path in sorted(folder.glob("*.md")):
        if GUIDE_NAME.fullmatch(path.name):
            title = _title(path.read_text(encoding="utf-8"), path.stem)
            rows.append(f'<li><a href="/guides/{path.name}">{html.escape(title)}</a></li>')
    return _page("Guides", "<h1>Guides</h1>\n<ul>\n" + "\n".join(rows) + "\n</ul>")


@router.get("/guides/", response_class=HTMLResponse, include_in_schema=False)
async def guide_index() -> HTMLResponse:
    """The list of guides."""
    return HTMLResponse(render_index(), headers=SECURITY_HEADERS)


@router.get("/guides/{name}", include_in_schema=False, response_model=None)
async def guide(name: str) -> HTMLResponse | FileResponse:
    """One guide as a page, or a picture a guide shows."""
    path = guide_file(name)
    if path.suffix == ".png":
        return FileResponse(path, media_type="image/png", headers={"x-content-type-options": "nosniff"})
    return HTMLResponse(render_guide(path), headers=SECURITY_HEADERS)
