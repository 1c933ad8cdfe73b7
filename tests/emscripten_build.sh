#!/bin/sh
# The library in a game's Emscripten build (emcmake cmake): warnings-clean
# with -Werror (its clang refused -fno-semantic-interposition, 48 warnings),
# and one libsteer.a (its SHARED library was a second libsteer.a written
# beside the first). Configures and compiles one source; a few seconds.
#   emscripten_build.sh ROOT WORKDIR        exits 77 without emcmake
set -eu
root="$1" work="$2"
command -v emcmake >/dev/null || { echo "emscripten_build: no emcmake: not checked"; exit 77; }
fail() { echo "emscripten_build: FAILED: $*" >&2; exit 1; }
rm -rf "$work"
emcmake cmake -S "$root" -B "$work" -DCMAKE_BUILD_TYPE=Release -DSTEER_WERROR=ON -DSTEER_BUILD_EXTRAS=OFF \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$work.log" 2>&1 || fail "configure: $(tail -3 "$work.log")"
cmake --build "$work" --target help >"$work.targets"
! grep -q steer_shared "$work.targets" || fail "a steer_shared target, a second libsteer.a"
command="$(python3 -c 'import json, sys
print(next(c["command"] for c in json.load(open(sys.argv[1])) if c["file"].endswith("src/world_step.c")))' \
  "$work/compile_commands.json")"
(cd "$work" && eval "$command" -o "$work/world_step.o") >"$work.log" 2>&1 || fail "src/world_step.c: $(grep -m1 -E "error|warning" "$work.log")"
echo "emscripten_build: -Werror, one libsteer.a: ok"
