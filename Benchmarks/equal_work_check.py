#!/usr/bin/env python3
"""Checks that the equal-work yardstick does yir's job: on the first LINES lines of an export,
every field DuckDB's query (duck_full.py) writes is compared with `yir stats --format jsonl`,
reader by reader. A timing against a query that computed something else would mean nothing, so
`make bench` runs this before it times anything, and stops on a disagreement.

Numbers are compared as numbers (3 and 3.0 agree), instants as instants (yir writes them in the
reader's offset, DuckDB in UTC), everything else as it is. Fields yir writes and the query does
not (`slides`, which is null without HTML) are listed, not compared. Usage:

    python3 Benchmarks/equal_work_check.py --yir .build/release/yir --python .venv-bench/bin/python \\
        --export .bench/gen-200.jsonl --lines 3000
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime

INSTANT = re.compile(r"^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d(:?\d\d)?)$")
EXAMPLES = 3


def same(a, b):
    """Whether yir's value a and DuckDB's value b say the same thing."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 * max(1.0, abs(a))
    if isinstance(a, str) and isinstance(b, str) and INSTANT.match(a) and INSTANT.match(b):
        return datetime.fromisoformat(a.replace("Z", "+00:00")) == datetime.fromisoformat(b.replace("Z", "+00:00"))
    return a == b


def compare(path, yir_value, duck_value, disagreements, compared):
    """Walks DuckDB's value; every leaf it has is compared with yir's at the same path."""
    if isinstance(duck_value, dict) and isinstance(yir_value, dict):
        for key, value in duck_value.items():
            compare(f"{path}.{key}", yir_value.get(key, "<missing in yir>"), value, disagreements, compared)
        return
    if isinstance(duck_value, list) and isinstance(yir_value, list) and len(duck_value) == len(yir_value):
        compared.add(path)  # its length, and each item below
        for y, d in zip(yir_value, duck_value):
            compare(f"{path}[]", y, d, disagreements, compared)
        return
    compared.add(path)
    if not same(yir_value, duck_value):
        disagreements.append((path, yir_value, duck_value))


def leaves(value, path=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}")
    elif isinstance(value, list) and value and isinstance(value[0], (dict, list)):
        for item in value:
            yield from leaves(item, f"{path}[]")
    else:
        yield path


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--python", required=True, help="a Python with the duckdb package")
    p.add_argument("--export", required=True)
    p.add_argument("--lines", type=int, default=3000)
    p.add_argument("--as-of", default="2025-12-31T12:00:00Z")
    p.add_argument("--sql", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "duck_full.py"))
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="yir-equal-work-") as tmp:
        sample = os.path.join(tmp, "slice.jsonl")
        lines = 0
        with open(args.export, "rb") as src, open(sample, "wb") as dst:
            for line in src:
                if lines == args.lines:
                    break
                dst.write(line)
                lines += 1
        duck_out = os.path.join(tmp, "duck.jsonl")
        subprocess.run([args.python, args.sql, sample, "2", args.as_of, duck_out], check=True)
        # Readers without a zone fall back to TZ in yir and to UTC in the query; the query
        # writes `last_saved_display` in English, so yir is asked for English too.
        yir_out = subprocess.run([args.yir, "stats", sample, "--as-of", args.as_of, "--format", "jsonl", "--quiet",
                                  "--locale", "en"],
                                 check=True, capture_output=True, env={**os.environ, "TZ": "UTC"}).stdout
        yir = {r["user"]: r for r in map(json.loads, yir_out.decode().splitlines())}
        with open(duck_out) as f:
            duck = {r["user"]: r for r in map(json.loads, f)}

    disagreements = []
    compared = set()
    for user in sorted(yir.keys() & duck.keys()):
        found = []
        compare("", yir[user], duck[user], found, compared)
        disagreements += [(user, *d) for d in found]
    only_yir, only_duck = sorted(yir.keys() - duck.keys()), sorted(duck.keys() - yir.keys())
    not_compared = sorted({path for r in yir.values() for path in leaves(r)} - compared)
    readers_off = len({d[0] for d in disagreements})

    print(f"equal work, {args.export} (first {lines} lines): {len(yir)} readers in yir, {len(duck)} in DuckDB; "
          f"{len(compared)} fields compared, {len(yir.keys() & duck.keys()) - readers_off} readers agree on all of them")
    if not_compared:
        print(f"  written by yir, not by the query (not compared): {', '.join(p.lstrip('.') for p in not_compared)}")
    for name, users in (("only in yir", only_yir), ("only in DuckDB", only_duck)):
        if users:
            print(f"  readers {name}: {len(users)} (e.g. {', '.join(users[:EXAMPLES])})")
    by_field = {}
    for user, path, y, d in disagreements:
        by_field.setdefault(path, []).append((user, y, d))
    for path, cases in sorted(by_field.items()):
        print(f"  DISAGREE {path.lstrip('.')}: {len(cases)} readers")
        for user, y, d in cases[:EXAMPLES]:
            print(f"    {user}: yir {json.dumps(y, ensure_ascii=False)}, DuckDB {json.dumps(d, ensure_ascii=False)}")
    if disagreements or only_yir or only_duck:
        print("the equal-work query does not compute what yir computes: its timings would compare unequal work")
        sys.exit(1)


if __name__ == "__main__":
    main()
