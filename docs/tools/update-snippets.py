#!/usr/bin/env python3
"""Refreshes every <!-- snippet: path#tag --> code block in docs/*.md from its tagged source region.

DocSnippetsTest (client module) fails the build when a block and its source differ; run this after
changing an example, then review the diff.
"""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
MARKER = re.compile(r"(<!-- snippet: (\S+?)#(\S+?) -->\s*\n```java\n)(.*?)(```)", re.S)


def region(source: str, tag: str) -> str:
    start = source.index(f"// tag::{tag}[]")
    end = source.index(f"// end::{tag}[]")
    body = source[source.index("\n", start) + 1: source.rindex("\n", 0, end) + 1]
    lines = body.splitlines()
    indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    return "".join(("" if not l.strip() else l[indent:]) + "\n" for l in lines)


for doc in (ROOT / "docs").rglob("*.md"):
    text = doc.read_text()
    new = MARKER.sub(lambda m: m.group(1) + region((ROOT / m.group(2)).read_text(), m.group(3)) + m.group(5), text)
    if new != text:
        doc.write_text(new)
        print("updated", doc.relative_to(ROOT))
