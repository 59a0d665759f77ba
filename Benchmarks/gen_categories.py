#!/usr/bin/env python3
"""An export whose every page view carries categories no other view carries (SPEC §4.5 v4: peak
memory within 2 KB per accepted record plus the distinct strings' bytes): each view is of an
article of its own with CATEGORIES new categories (`Category 1234567 of the export`, 24–31
bytes), spread over READERS readers, one line in ten a session. The worst case for yir's
memory: nothing repeats, so every category is a string to keep, and every reader's categories
are all counted.
usage: gen_categories.py OUT.jsonl MEGABYTES READERS [CATEGORIES] [SEED]"""
import json
import random
import sys

out, mb, readers = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
per_view = int(sys.argv[4]) if len(sys.argv) > 4 else 10
rnd = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
target, written, category, view = int(mb * 1_000_000), 0, 0, 0
base = 1735689600  # 2025-01-01T00:00:00Z
with open(out, "w", encoding="utf-8") as f:
    buf = []
    while written < target:
        user = f"reader{rnd.randrange(readers)}"
        t = base + rnd.randrange(0, 364 * 86400)
        stamp = f"{t * 1000}"
        if rnd.random() < 0.1:
            line = f'{{"type":"session","user":"{user}","timestamp":{stamp},"duration_ms":{rnd.randrange(1000, 3_600_000)}}}'
        else:
            names = [f"Category {category + k} of the export" for k in range(per_view)]
            category += per_view
            view += 1
            line = json.dumps({"type": "page_view", "user": user, "timestamp": t * 1000, "wiki": "en.wikipedia.org",
                               "title": f"Article {view}", "seconds": rnd.choice([3, 12, 45, 61, 130, 300]),
                               "categories": names}, separators=(",", ":"))
        buf.append(line)
        written += len(line) + 1
        if len(buf) >= 10000:
            f.write("\n".join(buf) + "\n")
            buf = []
    if buf:
        f.write("\n".join(buf) + "\n")
print(f"{out}: {written / 1e6:.0f} MB, {view} views, {category} distinct categories, {readers} readers", file=sys.stderr)
