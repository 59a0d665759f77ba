#!/usr/bin/env python3
"""Instructions yir executes, counted by Valgrind's callgrind: a measure that does not move with
what else the machine is doing, for a change that must cost an export no more than before (a new
figure an export does not carry, say). Each command runs once per build on the first --lines
lines of the export, at --jobs 1.

    instructions.py --yir PATH --yir-before OTHER --export FILE [--lines N] [--limit PERCENT] [--strict]

Valgrind 3.19 cannot read Swift's DWARF 5, so both binaries are counted on copies made with
`strip --strip-debug`. With --strict, a command that costs more than --limit percent above the
other build makes the exit status 1."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

COMMANDS = {
    "check": ["check"],
    "stats --format jsonl": ["stats", "--format", "jsonl"],
}


def instructions(binary, arguments, folder):
    out = os.path.join(folder, "callgrind.out")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary] + arguments,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ, TZ="UTC"))
    if done.returncode != 0:
        sys.exit(f"{binary} {' '.join(arguments)}: exit {done.returncode}\n{done.stderr.decode()[-2000:]}")
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr.decode())
    if not found:
        sys.exit("callgrind printed no count")
    return int(found.group(1))


def output_bytes(binary, arguments):
    done = subprocess.run([binary] + arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          env=dict(os.environ, TZ="UTC"))
    return len(done.stdout)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--yir-before", required=True)
    p.add_argument("--export", required=True)
    p.add_argument("--lines", type=int, default=150_000)
    p.add_argument("--as-of", default="2025-12-31T12:00:00Z")
    p.add_argument("--limit", type=float, default=2.0, help="percent")
    p.add_argument("--strict", action="store_true")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        part = os.path.join(folder, "export.jsonl")
        with open(args.export, "rb") as source, open(part, "wb") as target:
            for i, line in enumerate(source):
                if i == args.lines:
                    break
                target.write(line)
        builds = {}
        for name, binary in (("after", args.yir), ("before", args.yir_before)):
            copy = os.path.join(folder, f"yir-{name}")
            shutil.copy(binary, copy)
            subprocess.run(["strip", "--strip-debug", copy], check=True)
            builds[name] = copy
        over = False
        print(f"export: the first {args.lines} lines of {args.export}; --jobs 1; instructions (callgrind)")
        for name, command in COMMANDS.items():
            arguments = command + [part, "--as-of", args.as_of, "--jobs", "1", "--quiet"]
            before = instructions(builds["before"], arguments, folder)
            after = instructions(builds["after"], arguments, folder)
            change = 100 * (after - before) / before
            written = ""
            if name.startswith("stats"):
                sizes = [output_bytes(builds[b], arguments) for b in ("before", "after")]
                written = f"   output {sizes[0] / 1e6:.1f} -> {sizes[1] / 1e6:.1f} MB ({100 * (sizes[1] - sizes[0]) / sizes[0]:+.1f} %)"
            print(f"{name:22} before {before / 1e9:7.3f} G   after {after / 1e9:7.3f} G   {change:+6.2f} %{written}")
            over = over or change > args.limit
        print(f"target: at most {args.limit:+.1f} % each")
        if args.strict and over:
            sys.exit(1)


if __name__ == "__main__":
    main()
