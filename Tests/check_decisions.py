#!/usr/bin/env python3
"""Checks docs/decisions/: the records' numbering, their shape, the generated index, and that
every test a record names as pinning it exists.

A record is docs/decisions/NNNN-short-slug.md: `# N. Title` with N the file's number, a
`Kind:` line (product or engineering), a `Status:` line (Accepted, or Superseded by a link to
the record that replaces it), and the sections Context, Decision, Consequences and Pinned by.
"Pinned by" names tests as `Tests/…/File.swift` · `testFunction`; each must be a `func` of
that file, and a test named in a sentence there (a long `camelCase` name) must exist too. A
record that names no test says in a sentence why none can pin it.

Usage: check_decisions.py [ROOT]
  ROOT   the repository (default: the folder above this script's)
Exit 0 when all holds; 1, naming each record and problem, when not.
"""
import glob
import importlib.util
import os
import re
import sys

SECTIONS = ["Context", "Decision", "Consequences", "Pinned by"]
PINNED = re.compile(r"`(Tests/[^`]+\.swift)` · `([A-Za-z_][A-Za-z0-9_]*)`")
# A test named in a sentence: a long `camelCase` name, as test functions are named after their rule.
NAMED = re.compile(r"`([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*){2,})`")
LINK = re.compile(r"\]\((\d{4}-[a-z0-9-]+\.md)\)")


def load_index(folder):
    spec = importlib.util.spec_from_file_location("decisions_index", os.path.join(folder, "index.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_functions(root):
    """Every function declared in Tests/**/*.swift, by name, with the files declaring it."""
    functions = {}
    for path in glob.glob(os.path.join(root, "Tests", "**", "*.swift"), recursive=True):
        with open(path, encoding="utf-8") as f:
            for name in re.findall(r"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(", f.read()):
                functions.setdefault(name, set()).add(os.path.relpath(path, root))
    return functions


def sections(lines):
    """The text under each `## ` heading."""
    found, current = {}, None
    for line in lines:
        if line.startswith("## "):
            current = line[3:].strip()
            found[current] = []
        elif current is not None:
            found[current].append(line)
    return {name: "\n".join(body).strip() for name, body in found.items()}


def check(root):
    folder = os.path.join(root, "docs", "decisions")
    index = load_index(folder)
    functions = test_functions(root)
    problems = []
    names = sorted(os.listdir(folder))
    for name in names:
        if name.endswith(".md") and name != "README.md" and not index.RECORD.match(name):
            problems.append(f"{name}: not a record's name (NNNN-short-slug.md)")
    numbers = {}
    for name in filter(index.RECORD.match, names):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        lines = text.splitlines()
        title = index.TITLE.match(lines[0]) if lines else None
        if not title:
            problems.append(f"{name}: the first line is not '# N. Title'")
            continue
        number = int(title.group(1))
        if number != int(name[:4]):
            problems.append(f"{name}: the title's number {number} is not the file name's {int(name[:4])}")
        numbers.setdefault(number, []).append(name)
        fields = {m.group(1): m.group(2).strip() for m in map(index.FIELD.match, lines[1:6]) if m}
        if fields.get("Kind") not in ("product", "engineering"):
            problems.append(f"{name}: no 'Kind: product' or 'Kind: engineering' line under the title")
        status = fields.get("Status")
        if status != "Accepted" and not (status and re.fullmatch(r"Superseded by \[\d+\]\(\d{4}-[a-z0-9-]+\.md\)", status)):
            problems.append(f"{name}: the Status line is not 'Accepted' or 'Superseded by [N](NNNN-….md)'")
        body = sections(lines)
        for section in SECTIONS:
            if not body.get(section):
                problems.append(f"{name}: no '## {section}' section, or an empty one")
        for target in LINK.findall(text):
            if not os.path.exists(os.path.join(folder, target)):
                problems.append(f"{name}: links to {target}, which does not exist")
        pinned = body.get("Pinned by", "")
        for path, function in PINNED.findall(pinned):
            if not os.path.isfile(os.path.join(root, path)):
                problems.append(f"{name}: names {path}, which does not exist")
            elif path not in functions.get(function, set()):
                problems.append(f"{name}: names the test {function}, which {path} does not declare (no 'func {function}(')")
        for function in set(NAMED.findall(PINNED.sub("", pinned))):
            if function not in functions and len(function) >= 16:
                problems.append(f"{name}: names the test {function}, which no file of Tests/ declares")
    for number, files in sorted(numbers.items()):
        if len(files) > 1:
            problems.append(f"decision {number} is given by more than one record: {', '.join(files)}")
    readme = os.path.join(folder, "README.md")
    written = open(readme, encoding="utf-8").read() if os.path.exists(readme) else None
    if written != index.render(folder):
        problems.append("docs/decisions/README.md is not what index.py writes: run python3 docs/decisions/index.py")
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = check(root)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
