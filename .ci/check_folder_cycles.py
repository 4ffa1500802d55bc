#!/usr/bin/env python3
"""No folder cycle inside a target: its folders use each other's types in one direction only.

Usage: check_folder_cycles.py [TARGET] [--rooms] [--quiet]

A node is a folder one level below Sources/TARGET (files at the target's top level are its front door, which uses
every room, and are left out). With --rooms, each subfolder of a room that has them (Exporter's Catalogue and Lists)
is a node of its own, and the room's top-level files are the node named after the room.

Each node owns the types its files declare at their top level (struct, enum, class, actor, protocol, typealias) and
the types nested in an extension (`extension JobSchedule { enum Outcome` owns `JobSchedule.Outcome`). A node uses
another when one of its files mentions one of the other's type names as a whole word, comments and string literals
removed; a dotted name (`JobSchedule.Outcome`) counts for its longest owned prefix.

Prints every strongly connected component of more than one folder, with the mentions behind each edge inside it,
and exits 1 if there is any.
"""
import argparse
import collections
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ROOMS_WITH_SUBFOLDERS = {"Catalogue", "Lists"}

DECLARATION = re.compile(
    r"\b(struct|enum|class|actor|protocol|typealias|extension)\s+([A-Za-z_][\w.]*)"
)
NAME = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def strip_comments_and_strings(text):
    """The code of a Swift file with comments and string literals blanked (newlines kept), roughly."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(text[i:]) - len(text[i:].lstrip("#"))
            i += hashes
            quote = '"""' if text.startswith('"""', i) else '"'
            close = quote + "#" * hashes
            i += len(quote)
            while i < n and not text.startswith(close, i):
                if text[i] == "\\" and not hashes:
                    i += 1
                if i < n and text[i] == "\n":
                    out.append("\n")
                i += 1
            i += len(close)
            out.append('""')
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def node_of(relative, rooms):
    parts = relative.split(os.sep)
    if len(parts) == 1:
        return None
    if rooms and parts[0] in ROOMS_WITH_SUBFOLDERS and len(parts) > 2:
        return parts[0] + "/" + parts[1]
    return parts[0]


def declarations(code):
    """Top-level type names, and Outer.Inner for types declared directly inside an extension."""
    names = []
    depth = 0
    extension_at = {}
    position = 0
    for match in DECLARATION.finditer(code):
        segment = code[position : match.start()]
        for char in segment:
            if char == "{":
                depth += 1
            elif char == "}":
                extension_at.pop(depth, None)
                depth -= 1
        position = match.start()
        keyword, name = match.groups()
        if keyword == "extension":
            if depth == 0:
                extension_at[1] = name
        elif depth == 0:
            names.append(name)
        elif depth == 1 and 1 in extension_at:
            names.append(extension_at[1] + "." + name)
    return names


def scan(target, rooms):
    base = os.path.join(ROOT, "Sources", target)
    files = {}
    for directory, _, names in os.walk(base):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                node = node_of(os.path.relpath(path, base), rooms)
                if node:
                    with open(path, encoding="utf-8") as handle:
                        files[os.path.relpath(path, base)] = (node, strip_comments_and_strings(handle.read()))
    owner = {}
    for relative, (node, code) in sorted(files.items()):
        for name in declarations(code):
            owner.setdefault(name, node)
    edges = collections.defaultdict(lambda: collections.defaultdict(set))
    for relative, (node, code) in sorted(files.items()):
        for match in NAME.finditer(code):
            parts = match.group(0).split(".")
            start = 0
            while start < len(parts):
                for end in range(len(parts), start, -1):
                    name = ".".join(parts[start:end])
                    if name in owner:
                        if owner[name] != node:
                            edges[node][owner[name]].add((os.path.basename(relative), name))
                        start = end
                        break
                else:
                    start += 1
    return sorted({node for node, _ in files.values()}), edges


def components(nodes, edges):
    """Tarjan's strongly connected components."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            found.append(sorted(component))

    for node in nodes:
        if node not in index:
            visit(node)
    return sorted(component for component in found if len(component) > 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", nargs="?", default="Exporter")
    parser.add_argument("--rooms", action="store_true", help="a room's subfolders are nodes of their own")
    parser.add_argument("--quiet", action="store_true", help="print the cycles only, not the mentions behind them")
    arguments = parser.parse_args()
    sys.setrecursionlimit(10000)
    nodes, edges = scan(arguments.target, arguments.rooms)
    cycles = components(nodes, edges)
    pairs = sorted((a, b) for a in nodes for b in edges[a] if a < b and a in edges[b])
    name = f"check_folder_cycles: {arguments.target}"
    if not cycles:
        print(f"{name}: {len(nodes)} folders, no cycle")
        return 0
    print(f"{name}: {len(nodes)} folders, {len(cycles)} cycle(s); mutual pairs: "
          + (", ".join(f"{a}↔{b}" for a, b in pairs) or "none"))
    for component in cycles:
        print("  cycle: " + " · ".join(component))
        if arguments.quiet:
            continue
        for source in component:
            for other in sorted(edges[source]):
                if other in component:
                    mentions = sorted(edges[source][other])
                    shown = ", ".join(f"{file}: {type_name}" for file, type_name in mentions[:6])
                    more = f" (+{len(mentions) - 6})" if len(mentions) > 6 else ""
                    print(f"    {source} → {other}: {shown}{more}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
