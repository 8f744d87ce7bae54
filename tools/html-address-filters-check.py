#!/usr/bin/env python3
"""Checks, in headless Chromium, that a report's filters are read from and written to its address.

Usage: python3 tools/html-address-filters-check.py REPORT.html RESULTS.json

Opens the report four times with filters in the address (docs/reports.md, "Links to a filtered report") and
compares what the page shows with what the JSON results say should show: the statuses and tags ticked, the text
in Find, the count of tests shown, the note naming what the link held that the report does not. Then it ticks a
box and reads the address back. Needs Debian's `chromium`. Not part of `swift test`; `.ci/run` runs it where chromium
is installed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

report_path, results_path = sys.argv[1], sys.argv[2]
results = json.load(open(results_path, encoding="utf-8"))
tests = results["tests"]

driver = """<script>
window.addEventListener("load", function () {
  function state() {
    return {
      statuses: Array.prototype.filter.call(document.querySelectorAll("input[name=status]"), function (b) { return b.checked; }).map(function (b) { return b.value; }),
      tags: Array.prototype.filter.call(document.querySelectorAll("input[name=tag]"), function (b) { return b.checked; }).map(function (b) { return b.value; }),
      find: document.getElementById("find").value,
      shown: document.querySelectorAll("article.test:not([hidden])").length,
      count: document.getElementById("shown-count").textContent,
      note: document.getElementById("link-filters").hidden ? "" : document.getElementById("link-filters").textContent,
      search: location.search
    };
  }
  var first = state();
  var passed = document.querySelector("input[name=status][value=passed]");
  passed.checked = !passed.checked; passed.dispatchEvent(new Event("change"));
  var after = state();
  var out = document.createElement("pre"); out.id = "driver-output";
  out.textContent = JSON.stringify({ first: first, after: after });
  document.body.appendChild(out);
});
</script></body>"""

def expected_shown(statuses, tags, needle):
    # Find is checked by the page against each test's text; here only the status and tag part is counted, so the
    # cases with a Find word are compared against the page's own count line instead.
    return sum(1 for t in tests
               if t["status"] in statuses and (not tags or any(tag in t.get("tags", []) for tag in tags)))

every_status = ["passed", "failed", "error", "skipped", "known-deviation", "fixed-deviation", "not-run"]
cases = [
    ("?status=failed,error", every_status and ["failed", "error"], [], "", False),
    ("?status=Known%20deviations&tag=dst", ["known-deviation"], ["dst"], "", False),
    ("?status=faild&tag=nope", every_status, [], "", True),
    ("?tag=europe&tag=dst&find=Berlin", every_status, ["europe", "dst"], "Berlin", False),
]
folder = tempfile.mkdtemp()
failures = 0
try:
    page = os.path.join(folder, "report.html")
    with open(page, "w", encoding="utf-8") as out:
        out.write(open(report_path, encoding="utf-8").read().replace("</body>", driver))
    for query, statuses, tags, needle, note in cases:
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--virtual-time-budget=3000", "--dump-dom",
             "file://" + page + query], capture_output=True, text=True, timeout=120).stdout
        match = re.search(r'<pre id="driver-output">([^<]*)</pre>', dom)
        if not match:
            print(f"{query}: the driver did not run"); failures += 1; continue
        seen = json.loads(match.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
        first, after = seen["first"], seen["after"]
        problems = []
        if sorted(first["statuses"]) != sorted(statuses): problems.append(f"statuses {first['statuses']}")
        if sorted(first["tags"]) != sorted(tags): problems.append(f"tags {first['tags']}")
        if first["find"] != needle: problems.append(f"find {first['find']!r}")
        if not needle and first["shown"] != expected_shown(statuses, tags, needle):
            problems.append(f"{first['shown']} shown, the JSON gives {expected_shown(statuses, tags, needle)}")
        if not first["count"].startswith(f"{first['shown']} of {len(tests)} tests shown"):
            problems.append(f"count line {first['count']!r}")
        if bool(first["note"]) != note: problems.append(f"note {first['note']!r}")
        # After the tick, the address holds the filters as the boxes now are.
        params = urllib.parse.parse_qs(after["search"].lstrip("?"))
        want_statuses = sorted(after["statuses"]) if len(after["statuses"]) < len(every_status) else None
        got_statuses = sorted(params["status"][0].split(",")) if "status" in params else None
        if want_statuses != got_statuses: problems.append(f"address after a tick {after['search']!r}")
        if sorted(params.get("tag", [])) != sorted(after["tags"]): problems.append(f"address tags {after['search']!r}")
        print(f"{query}: {first['count']}; note {first['note']!r}; after ticking passed: {after['search'] or '(no query)'}"
              + ("" if not problems else "  PROBLEMS: " + "; ".join(problems)))
        failures += bool(problems)
finally:
    shutil.rmtree(folder)  # the page with the driver is this run's own: leave nothing in /tmp
sys.exit(1 if failures else 0)
