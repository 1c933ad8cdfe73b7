#!/usr/bin/env bash
# The WebAssembly column of the determinism matrix (tests/determinism_matrix.sh,
# see README here): the library and tests/hash_world.c built for wasm32-wasi
# by CMake with cmake/wasm32-wasi.cmake, as the playground is (Release,
# -msimd128, -ffp-contract=off), and run under Node's built-in WASI
# (wasm_run.mjs, node:wasi).
#
#   wasm.sh ROOT OUTDIR STEPS AGENTS
#
# Prints hash_world's lines for the rows wasm can run: 1 thread (no pthreads
# in wasm: the world's pool runs serially, so hash_world --threads-max 1),
# the kernels it has (scalar, and simd128 when built with -msimd128). First
# it runs tests/test_kernels.c, built the same way: every kernel entry of
# the simd128 build against the scalar build, bit for bit (its report on
# stderr); a difference, or a module without simd128, fails the hook, and
# so the matrix. Exits 77 when clang cannot build for wasm32-wasi (no
# wasi-libc) or node has no node:wasi.
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

# The library, hash_world and test_kernels through CMake's wasm toolchain
# (the one place that knows the flags), at the playground's optimisation level.
cmake -S "$root" -B "$out/build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/wasm32-wasi.cmake" -DSTEER_WASM_CC="$cc" \
  -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_EXTRAS=OFF -DSTEER_HASH_WORLD=ON -DSTEER_TEST_KERNELS=ON \
  -DSTEER_INSTALL=OFF >/dev/null
cmake --build "$out/build" -j"$jobs" --target hash_world test_kernels >/dev/null
cp "$out/build/hash_world.wasm" "$out/hash_world.wasm"
node --no-warnings "$here/wasm_run.mjs" "$out/build/test_kernels.wasm" >&2 ||
  { echo "wasm: test_kernels failed (status $?)" >&2; exit 1; }

exec node --no-warnings "$here/wasm_run.mjs" "$out/hash_world.wasm" \
  --steps "$steps" --agents "$agents" --threads-max 1
