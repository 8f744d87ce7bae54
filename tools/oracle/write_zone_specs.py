#!/usr/bin/env python3
"""Writes specs/recurrence/zones/*.yaml: every gap and overlap policy in every zone issue 3 names.

Each expected instant, key and comment comes from oracle.py (Python zoneinfo), never from the Swift engine. The
comments say why each instant is right: which wall time, which gap or overlap, which policy, and which
candidates the drop rule removed. Run `python3 tools/oracle/write_zone_specs.py` to rewrite the files and
`python3 tools/oracle/oracle.py check specs/` to check them; `--check` writes nothing and exits 1 when a file differs
from what the script would write (CI runs it). A spec's `known-deviations:` block is written by hand and kept.
"""

from __future__ import annotations

import os
import sys
import textwrap
from datetime import date, timedelta

sys.path.insert(0, os.path.dirname(__file__))
from oracle import (  # noqa: E402
    DAY, GAP_POLICIES, OVERLAP_POLICIES, Schedule, format_local, format_utc, local_seconds, parse_rule,
    policy_instants, resolve, zone,
)

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "specs", "recurrence", "zones")

# file, zone, what is unusual, gap (date, time) or None, overlap (date, time) or None, tags
ZONES = [
    ("lord-howe", "Australia/Lord_Howe", "30-minute changes",
     ("2027-10-03", "02:15"), ("2027-04-04", "01:45"), ["australia", "half-hour"]),
    ("troll", "Antarctica/Troll", "2-hour changes (+00:00 <-> +02:00)",
     ("2027-03-28", "02:30"), ("2027-10-31", "02:30"), ["antarctica", "two-hour"]),
    ("chatham", "Pacific/Chatham", "changes at :45 (+12:45 <-> +13:45)",
     ("2027-09-26", "03:00"), ("2027-04-04", "03:00"), ["pacific", "quarter-hour"]),
    ("nuuk", "America/Nuuk", "changes at 01:00 UTC that end at (gap) or start before (overlap) local midnight",
     ("2027-03-27", "23:30"), ("2027-10-30", "23:30"), ["america", "midnight"]),
    ("havana", "America/Havana", "changes at local midnight",
     ("2027-03-14", "00:30"), ("2027-11-07", "00:30"), ["america", "midnight"]),
    ("sao-paulo-2018", "America/Sao_Paulo", "2018: a gap at midnight, an overlap across midnight",
     ("2018-11-04", "00:30"), ("2018-02-17", "23:30"), ["america", "midnight", "historic"]),
    ("st-johns-2010", "America/St_Johns", "2010: changes at 00:01, so 2010-11-07 starts twice",
     ("2010-03-14", "00:30"), ("2010-11-07", "00:00"), ["america", "midnight", "historic"]),
    ("apia-2011", "Pacific/Apia", "2011: the whole of 2011-12-30 skipped (-10:00 -> +14:00)",
     ("2011-12-30", "02:30"), ("2011-04-02", "03:30"), ["pacific", "skipped-day", "historic"]),
    ("almaty-2024", "Asia/Almaty", "2024-03-01: the base offset changes from +06:00 to +05:00 (an overlap only)",
     ("2024-02-29", "23:30"), ("2024-02-29", "23:30"), ["asia", "base-offset"]),
    ("dublin", "Europe/Dublin", "negative DST in tzdata (winter is the 'daylight' period)",
     ("2027-03-28", "01:30"), ("2027-10-31", "01:30"), ["europe", "negative-dst"]),
    ("casablanca", "Africa/Casablanca", "the change around Ramadan (+01:00 -> +00:00 -> +01:00)",
     ("2027-03-14", "02:30"), ("2027-02-07", "02:30"), ["africa", "ramadan"]),
    ("utc", "UTC", "control: never changes", ("2027-03-28", "02:30"), ("2027-10-31", "02:30"), ["control"]),
    ("kathmandu", "Asia/Kathmandu", "control: +05:45 all year; its last change (1986, +05:30 -> +05:45) is a 15-minute gap",
     ("1986-01-01", "00:10"), ("2027-10-31", "02:30"), ["asia", "control", "quarter-hour"]),
]

POLICY_WHY = {
    "skip": "skip gives no occurrence that day",
    "next-valid-time": "next-valid-time gives the transition instant, the first after the gap",
    "shift-forward": "shift-forward reads it with the offset before the gap",
    "shift-backward": "shift-backward reads it with the offset after the gap",
    "first": "first keeps the earlier",
    "last": "last keeps the later",
    "both": "both keeps each, the later keyed ~2",
}


