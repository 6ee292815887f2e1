"""Search at scale: stores of 100k, 300k and 1M sample messages, beside notmuch on the same Maildir.

    .venv/bin/python bench/scale.py [--sizes 100000,300000,1000000] [--cache ~/.cache/steward-bench]
                                    [--real 3000] [--rebuild]
    .venv/bin/python bench/scale.py --vectors-only 1000000     # the vector index alone, no store
    .venv/bin/python bench/scale.py --sizes 1000000 --shapes   # filters beside words, exclusions

For each size, a Maildir of that many sample messages (distinct texts: the generator's amounts, dates,
merchants and names vary) is written once and cached outside the repository, with the store built from
it. Building measures, in the same run: `steward mail import`'s word phase (rows and FTS, what the
command returns at) and `notmuch new` on the same Maildir. Embedding every message is the slow part of a
real mailbox and would take hours here, so `--real` messages are embedded for real (the index msg/s
figure) and every other message gets a near copy of one of those vectors (cosine about 0.86 to it), as
bench/serve.py does: a search does all its work over vectors with a real neighbourhood structure.

Semantic and hybrid search are timed twice: "a new query" empties the cache of query vectors
before each search (the query is embedded, as the first time it is asked), "asked again" keeps it.
Each run then loads the store in a fresh App, as `steward serve` does, builds the vector partition,
and prints one table: lexical / semantic / hybrid p50 and p95 (query embedding included), recall@10 of
the approximate index against exact search over the same vectors, resident memory of the index, the
store's file size, and `notmuch search` p50 / p95 (a process per query, as a user runs it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile  # noqa: E402

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
SEARCHES = ["statement", "payment due", "from:kaveribank.in", "credit card", "dinner saturday",
            '"received your payment"', "transaction alert", "appointment rescheduled", "subject:receipt order",
            "autopay after:2026-08-01", "any pending payments?", "tooth doctor", "money spent on my cards",
            "help moving house", "what do I owe"]
NOTMUCH_SEARCHES = ["statement", "payment and due", "from:kaveribank.in", "credit and card", "dinner and saturday",
                    '"received your payment"', "transaction and alert", "subject:receipt and order"]
RECALL_QUERIES = 200
ANALYZE = ["statement", "from:kaveribank.in", "payment due", "receipt", "autopay after:2026-08-01"]
# `--shapes`: filters on the rows beside words, and exclusions (each a new query)
SHAPES = ["payment from:kaveribank.in", "order subject:receipt category:receipt", "order subject:receipt after:2025-01-01",
          "dinner saturday category:personal", "appointment rescheduled after:2025-01-01", "order -subject:receipt",
          "statement -from:kaveribank.in", "credit card -payment", "order -subject:receipt after:2025-01-01",
          "card before:2020-01-01", "from:kaveribank.in after:2026-10-01", "transaction alert after:2026-10-25",
          "payment category:appointment", "order category:newsletter", "card before:2026-06-01",
          "card payment after:2026-09-01", "money owed from:kaveribank.in after:2026-08-01"]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def make_app(home: Path):  # type: ignore[no-untyped-def]
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    env = {"STEWARD_HOME": str(home), "STEWARD_SEMANTIC_SEARCH": "1"}
    if os.environ.get("STEWARD_EMBED_CACHE_DIR"):
        env["STEWARD_EMBED_CACHE_DIR"] = os.environ["STEWARD_EMBED_CACHE_DIR"]
    return build_app(load(environ=env), make_clock("Asia/Kolkata", NOW), resolve_paths(environ=env))


def notmuch_env(maildir: Path, work: Path) -> dict[str, str] | None:
    if shutil.which("notmuch") is None:
        return None
    work.mkdir(parents=True, exist_ok=True)
    config = work / "notmuch-config"
    (work / "db").mkdir(exist_ok=True)
    config.write_text(f"[database]\npath={maildir}\nmail_root={maildir}\n\n[new]\ntags=unread;inbox;\n"
                      f"[user]\nname=Bench\nprimary_email=bench@example.com\n")
    return {**os.environ, "NOTMUCH_CONFIG": str(config), "NOTMUCH_DATABASE": str(work / "db")}


STAGES = ("maildir", "notmuch", "import", "vectors")


def code_version() -> str:
    """The commit the working tree is at, with "+changes" when src/ differs from it: what built a stage."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=root, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def child_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def build(size: int, folder: Path, real: int, *, distinct: bool, redo: str | None = None,
          stop_after: str = "vectors", together: bool = False) -> dict:
    """Build the cached store in stages, each recorded in meta.json with what built it: write the Maildir,
    run notmuch new on it (timed), import it (timed), give every message a vector. A stage already
    recorded is reused (its inputs are checked); `redo` builds that stage and every later one again.
    `together` runs notmuch new and the import at the same time (each under the other's load: their CPU
    times compare as they are; it saves the shorter one's wall time on a large store)."""
    from steward.sample import generate, write_maildir

    meta_file = folder / "meta.json"
    meta: dict = json.loads(meta_file.read_text()) if meta_file.exists() else {}
    if meta and "stages" not in meta:  # built before stages were recorded: from the default texts
        meta["stages"] = {"maildir": {"inputs": {"count": size, "seed": 11, "days": max(90, size // 300),
                                                 "distinct": False}, "code": "unrecorded"}}
        if "notmuch_new_s" in meta:
            meta["stages"]["notmuch"] = {"seconds": meta["notmuch_new_s"], "version": "unrecorded"}
        if "import_s" in meta:
            meta["stages"]["import"] = {"seconds": meta["import_s"], "code": "unrecorded"}
        if "built" in meta:
            meta["stages"]["vectors"] = {"code": "unrecorded"}
    stages = meta.setdefault("stages", {})
    if redo is not None:
        for stage in STAGES[STAGES.index(redo):]:
            stages.pop(stage, None)
    want = {"count": size, "seed": 11, "days": max(90, size // 300), "distinct": distinct}
    if stages.get("maildir", {}).get("inputs") != want:
        stages.clear()
    if "vectors" not in stages:
        meta.pop("built", None)  # not measurable until every stage is done again

    def save() -> None:
        folder.mkdir(parents=True, exist_ok=True)
        meta_file.write_text(json.dumps(meta, indent=1))

    maildir = folder / "Maildir"
    if "maildir" not in stages:
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        t0 = time.perf_counter()
        write_maildir(generate(NOW, seed=want["seed"], count=size, days=want["days"], distinct=distinct), maildir)
        stages["maildir"] = {"inputs": want, "code": code_version(), "seconds": time.perf_counter() - t0,
                             "at": time.time()}
        meta.update(stages=stages)
        save()
        print(f"  wrote a Maildir of {size:,} messages in {stages['maildir']['seconds']:.0f} s", flush=True)
    if stop_after == "maildir":
        return meta
    env = notmuch_env(maildir, folder / "notmuch")
    runner: threading.Thread | None = None
    alongside = together and "import" not in stages and stop_after != "notmuch"
    if "notmuch" not in stages and env is not None:
        shutil.rmtree(folder / "notmuch" / "db", ignore_errors=True)
        env = notmuch_env(maildir, folder / "notmuch")

        def run_notmuch() -> None:
            version = subprocess.run(["notmuch", "--version"], capture_output=True, text=True).stdout.strip()
            load, t0 = os.getloadavg()[0], time.perf_counter()
            child = subprocess.Popen(["notmuch", "new", "--quiet"], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            _, status, used = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode:
                raise RuntimeError(f"notmuch new failed ({child.returncode})")
            stages["notmuch"] = {"version": version, "seconds": time.perf_counter() - t0,
                                 "cpu_s": used.ru_utime + used.ru_stime, "load_before": load,
                                 "load_after": os.getloadavg()[0], "at": time.time(), "with_import": alongside}
            meta["notmuch_new_s"] = stages["notmuch"]["seconds"]
            print(f"  notmuch new: {meta['notmuch_new_s']:.0f} s (cpu {stages['notmuch']['cpu_s']:.0f} s)",
                  flush=True)

        if alongside:
            runner = threading.Thread(target=run_notmuch)
            runner.start()
        else:
            run_notmuch()
            save()
    if stop_after == "notmuch":
        return meta
    if "import" not in stages:
        import_words(folder, maildir, meta, beside=runner)
        stages.pop("vectors", None)
        if runner is not None:
            runner.join()
            if "notmuch" not in stages:
                raise RuntimeError("notmuch new failed")
        save()
    if stop_after == "import":
        return meta
    if "vectors" not in stages:
        app = make_app(folder / "home")
        t0 = time.perf_counter()
        meta["index_rate"] = embed_vectors(app, real)
        app.close()
        stages["vectors"] = {"code": code_version(), "real": real, "seconds": time.perf_counter() - t0,
                             "at": time.time()}
        meta["built"] = time.time()
        save()
    return meta


def import_words(folder: Path, maildir: Path, meta: dict, beside: threading.Thread | None = None) -> None:
    """`steward mail import`'s word phase into a fresh home (timed, with CPU time and the load); `beside`
    is notmuch new running meanwhile (its CPU time is not the import's)."""
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    shutil.rmtree(folder / "home", ignore_errors=True)
    app = make_app(folder / "home")
    load = os.getloadavg()[0]
    notmuch_before = "notmuch" in meta["stages"]
    c0, p0, t0 = child_cpu(), time.process_time(), time.perf_counter()
    items = list(scan([maildir]))  # the walk is part of the import, as it is of notmuch new
    window = min(50_000, len(items) // 2)
    marks: dict[int, float] = {0: time.perf_counter()}

    def progress(seen: int, total: int | None) -> None:
        if seen in (window, len(items) - window):
            marks[seen] = time.perf_counter()

    report = ingest(app.db, items, workers=app.settings.as_int("mail.import_workers"), on_batch=None,
                    progress=progress, total=len(items))
    seconds = time.perf_counter() - t0
    first, last = window / (marks[window] - marks[0]), window / (t0 + seconds - marks[len(items) - window])
    kids = child_cpu() - c0
    if beside is not None and not notmuch_before and "notmuch" in meta["stages"]:
        kids -= meta["stages"]["notmuch"]["cpu_s"]  # notmuch ended during the import: a child of this process
    cpu = time.process_time() - p0 + kids
    # `steward mail import` then merges the word index into one segment when the import added much of the
    # store (cli/mail.py): the store it leaves, timed on its own (the words were searchable before it)
    from steward.cli.mail import MERGE_AFTER
    from steward.store.messages import count_messages, merge_text_index

    merge_s = 0.0
    if report.added >= MERGE_AFTER and report.added * 4 >= count_messages(app.db):
        m0 = time.perf_counter()
        merge_text_index(app.db)
        merge_s = time.perf_counter() - m0
    app.close()
    meta["stages"]["import"] = {"merge_s": merge_s, "code": code_version(), "seconds": seconds, "cpu_s": cpu,
                                "messages": report.added,
                                "load_before": load, "load_after": os.getloadavg()[0], "at": time.time(),
                                "with_notmuch": beside is not None, "window": window, "first_rate": first,
                                "last_rate": last}
    meta.update(import_s=seconds, messages=report.added)
    print(f"  steward mail import (words): {report.added:,} in {seconds:.0f} s (cpu {cpu:.0f} s); first {window:,} "
          f"at {first:,.0f} msg/s, last {window:,} at {last:,.0f} msg/s; word index merged in {merge_s:.0f} s",
          flush=True)


def embed_vectors(app, real: int) -> float:  # type: ignore[no-untyped-def]
    """Embed the first `real` messages for real (their rate is returned); near copies for the rest."""
    import numpy as np

    from steward.search.vectors import decode, encode
    from steward.store.messages import get_messages
    from steward.store.vectors import embedder_id

    conn = app.db
    ids = np.array([r[0] for r in conn.execute("SELECT id FROM messages ORDER BY id")], dtype=np.int64)
    rng = np.random.default_rng(0)
    chosen = set(rng.choice(ids, size=min(real, len(ids)), replace=False).tolist())
    # the model's load and its graphs' one-time build are not indexing time
    app.embedder.embed(["warm up", "a text long enough to take the int8 graph, well past sixteen tokens of it"])
    texts_of = {}
    for start in range(0, len(chosen), 5000):
        part = sorted(chosen)[start:start + 5000]
        found = get_messages(conn, part)
        texts_of.update((i, found[i].embed_text()) for i in part)
    t0 = time.perf_counter()
    vectors = app.embedder.embed([texts_of[i] for i in sorted(chosen)])
    took = time.perf_counter() - t0
    conn.execute("BEGIN")
    conn.execute("DELETE FROM message_vectors")  # a stage done again starts over
    # stored as the embedder's own (as an import's are): `mail index` then finds nothing to redo
    model = embedder_id(conn, app.embedder.name)
    conn.executemany("INSERT INTO message_vectors (message_rowid, vector, embedder) VALUES (?, ?, ?)",
                     [(i, v, model) for i, v in zip(sorted(chosen), encode(vectors), strict=True)])
    conn.execute("COMMIT")
    pool = decode(encode(vectors), 384)
    base = pool[0].astype(np.float32) * pool[1][:, None]
    rest = ids[~np.isin(ids, np.array(sorted(chosen)))]
    t1 = time.perf_counter()
    for start in range(0, len(rest), 20_000):
        chunk = rest[start:start + 20_000]
        rows = base[rng.integers(0, len(base), len(chunk))] + rng.normal(0, 0.03, (len(chunk), 384)).astype(np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO message_vectors (message_rowid, vector, embedder) VALUES (?, ?, ?)",
                         [(i, v, model) for i, v in zip(chunk.tolist(), encode(rows), strict=True)])
        conn.execute("COMMIT")
    print(f"  vectors: {len(chosen):,} embedded in {took:.0f} s ({len(chosen) / took:.0f}/s), "
          f"{len(rest):,} near copies in {time.perf_counter() - t1:.0f} s", flush=True)
    return len(chosen) / took


def tie_aware_recall(found: tuple[float, ...], exact: tuple[float, ...]) -> float:
    """recall@k where a hit scoring as high as exact search's k-th counts: the sample repeats texts, so
    many vectors tie, and which of equal vectors comes back is no loss (both sides score identically)."""
    if not exact:
        return 1.0
    kth = exact[-1] - 1e-6
    return sum(1 for s in found if s >= kth) / len(exact)


def timed(fn, queries: list[str]) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    ms = []
    for q in queries:
        t0 = time.perf_counter()
        fn(q)
        ms.append((time.perf_counter() - t0) * 1000)
    return percentile(ms, 50), percentile(ms, 95)


def measure(size: int, folder: Path, meta: dict[str, float]) -> None:
    import numpy as np

    app = make_app(folder / "home")
    app.embedder.embed(["warm up"])
    import onnxruntime  # noqa: F401 - loaded by the model already; not the index's growth

    from steward.mail.ingest import catch_up_recent_words

    # a store built before the newest messages had their own word index gets it as `steward serve` gives it
    t0 = time.perf_counter()
    recent_s = time.perf_counter() - t0 if catch_up_recent_words(app.db) else None

    search = app.mail_search
    before = rss_mb()
    t0 = time.perf_counter()
    index = search.index()
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    saved = index.approximate
    if not saved:
        search.prepare_partition()
    part_s = time.perf_counter() - t0
    grown = rss_mb() - before
    queries = SEARCHES * 8
    rows = {}
    for mode in ("lexical", "semantic", "hybrid"):
        search.search(queries[0], mode=mode)
        if mode == "lexical":
            rows[mode] = timed(lambda q: search.search(q, mode="lexical", limit=20), queries)
            continue

        def first(q: str, mode: str = mode):  # type: ignore[no-untyped-def]
            search.queries.clear()  # as a query never asked before: its vector is made
            return search.search(q, mode=mode, limit=20)

        rows[f"{mode} (a new query)"] = timed(first, queries)
        # asked again: the vector of a recent query is kept (`search.query_cache`)
        rows[f"{mode} (asked again)"] = timed(lambda q, mode=mode: search.search(q, mode=mode, limit=20), queries)
    # recall@10 of the index against exact search, over the same vectors: real queries and near copies
    rng = np.random.default_rng(5)
    texts = app.embedder.embed(SEARCHES)
    picks = rng.integers(0, len(index), RECALL_QUERIES - len(texts))
    probes = []
    for p in picks:
        row = index._matrix[p].astype(np.float32) * index._scales[p]  # noqa: SLF001 - a bench reads the rows
        probes.append(row / np.linalg.norm(row) + rng.normal(0, 0.02, 384).astype(np.float32))
    qs = np.concatenate([texts, np.array(probes, dtype=np.float32)])
    qs /= np.linalg.norm(qs, axis=1, keepdims=True)
    hit = [tie_aware_recall(index.search(q, 10).scores, index.search(q, 10, exact=True).scores) for q in qs]
    t_exact = timed(lambda i: index.search(qs[int(i)], 50, exact=True), [str(i) for i in range(50)])
    t_ann = timed(lambda i: index.search(qs[int(i)], 50), [str(i) for i in range(50)])
    db = folder / "home" / "steward.db"
    files = [db, db.with_name(db.name + "-wal"), db.with_name(db.name + ".partition.npz")]
    size_mb = sum(f.stat().st_size for f in files if f.exists()) / 1e6
    nm = notmuch_search(folder)
    n = int(meta["messages"])
    print(f"\n## {n:,} messages ({datetime.fromtimestamp(meta['built']):%Y-%m-%d} build; {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f})\n")
    print("| measure | steward | notmuch |\n| --- | --- | --- |")
    imp = n / meta["import_s"]
    their = n / meta["notmuch_new_s"] if meta.get("notmuch_new_s") else None
    print(f"| import, msg/s | {imp:,.0f} (words; vectors follow) | "
          + (f"{their:,.0f} (`notmuch new`); steward is {imp / their:.2f}x |" if their else "not installed |"))
    stages = meta.get("stages", {})
    cpu, their_cpu = stages.get("import", {}).get("cpu_s"), stages.get("notmuch", {}).get("cpu_s")
    if stages.get("import", {}).get("first_rate"):
        imp_stage = stages["import"]
        print(f"| import, msg/s over the first / last {imp_stage['window']:,} | {imp_stage['first_rate']:,.0f} / "
              f"{imp_stage['last_rate']:,.0f} | — |")
    if "merge_s" in stages.get("import", {}):
        print(f"| import: word index merged into one segment after it, s | {stages['import']['merge_s']:.0f} | — |")
    if cpu:
        print(f"| import CPU, ms a message (all processes) | {1000 * cpu / n:.2f} | "
              + (f"{1000 * their_cpu / n:.2f} (`notmuch new`) |" if their_cpu else "— |"))
    print(f"| index (embedding), msg/s | {meta['index_rate']:,.0f} | — |")
    for mode, (p50, p95) in rows.items():
        print(f"| {mode} search p50 / p95, ms | {p50:.1f} / {p95:.1f} | "
              + (f"{nm[0]:.1f} / {nm[1]:.1f} (`notmuch search`, a process each) |" if mode == "lexical" and nm
                 else "— |"))
    if recent_s is not None:
        print(f"| word index of the newest messages, built for this store, s | {recent_s:.1f} | — |")
    print(f"| vector top-50 alone p50 / p95, ms: partition / exact | {t_ann[0]:.2f} / {t_ann[1]:.2f} ; "
          f"{t_exact[0]:.2f} / {t_exact[1]:.2f} | — |")
    print(f"| recall@10 vs exact ({len(qs)} queries; ties count) | {np.mean(hit):.3f} | — |")
    distinct = app.db.execute("SELECT count(*) FROM (SELECT DISTINCT sender_name, subject, snippet FROM messages)"
                              ).fetchone()[0]
    print(f"| distinct texts (sender, subject, snippet) | {distinct:,} of {n:,} | — |")
    print(f"| vector index: load / partition build, s | {load_s:.1f} / "
          f"{'read from disk' if saved else f'{part_s:.1f}'} | — |")
    print(f"| vector index resident, MB | {grown:.0f} (arrays {index.nbytes / 1e6:.0f}) | — |")
    print(f"| store file size, MB | {size_mb:,.0f} | — |", flush=True)
    analyze = timed(lambda q: app.mailbox.analyze(q), ANALYZE * 3)
    print(f"| `mail analyze` p50 / p95, ms ({len(ANALYZE)} queries; at most "
          f"{app.mailbox.analyze_limit:,} messages each) | {analyze[0]:.0f} / {analyze[1]:.0f} | — |")
    if stages:
        built = stages.get("maildir", {}).get("inputs", {})
        print(f"| built by | texts {'distinct' if built.get('distinct') else 'from the default generator'}; import "
              f"by {stages.get('import', {}).get('code', '?')}; {stages.get('notmuch', {}).get('version', '?')}; "
              f"load at import {stages.get('import', {}).get('load_before', float('nan')):.1f} (notmuch new "
              f"{stages.get('notmuch', {}).get('load_before', float('nan')):.1f})"
              + ("; the two ran at the same time" if stages.get("import", {}).get("with_notmuch") else "")
              + " | — |", flush=True)
    app.close()


def notmuch_search(folder: Path) -> tuple[float, float] | None:
    env = notmuch_env(folder / "Maildir", folder / "notmuch")
    if env is None:
        return None
    ms = []
    for q in NOTMUCH_SEARCHES * 3:
        t0 = time.perf_counter()
        subprocess.run(["notmuch", "search", "--limit=20", q], env=env, check=True, capture_output=True)
        ms.append((time.perf_counter() - t0) * 1000)
    return percentile(ms, 50), percentile(ms, 95)


def sample_vectors(real: int):  # type: ignore[no-untyped-def]
    """The bench's synthetic neighbourhoods: `real` distinct sample texts embedded for real (the rows every
    other vector is a near copy of) and the bench's searches embedded; shared with bench/vector_index.py."""
    from steward.embed.minilm import MiniLMEmbedder
    from steward.mail.parse import parse_message
    from steward.sample import generate

    embedder = MiniLMEmbedder(Path(os.environ.get("STEWARD_EMBED_CACHE_DIR", "~/.cache/steward-bench/models"))
                              .expanduser())
    texts = list(dict.fromkeys(parse_message(m.raw).embed_text() for m in generate(NOW, count=2 * real, days=400)))
    return embedder, embedder.embed(texts[:real]), embedder.embed(SEARCHES)


def near_copies_of(base, picks, rng):  # type: ignore[no-untyped-def]
    """Unit rows, each a copy of `base[pick]` with noise 0.03 a component (cosine about 0.86 to it)."""
    import numpy as np

    rows = base[picks] + rng.normal(0, 0.03, (len(picks), base.shape[1])).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows


def vectors_only(n: int, real: int) -> None:
    """The vector index alone at `n` vectors (no store): memory, partition build, top-50 latency and
    recall@10 against exact search, for sizes whose store would take longer to build than there is time."""
    import numpy as np

    from steward.search.vectors import VectorIndex, decode, encode

    embedder, base, queries = sample_vectors(real)
    rng = np.random.default_rng(0)
    import onnxruntime  # noqa: F401 - loaded already; not the index's growth

    before = rss_mb()
    index = VectorIndex(384, approximate_above=1)
    for start in range(0, n, 50_000):
        m = min(50_000, n - start)
        rows = near_copies_of(base, rng.integers(0, len(base), m), rng)
        matrix, scales = decode(encode(rows), 384)
        index.add(list(range(start + 1, start + m + 1)), matrix, scales)
    loaded = rss_mb() - before
    t0 = time.perf_counter()
    index.build_partition()
    built = time.perf_counter() - t0
    grown = rss_mb() - before
    probes = [index._matrix[p].astype(np.float32) * index._scales[p] for p in rng.integers(0, n, RECALL_QUERIES)]  # noqa: SLF001
    qs = np.concatenate([queries, np.array(probes) + rng.normal(0, 0.02, (len(probes), 384)).astype(np.float32)])
    qs /= np.linalg.norm(qs, axis=1, keepdims=True)
    hit = [tie_aware_recall(index.search(q, 10).scores, index.search(q, 10, exact=True).scores) for q in qs]
    ann = timed(lambda i: index.search(qs[int(i)], 50), [str(i) for i in range(100)])
    exact = timed(lambda i: index.search(qs[int(i)], 50, exact=True), [str(i) for i in range(30)])
    embed = timed(lambda q: embedder.embed([q]), SEARCHES * 4)
    print(f"\n## the vector index alone at {n:,} vectors ({os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f})\n")
    print("| measure | value |\n| --- | --- |")
    print(f"| resident: vectors / with the partition, MB | {loaded:.0f} / {grown:.0f} (arrays {index.nbytes / 1e6:.0f}) |")
    print(f"| partition build, s | {built:.0f} ({len(index._layout.partition.centroids) if index._layout else 0} lists) |")  # noqa: SLF001
    print(f"| top-50 p50 / p95, ms: partition | {ann[0]:.1f} / {ann[1]:.1f} |")
    print(f"| top-50 p50 / p95, ms: exact | {exact[0]:.1f} / {exact[1]:.1f} |")
    print(f"| query embedding p50 / p95, ms | {embed[0]:.1f} / {embed[1]:.1f} |")
    print(f"| recall@10 vs exact ({len(qs)} queries; ties count) | {np.mean(hit):.3f} |", flush=True)


def shapes(size: int, folder: Path, rounds: int = 5) -> None:
    """p50 of `rounds` runs of each of SHAPES, hybrid and lexical, each a new query, on the cached store."""
    import statistics

    app = make_app(folder / "home")
    try:
        search = app.mail_search
        search.search(SHAPES[0], limit=20)  # the vectors loaded, the partition read
        print(f"\n## Query shapes, {size:,} messages ({os.getloadavg()[0]:.1f} load)\n")
        print("| query | hybrid p50, ms | lexical p50, ms | lexical hits |")
        print("| --- | --- | --- | --- |")
        for query in SHAPES:
            row = []
            for mode in ("hybrid", "lexical"):
                times = []
                for _ in range(rounds):
                    search.queries.clear()
                    t0 = time.perf_counter()
                    hits = len(search.search(query, mode=mode, limit=20).hits)
                    times.append((time.perf_counter() - t0) * 1000)
                row.append(f"{statistics.median(times):.1f}")
            print(f"| `{query}` | {row[0]} | {row[1]} | {hits} |", flush=True)
    finally:
        app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100000,300000,1000000")
    parser.add_argument("--cache", type=Path, default=Path("~/.cache/steward-bench").expanduser())
    parser.add_argument("--real", type=int, default=3000, help="messages embedded for real; the rest near copies")
    parser.add_argument("--rebuild", action="store_true", help="build the cached stores again")
    parser.add_argument("--redo", choices=STAGES, help="build this stage of the cached stores again, and the later ones")
    parser.add_argument("--stop-after", choices=STAGES, default="",
                        help="build the cached stores up to this stage and measure nothing")
    parser.add_argument("--together", action="store_true",
                        help="run notmuch new and the import at the same time when both are to be built")
    parser.add_argument("--repeated-texts", action="store_true",
                        help="build from the generator's default texts (about half repeat) rather than distinct ones")
    parser.add_argument("--shapes", action="store_true",
                        help="time the query shapes of SHAPES (filters beside words, exclusions) instead of the table")
    parser.add_argument("--vectors-only", type=int, default=0, metavar="N",
                        help="measure the vector index alone at N vectors (no store, no import) and stop")
    args = parser.parse_args()
    if args.vectors_only:
        vectors_only(args.vectors_only, args.real)
        return 0
    for size in (int(s) for s in args.sizes.split(",")):
        folder = args.cache / f"scale-{size}"
        print(f"# {size:,} messages: {folder}", flush=True)
        meta_file = folder / "meta.json"
        meta = json.loads(meta_file.read_text()) if meta_file.exists() else {}
        if args.rebuild or args.redo or args.stop_after or "built" not in meta:
            redo = "maildir" if args.rebuild else args.redo
            meta = build(size, folder, args.real, distinct=not args.repeated_texts, redo=redo,
                         stop_after=args.stop_after or "vectors", together=args.together)
        if args.shapes:
            shapes(size, folder)
        elif not args.stop_after:
            measure(size, folder, meta)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
