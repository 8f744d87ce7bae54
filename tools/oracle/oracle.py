#!/usr/bin/env python3
"""An independent oracle for specrun's recurrence rules, written on Python's zoneinfo.

It implements the normative section of the spec language (shared/spec-language.md) from scratch:
every rule (day, week, month, year, hour, interval), every policy (skip, next-valid-time,
shift-forward, shift-backward, first, last, both), dedup keys, the drop rule, the cursor rule and the
search bound. It shares no code and no algorithm with the Swift engine: wall times are resolved
with PEP 495 `fold` and checked by round trip, transitions are found by bisection over
`datetime.fromtimestamp`, and the calendar is Python's `date`. Use it to derive every expected
instant in specs/ and in the Swift tests; never copy the engine's output into an expectation.

Commands (run `oracle.py COMMAND --help`):
  resolve      what each of the seven policies yields for one local wall time in a zone
  occurrences  the occurrences of a rule in a window (after, through], as JSON
  next         successive `next(after:)` results from a cursor, as JSON
  check        checks every `expect` and `cases` instant of the specs under a folder
  golden       writes the cross-check data the Swift tests compare the core engine with

Semantics fixed here (and in docs/recurrence.md), beyond the spec language's wording:
  * A slot is one candidate local date (day/week/month/year rules) or local hour (hourly rules).
    A day/week/month/year rule with several times (`at: ["08:00", "20:00"]`) has one slot per
    (date, time), dates first, then the times in their (strictly increasing) order; its key is
    `<date>T<HH:MM>` (`:SS` added when the time has seconds) instead of `<date>`.
    A month or year whose day is missing under `missing-day: skip` is still a slot, with no
    candidate; its position is its month's last day (April 31 counts as April 30), so a search
    from May 1 or 2 does not count April's slot.
  * next(after: t) scans slots from two local days before t's local date, keeps the running
    maximum of every candidate, and returns the first candidate that is later than t and later
    than every earlier candidate (the drop rule).
  * The search bound counts the slots whose nominal local date (hourly: date and hour) is on or
    after t's local date (hour) and that did not produce the answer (several times: every time of
    every such date is a slot); when that count reaches the
    limit the search ends with `no-occurrence`.
  * A window (after, through] is repeated next, except that it ends without error once slots lie
    more than two local days past the local date of `through` (they can no longer land inside).
  * Interval rules are from + k*interval for k >= 0 (never before `from`); no calendar, no bound.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import re
import sys
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from fractions import Fraction
from functools import lru_cache
from zoneinfo import ZoneInfo

EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
NAIVE_EPOCH = datetime(1970, 1, 1)
DAY = 86_400
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]  # date.weekday() order
GAP_POLICIES = ["skip", "next-valid-time", "shift-forward", "shift-backward"]
OVERLAP_POLICIES = ["first", "last", "both"]
DEFAULT_LIMIT = 10_000


class OracleError(Exception):
    """A spec or command line the oracle cannot read."""


class NoOccurrence(Exception):
    """The search bound was reached (the spec language's `no-occurrence`)."""


class TooManyOccurrences(Exception):
    """A window holds more occurrences than allowed."""


# ---------------------------------------------------------------------------------------------
# Zones: offsets, transitions and wall-time resolution, all through zoneinfo.


@lru_cache(maxsize=None)
def zone(name: str) -> ZoneInfo:
    if re.fullmatch(r"(UTC|GMT)[+-].*|Etc/GMT[+-].*", name):
        raise OracleError(f"fixed-offset zone {name} is refused by the spec language")
    return ZoneInfo(name)


def offset_at(z: ZoneInfo, t: int) -> int:
    """The zone's offset from UTC in seconds at the instant t (seconds since 1970)."""
    return int(datetime.fromtimestamp(t, z).utcoffset().total_seconds())


def find_transition(z: ZoneInfo, lo: int, hi: int) -> int:
    """The first instant in (lo, hi] whose offset differs from the offset at lo (bisection)."""
    base = offset_at(z, lo)
    if offset_at(z, hi) == base:
        raise AssertionError(f"no offset change in ({lo}, {hi}] for {z.key}")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if offset_at(z, mid) == base:
            lo = mid
        else:
            hi = mid
    return hi


@dataclass(frozen=True)
class Resolution:
    kind: str  # unique | gap | overlap
    instant: int | None = None  # unique
    transition: int | None = None  # gap, overlap
    offset_before: int | None = None  # gap
    offset_after: int | None = None  # gap
    first: int | None = None  # overlap
    last: int | None = None  # overlap


def local_seconds(d: date, hour: int, minute: int, second: int) -> int:
    return (d.toordinal() - EPOCH_ORDINAL) * DAY + hour * 3600 + minute * 60 + second


def resolve(z: ZoneInfo, wall: int) -> Resolution:
    """Resolves a wall time (local seconds since 1970-01-01T00:00 read as UTC) in zone z.

    PEP 495: fold=0 reads the wall time with the offset before a transition, fold=1 with the
    offset after. A reading that survives the round trip (instant -> local) is a real instant.
    """
    naive = NAIVE_EPOCH + timedelta(seconds=wall)
    o0 = int(naive.replace(tzinfo=z, fold=0).utcoffset().total_seconds())
    o1 = int(naive.replace(tzinfo=z, fold=1).utcoffset().total_seconds())
    t0, t1 = wall - o0, wall - o1
    real0 = t0 + offset_at(z, t0) == wall
    real1 = t1 + offset_at(z, t1) == wall
    if real0 and real1:
        if t0 == t1:
            return Resolution("unique", instant=t0)
        first, last = min(t0, t1), max(t0, t1)
        transition = find_transition(z, first, last)
        return Resolution("overlap", first=first, last=last, transition=transition)
    if real0 or real1:
        return Resolution("unique", instant=t0 if real0 else t1)
    # A gap: t1 = wall - o_after lies before the transition, t0 = wall - o_before at or after it.
    transition = find_transition(z, t1, t0)
    before, after = offset_at(z, transition - 1), offset_at(z, transition)
    if not (transition + before <= wall < transition + after):
        raise AssertionError(f"inconsistent gap in {z.key} at wall {wall}: T={transition} {before}->{after}")
    return Resolution("gap", transition=transition, offset_before=before, offset_after=after)


def policy_instants(r: Resolution, wall: int, nonexistent: str, repeated: str) -> list[tuple[int, str, str]]:
    """(instant, resolution label, key suffix) for each candidate the policies give."""
    if r.kind == "unique":
        return [(r.instant, "exact", "")]
    if r.kind == "gap":
        if nonexistent == "skip":
            return []
        if nonexistent == "next-valid-time":
            return [(r.transition, "gap:next-valid-time", "")]
        if nonexistent == "shift-forward":
            return [(wall - r.offset_before, "gap:shift-forward", "")]
        if nonexistent == "shift-backward":
            return [(wall - r.offset_after, "gap:shift-backward", "")]
        raise OracleError(f"unknown nonexistent policy {nonexistent}")
    if repeated == "first":
        return [(r.first, "overlap-first", "")]
    if repeated == "last":
        return [(r.last, "overlap-last", "")]
    if repeated == "both":
        return [(r.first, "overlap-first", ""), (r.last, "overlap-last", "~2")]
    raise OracleError(f"unknown repeated policy {repeated}")


# ---------------------------------------------------------------------------------------------
# Reading spec values (every scalar arrives as a string: YAML 1.1 type guessing is off).

INSTANT_RE = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"
)


