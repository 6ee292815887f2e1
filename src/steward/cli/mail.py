"""`steward mail import | search | analyze | read`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from steward.cli.context import Commands, Ctx

if TYPE_CHECKING:
    from steward.mail.marks import RecheckReport


def register(commands: Commands) -> None:
    """Add `mail import | search | index | analyze | read | rejected` to the command line."""
    mail = commands.group("mail", "import, search, analyze and read your mail")
    p = mail.add("import", "import mbox files, Maildirs, .eml files or folders of them (idempotent)", cmd_import)
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--account", default="local", help="account name to file the messages under")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--words-only", action="store_true",
                   help="store the messages and stop: no vectors now (`steward mail index` or `steward serve` "
                        "adds them later)")

    p = mail.add("search", "search subject, sender and snippet (from: subject: after: before: \"phrases\")",
                 cmd_search)
    p.add_argument("query", nargs="+", metavar="QUERY")
    p.add_argument("--limit", type=int, default=None, help="most hits to show")
    p.add_argument("--mode", choices=("hybrid", "lexical", "semantic"), default=None,
                   help="lexical (FTS) only, semantic only, or both fused (default: hybrid when available)")
    p.add_argument("--explain", action="store_true",
                   help="show each hit's lexical rank, semantic rank and fused score")

    p = mail.add("index", "give every message a vector for semantic search, and re-embed vectors an older "
                 "embedder made (resumable; new mail gets one as it is imported)", cmd_index)
    p.add_argument("--rebuild", action="store_true", help="drop every vector and embed all messages again")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")

    p = mail.add("analyze", "which / how many / list all: every match grouped by sender", cmd_analyze)
    p.add_argument("query", nargs="+", metavar="QUERY")

    p = mail.add("read", "show a message, its body fetched live from the source", cmd_read)
    p.add_argument("id", type=int, metavar="ID")

    mail.add("rejected", "items imports could not take, and why", cmd_rejected)

    p = mail.add("recheck", "mark the stored mail again with the current rules (suspected phishing and the "
                 "other categories); the next import or sync does it too when the rules changed", cmd_recheck)
    p.add_argument("--sources", action="store_true",
                   help="read every message again from its file, Maildir or mbox (slower; finds what only the "
                        "headers, links and full text show)")


def cmd_import(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail import PATH...`: import mbox files, Maildirs and .eml files, with a progress bar."""
    from steward.cli.progress import Progress
    from steward.mail.ingest import catch_up_recent_words, ingest
    from steward.mail.marks import ensure_current, is_current
    from steward.mail.sources import check_paths, scan

    paths = check_paths(args.paths)
    found = list(scan(paths))
    progress = Progress("importing", enabled=not args.no_progress and len(found) > 200)
    conn = ctx.app.db
    classifier = ctx.app.mail_classifier
    if not is_current(conn, classifier):
        ctx.notice("the rules that mark mail changed: marking the stored mail again first")
    rechecked = ensure_current(conn, classifier)  # the stored mail first, if the rules changed
    # the rows first, at the word-search rate: every message is searchable by its words once they are in
    report = ingest(conn, found, account=args.account, snippet_chars=ctx.settings.as_int("mail.snippet_chars"),
                    on_batch=None, progress=progress, total=len(found),
                    workers=ctx.settings.as_int("mail.import_workers"), classifier=ctx.app.mail_classifier)
    progress.finish()
    _merge_after(ctx, report.added)
    catch_up_recent_words(conn)  # also after an import stopped earlier (a finished one has done it)
    embedded = 0 if args.words_only else _embed_new(ctx, args, bulk=len(found) > 200)
    data = {
        "added": report.added, "duplicates": report.duplicates, "skipped": report.skipped,
        "rejected": report.rejected, "embedded": embedded,
        "rechecked": rechecked.to_json() if rechecked is not None else None,
        "rejections": [{"kind": r.kind, "location": r.where(), "reason": r.reason} for r in report.rejections],
    }

    def text() -> str:
        lines = [f"imported {report.added} new message(s); {report.duplicates + report.skipped} already known; "
                 f"{report.rejected} rejected"]
        if embedded:
            lines.append(f"{embedded} message(s) made searchable by meaning")
        if rechecked is not None:
            lines.append(_recheck_line(rechecked))
        for r in report.rejections[:20]:
            lines.append(f"  rejected {r.where()}: {r.reason}")
        if report.rejected > 20:
            lines.append(f"  ... {report.rejected - 20} more (`steward mail rejected` lists them all)")
        return "\n".join(lines)

    ctx.emit(data, text)
    return 0


