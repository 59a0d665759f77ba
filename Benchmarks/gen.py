#!/usr/bin/env python3
# Copied unchanged (but for these two comment lines) from the shared benchmark kit beside the repository in CI
# (bench/gen.py), so that a clone of yir alone can make the same export: keep the two alike.
"""Deterministic synthetic export in the native profile, for side-by-side speed runs.
usage: gen.py OUT.jsonl [MEGABYTES] [SEED]   (readers ~ 1 per 2.5 KB, ~75% page views)"""
import random, sys, json
out, mb, seed = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 200, int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
titles = [f"Article {i}" for i in range(20000)] + ["Albert Einstein", "Zürich", "Café \"Central\"", "東京", "Москва",
          "Python (programming language)", "List of largest cities", "C++", "Back\\slash"]
wikis = ["en.wikipedia.org", "de.wikipedia.org", "fr.wikipedia.org", "ja.wikipedia.org", "es.wikipedia.org", "enwiki", "wikipedia~it"]
zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata"]
target = int(mb * 1_000_000)
readers = max(1, target // 2500)
written = 0
base = 1735689600  # 2025-01-01Z
with open(out, "w", encoding="utf-8") as f:
    buf = []
    while written < target:
        u = rnd.randrange(readers)
        t = base + rnd.randrange(0, 365 * 86400)
        ts = f"2025-{1 + (t - base) // (31 * 86400):02d}-{1 + ((t - base) // 86400) % 28:02d}T{(t // 3600) % 24:02d}:{(t // 60) % 60:02d}:{t % 60:02d}Z"
        k = rnd.random()
        if k < 0.75:
            title = titles[min(int(rnd.paretovariate(1.2)) - 1, len(titles) - 1)] if rnd.random() < 0.7 else rnd.choice(titles)
            line = json.dumps({"type": "page_view", "user": f"u{u}", "wiki": rnd.choice(wikis), "title": title,
                               "namespace": 0, "timestamp": ts, "seconds": rnd.choice([3, 12, 45, 61, 130, 300, 900, 2400]),
                               "tz": zones[u % len(zones)]}, ensure_ascii=False)
        elif k < 0.90:
            line = json.dumps({"type": "session", "user": f"u{u}", "timestamp": ts, "duration_ms": rnd.randrange(1000, 3_600_000),
                               "tz": zones[u % len(zones)]})
        elif k < 0.99:
            line = json.dumps({"type": "saved_article", "user": f"u{u}", "wiki": rnd.choice(wikis), "title": rnd.choice(titles),
                               "timestamp": ts, "action": "save" if rnd.random() < 0.9 else "unsave"}, ensure_ascii=False)
        else:
            line = json.dumps({"type": "history_cleared", "user": f"u{u}", "timestamp": ts})
        buf.append(line)
        written += len(line.encode()) + 1
        if len(buf) >= 10000:
            f.write("\n".join(buf) + "\n"); buf = []
    if buf:
        f.write("\n".join(buf) + "\n")
