#!/usr/bin/env python3
"""Writes the benchmark corpus: N recurrence specs over 100 zones, with expectations from the oracle.

Deterministic for a seed: the same arguments give byte-identical files. Every expected instant comes from
tools/oracle/oracle.py (Python's zoneinfo, sharing no code with Sources/Recurrence), never from the engine, so
`specrun` on the corpus really checks something and passes only when the core engine agrees with the oracle.

    python3 bench/corpus/generate.py --out .build/bench-corpus            # 10,000 specs, seed 2027
    python3 bench/corpus/generate.py --out /tmp/c --specs 200 --seed 7    # a small corpus (the CI smoke)

Layout: OUT/NNN-zone-name/MM.yaml, 100 specs per zone in 10 files of 10 specs (documents separated by ---).
OUT/manifest.json lists every spec's schedule, window and cases with the expected instants (epoch seconds),
for the outside reference (bench/reference/dateutil_reference.py) and the Swift benchmark sections.

The mix, drawn per spec: rules (day 30 %, hour 20 %, week 15 %, month 12 %, interval 13 %, year 10 %), every
gap and overlap policy, windows (70 %), cursor cases (20 %) or both (10 %); two thirds of the schedules are placed
near one of the zone's offset changes between 1995 and 2040, the rest at random in those years.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "oracle"))
import oracle  # noqa: E402  (the independent oracle: tools/oracle/oracle.py)

# 100 zones: the oracle's unusual and ordinary ones (70), then 30 more that are widely used.
EXTRA_ZONES = [
    "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Stockholm", "Europe/Warsaw", "Europe/Athens",
    "Europe/Helsinki", "Europe/Lisbon", "Europe/Istanbul", "Europe/Minsk", "Asia/Singapore", "Asia/Hong_Kong",
    "Asia/Seoul", "Asia/Manila", "Asia/Jakarta", "Asia/Karachi", "Asia/Tashkent", "Asia/Riyadh", "Asia/Baghdad",
    "Asia/Kabul", "Africa/Lagos", "Africa/Nairobi", "America/Phoenix", "America/Toronto", "America/Vancouver",
    "America/Lima", "America/Montevideo", "America/Bogota", "America/Regina", "Pacific/Marquesas",
]
# The oracle checks America/Godthab on purpose, an old tzdata name (a link to America/Nuuk, which it checks too); CI
# runs this corpus with --strict, where the old-zone-name lint is an error, so Europe/Vienna takes its place here.
ZONES = [zone if zone != "America/Godthab" else "Europe/Vienna" for zone in oracle.UNUSUAL_ZONES + oracle.ORDINARY_ZONES] + EXTRA_ZONES
assert len(ZONES) == 100 and len(set(ZONES)) == 100, "the corpus needs 100 distinct zones"

SPECS_PER_FILE = 10
START = oracle.parse_instant("1995-01-01T00:00:00Z").floor
END = oracle.parse_instant("2040-01-01T00:00:00Z").floor
HOUR = 3600
DAY = oracle.DAY
KIND_WEIGHTS = {"day": 30, "hour": 20, "week": 15, "month": 12, "interval": 13, "year": 10}
# Window widths (seconds): wide enough for a handful of occurrences, as QA specs are written.
WIDTHS = {"day": (2 * DAY, 12 * DAY), "hour": (6 * HOUR, 30 * HOUR), "week": (7 * DAY, 35 * DAY),
          "month": (60 * DAY, 240 * DAY), "year": (365 * DAY, 6 * 365 * DAY), "interval": (6 * HOUR, 3 * DAY)}
INTERVALS = ["15m", "30m", "45m", "1h", "90m", "2h", "1h30m", "6h", "24h", "2d"]
# No "dst": the lint wants a dst-tagged spec to cover a change, and random windows often do not.
TAGS = ["timezones", "gap", "overlap", "cursor", "nightly", "reports", "billing", "sync"]


def slug(zone: str) -> str:
    return zone.replace("/", "-").lower()


def transitions(zone: str) -> list[int]:
    """The zone's offset changes between START and END that weekly sampling sees, each found exactly by bisection.

    Two changes within one week (rare) show as none; they only serve as anchors for placing schedules, so a missed
    one changes nothing but where a few specs land.
    """
    z = oracle.zone(zone)
    found = []
    t = START
    previous = oracle.offset_at(z, t)
    while t < END:
        step = t + 7 * DAY
        current = oracle.offset_at(z, step)
        if current != previous:
            found.append(oracle.find_transition(z, t, step))
            previous = current
        t = step
    return found


def local_text(zone: str, t: int) -> str:
    return oracle.format_local(oracle.zone(zone), t)


def instant_text(rng: random.Random, zone: str, t: int) -> str:
    """Mostly the zone's own offset (what QA writes), sometimes Z; both are exact and lint-clean."""
    return oracle.format_utc(t) if rng.random() < 0.15 else local_text(zone, t)