# an import that added this many messages, and at least a quarter of the store, merges the word index
MERGE_AFTER = 10_000


def _merge_after(ctx: Ctx, added: int) -> None:
    """After an import that added much of the store, merge its word index into one segment (common
    words then rank faster); a small import into a large store leaves that to FTS5's automerge."""
    from steward.store.messages import count_messages, merge_text_index

    if added < MERGE_AFTER or added * 4 < count_messages(ctx.app.db):
        return
    merge_text_index(ctx.app.db)


def _embed_new(ctx: Ctx, args: argparse.Namespace, bulk: bool) -> int:
    """Vectors for the messages that have none (this import's, and any an earlier one left), after the
    rows are in; resumable, since each batch commits. 0 when semantic search is off or has no model."""
    from steward.cli.progress import Progress
    from steward.search.semantic import backfill

    if ctx.app.mail_on_batch is None:  # off, or no model (which it has said once)
        return 0
    progress = Progress("embedding for search by meaning", enabled=not args.no_progress and bulk)
    report = backfill(ctx.app.db, ctx.app.embedder, progress=progress, refresh_stale=False)
    progress.finish()
    if report.indexed >= 1000:  # many new vectors: lay the saved partition over them now, not at a search
        ctx.app.mail_search.prepare_partition()
    return report.indexed


