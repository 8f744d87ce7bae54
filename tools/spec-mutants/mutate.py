#!/usr/bin/env python3
"""Mutation testing of the spec files: prove every expectation in specs/ can fail.

For every spec file, make one mutant per expectation value (and per expectation list: drop its last item,
append a plausible extra one), run each mutant alone with specrun, and classify what specrun made of it.
See tools/spec-mutants/README.md.

The file is edited as TEXT at the marks `yaml.compose` gives each node, so everything but the mutated value
stays byte-identical (comments, quoting, flow or block style, the other documents of the file).
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures
import dataclasses
import datetime as dt
import hashlib
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "oracle"))
from oracle import string_loader  # noqa: E402  (BaseLoader, with YAML's merge key resolved as specrun does)

StringLoader = string_loader()

DEFAULT_BINARY = ".build/debug/specrun"  # what `swift build` makes; pass .build/release/specrun for a full run

LIFECYCLE_KEYS = {"task", "job", "clock", "app", "system", "steps"}

ERROR_KINDS = ["not-permitted", "not-registered", "late-registration", "duplicate-registration",
               "too-many-pending", "unavailable", "no-launch-handler", "no-pending-request",
               "launch-before-earliest-begin", "not-running", "process-not-running"]
DEFECTS = ["completed-twice", "success-after-failure", "success-after-expiration", "missing-completion",
           "open-transaction-at-suspension", "work-after-expiration"]
INVARIANTS = ["one-completion-per-launch", "success-implies-commit", "no-success-after-failure-or-expiration",
              "store-changes-together", "old-data-readable-during-fault", "no-temp-files-after-cancel-or-fault",
              "no-success-mark-after-cancel-or-fault", "no-duplicate-items", "no-duplicate-side-effects",
              "interrupted-write-reconciled", "catch-up-nothing-missed", "catch-up-nothing-twice",
              "no-pending-timers", "no-open-transaction-at-suspension", "expiration-honoured",
              "harness-ran-cleanly"]
OUTCOMES = ["completed", "failed", "expired", "killed", "unfinished"]
COMPLETED_SWAP = {"true": "false", "false": "true", "killed": "true", "none": "true"}

INSTANT_RE = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})(?P<sep>[Tt ])(?P<time>\d{2}:\d{2}:\d{2})(?P<frac>\.\d+)?"
    r"(?P<off>[Zz]|[+-]\d{2}:\d{2}(?::\d{2})?)$")
DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")

CLASSES = ["caught-by-run", "caught-by-run-elsewhere", "caught-by-check", "known-deviation-only", "equivalent",
           "weak", "unjudged", "survived", "timeout", "tool-error"]
# Input mutants (--inputs): a survivor is `equivalent` (shown to be unable to matter), `weak` (a policy mutant whose
# policy does matter in the spec's window or searches: the spec cannot fail on the behaviour), `unjudged` (the
# tool cannot tell) or `survived` (any other input that changed nothing specrun noticed).
FAILING_CLASSES = ("survived", "weak", "unjudged", "tool-error", "timeout")

POLICIES = {"nonexistent": ["skip", "next-valid-time", "shift-forward", "shift-backward"],
            "repeated": ["first", "last", "both"]}
WALL_RE = re.compile(r"^(?P<h>\d{1,2}):(?P<m>\d{2})(?P<s>:\d{2})?$")


# ---------------------------------------------------------------------------------------------------- instants

def parse_instant(text: str):
    """(aware datetime, parts) for an RFC 3339 instant as the spec language writes it, else None."""
    m = INSTANT_RE.match(text.strip())
    if not m:
        return None
    off = m["off"]
    if off in ("Z", "z"):
        tz = dt.timezone.utc
    else:
        sign = -1 if off[0] == "-" else 1
        parts = [int(p) for p in off[1:].split(":")]
        secs = parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)
        tz = dt.timezone(dt.timedelta(seconds=sign * secs))
    frac = m["frac"] or ""
    micro = int((frac[1:] + "000000")[:6]) if frac else 0
    base = dt.datetime.strptime(m["date"] + "T" + m["time"], "%Y-%m-%dT%H:%M:%S")
    return base.replace(microsecond=micro, tzinfo=tz), m


def shift_instant(text: str, delta: dt.timedelta) -> str | None:
    """The instant moved by delta, written with the same offset, separator and fraction."""
    parsed = parse_instant(text)
    if parsed is None:
        return None
    value, m = parsed
    moved = value + delta          # aware arithmetic: the written offset is kept
    frac = m["frac"] or ""
    out = moved.strftime("%Y-%m-%d") + m["sep"] + moved.strftime("%H:%M:%S")
    if frac:
        out += "." + f"{moved.microsecond:06d}"[:len(frac) - 1].ljust(len(frac) - 1, "0")
    return out + m["off"]


def midpoint_instant(after: str, through: str) -> str | None:
    a, b = parse_instant(after), parse_instant(through)
    if a is None or b is None:
        return None
    half = (b[0] - a[0]) / 2
    half = dt.timedelta(seconds=int(half.total_seconds()))
    return shift_instant(after, half)


# ---------------------------------------------------------------------------------------------------- nodes

def mapping_get(node, key):
    if not isinstance(node, MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, ScalarNode) and k.value == key:
            return v
    return None


def mapping_pair(node, key):
    if not isinstance(node, MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, ScalarNode) and k.value == key:
            return k, v
    return None


def node_end(node) -> int:
    """The index just after the node's own text (block collections: after their last scalar)."""
    if isinstance(node, ScalarNode) or node.flow_style:
        return node.end_mark.index
    if isinstance(node, MappingNode):
        return node_end(node.value[-1][1]) if node.value else node.start_mark.index
    if isinstance(node, SequenceNode):
        return node_end(node.value[-1]) if node.value else node.start_mark.index
    return node.end_mark.index


def seq_items(node):
    """A list value, or one alone (the language's `one alone` form): (items, is_sequence)."""
    if isinstance(node, SequenceNode):
        return node.value, True
    if node is None:
        return [], False
    return [node], False


def yaml_quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------------- mutants

@dataclasses.dataclass
class Mutant:
    file: str            # path as given (relative to the cwd)
    root: str            # the spec tree the file belongs to (the PATH argument)
    doc: int             # index of the YAML document in the file
    spec: str            # the document's spec name
    case: str | None     # the case name for a cursor case, else None
    family: str          # recurrence | lifecycle
    kind: str            # e.g. occurrence-short+1h, runs.actual+1h, errors-remove
    line: int            # 1-based line of the mutated text
    column: int
    before: str
    after: str
    edits: list          # [(start, end, replacement)] on the file's text
    expectation: str = ""  # the lifecycle expectation's name the mutant targets (for reading the results)

    @property
    def ident(self) -> str:
        return f"{self.file}:{self.line}:{self.column}:{self.kind}"

    def apply(self, text: str) -> str:
        out = text
        for start, end, rep in sorted(self.edits, key=lambda e: e[0], reverse=True):
            out = out[:start] + rep + out[end:]
        return out


