"""Compares the reader part of the published schemas with what yir's field table makes of it,
or writes it there. argv: check|write, the generated `$defs.reader` (JSON), the generated
`Reader` complexType (XSD text), the templates folder. Exits 1 with what differs."""
import json
import re
import sys

mode, json_path, xsd_path, templates = sys.argv[1:5]
generated_json = json.load(open(json_path, encoding="utf-8"))
generated_xsd = open(xsd_path, encoding="utf-8").read().rstrip("\n")

schema_path = f"{templates}/report.schema.json"
xsd_file = f"{templates}/report.xsd"
schema = json.load(open(schema_path, encoding="utf-8"))
xsd = open(xsd_file, encoding="utf-8").read()
block = re.compile(r'  <xs:complexType name="Reader">.*?\n  </xs:complexType>', re.S)
found = block.search(xsd)
if not found:
    sys.exit(f"{xsd_file}: no Reader complexType")

if mode == "write":
    schema["$defs"]["reader"] = generated_json
    with open(schema_path, "w", encoding="utf-8") as f:
        f.write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    with open(xsd_file, "w", encoding="utf-8") as f:
        f.write(xsd[:found.start()] + generated_xsd + xsd[found.end():])
    sys.exit(0)

failures = []
if schema["$defs"]["reader"] != generated_json:
    theirs = json.dumps(schema["$defs"]["reader"], indent=1, ensure_ascii=False).splitlines()
    ours = json.dumps(generated_json, indent=1, ensure_ascii=False).splitlines()
    import difflib
    failures.append(f"{schema_path}: $defs.reader is not what the field table makes:\n"
                    + "\n".join(list(difflib.unified_diff(theirs, ours, "file", "table", lineterm=""))[:60]))
if found.group(0) != generated_xsd:
    import difflib
    failures.append(f"{xsd_file}: the Reader type is not what the field table makes:\n"
                    + "\n".join(list(difflib.unified_diff(found.group(0).splitlines(), generated_xsd.splitlines(),
                                                          "file", "table", lineterm=""))[:60]))
if failures:
    print("\n\n".join(failures))
    print("\nAfter an intended change to the reader's fields: YIR_WRITE_SCHEMAS=1 swift test --filter ReaderSchemaTests")
    sys.exit(1)
