#!/usr/bin/env python3
"""Reads a specrun JUnit file with junitparser (a real consumer) and checks counts, names and failures.

    pip install junitparser
    python3 tools/junit-check.py JUNIT.xml [RESULTS.json]

Without RESULTS.json it checks the file against itself: the counts declared on <testsuites> and every <testsuite>
equal what junitparser counts from the testcases, names are unique per classname, every testcase has file and line.
With RESULTS.json (the same run's `--json` output) it also checks that every spec / case / engine is there with
the outcome its status maps to, that failures carry the expected instants, and that the environment is in the
properties. Prints what it saw; exits 1 when anything disagrees.
"""
import json
import sys

try:
    from junitparser import Error, Failure, JUnitXml, Skipped
except ImportError:
    sys.exit("junit-check: junitparser is missing; install it with `pip install junitparser`.")

problems = []


def problem(text):
    problems.append(text)
    print("  PROBLEM: " + text)


def outcome(case):
    kinds = {type(result) for result in case.result}
    if Failure in kinds:
        return "failure"
    if Error in kinds:
        return "error"
    if Skipped in kinds:
        return "skipped"
    return "passed"


def class_name(path):
    head, _, tail = path.rpartition("/")
    if "." in tail:
        tail = tail[: tail.rindex(".")]
    path = (head + "/" + tail) if head else tail
    while path.startswith("./"):
        path = path[2:]
    return ".".join(part for part in path.split("/") if part)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    xml = JUnitXml.fromfile(sys.argv[1])
    seen = {}
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    print(f"{sys.argv[1]}: <testsuites> declares tests={xml.tests} failures={xml.failures} errors={xml.errors} "
          f"skipped={xml.skipped} time={xml.time}")
    for suite in xml:
        counted = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        names = set()
        for case in suite:
            counted["tests"] += 1
            kind = outcome(case)
            counted.update({k: counted[k] + 1 for k, v in
                            (("failures", "failure"), ("errors", "error"), ("skipped", "skipped")) if kind == v})
            if case.name in names:
                problem(f"{suite.name}: duplicate testcase name {case.name!r}")
            names.add(case.name)
            if not case._elem.get("file") or not case._elem.get("line"):
                problem(f"{suite.name}: testcase {case.name!r} lacks file or line")
            seen[(case.classname, case.name)] = (kind, case, suite)
        declared = {"tests": suite.tests, "failures": suite.failures, "errors": suite.errors, "skipped": suite.skipped}
        print(f"  suite {suite.name}: {counted['tests']} testcases, {counted['failures']} failures, "
              f"{counted['errors']} errors, {counted['skipped']} skipped; properties {len(list(suite.properties()))}")
        if declared != counted:
            problem(f"{suite.name}: declares {declared}, junitparser counts {counted}")
        for key in totals:
            totals[key] += counted[key]
    declared_root = {"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "skipped": xml.skipped}
    if declared_root != totals:
        problem(f"<testsuites> declares {declared_root}, testcases add up to {totals}")

    if len(sys.argv) == 3:
        with open(sys.argv[2], encoding="utf-8") as handle:
            run = json.load(handle)
        check_against_results(run, seen, xml)

    print(f"{len(seen)} testcases read; {len(problems)} problems")
    sys.exit(1 if problems else 0)


def check_against_results(run, seen, xml):
    strict = run["strict"]
    expected = {}
    for test in run["tests"]:
        name = " › ".join([test["spec"]] + [test[k] for k in ("caseName", "engine") if k in test])
        status = test["status"]
        kind = {"passed": "passed", "failed": "failure", "error": "error", "skipped": "skipped",
                "known-deviation": "skipped", "not-run": "skipped",
                "fixed-deviation": "failure" if strict else "passed"}[status]
        expected[(class_name(test["file"]), name)] = (kind, test)
    invalid_files = sorted({d.get("location", {}).get("file", "") for d in run["diagnostics"] if d["severity"] == "error"})
    for file in invalid_files:
        expected[(class_name(file), "spec file")] = ("error", None)
    print(f"  results file: {len(run['tests'])} tests, {len(invalid_files)} invalid spec files -> "
          f"{len(expected)} expected testcases")
    for key, (kind, test) in expected.items():
        if key not in seen:
            problem(f"missing testcase {key[1]!r} in class {key[0]}")
            continue
        actual_kind, case, suite = seen[key]
        if actual_kind != kind:
            problem(f"{key[1]!r}: JUnit says {actual_kind}, the results say {kind} ({test and test['status']})")
        if test is None:
            continue
        if case._elem.get("line") != str(test["line"]) or case._elem.get("file") != test["file"]:
            problem(f"{key[1]!r}: file/line {case._elem.get('file')}:{case._elem.get('line')} "
                    f"!= {test['file']}:{test['line']}")
        if kind == "failure" and test["status"] == "failed":
            failure = next(r for r in case.result if isinstance(r, Failure))
            for line in test["diff"]:
                if line["kind"] == "missing" and line["expected"]["utc"] not in failure.message:
                    problem(f"{key[1]!r}: failure message lacks the expected {line['expected']['utc']}")
                if line["kind"] == "unexpected" and line["actual"]["utc"] not in failure.message:
                    problem(f"{key[1]!r}: failure message lacks the actual {line['actual']['utc']}")
            print(f"  failure {key[1]!r}: {failure.message}")
        if test["status"] == "known-deviation":
            skipped = next(r for r in case.result if isinstance(r, Skipped))
            if "known deviation" not in (skipped.message or ""):
                problem(f"{key[1]!r}: the skip message does not say it is a known deviation")
    for key in seen:
        if key not in expected:
            problem(f"testcase {key[1]!r} in class {key[0]} is not in the results")
    environment = run["environment"]
    # The environment is written once, on the first suite (repeated on every suite it was half of a large file).
    for suite in list(xml)[:1]:
        properties = {p.name: p.value for p in suite.properties()}
        for field in ("os", "swiftVersion", "tzdataVersion", "specrunVersion", "startTime"):
            if properties.get(field) != environment[field]:
                problem(f"suite {suite.name}: property {field}={properties.get(field)!r}, "
                        f"environment says {environment[field]!r}")


if __name__ == "__main__":
    main()
