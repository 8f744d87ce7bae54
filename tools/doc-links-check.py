#!/usr/bin/env python3
"""Checks that every relative link and #anchor in README.md and the Markdown pages under docs/ and fuzz/ resolves.

Usage: python3 tools/doc-links-check.py [FILE.md ...]   (default: README.md, docs/*.md, fuzz/README.md, specs/**/README.md)

A link is `[text](target)` outside code (fenced blocks and `inline code` are skipped). Web links (http, https,
mailto) are not fetched. A relative target must name a file or folder of the checkout; `#anchor` (alone or after a
.md target) must be the GitHub anchor of a heading of that page: lowercased, punctuation other than `-` and `_`
dropped, spaces turned to `-`, and `-1`, `-2`, … appended to repeated headings; or an `<a id="…">` of that page. Prints one line per broken link,
`page:line: target: why`, and exits 1 when there is one.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"(?<!\!)\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
IMAGE = re.compile(r"\!\[[^\]]*\]\(([^()\s]+)\)")


def outside_fences(text):
    """The page's lines outside fenced code blocks, as (line number, text)."""
    fence = None
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        match = re.match(r"(`{3,}|~{3,})", stripped)
        if match:
            fence = match.group(1)
            continue
        yield number, line


def prose_lines(text):
    """The page's lines outside fenced code blocks, with inline code blanked, as (line number, text)."""
    for number, line in outside_fences(text):
        yield number, re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), line)


def anchors(path):
    """The GitHub anchors of a page's headings, and the ids of its `<a id="…">` tags."""
    seen, result = {}, set()
    for _, line in outside_fences(path.read_text(encoding="utf-8")):
        result.update(re.findall(r'<a\s+(?:id|name)="([^"]+)"', line))
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not heading:
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(1))
        slug = re.sub(r"[^\w\- ]", "", title.lower().replace("`", "")).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def check(page):
    problems = []
    text = page.read_text(encoding="utf-8")
    for number, line in prose_lines(text):
        for match in list(LINK.finditer(line)) + list(IMAGE.finditer(line)):
            target = match.group(1)
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue
            where = f"{page.relative_to(ROOT)}:{number}: {target}"
            path_part, _, anchor = target.partition("#")
            resolved = (page.parent / path_part).resolve() if path_part else page
            if not resolved.exists():
                problems.append(f"{where}: no such file or folder ({resolved.relative_to(ROOT) if resolved.is_relative_to(ROOT) else resolved})")
                continue
            if not resolved.is_relative_to(ROOT):
                problems.append(f"{where}: leads out of the checkout")
                continue
            if anchor:
                if resolved.is_dir() or resolved.suffix != ".md":
                    problems.append(f"{where}: an anchor on something that is not a Markdown page")
                elif anchor not in anchors(resolved):
                    problems.append(f"{where}: no heading with the anchor #{anchor} in {resolved.relative_to(ROOT)}")
    return problems


def main(arguments):
    if arguments:
        pages = [pathlib.Path(a).resolve() for a in arguments]
    else:
        pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "fuzz" / "README.md",
                 *sorted((ROOT / "specs").rglob("README.md"))]
    pages = [p for p in pages if p.exists()]
    problems = [problem for page in pages for problem in check(page)]
    for problem in problems:
        print(problem)
    links = sum(len(LINK.findall(line)) + len(IMAGE.findall(line))
                for page in pages for _, line in prose_lines(page.read_text(encoding="utf-8")))
    print(f"{len(pages)} pages, {links} links, {len(problems)} broken", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
