#!/bin/sh
# The two-step contract without Spark (docs/SCALE.md): split by reader, `yir stats --partition`
# on each part with xargs -P, `yir render` on all the lines — the same files as one process.
set -eu
YIR=${YIR:-.build-static/release/yir}
WORK=${WORK:-.spark}/local
AS_OF=2025-12-31T12:00:00Z
rm -rf "$WORK" && mkdir -p "$WORK"
"$YIR" sample --readers 1500 --days 120 --seed 12 > "$WORK/export.jsonl"
echo 'not json' >> "$WORK/export.jsonl"

# The single run creates the link key; render names the decks with the same file.
TZ=UTC "$YIR" report "$WORK/export.jsonl" --out "$WORK/single" --as-of $AS_OF --quiet --link-key "$WORK/link-key"

python3 deploy/local/partition.py 5 "$WORK/parts" < "$WORK/export.jsonl"
export YIR AS_OF WORK
ls "$WORK"/parts/*.jsonl | TZ=UTC xargs -P 2 -I{} sh -c \
  '"$YIR" stats - --format jsonl --partition --stdin-name "$WORK/export.jsonl" --as-of $AS_OF --quiet < "{}" > "{}.lines"'
"$YIR" render "$WORK"/parts/*.lines --out "$WORK/xargs" --quiet --link-key "$WORK/link-key"

diff -r "$WORK/single" "$WORK/xargs" > "$WORK/diff.txt" || { echo "FAIL: the xargs run's report differs:"; head -20 "$WORK/diff.txt"; exit 1; }
echo "ok: xargs -P 2 over 5 partitions: every output identical to one process"
