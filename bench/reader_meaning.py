"""The threshold of names found by meaning: how near (cosine, all-MiniLM-L6-v2) a name said must be to a
name in the person's data before the reader takes it for that name.

Two kinds of name said, on the demo home:
- descriptions of a sender the home holds, that neither words nor spelling find (written for this
  bench: "the cloud storage people" is CloudBox); right when the nearest is the sender meant, wrong when
  it is another;
- every name the reader could not find in the development set's and SLURP devel's questions (names of
  people and businesses the home does not hold: "Rania", "tom brady"); any match of them is wrong.

For each threshold it prints right / wrong / refused (below the threshold, or two names within 0.02 of
each other: asked about, never picked). The setting `reader.meaning_threshold` is the lowest threshold
with no wrong match.

    .venv/bin/python bench/reader_meaning.py [--homes DIR] [--show]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from answers import _app, build_home  # noqa: E402
from slurp_answers import NOW as SLURP_NOW  # noqa: E402
from slurp_answers import questions as slurp_questions  # noqa: E402

DEV = Path(__file__).resolve().parent / "data" / "answers_dev.yaml"
TIE = 0.02
# (description, the sender of the demo home it means)
DESCRIBED = [
    ("library", "City Library"), ("landlord", "Casa Verde Lettings"), ("lettings agent", "Casa Verde Lettings"),
    ("electricity company", "PowerGrid Electricity"), ("power company", "PowerGrid Electricity"),
    ("eye clinic", "ClearSight Eye Care"), ("optician", "ClearSight Eye Care"), ("dentist", "Lakeside Dental"),
    ("veterinarian", "Pawsome Vets"), ("physiotherapist", "Riverside Physio"), ("mother", "Mum"),
    ("mechanic", "AutoFix Garage"), ("bookshop", "BookNook"), ("water company", "City Water Board"),
    ("cooking newsletter", "Kitchen Notes"), ("recipe newsletter", "Kitchen Notes"),
    ("coffee shop", "Bean There Cafe"), ("outdoor gear shop", "Trailhead Outdoors"),
    ("hair salon", "Sharp Cuts Salon"), ("barber", "Sharp Cuts Salon"), ("taxi company", "Zoom Rides"),
    ("ride app", "Zoom Rides"), ("insurer", "Avalon Mutual"), ("insurance company", "Avalon Mutual"),
    ("courier", "Parcel Express"), ("online shop", "ShopKart"), ("animal hospital", "Pawsome Vets"),
    ("hairdresser", "Sharp Cuts Salon"), ("dog doctor", "Pawsome Vets"), ("power people", "PowerGrid Electricity"),
    ("bookstore", "BookNook"), ("cab company", "Zoom Rides"), ("housing association", "Residents Association"),
    ("tenants association", "Residents Association"), ("delivery company", "Parcel Express"),
    ("cloud storage", "CloudBox"), ("programming newsletter", "Python Weekly"),
    ("energy supplier", "Thameside Energy"), ("coffee place", "Bean There Cafe"),
    ("eye doctor", "ClearSight Eye Care"),
]


def main(argv: list[str] | None = None) -> int:
    """Score every name at each threshold."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--homes", default=str(Path(tempfile.gettempdir()) / "steward-answer-homes"))
    parser.add_argument("--show", action="store_true", help="print each description's nearest sender")
    args = parser.parse_args(argv)
    homes = Path(args.homes)
    homes.mkdir(parents=True, exist_ok=True)
    data = yaml.safe_load(DEV.read_text(encoding="utf-8"))
    # the names the reader could not find, from the questions of each home (the meaning step records them)
    not_held: list[tuple[str, list[float]]] = []
    described: list[tuple[str, str, list[tuple[float, str]]]] = []
    asked = [(mb, cfg["now"], [t for c in data["cases"] if c["mailbox"] == mb for t in c["turns"]])
             for mb, cfg in data["homes"].items()]
    asked.append(("demo", SLURP_NOW, [q["text"] for q in slurp_questions()]))
    for mailbox, now, texts in asked:
        app = _app(build_home(homes, mailbox, now), mailbox, now)
        try:
            meaning = app.reader.meaning
            if meaning is None:
                print("reader_meaning: the reader.meaning flag is off; nothing measured")
                return 0
            meaning.threshold = 2.0  # record every nearest name, take none
            for text in texts:
                app.reader.read(text, app.clock)
            not_held += [(said, [score]) for said, _, score in meaning.scored]
            if mailbox == "demo" and not described:
                from steward.reader.meaning import _text, pool

                lists = app.reader.lists()
                values = pool("sender", lists)
                vectors = app.embedder.embed([_text(v) for v in values])
                for said, meant in DESCRIBED:
                    query = app.embedder.embed([said])[0]
                    scores = sorted(((float(row @ query), v.label) for row, v in zip(vectors, values, strict=True)),
                                    reverse=True)
                    described.append((said, meant, scores))
                    if args.show:
                        print(f"  {scores[0][0]:.3f} {said!r} -> {scores[0][1]} (meant {meant}; next {scores[1][0]:.3f})")
        finally:
            app.close()
    print(f"{len(described)} descriptions of senders the demo home holds; {len(not_held)} names the questions "
          "say that no home holds")
    print("threshold  descriptions right / wrong / refused   names not held: wrong")
    for step in range(40, 81, 5):
        threshold = step / 100
        right = wrong = refused = 0
        for _, meant, scores in described:
            (best, label), (second, _) = scores[0], scores[1]
            if best < threshold or second >= best - TIE:
                refused += 1
            elif label == meant:
                right += 1
            else:
                wrong += 1
        false = sum(1 for _, (score,) in not_held if score >= threshold)
        print(f"  {threshold:.2f}      {right:3d} / {wrong:3d} / {refused:3d}                          {false:3d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
