#!/usr/bin/env python3
"""Checks that Package.swift declares exactly the modules each target's files import.

The module graph is what keeps the pipeline one-way (ingest → statistics → report), and the
compiler enforces only what Package.swift declares: SwiftPM lets a target import a module
built before it even when it does not declare it. So every `import` of one of the package's
own modules or of a dependency's product (and, in a C target, every `#include` of another
C target's public header) must be declared by the importing target, and every declared
dependency must be imported somewhere in the target.

Usage: check_imports.py ROOT [--dump FILE]
  ROOT   the package folder: its Package.swift, and its targets' files
  FILE   `swift package dump-package` output to use instead of running it
Exit 0 when the declarations and the imports agree; 1, naming each file and module, when not.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

IMPORT = re.compile(r"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)*import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def manifest(root, dump):
    if dump:
        with open(dump) as f:
            return json.load(f)
    # A scratch folder of its own: the package's .build may be locked by a running build or test.
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run([os.environ.get("SWIFT", "swift"), "package", "--package-path", root,
                              "--scratch-path", scratch, "dump-package"],
                             check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def dependency_names(target):
    """The module names a target declares: its targets, and the products of its packages."""
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names


INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')


def imports_of(folder, headers):
    """module → the files of `folder` that import it: Swift files by `import`, C files by
    including a header of another C target's `include/` folder (`headers`: header → target)."""
    found = {}
    for dirpath, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith((".swift", ".c", ".h")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    m = IMPORT.match(line) if name.endswith(".swift") else INCLUDE.match(line)
                    if m and name.endswith(".swift"):
                        found.setdefault(m.group(1), []).append(path)
                    elif m and m.group(1) in headers:
                        found.setdefault(headers[m.group(1)], []).append(path)
    return found


def public_headers(root, targets):
    """header file name → the C target whose `include/` folder holds it."""
    headers = {}
    for t in targets:
        include = os.path.join(root, t.get("path") or os.path.join("Sources", t["name"]), "include")
        if os.path.isdir(include):
            for name in os.listdir(include):
                headers[name] = t["name"]
    return headers


def main(argv):
    args = [a for a in argv[1:]]
    dump = None
    if "--dump" in args:
        i = args.index("--dump")
        dump = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    root = args[0]
    package = manifest(root, dump)
    targets = package["targets"]
    # Modules the package can know: its own targets and the products of its dependencies.
    own = {t["name"] for t in targets}
    products = set()
    for t in targets:
        for dep in t.get("dependencies", []):
            if "product" in dep:
                products.add(dep["product"][0])
    known = own | products
    headers = public_headers(root, targets)
    problems = []
    for t in targets:
        if t["type"] in ("system", "binary", "plugin") or t.get("pluginCapability"):
            continue
        default = "Tests" if t["type"] == "test" else "Sources"
        folder = os.path.join(root, t.get("path") or os.path.join(default, t["name"]))
        declared = dependency_names(t)
        imported = imports_of(folder, {h: n for h, n in headers.items() if n != t["name"]})
        for module, files in sorted(imported.items()):
            if module in known and module != t["name"] and module not in declared:
                for path in files:
                    problems.append(f"{os.path.relpath(path, root)}: imports {module}, which target {t['name']} does not declare in Package.swift")
        if os.path.isdir(folder):
            for module in sorted(declared - set(imported)):
                problems.append(f"{t['name']}: declares {module} in Package.swift, but none of its files imports it")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
