"""The vector index alone: memory, partition build, top-50 latency (wall and CPU) and recall@10 against
exact search, without filters and with the kinds of `allowed` sets the search's filters make.

    .venv/bin/python bench/vector_index.py --vectors 1000000 [--real 2000]   # synthetic, no store
    .venv/bin/python bench/vector_index.py --store ~/.cache/steward-bench/scale-100000/home
    .venv/bin/python bench/vector_index.py --memory 1000000   # resident memory of a store's first load

`--vectors N`: the vectors of bench/scale.py --vectors-only (`--real` texts of the sample generator
embedded for real, every other vector a near copy of one of them, cosine about 0.86), loaded into arrays
sized exactly as a store's first load sizes them. Filters: ids of 5% of the texts (a sender: its
messages are alike), a random 10% and 30% (a subject word), and the newest 28% of ids (after: a date).
`--store HOME`: a bench store (bench/scale.py builds them); the bench queries with filters are run
through the search's own filter step, and the index is read without saving anything beside the store.

`--memory N`: a store of N such vectors (written once under ~/.cache/steward-bench/vectors-N, with bare
message rows) is loaded by a fresh process as `steward serve` loads it: resident growth after the first
load, after building and laying out the partition, and in another fresh process that reads the saved
partition (with its peak: the rows are loaded in id order, then copied once into list order).

Queries: the bench's searches embedded, and near copies of stored vectors (noise 0.02 a component).
Recall counts a hit scoring as high as exact search's 10th (the sample repeats texts, so vectors tie).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile  # noqa: E402
from scale import SEARCHES, make_app, near_copies_of, rss_mb, sample_vectors, tie_aware_recall  # noqa: E402

QUERIES = 100


def timed(fn, items: list) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def, type-arg]
    """p50 / p95 wall ms and p50 / p95 CPU ms (this thread) of fn(item) for each item."""
    wall, cpu = [], []
    for item in items:
        t0, c0 = time.perf_counter(), time.thread_time()
        fn(item)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return percentile(wall, 50), percentile(wall, 95), percentile(cpu, 50), percentile(cpu, 95)


def report(index, queries, filters: dict[str, object]) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    print("| filter | allowed | top-50 wall p50 / p95, ms | CPU p50 / p95, ms | exact wall p50, ms | recall@10 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, allowed in filters.items():
        n = "all" if allowed is None else f"{len(allowed):,}"  # type: ignore[arg-type]
        index.search(queries[0], 50, allowed)
        t = timed(lambda q, a=allowed: index.search(q, 50, a), list(queries))
        e = timed(lambda q, a=allowed: index.search(q, 50, a, exact=True), list(queries[:10]))
        hit = [tie_aware_recall(index.search(q, 10, allowed).scores, index.search(q, 10, allowed, exact=True).scores)
               for q in queries]
        print(f"| {name} | {n} | {t[0]:.2f} / {t[1]:.2f} | {t[2]:.2f} / {t[3]:.2f} | {e[0]:.1f} | "
              f"{np.mean(hit):.3f} |", flush=True)


def near_copies(index, rng, count: int):  # type: ignore[no-untyped-def]
    import numpy as np

    picks = rng.integers(0, len(index), count)
    rows = np.array([index._matrix[p].astype(np.float32) * index._scales[p] for p in picks])  # noqa: SLF001
    return rows + rng.normal(0, 0.02, rows.shape).astype(np.float32)


def synthetic(n: int, real: int) -> None:
    import numpy as np

    from steward.search.vectors import VectorIndex, decode, encode

    _, base, searches = sample_vectors(real)
    rng = np.random.default_rng(0)
    import onnxruntime  # noqa: F401 - loaded already; not the index's growth

    before = rss_mb()
    index = VectorIndex(384, approximate_above=1)
    index.reserve(n)  # as a store's first load: arrays sized to the count stored
    origin = np.empty(n, dtype=np.int32)
    for start in range(0, n, 50_000):
        m = min(50_000, n - start)
        origin[start:start + m] = rng.integers(0, len(base), m)
        rows = near_copies_of(base, origin[start:start + m], rng)
        matrix, scales = decode(encode(rows), 384)
        index.add(list(range(start + 1, start + m + 1)), matrix, scales)
    loaded = rss_mb() - before
    t0, c0 = time.perf_counter(), time.process_time()
    index.build_partition()
    built, built_cpu = time.perf_counter() - t0, time.process_time() - c0
    grown = rss_mb() - before
    lists = len(index._layout.partition.centroids)  # noqa: SLF001
    queries = np.concatenate([searches, near_copies(index, rng, QUERIES - len(searches))])
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    ids = np.arange(1, n + 1, dtype=np.int64)
    sender = rng.choice(len(base), size=max(1, len(base) // 20), replace=False)
    filters = {
        "none": None,
        "a sender (5% of texts)": ids[np.isin(origin, sender)],
        "random 10%": np.sort(rng.choice(ids, n // 10, replace=False)),
        "random 30%": np.sort(rng.choice(ids, 3 * n // 10, replace=False)),
        "newest 28%": ids[-(28 * n // 100):],
    }
    print(f"\n## the vector index at {n:,} vectors ({os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f})\n")
    print(f"resident: vectors {loaded:.0f} MB, with the partition {grown:.0f} MB (arrays {index.nbytes / 1e6:.0f} MB); "
          f"partition build {built:.0f} s ({built_cpu:.0f} s CPU), {lists} lists\n")
    report(index, queries, filters)
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")


def store(home: Path) -> None:
    import numpy as np

    from steward.search.hybrid import free_text
    from steward.search.query import parse_query
    from steward.search.vectors import VectorIndex

    app = make_app(home)
    search = app.mail_search
    index = VectorIndex(app.embedder.dim, approximate_above=1)  # no path: nothing saved beside the store
    t0 = time.perf_counter()
    index.refresh(app.db)
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    index.build_partition()
    built = time.perf_counter() - t0
    rng = np.random.default_rng(5)
    print(f"\n## {home}: {len(index):,} vectors ({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f})\n")
    print(f"load {load_s:.1f} s, partition build {built:.0f} s, arrays {index.nbytes / 1e6:.0f} MB\n")
    print("| query | allowed | top-50 wall p50 / p95, ms | CPU p50 / p95, ms | recall@10 (query and 49 near it) |")
    print("| --- | --- | --- | --- | --- |")
    for text in SEARCHES:
        words = free_text(text)
        if not words:
            continue
        allowed = search._allowed(parse_query(text, app.clock))  # noqa: SLF001 - the search's own filter step
        vector = app.embedder.embed([words])[0]
        near = vector + rng.normal(0, 0.01, (49, len(vector))).astype(np.float32)
        queries = np.concatenate([vector[None, :], near / np.linalg.norm(near, axis=1, keepdims=True)])
        index.search(vector, 50, allowed)
        t = timed(lambda q, a=allowed: index.search(q, 50, a), list(queries))
        hit = [tie_aware_recall(index.search(q, 10, allowed).scores, index.search(q, 10, allowed, exact=True).scores)
               for q in queries]
        n = "all" if allowed is None else f"{len(allowed):,}"
        print(f"| `{text}` | {n} | {t[0]:.2f} / {t[1]:.2f} | {t[2]:.2f} / {t[3]:.2f} | {np.mean(hit):.3f} |",
              flush=True)
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    app.close()


def status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def vector_store(n: int, real: int) -> Path:
    """A store of `n` synthetic vectors (bare message rows), written once."""
    import numpy as np

    from steward.search.vectors import encode
    from steward.store import connect

    folder = Path(f"~/.cache/steward-bench/vectors-{n}").expanduser()
    db = folder / "steward.db"
    if (folder / "done").exists():
        return db
    folder.mkdir(parents=True, exist_ok=True)
    for f in folder.iterdir():
        f.unlink()
    _, base, _ = sample_vectors(real)
    rng = np.random.default_rng(0)
    conn = connect(db)
    for start in range(0, n, 50_000):
        m = min(50_000, n - start)
        rows = near_copies_of(base, rng.integers(0, len(base), m), rng)
        ids = range(start + 1, start + m + 1)
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO messages (id, dedup_key, message_id, thread_key, sender, sender_name, recipients, subject,"
            " snippet, received_at, zone, has_pdf, attachments, category, account, source_kind, source_location,"
            " imported_at) VALUES (?, ?, ?, ?, 'a@example.com', 'A', '[]', 's', 'x', '2026-11-01T00:00:00+00:00',"
            " 'UTC', 0, '[]', 'other', 'local', 'eml', ?, '2026-11-01T00:00:00+00:00')",
            [(i, f"k{i}", f"m{i}", f"t{i}", f"/m/{i}.eml") for i in ids])
        conn.executemany("INSERT INTO message_vectors (message_rowid, vector) VALUES (?, ?)",
                         list(zip(ids, encode(rows), strict=True)))
        conn.execute("COMMIT")
    conn.close()
    (folder / "done").write_text("")
    return db


def memory(n: int, real: int) -> None:
    import subprocess

    db = vector_store(n, real)
    saved = db.with_name(db.name + ".partition.npz")
    saved.unlink(missing_ok=True)
    for step in ("build", "saved"):
        subprocess.run([sys.executable, __file__, "--memory-step", step, str(db)], check=True)


def memory_step(step: str, db: Path) -> None:
    import faiss  # noqa: F401 - libraries are not the index's memory
    import numpy as np  # noqa: F401
    import onnxruntime  # noqa: F401

    from steward.search.vectors import VectorIndex
    from steward.store import connect

    conn = connect(db)
    index = VectorIndex(384, approximate_above=1, path=db.with_name(db.name + ".partition.npz"))
    index.search(np.ones(384, dtype=np.float32), 1)  # the int8 session, loaded once per process
    before, peak_before = rss_mb(), status_mb("VmHWM")
    t0 = time.perf_counter()
    index.refresh(conn)
    took = time.perf_counter() - t0
    if step == "build":
        print(f"\n## a store's first load of {len(index):,} vectors ({os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f})\n")
        print(f"first load (no partition yet): {rss_mb() - before:.0f} MB resident, arrays "
              f"{index.nbytes / 1e6:.0f} MB, {took:.1f} s")
        t0 = time.perf_counter()
        index.build_partition()
        print(f"after building and laying out the partition: {rss_mb() - before:.0f} MB resident, arrays "
              f"{index.nbytes / 1e6:.0f} MB ({time.perf_counter() - t0:.0f} s)")
    else:
        print(f"a fresh process reading the saved partition: {rss_mb() - before:.0f} MB resident (peak "
              f"{status_mb('VmHWM') - peak_before:.0f} MB above), arrays {index.nbytes / 1e6:.0f} MB, "
              f"approximate {index.approximate}, {took:.1f} s", flush=True)
    conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vectors", type=int, default=0, metavar="N", help="a synthetic index of N vectors")
    parser.add_argument("--real", type=int, default=2000, help="texts embedded for real; the rest near copies")
    parser.add_argument("--store", type=Path, help="a bench store's home (bench/scale.py builds them)")
    parser.add_argument("--memory", type=int, default=0, metavar="N", help="a store of N vectors, loaded fresh")
    parser.add_argument("--memory-step", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_step:
        memory_step(args.memory_step[0], Path(args.memory_step[1]))
        return 0
    if args.memory:
        memory(args.memory, args.real)
    if args.store:
        store(args.store.expanduser())
    if args.vectors:
        synthetic(args.vectors, args.real)
    if not args.store and not args.vectors and not args.memory:
        parser.error("give --vectors N, --store HOME or --memory N")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