def offset_text(seconds: int) -> str:
    sign = "+" if seconds >= 0 else "-"
    a = abs(seconds)
    return f"{sign}{a // 3600:02d}:{a % 3600 // 60:02d}"


def wall_text(wall: int, base_day: int) -> str:
    """`02:00`, or with the date when the wall time is on another day than the slot."""
    day, rest = divmod(wall, DAY)
    text = f"{rest // 3600:02d}:{rest % 3600 // 60:02d}"
    if day != base_day:
        text = (date(1970, 1, 1) + timedelta(days=day)).isoformat() + " " + text
    return text


def duration_text(seconds: int) -> str:
    return f"{seconds // 3600} h" if seconds % 3600 == 0 else f"{seconds // 60} min"


def explain(z, slot_date: date, at: str, wall: int, policy_gap: str, policy_overlap: str) -> tuple[str, list]:
    """Why the slot gives what it gives, and its candidates."""
    r = resolve(z, wall)
    day = wall // DAY
    cands = policy_instants(r, wall, policy_gap, policy_overlap)
    if r.kind == "unique":
        return f"{slot_date} {at} exists once", cands
    if r.kind == "gap":
        start = wall_text(r.transition + r.offset_before, day)
        end = wall_text(r.transition + r.offset_after, day)
        before, after = offset_text(r.offset_before), offset_text(r.offset_after)
        how = {
            "skip": "skip gives no occurrence that day",
            "next-valid-time": "next-valid-time gives the transition instant, the first after the gap",
            "shift-forward": f"shift-forward reads {at} with the offset before the gap ({before})",
            "shift-backward": f"shift-backward reads {at} with the offset after the gap ({after})",
        }[policy_gap]
        why = (f"{slot_date} {at} does not exist: the clocks jump from {start} to {end} "
               f"({duration_text(r.offset_after - r.offset_before)}, {before} -> {after} at {format_utc(r.transition)}); {how}")
        return why, cands
    how = {"first": "first keeps the earlier", "last": "last keeps the later",
           "both": "both keeps each, the later keyed ~2"}[policy_overlap]
    why = (f"{slot_date} {at} happens twice, at {format_local(z, r.first)} and {format_local(z, r.last)} "
           f"({r.last - r.first} s apart); {how}")
    return why, cands


def comment(text: str) -> list[str]:
    return textwrap.wrap(text, width=112, initial_indent="    # ", subsequent_indent="    #   ", break_on_hyphens=False)


def change_day_outcome(z, schedule_id: str, change_day: date, at: str, kind: str, policy: str, nonexistent: str,
                       repeated: str, occurrences) -> str:
    """What the policy makes of the wall time on the change day, for the description: the instant it gives (from
    zoneinfo), or why it gives none."""
    hour, minute = map(int, at.split(":"))
    wall = local_seconds(change_day, hour, minute, 0)
    r = resolve(z, wall)
    field = "nonexistent" if kind == "gap" else "repeated"
    if r.kind != kind:
        where = "in no gap" if kind == "gap" else "in no overlap"
        return f"{at} on {change_day} is {where}, so every {kind} policy gives the same ({field}: {policy})"
    if kind == "gap":
        state = f"{at} on {change_day} does not exist"
    else:
        state = f"{at} on {change_day} happens twice"
    produced = {o.key: o.instant for o in occurrences}
    cands = policy_instants(r, wall, nonexistent, repeated)
    if not cands:
        return f"{state}, and {field}: {policy} gives no occurrence that day"
    texts = []
    for instant, _label, suffix in cands:
        text = format_local(z, instant)
        if produced.get(f"{schedule_id}/v1/{change_day}{suffix}") != instant:
            text += ", which the drop rule removes (not after the previous occurrence)"
        texts.append(text)
    return f"{state}; {field}: {policy} gives {' and '.join(texts)}"


def existing_known_deviations(path: str) -> dict[str, list[str]]:
    """The `known-deviations:` block of each spec already in the file, by spec name: written by hand (which engine
    deviates, and why), kept when the file is rewritten."""
    blocks: dict[str, list[str]] = {}
    if not os.path.exists(path):
        return blocks
    name, block = None, None
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("spec: "):
            name = line[len("spec: "):]
        if block is not None:
            if line.startswith("  "):
                block.append(line)
                continue
            block = None
        if line == "known-deviations:" and name is not None:
            block = blocks.setdefault(name, [line])
    return blocks


