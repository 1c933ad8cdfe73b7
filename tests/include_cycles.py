#!/usr/bin/env python3
"""No include cycle between the files of src/ and tools/ (and include/).

Reads every `#include "..."` line, resolves it against the including file's
folder and the project's include paths, and looks for a cycle in the graph
of files. A header that includes itself through others would make the
layers' one-way rule a fiction: this check keeps it true. Prints each cycle
found and exits 1, or prints the file and edge counts and exits 0.

    tests/include_cycles.py [ROOT]
"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
scanned = ["src", "tools", "include"]
search = ["include", "src", "tools/scenario", "tools/render", "tools/steer", "tests"]
include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def resolve(including, name):
    for base in [os.path.dirname(including)] + [os.path.join(root, s) for s in search]:
        path = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(path):
            return path
    return None


files = []
for top in scanned:
    for folder, _, names in os.walk(os.path.join(root, top)):
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith((".c", ".h"))]
edges = {}
for f in files:
    with open(f, encoding="utf-8") as text:
        targets = [resolve(f, m.group(1)) for m in map(include.match, text) if m]
    # a .c file including another .c (the kernel builds) is a build, not a layer
    edges[f] = sorted({t for t in targets if t and t != f})

cycles, state = [], {}  # state: 1 on the current path, 2 done


def visit(f, path):
    state[f] = 1
    path.append(f)
    for t in edges.get(f, []):
        if state.get(t) == 1:
            cycles.append(path[path.index(t):] + [t])
        elif t in edges and not state.get(t):
            visit(t, path)
    path.pop()
    state[f] = 2


for f in files:
    if not state.get(f):
        visit(f, [])
for c in cycles:
    print("include cycle: " + " -> ".join(os.path.relpath(p, root) for p in c))
if cycles:
    sys.exit(1)
print("include cycles: none in %d files (%d includes)" % (len(files), sum(len(e) for e in edges.values())))
