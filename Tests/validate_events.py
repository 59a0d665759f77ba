#!/usr/bin/env python3
"""Validates each line of JSON Lines files against a draft-07 JSON Schema with the jsonschema
package (formats checked: date-time through rfc3339-validator). Usage:
validate_events.py SCHEMA FILE... Prints each error with its file, line and JSON path; exits 1
when any line is invalid."""
import json
import sys

import jsonschema


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    errors = 0
    for path in argv[2:]:
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            if not line.strip():
                continue
            for error in validator.iter_errors(json.loads(line)):
                errors += 1
                print(f"{path}:{number}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
