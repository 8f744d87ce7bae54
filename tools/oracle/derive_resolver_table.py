#!/usr/bin/env python3
"""Derives the expected rows of Tests/RecurrenceTests/WallTimeResolverTests.swift with Python's zoneinfo.

Run `python3 tools/oracle/derive_resolver_table.py` and paste its output into the test's table. Every instant
comes from oracle.py's zoneinfo resolution (PEP 495 fold plus a round trip), never from the Swift engine, and
carries an ISO comment in the zone's own offset so a reader can check it by eye.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from oracle import format_local, local_seconds, policy_instants, resolve, zone  # noqa: E402
from datetime import date  # noqa: E402

# (zone, local wall time, why the case is here)
CASES = [
    ("Europe/Berlin", "2027-03-28T02:30", "spring gap 02:00-03:00, +01:00 -> +02:00"),
    ("Europe/Berlin", "2027-03-28T02:00", "the first skipped second of the gap"),
    ("Europe/Berlin", "2027-03-28T03:00", "the first wall time after the gap exists once"),
    ("Europe/Berlin", "2027-03-28T01:59:59", "the last wall time before the gap"),
    ("Europe/Berlin", "2027-10-31T02:30", "autumn overlap 02:00-03:00, 3,600 s apart"),
    ("Europe/Berlin", "2027-10-31T02:00", "the first repeated wall time"),
    ("Europe/Berlin", "2027-10-31T03:00", "the first wall time after the overlap exists once"),
    ("Europe/Berlin", "2027-03-29T02:30", "an ordinary day"),
    ("Australia/Lord_Howe", "2027-10-03T02:15", "30-minute gap 02:00-02:30, +10:30 -> +11:00"),
    ("Australia/Lord_Howe", "2027-04-04T01:45", "30-minute overlap 01:30-02:00, +11:00 -> +10:30"),
    ("Australia/Lord_Howe", "2027-04-04T02:00", "just after the overlap"),
    ("Antarctica/Troll", "2027-03-28T01:30", "2-hour gap 01:00-03:00, +00:00 -> +02:00"),
    ("Antarctica/Troll", "2027-03-28T02:30", "2-hour gap, second hour"),
    ("Antarctica/Troll", "2027-10-31T02:00", "2-hour overlap 01:00-03:00, 7,200 s apart"),
    ("Pacific/Chatham", "2027-09-26T03:00", "gap 02:45-03:45 (a change at :45), +12:45 -> +13:45"),
    ("Pacific/Chatham", "2027-04-04T03:00", "overlap 02:45-03:45, +13:45 -> +12:45"),
    ("America/Nuuk", "2024-03-30T23:30", "gap 23:00-24:00 ending at midnight, -02:00 -> -01:00"),
    ("America/Nuuk", "2024-10-26T23:30", "overlap 23:00-24:00 before midnight, -01:00 -> -02:00"),
    ("America/Havana", "2027-03-14T00:30", "gap at midnight 00:00-01:00, -05:00 -> -04:00"),
    ("America/Havana", "2027-11-07T00:30", "overlap at midnight 00:00-01:00, -04:00 -> -05:00"),
    ("America/Sao_Paulo", "2018-11-04T00:30", "gap at midnight 00:00-01:00, -03:00 -> -02:00"),
    ("America/Sao_Paulo", "2018-02-17T23:30", "overlap 23:00-24:00 across midnight, -02:00 -> -03:00"),
    ("America/St_Johns", "2010-03-14T00:30", "gap 00:01-01:01 (the 2010 rule), -03:30 -> -02:30"),
    ("America/St_Johns", "2010-11-06T23:30", "overlap 23:01-00:01 across midnight, -02:30 -> -03:30"),
    ("America/St_Johns", "2010-11-07T00:00", "a date that starts twice: 00:00 on 2010-11-07 is repeated"),
    ("America/St_Johns", "2010-11-07T00:01", "the first wall time after the overlap"),
    ("Pacific/Apia", "2011-12-30T00:00", "a skipped day: all of 2011-12-30, -10:00 -> +14:00"),
    ("Pacific/Apia", "2011-12-30T02:30", "a skipped day, 02:30"),
    ("Pacific/Apia", "2011-12-30T23:59", "a skipped day, its last minute"),
    ("Pacific/Apia", "2011-12-31T00:00", "the first wall time after the skipped day"),
    ("Asia/Almaty", "2024-02-29T23:30", "base offset +06:00 -> +05:00: overlap 23:00-24:00"),
    ("Asia/Almaty", "2024-03-01T00:00", "after the base-offset change"),
    ("Europe/Dublin", "2027-03-28T01:30", "negative DST in tzdata: gap 01:00-02:00, +00:00 -> +01:00"),
    ("Europe/Dublin", "2027-10-31T01:30", "negative DST: overlap 01:00-02:00"),
    ("Africa/Casablanca", "2027-03-14T02:30", "gap 02:00-03:00 after Ramadan, +00:00 -> +01:00"),
    ("Africa/Casablanca", "2027-02-07T02:30", "overlap 02:00-03:00 before Ramadan, +01:00 -> +00:00"),
    ("UTC", "2027-03-28T02:30", "control: UTC never changes"),
    ("Asia/Kathmandu", "2027-03-28T02:30", "control: +05:45 all year"),
    ("Asia/Kathmandu", "1986-01-01T00:10", "the 1986 change +05:30 -> +05:45: gap 00:00-00:15"),
]


def swift_int(value: int) -> str:
    sign = "-" if value < 0 else ""
    digits = f"{abs(value):_}"
    return sign + digits


def main() -> None:
    for zone_name, local, why in CASES:
        z = zone(zone_name)
        d, t = local.split("T")
        y, mo, da = (int(p) for p in d.split("-"))
        parts = [int(p) for p in t.split(":")] + [0]
        wall = local_seconds(date(y, mo, da), parts[0], parts[1], parts[2])
        r = resolve(z, wall)

        def iso(t: int) -> str:
            return format_local(z, t)

        print(f"        // {zone_name} {local}: {why}")
        if r.kind == "unique":
            print(f'        .unique("{zone_name}", "{local}", {swift_int(r.instant)}),  // {iso(r.instant)}')
        elif r.kind == "gap":
            nv = policy_instants(r, wall, "next-valid-time", "first")[0][0]
            sf = policy_instants(r, wall, "shift-forward", "first")[0][0]
            sb = policy_instants(r, wall, "shift-backward", "first")[0][0]
            print(f'        .gap("{zone_name}", "{local}", transition: {swift_int(r.transition)}, '
                  f'before: {r.offset_before}, after: {r.offset_after},  // T = {iso(r.transition)}')
            print(f"             nextValidTime: {swift_int(nv)}, shiftForward: {swift_int(sf)}, "
                  f"shiftBackward: {swift_int(sb)}),  // {iso(nv)}, {iso(sf)}, {iso(sb)}")
        else:
            print(f'        .overlap("{zone_name}", "{local}", first: {swift_int(r.first)}, last: {swift_int(r.last)}, '
                  f"transition: {swift_int(r.transition)}),")
            print(f"             // first {iso(r.first)}, last {iso(r.last)}, T = {iso(r.transition)}")


if __name__ == "__main__":
    main()
