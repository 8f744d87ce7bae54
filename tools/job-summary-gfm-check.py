#!/usr/bin/env python3
"""Checks the GitHub Actions job summary as GitHub's own Markdown reader renders it.

Usage: python3 tools/job-summary-gfm-check.py SPECRUN   (the specrun binary to run)

Runs SPECRUN on tools/job-summary-gfm/specs/ — names that Markdown would read as columns, emphasis, links, raw
HTML, strikethrough, code, autolinks or list items — as a GitHub Actions step would (GITHUB_ACTIONS,
GITHUB_STEP_SUMMARY, GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_WORKSPACE), then renders the summary
with `cmark-gfm` (GitHub's fork of cmark, Debian's package `cmark-gfm`) with the extensions github.com turns on, raw
HTML left out as GitHub's sanitizer leaves it out. It checks what a reader of the job's page sees: one heading, one
table of four columns, one row per test that needs attention in the report's order, each name shown as the
spec writes it (no markup made of it, no text lost; an invisible word joiner before each `@`), and no link but the `spec` cells' links to the lines at the
commit. Exits 1 on the first difference. Not part of `swift test`: `.ci/run` runs it where cmark-gfm is installed
(docs/reports.md#github-actions-job-summary).
"""
import html.parser
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SPECS = "tools/job-summary-gfm/specs"
SHA = "0123456789abcdef0123456789abcdef01234567"
BLOB = "https://github.com/acme/app/blob/" + SHA + "/"

# What the reader must see, from the fixture's own text (not from a run): status, test, first words of what
# happened, and the spec cell's place.
EXPECTED_ROWS = [
    ("invalid spec file", "", "unknown time zone 'Europe/Berln'", SPECS + "/invalid-zone.yaml:3"),
    ("failed",
     "*Nightly* | [x](https://evil.example) <b>bold</b> ~~strike~~ `code` _u_ \\ www.example.com 夜间同步 · core",
     # Linked where the annotation points: line 18, the instant written 02:45 (not the spec's first line).
     "occurrences differ", SPECS + "/names-written-as-markdown.yaml:18"),
    ("failed", "- leading dash # and 1. list › + plus <script>alert(1)</script> · core",
     "occurrences differ", SPECS + "/names-written-as-markdown.yaml:31"),
    # The word joiner the summary writes before each `@` is invisible; the text read back holds it.
    ("failed", "mail ops\u2060@example.com or mailto:ops\u2060@example.com or xmpp:ops\u2060@example.com/x › to a\u2060@b.example · core",
     "occurrences differ", SPECS + "/names-written-as-markdown.yaml:38"),
]


class Page(html.parser.HTMLParser):
    """The rendered summary: headings, table rows (cell texts), links, and every element seen."""

    def __init__(self):
        super().__init__()
        self.headings, self.rows, self.links, self.tags = [], [], [], []
        self.in_heading = False
        self.cell = None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "h3":
            self.in_heading = True
            self.headings.append("")
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = ""
        elif tag == "a":
            self.links.append(dict(attrs).get("href", ""))

    def handle_endtag(self, tag):
        if tag == "h3":
            self.in_heading = False
        elif tag in ("td", "th"):
            self.rows[-1].append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if self.in_heading:
            self.headings[-1] += data
        if self.cell is not None:
            self.cell += data

    def handle_comment(self, data):
        # cmark-gfm writes "<!-- raw HTML omitted -->" where a spec's text became raw HTML.
        self.tags.append("comment: " + data.strip())


def fail(message, markdown, rendered):
    print("job summary as GitHub renders it:\n" + rendered + "\n\nMarkdown written by specrun:\n" + markdown)
    sys.exit("job-summary-gfm-check: " + message)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    specrun = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as folder:
        summary = os.path.join(folder, "summary.md")
        open(summary, "w").close()
        env = dict(os.environ, GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=summary,
                   GITHUB_SERVER_URL="https://github.com", GITHUB_REPOSITORY="acme/app", GITHUB_SHA=SHA,
                   GITHUB_WORKSPACE=ROOT)
        run = subprocess.run([specrun, SPECS, "--color", "never"], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=300)
        if run.returncode != 2:
            sys.exit(f"job-summary-gfm-check: specrun exited {run.returncode}, not 2 (an invalid file):\n{run.stdout}{run.stderr}")
        markdown = open(summary, encoding="utf-8").read()
    # github.com's comment and summary renderer: cmark-gfm with these extensions; raw HTML is sanitized away.
    rendered = subprocess.run(
        ["cmark-gfm", "--extension", "table", "--extension", "autolink", "--extension", "strikethrough",
         "--extension", "tagfilter", "--extension", "tasklist"],
        input=markdown, capture_output=True, text=True, check=True).stdout
    page = Page()
    page.feed(rendered)

    if page.headings != ["❌ specrun: 1 passed, 3 failed; 1 invalid spec file"]:
        fail(f"the heading is {page.headings}", markdown, rendered)
    if not page.rows or page.rows[0] != ["status", "test", "what happened", "spec"]:
        fail(f"the table's header is {page.rows[:1]}", markdown, rendered)
    body = page.rows[1:]
    if len(body) != len(EXPECTED_ROWS):
        fail(f"{len(body)} rows, expected {len(EXPECTED_ROWS)}", markdown, rendered)
    for number, (row, (status, test, happened, place)) in enumerate(zip(body, EXPECTED_ROWS), start=1):
        if len(row) != 4:
            fail(f"row {number} has {len(row)} cells, not 4: {row}", markdown, rendered)
        if row[0] != status or row[1] != test or not row[2].startswith(happened) or row[3] != place:
            fail(f"row {number} reads {row}, expected ({status!r}, {test!r}, {happened!r}…, {place!r})", markdown, rendered)
    expected_links = [BLOB + place.replace(":", "#L") for (_, _, _, place) in EXPECTED_ROWS]
    if page.links != expected_links:
        fail(f"the links are {page.links}, expected only the spec cells' {expected_links}", markdown, rendered)
    made = sorted(set(page.tags) - {"h3", "p", "table", "thead", "tbody", "tr", "th", "td", "a"})
    if made:
        fail(f"the names made markup or lost text: {made}", markdown, rendered)
    print(f"job summary as cmark-gfm renders it: 1 heading, {len(body)} rows of 4 cells, names as written, "
          f"{len(page.links)} links, all to the spec lines")


if __name__ == "__main__":
    main()
