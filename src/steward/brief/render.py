"""The brief as text (CLI, chat, console and desktop notifications), HTML (e-mail, the web page) and
JSON (`--json`, `GET /brief`). Pure: a `Brief` in, a string out."""

from __future__ import annotations

import html
import json

from steward.brief.model import Brief, Section

_WARN = ' class="warn"'


def heading(brief: Brief) -> str:
    """ "Your brief for Tue 1 Dec 2026"."""
    d = brief.date
    return f"Your brief for {d:%a} {d.day} {d:%b %Y}"


def _section_text(section: Section) -> list[str]:
    lines = [f"{section.title} ({section.subtitle})" if section.subtitle else section.title]
    if not section.items:
        lines.append(f"  {section.empty_reason or 'Nothing to show.'}")
    for item in section.items:
        lines.append(f"  {'!' if item.warn else '-'} {item.text}")
    return lines


def to_text(brief: Brief) -> str:
    """Every section in order: its title, then its items (or why it has none)."""
    lines = [heading(brief)]
    if not brief.sections:
        lines.append("Your brief has no sections; `steward brief config add schedule` puts one back.")
    for section in brief.sections:
        lines.append("")
        lines.extend(_section_text(section))
    return "\n".join(lines)


def to_html(brief: Brief, *, document: bool = True) -> str:
    """The brief as HTML: a whole document (e-mail), or the `<article>` alone (`document=False`)."""
    e = html.escape
    parts = [f'<article class="brief" data-date="{e(brief.date.isoformat())}">', f"<h2>{e(heading(brief))}</h2>"]
    for section in brief.sections:
        parts.append(f'<section class="brief-section" data-slot="{e(section.slot)}">')
        sub = f' <small class="options">{e(section.subtitle)}</small>' if section.subtitle else ""
        parts.append(f"<h3>{e(section.title)}{sub}</h3>")
        if section.items:
            parts.append("<ul>")
            parts.extend(f"<li{_WARN if item.warn else ''}>{e(item.text)}</li>" for item in section.items)
            parts.append("</ul>")
        else:
            parts.append(f'<p class="empty">{e(section.empty_reason or "Nothing to show.")}</p>')
        parts.append("</section>")
    parts.append("</article>")
    body = "\n".join(parts)
    if not document:
        return body
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{e(heading(brief))}</title></head><body>\n{body}\n</body></html>")


def to_json_text(brief: Brief) -> str:
    """The `--json` form (`{"date", "sections": [{"slot", "title", "items", "empty_reason"}], "prefs"}`)."""
    return json.dumps(brief.to_json(), ensure_ascii=False)
