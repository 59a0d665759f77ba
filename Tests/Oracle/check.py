#!/usr/bin/env python3
"""Differential check of yir's statistics: for each seed, exports.py writes an export,
`yir stats --format json` reads it, spec_figures.py computes what SPEC §1.4–§2.4 say it
should give, and every figure of every reader, the cohort and the diagnostics are compared.

    check.py --yir PATH --seeds FIRST COUNT [--as-of INSTANT,…] [--keep DIR] [YIR-OPTION…]

The as-of instant and the fallback zone (TZ) go round their lists with the seed. `--tz`,
`--year`, `--top`, `--exclude-title`, `--exclude-category`, `--max-view-seconds`,
`--keep-main-pages` and `--keep-all-categories` among the yir options are given to the oracle
too; `--jobs` goes round 1–3 unless given. Prints each seed that disagrees with
its differences and the export kept for a rerun; exits 1 if any did."""
import argparse
import gzip
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import exports  # noqa: E402
import spec_figures  # noqa: E402

# New Year's Eve; Europe's and New York's clock changes; an as-of that is already next year in
# the east; the end of Europe's first hour of DST; Australia's autumn; the as-of at a midnight.
AS_OF = ["2025-12-31T12:00:00Z", "2025-03-30T01:30:00Z", "2025-11-02T06:30:00Z", "2024-12-31T23:30:00Z",
         "2024-03-31T00:59:59.999Z", "2025-01-01T00:00:00Z", "2025-04-05T15:30:00Z", "2025-10-26T01:00:00Z"]
FALLBACK_ZONES = ["UTC", "Europe/Berlin", "America/New_York"]


