#!/usr/bin/env python3
"""Writes (or with --check, compares) the programs made of the ```swift blocks of docs/recurrence.md and
docs/harness.md: Examples/<name>/main.swift is a page's swift blocks in order, joined by one blank line.

DocExampleTests reads the pages by the same rule, checks those files byte for byte, runs the built programs and
compares what they print with the page's ```text blocks (a ```text block right after a ```swift block, blank lines
between allowed, is that block's output). Run this after editing a block, then `swift build`.
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = {"docs/recurrence.md": "recurrence-doc-examples", "docs/harness.md": "harness-doc-examples"}


def swift_blocks(text):
    lines, blocks, i = text.split("\n"), [], 0
    while i < len(lines):
        if lines[i] == "```swift":
            j = lines.index("```", i + 1)
            blocks.append("".join(line + "\n" for line in lines[i + 1:j]))
            i = j
        i += 1
    return blocks


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for page, name in PAGES.items():
        program = "\n".join(swift_blocks((ROOT / page).read_text()))
        target = ROOT / "Examples" / name / "main.swift"
        if check:
            if not target.exists() or target.read_text() != program:
                stale.append(f"{target.relative_to(ROOT)} differs from the ```swift blocks of {page}")
        elif not target.exists() or target.read_text() != program:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(program)
            print(f"wrote {target.relative_to(ROOT)} from {page}")
    for line in stale:
        print(line + "; run python3 tools/doc-examples.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
