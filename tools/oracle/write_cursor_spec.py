#!/usr/bin/env python3
"""Writes specs/recurrence/cursor-stability.yaml: `next(after:)` from a cursor every 15 minutes across three days
around each 2027 change in Europe/Berlin, for a daily 02:30 rule, including cursors exactly at the transition and
exactly at occurrences. Every expected instant comes from oracle.py (Python zoneinfo), never from the engine.
Run `python3 tools/oracle/write_cursor_spec.py`, then `python3 tools/oracle/oracle.py check specs/`.
"""

import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(__file__))
from oracle import Schedule, format_local, format_utc, parse_instant, parse_rule, zone  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "specs", "recurrence", "cursor-stability.yaml")
ZONE = "Europe/Berlin"
STEP = 15 * 60

# name, policy overrides, first cursor, last cursor, transition, why
SPECS = [
    ("Cursor stability across the spring gap, shift-backward",
     {"nonexistent": "shift-backward", "repeated": "first"},
     "2027-03-27T00:00:00+01:00", "2027-03-30T00:00:00+02:00", "2027-03-28T01:00:00Z",
     "02:30 on 2027-03-28 is skipped and read with +02:00, so its occurrence (01:30+01:00) comes an hour before "
     "its nominal time; a cursor between 01:30+01:00 and the next day must not find it twice or skip it."),
    ("Cursor stability across the autumn overlap, both",
     {"nonexistent": "skip", "repeated": "both"},
     "2027-10-30T00:00:00+02:00", "2027-11-02T00:00:00+01:00", "2027-10-31T01:00:00Z",
     "02:30 on 2027-10-31 happens twice (00:30:00Z and 01:30:00Z); a cursor between them finds the second one "
     "(keyed ~2), a cursor at or after the second finds the next day."),
]


def main() -> None:
    z = zone(ZONE)
    docs = ["# Cursor stability: the cursor rule says each result is the cursor of the next search, so `next(after: t)`\n"
            "# must give the same answer for every t from one occurrence up to (not including) the next. Each case is\n"
            "# one search from a cursor; cursors run every 15 minutes across three days around a change, so they fall\n"
            "# exactly on the transition and exactly on occurrences too (marked in the case names).\n"
            "# Written by tools/oracle/write_cursor_spec.py from Python's zoneinfo; checked by\n"
            "# `python3 tools/oracle/oracle.py check specs/`.\n"]
    for name, policies, first, last, transition, why in SPECS:
        rule = {"every": "day", "at": "02:30"}
        s = Schedule("cursor", 1, ZONE, parse_rule(rule), policies["nonexistent"], policies["repeated"])
        start, end = parse_instant(first).floor, parse_instant(last).floor
        t_transition = parse_instant(transition).floor
        lines = [f"spec: {name}", "description: >-"]
        lines += [f"  {why}"]
        lines += ["tags: [cursor, dst, europe]", "schedule:", "  id: cursor", f"  timezone: {ZONE}",
                  '  rule: {every: day, at: "02:30"}', f"  nonexistent: {policies['nonexistent']}",
                  f"  repeated: {policies['repeated']}", "cases:"]
        occurrences = {int(o.instant) for o in s.window(Fraction(start - 1), Fraction(end + 3 * 86_400))}
        t = start
        while t <= end:
            found = s.next(Fraction(t))
            marks = []
            if t == t_transition:
                marks.append("exactly at the transition")
            if t in occurrences:
                marks.append("exactly at an occurrence")
            label = f"after {format_local(z, t)}" + (f" ({', '.join(marks)})" if marks else "")
            lines.append(f"  - name: {label}")
            lines.append(f"    after: {format_local(z, t)}")
            repeat = "   # the repeat, keyed ~2" if found.key.endswith("~2") else ""
            lines.append(f"    next: {format_local(z, int(found.instant))}{repeat}")
            t += STEP
        docs.append("\n".join(lines) + "\n")
    with open(OUT, "w", encoding="utf-8") as h:
        h.write(docs[0] + "---\n".join(docs[1:]))
    print("wrote", os.path.relpath(OUT))


if __name__ == "__main__":
    main()
