#!/usr/bin/env bash
# The ways a project takes steer in, each built and run:
#   1. installed: cmake --install, then a consumer's find_package(steer 0.1
#      CONFIG REQUIRED) (the version file) and pkg-config;
#   2. add_subdirectory: a parent that installs its own program gets no
#      steer headers or library in its prefix (STEER_INSTALL is off there);
#   3. C++: every public header compiled by g++ and clang++, C++11 to C++20,
#      with -Werror, and the program run;
#   4. vendored: the sources compiled by the engine's own build and flags;
#   5. Python: an sdist of python/ pip-installed into a venv outside the
#      checkout, its hashes against the library installed in 1
#      (tests/packaging/python_sdist.sh).
# The library is built with -fvisibility=hidden in CMAKE_C_FLAGS, as a game
# engine's build may pass to everything: libsteer.so must still export the
# API (it exported nothing), and the consumers below link it.
# Usage: tests/packaging/check.sh [WORKDIR]   (default build-packaging)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-$root/build-packaging}"
rm -rf "$work" && mkdir -p "$work/consumer" "$work/parent"
fail() { echo "packaging: FAILED: $*" >&2; exit 1; }

cmake -S "$root" -B "$work/lib" -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_EXTRAS=OFF -DCMAKE_C_FLAGS=-fvisibility=hidden >/dev/null
cmake --build "$work/lib" -j"${JOBS:-2}" >/dev/null
cmake --install "$work/lib" --prefix "$work/prefix" >/dev/null
nm -D --defined-only "$work/prefix/lib/libsteer.so" | grep " T steer_world_create$" >/dev/null || # not -q: nm must not die of SIGPIPE under pipefail
  fail "libsteer.so built with -fvisibility=hidden does not export steer_world_create"

# absolute install dirs (GNUInstallDirs allows them; Nix gives them): steer.pc names them as they are.
# Configured only, never installed; outside the source tree, which CMake refuses for an include dir
# (the default work dir is inside it).
abs_lib=/nonexistent/steer-packaging-check/lib64 abs_include=/nonexistent/steer-packaging-check/include
cmake -S "$root" -B "$work/abs" -DSTEER_BUILD_EXTRAS=OFF -DCMAKE_INSTALL_PREFIX="$work/abs-prefix" \
  -DCMAKE_INSTALL_LIBDIR="$abs_lib" -DCMAKE_INSTALL_INCLUDEDIR="$abs_include" >/dev/null
[ "$(PKG_CONFIG_PATH="$work/abs" pkg-config --variable=libdir steer)" = "$abs_lib" ] &&
  [ "$(PKG_CONFIG_PATH="$work/abs" pkg-config --variable=includedir steer)" = "$abs_include" ] ||
  fail "steer.pc with absolute CMAKE_INSTALL_LIBDIR/INCLUDEDIR: $(grep dir= "$work/abs/steer.pc" | tr '\n' ' ')"

cat > "$work/consumer/app.c" <<'C'
#include <stdio.h>
#include <steer/steer.h>
int main(void)
{
    steer_v2 f = steer_seek2(steer_v2_make(0.0f, 0.0f), steer_v2_make(0.0f, 0.0f), steer_v2_make(3.0f, 4.0f), 5.0f);
    printf("seek %.1f %.1f\n", (double)f.x, (double)f.y);
    return !(f.x == 3.0f && f.y == 4.0f);
}
C
cat > "$work/consumer/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(steer 0.1 CONFIG REQUIRED)
add_executable(app app.c)
target_link_libraries(app PRIVATE steer::steer)
C
cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null ||
  fail "find_package(steer 0.1 CONFIG REQUIRED) against the installed package"
cmake --build "$work/consumer/build" >/dev/null
"$work/consumer/build/app" | grep -q "seek 3.0 4.0" || fail "the find_package consumer's program"
# another major, or before 1.0 another minor (whose ABI may differ): refused
for other in 9.0 0.2 0.0; do
  mkdir -p "$work/consumer-$other" && cp "$work/consumer/app.c" "$work/consumer-$other/"
  sed "s/find_package(steer 0.1/find_package(steer $other/" "$work/consumer/CMakeLists.txt" > "$work/consumer-$other/CMakeLists.txt"
  if cmake -S "$work/consumer-$other" -B "$work/consumer-$other/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null 2>&1; then
    fail "find_package(steer $other) accepted the installed 0.1"
  fi
done
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" cc -std=c11 "$work/consumer/app.c" \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs steer) -o "$work/consumer/app-pc" ||
  fail "pkg-config --cflags --libs steer"
