#!/usr/bin/env python3
"""Peak memory on exports whose every view carries categories no other view carries (made by
gen_categories.py): yir's peak resident set against SPEC §4.5's bound — 2 KB per accepted
record plus the bytes of the distinct strings — and DuckDB's on the same file, for scale.
DuckDB runs a simple reduction in the manner of the shared kit's duck_v3.py (each reader's
reading seconds and top category by seconds): not yir's job, a yardstick.

    memory.py --yir PATH [--yir-before OTHER] --python VENV-PYTHON --export FILE [--export FILE…] [--runs N]

Each program's peak is the largest resident set the kernel saw for it (`wait4`'s ru_maxrss);
runs alternate between the programs and the largest of each is shown. The bound is counted by a
process of its own: a child's peak includes what its parent held when it was started. A peak
over the bound is marked OVER; with --strict, it makes the exit status 1."""
import argparse
import json
import os
import subprocess
import sys
import time

DUCK_QUERY = """
import duckdb, sys
con = duckdb.connect()
con.execute("SET threads=" + sys.argv[2])
q = '''
WITH raw AS (SELECT * FROM read_ndjson(?, columns={'type':'VARCHAR','user':'VARCHAR','wiki':'VARCHAR','title':'VARCHAR',
        'seconds':'DOUBLE','categories':'VARCHAR[]'})),
per AS (SELECT "user", wiki, title, sum(seconds) s, any_value(categories) c FROM raw WHERE type='page_view' GROUP BY ALL),
rd AS (SELECT "user", sum(s) secs, count(*) articles FROM per GROUP BY "user"),
cs AS (SELECT "user", arg_max(cat, s) topcat FROM (SELECT "user", unnest(c) cat, s FROM per) GROUP BY "user")
SELECT count(*), sum(secs), count(topcat) FROM rd FULL JOIN cs USING ("user")
'''
print(con.execute(q, [sys.argv[1]]).fetchall())
"""


def peak(command):
    """(seconds, peak resident KiB) of one run, its output thrown away."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - start
    errors = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(command)}: exit {code}\n{errors[-2000:]}")
    return elapsed, usage.ru_maxrss


def bound(export):
    """SPEC §4.5: 2 KB per accepted record plus the distinct strings' bytes (users, sites,
    titles, categories, topics, thumbnails, zones, tags), counted from the export itself."""
    records, strings = 0, set()
    with open(export, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            records += 1
            for member in ("user", "wiki", "title", "thumbnail", "tz", "locale"):
                if isinstance(r.get(member), str):
                    strings.add((member, r[member]))
            for member in ("categories", "topics"):
                for name in r.get(member) or []:
                    strings.add((member, name))
    text = sum(len(s.encode()) for _, s in strings)
    return records, len(strings), text, records * 2048 + text


def main():
    if sys.argv[1:2] == ["--bound"]:
        print(json.dumps(bound(sys.argv[2])))
        return 0
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--yir-before", help="another build, run in the same alternating rounds")
    p.add_argument("--python", required=True, help="a Python with duckdb (the bench venv's)")
    p.add_argument("--export", action="append", required=True)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--strict", action="store_true", help="exit 1 when yir's peak is over the bound")
    args = p.parse_args()
    over = False
    for export in args.export:
        counted = subprocess.run([sys.executable, os.path.abspath(__file__), "--bound", export],
                                 capture_output=True, check=True, text=True)
        records, distinct, text, limit = json.loads(counted.stdout)
        size = os.path.getsize(export) / 1e6
        print(f"{os.path.basename(export)}: {size:.0f} MB, {records:,} records, {distinct:,} distinct strings of "
              f"{text / 1e6:.0f} MB; bound {limit / 2**20:.0f} MiB")
        programs = [("yir", [args.yir])] + ([("yir before", [args.yir_before])] if args.yir_before else [])
        runs = {name: [] for name, _ in programs}
        runs["DuckDB (simple reduction)"] = []
        for _ in range(args.runs):
            for name, binary in programs:
                runs[name].append(peak(binary + ["stats", export, "--as-of", "2025-12-31T12:00:00Z", "--format", "jsonl",
                                                 "--quiet"]))
            runs["DuckDB (simple reduction)"].append(peak([args.python, "-c", DUCK_QUERY, export, str(os.cpu_count())]))
        for name, results in runs.items():
            seconds = sorted(r[0] for r in results)[len(results) // 2]
            kib = max(r[1] for r in results)
            note = ""
            if name.startswith("yir"):
                note = f"  {kib * 1024 / limit:.0%} of the bound" + ("  OVER" if kib * 1024 > limit else "")
                over = over or (name == "yir" and kib * 1024 > limit)
            print(f"  {name:28} peak {kib / 1024:7.0f} MiB  {seconds:6.1f} s{note}")
    return 1 if over and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
