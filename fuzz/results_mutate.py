#!/usr/bin/env python3
"""Hostile variants of a JSON results file, run through every command that reads one.

    fuzz/results_mutate.py generate --base BIG.json --small SMALL.json --shard SHARD.json --out DIR
    fuzz/results_mutate.py run --out DIR --specrun .build/debug/specrun --specs SPECS_DIR [--only SUBSTRING]

`generate` writes the variants into DIR/variants/ and their list into DIR/manifest.json. `run` feeds each variant
to `specrun report` (with --junit/--html/--tap into a scratch folder), `specrun merge` (variant + a good file),
`specrun compare` (as OLD and as NEW) and `specrun SPECS --last-failed`, each under `timeout 60`, and writes
DIR/findings.txt: every run that died by a signal, timed out, exited other than 0/1/2, refused without naming the
file (or the place inside it, where the variant knows it) or without saying what to do, read a variant that must be
refused, left an output file half-written, or kept quiet about a variant that must be noted. See fuzz/README.md.

BIG is a real run's results (`specrun specs/ --engine all --json BIG.json`): truncations and size attacks.
SMALL is a small real run with failures, diagnostics and a lifecycle test: every field of it is mutated.
SHARD is a `--shard 1/2` run: its `shard` fields are mutated.
"""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET

# What the reader must do with a variant: refuse it (exit 2 naming the file), read it (exit 0/1), or read it with a
# warning naming the file.
REFUSE, READ, NOTE = "refuse", "read", "note"


def paths_of(value, path=()):
    """Every (path, value) in document order; a path is a tuple of keys and indices."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_of(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_of(item, path + (index,))


def place(path):
    """`tests[3].status`, as specrun's messages write a place."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + part
    return text


def general(path):
    return tuple("[]" if isinstance(part, int) else part for part in path)


def set_at(document, path, value):
    target = document
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


def delete_at(document, path):
    target = document
    for part in path[:-1]:
        target = target[part]
    del target[path[-1]]


def dumps(document):
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False).encode() + b"\n"


# What the reader may leave out: Swift optionals, and `strict` / `notes` (older files lack them), read as absent.
TEST_OPTIONAL = {"caseName", "engine", "timeZone", "message", "deviationReason", "zoneContext", "lifecycle", "description",
                 "caseDescription", "casesNotRun"}
# Lifecycle lists added after the first results (older files lack them, read as empty) and their items' optional fields.
LIFECYCLE_OPTIONAL = {"refusedLaunches", "scheduleChanges", "otherErrors", "appEvents"}
LIFECYCLE_ITEM_OPTIONAL = {"error", "earliestBegin", "line", "change"}
ANY = "any"  # no expectation beyond no crash, no hang, a clear message when refused


def is_optional(path):
    g = general(path)
    key = g[-1]
    if len(g) == 1:
        return key in ("strict", "notes", "shard", "summary")
    if g[-3:-1] == ("tests", "[]"):
        return key in TEST_OPTIONAL
    if len(g) >= 3 and g[-3] == "appEvents" and key == "detail":
        return False  # written for every app event, "" when the step set nothing
    if key in ("key", "gitCommit", "specrunBuild", "abbreviationBefore", "abbreviationAfter", "location", "sourceLine", "detail"):
        return True
    if g[-2:-1] == ("lifecycle",) and key in LIFECYCLE_OPTIONAL:
        return True
    if len(g) >= 3 and g[-3] in LIFECYCLE_OPTIONAL and key in LIFECYCLE_ITEM_OPTIONAL:
        return True
    if "diff" in g and key in ("expected", "actual", "expectedLine"):
        return True
    if "runs" in g and key in ("planned", "actual", "reason"):
        return True
    return "expectations" in g and key == "line"


