#!/usr/bin/env bash
# The no-SIMD column of the determinism matrix (tests/determinism_matrix.sh,
# see README here): the library and tests/hash_world.c built by CMake with
# -DSTEER_SIMD=OFF (the scalar kernel alone: no vector intrinsics, no
# -mavx2 / -mavx512f), Release, with the machine's C compiler. Its rows are
# the scalar kernel at one and two threads; they must give the hashes of
# every other build.
#
#   nosimd.sh ROOT OUTDIR STEPS AGENTS
#
# Environment: JOBS (default 2).
set -euo pipefail
root="$1" out="$2" steps="$3" agents="$4"
jobs="${JOBS:-2}"
cmake -S "$root" -B "$out/build" -DSTEER_SIMD=OFF -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_EXTRAS=OFF -DSTEER_HASH_WORLD=ON \
  -DSTEER_INSTALL=OFF -DSTEER_SHARED=OFF >/dev/null
cmake --build "$out/build" -j"$jobs" --target hash_world >/dev/null
exec "$out/build/hash_world" --steps "$steps" --agents "$agents" --threads-max 2
