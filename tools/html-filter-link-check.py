#!/usr/bin/env python3
"""Checks, in headless Chromium, that a "Needs attention" link reaches its test even when a filter hides it.

Usage: python3 tools/html-filter-link-check.py REPORT.html   (a report with at least one failed test)

It copies the report with a small driver script appended: untick "failed", follow the first "Needs attention"
link, and write into the page title whether the target is still hidden. Prints that title; exits 1 when the
target stays hidden. Needs Debian's `chromium`. Not part of `swift test`; `.ci/run` runs it where chromium is
installed (docs/reports.md).
"""
import os
import re
import subprocess
import sys
import tempfile

report = open(sys.argv[1], encoding="utf-8").read()
match = re.search(r'href="#(t[0-9]+)"', report)
if not match:
    sys.exit("no 'Needs attention' link to a test in this report: it needs a failed test")
target = match.group(1)
driver = """<script>
window.addEventListener("load", function () {
  var failed = document.querySelector("input[name=status][value=failed]");
  failed.checked = false; failed.dispatchEvent(new Event("change"));
  var before = document.getElementById("%(t)s").hidden;
  location.hash = "#%(t)s";
  setTimeout(function () {
    var hidden = false;
    for (var h = document.getElementById("%(t)s"); h; h = h.parentElement) { if (h.hidden) { hidden = true; } }
    document.title = "hidden by the filter before the link: " + before + "; hidden after it: " + hidden;
  }, 200);
});
</script></body>""" % {"t": target}
with tempfile.NamedTemporaryFile("w", suffix=".html", encoding="utf-8", delete=False) as page:
    page.write(report.replace("</body>", driver))
try:
    dom = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--virtual-time-budget=3000", "--dump-dom", "file://" + page.name],
        capture_output=True, text=True, timeout=120).stdout
finally:
    os.unlink(page.name)  # the page with the driver is this run's own: leave nothing in /tmp
title = re.search(r"<title>([^<]*)</title>", dom)
print(title.group(1) if title else "no title: the driver did not run")
sys.exit(0 if title and title.group(1).endswith("hidden after it: false") else 1)