def field_variants(base, prefix, filter_path=None):
    """Each field (first occurrence of each general path) deleted, null, of the wrong type, and odd values."""
    document = json.loads(base)
    seen = set()
    for path, value in paths_of(document):
        if not path or general(path) in seen:
            continue
        if filter_path and not place(path).startswith(filter_path):
            continue
        seen.add(general(path))
        name = place(path)
        key = path[-1]
        lenient = path[0] == "summary" or is_optional(path)
        enum = key in ("status", "kind", "severity")

        def variant(kind, new, expect, at=name):
            copy = json.loads(base)
            if new is DELETE:
                delete_at(copy, path)
            else:
                set_at(copy, path, new)
            return dict(name=f"{prefix}-{kind}-{safe(name)}", data=dumps(copy), expect=expect, place=at,
                        what=f"{name} {kind}")
        if isinstance(key, str):
            yield variant("deleted", DELETE, READ if lenient else REFUSE, at=place(path[:-1]) or None)
        yield variant("null", None, READ if lenient else REFUSE)
        wrong = {str: 12, int: "12", float: "1.5", bool: "true", list: {"a": 1}, dict: [1]}.get(type(value), 7)
        yield variant("wrongtype", wrong, READ if path[0] == "summary" else REFUSE)
        if isinstance(value, str):
            yield variant("emptystring", "", REFUSE if enum else ANY)
            yield variant("nanstring", "NaN", REFUSE if enum else ANY)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            shard = path[0] == "shard"
            yield variant("huge", 10 ** 30, READ if path[0] == "summary" else ANY)
            yield variant("negative", -5, REFUSE if shard else ANY)
            yield variant("zero", 0, REFUSE if shard else ANY)
            yield variant("float", 2.5, ANY)
            # Text JSON cannot carry: specrun's own bytes with the value swapped.
            for kind, text in (("nan", b"NaN"), ("inf", b"Infinity"), ("e400", b"1e400")):
                copy = json.loads(base)
                set_at(copy, path, "@@MARK@@")
                data = dumps(copy).replace(b'"@@MARK@@"', text, 1)
                yield dict(name=f"{prefix}-{kind}-{safe(name)}", data=data, expect=REFUSE, place=None,
                           what=f"{name} = {text.decode()}")


DELETE = object()


def safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120]


