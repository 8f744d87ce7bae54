#!/usr/bin/env python3
"""The benchmark corpus computed with python-dateutil's rrule and zoneinfo: an outside reference for ns/occurrence.

This is how a Python team would write the spec language's schedules: rrule enumerates the wall-clock slots
(DAILY, WEEKLY, MONTHLY with bymonthday / bysetpos for `missing-day`, YEARLY, HOURLY; SECONDLY for intervals),
zoneinfo resolves each wall time (PEP 495 `fold` and a round trip tell a gap from an overlap), the policies pick
the instants, later candidates that are not later than an earlier one are dropped, and each occurrence gets its
dedup key. It shares no code with the Swift engine nor with tools/oracle/oracle.py.

    python3 bench/reference/dateutil_reference.py .build/bench-corpus           # prints the figures
    python3 bench/reference/dateutil_reference.py .build/bench-corpus --json    # one JSON line (specrun-bench)

Timed: building each schedule's rrule and computing every occurrence of every window and case (the corpus's
manifest.json is read before the clock starts). The result is compared with the oracle's expectations in the
manifest, so the figure is for a computation that gives the same answers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from dateutil import rrule as rr

UTC = timezone.utc
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
WEEKDAYS = {"monday": rr.MO, "tuesday": rr.TU, "wednesday": rr.WE, "thursday": rr.TH, "friday": rr.FR,
            "saturday": rr.SA, "sunday": rr.SU}
WEEKDAYS.update({name[:3]: day for name, day in list(WEEKDAYS.items())})
UNITS = {"d": 86_400, "h": 3600, "m": 60, "s": 1}


def seconds_of(text: str) -> int:
    total, number = 0, ""
    for char in text:
        if char.isdigit():
            number += char
        else:
            total += int(number) * UNITS[char]
            number = ""
    return total


def epoch(moment: datetime) -> int:
    return int((moment - EPOCH).total_seconds())


def parse_rfc3339(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class Reference:
    """One schedule: an rrule over wall times in the zone, and the policies."""

    def __init__(self, entry: dict, overrides: dict | None = None):
        overrides = overrides or {}
        self.zone = ZoneInfo(entry["zone"])
        self.rule = entry["rule"]
        self.nonexistent = overrides.get("nonexistent", entry["nonexistent"])
        self.repeated = overrides.get("repeated", entry["repeated"])
        self.prefix = f"{entry['id']}/v{entry['version']}/"
        self.interval = "interval" in self.rule
        self.hourly = self.rule.get("every") == "hour"
        if self.interval:
            self.step = seconds_of(self.rule["interval"])
            self.start = parse_rfc3339(self.rule["from"]).astimezone(UTC)

    def slots(self, wall_start: datetime):
        """The rule's wall-clock slots from wall_start on (naive datetimes in the zone)."""
        rule = self.rule
        every = rule["every"]
        if every == "hour":
            return rr.rrule(rr.HOURLY, dtstart=wall_start, byminute=int(rule["minute"]),
                            bysecond=int(rule.get("second", "0")))
        parts = [int(p) for p in rule["at"].split(":")]
        hour, minute, second = parts[0], parts[1], parts[2] if len(parts) > 2 else 0
        timing = {"byhour": hour, "byminute": minute, "bysecond": second, "dtstart": wall_start}
        if every == "day":
            return rr.rrule(rr.DAILY, **timing)
        if every == "week":
            days = rule["on"] if isinstance(rule["on"], list) else [rule["on"]]
            return rr.rrule(rr.WEEKLY, byweekday=[WEEKDAYS[d] for d in days], **timing)
        frequency = rr.MONTHLY if every == "month" else rr.YEARLY
        if every == "year":
            timing["bymonth"] = int(rule["month"])
        if rule["day"] == "last":
            return rr.rrule(frequency, bymonthday=-1, **timing)
        day = int(rule["day"])
        if day <= 28 or rule.get("missing-day") != "last-day":
            return rr.rrule(frequency, bymonthday=day, **timing)  # rrule skips months without that day
        # missing-day: last-day: the earlier of the day and the month's last day.
        return rr.rrule(frequency, bymonthday=[day, -1], bysetpos=1, **timing)

    def resolve(self, wall: datetime) -> list[tuple[int, str]]:
        """(instant, key suffix) for each candidate the policies give for a wall time."""
        earlier = wall.replace(tzinfo=self.zone, fold=0)
        later = wall.replace(tzinfo=self.zone, fold=1)
        first, second = epoch(earlier), epoch(later)
        if first == second:
            return [(first, "")]
        if first < second:  # the wall time happens twice (an overlap)
            if self.repeated == "first":
                return [(first, "")]
            if self.repeated == "last":
                return [(second, "")]
            return [(first, ""), (second, "~2")]
        # A gap: fold=0 reads the wall time with the offset before the change, fold=1 with the one after.
        if self.nonexistent == "skip":
            return []
        if self.nonexistent == "shift-forward":
            return [(first, "")]
        if self.nonexistent == "shift-backward":
            return [(second, "")]
        return [(self.transition(second, first), "")]

    def transition(self, low: int, high: int) -> int:
        """The first instant in (low, high] with the offset after the change (next-valid-time)."""
        offset = datetime.fromtimestamp(low, self.zone).utcoffset()
        while high - low > 1:
            middle = (low + high) // 2
            if datetime.fromtimestamp(middle, self.zone).utcoffset() == offset:
                low = middle
            else:
                high = middle
        return high

    def occurrences(self, after: int, through: int | None, count: int | None) -> list[tuple[int, str]]:
        """Occurrences in (after, through], or the first `count` after `after` (the cursor cases)."""
        results: list[tuple[int, str]] = []
        if self.interval:
            start = datetime.fromtimestamp(after + 1, UTC)
            for moment in rr.rrule(rr.SECONDLY, interval=self.step, dtstart=self.start).xafter(start, inc=True):
                instant = epoch(moment)
                if through is not None and instant > through or count is not None and len(results) == count:
                    break
                results.append((instant, self.prefix + moment.strftime("%Y-%m-%dT%H:%M:%SZ")))
            return results
        local_after = datetime.fromtimestamp(after, self.zone).replace(tzinfo=None)
        wall_start = datetime.combine(local_after.date() - timedelta(days=2), datetime.min.time())
        stop = None
        if through is not None:
            stop = datetime.fromtimestamp(through, self.zone).date() + timedelta(days=2)
        running_max = None
        for wall in self.slots(wall_start):
            if stop is not None and wall.date() > stop:
                break
            for instant, suffix in self.resolve(wall):
                if running_max is not None and instant <= running_max:
                    continue
                running_max = instant
                if instant <= after:
                    continue
                if through is not None and instant > through:
                    return results
                stem = wall.strftime("%Y-%m-%dT%H:%M") if self.hourly else wall.strftime("%Y-%m-%d")
                results.append((instant, self.prefix + stem + suffix))
                if count is not None and len(results) == count:
                    return results
        return results