def yaml_rule(rule: dict) -> str:
    """The rule as a flow map, as the spec language's examples write it."""
    parts = []
    for key, value in rule.items():
        if isinstance(value, list):
            parts.append(f"{key}: [{', '.join(value)}]")
        elif key == "at":
            parts.append(f'{key}: "{value}"')
        else:
            parts.append(f"{key}: {value}")
    return "{" + ", ".join(parts) + "}"


def make_rule(rng: random.Random, kind: str, anchor_wall: int | None, anchor: int) -> dict:
    if kind == "interval":
        step = rng.choice(INTERVALS)
        seconds = oracle.parse_duration(step)
        start = anchor - rng.randrange(6 * seconds + 1)
        start -= start % 60  # whole minutes, as people write them
        return {"interval": step, "from": oracle.format_utc(start)}
    return oracle.random_rule(rng, kind, anchor_wall)


class CorpusWriter:
    def __init__(self, seed: int, count: int):
        self.rng = random.Random(seed)
        self.count = count
        self.transitions: dict[str, list[int]] = {}
        self.manifest: list[dict] = []
        self.occurrences = 0
        self.tests = 0

    def spec(self, index: int, zone: str, file_stem: str) -> str:
        rng = self.rng
        kind = rng.choices(list(KIND_WEIGHTS), weights=list(KIND_WEIGHTS.values()))[0]
        if zone not in self.transitions:
            self.transitions[zone] = transitions(zone)
        trans = self.transitions[zone]
        if trans and rng.random() < 2 / 3:
            anchor = rng.choice(trans)
            anchor_wall = anchor + oracle.offset_at(oracle.zone(zone), anchor - 1)
        else:
            anchor = rng.randrange(START, END)
            anchor -= anchor % 60
            anchor_wall = None
        rule = make_rule(rng, kind, anchor_wall, anchor)
        calendar = kind != "interval"
        nonexistent = rng.choice(oracle.GAP_POLICIES) if calendar else None
        repeated = rng.choice(oracle.OVERLAP_POLICIES) if calendar else None
        explicit_id = rng.random() < 0.5
        schedule_id = f"job-{index:05d}" if explicit_id else file_stem
        version = rng.choice([1, 1, 1, 2, 3])
        form = rng.choices(["window", "cases", "both"], weights=[70, 20, 10])[0]
        name = f"{zone} #{index:05d}: {kind} {'window' if form == 'window' else form}"

        lines = [f"spec: \"{name}\""]
        if rng.random() < 0.3:
            lines.append(f"description: A generated {kind} schedule in {zone} (benchmark corpus).")
        tags = sorted(set(rng.sample(TAGS, rng.randint(0, 3)) + [kind]))
        lines.append(f"tags: [{', '.join(tags)}]")
        lines.append("schedule:")
        if explicit_id:
            lines.append(f"  id: {schedule_id}")
        if version != 1:
            lines.append(f"  version: {version}")
        lines.append(f"  timezone: {zone}")
        lines.append(f"  rule: {yaml_rule(rule)}")
        if calendar:
            lines.append(f"  nonexistent: {nonexistent}")
            lines.append(f"  repeated: {repeated}")

        schedule = oracle.Schedule(schedule_id, version, zone, oracle.parse_rule(rule), nonexistent, repeated)
        entry = {"index": index, "name": name, "zone": zone, "rule": rule, "nonexistent": nonexistent,
                 "repeated": repeated, "id": schedule_id, "version": version}

        if form in ("window", "both"):
            low, high = WIDTHS[kind]
            width = rng.randrange(low, high + 1)
            after = anchor - rng.randrange(width // 2 + 1)
            after -= after % 60
            through = after + width - width % 60
            got = schedule.window(Fraction(after), Fraction(through))
            lines.append("window:")
            lines.append(f"  after: {instant_text(rng, zone, after)}")
            lines.append(f"  through: {instant_text(rng, zone, through)}")
            lines.append("expect:")
            if not got:
                lines.append("  occurrences: []")
            else:
                lines.append("  occurrences:")
                for occurrence in got:
                    at = instant_text(rng, zone, int(occurrence.instant))
                    # Under 'repeated: both' the long form is required for a repeated wall time (lint
                    # repeated-without-key); writing it for every occurrence keeps the generator simple.
                    if repeated == "both" or rng.random() < 0.25:
                        lines.append(f"    - {{at: {at}, key: {occurrence.key}}}")
                    else:
                        lines.append(f"    - {at}")
            entry["window"] = {"after": after, "through": through,
                               "expected": [int(o.instant) for o in got], "keys": [o.key for o in got]}
            self.occurrences += len(got)
            self.tests += 1

        if form in ("cases", "both"):
            lines.append("cases:")
            entry["cases"] = []
            for number in range(rng.randint(1, 3)):
                overrides = {}
                if calendar and rng.random() < 0.3:
                    overrides["nonexistent"] = rng.choice(oracle.GAP_POLICIES)
                if calendar and rng.random() < 0.3:
                    overrides["repeated"] = rng.choice(oracle.OVERLAP_POLICIES)
                case_schedule = oracle.Schedule(
                    schedule_id, version, zone, schedule.rule, overrides.get("nonexistent", nonexistent),
                    overrides.get("repeated", repeated))
                after = anchor - rng.randrange(2 * DAY) + rng.randrange(DAY)
                after -= after % 60
                cursor = Fraction(after)
                found = []
                for _ in range(rng.randint(1, 3)):
                    occurrence = case_schedule.next(cursor)
                    found.append(int(occurrence.instant))
                    cursor = Fraction(occurrence.instant)
                lines.append(f"  - name: case {number + 1}")
                for key, value in overrides.items():
                    lines.append(f"    {key}: {value}")
                lines.append(f"    after: {instant_text(rng, zone, after)}")
                texts = [instant_text(rng, zone, t) for t in found]
                lines.append(f"    next: {texts[0]}" if len(texts) == 1 else f"    next: [{', '.join(texts)}]")
                entry["cases"].append({"after": after, "expected": found, **overrides})
                self.occurrences += len(found)
                self.tests += 1
        self.manifest.append(entry)
        return "\n".join(lines) + "\n"

    def write(self, out: str) -> None:
        if os.path.exists(out):
            shutil.rmtree(out)
        os.makedirs(out)
        per_zone = -(-self.count // len(ZONES))
        index = 0
        for zone_number, zone in enumerate(ZONES):
            folder = os.path.join(out, f"{zone_number:03d}-{slug(zone)}")
            os.makedirs(folder)
            in_zone = min(per_zone, self.count - index)
            for file_number in range(-(-in_zone // SPECS_PER_FILE)):
                stem = f"{file_number:02d}"
                documents = []
                for _ in range(min(SPECS_PER_FILE, in_zone - file_number * SPECS_PER_FILE)):
                    documents.append(self.spec(index, zone, stem))
                    index += 1
                with open(os.path.join(folder, stem + ".yaml"), "w", encoding="utf-8") as handle:
                    handle.write(f"# Generated by bench/corpus/generate.py; expectations from tools/oracle/oracle.py.\n")
                    handle.write("---\n".join(documents))
            if index >= self.count:
                break
        with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as handle:
            json.dump({"generator": "bench/corpus/generate.py", "tzdata": oracle.tzdata_version(),
                       "specs": len(self.manifest), "tests": self.tests, "occurrences": self.occurrences,
                       "zones": len({e["zone"] for e in self.manifest}), "entries": self.manifest},
                      handle, separators=(",", ":"))
            handle.write("\n")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the folder to (re)write")
    parser.add_argument("--specs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2027)
    args = parser.parse_args(argv)
    if args.specs < 1:
        parser.error("--specs must be at least 1")
    writer = CorpusWriter(args.seed, args.specs)
    writer.write(args.out)
    zones = len({e["zone"] for e in writer.manifest})
    print(f"wrote {args.out}: {len(writer.manifest)} specs in {zones} zones, {writer.tests} tests, "
          f"{writer.occurrences} expected occurrences (seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
