#!/usr/bin/env python3
"""The order rule of relic's JSON documents (docs/DESIGN.md, "JSON"), checked
over files and over the documents printed inside a text (a CLI golden's
standard output: a line "{" at the start of a line up to the next "}" line).

Every document is an object whose first two keys are "format" (a string) and
"format_version" (an integer).  In every object the keys go by class:
format, format_version, identity (name, number, id, index, kind, type,
version, profile, *_version; logic, picture, view, sound, loop, cel, item,
card), sizes and counts (size, length, count, width,
height, *_size, *_length, *_count), then contents; keys that differ only in a
trailing number (v2, v10; "1", "10") in numeric order.

Usage: json_order.py [--text TEXT...] [--files] FILE...  (each TEXT a text
with documents inside, each FILE one document).  Prints one line per break of the rule; exit 1 if any."""
import json
import re
import sys

# what an item is: its name or number, and the numbering keys of relic's
# documents (a view's loop and cel, a logic's number, a Riven card)
IDENTITY = {"name", "number", "id", "index", "kind", "type", "version", "profile"}
IDENTITY |= {"logic", "picture", "view", "sound", "loop", "cel", "item", "card"}
SIZES = {"size", "length", "count", "width", "height"}
NUMBERED = re.compile(r"^(.*?)(0x[0-9a-fA-F]+|[0-9]+)$")


def key_class(key):
    if key == "format":
        return 0, "format"
    if key == "format_version":
        return 1, "format_version"
    if key in IDENTITY or key.endswith("_version"):
        return 2, "identity"
    if key in SIZES or key.endswith(("_size", "_length", "_count")):
        return 3, "size or count"
    return 4, "contents"


def number_of(digits):
    return int(digits, 16) if digits.lower().startswith("0x") else int(digits)


def check_object(pairs, where, problems):
    rank, last_key = -1, None
    last_number = {}
    for key, _ in pairs:
        r, name = key_class(key)
        if r < rank:
            problems.append(f"{where}: {name} key '{key}' after '{last_key}'")
        elif r > rank:
            rank, last_key = r, key
        else:
            last_key = key
        m = NUMBERED.match(key)
        if m:
            prefix, n = m.group(1), number_of(m.group(2))
            if prefix in last_number and n < last_number[prefix][0]:
                problems.append(f"{where}: '{key}' after '{last_number[prefix][1]}' (numbered keys in numeric order)")
            last_number[prefix] = (n, key)


def walk(value, path, where, problems):
    if isinstance(value, list) and value and value[0] == "__object__":
        pairs = value[1]
        check_object(pairs, f"{where}:{path or '/'}", problems)
        for key, v in pairs:
            walk(v, f"{path}/{key}", where, problems)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            walk(v, f"{path}/{i}", where, problems)


def check_document(text, where, problems):
    try:
        doc = json.loads(text, object_pairs_hook=lambda pairs: ["__object__", pairs])
    except ValueError as e:
        problems.append(f"{where}: not JSON ({e})")
        return
    if not (isinstance(doc, list) and doc and doc[0] == "__object__"):
        problems.append(f"{where}: the document is not an object")
        return
    keys = [k for k, _ in doc[1]]
    if keys[:2] != ["format", "format_version"]:
        problems.append(f"{where}: the first keys are {keys[:2]}, not format and format_version")
    walk(doc, "", where, problems)


def documents_in_text(text):
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i] == "{":
            for j in range(i + 1, len(lines)):
                if lines[j] == "}":
                    yield i + 1, "\n".join(lines[i : j + 1])
                    i = j
                    break
        i += 1


def main(argv):
    text_mode = False
    problems = []
    for name in argv:
        if name in ("--text", "--files"):
            text_mode = name == "--text"
            continue
        with open(name, encoding="utf-8", errors="replace") as f:
            content = f.read()
        if text_mode:
            for line, doc in documents_in_text(content):
                check_document(doc, f"{name}:{line}", problems)
        else:
            check_document(content, name, problems)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
