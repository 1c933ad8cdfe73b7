#!/usr/bin/env bash
# The WebAssembly column of the determinism matrix (tests/determinism_matrix.sh,
# see README here): src/*.c and tools/hash_world.c compiled for wasm32-wasi as
# a command module with the playground's code-generation flags (the Makefile's
# WASM_CFLAGS: -std=c11 -O2 -msimd128 -ffp-contract=off) and run under Node's
# built-in WASI (wasm_run.mjs, node:wasi).
#
#   wasm.sh ROOT OUTDIR STEPS AGENTS
#
# Prints hash_world's lines for the rows wasm can run: 1 thread (no pthreads
# in wasm: the world's pool runs serially, so hash_world --threads-max 1),
# every kernel asked, the x86 ones falling back to scalar ("2d 1 avx2 scalar
# HASH"); the matrix shows the other rows as "-". Exits 77 when clang cannot
# build for wasm32-wasi (no wasi-libc) or node has no node:wasi.
# Environment: WASM_CC (default clang), JOBS (parallel compiles, default 2).
set -euo pipefail
root="$1" out="$2" steps="$3" agents="$4"
here="$(cd "$(dirname "$0")" && pwd)"
cc="${WASM_CC:-clang}"
jobs="${JOBS:-2}"
mkdir -p "$out/obj"

# The toolchain: a wasi-libc program that links, and node:wasi.
command -v "$cc" >/dev/null || { echo "wasm: $cc not found" >&2; exit 77; }
command -v node >/dev/null || { echo "wasm: node not found" >&2; exit 77; }
printf '#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n' > "$out/probe.c"
"$cc" --target=wasm32-wasi "$out/probe.c" -o "$out/probe.wasm" 2>/dev/null ||
  { echo "wasm: $cc cannot build for wasm32-wasi (wasi-libc missing?)" >&2; exit 77; }
[ "$(node --no-warnings "$here/wasm_run.mjs" "$out/probe.wasm" 2>/dev/null)" = ok ] ||
  { echo "wasm: node cannot run a WASI module (no node:wasi?)" >&2; exit 77; }

flags=(--target=wasm32-wasi -std=c11 -O2 -msimd128 -ffp-contract=off -Wall -Wextra -Wpedantic
       -I"$root/include" -I"$root/src" -I"$root/tests")
pids=() n=0
for f in "$root"/src/*.c "$root/tools/hash_world.c"; do
  "$cc" "${flags[@]}" -c "$f" -o "$out/obj/$(basename "$f" .c).o" &
  pids+=($!)
  n=$((n + 1))
  if [ $((n % jobs)) -eq 0 ]; then for p in "${pids[@]}"; do wait "$p"; done; pids=(); fi
done
for p in "${pids[@]}"; do wait "$p"; done
"$cc" "${flags[@]}" "$out"/obj/*.o -o "$out/hash_world.wasm"

exec node --no-warnings "$here/wasm_run.mjs" "$out/hash_world.wasm" \
  --steps "$steps" --agents "$agents" --threads-max 1