class Generator:
    def __init__(self, path: str, root: str, text: str, inputs: bool = False):
        self.path, self.root, self.text = path, root, text
        self.inputs = inputs        # make input mutants (--inputs) instead of expectation mutants
        self.mutants: list[Mutant] = []
        self.skipped: list[str] = []

    # -- helpers
    def _line_col(self, index: int):
        line = self.text.count("\n", 0, index) + 1
        col = index - (self.text.rfind("\n", 0, index) + 1) + 1
        return line, col

    def _add(self, ctx, kind, at_index, before, after, edits, expectation=""):
        line, col = self._line_col(at_index)
        self.mutants.append(Mutant(self.path, self.root, ctx["doc"], ctx["spec"], ctx.get("case"), ctx["family"],
                                   kind, line, col, before, after, edits, expectation))

    def scalar_text(self, node) -> str:
        return self.text[node.start_mark.index:node.end_mark.index]

    def replace_scalar(self, ctx, node, kind, new_value, expectation="", raw=False):
        """Replace a scalar's value; quoted scalars keep their quotes (raw=True replaces the whole text)."""
        if node.style in ("|", ">"):
            self.skipped.append(f"{self.path}:{node.start_mark.line + 1}: {kind}: block scalar not mutated")
            return
        start, end = node.start_mark.index, node.end_mark.index
        if not raw and node.style in ('"', "'"):
            start, end = start + 1, end - 1
        before = self.text[node.start_mark.index:node.end_mark.index]
        after = self.text[node.start_mark.index:start] + new_value + self.text[end:node.end_mark.index]
        self._add(ctx, kind, node.start_mark.index, before, after, [(start, end, new_value)], expectation)

    def shift_scalar(self, ctx, node, kind, delta, expectation=""):
        if not isinstance(node, ScalarNode):
            return
        moved = shift_instant(node.value, delta)
        if moved is None:
            self.skipped.append(f"{self.path}:{node.start_mark.line + 1}: {kind}: not an instant: {node.value!r}")
            return
        self.replace_scalar(ctx, node, kind, moved, expectation)

    def drop_item(self, ctx, seq, index, kind, expectation=""):
        """Remove one item of a sequence (flow or block) — the last one for drop-last."""
        items = seq.value
        item = items[index]
        if len(items) == 1:
            if seq.flow_style:
                start, end = item.start_mark.index, node_end(item)
            else:
                start, end = seq.start_mark.index, node_end(item)
            rep = "" if seq.flow_style else "[]"
        elif seq.flow_style:
            if index == len(items) - 1:
                start, end, rep = node_end(items[index - 1]), node_end(item), ""
            else:
                start, end, rep = item.start_mark.index, items[index + 1].start_mark.index, ""
        elif index == 0:       # the first block item: from its dash up to the next item's dash
            start, end, rep = seq.start_mark.index, self._dash_index(items[1]), ""
        else:                  # a later block item: its whole line(s), from the line break before its dash
            start, end, rep = self.text.rfind("\n", 0, self._dash_index(item)), node_end(item), ""
        self._add(ctx, kind, item.start_mark.index, self.text[start:end], rep or "(removed)",
                  [(start, end, rep)], expectation)

    def _dash_index(self, item) -> int:
        i = item.start_mark.index - 1
        while i >= 0 and self.text[i] != "-":
            i -= 1
        return i

    def append_item(self, ctx, node, new_text, kind, expectation="", at_node=None):
        """Append new_text (YAML text of one item) to a list, or turn a value written alone into a list."""
        if isinstance(node, SequenceNode):
            if node.flow_style:
                if node.value:
                    pos, rep = node_end(node.value[-1]), ", " + new_text
                else:
                    pos, rep = node.start_mark.index + 1, new_text
            else:
                last = node.value[-1]
                dash = self._dash_index(last)
                indent = dash - (self.text.rfind("\n", 0, dash) + 1)
                pos, rep = node_end(last), "\n" + " " * indent + "- " + new_text
            self._add(ctx, kind, (at_node or node).start_mark.index, "(end of the list)", rep.strip("\n ,"),
                      [(pos, pos, rep)], expectation)
        else:
            start, end = node.start_mark.index, node_end(node)
            old = self.text[start:end]
            rep = "[" + old + ", " + new_text + "]"
            self._add(ctx, kind, start, old, rep, [(start, end, rep)], expectation)

    # -- documents
    def run(self):
        for doc_index, doc in enumerate(yaml.compose_all(self.text)):
            if not isinstance(doc, MappingNode):
                continue
            keys = {k.value for k, _ in doc.value if isinstance(k, ScalarNode)}
            spec_node = mapping_get(doc, "spec")
            spec = spec_node.value if isinstance(spec_node, ScalarNode) else ""
            lifecycle = bool(keys & LIFECYCLE_KEYS) and not (({"window", "cases"} & keys) and "task" not in keys)
            ctx = {"doc": doc_index, "spec": spec, "family": "lifecycle" if lifecycle else "recurrence"}
            if self.inputs:
                self.input_mutants(doc, ctx, lifecycle)
            elif lifecycle:
                self.lifecycle(doc, ctx)
            else:
                self.recurrence(doc, ctx)
        return self

    # -- recurrence specs
    def recurrence(self, doc, ctx):
        hour, day = dt.timedelta(hours=1), dt.timedelta(days=1)
        expect = mapping_get(doc, "expect")
        window = mapping_get(doc, "window")
        if isinstance(expect, MappingNode):
            occ = mapping_get(expect, "occurrences")
            if occ is not None:
                items, is_seq = seq_items(occ)
                last_instant = None
                for item in items:
                    if isinstance(item, ScalarNode):
                        self.shift_scalar(ctx, item, "occurrence-short+1h", hour)
                        last_instant = item.value
                    elif isinstance(item, MappingNode):
                        at = mapping_get(item, "at")
                        if at is not None:
                            self.shift_scalar(ctx, at, "occurrence-long-at+1h", hour)
                            last_instant = at.value
                        key = mapping_get(item, "key")
                        if isinstance(key, ScalarNode):
                            self.replace_scalar(ctx, key, "occurrence-key-changed", mutate_key(key.value))
                if is_seq:
                    form = "flow" if occ.flow_style else "block"
                    if items:
                        self.drop_item(ctx, occ, len(items) - 1, f"occurrences-drop-last({form})")
                    if last_instant is not None:
                        extra = shift_instant(last_instant, day)
                    else:      # []: the middle of the window
                        a, t = mapping_get(window, "after"), mapping_get(window, "through")
                        extra = midpoint_instant(a.value, t.value) if a is not None and t is not None else None
                    if extra:
                        self.append_item(ctx, occ, extra, f"occurrences-append({form})")
            pair = mapping_pair(expect, "error")
            if pair is not None:
                # The language has one error kind (no-occurrence): the mutant expects the other outcome instead.
                k, v = pair
                start, end = k.start_mark.index, node_end(v)
                before = self.text[start:end]
                self._add(ctx, "expect-error-replaced", start, before, "occurrences: []",
                          [(start, end, "occurrences: []")])
        cases = mapping_get(doc, "cases")
        if isinstance(cases, SequenceNode):
            for case in cases.value:
                if not isinstance(case, MappingNode):
                    continue
                name = mapping_get(case, "name")
                cctx = dict(ctx, case=name.value if isinstance(name, ScalarNode) else None)
                nxt = mapping_get(case, "next")
                if isinstance(nxt, ScalarNode):
                    self.shift_scalar(cctx, nxt, "next-single+1h", hour)
                    extra = shift_instant(nxt.value, day)
                    if extra:
                        self.append_item(cctx, nxt, extra, "next-single-append")
                elif isinstance(nxt, SequenceNode):
                    form = "flow" if nxt.flow_style else "block"
                    for item in nxt.value:
                        self.shift_scalar(cctx, item, "next-list-item+1h", hour)
                    if nxt.value:
                        self.drop_item(cctx, nxt, len(nxt.value) - 1, f"next-list-drop-last({form})")
                        extra = shift_instant(nxt.value[-1].value, day) if isinstance(nxt.value[-1], ScalarNode) else None
                        if extra:
                            self.append_item(cctx, nxt, extra, f"next-list-append({form})")
                pair = mapping_pair(case, "error")
                if pair is not None:
                    k, v = pair
                    after = mapping_get(case, "after")
                    guess = shift_instant(after.value, day) if isinstance(after, ScalarNode) else None
                    if guess:
                        start, end = k.start_mark.index, node_end(v)
                        rep = "next: " + guess
                        self._add(cctx, "case-error-replaced", start, self.text[start:end], rep, [(start, end, rep)])

    # -- lifecycle scenarios
    def lifecycle(self, doc, ctx):
        hour, day = dt.timedelta(hours=1), dt.timedelta(days=1)
        expect = mapping_get(doc, "expect")
        if not isinstance(expect, MappingNode):
            return
        tasks = []
        tnode = mapping_get(doc, "task")
        for t in (tnode.value if isinstance(tnode, SequenceNode) else [tnode]):
            ident = mapping_get(t, "identifier")
            if isinstance(ident, ScalarNode):
                tasks.append(ident.value)
        log = mapping_get(expect, "log")
        contains = [n.value for n in seq_items(mapping_get(log, "contains"))[0] if isinstance(n, ScalarNode)]

        for key, value in expect.value:
            name = key.value
            if name == "completed":
                items, is_seq = seq_items(value)
                for item in items:
                    if isinstance(item, ScalarNode) and item.value in COMPLETED_SWAP:
                        self.replace_scalar(ctx, item, "completed-changed", COMPLETED_SWAP[item.value], name)
                if is_seq and items:
                    self.drop_item(ctx, value, len(items) - 1, "completed-drop-last", name)
                self.append_item(ctx, value, "true", "completed-append", name)
            elif name in ("side-effects", "temp-files", "run-count"):
                self.number_plus_one(ctx, value, f"{name}+1", name)
            elif name == "store" and isinstance(value, MappingNode):
                for skey, sval in value.value:
                    sname = f"store.{skey.value}"
                    if skey.value == "commits":
                        self.number_plus_one(ctx, sval, "store.commits+1", sname)
                    elif skey.value == "updated-at":
                        self.shift_scalar(ctx, sval, "store.updated-at+1h", hour, sname)
                    elif skey.value == "items":
                        items, is_seq = seq_items(sval)
                        for item in items:
                            if isinstance(item, ScalarNode):
                                self.replace_scalar(ctx, item, "store.items-changed", item.value + "-mutant", sname)
                        if is_seq and items:
                            self.drop_item(ctx, sval, len(items) - 1, "store.items-drop-last", sname)
                        self.append_item(ctx, sval, '"mutant-item"', "store.items-append", sname)
            elif name == "runs" and isinstance(value, SequenceNode):
                last_instant = None
                for n, run in enumerate(value.value, start=1):
                    if not isinstance(run, MappingNode):
                        continue
                    rname = f"runs[{n}]"
                    for rkey, rval in run.value:
                        if rkey.value in ("planned", "actual"):
                            self.shift_scalar(ctx, rval, f"runs.{rkey.value}+1h", hour, rname)
                            last_instant = rval.value
                        elif rkey.value == "key" and isinstance(rval, ScalarNode):
                            self.replace_scalar(ctx, rval, "runs.key-changed", mutate_key(rval.value), rname)
                        elif rkey.value == "outcome" and isinstance(rval, ScalarNode):
                            other = "failed" if rval.value == "completed" else "completed"
                            self.replace_scalar(ctx, rval, "runs.outcome-changed", other, rname)
                # dropping a listed run is no mutant: the runs after the last listed one are not compared (documented)
                if last_instant:
                    extra = shift_instant(last_instant, day)
                    self.append_item(ctx, value, "{actual: " + extra + "}", "runs-append", f"runs[{len(value.value) + 1}]")
            elif name == "log" and isinstance(value, MappingNode):
                for lkey, lval in value.value:
                    items, _ = seq_items(lval)
                    for item in items:
                        if isinstance(item, MappingNode) and lkey.value == "contains":
                            # the long form {text: …, lines: N}: another text, one line more
                            text, lines = mapping_get(item, "text"), mapping_get(item, "lines")
                            if isinstance(text, ScalarNode):
                                self.replace_scalar(ctx, text, "log.contains-not-in-log",
                                                    yaml_quote(text.value + " ~mutant~"), "log.contains", raw=True)
                            if isinstance(lines, ScalarNode) and lines.value.isdigit():
                                self.replace_scalar(ctx, lines, "log.contains-lines+1", str(int(lines.value) + 1),
                                                    "log.contains", raw=True)
                            continue
                        if not isinstance(item, ScalarNode):
                            continue
                        if lkey.value == "contains":
                            self.replace_scalar(ctx, item, "log.contains-not-in-log",
                                                yaml_quote(item.value + " ~mutant~"), "log.contains", raw=True)
                        elif lkey.value == "never":
                            in_log = contains[0] if contains else (tasks[0] if tasks else None)
                            if in_log is None:
                                continue
                            self.replace_scalar(ctx, item, "log.never-in-log", yaml_quote(in_log), "log.never",
                                                raw=True)
                # dropping a log text is no mutant: each text is its own check
            elif name in ("errors", "defects", "broken-invariants"):
                vocab = {"errors": ERROR_KINDS, "defects": DEFECTS, "broken-invariants": INVARIANTS}[name]
                items, is_seq = seq_items(value)
                listed = [i.value for i in items if isinstance(i, ScalarNode)]
                for idx, item in enumerate(items):
                    if not isinstance(item, ScalarNode):
                        continue
                    other = next((w for w in vocab if w not in listed), None) if name == "broken-invariants" else \
                        next(w for w in vocab[vocab.index(item.value) + 1:] + vocab if w != item.value) \
                        if item.value in vocab else vocab[0]
                    if other:
                        self.replace_scalar(ctx, item, f"{name}-changed", other, name)
                    if is_seq:
                        self.drop_item(ctx, value, idx, f"{name}-remove", name)
                extra = next((w for w in vocab if w not in listed), None) if name == "broken-invariants" else \
                    ("not-running" if not listed or listed[-1] != "not-running" else "not-registered") \
                    if name == "errors" else ("missing-completion" if "missing-completion" not in listed
                                              else "completed-twice")
                if is_seq or items:
                    self.append_item(ctx, value, extra, f"{name}-append", name)
            elif name == "pending-requests":
                items, is_seq = seq_items(value)
                listed = []
                for item in items:
                    ident = item if isinstance(item, ScalarNode) else mapping_get(item, "identifier")
                    if isinstance(ident, ScalarNode):
                        listed.append(ident.value)
                for idx, item in enumerate(items):
                    ident = item if isinstance(item, ScalarNode) else mapping_get(item, "identifier")
                    if isinstance(ident, ScalarNode):
                        other = next((t for t in tasks if t != ident.value), None)
                        if other:
                            self.replace_scalar(ctx, ident, "pending-requests.identifier-changed", other, name)
                    if isinstance(item, MappingNode):
                        eb = mapping_get(item, "earliest-begin")
                        if isinstance(eb, ScalarNode):
                            self.shift_scalar(ctx, eb, "pending-requests.earliest-begin+1h", hour,
                                              f"pending-requests[{ident.value if ident is not None else '?'}]"
                                              ".earliest-begin")
                    if is_seq:
                        self.drop_item(ctx, value, idx, "pending-requests-remove", name)
                missing = next((t for t in tasks if t not in listed), None)
                if missing:
                    self.append_item(ctx, value, missing, "pending-requests-append", name)

    # -- input mutants (--inputs): the spec's inputs change, its expectations stay
    def input_mutants(self, doc, ctx, lifecycle):
        hour, day = dt.timedelta(hours=1), dt.timedelta(days=1)
        schedule = mapping_get(doc, "schedule")
        if isinstance(schedule, MappingNode):
            self.input_schedule(schedule, ctx, "schedule")
        if lifecycle:
            steps = mapping_get(doc, "steps")
            if not isinstance(steps, SequenceNode):
                return
            for idx, step in enumerate(steps.value):
                self.drop_item(ctx, steps, idx, "input-step-remove", f"steps[{idx}]")
                at = mapping_get(step, "at")
                if not isinstance(at, ScalarNode) or parse_instant(at.value) is None:
                    continue
                try:
                    moved = parse_instant(at.value)[0] + hour
                except OverflowError:      # 9999-12-31T23:…: no later instant to write
                    self.skipped.append(f"{self.path}:{at.start_mark.line + 1}: input-step-at+1h: beyond year 9999")
                    continue
                # Only when the steps stay in order: the next step that names an instant must not be earlier.
                following = None
                for later in steps.value[idx + 1:]:
                    for key in ("at", "advance"):
                        v = mapping_get(later, key)
                        if isinstance(v, ScalarNode) and parse_instant(v.value) is not None:
                            following = parse_instant(v.value)[0]
                            break
                    if following is not None:
                        break
                if following is None or moved <= following:
                    self.shift_scalar(ctx, at, "input-step-at+1h", hour, f"steps[{idx}].at")
            return
        window = mapping_get(doc, "window")
        if isinstance(window, MappingNode):
            for key, kind, delta in (("after", "input-window-after+1d", day),
                                     ("through", "input-window-through-1d", -day)):
                v = mapping_get(window, key)
                if isinstance(v, ScalarNode):
                    try:
                        self.shift_scalar(ctx, v, kind, delta, f"window.{key}")
                    except OverflowError:
                        self.skipped.append(f"{self.path}:{v.start_mark.line + 1}: {kind}: beyond year 9999")
        cases = mapping_get(doc, "cases")
        if isinstance(cases, SequenceNode):
            for idx, case in enumerate(cases.value):
                if not isinstance(case, MappingNode):
                    continue
                name = mapping_get(case, "name")
                cctx = dict(ctx, case=name.value if isinstance(name, ScalarNode) else None)
                self.input_schedule(case, cctx, f"cases[{idx}]")

    def input_schedule(self, node, ctx, where):
        """A schedule's (or a case's own) policies, each replaced by every other one; its rule's wall times ±1 h."""
        for which, policies in POLICIES.items():
            v = mapping_get(node, which)
            if isinstance(v, ScalarNode) and v.value in policies:
                for other in policies:
                    if other != v.value:
                        self.replace_scalar(ctx, v, f"input-{which}-{other}", other, f"{where}.{which}")
        rule = mapping_get(node, "rule")
        if isinstance(rule, MappingNode):
            items, _ = seq_items(mapping_get(rule, "at"))
            for item in items:
                if isinstance(item, ScalarNode):
                    for hours, kind in ((1, "input-at+1h"), (-1, "input-at-1h")):
                        moved = shift_wall(item.value, hours)
                        if moved is not None:
                            self.replace_scalar(ctx, item, kind, moved, f"{where}.rule.at")
        elif isinstance(rule, ScalarNode) and rule.style not in ("|", ">"):
            words = rule.value.split()    # shorthand: `daily 02:30`, `weekly mon,thu 09:00` (the last word: times)
            if len(words) in (2, 3) and words[0] in ("daily", "weekly"):
                times = words[-1].split(",")
                for i, tm in enumerate(times):
                    for hours, kind in ((1, "input-at+1h"), (-1, "input-at-1h")):
                        moved = shift_wall(tm, hours)
                        if moved is None:
                            continue
                        new_words = words[:-1] + [",".join(times[:i] + [moved] + times[i + 1:])]
                        text = self.scalar_text(rule)
                        inner = text[1:-1] if rule.style in ('"', "'") else text
                        if inner.split() != words:     # escapes or odd spacing: do not guess
                            continue
                        self.replace_scalar(ctx, rule, kind, inner.replace(words[-1], new_words[-1]),
                                            f"{where}.rule")

    def number_plus_one(self, ctx, node, kind, expectation):
        if isinstance(node, ScalarNode) and node.value.strip().isdigit():
            self.replace_scalar(ctx, node, kind, str(int(node.value) + 1), expectation)
        else:
            self.skipped.append(f"{self.path}: {kind}: not a whole number")


