#!/usr/bin/env python3
"""Reads a metrics file with prometheus_client's own parser of the text exposition format and
prints its families as JSON: {name: {"type", "help", "samples": [[labels, value], ...]}}.
Exits 1 when the file does not parse, or a family lacks # HELP or # TYPE."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

text = open(sys.argv[1], encoding="utf-8").read()
families = {}
try:
    for family in text_string_to_metric_families(text):
        families[family.name] = {
            "type": family.type,
            "help": family.documentation,
            "samples": [[sample.labels, sample.value] for sample in family.samples],
        }
except Exception as error:  # the parser raises ValueError and others on malformed text
    print(f"does not parse: {error}")
    sys.exit(1)
declared = {line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")}
documented = {line.split()[2] for line in text.splitlines() if line.startswith("# HELP ")}
for name in families:
    if name not in declared or name not in documented or not families[name]["help"]:
        print(f"{name} lacks # HELP or # TYPE")
        sys.exit(1)
print(json.dumps(families))
