#!/usr/bin/env python3
"""How long `yir report --format html` takes to render N readers' slides and the index (the
target: 10,000 readers, most with a map of their places, in at most 8 s). The time is the
renderer's own ("html:" in --verbose): rendering and writing into the new readers/ folder,
without ingest and statistics.

The runs alternate between a folder in memory (/dev/shm), where the time is yir's alone and the
target applies, and one on the disk under .bench, where creating ten thousand files adds what
the file system costs. That cost is measured on its own in the same run: a plain loop writing
as many files of the same sizes.

    python3 Benchmarks/render_html.py --yir .build/release/yir --export .bench/html-10k-places.jsonl --runs 3
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time


def render(args, parent):
    """One run's html time and page count, into a new folder under `parent` kept until the end."""
    out = tempfile.mkdtemp(dir=parent)
    command = [args.yir, "report", args.export, "--out", out, "--format", "html", "--verbose",
               "--as-of", "2025-12-31T12:00:00Z", "--tz", "UTC", "--max-reject-rate", "1"]
    if args.jobs:
        command += ["--jobs", str(args.jobs)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    match = re.search(r"html: ([0-9.]+) secs? for (\d+) reader pages", result.stderr)
    if not match:
        raise SystemExit("no html timing in yir's output:\n" + result.stderr)
    return float(match.group(1)), int(match.group(2)), out


def plain_files(parent, pages):
    """Seconds a plain loop takes to create the files of `pages` again, same names and sizes."""
    out = tempfile.mkdtemp(dir=parent)
    start = time.monotonic()
    for name, data in pages:
        with open(os.path.join(out, name), "wb") as file:
            file.write(data)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yir", required=True)
    parser.add_argument("--export", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0)
    args = parser.parse_args()
    memory_parent = "/dev/shm" if os.path.isdir("/dev/shm") else ".bench"
    os.makedirs(".bench", exist_ok=True)
    in_memory, on_disk, files = [], [], []
    pages = 0
    # Every run's pages are kept until the last run is done: deleting ten thousand files just
    # before creating as many more is a cost of the benchmark, not of a nightly run.
    with tempfile.TemporaryDirectory(dir=memory_parent) as memory, tempfile.TemporaryDirectory(dir=".bench") as disk:
        for _ in range(args.runs):
            seconds, pages, _ = render(args, memory)
            in_memory.append(seconds)
            seconds, pages, out = render(args, disk)
            on_disk.append(seconds)
            folder = os.path.join(out, "readers")
            written = [(name, open(os.path.join(folder, name), "rb").read()) for name in sorted(os.listdir(folder))]
            files.append(plain_files(disk, written))
    median = statistics.median(in_memory)
    print(f"html rendering into memory ({memory_parent}): {pages} reader pages + index, runs "
          + ", ".join(f"{t:.2f}" for t in in_memory) + f" s, median {median:.2f} s ({pages / median:,.0f} pages/s); "
          f"target ≤ 8 s for 10,000 readers: {'met' if median <= 8 or pages < 10000 else 'NOT met'}")
    print("html rendering onto the disk (.bench): runs " + ", ".join(f"{t:.2f}" for t in on_disk)
          + f" s, median {statistics.median(on_disk):.2f} s; a plain loop creating the same files there: "
          + ", ".join(f"{t:.2f}" for t in files) + " s")


if __name__ == "__main__":
    main()