# -lsteer finds the shared library first: the program runs against it
LD_LIBRARY_PATH="$work/prefix/lib" "$work/consumer/app-pc" >/dev/null || fail "the pkg-config consumer's program"
readelf -d "$work/consumer/app-pc" | grep -q "NEEDED.*libsteer.so" || fail "the pkg-config consumer did not link libsteer.so"
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" cc -std=c11 "$work/consumer/app.c" -static-libgcc \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags steer) "$work/prefix/lib/libsteer.a" -lm -pthread \
  -o "$work/consumer/app-static" || fail "linking the installed libsteer.a"
"$work/consumer/app-static" >/dev/null || fail "the static consumer's program"
# a game engine's native plugin: libsteer.a linked into a shared object (position-independent code)
cat > "$work/consumer/plugin.c" <<'C'
#include <steer/steer.h>
int plugin_step(void)
{
    steer_world_def def = steer_default_world_def();
    steer_world *world = steer_world_create(&def);
    steer_group_def group = steer_default_group_def();
    int g = steer_world_add_group(world, &group);
    steer_world_add_agent(world, g, steer_v3_make(1, 2, 0), steer_v3_make(1, 0, 0));
    steer_result r = steer_world_step(world, 0.1f);
    steer_world_destroy(world);
    return (int)r;
}
C
cc -std=c11 -shared -fPIC $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags steer) "$work/consumer/plugin.c" \
  "$work/prefix/lib/libsteer.a" -lm -pthread -o "$work/consumer/libplugin.so" || fail "linking libsteer.a into a shared object (-fPIC)"
# README's advice for it: --exclude-libs keeps steer's functions (steer__ ones too) out of the plugin's exports
cc -std=c11 -shared -fPIC $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags steer) "$work/consumer/plugin.c" \
  "$work/prefix/lib/libsteer.a" -lm -pthread -Wl,--exclude-libs,libsteer.a -o "$work/consumer/libplugin-own.so"
exports="$(nm -D --defined-only "$work/consumer/libplugin-own.so" | awk '{print $3}' | tr '\n' ' ')"
[ "$exports" = "plugin_step " ] || fail "a plugin linked with -Wl,--exclude-libs,libsteer.a exports: $exports"

# C++: every public header, g++ and clang++, C++11 to C++20, warnings as errors
cat > "$work/consumer/app.cpp" <<'CPP'
#include <steer/steer.h>
#include <steer/debug_draw.h>
#include <steer/grid.h>
#include <steer/standard_flock.h>
#include <cstdio>
int main()
{
    steer_world_def def = steer_default_world_def();
    steer_world *world = steer_world_create(&def);
    steer_group_def group = steer_default_group_def();
    int g = steer_world_add_group(world, &group);
    steer_agent_id id = steer_world_add_agent(world, g, steer_v3_make(0.0f, 0.0f, 0.0f), steer_v3_make(1.0f, 0.0f, 0.0f));
    bool ok = steer_world_step(world, 1.0f / 60.0f) == STEER_OK && steer_world_is_valid(world, id);
    steer_v3 unit = steer_v3_normalize(steer_v3_make(3.0f, 4.0f, 0.0f));
    steer_world_destroy(world);
    std::printf("c++ %s %.1f\n", ok ? "ok" : "failed", static_cast<double>(unit.y));
    return ok && unit.y > 0.7999f && unit.y < 0.8001f ? 0 : 1;
}
CPP
for cxx in g++ clang++; do
  for std in c++11 c++14 c++17 c++20; do
    "$cxx" -std=$std -Wall -Wextra -Wpedantic -Werror -Wzero-as-null-pointer-constant -Wold-style-cast -Wshadow -Wfloat-equal \
      "$work/consumer/app.cpp" $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags steer) \
      "$work/prefix/lib/libsteer.a" -lm -pthread -o "$work/consumer/app-$cxx-$std" ||
      fail "the headers as C++ ($cxx -std=$std -Werror)"
    "$work/consumer/app-$cxx-$std" | grep -q "c++ ok 0.8" || fail "the C++ consumer ($cxx -std=$std)"
  done
done

