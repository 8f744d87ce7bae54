#!/usr/bin/env python3
"""Checks `specrun explain ZONE YEAR` against Python's zoneinfo for every zone and the years given.

`explain` is what a QA engineer pastes expectations from, so its table of offset changes (the UTC instant of each
change and the offsets before and after) is compared here with an implementation that shares no code with
specrun: zoneinfo reading the system's tzdata. Each zone's offsets are sampled every 15 minutes over the year (plus
three days on each side) and every change is bisected to the second.

    python3 tools/explain-sweep.py [--specrun PATH] [--jobs N] [--zones PREFIX] YEAR...

A change zoneinfo finds well inside the year (two days from its ends) that explain does not list is "missing"; a
row explain lists that zoneinfo does not know is "extra". Names specrun refuses (old links such as `Japan`,
abbreviations such as `EST`) are counted, not compared. Exit status 1 on any mismatch.

The two sides read different copies of the zone data (Foundation's, and the system's tzdata package): the versions
are printed first, and a mismatch where they differ may be a change in the data, not a bug. Docs:
docs/toolchains.md, "Checking explain against zoneinfo".
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import zoneinfo
from datetime import datetime, timezone

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'oracle'))
from oracle import find_transition, offset_at  # noqa: E402  (zoneinfo only; no code of specrun)

UTC = timezone.utc
ROW = re.compile(r'\s+(\d{4}-\d\d-\d\d)\s+(?:gap|overlap|change)\b.*?(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\s+(.*)$')
OFFSET = re.compile(r'\(([+-]\d\d:\d\d(?::\d\d)?)\)')


def zoneinfo_changes(name, year):
    """(UTC seconds, offset before, offset after) for every change from three days before the year to three after."""
    zone = zoneinfo.ZoneInfo(name)
    start = int(datetime(year, 1, 1, tzinfo=UTC).timestamp()) - 3 * 86400
    end = int(datetime(year + 1, 1, 1, tzinfo=UTC).timestamp()) + 3 * 86400
    changes = []
    t, before = start, offset_at(zone, start)
    while t < end:
        t2 = t + 900
        after = offset_at(zone, t2)
        if after != before:
            changes.append((find_transition(zone, t, t2), before, after))
        t, before = t2, after
    return changes


def seconds(offset):
    sign, rest = offset[0], offset[1:].split(':')
    value = int(rest[0]) * 3600 + int(rest[1]) * 60 + (int(rest[2]) if len(rest) > 2 else 0)
    return value if sign == '+' else -value


def explain_changes(specrun, name, year):
    """The rows of `specrun explain`, or None when specrun refuses the name."""
    done = subprocess.run([specrun, 'explain', name, str(year)], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        return None
    rows = []
    for line in done.stdout.splitlines():
        match = ROW.match(line)
        if match:
            at = int(datetime.fromisoformat(match[2].replace('Z', '+00:00')).timestamp())
            offsets = OFFSET.findall(match[3])
            rows.append((at, seconds(offsets[0]), seconds(offsets[1])))
    return rows


def check(specrun, name, year):
    rows = explain_changes(specrun, name, year)
    if rows is None:
        return name, year, None, [], []
    expected = set(zoneinfo_changes(name, year))
    inside_from = datetime(year, 1, 1, tzinfo=UTC).timestamp() + 2 * 86400
    inside_to = datetime(year + 1, 1, 1, tzinfo=UTC).timestamp() - 2 * 86400
    missing = sorted(c for c in expected if inside_from <= c[0] <= inside_to and c not in set(rows))
    extra = sorted(r for r in rows if r not in expected)
    return name, year, rows, missing, extra


def specrun_tzdata(specrun):
    with tempfile.TemporaryDirectory() as folder:
        spec = os.path.join(folder, 'utc.yaml')
        with open(spec, 'w') as f:
            f.write('spec: utc\nschedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, '
                    'repeated: first}\nwindow: {after: 2027-01-01T00:00:00Z, through: 2027-01-02T00:00:00Z}\n'
                    'expect: {occurrences: [2027-01-01T12:00:00Z]}\n')
        results = os.path.join(folder, 'r.json')
        subprocess.run([specrun, '--quiet', spec, '--json', results], capture_output=True, timeout=60)
        with open(results) as f:
            return json.load(f)['environment'].get('tzdataVersion', '?')


def system_tzdata():
    for folder in zoneinfo.TZPATH:
        try:
            with open(os.path.join(folder, 'tzdata.zi')) as f:
                return f.readline().split()[-1]
        except OSError:
            continue
    return '?'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('years', nargs='+', type=int)
    parser.add_argument('--specrun', default='.build/release/specrun')
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    parser.add_argument('--zones', default='', help='only zones whose name starts with this')
    args = parser.parse_args()
    print(f'zone data: specrun (Foundation) {specrun_tzdata(args.specrun)}, zoneinfo (system tzdata) {system_tzdata()}')
    names = sorted(z for z in zoneinfo.available_timezones() if z.startswith(args.zones))
    jobs = [(name, year) for name in names for year in args.years]
    refused, compared, mismatched = set(), 0, 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, year, rows, missing, extra in pool.map(lambda j: check(args.specrun, *j), jobs):
            if rows is None:
                refused.add(name)
                continue
            compared += 1
            if missing or extra:
                mismatched += 1
                text = lambda cs: ', '.join(f'{datetime.fromtimestamp(a, UTC):%Y-%m-%dT%H:%M:%SZ} {b:+d}s→{c:+d}s' for a, b, c in cs)
                print(f'MISMATCH {name} {year}: missing [{text(missing)}] extra [{text(extra)}]')
    plural = lambda n, word: f'{n} {word}' + ('' if n == 1 else 's')
    print(f'{plural(compared, "zone-year")} compared ({plural(len(names) - len(refused), "zone")} × {plural(len(args.years), "year")}), '
          f'{mismatched} mismatched; {len(refused)} names specrun refuses (old links, abbreviations) not compared')
    return 1 if mismatched else 0


if __name__ == '__main__':
    sys.exit(main())