def plain(value):
    """Numbers as normalised Decimals, so that `20` and `2E+1` and `20.0` compare equal."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        return Decimal(value).normalize()
    return value


def differences(got, want, path=""):
    if isinstance(got, dict) and isinstance(want, dict):
        for key in list(want) + [k for k in got if k not in want]:
            if key not in got or key not in want:
                yield f"{path}.{key}: yir {got.get(key, '(absent)')!r}, spec {want.get(key, '(absent)')!r}"
            else:
                yield from differences(got[key], want[key], f"{path}.{key}")
    elif isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        for i, (g, w) in enumerate(zip(got, want)):
            yield from differences(g, w, f"{path}[{i}]")
    elif got != want:
        yield f"{path}: yir {got!r}, spec {want!r}"


def option(options, name):
    values = options_named(options, name)
    return values[-1] if values else None


def options_named(options, name):
    """Every value given to a (repeatable) option."""
    return [options[i + 1] for i, o in enumerate(options[:-1]) if o == name]


PLURALS = {"page_view": "page_views", "session": "sessions", "saved_article": "saved_articles",
           "history_cleared": "history_clears", "notification_subscription": "notification_subscriptions",
           "edit": "edits"}


def without_type(line):
    fields = json.loads(line)
    del fields["type"]
    return json.dumps(fields, ensure_ascii=False)


def write_inputs(lines, seed, folder):
    """The export as one to three files, one of them gzipped, or as one file per type named
    for it, most lines without `type`; given either one by one in a shuffled order or as their
    folder (read in sorted order, SPEC §1.1). Returns the paths to give yir and the lines, with
    their types, in the order yir reads them."""
    rng = random.Random(seed)
    os.makedirs(folder)
    if rng.random() < 0.3:
        # One file per type, named so that its lines may leave `type` out (SPEC §1.2).
        types = sorted({json.loads(line)["type"] for line in lines})
        parts = [[line for line in lines if json.loads(line)["type"] == t] for t in types]
        names = [PLURALS[t] + "-export.jsonl" for t in types]
    else:
        count = rng.randint(1, 3)
        parts = [lines[i::count] for i in range(count)]
        names = ["part-%d.jsonl" % i + (".gz" if count > 1 and i == 1 else "") for i in range(count)]
    for name, part in zip(names, parts):
        if name.split("-")[0] in PLURALS.values():
            part = [without_type(line) if rng.random() < 0.7 else line for line in part]
        text = ("\n".join(part) + "\n").encode()
        with (gzip.open if name.endswith(".gz") else open)(os.path.join(folder, name), "wb") as f:
            f.write(text)
    if rng.random() < 0.3:
        return [folder], [line for part in parts for line in part]
    order = rng.sample(range(len(parts)), len(parts))
    return [os.path.join(folder, names[i]) for i in order], [line for i in order for line in parts[i]]


def check(yir, seed, as_of, fallback_zone, options, keep):
    """The differences for one seed (empty when yir and the spec agree)."""
    folder = os.path.join(keep, f"seed-{seed}")
    paths, lines = write_inputs(exports.generate(seed, as_of), seed, folder)
    if "--jobs" not in options:
        options = options + ["--jobs", str(1 + seed % 3)]
    # A few lines are rejected (a control character): as many as the export's size allows.
    command = [yir, "stats"] + paths + ["--as-of", as_of, "--format", "json", "--max-reject-rate", "1"] + options
    run = subprocess.run(command, capture_output=True, env=dict(os.environ, TZ=fallback_zone))
    if run.returncode != 0:
        return [f"exit {run.returncode}: {run.stderr.decode(errors='replace')[:400]}"], command
    got = json.loads(run.stdout, parse_float=Decimal)
    year, top, longest = option(options, "--year"), option(options, "--top"), option(options, "--max-view-seconds")
    excluded = [spec_figures.title(t) for t in options_named(options, "--exclude-title")] or ["Main Page"]
    readers, cohort, diagnostics = spec_figures.compute(lines, as_of, zone_override=option(options, "--tz"),
                                                        fallback_zone=fallback_zone, year=int(year) if year else None,
                                                        top=int(top) if top else 5, excluded=excluded,
                                                        max_view_seconds=int(longest) if longest else 86400,
                                                        excluded_categories=[spec_figures.title(c) for c in
                                                                             options_named(options, "--exclude-category")],
                                                        keep_main_pages="--keep-main-pages" in options,
                                                        keep_all_categories="--keep-all-categories" in options)
    for reader in got["readers"]:  # the labels are a table lookup; the oracle lists keys
        reader["notifications"] = {k: [n["key"] for n in v] for k, v in reader["notifications"].items()}
    found = list(differences(plain([r["user"] for r in got["readers"]]), plain([r["user"] for r in readers]), ".users"))
    if not found:
        for g, w in zip(got["readers"], readers):
            found += [w["user"] + d for d in differences(plain(g), plain(w))]
    found += ["cohort" + d for d in differences(plain(got["cohort"]), plain(cohort))]
    found += ["diagnostics" + d for d in differences(plain({k: got["diagnostics"][k] for k in diagnostics}), plain(diagnostics))]
    if not found:
        shutil.rmtree(folder)
    return found, command


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--seeds", nargs=2, type=int, required=True, metavar=("FIRST", "COUNT"))
    p.add_argument("--as-of", help="comma-separated instants to use instead of the built-in list")
    p.add_argument("--keep", help="folder for the exports that disagree (default: a new temporary folder)")
    args, options = p.parse_known_args()
    as_ofs = args.as_of.split(",") if args.as_of else AS_OF
    keep = args.keep or tempfile.mkdtemp(prefix="yir-oracle-")
    first, count = args.seeds
    failed = 0
    for seed in range(first, first + count):
        as_of, zone = as_ofs[seed % len(as_ofs)], FALLBACK_ZONES[seed % len(FALLBACK_ZONES)]
        found, command = check(args.yir, seed, as_of, zone, options, keep)
        if found:
            failed += 1
            print(f"seed {seed}: TZ={zone} {' '.join(command)}")
            for line in found[:20]:
                print("   ", line)
    print(f"{count - failed} of {count} exports agree with the spec's figures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