def shift_wall(text: str, hours: int) -> str | None:
    """A wall time `HH:MM[:SS]` moved by whole hours around the clock, written as it was (hour digits, seconds)."""
    m = WALL_RE.match(text.strip())
    if not m:
        return None
    h = (int(m["h"]) + hours) % 24
    return (f"{h:02d}" if len(m["h"]) == 2 else str(h)) + ":" + m["m"] + (m["s"] or "")


def mutate_key(key: str) -> str:
    """A different dedup key: its (first) date one day later, else a changed last part."""
    m = DATE_RE.search(key)
    if m:
        try:
            d = dt.date.fromisoformat(m.group(0)) + dt.timedelta(days=1)
            return key[:m.start()] + d.isoformat() + key[m.end():]
        except ValueError:
            pass
    return key + "-mutant"


# ---------------------------------------------------------------------------------------------------- equivalence

def _zone(name: str):
    from zoneinfo import ZoneInfo
    return dt.timezone.utc if name in ("UTC", "Etc/UTC") else ZoneInfo(name)


def _resolve(zone, wall: dt.datetime, nonexistent: str, repeated: str) -> list:
    """The UTC instants of a local wall time by the language's policies (zoneinfo, independent of specrun)."""
    utc = dt.timezone.utc
    a = wall.replace(tzinfo=zone, fold=0).astimezone(utc)
    b = wall.replace(tzinfo=zone, fold=1).astimezone(utc)
    exists = [t for t in (a, b) if t.astimezone(zone).replace(tzinfo=None) == wall]
    if len(exists) == 2 and a != b:
        first, last = min(a, b), max(a, b)
        return {"first": [first], "last": [last], "both": [first, last]}[repeated]
    if exists:
        return [exists[0]]
    later, earlier = max(a, b), min(a, b)       # W read with the offset before / after the gap
    if nonexistent == "skip":
        return []
    if nonexistent == "shift-forward":
        return [later]
    if nonexistent == "shift-backward":
        return [earlier]
    lo, hi = earlier, later                     # next-valid-time: the transition, the first wall after W
    while hi - lo > dt.timedelta(seconds=1):
        mid = lo + (hi - lo) / 2
        if mid.astimezone(zone).replace(tzinfo=None) > wall:
            hi = mid
        else:
            lo = mid
    return [hi.replace(microsecond=0)]


