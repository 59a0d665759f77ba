#!/usr/bin/env python3
"""What embedding pictures costs the decks (the target: from a warm image cache, `--images embed`
adds at most 50 % to the time `--images none` takes to render 10,000 readers' decks, and no deck
weighs more than 64 KB).

The image cache holds a picture for every https thumbnail on upload.wikimedia.org the export
names: a pool of photograph-like JPEGs (noise over gradients, 320 px wide, as Wikimedia's
thumbnails are), made with Pillow and hard-linked under each URL's name. One `embed` run first
makes and keeps every square the decks show (the cold run, timed and reported too); the timed
runs then alternate `none` and `embed` into /dev/shm. The time is the renderer's own ("html:" in
--verbose).

    .venv-bench/bin/python Benchmarks/render_pictures.py --yir .build/release/yir \\
        --export .bench/html-10k-places.jsonl --cache .bench/image-cache --runs 3
"""
import argparse
import hashlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

from PIL import Image, ImageFilter


def thumbnails(export):
    urls = set()
    with open(export, encoding="utf-8") as lines:
        for line in lines:
            if '"thumbnail"' in line:
                url = json.loads(line).get("thumbnail")
                if isinstance(url, str) and url.startswith("https://upload.wikimedia.org/"):
                    urls.add(url)
    return sorted(urls)


def fill(cache, urls, pool=40):
    """Each URL's file in `cache`, a hard link to one of `pool` pictures (the same URL, the same one)."""
    os.makedirs(os.path.join(cache, "pool"), exist_ok=True)
    rng = random.Random(7)
    pictures = []
    for i in range(pool):
        path = os.path.join(cache, "pool", f"{i}.jpg")
        if not os.path.exists(path):
            base = Image.linear_gradient("L").resize((320, 240)).convert("RGB")
            noise = Image.effect_noise((320, 240), 40 + i).convert("RGB")
            tint = Image.new("RGB", (320, 240), tuple(rng.randrange(256) for _ in range(3)))
            Image.blend(Image.blend(base, tint, 0.5), noise, 0.3).filter(ImageFilter.SMOOTH).save(path, quality=85)
        pictures.append(path)
    for url in urls:
        name = os.path.join(cache, hashlib.sha256(url.encode()).hexdigest())
        if not os.path.exists(name):
            os.link(pictures[int(hashlib.sha256(url.encode()).hexdigest(), 16) % pool], name)


def render(args, parent, images):
    out = tempfile.mkdtemp(dir=parent)
    command = [args.yir, "report", args.export, "--out", out, "--format", "html", "--verbose",
               "--as-of", "2025-12-31T12:00:00Z", "--tz", "UTC", "--max-reject-rate", "1", "--images", images]
    if images == "embed":
        command += ["--image-cache", args.cache]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    match = re.search(r"html: ([0-9.]+) secs? for (\d+) reader pages", result.stderr)
    if not match:
        raise SystemExit("no html timing in yir's output:\n" + result.stderr)
    readers = os.path.join(out, "readers")
    heaviest = max(os.path.getsize(os.path.join(readers, name)) for name in os.listdir(readers))
    pictures = re.search(r"pictures: (\d+) embedded, (\d+) left", result.stderr)
    return float(match.group(1)), heaviest, pictures.groups() if pictures else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yir", required=True)
    parser.add_argument("--export", required=True)
    parser.add_argument("--cache", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    urls = thumbnails(args.export)
    fill(args.cache, urls)
    parent = "/dev/shm" if os.path.isdir("/dev/shm") else ".bench"
    times = {"none": [], "embed": []}
    with tempfile.TemporaryDirectory(dir=parent) as folder:
        cold, _, made = render(args, folder, "embed")
        print(f"{len(urls)} thumbnails in the cache; the first embed run (squares made and kept): {cold:.2f} s, "
              f"pictures embedded/left out: {made}")
        heaviest = 0
        for _ in range(args.runs):
            for images in ("none", "embed"):
                seconds, largest, _ = render(args, folder, images)
                times[images].append(seconds)
                if images == "embed":
                    heaviest = max(heaviest, largest)
    none, embed = statistics.median(times["none"]), statistics.median(times["embed"])
    print(f"html, median of {args.runs}: --images none {none:.2f} s {times['none']}, "
          f"--images embed {embed:.2f} s {times['embed']}: {embed / none:.2f}x (target <= 1.50x)")
    print(f"heaviest deck with pictures: {heaviest:,} bytes (target <= 65,536)")
    missed = embed > 1.5 * none or heaviest > 65536
    if missed and args.strict:
        sys.exit(1)


if __name__ == "__main__":
    main()
