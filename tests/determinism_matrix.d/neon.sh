#!/usr/bin/env bash
# The AArch64 column of the determinism matrix (tests/determinism_matrix.sh,
# see README here): the library and tests/hash_world.c cross-compiled by
# CMake with cmake/aarch64-linux-gnu.cmake (Debian's gcc-aarch64-linux-gnu,
# Release, -ffp-contract=off, linked statically) and run under qemu-aarch64.
# Its rows are the scalar and NEON kernels at one and two threads (4 and 8,
# more and smaller ranges of the same code, would double the time under
# qemu); qemu gives the bits of the real hardware, not its speed. First it runs
# tests/test_kernels.c, built the same way: every kernel entry of the NEON
# build against the scalar build, bit for bit (its report on stderr); a
# difference fails the hook, and so the matrix.
#
#   neon.sh ROOT OUTDIR STEPS AGENTS
#
# Exits 77 when the cross compiler or qemu-aarch64 is missing.
# Environment: ARM64_CC (default aarch64-linux-gnu-gcc), JOBS (default 2).
set -euo pipefail
root="$1" out="$2" steps="$3" agents="$4"
cc="${ARM64_CC:-aarch64-linux-gnu-gcc}"
jobs="${JOBS:-2}"
command -v "$cc" >/dev/null || { echo "neon: $cc not found" >&2; exit 77; }
command -v qemu-aarch64 >/dev/null || { echo "neon: qemu-aarch64 not found" >&2; exit 77; }

cmake -S "$root" -B "$out/build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" -DSTEER_ARM64_CC="$cc" \
  -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_EXTRAS=OFF -DSTEER_HASH_WORLD=ON -DSTEER_TEST_KERNELS=ON -DSTEER_INSTALL=OFF \
  -DSTEER_SHARED=OFF -DCMAKE_EXE_LINKER_FLAGS=-static >/dev/null
cmake --build "$out/build" -j"$jobs" --target hash_world test_kernels >/dev/null
qemu-aarch64 "$out/build/test_kernels" >&2 || { echo "neon: test_kernels failed (status $?)" >&2; exit 1; }
exec qemu-aarch64 "$out/build/hash_world" --steps "$steps" --agents "$agents" --threads-max 2
