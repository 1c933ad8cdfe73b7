#!/bin/sh
# cmake/aarch64-linux-gnu.cmake as a porter uses it: a project configured with
# it takes only the target's packages from pkg-config (it took the build
# machine's x86-64 jansson for the target's), and ctest runs its test
# programs under qemu-aarch64 (they failed with "Exec format error").
#   cross_toolchain.sh ROOT WORKDIR        exits 77 without the cross compiler
set -eu
root="$1" work="$2"
command -v aarch64-linux-gnu-gcc >/dev/null || { echo "cross_toolchain: no aarch64-linux-gnu-gcc: not checked"; exit 77; }
fail() { echo "cross_toolchain: FAILED: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work/probe"
cat > "$work/probe/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(probe C)
find_package(PkgConfig REQUIRED)
pkg_check_modules(JANSSON QUIET jansson)
file(WRITE "${CMAKE_BINARY_DIR}/jansson.txt" "${JANSSON_FOUND} ${JANSSON_LIBDIR}\n")
file(WRITE "${CMAKE_BINARY_DIR}/probe.c" "int main(void) { return 0; }\n")
add_executable(probe "${CMAKE_BINARY_DIR}/probe.c")
enable_testing()
add_test(NAME probe COMMAND probe)
CMAKE
# the environment's own pkg-config paths are the user's choice, which the toolchain keeps
env -u PKG_CONFIG_LIBDIR -u PKG_CONFIG_PATH cmake -S "$work/probe" -B "$work/build" \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" >/dev/null
host="$(cc -dumpmachine)"
read -r found libdir < "$work/build/jansson.txt"
case "$found $libdir" in
  1*"$host"*) fail "pkg-config gave the build machine's jansson ($libdir) to an AArch64 build" ;;
esac
cmake --build "$work/build" >/dev/null
if command -v qemu-aarch64 >/dev/null; then
  (cd "$work/build" && ctest --output-on-failure >"$work/ctest.log" 2>&1) ||
    fail "ctest did not run an AArch64 test program (under qemu-aarch64): $(grep -m1 -i error "$work/ctest.log")"
fi
echo "cross_toolchain: pkg-config kept to the target (jansson: ${libdir:-none for AArch64}), test programs run: ok"
