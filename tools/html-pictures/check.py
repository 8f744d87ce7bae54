#!/usr/bin/env python3
"""Cross-check every occurrence timeline in an HTML report against Python's zoneinfo.

usage: check_pictures.py REPORT.html RESULTS.json
For each test article with an occurrence picture: reconstruct the local-time axis from the tick positions, then check
(1) each tick's UTC row against zoneinfo's instants for that wall time (none in a gap, two in an overlap),
(2) the hatched region's wall-time span and kind against zoneinfo's transition,
(3) every marker sits (within 8 px: markers that would cover each other are set side by side) at the wall time of an expected (triangle) or actual (circle) instant of that test.
"""
import json, re, sys, html as H
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

page = open(sys.argv[1], encoding='utf-8').read()
run = json.load(open(sys.argv[2], encoding='utf-8'))
tests = run['tests']
problems = 0; checked = 0; labelled = 0

def instants_for_wall(naive, tz):
    out = []
    for fold in (0, 1):
        aware = naive.replace(tzinfo=tz, fold=fold)
        utc = aware.astimezone(timezone.utc)
        back = utc.astimezone(tz).replace(tzinfo=None)
        if back == naive and utc not in out:
            out.append(utc)
    return sorted(out)

def parse_date(text, year):
    """`Sun 28 Mar`, or `28 Mar` (the axis's first date at the row's edge, without its weekday)."""
    return datetime.strptime(f"{text} {year}", "%a %d %b %Y" if text[:1].isalpha() else "%d %b %Y")

def wall_of(epoch, tz):
    return datetime.fromtimestamp(epoch, tz).replace(tzinfo=None)

