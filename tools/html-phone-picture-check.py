#!/usr/bin/env python3
"""Checks, in headless Chromium at a phone's width, that a picture wider than its box opens at its first difference.

Usage: python3 tools/html-phone-picture-check.py REPORT.html   (a report with a failed recurrence test)

It copies the report with a small driver script appended and loads it in a 390 px <iframe> (headless Chromium lays a
window out no narrower than 500 px, whatever `--window-size` says; an iframe is a real 390 px viewport). Once the
page's own script ran, the driver reads every open picture box (`.picture-scroll`) wider than its box: whether its
first difference (a missing, unexpected or failed mark) is inside the visible part, with the leftmost label of a
difference whole when it fits, and, for a picture with a gap or overlap, whether the change's caption is written whole
above it. Prints the counts; exits 1 when a box fails one of these (a 390 px reader found them scrolled to the axis's
left end; a 420 px review read "ual · not expected" and "twice (clocks fall back…", docs/reports.md).
Needs Debian's `chromium`. Not part of `swift test`; `.ci/run` runs it where chromium is installed.
"""
import os
import re
import subprocess
import sys
import tempfile

report = open(sys.argv[1], encoding="utf-8").read()
driver = """<script>
window.addEventListener("load", function () {
  setTimeout(function () {
    var wide = 0, shown = 0, hidden = [];
    Array.prototype.forEach.call(document.querySelectorAll(".picture-scroll"), function (box) {
      if (box.clientWidth === 0 || box.scrollWidth <= box.clientWidth) { return; }
      var mark = box.querySelector("svg .missing, svg .unexpected, svg .run-bad, svg .unmet");
      if (!mark) { return; }
      wide += 1;
      var b = box.getBoundingClientRect(), m = mark.getBoundingClientRect();
      // The leftmost label of a difference (time and what it is), when it fits the box, must show whole: the first
      // in the page's order was shown and the one left of it cut.
      var labels = Array.prototype.map.call(box.querySelectorAll("svg text.missing, svg text.unexpected, svg text.run-bad"),
        function (t) { return t.getBoundingClientRect(); }).sort(function (x, y) { return x.left - y.left; });
      var l = labels[0];
      var labelShown = !l || l.width > b.width || (l.left >= b.left - 1 && l.right <= b.right + 1);
      // A gap's or overlap's caption, wider than a phone, is written whole above the picture.
      var region = box.querySelector("svg text.region-label"), caption = box.parentNode.querySelector(".picture-change");
      var captionShown = !region || (caption !== null && caption.textContent === region.textContent
        && caption.getBoundingClientRect().right <= document.documentElement.clientWidth + 1);
      if (m.right > b.left && m.left < b.right && labelShown && captionShown) { shown += 1; } else { hidden.push(box.closest("article").id); }
    });
    var text = "wide pictures: " + wide + "; first difference in view: " + shown + "; not: " + hidden.join(" ");
    document.title = text;
    parent.postMessage(text, "*");
  }, 500);
});
</script></body>"""
with tempfile.NamedTemporaryFile("w", suffix=".html", encoding="utf-8", delete=False) as page:
    page.write(report.replace("</body>", driver))
with tempfile.NamedTemporaryFile("w", suffix=".html", encoding="utf-8", delete=False) as frame:
    frame.write('<!DOCTYPE html><html><head><title>no title: the driver did not run</title></head><body style="margin:0">'
                '<iframe src="file://' + page.name + '" style="border:0;width:390px;height:2000px;display:block"></iframe>'
                '<script>addEventListener("message", function (e) { document.title = e.data; });</script></body></html>')
try:
    dom = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--window-size=600,2000", "--virtual-time-budget=6000",
         "--dump-dom", "file://" + frame.name],
        capture_output=True, text=True, timeout=120).stdout
finally:
    os.unlink(page.name)
    os.unlink(frame.name)
title = re.search(r"<title>([^<]*)</title>", dom)
print(title.group(1) if title else "no title: the driver did not run")
match = title and re.match(r"wide pictures: (\d+); first difference in view: (\d+);", title.group(1))
sys.exit(0 if match and int(match.group(1)) > 0 and match.group(1) == match.group(2) else 1)