def oracle_next(rule, zone, nonexistent, repeated, after: dt.datetime):
    """The first occurrence after `after` of a daily or interval rule (slots in order, later-only), else None
    for a rule form this small oracle does not model."""
    utc = dt.timezone.utc
    after = after.astimezone(utc)
    if isinstance(rule, str):
        words = rule.split()
        if len(words) == 2 and words[0] == "daily":
            rule = {"every": "day", "at": words[1].split(",")}
        elif len(words) == 4 and words[0] == "every" and words[2] == "from":
            rule = {"interval": words[1], "from": words[3]}
        else:
            return None
    if set(rule) == {"interval", "from"}:
        m = re.fullmatch(r"(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", rule["interval"])
        parsed = parse_instant(rule["from"])
        if not m or parsed is None:
            return None
        step = dt.timedelta(days=int(m[1] or 0), hours=int(m[2] or 0), minutes=int(m[3] or 0),
                            seconds=int(m[4] or 0))
        t = parsed[0].astimezone(utc)
        if step.total_seconds() <= 0:
            return None
        if t <= after:
            t += step * ((after - t) // step)
            while t <= after:
                t += step
        return t
    if rule.get("every") != "day" or not set(rule) <= {"every", "at"}:
        return None
    times = []
    for text in (rule["at"] if isinstance(rule["at"], list) else [rule["at"]]):
        parts = [int(x) for x in text.split(":")]
        times.append(dt.time(parts[0], parts[1], parts[2] if len(parts) > 2 else 0))
    day = after.astimezone(zone).date() - dt.timedelta(days=3)
    previous = None
    for _ in range(40):
        for tm in times:
            for inst in _resolve(zone, dt.datetime.combine(day, tm), nonexistent, repeated):
                if previous is not None and inst <= previous:
                    continue            # not later than the one before: it belongs to the earlier slot
                previous = inst
                if inst > after:
                    return inst
        day += dt.timedelta(days=1)
    return None


_DOCS_CACHE: dict = {}


def equivalence(m: Mutant, texts: dict) -> str | None:
    """Why a surviving mutant is equivalent, when that can be shown; else None."""
    if m.kind.startswith("next-list-drop-last"):
        return ("by design: a cursor list is one search per item; without its last item the case makes one search "
                "fewer, each still right (nothing in the language says 'and no further search')")
    if not (m.kind.startswith("next-single-append") or m.kind.startswith("next-list-append")):
        return None
    if m.file not in _DOCS_CACHE:
        _DOCS_CACHE[m.file] = list(yaml.load_all(texts[m.file], Loader=StringLoader))
    doc = _DOCS_CACHE[m.file][m.doc]
    case = next((c for c in doc.get("cases", []) if c.get("name") == m.case), None)
    if case is None:
        return None
    schedule = doc["schedule"]
    try:
        zone = _zone(case.get("timezone", schedule["timezone"]))
    except Exception:
        return None
    rule = case.get("rule", schedule["rule"])
    nonexistent = case.get("nonexistent", schedule.get("nonexistent"))
    repeated = case.get("repeated", schedule.get("repeated"))
    written = case["next"] if isinstance(case["next"], list) else [case["next"]]
    appended = parse_instant(m.after.strip("[]").split(", ")[-1])
    cursor = parse_instant(case["after"])
    if appended is None or cursor is None:
        return None
    cursor = cursor[0]
    for text in written + [None]:
        found = oracle_next(rule, zone, nonexistent, repeated, cursor)
        if found is None:
            return None
        if text is None:
            return (f"the appended {m.after.strip('[]').split(', ')[-1]} is the rule's real next occurrence "
                    "(checked with zoneinfo, independently of specrun)") if found == appended[0] else None
        expected = parse_instant(text)
        if expected is None or found != expected[0]:
            return None     # the small oracle does not reproduce the written searches: no claim
        cursor = found
    return None


# ---------------------------------------------------------------------------------------------------- input mutants

def _oracle_module():
    """The repository's independent zoneinfo oracle (tools/oracle/oracle.py): used here only to list the local slots
    (dates and wall times) a rule selects and, as evidence, what a whole window or search gives; whether a slot's wall
    time is in a gap or an overlap is decided by this tool's own zoneinfo reading (`_resolve`)."""
    here = str(Path(__file__).resolve().parent.parent / "oracle")
    if here not in sys.path:
        sys.path.insert(0, here)
    import oracle  # noqa: E402
    return oracle


def _docs(m: Mutant, texts: dict):
    if m.file not in _DOCS_CACHE:
        _DOCS_CACHE[m.file] = list(yaml.load_all(texts[m.file], Loader=StringLoader))
    return _DOCS_CACHE[m.file]


def _utc(text: str) -> dt.datetime:
    parsed = parse_instant(text)
    if parsed is None:
        raise ValueError(f"not an instant: {text!r}")
    return parsed[0].astimezone(dt.timezone.utc)


def _local_text(zone, t: dt.datetime) -> str:
    return t.astimezone(zone).isoformat()


def oracle_outcome(doc: dict, path: str):
    """What the oracle says the spec's window and each case give (instants and keys), or None if it cannot say."""
    o = _oracle_module()
    sd = doc["schedule"]
    base = {"id": sd.get("id", os.path.splitext(os.path.basename(path))[0]), "version": int(sd.get("version", "1")),
            "zone": sd["timezone"], "rule": sd["rule"], "nonexistent": sd.get("nonexistent"),
            "repeated": sd.get("repeated"), "limit": int(sd.get("limit", str(o.DEFAULT_LIMIT)))}
    checker = o.Checker(False)
    out = {}
    try:
        if "window" in doc:
            s = checker.build(base)
            w = doc["window"]
            try:
                got = s.window(o.parse_instant(w["after"]).value, o.parse_instant(w["through"]).value)
                out["window"] = [(o.format_utc(g.instant), g.key) for g in got]
            except o.NoOccurrence:
                out["window"] = "no-occurrence"
        for i, case in enumerate(doc.get("cases", []) or []):
            params = dict(base)
            for k, target in (("nonexistent", "nonexistent"), ("repeated", "repeated"), ("timezone", "zone"),
                              ("rule", "rule")):
                if k in case:
                    params[target] = case[k]
            s = checker.build(params)
            wanted = case.get("next", [])
            count = (len(wanted) if isinstance(wanted, list) else 1) + (1 if "error" in case else 0)
            cursor, found = o.parse_instant(case["after"]).value, []
            try:
                for _ in range(count):
                    g = s.next(cursor)
                    found.append((o.format_utc(g.instant), g.key))
                    cursor = g.instant
            except o.NoOccurrence:
                found.append("no-occurrence")
            out[f"cases[{i}]"] = found
    except Exception as e:   # a rule or value the oracle cannot read: no claim
        return None
    return out


def _policy_spans(doc: dict, m: Mutant, which: str, new_policy: str):
    """(zone, rule, lo, hi, limit, what, policies, count_from) for each search the mutated policy takes part in: the
    window and the cases that do not write their own policy (a schedule's policy), or the one case (a case's own
    policy). `policies` is the search's (nonexistent, repeated) as written. hi None: a search that ends at its bound
    (an expected `no-occurrence`), judged over the slots it counts from the local date of count_from on."""
    sd = doc["schedule"]
    limit = int(sd.get("limit", "10000"))
    spans = []
    where = m.expectation.split(".")[0]
    written = (sd.get("nonexistent"), sd.get("repeated"))
    if m.family == "lifecycle":
        o = _oracle_module()
        clock = _utc(doc["clock"])
        t = clock
        for step in doc.get("steps", []) or []:
            if not isinstance(step, dict):
                continue
            if "at" in step:
                t = max(t, _utc(step["at"]))
            adv = step.get("advance")
            if isinstance(adv, str):
                if parse_instant(adv) is not None:
                    t = max(t, _utc(adv))
                else:
                    t = t + dt.timedelta(seconds=o.parse_duration(adv))
        # The last request's earliest begin is the next occurrence after the last step: include that search.
        hi = t
        rule = o.parse_rule(sd["rule"])
        for policy in (sd.get(which), new_policy):
            params = {"nonexistent": written[0], "repeated": written[1], which: policy}
            sch = o.Schedule("x", 1, sd["timezone"], rule, params["nonexistent"], params["repeated"], limit)
            try:
                nxt = sch.next(o.Fraction(int(t.timestamp())))
                hi = max(hi, dt.datetime.fromtimestamp(int(nxt.instant), dt.timezone.utc))
            except o.NoOccurrence:      # the search after the last step reaches its bound: judge up to it
                return [(sd["timezone"], sd["rule"], clock, None, limit,
                         "the scenario's clock to the bound of the search after its last step", written, t)]
        return [(sd["timezone"], sd["rule"], clock, hi, limit,
                 "the scenario's clock to the next occurrence after its last step", written, None)]
    cases = doc.get("cases", []) or []
    if where == "schedule":
        if "window" in doc:
            w = doc["window"]
            error = "error" in (doc.get("expect") or {})
            spans.append((sd["timezone"], sd["rule"], _utc(w["after"]), None if error else _utc(w["through"]),
                          limit, "the window", written, None))
        chosen = [(i, c) for i, c in enumerate(cases) if which not in c]
    else:
        i = int(where[len("cases["):-1])
        chosen = [(i, cases[i])]
    for i, case in chosen:
        nxt = case.get("next", [])
        nxt = nxt if isinstance(nxt, list) else [nxt]
        hi = None if "error" in case else _utc(nxt[-1])
        policies = (case.get("nonexistent", written[0]), case.get("repeated", written[1]))
        spans.append((case.get("timezone", sd["timezone"]), case.get("rule", sd["rule"]), _utc(case["after"]), hi,
                      limit, f"case {case.get('name', i + 1)!r}", policies, None))
    return spans


def policy_effect(zone_name, rule_raw, lo, hi, limit, which, policies, new_policy, count_from=None):
    """What replacing one policy does to a search, by this tool's own zoneinfo reading over the slots oracle.py
    lists: ("interval", "") for an interval rule (no policy applies); ("none", "") when no slot's wall time is in a
    gap (nonexistent) or an overlap (repeated) there; ("same", where) when one is, but both policies give the same
    occurrences and keys in (lo, hi] (e.g. an instant not later than the one before is dropped); ("differs", what)
    otherwise. hi None: the slots a search to its bound counts."""
    o = _oracle_module()
    rule = o.parse_rule(rule_raw)
    if rule.kind == "interval":
        return "interval", ""
    zone = _zone(zone_name)
    start = lo.astimezone(zone).date() - dt.timedelta(days=2)
    end = hi.astimezone(zone).date() + dt.timedelta(days=2) if hi is not None else None
    counted_from = (count_from or lo).astimezone(zone).date()
    written = tuple(policies)
    changed = (new_policy, written[1]) if which == "nonexistent" else (written[0], new_policy)
    seqs = {written: [], changed: []}
    running = {written: None, changed: None}
    met = None
    counted = seen = 0
    for slot in o.slots(rule, o.day_number(start)):
        seen += 1
        d = o.date_of(slot.day)
        if end is not None and d > end:
            break
        if end is None:
            if d >= counted_from:
                counted += 1
            if counted > limit + 1:
                break
        if seen > 2_000_000:
            raise ValueError("more than 2,000,000 slots")
        if slot.wall is None:
            continue
        wall = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=slot.wall)
        if met is None:
            if which == "nonexistent" and not _resolve(zone, wall, "skip", "first"):
                cands = [t for p in POLICIES["nonexistent"][1:] for t in _resolve(zone, wall, p, "first")]
                what = "gap"
            elif which == "repeated" and len(_resolve(zone, wall, "skip", "both")) == 2:
                cands, what = _resolve(zone, wall, "skip", "both"), "overlap"
            else:
                cands = []
            if cands and any(t > lo and (hi is None or t <= hi) for t in cands):
                met = (f"{wall.isoformat()} ({slot.key_stem}) is in {zone_name}'s {what} (the policies give "
                       f"{', '.join(sorted({_local_text(zone, t) for t in cands}))})")
        for pol in (written, changed):
            for k, t in enumerate(_resolve(zone, wall, pol[0], pol[1])):
                if running[pol] is not None and t <= running[pol]:
                    continue        # not later than the one before: it belongs to the earlier slot
                running[pol] = t
                if t > lo and (hi is None or t <= hi):
                    seqs[pol].append((_local_text(zone, t), slot.key_stem + ("~2" if k == 1 else "")))
    if met is None:
        return "none", ""
    a, b = seqs[written], seqs[changed]
    if a == b:
        return "same", met
    only_keys = [x[0] for x in a] == [x[0] for x in b]
    diff_a = [x for x in a if x not in b][:3]
    diff_b = [x for x in b if x not in a][:3]
    return "differs", (f"{met}; {written[0] if which == 'nonexistent' else written[1]} gives "
                       f"{diff_a or 'nothing'} where {new_policy} gives {diff_b or 'nothing'}"
                       + (" (the same instants: only the keys differ)" if only_keys else ""))


