#!/usr/bin/env python3
"""Checks a page as Chromium rendered it (its --dump-dom output): every
href and src is relative, names a file that exists beside the page (with
the magic bytes of its type) or an id on the page, and nothing loads from
elsewhere.  Usage: check_page.py PAGE_DIR DOM_FILE.  Prints one line per
problem and a count; exits 1 on any problem."""
import html.parser
import os
import sys
import urllib.parse

MAGIC = {".png": b"\x89PNG\r\n\x1a\n", ".gif": b"GIF89a", ".wav": b"RIFF", ".json": b"{"}


class Collect(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids, self.tags = [], set(), {}

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for k, v in attrs:
            if k == "id":
                self.ids.add(v)
            if k in ("href", "src") and v is not None:
                self.links.append((tag, k, v))


def main():
    page_dir, dom_file = sys.argv[1], sys.argv[2]
    c = Collect()
    c.feed(open(dom_file, encoding="utf-8").read())
    problems = []
    if c.tags.get("script"):
        problems.append("the page has a <script>")
    files = 0
    for tag, attr, v in c.links:
        u = urllib.parse.urlsplit(v)
        if u.scheme or u.netloc or v.startswith("/"):
            problems.append(f"{tag} {attr}={v}: not a relative link")
            continue
        if not u.path:
            if u.fragment not in c.ids:
                problems.append(f"{tag} {attr}={v}: no element with that id")
            continue
        path = os.path.normpath(os.path.join(page_dir, urllib.parse.unquote(u.path)))
        if not path.startswith(os.path.normpath(page_dir) + os.sep):
            problems.append(f"{tag} {attr}={v}: leaves the page's folder")
        elif not os.path.isfile(path):
            problems.append(f"{tag} {attr}={v}: no such file")
        else:
            files += 1
            want = MAGIC.get(os.path.splitext(path)[1])
            if want and not open(path, "rb").read(len(want)) == want:
                problems.append(f"{tag} {attr}={v}: not a {os.path.splitext(path)[1]} file")
    for p in problems:
        print(p)
    print(f"{len(c.links)} links ({files} files), {len(c.ids)} ids, "
          f"{c.tags.get('img', 0)} images, {c.tags.get('audio', 0)} audio players, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
