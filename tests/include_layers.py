#!/usr/bin/env python3
"""The include rules of src/, include/, tools/, web/ and of their clients
(tests/, fuzz/, bench/, examples/): one-way layers, no cycle.

Reads every `#include "..."` line and resolves it against the including
file's folder and the project's include paths, and every `#include <...>`
line against the include paths alone (`<steer/world.h>` is a file of the
project; `<math.h>` resolves to none and is left alone). Then two checks:
- layers: every file belongs to one layer of LAYERS below (first pattern
  that matches its path), and includes only files of its own layer or of a
  layer it is listed as using. A file no pattern matches is an error, so a
  new file is placed in the map before it lands.
- public only: a layer of PUBLIC_ONLY takes the library (include/, src/)
  through its public headers alone, never a file of src/.
- cycles: no file includes itself through others (within a layer too).
Prints each break found and exits 1, or the counts and exits 0. The same
map is drawn in docs/design.md ("Layers").

    tests/include_layers.py [ROOT]
"""
import fnmatch
import os
import re
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
scanned = ["src", "tools", "include", "web", "tests", "fuzz", "bench", "examples"]

# (layer, the layers it uses, its files' patterns relative to the root).
LAYERS = [
    ("base", [], ["include/steer/math.h", "include/steer/random.h", "include/steer/alloc.h",
                  "include/steer/misuse.h", "include/steer/result.h", "include/steer/detail/*",
                  "src/math.c", "src/random.c", "src/result.c", "src/alloc.c", "src/misuse.c", "src/misuse_internal.h",
                  "src/up_axis.h", "src/braking.h", "src/contain.h", "src/fp_rules.h", "src/turn_limit.h", "src/analyzer.h"]),
    ("behaviours", ["base"], ["include/steer/behaviours.h", "src/behaviours*", "src/anticipation*"]),
    ("combine", ["base"], ["include/steer/combine.h", "src/combine*"]),
    ("vehicle", ["base", "behaviours"], ["include/steer/vehicle.h", "src/vehicle*"]),
    ("grid", ["base"], ["include/steer/grid.h", "src/grid.c"]),
    ("assign", ["base", "grid"], ["include/steer/assign.h", "src/assign*"]),
    ("world", ["base", "behaviours", "assign"],
     ["include/steer/world.h", "include/steer/debug_draw.h", "include/steer/standard_flock.h",
      "src/world*", "src/neighbour_kernel*", "src/kernel_select.c", "src/wide*", "src/thread_pool.*",
      "src/standard_flock.c"]),
    ("library", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world"],
     ["include/steer/steer.h", "src/version.c"]),
    ("scenario", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library"], ["tools/scenario/*"]),
    ("render", ["base", "world", "library", "scenario"], ["tools/render/*"]),
    ("programs", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library", "scenario", "render"],
     ["tools/steer/*", "tools/hash_scenario/*", "web/*.c"]),
    # The clients. The tools' tests (first: tests/* matches them too) take the
    # tools' own headers. The helpers shared by tests, fuzzers and
    # tests/hash_world lean on the public API alone, so any of them can use
    # one. The library's tests (and tests/data's fixture writers) are white
    # box: they may include the src/ headers of what they test.
    ("tool tests", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library", "scenario",
                    "render", "programs", "test helpers"], ["tests/tool/*"]),
    ("test helpers", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library"], ["tests/*.h"]),
    ("tests", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library", "test helpers"],
     ["tests/*.c"]),
    ("fuzzers", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library", "scenario",
                 "test helpers"], ["fuzz/*"]),
    # a bench may time an internal part on its own (bench/assign.c) or switch
    # one off (bench/obstacles.c)
    ("benches", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library"], ["bench/*"]),
    ("examples", ["base", "behaviours", "combine", "vehicle", "grid", "assign", "world", "library"], ["examples/*"]),
]
# What these layers see of the library is its public headers (include/steer/):
# the tools are built on the public API, so are their tests; a fuzzer drives
# the API a caller has; a test helper is shared by every test; an example
# shows a user what to write.
PUBLIC_ONLY = {"scenario", "render", "programs", "tool tests", "test helpers", "fuzzers", "examples"}


def layer_of(path):
    rel = os.path.relpath(path, root)
    for name, _, patterns in LAYERS:
        if any(fnmatch.fnmatch(rel, p) for p in patterns):
            return name
    return None

search = ["include", "src", "tools/scenario", "tools/render", "tools/steer", "tests", "fuzz"]
include = re.compile(r'^\s*#\s*include\s+(?:"([^"]+)"|<([^>]+)>)')


def resolve(including, name, quoted=True):
    for base in ([os.path.dirname(including)] if quoted else []) + [os.path.join(root, s) for s in search]:
        path = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(path):
            return path
    return None


files = []
for top in scanned:
    for folder, dirs, names in os.walk(os.path.join(root, top)):
        dirs[:] = [d for d in dirs if d not in ("node_modules", "dist")]
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith((".c", ".h"))]
edges = {}
for f in files:
    with open(f, encoding="utf-8") as text:
        targets = [resolve(f, m.group(1) or m.group(2), m.group(1) is not None) for m in map(include.match, text) if m]
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


uses = {name: set(used) | {name} for name, used, _ in LAYERS}
breaks = []
for f in files:
    if layer_of(f) is None:
        breaks.append("%s: in no layer (add it to LAYERS in tests/include_layers.py)" % os.path.relpath(f, root))
for f in files:
    for t in edges[f]:
        mine, theirs = layer_of(f), layer_of(t)
        if mine and theirs and theirs not in uses[mine]:
            breaks.append("%s (%s) includes %s (%s): %s does not use %s" % (
                os.path.relpath(f, root), mine, os.path.relpath(t, root), theirs, mine, theirs))
for f in files:
    if layer_of(f) in PUBLIC_ONLY:
        for t in edges[f]:
            if os.path.relpath(t, root).startswith("src" + os.sep):
                breaks.append("%s (%s) includes %s: %s sees the library through include/steer/ only" % (
                    os.path.relpath(f, root), layer_of(f), os.path.relpath(t, root), layer_of(f)))
for f in files:
    if not state.get(f):
        visit(f, [])
for c in cycles:
    breaks.append("include cycle: " + " -> ".join(os.path.relpath(p, root) for p in c))
for b in breaks:
    print(b)
if breaks:
    sys.exit(1)
print("include layers: %d files in %d layers, %d includes, each down or within its layer; no cycle" % (
    len(files), len(LAYERS), sum(len(e) for e in edges.values())))