@dataclass(frozen=True)
class Instant:
    value: Fraction  # seconds since 1970, exact
    text: str
    offset: int | None  # the written numeric offset; None for Z

    @property
    def floor(self) -> int:
        return math.floor(self.value)


def parse_instant(text: str) -> Instant:
    m = INSTANT_RE.match(str(text).strip())
    if not m:
        raise OracleError(f"not an RFC 3339 instant with an offset: {text!r}")
    y, mo, d, h, mi, s, frac, off = m.groups()
    base = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s))
    seconds = (base.date().toordinal() - EPOCH_ORDINAL) * DAY + base.hour * 3600 + base.minute * 60 + base.second
    value = Fraction(seconds) + (Fraction(frac[1:]) / (10 ** (len(frac) - 1)) if frac else 0)
    offset = None
    if off not in ("Z", "z"):
        sign = 1 if off[0] == "+" else -1
        offset = sign * (int(off[1:3]) * 3600 + int(off[4:6]) * 60)
        value -= offset
    return Instant(value, str(text), offset)


def format_utc(value: Fraction | int) -> str:
    """`2027-03-28T01:00:00Z`, with up to six fractional digits when present (as the engine prints)."""
    value = Fraction(value)
    seconds = math.floor(value)
    fraction = value - seconds
    text = (datetime(1970, 1, 1) + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S")
    if fraction:
        digits = f"{float(fraction):.6f}"[1:].rstrip("0")
        if digits != ".":
            text += digits
    return text + "Z"


def format_local(z: ZoneInfo, t: int) -> str:
    """The instant in the zone's own offset: `2027-03-29T02:30:00+02:00`."""
    off = offset_at(z, t)
    wall = NAIVE_EPOCH + timedelta(seconds=t + off)
    sign = "+" if off >= 0 else "-"
    a = abs(off)
    suffix = f"{sign}{a // 3600:02d}:{a % 3600 // 60:02d}"
    if a % 60:
        suffix += f":{a % 60:02d}"  # LMT offsets with seconds cannot be written in RFC 3339; say so plainly
    return wall.strftime("%Y-%m-%dT%H:%M:%S") + suffix


TIME_RE = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")


def parse_time(text: str) -> tuple[int, int, int]:
    m = TIME_RE.match(str(text).strip())
    if not m:
        raise OracleError(f"not a time of day: {text!r}")
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if not (0 <= h <= 23 and 0 <= mi <= 59 and 0 <= s <= 59):
        raise OracleError(f"time of day out of range: {text!r}")
    return h, mi, s


DURATION_RE = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$")


def parse_duration(text: str) -> int:
    m = DURATION_RE.match(str(text).strip())
    if not m or not any(m.groups()):
        raise OracleError(f"not a duration: {text!r}")
    d, h, mi, s = (int(g or 0) for g in m.groups())
    return d * DAY + h * 3600 + mi * 60 + s


def parse_weekday(text: str) -> int:
    t = str(text).strip().lower()
    for i, name in enumerate(WEEKDAYS):
        if t == name or t == name[:3]:
            return i
    raise OracleError(f"not a weekday: {text!r}")


@dataclass(frozen=True)
class Rule:
    kind: str  # day | week | month | year | hour | interval
    time: tuple[int, int, int] = (0, 0, 0)
    times: tuple = ()  # several wall times a date, (h, m, s) each, strictly increasing; () for one time
    weekdays: frozenset = frozenset()
    month: int = 0
    day: int | str = 0  # a number or "last"
    nth: tuple[int, int] | None = None  # `on: last friday` in a month or year rule: (1..5 or -1 for last, weekday)
    missing_day: str | None = None
    interval: int = 0
    start: Instant | None = None  # interval `from`
    step: int = 1  # `every: 2 weeks`: only every step-th period (day, ISO week, month, year) is selected
    step_from: date | None = None  # a stepped calendar rule's `from`: a local date the rule selects


def parse_rule(raw) -> Rule:
    if isinstance(raw, str):
        return parse_shorthand(raw)
    if not isinstance(raw, dict):
        raise OracleError(f"not a rule: {raw!r}")
    if "interval" in raw:
        return Rule("interval", interval=parse_duration(raw["interval"]), start=parse_instant(raw["from"]))
    every = raw.get("every")
    if isinstance(every, str) and re.fullmatch(r"[ \t]*[0-9]+[ \t]+(day|week|month|year)s?[ \t]*", every):
        # `every: 2 weeks`: the unstepped rule with the count and `from` beside it (read here, checked in validate).
        count_text, unit = every.split()
        unstepped = dict(raw, every=unit.rstrip("s"))
        unstepped.pop("from", None)
        return dataclasses.replace(parse_rule(unstepped), step=int(count_text),
                                   step_from=parse_local_date(raw["from"]) if "from" in raw else None)
    if every in ("day", "week", "month", "year") and "from" in raw:
        return dataclasses.replace(parse_rule({k: v for k, v in raw.items() if k != "from"}),
                                   step_from=parse_local_date(raw["from"]))
    missing = raw.get("missing-day")
    if every in ("day", "week", "month", "year"):
        at = parse_times(raw["at"])
        more = at if len(at) > 1 else ()
    if every == "day":
        return Rule("day", time=at[0], times=more)
    if every == "week":
        days = raw.get("on", [])
        if isinstance(days, str):
            days = [days]
        return Rule("week", time=at[0], times=more, weekdays=frozenset(parse_weekday(d) for d in days))
    if every in ("month", "year") and "on" in raw:
        if "day" in raw:
            raise OracleError("'on' and 'day' together")
        return Rule(every, time=at[0], times=more, month=parse_month(raw["month"]) if every == "year" else 0,
                    nth=parse_nth(raw["on"]), missing_day=missing)
    if every == "month":
        return Rule("month", time=at[0], times=more, day=parse_day(raw["day"]), missing_day=missing)
    if every == "year":
        return Rule("year", time=at[0], times=more, month=parse_month(raw["month"]), day=parse_day(raw["day"]),
                    missing_day=missing)
    if every == "hour":
        return Rule("hour", time=(0, int(raw.get("minute", "0")), int(raw.get("second", "0"))))
    raise OracleError(f"unknown rule: {raw!r}")


def parse_local_date(text) -> date:
    """A stepped rule's `from`: exactly `YYYY-MM-DD`, a day that exists; an instant is refused."""
    text = str(text)
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise OracleError(f"'from' of a calendar rule must be a local date YYYY-MM-DD, not {text!r}")
    return date.fromisoformat(text)


def time_steps(raw: dict) -> list[tuple[int, int, int]]:
    """`{from: "08:00", through: "17:30", every: 30m}`: the wall times from `from` (00:00 when left out) to `through`
    (the day's last step when left out), `every` apart; `through` must be a whole number of steps from `from`, and
    the times must be 2 to 1,440."""
    unknown = set(raw) - {"from", "through", "every"}
    if unknown or "every" not in raw:
        raise OracleError(f"'at' steps take every, from and through: {raw!r}")
    step = parse_duration(raw["every"])
    if step <= 0:
        raise OracleError(f"'every' of 'at' steps must be longer than zero: {raw!r}")
    start = sum(x * f for x, f in zip(parse_time(raw.get("from", "00:00")), (3600, 60, 1)))
    if "through" in raw:
        end = sum(x * f for x, f in zip(parse_time(raw["through"]), (3600, 60, 1)))
        if end <= start or (end - start) % step:
            raise OracleError(f"'through' is not a whole number of steps after 'from': {raw!r}")
    else:
        end = start + (DAY - 1 - start) // step * step
    if not 2 <= (end - start) // step + 1 <= 1440:
        raise OracleError(f"'at' steps give fewer than 2 or more than 1,440 times: {raw!r}")
    return [(s // 3600, s % 3600 // 60, s % 60) for s in range(start, end + 1, step)]


def parse_times(raw) -> list[tuple[int, int, int]]:
    """`at`: one time, steps of time (`time_steps`), or a list of them that must be strictly increasing (compared as
    (h, m, s) tuples)."""
    if isinstance(raw, dict):
        return time_steps(raw)
    if isinstance(raw, list):
        times = [t for item in raw for t in (time_steps(item) if isinstance(item, dict) else [parse_time(item)])]
        if not times:
            raise OracleError("'at' lists no time")
        if any(b <= a for a, b in zip(times, times[1:])):
            raise OracleError(f"'at' times not strictly increasing: {raw!r}")
        return times
    return [parse_time(raw)]


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1,
            "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5}


def parse_nth(text: str) -> tuple[int, int]:
    """`last friday`, `2nd tue`: which of a month's weekdays (ordinal 1..5, or -1 for the last)."""
    words = str(text).split()
    if len(words) != 2 or words[0].lower() not in ORDINALS:
        raise OracleError(f"not an ordinal weekday: {text!r}")
    return ORDINALS[words[0].lower()], parse_weekday(words[1])


def parse_month(text: str) -> int:
    t = str(text).strip().lower()
    names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
             "november", "december"]
    for i, name in enumerate(names):
        if t == name or t == name[:3]:
            return i + 1
    return int(t)


def parse_day(text: str) -> int | str:
    return "last" if str(text) == "last" else int(text)


def parse_shorthand(text: str) -> Rule:
    parts = text.split()
    if len(parts) == 2 and parts[0] == "daily":
        at = parse_times(parts[1].split(","))
        return Rule("day", time=at[0], times=tuple(at) if len(at) > 1 else ())
    if len(parts) == 3 and parts[0] == "weekly":
        at = parse_times(parts[2].split(","))
        return Rule("week", time=at[0], times=tuple(at) if len(at) > 1 else (),
                    weekdays=frozenset(parse_weekday(d) for d in parts[1].split(",")))
    if len(parts) == 4 and parts[0] == "every" and parts[2] == "from":
        return Rule("interval", interval=parse_duration(parts[1]), start=parse_instant(parts[3]))
    raise OracleError(f"unknown shorthand rule: {text!r}")


def validate(rule: Rule) -> None:
    """Rules that can never match are refused, as the spec language requires."""
    validate_unstepped(rule)
    if rule.step != 1 or rule.step_from is not None:
        if rule.kind not in ("day", "week", "month", "year"):
            raise OracleError("only day, week, month and year rules step")
        if not 1 <= rule.step <= 1000:
            raise OracleError(f"step {rule.step} outside 1…1000")
        if rule.step_from is None:
            raise OracleError("a step of 2 or more needs 'from'")
        # `from` must be a date the rule itself selects: its first slot on or after `from` is that date, with a time.
        first = next(date_slots(rule, day_number(rule.step_from)))
        if first.wall is None or first.day != day_number(rule.step_from):
            raise OracleError(f"'from' {rule.step_from} is not a date the rule selects")


def period_index(rule: Rule, d: date) -> int:
    """The period holding d, counted so that consecutive periods differ by 1: the day, the ISO week (Monday to
    Sunday, by its Monday), the month, the year."""
    if rule.kind == "day":
        return d.toordinal()
    if rule.kind == "week":
        return (d - timedelta(days=d.weekday())).toordinal() // 7
    if rule.kind == "month":
        return d.year * 12 + d.month
    return d.year


def step_selects(rule: Rule, slot_day: int) -> bool:
    """A stepped rule keeps the slots on or after `from` whose period is a multiple of the step from `from`'s."""
    if rule.step_from is None:
        return True
    d = date_of(slot_day)
    if d < rule.step_from:
        return False
    return (period_index(rule, d) - period_index(rule, rule.step_from)) % rule.step == 0


def validate_unstepped(rule: Rule) -> None:
    if rule.kind == "week" and not rule.weekdays:
        raise OracleError("'on' lists no weekday")
    if rule.kind == "interval" and rule.interval <= 0:
        raise OracleError("zero interval")
    if rule.nth is not None:
        if rule.nth[0] == 5 and rule.missing_day is None:
            raise OracleError("a fifth weekday is missing in some months: missing-day required")
        return
    if rule.kind in ("month", "year") and rule.day != "last":
        if not 1 <= rule.day <= 31:
            raise OracleError("day out of range")
        longest = 31 if rule.kind == "month" else [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][rule.month - 1]
        if rule.kind == "month" and rule.day > 28 and rule.missing_day is None:
            raise OracleError("missing-day required")
        if rule.kind == "year":
            if rule.month == 2 and rule.day > 29:
                raise OracleError("February never has that day")
            if rule.day > longest and rule.missing_day != "last-day":
                raise OracleError("the month never has that day")
            if rule.month == 2 and rule.day == 29 and rule.missing_day is None:
                raise OracleError("missing-day required for February 29")


# ---------------------------------------------------------------------------------------------
# Slots: the local dates (or hours) a calendar rule selects, in order.


@dataclass
class Slot:
    day: int  # position in days since 1970 (for a missing day: its month's last day)
    count_position: int  # day (or day*24+hour for hourly rules): what the search bound compares
    wall: int | None  # local seconds; None when the day is missing under `missing-day: skip`
    key_stem: str  # `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`


def day_number(d: date) -> int:
    return d.toordinal() - EPOCH_ORDINAL


def date_of(day: int) -> date:
    return date.fromordinal(day + EPOCH_ORDINAL)


def days_in_month(year: int, month: int) -> int:
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    return (nxt - date(year, month, 1)).days


def nth_weekday_day(year: int, month: int, nth: tuple[int, int], missing_day: str | None) -> int | None:
    """The day of the month of its n-th (or last) weekday; None when a fifth one is missing and skipped."""
    ordinal, weekday = nth
    # Every date of the month that falls on the weekday, from Python's calendar (date.weekday(): Monday = 0).
    matching = [d for d in range(1, days_in_month(year, month) + 1) if date(year, month, d).weekday() == weekday]
    if ordinal == -1:
        return matching[-1]
    if ordinal <= len(matching):
        return matching[ordinal - 1]
    return matching[-1] if missing_day == "last-day" else None


def dated_slot(rule: Rule, year: int, month: int) -> Slot:
    """The slot of a month (month rules) or of the rule's month in a year (year rules)."""
    length = days_in_month(year, month)
    first = day_number(date(year, month, 1))
    if rule.nth is not None:
        chosen = nth_weekday_day(year, month, rule.nth, rule.missing_day)
        if chosen is None:
            return Slot(first + length - 1, first + length - 1, None, "")
        d = date(year, month, chosen)
        h, mi, s = rule.time
        return Slot(first + chosen - 1, first + chosen - 1, local_seconds(d, h, mi, s), d.isoformat())
    wanted = length if rule.day == "last" else rule.day
    if wanted > length:
        if rule.missing_day == "last-day":
            wanted = length
        else:
            return Slot(first + length - 1, first + length - 1, None, "")
    d = date(year, month, wanted)
    h, mi, s = rule.time
    return Slot(first + wanted - 1, first + wanted - 1, local_seconds(d, h, mi, s), d.isoformat())


def slots(rule: Rule, start_day: int):
    """Every slot whose position is on or after start_day, in order; with several times, each date's slot
    becomes one slot per time (the same date, each time's wall clock, key and count position (day, i))."""
    # A stepped rule: the slots of off-step periods (and before `from`) are not selected, so never counted.
    dated = (slot for slot in date_slots(rule, start_day) if step_selects(rule, slot.day))
    if not rule.times:
        yield from dated
        return
    for slot in dated:
        for i, (h, mi, s) in enumerate(rule.times):
            if slot.wall is None:
                yield Slot(slot.day, (slot.count_position, i), None, "")
                continue
            # The slot's own date, from its wall clock (the date slot's wall is that date at the rule's first time).
            d = date_of(slot.wall // DAY)
            stem = f"{d.isoformat()}T{h:02d}:{mi:02d}" + (f":{s:02d}" if s else "")
            yield Slot(slot.day, (slot.count_position, i), local_seconds(d, h, mi, s), stem)


def date_slots(rule: Rule, start_day: int):
    """Every slot whose position is on or after start_day, in order (one per date for day to year rules)."""
    h, mi, s = rule.time
    if rule.kind in ("day", "week"):
        day = start_day
        while True:
            d = date_of(day)
            if rule.kind == "day" or d.weekday() in rule.weekdays:
                yield Slot(day, day, local_seconds(d, h, mi, s), d.isoformat())
            day += 1
    elif rule.kind == "hour":
        day = start_day
        while True:
            d = date_of(day)
            for hour in range(24):
                yield Slot(day, day * 24 + hour, local_seconds(d, hour, mi, s), f"{d.isoformat()}T{hour:02d}:{mi:02d}")
            day += 1
    elif rule.kind == "month":
        d = date_of(start_day)
        year, month = d.year, d.month
        while True:
            slot = dated_slot(rule, year, month)
            if slot.day >= start_day:
                yield slot
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    elif rule.kind == "year":
        year = date_of(start_day).year
        while True:
            slot = dated_slot(rule, year, rule.month)
            if slot.day >= start_day:
                yield slot
            year += 1
    else:
        raise OracleError(f"no slots for {rule.kind}")


# ---------------------------------------------------------------------------------------------
# Searches.


@dataclass
class Occurrence:
    instant: Fraction | int
    key: str
    resolution: str
    slot: str | None

    def to_json(self, z: ZoneInfo | None) -> dict:
        out = {"t": int(self.instant) if Fraction(self.instant).denominator == 1 else str(self.instant),
               "utc": format_utc(self.instant), "key": self.key, "resolution": self.resolution}
        if z is not None and Fraction(self.instant).denominator == 1:
            out["local"] = format_local(z, int(self.instant))
        if self.slot is not None:
            out["slot"] = self.slot
        return out


@dataclass
class Schedule:
    id: str
    version: int
    zone_name: str
    rule: Rule
    nonexistent: str | None
    repeated: str | None
    limit: int = DEFAULT_LIMIT

    @property
    def z(self) -> ZoneInfo:
        return zone(self.zone_name)

    def key(self, stem: str) -> str:
        return f"{self.id}/v{self.version}/{stem}"

    def next(self, after: Fraction, stop_day: int | None = None) -> Occurrence | None:
        """The first occurrence later than `after`; None only when stop_day is passed first."""
        if self.rule.kind == "interval":
            start, step = self.rule.start.value, self.rule.interval
            k = 0 if after < start else math.floor((after - start) / step) + 1
            t = start + k * step
            assert t > after and (k == 0 or t - step <= after)
            return Occurrence(t, self.key(format_utc(t)), "exact", None)
        z = self.z
        t = math.floor(after)
        wall = t + offset_at(z, t)
        day = wall // DAY
        if self.rule.kind == "hour":
            count_from = wall // 3600
        elif self.rule.times:
            count_from = (day, 0)  # the first time of t's local date
        else:
            count_from = day
        running_max = None
        fruitless = 0
        for slot in slots(self.rule, day - 2):
            if stop_day is not None and slot.day > stop_day:
                return None
            if slot.wall is not None:
                r = resolve(z, slot.wall)
                for instant, label, suffix in policy_instants(r, slot.wall, self.nonexistent, self.repeated):
                    if running_max is None or instant > running_max:
                        running_max = instant
                        if instant > after:
                            return Occurrence(instant, self.key(slot.key_stem) + suffix, label, slot.key_stem)
            if slot.count_position >= count_from:
                fruitless += 1
                if fruitless >= self.limit:
                    raise NoOccurrence(f"no occurrence within {self.limit} slots after {format_utc(after)}")
        raise AssertionError("unreachable")

    def window(self, after: Fraction, through: Fraction, limit: int = 100_000) -> list[Occurrence]:
        if through <= after:
            return []
        stop_day = None
        if self.rule.kind != "interval":
            t = math.floor(through)
            stop_day = (t + offset_at(self.z, t)) // DAY + 2
        results: list[Occurrence] = []
        cursor = after
        while True:
            occurrence = self.next(cursor, stop_day)
            if occurrence is None or occurrence.instant > through:
                return results
            if len(results) >= limit:
                raise TooManyOccurrences(limit)
            results.append(occurrence)
            cursor = Fraction(occurrence.instant)


# ---------------------------------------------------------------------------------------------
# Commands.


def schedule_from_args(a) -> Schedule:
    rule = parse_rule(json.loads(a.rule) if a.rule.strip().startswith("{") else a.rule)
    validate(rule)
    return Schedule(a.id, a.version, a.zone, rule, a.nonexistent, a.repeated, a.limit)


def cmd_resolve(a) -> int:
    z = zone(a.zone)
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?", a.local)
    if not m:
        raise OracleError("--local must be YYYY-MM-DDTHH:MM[:SS]")
    y, mo, d, h, mi, s = (int(g or 0) for g in m.groups())
    wall = local_seconds(date(y, mo, d), h, mi, s)
    r = resolve(z, wall)
    out = {"zone": a.zone, "local": a.local, "kind": r.kind}
    if r.kind == "unique":
        out["instant"] = describe(z, r.instant)
    elif r.kind == "gap":
        out.update(transition=describe(z, r.transition), offsetBefore=r.offset_before, offsetAfter=r.offset_after)
    else:
        out.update(first=describe(z, r.first), last=describe(z, r.last), transition=describe(z, r.transition))
    out["policies"] = {}
    for p in GAP_POLICIES:
        out["policies"][p] = [describe(z, t) for t, _, _ in policy_instants(r, wall, p, "first")] if r.kind != "overlap" else None
    for p in OVERLAP_POLICIES:
        out["policies"][p] = [describe(z, t) for t, _, _ in policy_instants(r, wall, "skip", p)] if r.kind != "gap" else None
    print(json.dumps(out, indent=2))
    return 0


def describe(z: ZoneInfo, t: int) -> dict:
    return {"t": t, "utc": format_utc(t), "local": format_local(z, t)}


def cmd_occurrences(a) -> int:
    s = schedule_from_args(a)
    try:
        occ = s.window(parse_instant(a.after).value, parse_instant(a.through).value, a.max)
        out = {"occurrences": [o.to_json(None if s.rule.kind == "interval" else s.z) for o in occ]}
    except NoOccurrence:
        out = {"error": "no-occurrence"}
    except TooManyOccurrences:
        out = {"error": "too-many-occurrences"}
    print(json.dumps(out, indent=2))
    return 0


def cmd_next(a) -> int:
    s = schedule_from_args(a)
    cursor = parse_instant(a.after).value
    results = []
    try:
        for _ in range(a.count):
            o = s.next(cursor)
            results.append(o.to_json(None if s.rule.kind == "interval" else s.z))
            cursor = Fraction(o.instant)
        out = {"next": results}
    except NoOccurrence:
        out = {"next": results, "error": "no-occurrence"}
    print(json.dumps(out, indent=2))
    return 0


# --- check: run every spec's expectations ------------------------------------------------------


def string_loader():
    """PyYAML's BaseLoader (every scalar stays a string, so `at: 02:30` is the time, never 150) that also resolves
    YAML's merge key `<<` as specrun does: a plain `<<` merges a mapping or a list of mappings, the mapping's own
    keys win, then the earlier merged mapping's. A quoted "<<" stays a key."""
    import yaml

    class StringLoader(yaml.BaseLoader):
        flatten_mapping = yaml.constructor.SafeConstructor.flatten_mapping

        def construct_mapping(self, node, deep=False):
            if isinstance(node, yaml.MappingNode):
                self.flatten_mapping(node)
            return super().construct_mapping(node, deep)

    StringLoader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])
    return StringLoader


def load_documents(path: str):
    import yaml

    files = []
    if os.path.isdir(path):
        for root, _, names in os.walk(path):
            files += [os.path.join(root, n) for n in names if n.endswith((".yaml", ".yml"))]
    else:
        files = [path]
    for f in sorted(files):
        with open(f, encoding="utf-8") as h:
            for doc in yaml.load_all(h, Loader=string_loader()):
                if doc is not None:
                    yield f, doc


class Checker:
    def __init__(self, verbose: bool):
        self.verbose = verbose
        self.checks = 0
        self.failures: list[str] = []
        self.warnings: list[str] = []
        self.specs = 0

    def fail(self, where: str, message: str) -> None:
        self.failures.append(f"{where}: {message}")

    def lint_offset(self, where: str, zone_name: str, instant: Instant) -> None:
        if instant.offset is None:
            return
        actual = offset_at(zone(zone_name), instant.floor)
        self.checks += 1
        if actual != instant.offset:
            self.fail(where, f"{instant.text} is written with offset {instant.offset}s but {zone_name} is at "
                             f"{actual}s then: write {format_local(zone(zone_name), instant.floor)}")

    def run_spec(self, path: str, doc: dict) -> None:
        name = doc.get("spec", "?")
        where = f"{path} › {name}"
        if "schedule" not in doc or "task" in doc or "skip" in doc:
            return
        self.specs += 1
        sd = doc["schedule"]
        base = {
            "id": sd.get("id", os.path.splitext(os.path.basename(path))[0]),
            "version": int(sd.get("version", "1")),
            "zone": sd["timezone"],
            "rule": sd["rule"],
            "nonexistent": sd.get("nonexistent"),
            "repeated": sd.get("repeated"),
            "limit": int(sd.get("limit", str(DEFAULT_LIMIT))),
        }
        if "window" in doc or "expect" in doc:
            self.run_window(where, base, doc)
        for i, case in enumerate(doc.get("cases", []) or []):
            if "skip" in case:  # a case skipped alone, as specrun skips it
                continue
            self.run_case(f"{where} › {case.get('name', i + 1)}", base, case)

    def build(self, params: dict) -> Schedule:
        rule = parse_rule(params["rule"])
        validate(rule)
        if rule.kind != "interval" and (params["nonexistent"] is None or params["repeated"] is None):
            raise OracleError("calendar rules need nonexistent and repeated")
        return Schedule(params["id"], params["version"], params["zone"], rule, params["nonexistent"],
                        params["repeated"], params["limit"])

    def run_window(self, where: str, base: dict, doc: dict) -> None:
        s = self.build(base)
        window, expect = doc.get("window"), doc.get("expect", {})
        if window is None:
            self.fail(where, "expect without window")
            return
        after, through = parse_instant(window["after"]), parse_instant(window["through"])
        for i in (after, through):
            self.lint_offset(where, base["zone"], i)
        try:
            got = s.window(after.value, through.value)
            error = None
        except NoOccurrence:
            got, error = [], "no-occurrence"
        if "error" in expect:
            self.checks += 1
            if error != expect["error"]:
                self.fail(where, f"expected error {expect['error']}, got {[format_utc(o.instant) for o in got]}")
            return
        if error:
            self.fail(where, f"unexpected {error}")
            return
        wanted = expect.get("occurrences", [])
        if wanted == "" or wanted is None:
            wanted = []
        self.checks += 1
        if len(wanted) != len(got):
            self.fail(where, f"expected {len(wanted)} occurrences, got {len(got)}: "
                             f"{[format_local(s.z, o.instant) if s.rule.kind != 'interval' else format_utc(o.instant) for o in got]}")
        for j, (w, g) in enumerate(zip(wanted, got)):
            text, key = (w["at"], w.get("key")) if isinstance(w, dict) else (w, None)
            inst = parse_instant(text)
            self.lint_offset(where, base["zone"], inst)
            self.checks += 1
            if inst.value != g.instant:
                self.fail(where, f"occurrence {j + 1}: expected {text}, got {format_utc(g.instant)}")
            if key is not None:
                self.checks += 1
                if key != g.key:
                    self.fail(where, f"occurrence {j + 1}: expected key {key}, got {g.key}")

    def run_case(self, where: str, base: dict, case: dict) -> None:
        params = dict(base)
        for k, target in (("nonexistent", "nonexistent"), ("repeated", "repeated"), ("timezone", "zone"),
                          ("rule", "rule")):
            if k in case:
                params[target] = case[k]
        if "limit" in case:  # a case's own search bound
            params["limit"] = int(case["limit"])
        s = self.build(params)
        after = parse_instant(case["after"])
        self.lint_offset(where, params["zone"], after)
        wanted = case.get("next", [])
        if isinstance(wanted, str):
            wanted = [wanted]
        cursor = after.value
        for j, text in enumerate(wanted):
            inst = parse_instant(text)
            self.lint_offset(where, params["zone"], inst)
            self.checks += 1
            try:
                got = s.next(cursor)
            except NoOccurrence:
                self.fail(where, f"search {j + 1}: expected {text}, got no-occurrence")
                return
            if got.instant != inst.value:
                self.fail(where, f"search {j + 1}: expected {text}, got "
                                 f"{format_local(s.z, got.instant) if s.rule.kind != 'interval' else format_utc(got.instant)}")
                return
            cursor = Fraction(got.instant)
        if "error" in case:
            self.checks += 1
            try:
                got = s.next(cursor)
                self.fail(where, f"expected {case['error']}, got {format_utc(got.instant)}")
            except NoOccurrence:
                if case["error"] != "no-occurrence":
                    self.fail(where, f"expected {case['error']}, got no-occurrence")


def cmd_check(a) -> int:
    checker = Checker(a.verbose)
    for path in a.paths:
        for f, doc in load_documents(path):
            try:
                checker.run_spec(f, doc)
            except (OracleError, KeyError, ValueError) as e:
                checker.fail(f"{f} › {doc.get('spec', '?')}", f"cannot read: {e!r}")
    for line in checker.failures:
        print("FAIL", line)
    print(f"{checker.specs} specs, {checker.checks} checks: {checker.checks - len(checker.failures)} passed, "
          f"{len(checker.failures)} failed")
    return 1 if checker.failures else 0


# --- golden: the cross-check data for the Swift tests ------------------------------------------

# Zones with unusual changes first (every one the spec language and issue 3 name), then ordinary ones.
UNUSUAL_ZONES = [
    "Australia/Lord_Howe", "Antarctica/Troll", "Pacific/Chatham", "America/Nuuk", "America/Havana",
    "America/Sao_Paulo", "America/St_Johns", "Pacific/Apia", "Asia/Almaty", "Europe/Dublin",
    "Africa/Casablanca", "Africa/El_Aaiun", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Fakaofo",
    "Pacific/Kwajalein", "America/Caracas", "Asia/Pyongyang", "Europe/Volgograd", "Asia/Gaza",
    "Asia/Hebron", "America/Santiago", "Pacific/Easter", "America/Asuncion", "Asia/Tehran",
    "Antarctica/Macquarie", "Australia/Adelaide", "America/Godthab", "America/Scoresbysund",
    "Asia/Qyzylorda", "Europe/Kyiv", "Europe/Moscow", "America/Mexico_City", "America/Grand_Turk",
    "Pacific/Norfolk", "Asia/Colombo", "Asia/Dhaka", "Africa/Juba", "America/Metlakatla",
    "Asia/Amman", "Asia/Damascus", "Africa/Cairo", "Asia/Beirut", "Pacific/Tongatapu", "Pacific/Fiji",
    "America/Punta_Arenas", "Asia/Yangon", "America/Whitehorse", "Asia/Famagusta", "Europe/Saratov",
]
ORDINARY_ZONES = [
    "UTC", "Europe/Berlin", "Europe/London", "Europe/Paris", "America/New_York", "America/Chicago",
    "America/Denver", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu", "Asia/Tokyo",
    "Asia/Kolkata", "Asia/Shanghai", "Australia/Sydney", "Australia/Perth", "Pacific/Auckland",
    "Africa/Johannesburg", "America/Halifax", "Atlantic/Azores", "Asia/Jerusalem",
]


def all_transitions(z: ZoneInfo, start: int, end: int) -> list[int]:
    """The offset changes in [start, end) that daily sampling sees (enough to place windows near them)."""
    out = []
    t = start
    prev = offset_at(z, t)
    while t < end:
        nxt = t + DAY
        o = offset_at(z, nxt)
        if o != prev:
            out.append(find_transition(z, t, nxt))
            prev = o
        t = nxt
    return out


def random_rule(rng: random.Random, kind: str, anchor_wall: int | None) -> dict:
    """A rule of the kind; its time of day is often placed in the wall-clock hour of a transition."""
    if kind.endswith("-step"):
        # A stepped rule: the base kind's rule (sometimes with several times), every 2-4 periods (sometimes 1 or 7),
        # `from` a date the rule selects, from a few steps before the anchor to just after it (so some windows and
        # searches start before `from`).
        base = kind.removesuffix("-step")
        rule = random_rule(rng, base + ("-times" if rng.random() < 0.2 else ""), anchor_wall)
        count = rng.choice([2, 2, 2, 3, 4, 1, 7 if base in ("day", "week") else 2])
        unit_days = {"day": 1, "week": 7, "month": 30, "year": 365}[base]
        centre = (anchor_wall if anchor_wall is not None else rng.randrange(0, 100 * 365 * DAY)) // DAY
        candidate = centre - rng.randrange(-unit_days, 3 * count * unit_days + 1)
        if anchor_wall is not None and rng.random() < 0.7:
            # The transition's local date selected: the rule takes its weekday / day (and month), and `from` lies
            # a whole number of steps before it.
            d, k = date_of(centre), rng.randrange(4) * count
            if base == "week":
                rule["on"] = sorted(set(rule["on"]) | {WEEKDAYS[d.weekday()]}, key=WEEKDAYS.index)
                candidate = centre - 7 * k
            elif base == "day":
                candidate = centre - k
            elif "on" not in rule and d.day <= 28:
                rule["day"] = str(d.day)
                months = d.year * 12 + d.month - 1 - (k if base == "month" else 12 * k)
                if base == "year":
                    rule["month"] = str(d.month)
                candidate = day_number(date(months // 12, months % 12 + 1, d.day))
        parsed = parse_rule(rule)
        first = next(slot for slot in date_slots(parsed, candidate) if slot.wall is not None)
        rule["every"] = f"{count} {base}" + ("s" if count != 1 or rng.random() < 0.5 else "")
        rule["from"] = date_of(first.wall // DAY).isoformat()
        return rule
    if kind.endswith("-times"):
        # Several times a date: the base kind's rule with 2-4 distinct times, often several in or next to the
        # transition's wall-clock hour (so that two slots of one date resolve to the same or crossing instants).
        rule = random_rule(rng, kind.removesuffix("-times"), anchor_wall)
        wanted = rng.choice([2, 2, 2, 3, 4])
        seconds = {sum(x * f for x, f in zip(parse_time(rule["at"]), (3600, 60, 1)))}
        while len(seconds) < wanted:
            if anchor_wall is not None and rng.random() < 0.7:
                value = anchor_wall % DAY + rng.choice([-3600, -1800, -900, -60, 0, 900, 1800, 2400, 3600, 5400])
            else:
                value = rng.randrange(24) * 3600 + rng.choice([0, 15, 30, 45, rng.randrange(60)]) * 60
            if rng.random() < 0.05:
                value += rng.randrange(1, 60)
            seconds.add(value % DAY)
        rule["at"] = [f"{t // 3600:02d}:{t % 3600 // 60:02d}" + (f":{t % 60:02d}" if t % 60 else "") for t in sorted(seconds)]
        return rule
    if anchor_wall is not None and rng.random() < 0.7:
        sec_of_day = anchor_wall % DAY
        jitter = rng.choice([0, 0, -1800, -900, 900, 1800, -60, 60, 59 * 60, -3600])
        sec_of_day = (sec_of_day + jitter) % DAY
        h, mi = sec_of_day // 3600, sec_of_day % 3600 // 60
        # keep the minute on a round value most of the time, as people write them
        if rng.random() < 0.6:
            mi = rng.choice([0, 15, 30, 45, mi])
    else:
        h, mi = rng.randrange(24), rng.choice([0, 0, 15, 30, 45, rng.randrange(60)])
    at = f"{h:02d}:{mi:02d}"
    if rng.random() < 0.05:
        at += f":{rng.randrange(60):02d}"
    if kind == "day":
        return {"every": "day", "at": at}
    if kind == "week":
        days = sorted(rng.sample(range(7), rng.randint(1, 4)))
        return {"every": "week", "on": [WEEKDAYS[d] for d in days], "at": at}
    if kind == "month":
        day = rng.choice([1, 15, 28, 29, 30, 31, "last", rng.randint(1, 31)])
        rule = {"every": "month", "day": str(day), "at": at}
        if day == "last" or day > 28 or rng.random() < 0.3:
            rule["missing-day"] = rng.choice(["skip", "last-day"])
        return rule
    if kind == "year":
        month = rng.randint(1, 12)
        longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        day = rng.choice(["last", rng.randint(1, longest), longest, 29 if month == 2 else 31])
        rule = {"every": "year", "month": str(month), "day": str(day), "at": at}
        missing = rng.choice(["skip", "last-day"])
        if day != "last" and day > longest:
            missing = "last-day"
        rule["missing-day"] = missing
        return rule
    if kind in ("month-weekday", "year-weekday"):
        # The weekday of the month the anchor's local date is (its n-th, or its last), most of the time.
        if anchor_wall is not None and rng.random() < 0.7:
            d = date_of(anchor_wall // DAY)
            ordinal = "last" if d.day + 7 > days_in_month(d.year, d.month) and rng.random() < 0.5 else \
                ["first", "second", "third", "fourth", "fifth"][(d.day - 1) // 7]
            weekday, month = WEEKDAYS[d.weekday()], d.month
        else:
            ordinal = rng.choice(["first", "second", "third", "fourth", "fifth", "last", "1st", "2nd", "5th"])
            weekday, month = rng.choice(WEEKDAYS), rng.randint(1, 12)
        rule = {"every": kind.split("-")[0], "on": f"{ordinal} {weekday}", "at": at}
        if kind == "year-weekday":
            rule = {"every": "year", "month": str(month), "on": rule["on"], "at": at}
        if ordinal in ("fifth", "5th") or rng.random() < 0.2:
            rule["missing-day"] = rng.choice(["skip", "last-day"])
        return rule
    if kind == "hour":
        rule = {"every": "hour", "minute": str(mi)}
        if rng.random() < 0.1:
            rule["second"] = str(rng.randrange(60))
        return rule
    raise AssertionError(kind)


def cmd_golden(a) -> int:
    rng = random.Random(a.seed)
    zones = UNUSUAL_ZONES + ORDINARY_ZONES
    if a.all_zones:
        from zoneinfo import available_timezones

        zones = sorted(z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV/")))
    combos = []
    span = {"day": 5 * DAY, "week": 15 * DAY, "hour": DAY, "month": 120 * DAY, "year": 4 * 365 * DAY,
            "interval": DAY, "month-weekday": 120 * DAY, "year-weekday": 4 * 365 * DAY,
            "day-times": 5 * DAY, "week-times": 15 * DAY, "month-times": 120 * DAY, "year-times": 4 * 365 * DAY,
            "day-step": 15 * DAY, "week-step": 45 * DAY, "month-step": 300 * DAY, "year-step": 10 * 365 * DAY}
    kinds = a.kinds.split(",") if a.kinds else ["day", "day", "day", "week", "month", "year", "hour", "hour", "interval"]
    transitions_cache: dict[tuple[str, int], list[int]] = {}
    eras = []
    for part in a.eras.split(","):
        years, weight = part.split(":")
        first, last = (int(y) for y in years.split("-"))
        eras.append((int(datetime(first, 1, 1, tzinfo=timezone.utc).timestamp()),
                     int(datetime(last, 1, 1, tzinfo=timezone.utc).timestamp()), int(weight)))
    for index in range(a.count):
        zone_name = zones[index % len(zones)] if index < 4 * len(zones) else rng.choice(zones)
        z = zone(zone_name)
        era = rng.choices(range(len(eras)), weights=[e[2] for e in eras])[0]
        lo, hi, _ = eras[era]
        if (zone_name, era) not in transitions_cache:
            transitions_cache[(zone_name, era)] = all_transitions(z, lo, hi)
        trans = transitions_cache[(zone_name, era)]
        kind = rng.choice(kinds)
        if trans and rng.random() < 0.85:
            anchor = rng.choice(trans)
            anchor_wall = anchor + offset_at(z, anchor - 1)
        else:
            anchor = rng.randrange(lo, hi)
            anchor_wall = None
        width = span[kind]
        after = anchor - rng.randrange(width // 2 + 1) - rng.choice([0, 0, 1, 1800, DAY])
        through = after + rng.randrange(width // 4, width + 1)
        if kind == "interval":
            step = rng.choice([900, 3600, 5400, 7200, DAY, 2 * DAY, 86_399, 4441])
            start = anchor - rng.randrange(4 * step + 1)
            rule = {"interval": f"{step}s", "from": format_utc(start)}
            nonexistent = repeated = None
        else:
            rule = random_rule(rng, kind, anchor_wall)
            nonexistent = rng.choice(GAP_POLICIES)
            repeated = rng.choice(OVERLAP_POLICIES)
        # A yearly weekday of the month can fall in a gap every year (the EU's last Sunday of March at 02:30): its
        # search then runs the whole bound, and 10,000 years would pass year 9999, which Python's date cannot write.
        limit = 1000 if kind in ("year-weekday", "year-times", "year-step") else DEFAULT_LIMIT
        if kind.split("-")[0] in ("year", "month") and rng.random() < 0.15:
            limit = rng.randint(1, 6)
        s = Schedule(f"g{index}", rng.randint(1, 3), zone_name, parse_rule(rule), nonexistent, repeated, limit)
        combo = {"zone": zone_name, "rule": rule, "nonexistent": nonexistent, "repeated": repeated,
                 "id": s.id, "version": s.version, "limit": limit, "after": after, "through": through}
        try:
            combo["occurrences"] = [[int(o.instant), o.key.removeprefix(s.key("")), o.resolution]
                                    for o in s.window(Fraction(after), Fraction(through))]
        except NoOccurrence:
            combo["error"] = "no-occurrence"
        # Cursor searches: exactly at occurrences, just before and after them, at transitions, at random.
        cursors = set()
        for o in rng.sample(combo.get("occurrences", []), min(3, len(combo.get("occurrences", [])))):
            cursors.update({o[0], o[0] - 1})
        for t in trans:
            if after - DAY <= t <= through + DAY:
                cursors.update({t, t - 1})
        while len(cursors) < 9:
            cursors.add(rng.randrange(after - DAY, through + DAY))
        searches = []
        for c in sorted(cursors):
            try:
                o = s.next(Fraction(c))
                searches.append([c, int(o.instant), o.key.removeprefix(s.key(""))])
            except NoOccurrence:
                searches.append([c, None, "no-occurrence"])
        combo["searches"] = searches
        combos.append(combo)
    data = {
        "generator": "tools/oracle/oracle.py golden",
        "seed": a.seed,
        "tzdata": tzdata_version(),
        "eras": a.eras,
        "note": "keys are stored without their '<id>/v<version>/' prefix",
        "combos": combos,
    }
    text = json.dumps(data, separators=(",", ":"))
    with open(a.out, "w", encoding="utf-8") as h:
        h.write(text.replace('},{"zone"', '},\n{"zone"') + "\n")
    occurrences = sum(len(c.get("occurrences", [])) for c in combos)
    searches = sum(len(c["searches"]) for c in combos)
    print(f"wrote {a.out}: {len(combos)} combinations, {occurrences} occurrences, {searches} searches")
    return 0


def tzdata_version() -> str:
    for path in ("/usr/share/zoneinfo/tzdata.zi", "/usr/share/zoneinfo/+VERSION"):
        try:
            with open(path, encoding="utf-8") as h:
                line = h.readline().strip()
                return line.replace("# version ", "")
        except OSError:
            continue
    return "unknown"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)

    def schedule_args(q):
        q.add_argument("--zone", required=True)
        q.add_argument("--rule", required=True, help='JSON map, e.g. \'{"every":"day","at":"02:30"}\'')
        q.add_argument("--nonexistent", default="skip", choices=GAP_POLICIES)
        q.add_argument("--repeated", default="first", choices=OVERLAP_POLICIES)
        q.add_argument("--id", default="schedule")
        q.add_argument("--version", type=int, default=1)
        q.add_argument("--limit", type=int, default=DEFAULT_LIMIT)

    q = sub.add_parser("resolve", help="what each policy yields for a local wall time")
    q.add_argument("--zone", required=True)
    q.add_argument("--local", required=True, help="YYYY-MM-DDTHH:MM[:SS]")
    q.set_defaults(run=cmd_resolve)

    q = sub.add_parser("occurrences", help="occurrences in (after, through]")
    schedule_args(q)
    q.add_argument("--after", required=True)
    q.add_argument("--through", required=True)
    q.add_argument("--max", type=int, default=100_000)
    q.set_defaults(run=cmd_occurrences)

    q = sub.add_parser("next", help="successive next(after:) results")
    schedule_args(q)
    q.add_argument("--after", required=True)
    q.add_argument("--count", type=int, default=1)
    q.set_defaults(run=cmd_next)

    q = sub.add_parser("check", help="check every expected instant under the paths")
    q.add_argument("paths", nargs="+")
    q.add_argument("--verbose", action="store_true")
    q.set_defaults(run=cmd_check)

    q = sub.add_parser("golden", help="write the engine cross-check data")
    q.add_argument("--seed", type=int, default=3)
    q.add_argument("--count", type=int, default=4000)
    q.add_argument("--all-zones", action="store_true", help="every zone tzdata has, not the curated list")
    q.add_argument("--eras", default="1970-2040:70,1890-1970:15,2040-2110:15",
                   help="year ranges to place windows in, with weights")
    q.add_argument("--kinds", default=None,
                   help="rule kinds to draw from, comma-separated (day, week, month, year, hour, interval, "
                        "month-weekday, year-weekday, day-times, week-times, month-times, year-times, day-step, week-step, month-step, year-step); default: the mix of golden/crosscheck.json")
    q.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "golden", "crosscheck.json"))
    q.set_defaults(run=cmd_golden)

    a = p.parse_args(argv)
    try:
        return a.run(a)
    except OracleError as e:
        print(f"oracle: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
