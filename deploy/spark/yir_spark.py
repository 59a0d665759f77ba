#!/usr/bin/env python3
"""yir on Apache Spark (SPEC §6): the same report as one `yir report`, for exports too large
for one machine.

    spark-submit --files yir deploy/spark/yir_spark.py \\
        --input s3://bucket/export/ --lines s3://bucket/yir-lines/ --out /srv/yir/2025 \\
        --as-of 2025-12-31T23:59:59Z --partitions 200

1. Read the export (text files; Spark reads folders, globs and .gz) and key each line by its
   reader (`user`, or "default"). Lines that are not JSON objects go to partition 0, so they are
   rejected and counted exactly once.
2. Partition by a hash of the user: all of a reader's records in one partition, which is all
   yir needs (SPEC §6).
3. Pipe each partition through `yir stats - --format jsonl --partition`: the binary shipped
   with `--files` (found on the executor with SparkFiles), the same --as-of and options for
   every task, an explicit environment (TZ), and a failed exit fails the task, which Spark
   retries (spark.task.maxFailures).
4. Write the lines with Spark's output committer (`saveAsTextFile`): a retried task's output
   replaces its failed attempt's, so each partition's lines are in the result once.
5. Run `yir render` on those lines on the driver — the cohort and ranks over all readers —
   which writes the same files as `yir report` would (byte for byte for json, jsonl, csv, xml
   and html). On a cluster, copy the lines folder to the driver first, or run render anywhere
   the lines can be read.

Why not `RDD.pipe`: the command of `RDD.pipe` is fixed on the driver, but the path of a file
shipped with --files is only known on the executor (SparkFiles.get), and `pipe` gives the child
an empty environment and ignores its exit code unless checkCode=True. The function below does
what `pipe(..., checkCode=True)` does, with the binary found on the executor and TZ set.
"""
import argparse
import json
import os
import subprocess
import sys
import zlib


def reader_key(line):
    """The reader a line belongs to; lines that are not JSON objects all go to one reader key."""
    try:
        record = json.loads(line)
    except ValueError:
        return ""
    if not isinstance(record, dict):
        return ""
    user = record.get("user")
    return user if isinstance(user, str) else "default"


def partition_of(key, partitions):
    """A stable hash (Python's own hash of str is salted per process)."""
    return zlib.crc32(key.encode("utf-8", errors="surrogateescape")) % partitions


def yir_stats_partition(options):
    """mapPartitionsWithIndex function: the partition's lines through `yir stats --partition`."""

    def run(index, lines):
        from pyspark import SparkFiles, TaskContext

        binary = options["binary"] or SparkFiles.get("yir")
        if not os.access(binary, os.X_OK):
            os.chmod(binary, 0o755)
        # Test hook: the first attempt of one task fails, to show the retry gives the same result.
        marker = options.get("fail_once")
        if marker and index == 0 and TaskContext.get().attemptNumber() == 0 and not os.path.exists(marker):
            open(marker, "w").close()
            raise RuntimeError("yir_spark: failing partition 0 once on purpose (--fail-once)")
        command = [binary, "stats", "-", "--format", "jsonl", "--partition", "--quiet", "--jobs", "1",
                   "--stdin-name", options["stdin_name"]] + options["yir_args"]
        env = {"TZ": options["tz"], "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
        with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=env) as child:
            # Feed stdin from a thread so a large partition cannot deadlock on a full pipe.
            import threading

            def feed():
                try:
                    for line in lines:
                        child.stdin.write(line.encode("utf-8") + b"\n")
                finally:
                    child.stdin.close()

            writer = threading.Thread(target=feed)
            writer.start()
            output = child.stdout.read()
            errors = child.stderr.read()
            writer.join()
            status = child.wait()
        if status != 0:
            raise RuntimeError(f"yir stats exited with {status} on partition {index}: {errors.decode(errors='replace')}")
        for line in output.decode("utf-8").splitlines():
            yield line

    return run


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="the export: a file, folder or glob Spark can read")
    parser.add_argument("--lines", required=True, help="where the partitions' lines are written (must not exist)")
    parser.add_argument("--out", required=True, help="the report folder (yir render --out)")
    parser.add_argument("--as-of", required=True, help="the as-of instant: the same for every task")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--format", default="html,xml,json,jsonl,csv")
    parser.add_argument("--tz", default=os.environ.get("TZ", "UTC"),
                        help="TZ for the tasks: the zone of readers whose records name none")
    parser.add_argument("--yir", default=None,
                        help="the yir binary on the executors; default: the file shipped with --files yir")
    parser.add_argument("--render-yir", default="./yir", help="the yir binary on the driver, for render")
    parser.add_argument("--stdin-name", default=None, help="the export's name in the report's inputs (default: --input)")
    parser.add_argument("--link-key", default=None,
                        help="the link key the reader decks are named with, on the driver (yir render --link-key); "
                             "the same file as the single runs' gives the same deck names")
    parser.add_argument("--fail-once", default=None, help=argparse.SUPPRESS)
    args, yir_args = parser.parse_known_args(argv)

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("yir").getOrCreate()
    sc = spark.sparkContext
    partitions = args.partitions
    options = {
        "binary": args.yir, "tz": args.tz, "fail_once": args.fail_once,
        "stdin_name": args.stdin_name or args.input,
        "yir_args": ["--as-of", args.as_of] + yir_args,
    }
    lines = (sc.textFile(args.input)
             .map(lambda line: (reader_key(line), line))
             .partitionBy(partitions, lambda key: partition_of(key, partitions))
             .values()
             .mapPartitionsWithIndex(yir_stats_partition(options)))
    lines.saveAsTextFile(args.lines)
    spark.stop()

    parts = sorted(os.path.join(args.lines, name) for name in os.listdir(args.lines) if name.startswith("part-"))
    render = [args.render_yir, "render", *parts, "--out", args.out, "--format", args.format]
    if args.link_key:
        render += ["--link-key", args.link_key]
    print("yir_spark: " + " ".join(render[:2]) + f" {len(parts)} partition files --out {args.out}", file=sys.stderr)
    sys.exit(subprocess.run(render).returncode)


if __name__ == "__main__":
    main()
