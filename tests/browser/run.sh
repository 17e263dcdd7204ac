#!/bin/sh
# Browser test of agi-unpack's page: the sample game unpacked as `make demo`
# does, then loaded from file:// by headless Chromium.  Passes when the
# page logs nothing to the console, every link and image resolves to a file
# of the tree (or an id on the page) and nothing comes from elsewhere
# (tests/browser/check_page.py on Chromium's DOM); keeps the screenshot in
# $BUILD/browser/index.png.  Skips without Chromium (fails under CI=true).
BUILD=${BUILD:-build}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
n=0
tap() { n=$((n + 1)); echo "$1 $n - $2"; }
if [ -z "$CHROMIUM" ]; then
    if [ "$CI" = true ]; then tap "not ok" "browser: chromium not installed under CI (make deps)"
    else echo "# browser test skipped: chromium not installed (make deps installs it)"; tap ok "browser # SKIP no chromium"; fi
    echo "1..$n"; exit 0
fi
work="$PWD/$BUILD/browser"
rm -rf "$work" && mkdir -p "$work"
page="$work/demo"
if ! "$BUILD/bin/agi-unpack" "$BUILD/samples/relicdemo" -o "$page" --asm --sounds >"$work/unpack.log" 2>&1; then
    tap "not ok" "browser: agi-unpack of the sample game failed: $(head -1 "$work/unpack.log")"; echo "1..$n"; exit 0
fi
# A fresh profile and no network side trips: the page must stand alone.
chrome() {
    profile=$1; shift
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --disable-extensions \
        --user-data-dir="$work/profile-$profile" --enable-logging=stderr --v=0 --window-size=1280,2000 "$@"
}
chrome dom --dump-dom "file://$page/index.html" >"$work/dom.html" 2>"$work/chromium.log"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '</html>' "$work/dom.html"; then
    tap "not ok" "browser: chromium did not load the page (exit $rc, $work/chromium.log)"
else
    tap ok "browser: chromium loads $page/index.html"
fi
if grep -q 'CONSOLE' "$work/chromium.log"; then
    tap "not ok" "browser: console messages"; grep 'CONSOLE' "$work/chromium.log" | sed 's/^/# /' >&2
else
    tap ok "browser: no console message"
fi
if out=$(python3 tests/browser/check_page.py "$page" "$work/dom.html"); then
    tap ok "browser: every link resolves ($(printf '%s\n' "$out" | tail -1))"
else
    tap "not ok" "browser: broken links"; printf '%s\n' "$out" | sed 's/^/# /' >&2
fi
# The room map: every room of rooms.json with a picture is a node of the
# inline SVG, and every arrow of the SVG goes to a room that is there.
if out=$(python3 - "$page" "$work/dom.html" <<'PY'
import json, re, sys
page, dom = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
rooms = json.load(open(page + "/rooms.json"))["rooms"]
nodes = set(int(n) for n in re.findall(r'<g id="room-(\d+)" class="node"', dom))
edges = [(int(a), int(b)) for a, b in re.findall(r'<g id="exit-(\d+)-(\d+)" class="edge"', dom)]
bad = [r["room"] for r in rooms if r["picture"] and r["room"] not in nodes]
bad += [f"{a}->{b}" for a, b in edges if a not in nodes or b not in nodes]
want = sum(1 for r in rooms for t in r["exits"] if t in {x["room"] for x in rooms})
if bad or not nodes or len(edges) != want:
    print("missing or dangling:", bad, "nodes", len(nodes), "edges", len(edges), "of", want); sys.exit(1)
print(f"{len(nodes)} rooms, {len(edges)} arrows")
PY
); then tap ok "browser: room map ($out)"
else tap "not ok" "browser: room map: $out"; fi
for want in 'id="summary"' 'class="toggle"' 'class="cels"' '<audio' 'href="#word-' 'id="inventory"'; do
    if grep -q "$want" "$work/dom.html"; then tap ok "browser: page has $want"
    else tap "not ok" "browser: page lacks $want"; fi
done
chrome shot --hide-scrollbars --screenshot="$work/index.png" "file://$page/index.html" >/dev/null 2>>"$work/chromium.log"
if [ -s "$work/index.png" ]; then tap ok "browser: screenshot $BUILD/browser/index.png"
else tap "not ok" "browser: no screenshot"; fi
rm -rf "$work"/profile-*
echo "1..$n"