def judge_input(m: Mutant, texts: dict, path: str):
    """(class, reason) for an input mutant specrun did not notice."""
    doc = _docs(m, texts)[m.doc]
    try:
        mutated = list(yaml.load_all(m.apply(texts[m.file]), Loader=StringLoader))[m.doc]
    except yaml.YAMLError:
        return "unjudged", "the mutated file cannot be read back"
    same = None
    if m.family == "recurrence":
        before, after = oracle_outcome(doc, path), oracle_outcome(mutated, path)
        if before is not None and after is not None:
            same = before == after
            instants_same = ({k: [x[0] if isinstance(x, tuple) else x for x in (v if isinstance(v, list) else [v])]
                              for k, v in before.items()} ==
                             {k: [x[0] if isinstance(x, tuple) else x for x in (v if isinstance(v, list) else [v])]
                              for k, v in after.items()})
    oracle_note = ("" if same is None else
                   " [oracle.py: the mutated spec gives the same occurrences and keys]" if same else
                   " [oracle.py: the same instants, other keys]" if instants_same else
                   " [oracle.py: the mutated spec gives other instants: a difference its expectations do not reach, "
                   "or a disagreement between specrun and the oracle — inspect]")
    if m.kind.startswith("input-nonexistent-") or m.kind.startswith("input-repeated-"):
        which = "nonexistent" if m.kind.startswith("input-nonexistent-") else "repeated"
        new_policy = m.kind[len(f"input-{which}-"):]
        try:
            spans = _policy_spans(doc, m, which, new_policy)
        except Exception as e:
            return "unjudged", f"cannot read the spec's searches: {e!r}"
        if spans is None:
            return "unjudged", "the oracle's search for the scenario's next request ended at its bound"
        notes = []
        for zone_name, rule, lo, hi, limit, what, policies, count_from in spans:
            try:
                effect, text = policy_effect(zone_name, rule, lo, hi, limit, which, policies, new_policy, count_from)
            except Exception as e:
                return "unjudged", f"{what}: the rule's slots cannot be listed: {e!r}"
            gap = "gap" if which == "nonexistent" else "overlap"
            if effect == "differs":
                return "weak", f"{what} ({_span_text(lo, hi)}): {text}{oracle_note}"
            notes.append({"interval": f"{what}: an interval rule (no policy applies)",
                          "none": f"{what}: no {gap} at a selected wall time",
                          "same": f"{what}: {text}, but both policies give the same occurrences and keys there"}[effect])
        if not spans:
            return "equivalent", "no search uses this policy (every case writes its own)" + oracle_note
        return "equivalent", "; ".join(notes) + " (zoneinfo)" + oracle_note
    if m.family == "recurrence":
        if same:
            return "equivalent", "oracle.py gives the same occurrences and keys for the mutated input"
        if same is None:
            return "unjudged", "oracle.py cannot compute this spec"
        return "survived", oracle_note.strip(" []")
    return "survived", "the task harness has no independent model here: inspect"


