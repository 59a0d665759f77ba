#!/usr/bin/env python3
"""The profile path against the native path (the target: within 2× of the native throughput).

Converts the bench export once into a Sensors Analytics export (page views, sessions and
saves; the rest is left out), then times `yir stats` on each, alternating, and compares
records per second (the Sensors lines are longer, so bytes per second would flatter it).

    python3 Benchmarks/profile_throughput.py --yir .build/release/yir --export .bench/export.jsonl --runs 3
"""
import argparse
import json
import os
import statistics
import subprocess
import time
from datetime import datetime, timezone

EVENTS = {"page_view": "$AppPageLeave", "session": "$AppEnd", "saved_article": "SaveArticle"}


def epoch_ms(stamp):
    if isinstance(stamp, (int, float)):
        return int(stamp)
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00").replace(" ", "T"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    delta = moment - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


def convert(native, sensors):
    records = 0
    with open(native, encoding="utf-8") as src, open(sensors + ".tmp", "w", encoding="utf-8") as out:
        for line in src:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            event = EVENTS.get(r.get("type"))
            if not event:
                continue
            p = {"$lib": "Android", "$os": "Android", "$app_version": "2.7.50512"}
            if r.get("tz"):
                p["$time_zone"] = r["tz"]
            t = epoch_ms(r["timestamp"])
            if event == "$AppPageLeave":
                p.update({"$title": r["title"], "$url": f"https://{r['wiki']}/wiki/x", "event_duration": r["seconds"]})
            elif event == "$AppEnd":
                p["event_duration"] = r["duration_ms"] / 1000
                t += int(r["duration_ms"])
            else:
                p.update(title=r["title"], wiki=r["wiki"])
            out.write(json.dumps({"distinct_id": r.get("user", "default"), "time": t, "event": event, "properties": p},
                                 ensure_ascii=False, separators=(",", ":")) + "\n")
            records += 1
    os.replace(sensors + ".tmp", sensors)


def accepted(yir, arguments):
    result = subprocess.run([yir, "check", *arguments, "--as-of", "2025-12-31T12:00:00Z", "--max-reject-rate", "1"],
                            capture_output=True, text=True, check=True)
    return sum(json.loads(result.stdout)["accepted"].values())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yir", required=True)
    parser.add_argument("--export", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sensors = os.path.join(os.path.dirname(args.export), "export-sensors.jsonl")
    if not os.path.exists(sensors):
        convert(args.export, sensors)
    runs = {"native": [args.export], "sensors": [sensors, "--profile", "sensors"]}
    counts = {name: accepted(args.yir, a) for name, a in runs.items()}
    times = {name: [] for name in runs}
    for _ in range(args.runs):
        for name, arguments in runs.items():
            start = time.perf_counter()
            subprocess.run([args.yir, "stats", *arguments, "--as-of", "2025-12-31T12:00:00Z", "--max-reject-rate", "1",
                            "--quiet"],
                           stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - start)
    rate = {}
    for name in runs:
        median = statistics.median(times[name])
        size = os.path.getsize(runs[name][0]) / 1e6
        rate[name] = counts[name] / median
        print(f"{name:8} {counts[name]:>10,} records {size:8.1f} MB  median {median:6.2f} s  "
              f"{rate[name] / 1e6:5.2f} M records/s  {size / median:6.1f} MB/s")
    ratio = rate["native"] / rate["sensors"]
    print(f"profile path: {ratio:.2f}× the native time per record (target ≤ 2×: {'met' if ratio <= 2 else 'NOT met'})")


if __name__ == "__main__":
    main()