def cmd_recheck(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail recheck`: the stored mail marked again with the current rules."""
    from steward.mail.marks import recheck

    report = recheck(ctx.app.db, ctx.app.mail_classifier, sources=args.sources)
    ctx.emit(report.to_json(), lambda: _recheck_line(report))
    return 0


def _recheck_line(report: RecheckReport) -> str:
    """One line for a re-check's report."""
    said = [f"{report.marked} newly marked as suspected phishing", f"{report.cleared} mark(s) cleared"]
    if report.kept:
        said.append(f"{report.kept} mark(s) kept (only the mail's source could clear them, and it could not be read)")
    if report.recategorised:
        said.append(f"{report.recategorised} message(s) in another category")
    return f"marked {report.checked} stored message(s) again with the current rules: " + "; ".join(said)


def cmd_rejected(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail rejected`: the items imports could not take, and why."""
    from steward.store.messages import rejections

    rows = rejections(ctx.app.db)
    ctx.emit([{"kind": r.kind, "location": r.where(), "reason": r.reason} for r in rows],
             lambda: "\n".join(f"{r.where()}: {r.reason}" for r in rows) or "nothing rejected")
    return 0


def cmd_search(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail search QUERY`: the best matches (hybrid, lexical or semantic)."""
    from steward.cli.local import ask

    query = " ".join(word.strip() for word in args.query)  # see cli._protect_exclusions
    served = ask(ctx, "GET", "/mail/search", query={"q": query, "limit": args.limit, "mode": args.mode,
                                                    "explain": "true" if args.explain else None})
    if served is not None:
        ctx.emit(served, lambda: _search_text(ctx, served))
        return 0
    limit = args.limit if args.limit is not None else ctx.settings.as_int("mail.search_limit")
    result = ctx.app.mail_search.search(query, mode=args.mode, limit=limit, explain=args.explain)
    ctx.emit(result.to_json(), lambda: _search_text(ctx, result.to_json()))
    return 0


def cmd_index(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail index`: give every message a vector for semantic search."""
    from steward.cli.progress import Progress
    from steward.errors import UserError
    from steward.search.semantic import backfill

    if not ctx.settings.as_bool("semantic_search"):
        raise UserError("semantic search is turned off (semantic_search = 0); turn it on to build its index")
    progress = Progress("indexing", enabled=not args.no_progress)
    report = backfill(ctx.app.db, ctx.app.embedder, rebuild=args.rebuild, progress=progress)
    progress.finish()
    ctx.app.mail_search.prepare_partition()
    text = f"embedded {report.indexed} message(s); {report.total} of them now have a vector"
    if report.refreshed:
        made_by = ", ".join(name or "an embedder from before names were kept" for name in report.older)
        text += (f"\n({report.refreshed} of them replaced a vector that an older embedder made: {made_by}; "
                 "older vectors keep working in search until replaced)")
    ctx.emit({"indexed": report.indexed, "already": report.already, "total": report.total,
              "refreshed": report.refreshed, "older_embedders": list(report.older)}, text)
    return 0


def _search_text(ctx: Ctx, data: dict[str, Any]) -> str:
    hits = data["hits"]
    lines = []
    if data.get("matched") is False:
        # no word matched: say so first, then the closest in meaning (if any were close enough)
        return "\n".join([f"{data['note']}:" if hits else str(data["note"]), *(_hit_line(h) for h in hits)])
    if data.get("note"):
        lines.append(f"({data['note']})")
    if not hits:
        return "\n".join([*lines, f"no messages match {data['query']!r}"])
    if data["broadened"]:
        lines.append("(nothing matched every word; showing messages that match any of them)")
    lines += [_hit_line(h) for h in hits]
    return "\n".join(lines)


def _hit_line(h: dict[str, Any]) -> str:
    when = h["received_at"][:16].replace("T", " ")
    who = h["sender_name"] or h["sender"]
    line = f"{h['id']:>6}  {when}  {who[:28]:<28}  {h['subject'][:70]}"
    if h.get("category") == "phishing_suspect":
        line += "  [suspected phishing]"
    if "explain" in h:
        e = h["explain"]
        line += f"  [lexical {e['lexical_rank'] or '-'}, semantic {e['semantic_rank'] or '-'}, fused {e['fused']:.4f}]"
    return line


def cmd_analyze(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail analyze QUERY`: every match, grouped by sender."""
    query = " ".join(word.strip() for word in args.query)  # see cli._protect_exclusions
    result = ctx.app.mailbox.analyze(query, clock=ctx.clock)
    data = result.to_json()

    def text() -> str:
        if not result.total:
            return f"no messages match {query!r}"
        head = f"{result.total} message(s) from {len(result.groups)} sender(s) match {query!r}"
        if result.broadened:
            head += " (broadened: any of the words)"
        lines = [head]
        for g in data["groups"]:
            who = f"{g['sender_name']} <{g['sender']}>" if g["sender_name"] else g["sender"]
            lines.append(f"- {who}: {g['count']} ({g['first'][:10]} .. {g['last'][:10]}; {', '.join(g['categories'])})")
            for example in g["examples"]:
                lines.append(f"    {example}")
        return "\n".join(lines)

    ctx.emit(data, text)
    return 0


def cmd_read(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail read ID`: a message with its body fetched live from the source."""
    shown = ctx.app.mailbox.read(args.id, clock=ctx.clock)
    data = shown.to_json()

    def text() -> str:
        lines = [
            f"From:    {data['sender_name']} <{data['sender']}>" if data["sender_name"] else f"From:    {data['sender']}",
            f"Date:    {data['received_at']}",
            f"Subject: {data['subject']}",
        ]
        if data.get("phishing_suspect"):
            lines.append("WARNING: suspected phishing: " + "; ".join(data["warnings"])
                         + ". Do not click its links or reply with details.")
        if data["attachments"]:
            lines.append(f"Attachments: {', '.join(data['attachments'])}")
        lines += ["", data["body"]]
        return "\n".join(lines)

    ctx.emit(data, text)
    return 0
