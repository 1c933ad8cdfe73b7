#!/bin/sh
# tests/include_layers.py must catch a layer break however the include is
# spelled: a copy of the tree where src/behaviours.c (the behaviours layer)
# includes the world's header, quoted and then in angle brackets, must fail
# the check both times; the tree as it is must pass.
#   tests/include_layers_guard.sh SOURCE_DIR
set -eu
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "$root/src" "$root/include" "$root/tools" "$root/web" "$tmp/"
mkdir "$tmp/tests" && cp "$root/tests/include_layers.py" "$tmp/tests/"
rm -rf "$tmp/web/node_modules" "$tmp/web/dist"
python3 "$tmp/tests/include_layers.py" "$tmp" >/dev/null || { echo "the tree as it is fails the check"; exit 1; }
status=0
for line in '#include "steer/world.h"' '#include <steer/world.h>'; do
  cp "$root/src/behaviours.c" "$tmp/src/behaviours.c"
  printf '%s\n' "$line" >>"$tmp/src/behaviours.c"
  if python3 "$tmp/tests/include_layers.py" "$tmp" >/dev/null; then
    echo "not caught: src/behaviours.c with $line"
    status=1
  else
    echo "caught: src/behaviours.c with $line"
  fi
done
exit $status
