#!/bin/sh
# tests/include_layers.py must catch a layer break however the include is
# spelled, in the library and in its clients: in a copy of the tree, each
# seeded include below must fail the check (the behaviours layer taking the
# world's header, quoted and in angle brackets; the world taking the
# vehicle or the standalone grid, and the vehicle the combiners, which
# docs/design.md says they do not use; a file of the library taking
# a test helper; a library test taking the scenario module; a test helper, a
# tool's test, a fuzzer, an example and the scenario module taking a src/
# header); the tree as it is must pass.
#   tests/include_layers_guard.sh SOURCE_DIR
set -eu
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "$root/src" "$root/include" "$root/tools" "$root/web" "$root/tests" "$root/fuzz" "$root/bench" "$root/examples" "$tmp/"
rm -rf "$tmp/web/node_modules" "$tmp/web/dist" "$tmp/fuzz/corpus"
python3 "$tmp/tests/include_layers.py" "$tmp" >/dev/null || { echo "the tree as it is fails the check"; exit 1; }
status=0
seed() { # seed FILE LINE: FILE with LINE appended must fail the check
  cp "$root/$1" "$tmp/$1"
  printf '%s\n' "$2" >>"$tmp/$1"
  if python3 "$tmp/tests/include_layers.py" "$tmp" >/dev/null; then
    echo "not caught: $1 with $2"
    status=1
  else
    echo "caught: $1 with $2"
  fi
  cp "$root/$1" "$tmp/$1"
}
seed src/behaviours.c '#include "steer/world.h"'
seed src/behaviours.c '#include <steer/world.h>'
seed src/world.c '#include "steer/vehicle.h"'
seed src/world_sort.c '#include "steer/grid.h"'
seed src/vehicle.c '#include "steer/combine.h"'
seed src/world.c '#include "check.h"'
seed tests/test_math.c '#include "scenario.h"'
seed tests/check.h '#include "world_internal.h"'
seed tests/tool/test_canvas_labels.c '#include "world_internal.h"'
seed fuzz/fuzz_world.c '#include "world_cells.h"'
seed examples/hello_vehicle.c '#include "world_internal.h"'
seed tools/scenario/scenario_build.c '#include "world_internal.h"'
exit $status