# vendored: the library's sources compiled by a game engine's own build, its flags and none of CMake's
# (GNU mode, as with no -std; the same flags for every file; FMA where the CPU has it, where the
# compilers fuse a * b + c unless told not to): every kernel's state hash must be the installed library's (src/fp_rules.h keeps the rules);
# and -ffast-math is refused by name, not built into a library whose NaN checks it compiles away.
srcs="$(sed -n '/^add_library(steer_objects OBJECT/,/^)/p' "$root/CMakeLists.txt" | grep -o 'src/[a-z0-9_]*\.c')"
engine_flags=-O2
if [ "$(uname -m)" = x86_64 ] && grep -qw fma /proc/cpuinfo; then engine_flags="-O2 -mfma"; fi
hash_world() { # CC OUT LIBRARY...: tests/hash_world with the library's own flags, against LIBRARY
  local cc="$1" out="$2"; shift 2
  "$cc" -std=c11 -O2 -ffp-contract=off -I"$work/prefix/include" -I"$root/tests" "$root/tests/hash_world.c" "$@" -lm -pthread -o "$out"
  "$out" --steps 100 --agents 100 --threads-max 1
}
hash_world cc "$work/consumer/hash-installed" "$work/prefix/lib/libsteer.a" > "$work/consumer/hash-installed.txt"
grep -q "^# complete" "$work/consumer/hash-installed.txt" || fail "hash_world against the installed library"
for cc in gcc clang; do
  mkdir -p "$work/vendored-$cc"
  for src in $srcs; do # every file alike: the AVX2 and AVX-512 kernels' files enable their instruction sets
    "$cc" $engine_flags -I"$root/include" -c "$root/$src" -o "$work/vendored-$cc/$(basename "$src" .c).o" ||
      fail "$cc $engine_flags $src (the sources in an engine's own build, no per-file flags)"
  done
  hash_world "$cc" "$work/vendored-$cc/hash" "$work/vendored-$cc"/*.o > "$work/vendored-$cc/hash.txt"
  cmp -s "$work/consumer/hash-installed.txt" "$work/vendored-$cc/hash.txt" ||
    fail "the sources built by $cc $engine_flags (no -ffp-contract=off) give other bits: $(diff "$work/consumer/hash-installed.txt" "$work/vendored-$cc/hash.txt" | head -3 | tr '\n' ' ')"
  if "$cc" -O2 -ffast-math -I"$root/include" -c "$root/src/world_step.c" -o /dev/null 2>"$work/vendored-$cc/fast-math.log" ||
    ! grep -q "steer: compile the library without -ffast-math" "$work/vendored-$cc/fast-math.log"; then
    fail "$cc -ffast-math on src/world_step.c was not refused by name: $(head -3 "$work/vendored-$cc/fast-math.log")"
  fi
done
# floats evaluated in the x87's 80-bit registers (32-bit x86 without SSE math; gcc's -mfpmath=387 on x86-64
# too) gave other bits, silently: refused by name (CMake passes -msse2 -mfpmath=sse on 32-bit x86)
if [ "$(uname -m)" = x86_64 ]; then
  if gcc -O2 -mfpmath=387 -I"$root/include" -c "$root/src/world_step.c" -o /dev/null 2>"$work/vendored-gcc/x87.log" ||
    ! grep -q "steer: floats must be evaluated as floats" "$work/vendored-gcc/x87.log"; then
    fail "gcc -mfpmath=387 on src/world_step.c was not refused by name: $(head -3 "$work/vendored-gcc/x87.log")"
  fi
fi

cp "$work/consumer/app.c" "$work/parent/app.c"
cat > "$work/parent/CMakeLists.txt" <<C
cmake_minimum_required(VERSION 3.16)
project(parent C)
add_subdirectory("$root" steer)
add_executable(app app.c)
target_link_libraries(app PRIVATE steer::steer)
install(TARGETS app DESTINATION bin)
# the game's own file keeps the rules; steer keeps them whatever the parent's flags
add_executable(hash_world "$root/tests/hash_world.c")
target_include_directories(hash_world PRIVATE "$root/tests")
target_compile_options(hash_world PRIVATE -fno-fast-math)
target_link_libraries(hash_world PRIVATE steer::steer)
C
# a game engine's flags for everything, fast math among them (-Ofast): steer's own files build without it
cmake -S "$work/parent" -B "$work/parent/build" -DCMAKE_C_FLAGS="-ffast-math $engine_flags" >/dev/null
cmake --build "$work/parent/build" -j"${JOBS:-2}" >/dev/null
"$work/parent/build/hash_world" --steps 100 --agents 100 --threads-max 1 > "$work/parent/hash.txt"
cmp -s "$work/consumer/hash-installed.txt" "$work/parent/hash.txt" ||
  fail "add_subdirectory under CMAKE_C_FLAGS=-ffast-math $engine_flags gives other bits: $(diff "$work/consumer/hash-installed.txt" "$work/parent/hash.txt" | head -3 | tr '\n' ' ')"
cmake --install "$work/parent/build" --prefix "$work/parent/prefix" >/dev/null
[ -x "$work/parent/prefix/bin/app" ] || fail "the parent's own install"
left="$(cd "$work/parent/prefix" && find . -type f ! -path ./bin/app)"
[ -z "$left" ] || fail "add_subdirectory installed steer's files into the parent's prefix: $left"
"$root/tests/packaging/python_sdist.sh" "$work/prefix" || fail "the Python sdist"
echo "packaging: hidden visibility, absolute install dirs, find_package with version, pkg-config, C++11-20 (g++, clang++), add_subdirectory without install side effects and under -ffast-math, the sources vendored (gcc, clang), the Python sdist: ok"
