#!/usr/bin/env python3
"""Cross-checks every Berlin instant and transition in RunResultFixture.swift against Python's zoneinfo.

Run from the package root:  python3 Tests/SpecReportersTests/CrossCheck/fixture-instants.py
It prints each checked instant and exits 1 on the first disagreement.
"""
import pathlib
import re
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
source = (pathlib.Path(__file__).parent.parent / "RunResultFixture.swift").read_text()
failures = 0

instants = re.findall(r'berlin\("([^"]+)", "([^"]+)", "([^"]+)"', source)
for utc, offset_form, abbreviation in instants:
    moment = datetime.fromisoformat(utc.replace("Z", "+00:00"))
    local = moment.astimezone(BERLIN)
    ok = local.isoformat() == offset_form and local.tzname() == abbreviation
    failures += not ok
    print(("ok  " if ok else "BAD ") + f"{utc} = {local.isoformat()} {local.tzname()} (fixture: {offset_form} {abbreviation})")

transitions = re.findall(
    r'at: berlin\("([^"]+)".*?\n\s*offsetBefore: (\d+), offsetAfter: (\d+), localBefore: "([^"]+)", localAfter: "([^"]+)",'
    r'\n\s*abbreviationBefore: "([^"]+)", abbreviationAfter: "([^"]+)"', source)
for utc, before, after, local_before, local_after, abbr_before, abbr_after in transitions:
    moment = datetime.fromisoformat(utc.replace("Z", "+00:00"))
    just_before = (moment - timedelta(seconds=1)).astimezone(BERLIN)
    at = moment.astimezone(BERLIN)
    wall_before = (just_before + timedelta(seconds=1)).strftime("%H:%M")  # the reading the clock was about to show
    ok = (just_before.utcoffset().total_seconds() == int(before) and at.utcoffset().total_seconds() == int(after)
          and wall_before == local_before and at.strftime("%H:%M") == local_after
          and just_before.tzname() == abbr_before and at.tzname() == abbr_after)
    failures += not ok
    print(("ok  " if ok else "BAD ") + f"transition {utc}: {just_before.isoformat()} {just_before.tzname()} -> "
          f"{at.isoformat()} {at.tzname()}")

if not instants or not transitions:
    print("found nothing to check: the fixture's shape changed, update this script")
    sys.exit(1)
print(f"{len(instants)} instants, {len(transitions)} transitions, {failures} disagreements")
sys.exit(1 if failures else 0)
