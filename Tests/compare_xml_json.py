#!/usr/bin/env python3
"""Checks that report.xml carries the same figures as report.json, field by field.
Both are flattened to {path: text}: JSON nulls and empty strings are left out (XML leaves
null elements out, and an empty string is an empty element),
list items are numbered, and XML's list wrappers and `<reason name count>` are read as the
JSON's arrays and {reason: count} object. Usage: compare_xml_json.py REPORT.xml REPORT.json"""
import json
import sys
import xml.etree.ElementTree as ET

NS = "{urn:yir:report:1}"
LISTS = {"inputs", "top_articles", "monthly", "recent", "subscribed", "unsubscribed", "readers", "categories", "topics",
         "countries", "top", "languages", "articles"}


def flatten_json(value, path, out):
    if isinstance(value, dict):
        for key, item in value.items():
            flatten_json(item, f"{path}/{key}" if path else key, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            flatten_json(item, f"{path}/{index}", out)
    elif value is None or value == "":
        pass  # XML leaves out nulls; an empty string is an empty element, read as nothing
    elif isinstance(value, bool):
        out[path] = "true" if value else "false"
    elif isinstance(value, float):
        out[path] = repr(value)
    else:
        out[path] = str(value)


def flatten_xml(element, path, out):
    name = element.tag.replace(NS, "")
    here = f"{path}/{name}" if path else name
    children = list(element)
    if name == "rejected":
        for child in children:
            out[f"{here}/{child.get('name')}"] = child.get("count")
    # (`countries` is a list of a reader's places, a count in the cohort's.)
    elif name in LISTS and (name != "readers" or not path) and (children or not (element.text or "").strip()):
        for index, child in enumerate(children):
            flatten_items(child, f"{here}/{index}", out)
    elif children:
        for child in children:
            flatten_xml(child, here, out)
    elif element.text:
        out[here] = element.text


def flatten_items(element, path, out):
    children = list(element)
    if not children:
        out[path] = element.text or ""
    for child in children:
        flatten_xml(child, path, out)


def main(xml_path, json_path):
    from_json = {}
    document = json.load(open(json_path, encoding="utf-8"), parse_float=str, parse_int=str)
    flatten_json(document, "", from_json)
    from_xml = {}
    for child in ET.parse(xml_path).getroot():
        flatten_xml(child, "", from_xml)
    differences = 0
    for key in sorted(set(from_json) | set(from_xml)):
        if from_json.get(key) != from_xml.get(key):
            differences += 1
            if differences <= 20:
                print(f"{key}: json {from_json.get(key)!r} xml {from_xml.get(key)!r}")
    print(f"{len(from_json)} fields compared, {differences} differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
