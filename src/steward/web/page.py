"""The web page at `/`: server-rendered HTML; `static/app.js` streams the chat and fills the panels."""

from __future__ import annotations

import html
from importlib import resources
from string import Template

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from steward import __version__
from steward.web.runtime import Runtime

router = APIRouter()

# The page loads nothing from elsewhere and runs only our own script.
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}


def _template() -> Template:
    text = (resources.files("steward.web") / "templates" / "index.html").read_text(encoding="utf-8")
    return Template(text)


def render_page(runtime: Runtime) -> str:
    """The page for the user's clock: today's date and zone are in the HTML before any script runs."""
    clock = runtime.now_clock()
    now = clock.now()
    return _template().substitute(
        version=html.escape(__version__),
        today_long=html.escape(clock.formats.day_long(now.date())),
        today_iso=html.escape(now.date().isoformat()),
        now_iso=html.escape(now.isoformat()),
        zone=html.escape(clock.zone_label),
        zone_key=html.escape(clock.zone_name),
        locale=html.escape(clock.locale.replace("_", "-")),  # the page writes its own times this way too
    )


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def index(request: Request) -> HTMLResponse:
    """The chat page."""
    runtime: Runtime = request.app.state.runtime
    return HTMLResponse(render_page(runtime), headers=SECURITY_HEADERS)