def _span_text(lo, hi) -> str:
    return f"after {lo.isoformat()}" + (f" through {hi.isoformat()}" if hi is not None else ", to its bound")


# ---------------------------------------------------------------------------------------------------- running

@dataclasses.dataclass
class RunResult:
    rc: int | None
    stdout: str
    stderr: str
    results: dict | None
    seconds: float


class Workspace:
    """One worker's copy of each spec tree; a mutant is written into it, run, and the original put back."""

    def __init__(self, roots: list[str]):
        self.dir = Path(tempfile.mkdtemp(prefix="spec-mutants-"))
        self.roots = {}
        for n, root in enumerate(sorted(set(roots))):
            dest = self.dir / f"tree{n}" / Path(root).name
            shutil.copytree(root, dest, symlinks=True)
            self.roots[root] = dest

    def path_for(self, file: str, root: str) -> Path:
        return self.roots[root] / os.path.relpath(file, root)

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def run_specrun(binary: str, spec_path: Path, workdir: Path, timeout: float, extra: list[str],
                specrun_jobs: int, quiet=True) -> RunResult:
    out_json = workdir / "R.json"
    if out_json.exists():
        out_json.unlink()
    cmd = [binary, "--engine", "all", "--quiet" if quiet else "--verbose", "--color", "never",
           "--jobs", str(specrun_jobs), "--json", str(out_json), *extra, str(spec_path)]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, cwd=workdir)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        rc = None
    results = None
    if out_json.exists():
        try:
            results = json.loads(out_json.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            results = None
    return RunResult(rc, stdout, stderr, results, time.monotonic() - start)


def scope_tests(tests: list[dict], mutant: Mutant) -> list[dict]:
    """The tests that hold the mutated line: the spec's (and the case's, for a cursor case)."""
    out = []
    for t in tests:
        if t.get("spec") != mutant.spec:
            continue
        if mutant.family == "recurrence":
            if mutant.kind.startswith("input-") and mutant.case is None:
                pass           # a schedule's input reaches the window and every case: any of its tests counts
            elif mutant.case is None and t.get("caseName") is not None:
                continue
            if mutant.case is not None and t.get("caseName") != mutant.case:
                continue
        out.append(t)
    return out


def classify(mutant: Mutant, run: RunResult, baseline: dict) -> dict:
    info = {"class": None, "detail": "", "seconds": round(run.seconds, 3)}
    if run.rc is None:
        info["class"] = "timeout"
        return info
    diags = (run.results or {}).get("diagnostics", [])
    new_warnings = sorted({d["code"] for d in diags if d.get("severity") == "warning"} - baseline["warnings"])
    if new_warnings:
        info["newWarnings"] = new_warnings
    if run.rc == 2:
        errs = [d for d in diags if d.get("severity") == "error"]
        info["class"] = "caught-by-check"
        info["codes"] = sorted({d["code"] for d in errs}) or ["(no JSON diagnostic: see stderr)"]
        info["atLine"] = any(d.get("location", {}).get("line") == mutant.line for d in errs)
        info["detail"] = "; ".join(f"{d.get('location', {}).get('line', '?')}: {d['message']} [{d['code']}]"
                                   for d in errs)[:600] or (run.stderr.strip()[:600])
        return info
    if run.rc not in (0, 1) or run.results is None:
        info["class"] = "tool-error"
        info["detail"] = f"exit {run.rc}: {run.stderr.strip()[:400]}"
        return info
    tests = run.results.get("tests", [])
    scope = scope_tests(tests, mutant)
    failing = [t for t in scope if t["status"] in ("failed", "error")]
    other_failing = [t for t in tests if t["status"] in ("failed", "error") and t not in scope]
    changed = [t for t in tests if baseline["statuses"].get(t["id"]) != t["status"]]
    if failing:
        info["class"] = "caught-by-run"
        info["failed"] = [f"{t.get('engine') or 'harness'}:{t['status']}" for t in failing]
        checks = []
        for t in failing:
            for e in (t.get("lifecycle") or {}).get("expectations", []):
                if not e.get("passed"):
                    checks.append(e["name"])
            for i in (t.get("lifecycle") or {}).get("invariants", []):
                if not i.get("passed"):
                    checks.append("invariant:" + i["name"])
        if checks:
            info["checks"] = sorted(set(checks))
            if mutant.expectation and mutant.family == "lifecycle" and not mutant.kind.startswith("input-"):
                target = mutant.expectation
                info["targetCheckFailed"] = any(c == target or c.startswith(target + ".") or
                                                c.startswith(target.split("[")[0] + "[") for c in checks)
        info["detail"] = (failing[0].get("message") or "").split("\n")[0][:300]
        return info
    if other_failing:
        info["class"] = "caught-by-run-elsewhere"
        info["detail"] = "; ".join(t["id"] for t in other_failing)[:400]
        return info
    if changed:
        info["class"] = "known-deviation-only"
        info["detail"] = "; ".join(f"{t['id']}: {baseline['statuses'].get(t['id'])} → {t['status']}"
                                   for t in changed)[:600]
        return info
    info["class"] = "survived"
    info["detail"] = f"exit {run.rc}; " + run.stdout.strip().splitlines()[-1] if run.stdout.strip() else f"exit {run.rc}"
    return info


# ---------------------------------------------------------------------------------------------------- main

def collect(paths: list[str], only: list[str]) -> list[tuple[str, str]]:
    files = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            root = str(path)
            found = sorted(str(f) for f in path.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file())
        else:
            root, found = str(path.parent), [str(path)]
        for f in found:
            if only and not any(os.path.normpath(f) == os.path.normpath(o) or
                                os.path.normpath(f).startswith(os.path.normpath(o) + os.sep) for o in only):
                continue
            files.append((f, root))
    return files


def sample_key(m: Mutant) -> str:
    return hashlib.sha1(m.ident.encode("utf-8")).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+", help="spec folders or files (a folder is a spec tree: fixtures stay inside)")
    ap.add_argument("--binary", default=DEFAULT_BINARY, help=f"the specrun executable (default {DEFAULT_BINARY})")
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    ap.add_argument("--specrun-jobs", type=int, default=1, help="specrun's own --jobs for each run (default 1)")
    ap.add_argument("--only", action="append", default=[], help="limit to these files or folders (repeatable)")
    ap.add_argument("--sample", type=int, default=0, help="run a deterministic sample of K mutants")
    ap.add_argument("--kind", action="append", default=[], help="limit to mutation kinds starting with this")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per specrun run (default 30)")
    ap.add_argument("--out", default=None, help="folder for report.md and mutants.json (default: a temp folder)")
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    ap.add_argument("--inputs", action="store_true",
                    help="mutate the specs' INPUTS (policies, wall times, windows, lifecycle steps) instead of their "
                         "expectations: the input-… kinds")
    args = ap.parse_args(argv)
    # Each mutant runs in its own copy of the spec tree, so a relative binary path is resolved here, once.
    args.binary = os.path.abspath(args.binary)
    if not args.list and not os.access(args.binary, os.X_OK):
        print(f"mutate.py: no specrun at {args.binary}; build it (swift build) or pass --binary", file=sys.stderr)
        return 2

    files = collect(args.paths, args.only)
    mutants: list[Mutant] = []
    skipped: list[str] = []
    texts = {}
    for f, root in files:
        with open(f, encoding="utf-8", newline="") as fh:
            text = fh.read()
        texts[f] = text
        try:
            gen = Generator(f, root, text, inputs=args.inputs).run()
        except yaml.YAMLError as e:
            skipped.append(f"{f}: PyYAML cannot read it: {str(e).splitlines()[0]}")
            continue
        mutants += gen.mutants
        skipped += gen.skipped
    if args.kind:
        mutants = [m for m in mutants if any(m.kind.startswith(k) for k in args.kind)]
    if args.sample:
        mutants = sorted(sorted(mutants, key=sample_key)[:args.sample], key=lambda m: (m.file, m.line, m.column))
    if args.list:
        for m in mutants:
            print(f"{m.file}:{m.line}:{m.column}\t{m.kind}\t{m.before!r} → {m.after!r}")
        print(f"{len(mutants)} mutants", file=sys.stderr)
        return 0

    out_dir = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="spec-mutants-report-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    roots = sorted({r for _, r in files})
    pool: queue.Queue = queue.Queue()
    workspaces = [Workspace(roots) for _ in range(max(1, args.jobs))]
    for w in workspaces:
        pool.put(w)

    # Baseline: each file unmutated, in the same copied tree, with the same command.
    baselines = {}
    need = sorted({m.file for m in mutants})
    ws = workspaces[0]
    root_of = dict(files)
    for f in need:
        target = ws.path_for(f, root_of[f])
        run = run_specrun(args.binary, target, ws.dir, args.timeout, [], args.specrun_jobs)
        extra = []
        codes = {d["code"] for d in (run.results or {}).get("diagnostics", []) if d.get("severity") == "error"}
        if run.rc == 2 and codes == {"fixture-outside-tree"}:
            # `../fixtures/…` of a file run alone: its tree is the folder above; the copy holds the fixture.
            extra = ["--allow-outside-fixtures"]
            run = run_specrun(args.binary, target, ws.dir, args.timeout, extra, args.specrun_jobs)
        tests = (run.results or {}).get("tests", [])
        ok = run.rc == 0 and all(t["status"] in ("passed", "known-deviation", "skipped") for t in tests)
        baselines[f] = {"rc": run.rc, "ok": ok, "extra": extra,
                        "statuses": {t["id"]: t["status"] for t in tests},
                        "warnings": {d["code"] for d in (run.results or {}).get("diagnostics", [])
                                     if d.get("severity") == "warning"},
                        "stdout": run.stdout[-400:], "stderr": run.stderr[-400:]}

    def work(m: Mutant):
        base = baselines[m.file]
        if not base["ok"]:
            return m, {"class": "tool-error", "detail": f"baseline not clean (exit {base['rc']})"}, None
        w = pool.get()
        target = w.path_for(m.file, m.root)
        try:
            with open(target, "w", encoding="utf-8", newline="") as fh:
                fh.write(m.apply(texts[m.file]))
            run = run_specrun(args.binary, target, w.dir, args.timeout, base["extra"], args.specrun_jobs)
            info = classify(m, run, base)
            if m.kind.startswith("input-") and info["class"] in ("survived", "known-deviation-only"):
                # An input mutant is killed only by a failing run or a refusal; anything else is judged.
                cls, why = judge_input(m, texts, m.file)
                info["detail"] = why + (f" ({info['detail']})" if info["class"] == "known-deviation-only" else "")
                info["class"] = cls
            elif info["class"] in ("survived", "known-deviation-only"):
                why = equivalence(m, texts)
                if why:
                    info["detail"] = why + (f" ({info['detail']})" if info["class"] == "known-deviation-only" else "")
                    info["class"] = "equivalent"
            for field in ("detail",):
                info[field] = info.get(field, "").replace(str(w.dir), "$TMP")
            output = None
            if info["class"] in ("survived", "known-deviation-only", "caught-by-run-elsewhere", "tool-error",
                                 "timeout", "weak", "unjudged"):
                verbose = run_specrun(args.binary, target, w.dir, args.timeout, base["extra"], args.specrun_jobs,
                                      quiet=False)
                output = (verbose.stdout + verbose.stderr).replace(str(w.dir), "$TMP")
            return m, info, output
        finally:
            with open(target, "w", encoding="utf-8", newline="") as fh:
                fh.write(texts[m.file])
            pool.put(w)

    records = []
    done = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            for m, info, output in ex.map(work, mutants):
                done += 1
                rec = dataclasses.asdict(m)
                rec.pop("edits")
                rec.update(info)
                if output is not None:
                    rec["output"] = output[-4000:]
                records.append(rec)
                if done % 200 == 0:
                    print(f"… {done}/{len(mutants)} mutants, {time.monotonic() - started:.0f} s", file=sys.stderr)
    finally:
        for w in workspaces:
            w.close()
    elapsed = time.monotonic() - started

    (out_dir / "mutants.json").write_text(json.dumps({"elapsedSeconds": round(elapsed, 1), "binary": args.binary,
                                                      "skipped": skipped, "mutants": records},
                                                     ensure_ascii=False, indent=1), encoding="utf-8")
    report = render(records, skipped, baselines, elapsed, args)
    (out_dir / "report.md").write_text(report, encoding="utf-8")
    print(report)
    print(f"(written: {out_dir}/report.md, {out_dir}/mutants.json)", file=sys.stderr)
    return 1 if any(r["class"] in FAILING_CLASSES for r in records) else 0


def table(rows: dict, title: str) -> list[str]:
    cols = [c for c in CLASSES if any(r.get(c) for r in rows.values())]
    out = [f"| {title} | total | " + " | ".join(cols) + " |", "| --- | ---: | " + " | ".join("---:" for _ in cols) + " |"]
    for name in sorted(rows):
        r = rows[name]
        out.append(f"| {name} | {sum(r.values())} | " + " | ".join(str(r.get(c, 0) or "") for c in cols) + " |")
    total = collections.Counter()
    for r in rows.values():
        total.update(r)
    out.append(f"| **all** | {sum(total.values())} | " + " | ".join(str(total.get(c, 0)) for c in cols) + " |")
    return out


def _mutant_line(r, named):
    """One mutant in a report list: its place, kind, change, (its spec › case,) and detail."""
    name = f" ({r['spec']}{' › ' + r['case'] if r['case'] else ''})" if named else ""
    return f"- `{r['file']}:{r['line']}:{r['column']}` {r['kind']}: `{r['before']}` → `{r['after']}`{name}; {r['detail']}"


def _equivalent_reason(r) -> str:
    if r["kind"].startswith("input-"):
        d = r["detail"]
        if "an interval rule" in d and "no gap" not in d and "no overlap" not in d:
            return "an interval rule: no policy applies"
        if d.startswith("no search uses"):
            return d.split(" [")[0]
        if "both policies give the same" in d:
            return ("the " + ("gap" if "gap" in d else "overlap") + " is met, but both policies give the same "
                    "occurrences and keys there (zoneinfo; the drop rule, or one instant for both)")
        if "no gap" in d or "no overlap" in d:
            return ("no " + ("gap" if "no gap" in d else "overlap") + " at any wall time the rule selects in the "
                    "window or searches (zoneinfo)")
        return d.split(" [")[0]
    if r["detail"].startswith("by design"):
        return r["detail"].split(" (")[0]
    return "the appended instant is the rule's real next occurrence (zoneinfo)"


def render(records, skipped, baselines, elapsed, args) -> str:
    by_file = collections.defaultdict(collections.Counter)
    by_kind = collections.defaultdict(collections.Counter)
    check_codes = collections.Counter()
    for r in records:
        by_file[r["file"]][r["class"]] += 1
        by_kind[r["kind"]][r["class"]] += 1
        if r["class"] == "caught-by-check":
            for c in r.get("codes", []):
                check_codes[c] += 1
    lines = [f"# Spec mutants: {len(records)} mutants of {len(by_file)} files in {elapsed:.0f} s",
             "", f"binary: `{args.binary}`" + (f"; sample of {args.sample}" if args.sample else ""), ""]
    lines += ["## Survivors", ""]
    surv = [r for r in records if r["class"] == "survived"]
    if not surv:
        lines.append("None.")
    for r in surv:
        lines.append(_mutant_line(r, named=True))
    for cls, title in (("weak", "Weak specs: a policy survivor whose policy does matter in the spec's window or searches"),
                       ("unjudged", "Unjudged survivors: the tool cannot tell whether the input can matter")):
        rs = [r for r in records if r["class"] == cls]
        if rs:
            lines += ["", f"## {title} ({len(rs)})", ""]
            for r in rs:
                lines.append(_mutant_line(r, named=True))
    eq = [r for r in records if r["class"] == "equivalent"]
    if eq:
        lines += ["", f"## Equivalent survivors ({len(eq)}: they survive, and the reason says why that is right)", ""]
        reasons = collections.Counter((r["kind"], _equivalent_reason(r)) for r in eq)
        lines += [f"- {n} × {kind}: {why}" for (kind, why), n in sorted(reasons.items())]
    for cls in ("known-deviation-only", "caught-by-run-elsewhere", "timeout", "tool-error"):
        rs = [r for r in records if r["class"] == cls]
        if rs:
            lines += ["", f"## {cls} (inspect by hand)", ""]
            for r in rs:
                lines.append(_mutant_line(r, named=False))
    missed_target = [r for r in records if r.get("targetCheckFailed") is False]
    if missed_target:
        lines += ["", "## Lifecycle mutants caught, but not by the mutated expectation's own check", ""]
        for r in missed_target:
            lines.append(f"- `{r['file']}:{r['line']}` {r['kind']} ({r['expectation']}): `{r['before']}` → "
                         f"`{r['after']}`; failed: {', '.join(r.get('checks', []))}")
    lines += ["", "## By mutation kind", ""] + table(by_kind, "kind")
    lines += ["", "## By file", ""] + table(by_file, "file")
    if check_codes:
        lines += ["", "## caught-by-check: diagnostic codes", ""]
        lines += [f"- `{c}`: {n}" for c, n in check_codes.most_common()]
    bad = [f for f, b in baselines.items() if not b["ok"]]
    if bad:
        lines += ["", "## Files whose unmutated run was not clean (their mutants not run)", ""]
        lines += [f"- `{f}`: exit {baselines[f]['rc']}" for f in bad]
    if skipped:
        lines += ["", "## Values not mutated", ""] + [f"- {s}" for s in skipped]
    outs = [r for r in records if r.get("output") and r["class"] == "survived" and not r["kind"].startswith("input-")]
    if outs:
        lines += ["", "## specrun output of each survivor (--verbose)", ""]
        for r in outs:
            lines += [f"### `{r['file']}:{r['line']}` {r['kind']}", "", "```text", r["output"].strip()[-2500:], "```", ""]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