for m in re.finditer(r'<article class="test [^"]*" id="t(\d+)"(.*?)</article>', page, re.S):
    n = int(m.group(1)); body = m.group(2); test = tests[n - 1]
    zone = (test.get('zoneContext') or {}).get('zone') or test.get('timeZone')
    if not zone: continue
    tz = ZoneInfo(zone)
    for svg in re.findall(r'<figure class="picture">(?:<div class="picture-scroll">)?<svg(.*?)</svg>', body, re.S):
        if 'class="lane"' in svg: continue  # lifecycle picture (its description says "planned", which holds "lane")
        checked += 1
        ticks = [float(x) for x in re.findall(r'<line x1="([-\d.]+)" y1="[-\d.]+" x2="[-\d.]+" y2="[-\d.]+" class="tick"/>', svg)]
        labels = re.findall(r'class="tick-label">([^<]*)<', svg)
        # A tick shows UTC only where the results settle it (near the instants the zone context was searched around):
        # paired by position, and a tick without one is not checked.
        utc_at = {float(x): u for x, u in re.findall(r'<text x="([-\d.]+)" y="[-\d.]+" class="tick-utc(?: none)?">([^<]*)<', svg)}
        dates = [(float(x), d) for x, d in re.findall(r'<text x="([-\d.]+)" y="[-\d.]+" class="tick-date">([^<]*)<', svg)]
        # The date the axis starts on may sit at the row's left edge (`start`-anchored) when it would touch the next
        # date, or be left out: it belongs to the first tick (and a date left out is found from the times below).
        dates += [(ticks[0], d) for d in re.findall(r'<text x="[-\d.]+" y="[-\d.]+" class="start tick-date">([^<]*)<', svg)]
        years = sorted({i['utc'][:4] for i in test.get('expected', []) + test.get('actual', [])})
        year = int(years[0]) if years else 2027
        # wall datetime of each tick
        walls = []; cur = None
        for i, x in enumerate(ticks):
            d = [dd for xx, dd in dates if abs(xx - x) < 0.05 and not dd.lstrip('-').isdigit()]
            y = [dd for xx, dd in dates if abs(xx - x) < 0.05 and dd.lstrip('-').isdigit()]
            if y: year = int(y[0])  # the year row of an axis across a new year
            hh, mm = map(int, labels[i].split(':'))
            if d:
                cur = parse_date(d[0], year)
                if walls and cur < walls[-1] - timedelta(days=300): cur = cur.replace(year=year + 1)
            elif cur is None:
                # The first date was left out: the ticks before the first dated one are the day before it (the
                # layout drops it only when the next date starts within a label's width, so less than a day on).
                first = next(j for j, xx in enumerate(ticks) if any(abs(xd - xx) < 0.05 and not dd.lstrip('-').isdigit() for xd, dd in dates))
                cur = parse_date([dd for xd, dd in dates if abs(xd - ticks[first]) < 0.05][0], year) - timedelta(days=1)
            elif walls and cur.replace(hour=hh, minute=mm) <= walls[-1]:
                cur += timedelta(days=1)  # a new date whose label was left out (ticks a day apart show every other)
            walls.append(cur.replace(hour=hh, minute=mm))
        if len(walls) < 2: print(f"t{n}: fewer than two ticks"); problems += 1; continue
        span = (walls[-1] - walls[0]).total_seconds(); px = ticks[-1] - ticks[0]
        def x_to_wall(x): return walls[0] + timedelta(seconds=(x - ticks[0]) / px * span)
        def wall_to_x(w): return ticks[0] + (w - walls[0]).total_seconds() / span * px
        for i, w in enumerate(walls):
            want = instants_for_wall(w, tz)
            text = "no instant" if not want else " / ".join(u.strftime("%H:%MZ") for u in want)
            shown = next((u for x, u in utc_at.items() if abs(x - ticks[i]) < 0.05), None)
            if shown is not None:
                labelled += 1
            if shown is not None and shown != text:
                print(f"t{n} {test['id']}: tick {w} UTC row says {shown!r}, zoneinfo {text!r}"); problems += 1
        # transitions within the axis span, from zoneinfo
        start_utc = instants_for_wall(walls[0], tz) or [walls[0].replace(tzinfo=tz).astimezone(timezone.utc)]
        end_utc = instants_for_wall(walls[-1], tz) or [walls[-1].replace(tzinfo=tz).astimezone(timezone.utc)]
        t = start_utc[0] - timedelta(hours=30); trans = []
        prev = t.astimezone(tz).utcoffset()
        while t < end_utc[-1] + timedelta(hours=30):
            t2 = t + timedelta(minutes=15); o = t2.astimezone(tz).utcoffset()
            if o != prev:
                before = (t2 + prev).replace(tzinfo=None); after = (t2 + o).replace(tzinfo=None)
                trans.append(('gap' if o > prev else 'overlap', min(before, after), max(before, after)))
            prev = o; t = t2
        regions = re.findall(r'<rect x="([-\d.]+)" y="[-\d.]+" width="([-\d.]+)" height="[-\d.]+" class="region (gap|overlap)"/>', svg)
        for x, wdt, kind in regions:
            lo = x_to_wall(float(x)); hi = x_to_wall(float(x) + float(wdt))
            ok = any(k == kind and abs((lo - a).total_seconds()) < 300 and abs((hi - b).total_seconds()) < 300 for k, a, b in trans)
            if not ok:
                print(f"t{n} {test['id']}: region {kind} {lo}–{hi} not a zoneinfo transition {trans}"); problems += 1
        # markers
        exp_walls = [wall_of(i['epochSeconds'], tz) for i in test.get('expected', [])]
        act_walls = [wall_of(i['epochSeconds'], tz) for i in test.get('actual', [])]
        for x in re.findall(r'<path d="M([-\d.]+) [-\d.]+L', svg):
            w = x_to_wall(float(x) + 7)
            if not any(abs(wall_to_x(e) - (float(x) + 7)) <= 8 for e in exp_walls):
                print(f"t{n} {test['id']}: expected marker at {w} matches no expected instant"); problems += 1
        for x in re.findall(r'<circle cx="([-\d.]+)" cy="[-\d.]+" r="6" class="marker actual', svg):
            w = x_to_wall(float(x))
            if not any(abs(wall_to_x(a) - float(x)) <= 8 for a in act_walls):
                print(f"t{n} {test['id']}: actual marker at {w} matches no actual instant"); problems += 1
        # every instant that is inside the axis must have a marker
        for role, ws, pat in (('expected', exp_walls, r'<path d="M([-\d.]+) '), ('actual', act_walls, r'<circle cx="([-\d.]+)" cy="[-\d.]+" r="6"')):
            xs = [float(x) + (7 if role == 'expected' else 0) for x in re.findall(pat, svg)]
            for w in ws:
                if walls[0] <= w <= walls[-1] and not any(abs(wall_to_x(w) - x) <= 8 for x in xs):
                    print(f"t{n} {test['id']}: {role} instant {w} inside the axis has no marker"); problems += 1
print(f"{checked} pictures checked, {labelled} UTC labels against zoneinfo, {problems} problems")
if checked and not labelled: print("no UTC label at all: the pictures lost their UTC row"); problems += 1
sys.exit(1 if problems else 0)
