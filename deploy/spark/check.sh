#!/bin/sh
# make test-spark: the recipe on real Spark in local mode (2 threads, each task tried up to
# twice), with the first attempt of one task made to fail; the report must be byte for byte
# the one `yir report` writes for the whole export in one process.
set -eu
YIR=${YIR:-.build-static/release/yir}
PYTHON=${PYTHON:-.venv-spark/bin/python}
WORK=${WORK:-.spark}
AS_OF=2025-12-31T12:00:00Z
rm -rf "$WORK" && mkdir -p "$WORK"
EXPORT="$WORK/export.jsonl"
# The binary alone, away from the source tree, is all the executors and the driver get.
mkdir "$WORK/bin" && cp "$YIR" "$WORK/bin/yir" && YIR="$WORK/bin/yir"

"$YIR" sample --readers 6000 --days 200 --seed 11 > "$EXPORT"
# Lines every partition could get: not JSON, a bad timestamp; the rules still count them once.
printf '%s\n' 'not json' '{"type":"page_view","user":"r1","timestamp":"soon","wiki":"enwiki","title":"X","seconds":1}' >> "$EXPORT"

# The single run creates the link key; render names the decks with the same file.
KEY="$WORK/link-key"
start=$(date +%s)
TZ=UTC "$YIR" report "$EXPORT" --out "$WORK/single" --as-of $AS_OF --quiet --link-key "$KEY"
single=$(( $(date +%s) - start ))

export SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON="$PYTHON"
start=$(date +%s)
"$(dirname "$PYTHON")/spark-submit" --master 'local[2,2]' \
  --conf spark.ui.enabled=false --conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1 \
  --conf spark.ui.showConsoleProgress=false \
  --files "$YIR" deploy/spark/yir_spark.py \
  --input "$EXPORT" --lines "$WORK/lines" --out "$WORK/spark" --as-of $AS_OF --partitions 6 --tz UTC \
  --render-yir "$YIR" --link-key "$KEY" --fail-once "$WORK/failed-once" 2> "$WORK/spark.log" \
  || { tail -50 "$WORK/spark.log"; exit 1; }
spark=$(( $(date +%s) - start ))

test -e "$WORK/failed-once" || { echo "FAIL: the planned task failure did not happen"; exit 1; }
grep -q "failing partition 0 once on purpose" "$WORK/spark.log" || { echo "FAIL: no failed attempt in the log"; exit 1; }
diff -r "$WORK/single" "$WORK/spark" > "$WORK/diff.txt" || { echo "FAIL: Spark's report differs:"; head -20 "$WORK/diff.txt"; exit 1; }
readers=$(grep -c . "$WORK/single/readers.jsonl")
echo "ok: Spark local[2,2], 6 partitions, one task failed once and was retried: every output identical to one process ($readers readers; one process ${single}s, Spark ${spark}s)"
