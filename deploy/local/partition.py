#!/usr/bin/env python3
"""Splits a JSON Lines export into N files by reader — SPEC §6's one requirement — for running
the two steps without Spark (xargs -P, GNU parallel, Hadoop Streaming's mapper).

    python3 deploy/local/partition.py N OUT_DIR < export.jsonl

Writes OUT_DIR/part-00000.jsonl … (one per partition, possibly empty). A line goes to
crc32(user) mod N, as in deploy/spark/yir_spark.py; lines that are not JSON objects go with
the key "" so they are rejected, and counted, exactly once.
"""
import os
import sys

# The same partitioning as the Spark recipe, from the same code.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spark"))
from yir_spark import partition_of, reader_key  # noqa: E402


def main():
    n, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    parts = [open(os.path.join(folder, f"part-{i:05d}.jsonl"), "w", encoding="utf-8", errors="surrogateescape", newline="\n") for i in range(n)]
    for line in sys.stdin.buffer:
        text = line.decode("utf-8", errors="surrogateescape").rstrip("\r\n")
        if not text.strip():
            continue
        parts[partition_of(reader_key(text), n)].write(text + "\n")
    for part in parts:
        part.close()


if __name__ == "__main__":
    main()