def generate(args):
    out = args.out
    folder = os.path.join(out, "variants")
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    big = open(args.base, "rb").read()
    small = open(args.small, "rb").read()
    shard = open(args.shard, "rb").read()
    variants = []

    def add(name, data, expect, place=None, what="", kind="file"):
        variants.append(dict(name=name, data=data, expect=expect, place=place, what=what or name, kind=kind))

    # Truncations: every 1/40 of the big file, the first bytes, and right after each structural character nearby.
    offsets = sorted(set([0, 1, 2, 10, 100] + [len(big) * i // 40 for i in range(1, 40)] + [len(big) - 1, len(big) - 2]))
    for offset in offsets:
        # A cut that takes only the final newline leaves the whole document.
        whole = big[:offset].rstrip() == big.rstrip()
        add(f"truncated-big-{offset}", big[:offset], READ if whole else REFUSE, what=f"big cut at byte {offset}")
    for offset in sorted(set(len(small) * i // 25 for i in range(1, 25))):
        add(f"truncated-small-{offset}", small[:offset], REFUSE, what=f"small cut at byte {offset}")

    for variant in field_variants(small, "field"):
        variants.append(variant)
    for variant in field_variants(shard, "shardfield", filter_path="shard"):
        variants.append(variant)

    document = json.loads(small)
    for version in (0, 2, 99, -1):
        copy = dict(document, schemaVersion=version)
        add(f"schema-{version}", dumps(copy), REFUSE, place="schemaVersion", what=f"schemaVersion {version}")
    copy = dict(document, schemaVersion=1.0)
    add("schema-1.0", dumps(copy), READ, what="schemaVersion 1.0 (JSON has one number type)")
    copy = dict(document, schemaVersion="1")
    add("schema-string", dumps(copy), REFUSE, place="schemaVersion")

    copy = json.loads(small)
    copy["retries"] = 3
    copy["tests"][1]["flaky"] = True
    copy["tests"][1]["zoneContextV2"] = {"x": 1}
    add("unknown-fields", dumps(copy), NOTE, place="tests[1].flaky", what="extra fields at the root and in a test")
    copy = json.loads(small)
    copy["unknownButNull"] = None
    add("unknown-null-field", dumps(copy), READ, what="an extra field that is null")

    text = small.replace(b'"schemaVersion": 1', b'"schemaVersion": 1,\n  "schemaVersion": 2', 1)
    add("dupkey-root", text, REFUSE, place="schemaVersion")
    text = small.replace(b'"status": "failed"', b'"status": "failed",\n      "status": "passed"', 1)
    add("dupkey-status", text, REFUSE, place=".status")
    text = small.replace(b'"status": "failed"', b'"status": "failed",\n      "st\\u0061tus": "passed"', 1)
    add("dupkey-escaped", text, REFUSE, place=".status")

    copy = json.loads(small)
    copy["tests"].append(copy["tests"][0])
    add("dupid-same", dumps(copy), REFUSE, place=f"tests[{len(copy['tests']) - 1}].id")
    copy = json.loads(small)
    failing = next(i for i, t in enumerate(copy["tests"]) if t["status"] == "failed")
    twin = dict(copy["tests"][failing], status="passed")
    copy["tests"].append(twin)
    add("dupid-different", dumps(copy), REFUSE, place=f"tests[{len(copy['tests']) - 1}].id")
    copy = json.loads(small)
    twin = dict(copy["tests"][0], file="elsewhere/other.yaml")
    copy["tests"].append(twin)
    add("dupid-otherfile", dumps(copy), REFUSE, place=f"tests[{len(copy['tests']) - 1}].id")

    copy = json.loads(small)
    copy["tests"][0]["message"] = "x" * (100 * 1024 * 1024)
    add("string-100MB", dumps(copy), READ, what="a 100 MB message")
    for depth in (600, 100_000):
        nest = "[" * depth + "]" * depth
        add(f"deep-{depth}", small.replace(b'"notes": []', b'"notes": ' + nest.encode(), 1), REFUSE, place="notes")
        add(f"deep-{depth}-bare", nest.encode(), REFUSE)
    add("deep-objects", ('{"a":' * 100_000 + "1" + "}" * 100_000).encode(), REFUSE)
    # Bytes that are not UTF-8 inside the first spec name (any small file has one).
    add("non-utf8-in-string", re.sub(rb'("spec" *: *")(.)', lambda m: m.group(1) + b"\xff\xfe" + m.group(2), small, count=1), REFUSE)
    add("non-utf8-latin1", small.replace("›".encode(), "›".encode("utf-8").decode("utf-8").encode("cp1252", "replace"), 1), REFUSE)
    add("utf16", small.decode().encode("utf-16"), REFUSE)
    add("bom", b"\xef\xbb\xbf" + small, READ)
    add("empty", b"", REFUSE)
    add("whitespace", b"  \n\n", REFUSE)
    add("null", b"null", REFUSE)
    add("array", b"[]", REFUSE)
    add("object", b"{}", REFUSE)
    add("number", b"1", REFUSE)
    add("trailing-garbage", small + b"{}", REFUSE)
    add("two-documents", small + small, REFUSE)
    add("nul-bytes", b"\x00" * 1000, REFUSE)
    add("junit", open(args.junit, "rb").read() if args.junit else b'<?xml version="1.0"?><testsuites/>', REFUSE)
    add("spec-yaml", open(args.spec_yaml, "rb").read() if args.spec_yaml else b"spec: x\n", REFUSE)
    add("html", b"<!DOCTYPE html><html></html>", REFUSE)
    add("gzip", b"\x1f\x8b\x08\x00" + b"\x00" * 100, REFUSE)
    add("big-whole", big, READ)
    add("small-whole", small, READ)
    add("folder", b"", REFUSE, kind="folder")
    add("fifo", b"", REFUSE, kind="fifo")
    add("missing", b"", REFUSE, kind="missing")
    # Root reads a file whatever its mode says: then it is a readable file.
    add("unreadable", small, REFUSE if os.geteuid() != 0 else READ, kind="unreadable")
    add("twice", small, NOTE, kind="twice")
    copy = json.loads(shard)
    copy["shard"]["index"] = copy["shard"]["count"] + 1
    add("shard-index-past-count", dumps(copy), REFUSE, place="shard")

    manifest = []
    for index, variant in enumerate(variants):
        variant.setdefault("kind", "file")
        name = f"{index:04d}-{variant['name']}"[:150]
        path = os.path.join(folder, name + (".json" if variant["kind"] != "folder" else ""))
        if variant["kind"] in ("file", "twice", "unreadable"):
            with open(path, "wb") as handle:
                handle.write(variant["data"])
            if variant["kind"] == "unreadable":
                os.chmod(path, 0)
        elif variant["kind"] == "folder":
            os.makedirs(path)
        elif variant["kind"] == "fifo":
            os.mkfifo(path)
        manifest.append(dict(path=path, **{k: v for k, v in variant.items() if k != "data"}))
    with open(os.path.join(out, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)
    print(f"{len(manifest)} variants in {folder}")


ACTION = re.compile(r"\b(read|check|make|save|give|re-render|re-run|run|write|download|remove|keep|use|fix|name|merge|delete|upload)\b", re.I)


def run_one(command, cwd, timeout=60):
    try:
        done = subprocess.run(["timeout", "-s", "KILL", str(timeout)] + command, capture_output=True, cwd=cwd,
                              timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return None, b"", b""
    return done.returncode, done.stdout, done.stderr


def whole_outputs(scratch):
    """Problems with the files a command wrote: each must be complete."""
    problems = []
    for name in sorted(os.listdir(scratch)):
        path = os.path.join(scratch, name)
        data = open(path, "rb").read()
        if ".tmp-" in name:
            problems.append(f"temporary file left: {name}")
        elif name.endswith(".xml"):
            try:
                ET.fromstring(data)
            except ET.ParseError as error:
                problems.append(f"{name} is not whole XML: {error}")
        elif name.endswith(".html"):
            if not data.rstrip().endswith(b"</html>"):
                problems.append(f"{name} does not end with </html>")
        elif name.endswith(".tap"):
            lines = data.decode(errors="replace").splitlines()
            plan = next((l for l in lines if re.fullmatch(r"1\.\.\d+", l)), None)
            points = [l for l in lines if re.match(r"(not )?ok \d+", l)]
            if plan is None or int(plan[3:]) != len(points):
                problems.append(f"{name}: plan {plan} but {len(points)} test points")
        elif name.endswith(".json"):
            try:
                json.loads(data)
            except ValueError as error:
                problems.append(f"{name} is not whole JSON: {error}")
    return problems


def run(args):
    args.out = os.path.abspath(args.out)
    manifest = json.load(open(os.path.join(args.out, "manifest.json")))
    specrun = os.path.abspath(args.specrun)
    good = os.path.abspath(args.good)
    findings = []
    counts = {}
    log = open(os.path.join(args.out, "runs.txt"), "w")
    for variant in manifest:
        if args.only and args.only not in variant["path"]:
            continue
        path = variant["path"]
        if variant["kind"] == "fifo" and not os.path.exists(path):
            os.mkfifo(path)
        base = os.path.basename(path)
        scratch = os.path.join(args.out, "scratch")
        inputs = [path, path] if variant["kind"] == "twice" else [path]
        commands = {
            "report": ["report"] + inputs[:1] + ["--junit", "S/j.xml", "--html", "S/h.html", "--tap", "S/t.tap"],
            "merge": ["merge"] + inputs + [good, "-o", "S/m.json", "--junit", "S/mj.xml"],
            "compare-old": ["compare", path, good],
            "compare-new": ["compare", good, path],
            "last-failed": args.specs + ["--last-failed", path, "--json", "S/lf.json"],
        }
        if variant["kind"] == "twice":
            commands = {"merge": commands["merge"]}
        for label, arguments in commands.items():
            if os.path.exists(scratch):
                shutil.rmtree(scratch)
            os.makedirs(scratch)
            arguments = [a.replace("S/", scratch + "/") for a in arguments]
            status, out, err = run_one([specrun] + arguments, args.cwd)
            counts[label] = counts.get(label, 0) + 1
            text = err.decode(errors="replace")
            log.write(f"== {base} {label} -> {status}\n{text[:2000]}\n")
            problems = []
            if status is None or status == 137 or status == 124:
                problems.append("TIMEOUT")
            elif status < 0 or status > 128:
                problems.append(f"SIGNAL {status}")
            elif status not in (0, 1, 2):
                problems.append(f"EXIT {status}")
            expect = variant["expect"]
            if status == 2:
                if base not in text and variant["kind"] != "twice":
                    problems.append("REFUSED WITHOUT NAMING THE FILE")
                if not ACTION.search(text.split("\nRun 'specrun")[0]):
                    problems.append("REFUSED WITHOUT SAYING WHAT TO DO")
                if variant.get("place") and variant["place"] not in text:
                    problems.append(f"DOES NOT NAME THE PLACE {variant['place']}")
                if expect in (READ, NOTE):
                    problems.append("REFUSED A READABLE VARIANT")
                if label != "last-failed" and os.listdir(scratch):
                    problems.append(f"WROTE FILES WHILE REFUSING: {os.listdir(scratch)}")
            elif status in (0, 1):
                if expect == REFUSE:
                    problems.append("READ A VARIANT THAT MUST BE REFUSED")
                if expect == NOTE and not (re.search(r"warning|note", text) and base in text):
                    problems.append("NO WARNING NAMING THE FILE")
            problems += whole_outputs(scratch)
            if problems:
                findings.append(f"{base} [{label}] exit {status}: {'; '.join(problems)}\n    {variant['what']}\n    "
                                + "\n    ".join(text.strip().splitlines()[:3]))
            if os.path.exists(path) and stat.S_ISFIFO(os.stat(path).st_mode):
                pass
    with open(os.path.join(args.out, "findings.txt"), "w") as handle:
        handle.write("\n".join(findings) + "\n")
    total = sum(counts.values())
    print(f"{len(manifest) if not args.only else '-'} variants, {total} runs {counts}; {len(findings)} findings "
          f"in {os.path.join(args.out, 'findings.txt')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--base", required=True)
    g.add_argument("--small", required=True)
    g.add_argument("--shard", required=True)
    g.add_argument("--junit")
    g.add_argument("--spec-yaml")
    g.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--specrun", required=True)
    r.add_argument("--specs", required=True, nargs="+", help="valid spec files for --last-failed, as SMALL's run named them (they run)")
    r.add_argument("--cwd", default=".", help="where SMALL was run: --last-failed ids are relative paths")
    r.add_argument("--good", required=True, help="a good results file to merge and compare with")
    r.add_argument("--only")
    args = parser.parse_args()
    generate(args) if args.command == "generate" else run(args)


if __name__ == "__main__":
    main()
