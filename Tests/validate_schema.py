#!/usr/bin/env python3
"""Validates yir outputs against Templates/report.schema.json with the jsonschema package
(draft 2020-12, formats checked). Usage: validate_schema.py SCHEMA [--json FILE]... [--jsonl FILE]...
Prints each error with its file, line (jsonl) and JSON path; exits 1 when any output is invalid."""
import json
import sys

import jsonschema


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    checker = jsonschema.FormatChecker()
    document = jsonschema.Draft202012Validator(schema, format_checker=checker)
    reader = jsonschema.Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/reader"}, format_checker=checker)
    errors = 0
    args = argv[2:]
    for kind, path in zip(args[::2], args[1::2]):
        if kind == "--json":
            items = [(None, json.load(open(path, encoding="utf-8")))]
            validator = document
        else:
            items = [(n, json.loads(line)) for n, line in enumerate(open(path, encoding="utf-8"), 1) if line.strip()]
            validator = reader
        for line, item in items:
            for error in validator.iter_errors(item):
                errors += 1
                where = f"{path}:{line}" if line else path
                print(f"{where}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
