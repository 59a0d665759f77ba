#!/usr/bin/env python3
"""How long `yir report --format html` takes to render N readers' slides and the index (the
target: 10,000 readers, most with a map of their places, in at most 8 s). The time is the renderer's own ("html:" in
--verbose), rendering and writing into the new readers/ folder, without ingest and statistics.

    python3 Benchmarks/render_html.py --yir .build/release/yir --export .bench/html-10k-places.jsonl --runs 3
"""
import argparse
import re
import statistics
import subprocess
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yir", required=True)
    parser.add_argument("--export", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0)
    args = parser.parse_args()
    times = []
    pages = 0
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(dir=".bench") as out:
            command = [args.yir, "report", args.export, "--out", out, "--format", "html", "--verbose",
                       "--as-of", "2025-12-31T12:00:00Z", "--tz", "UTC", "--max-reject-rate", "1"]
            if args.jobs:
                command += ["--jobs", str(args.jobs)]
            result = subprocess.run(command, capture_output=True, text=True, check=True)
            match = re.search(r"html: ([0-9.]+) secs? for (\d+) reader pages", result.stderr)
            if not match:
                raise SystemExit("no html timing in yir's output:\n" + result.stderr)
            times.append(float(match.group(1)))
            pages = int(match.group(2))
    median = statistics.median(times)
    print(f"html rendering: {pages} reader pages + index, median {median:.2f} s over {args.runs} runs "
          f"({pages / median:,.0f} pages/s); target ≤ 8 s for 10,000 readers: "
          f"{'met' if median <= 8 or pages < 10000 else 'NOT met'}")


if __name__ == "__main__":
    main()
