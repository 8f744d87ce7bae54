#!/usr/bin/env python3
"""Checks, in headless Chromium at a phone's width, that a picture wider than its box opens at its first difference.

Usage: python3 tools/html-phone-picture-check.py REPORT.html   (a report with a failed recurrence test)

It copies the report with a small driver script appended that, once the page's own script ran, reads every open
picture box (`.picture-scroll`) wider than the 390 px window: where it is scrolled to, and whether its first
difference (a missing, unexpected or failed mark) is inside the visible part, with its label whole when it fits. Prints the counts; exits 1 when a
box shows none of its difference (a 390 px reader found them scrolled to the axis's left end, docs/reports.md).
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
      // Its label (time and what it is), when one fits the box, must show whole: one was cut on the left.
      var label = box.querySelector("svg text.missing, svg text.unexpected, svg text.run-bad");
      var l = label && label.getBoundingClientRect();
      var labelShown = !l || l.width > b.width || (l.left >= b.left - 1 && l.right <= b.right + 1);
      if (m.right > b.left && m.left < b.right && labelShown) { shown += 1; } else { hidden.push(box.closest("article").id); }
    });
    document.title = "wide pictures: " + wide + "; first difference in view: " + shown + "; not: " + hidden.join(" ");
  }, 500);
});
</script></body>"""
with tempfile.NamedTemporaryFile("w", suffix=".html", encoding="utf-8", delete=False) as page:
    page.write(report.replace("</body>", driver))
try:
    dom = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--window-size=390,2000", "--virtual-time-budget=4000",
         "--dump-dom", "file://" + page.name],
        capture_output=True, text=True, timeout=120).stdout
finally:
    os.unlink(page.name)
title = re.search(r"<title>([^<]*)</title>", dom)
print(title.group(1) if title else "no title: the driver did not run")
match = title and re.match(r"wide pictures: (\d+); first difference in view: (\d+);", title.group(1))
sys.exit(0 if match and int(match.group(1)) > 0 and match.group(1) == match.group(2) else 1)