def spec_document(entry, kind: str, policy: str, known_deviations: dict[str, list[str]]) -> str:
    file, zone_name, unusual, gap, overlap, tags = entry
    z = zone(zone_name)
    when, at = gap if kind == "gap" else overlap
    nonexistent = policy if kind == "gap" else "skip"
    repeated = policy if kind == "overlap" else "first"
    schedule_id = file
    rule = {"every": "day", "at": at}
    change_day = date.fromisoformat(when)
    first_day, end_day = change_day - timedelta(days=1), change_day + timedelta(days=2)
    after = resolve(z, local_seconds(first_day, 0, 0, 0))
    through = resolve(z, local_seconds(end_day, 0, 0, 0))
    assert after.kind == through.kind == "unique", (file, kind)
    s = Schedule(schedule_id, 1, zone_name, parse_rule(rule), nonexistent, repeated)
    occurrences = s.window(after.instant, through.instant)

    lines = []
    name = f"{zone_name} {kind}, {policy}"
    lines.append(f"spec: {name}")
    hour, minute = map(int, at.split(":"))
    about = change_day_outcome(z, schedule_id, change_day, at, kind, policy, nonexistent, repeated, occurrences)
    lines.append("description: >-")
    lines += textwrap.wrap(f"{zone_name}, {unusual}. A daily {at}: {about}.", width=112,
                           initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)
    lines.append(f"tags: [{', '.join(['dst', kind] + tags)}]")
    lines += known_deviations.get(name, [])
    lines.append("schedule:")
    lines.append(f"  id: {schedule_id}")
    lines.append(f"  timezone: {zone_name}")
    lines.append(f'  rule: {{every: day, at: "{at}"}}')
    lines.append(f"  nonexistent: {nonexistent}")
    lines.append(f"  repeated: {repeated}")
    lines.append("window:")
    lines.append(f"  after: {format_local(z, after.instant)}      # local midnight starting {first_day}")
    lines.append(f"  through: {format_local(z, through.instant)}    # local midnight starting {end_day}")
    lines.append("expect:")
    if not occurrences:
        lines.append("  occurrences: []")
    else:
        lines.append("  occurrences:")
    # Walk the slots to comment each one, including the ones that give nothing.
    h, m = map(int, at.split(":"))
    previous = None
    by_key = {o.key: o for o in occurrences}
    for offset_days in range(-1, 4):
        slot_date = first_day + timedelta(days=offset_days)
        wall = local_seconds(slot_date, h, m, 0)
        why, cands = explain(z, slot_date, at, wall, nonexistent, repeated)
        inside = [c for c in cands if after.instant < c[0] <= through.instant]
        if not cands and first_day <= slot_date < end_day:
            lines += comment(f"{why}.")
            continue
        stem = slot_date.isoformat()
        for instant, _label, suffix in inside:
            key = f"{schedule_id}/v1/{stem}{suffix}"
            o = by_key.get(key)
            if o is None or o.instant != instant:
                lines += comment(f"{why}: {format_local(z, instant)} is dropped, not later than the previous "
                                 f"occurrence {format_local(z, previous) if previous is not None else '(before the window)'}.")
                continue
            lines += comment(f"{why}." if suffix == "" else "The later of the pair, keyed ~2.")
            lines.append(f"    - {{at: {format_local(z, instant)}, key: {key}}}")
            previous = instant
    assert [o.key for o in occurrences] == [l.split("key: ")[1].rstrip("}") for l in lines if "key: " in l], file
    return "\n".join(lines) + "\n"


def main() -> int:
    check = "--check" in sys.argv[1:]
    os.makedirs(OUT, exist_ok=True)
    stale = []
    for entry in ZONES:
        file, zone_name, unusual = entry[0], entry[1], entry[2]
        docs = [f"# {zone_name}: {unusual}.\n"
                f"# Written by tools/oracle/write_zone_specs.py from Python's zoneinfo; checked by\n"
                f"# `python3 tools/oracle/oracle.py check specs/`. One spec per policy: the four gap policies around\n"
                f"# the forward change, the three overlap policies around the backward one.\n"]
        path = os.path.join(OUT, f"{file}.yaml")
        known = existing_known_deviations(path)
        for policy in GAP_POLICIES:
            docs.append(spec_document(entry, "gap", policy, known))
        for policy in OVERLAP_POLICIES:
            docs.append(spec_document(entry, "overlap", policy, known))
        text = docs[0] + "---\n".join(docs[1:])
        if check:
            current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if current != text:
                stale.append(os.path.relpath(path))
            continue
        with open(path, "w", encoding="utf-8") as h:
            h.write(text)
        print("wrote", os.path.relpath(path))
    if stale:
        print("write_zone_specs.py --check: these files differ from what the script writes (edit the script, not the "
              "files, then run it without --check):", *stale, sep="\n  ", file=sys.stderr)
        return 1
    if check:
        print(f"write_zone_specs.py --check: the {len(ZONES)} zone files are as the script writes them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