def run(entries: list[dict]) -> tuple[list, int]:
    """Every test's occurrences, and the nanoseconds the computation took."""
    outputs = []
    start = time.perf_counter_ns()
    for entry in entries:
        if "window" in entry:
            window = entry["window"]
            outputs.append(Reference(entry).occurrences(window["after"], window["through"], None))
        for case in entry.get("cases", []):
            outputs.append(Reference(entry, case).occurrences(case["after"], None, len(case["expected"])))
    return outputs, time.perf_counter_ns() - start


def compare(entries: list[dict], outputs: list) -> tuple[int, int, list[str]]:
    """(tests, tests whose instants and keys equal the oracle's, the first disagreements)."""
    tests = agreeing = 0
    notes = []
    results = iter(outputs)
    for entry in entries:
        expectations = []
        if "window" in entry:
            expectations.append((entry["window"]["expected"], entry["window"]["keys"]))
        expectations += [(case["expected"], None) for case in entry.get("cases", [])]
        for expected, keys in expectations:
            got = next(results)
            tests += 1
            same = [i for i, _ in got] == expected and (keys is None or [k for _, k in got] == keys)
            agreeing += same
            if not same and len(notes) < 5:
                notes.append(f"{entry['name']}: expected {expected[:4]}…, got {[i for i, _ in got][:4]}…")
    return tests, agreeing, notes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", help="a folder written by bench/corpus/generate.py")
    parser.add_argument("--rounds", type=int, default=1, help="repeat the computation; the fastest round counts")
    parser.add_argument("--json", action="store_true", help="print one JSON line instead of text")
    parser.add_argument("--check", action="store_true", help="exit 1 unless every test equals the oracle's expectations")
    args = parser.parse_args(argv)
    with open(os.path.join(args.corpus, "manifest.json"), encoding="utf-8") as handle:
        manifest = json.load(handle)
    entries = manifest["entries"]
    best = None
    for _ in range(max(1, args.rounds)):
        outputs, nanoseconds = run(entries)
        best = nanoseconds if best is None else min(best, nanoseconds)
    occurrences = sum(len(o) for o in outputs)
    tests, agreeing, notes = compare(entries, outputs)
    figures = {"specs": len(entries), "tests": tests, "agreeing": agreeing, "occurrences": occurrences,
               "expectedOccurrences": manifest["occurrences"], "nanoseconds": best,
               "nsPerOccurrence": best / max(1, manifest["occurrences"]),
               "python": sys.version.split()[0], "dateutil": __import__("dateutil").__version__}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"dateutil rrule + zoneinfo: {figures['nsPerOccurrence']:.0f} ns per occurrence "
              f"({best / 1e9:.2f} s for {manifest['occurrences']} expected occurrences in {len(entries)} specs); "
              f"{agreeing} of {tests} tests equal the oracle's expectations")
        for note in notes:
            print("  differs:", note)
    return 1 if args.check and agreeing != tests else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
