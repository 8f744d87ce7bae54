#!/usr/bin/env python3
"""A second, deliberately naive check of the stepped specs (specs/recurrence/stepped/), independent of oracle.py.

It shares nothing with oracle.py or Sources/Recurrence: the selected dates come from a plain walk over
`date` objects (days by `(d - from).days`, weeks by the Mondays' distance in days, months by year*12+month), and a
wall time is resolved by trying every minute-aligned UTC instant within ±15 hours and keeping those whose
`astimezone(zone)` shows that wall time (a gap: none; an overlap: two). Gap policies: shift-forward/backward read
the wall time with the offset of 15 hours before/after; next-valid-time is the first minute after the gap.
Prints each spec's instants, for comparison with the spec files: `python3 tools/oracle/stepped_second_check.py`.
"""
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo


def selected_dates(unit, n, start, first, last, picks):
    d = start
    while d <= last:
        if unit == "days":
            on_step = (d - start).days % n == 0
        elif unit == "weeks":
            monday, start_monday = d - timedelta(days=d.weekday()), start - timedelta(days=start.weekday())
            on_step = ((monday - start_monday).days // 7) % n == 0
        elif unit == "months":
            on_step = ((d.year * 12 + d.month) - (start.year * 12 + start.month)) % n == 0
        else:
            on_step = (d.year - start.year) % n == 0
        if on_step and d >= first and picks(d):
            yield d
        d += timedelta(days=1)


def instants(zone, d, hh, mm, nonexistent, repeated):
    z = ZoneInfo(zone)
    wall = datetime(d.year, d.month, d.day, hh, mm)
    base = wall.replace(tzinfo=timezone.utc)
    found = []
    for minutes in range(-15 * 60, 15 * 60 + 1):
        t = base + timedelta(minutes=minutes)
        if t.astimezone(z).replace(tzinfo=None) == wall:
            found.append(t)
    if len(found) == 2:
        return {"first": found[:1], "last": found[1:], "both": found}[repeated]
    if found:
        return found
    before = (base - timedelta(hours=15)).astimezone(z).utcoffset()
    after = (base + timedelta(hours=15)).astimezone(z).utcoffset()
    if nonexistent == "skip":
        return []
    if nonexistent == "shift-forward":
        return [base - before]
    if nonexistent == "shift-backward":
        return [base - after]
    # The first minute at the later offset, walking from three hours before the wall time read with the earlier one.
    t = base - before - timedelta(hours=3)
    while t.astimezone(z).utcoffset() != after:
        t += timedelta(minutes=1)
    return [t]


def show(title, zone, unit, n, start, first, last, picks, hh, mm, nonexistent="skip", repeated="first"):
    print(f"# {title}")
    z = ZoneInfo(zone)
    for d in selected_dates(unit, n, start, first, last, picks):
        for t in instants(zone, d, hh, mm, nonexistent, repeated):
            print("  ", t.astimezone(z).isoformat(), d.isoformat())


def last_of(d):
    return (d.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


if __name__ == "__main__":
    monday, sunday = (lambda d: d.weekday() == 0), (lambda d: d.weekday() == 6)
    show("fortnightly monday 09:00 Berlin, spring", "Europe/Berlin", "weeks", 2, date(2027, 1, 4), date(2027, 3, 1), date(2027, 4, 19), monday, 9, 0)
    show("fortnightly monday 09:00 Berlin, autumn", "Europe/Berlin", "weeks", 2, date(2027, 1, 4), date(2027, 10, 18), date(2027, 11, 15), monday, 9, 0)
    for policy in ["skip", "next-valid-time", "shift-forward", "shift-backward"]:
        show(f"fortnightly sunday 02:30 from 03-14, {policy}", "Europe/Berlin", "weeks", 2, date(2027, 3, 14), date(2027, 3, 2), date(2027, 4, 11), sunday, 2, 30, policy)
    show("fortnightly sunday 02:30 from 10-17, both", "Europe/Berlin", "weeks", 2, date(2027, 10, 17), date(2027, 10, 10), date(2027, 11, 14), sunday, 2, 30, "skip", "both")
    for start in [date(2027, 3, 27), date(2027, 3, 25)]:
        for policy in ["skip", "next-valid-time"]:
            show(f"every 3 days 02:30 from {start}, {policy}", "Europe/Berlin", "days", 3, start, date(2027, 3, 20), date(2027, 4, 3), lambda d: True, 2, 30, policy)
    # day 31 every 2 months from January: last-day takes the month's last day, skip drops the month.
    show("every 2 months day 31 last-day", "Europe/Berlin", "months", 2, date(2027, 1, 31), date(2027, 1, 1), date(2028, 3, 31), lambda d: d == last_of(d), 2, 30)
    show("every 2 months day 31 skip", "Europe/Berlin", "months", 2, date(2027, 1, 31), date(2027, 1, 1), date(2028, 3, 31), lambda d: d.day == 31, 2, 30)
    for policy in ["skip", "shift-forward", "next-valid-time"]:
        show(f"Lord Howe fortnightly sunday 02:15 from 2027-09-19, {policy}", "Australia/Lord_Howe", "weeks", 2, date(2027, 9, 19), date(2027, 9, 1), date(2027, 10, 31), sunday, 2, 15, policy)
    show("Lord Howe fortnightly sunday 01:45 from 2027-03-21, both", "Australia/Lord_Howe", "weeks", 2, date(2027, 3, 21), date(2027, 3, 1), date(2027, 4, 18), sunday, 1, 45, "skip", "both")
    show("search from an off-step week", "Europe/Berlin", "weeks", 2, date(2027, 1, 4), date(2027, 1, 4), date(2027, 2, 1), monday, 9, 0)
    show("bound: February 29 every 2 years from 2028", "Europe/Berlin", "years", 2, date(2028, 2, 29), date(2097, 6, 1), date(2104, 12, 31), lambda d: d.month == 2 and d.day == 29, 12, 0)
