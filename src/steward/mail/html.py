"""HTML to readable text with the standard library: tags dropped, blocks become line breaks,
entities decoded, script/style/head ignored."""

from __future__ import annotations

from html.parser import HTMLParser

_SKIP = {"script", "style", "head", "title", "noscript", "template", "svg"}
_BLOCK = {"p", "div", "br", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol",
          "section", "article", "header", "footer", "blockquote", "pre", "hr", "dl", "dt", "dd", "address",
          "main", "nav", "aside", "figure", "figcaption", "caption"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self._skip += 1
        elif tag in _BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """The readable text of an HTML document or fragment."""
    parser = _Text()
    try:
        parser.feed(html)
        parser.close()
    except AssertionError:  # the stdlib parser asserts on some malformed declarations
        pass
    lines = (" ".join(line.split()) for line in "".join(parser.parts).replace("\xa0", " ").splitlines())
    return "\n".join(line for line in lines if line)
