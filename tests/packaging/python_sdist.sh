#!/usr/bin/env bash
# The Python package as a Python user takes it: an sdist of python/ built
# (python3 -m build, offline), copied away from the checkout, pip-installed
# into a fresh venv (Debian's cffi and numpy: --system-site-packages,
# --no-build-isolation, --no-index), so that libsteer.so is compiled from
# the sdist's own copy of the C sources with no CMake run. Then:
#   - the standard flock at 10,000 agents after 21 steps (what `steer bench
#     --agents 10000 --steps 20` hashes: one warm-up step, then 20) has the
#     same state hash, for every kernel this CPU runs, from the installed
#     package as from the CMake-built library in PREFIX;
#   - the sdist's own tests pass against the install.
# setup.py compiles src/*.c: the list must be CMakeLists.txt's steer_objects.
# Usage: tests/packaging/python_sdist.sh PREFIX   (a cmake --install of steer; check.sh passes its own)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
prefix="$(cd "${1:?usage: python_sdist.sh PREFIX (an installed steer)}" && pwd)"
python="${PYTHON:-/usr/bin/python3}"
fail() { echo "python sdist: FAILED: $*" >&2; exit 1; }
work="$(mktemp -d /tmp/steer-sdist.XXXXXX)" # outside the checkout: the install must not find its sources
trap 'rm -rf "$work"' EXIT

# the files setup.py compiles (a glob) against the ones CMake compiles (its list)
cmake_list="$(sed -n '/^add_library(steer_objects OBJECT/,/^)/p' "$root/CMakeLists.txt" | grep -o 'src/[a-z0-9_]*\.c' | sort)"
globbed="$(cd "$root" && ls src/*.c | sort)"
[ "$cmake_list" = "$globbed" ] || fail "src/*.c differs from CMakeLists.txt's steer_objects: $(diff <(echo "$cmake_list") <(echo "$globbed") | grep '^[<>]' | tr '\n' ' ')"

# the sdist (build writes python/steer.egg-info, as make python's pip does, and it is removed the same way)
"$python" -m build --sdist --no-isolation --outdir "$work/dist" "$root/python" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log"; fail "python3 -m build --sdist --no-isolation python/"; }
rm -rf "$root/python/steer.egg-info"
sdist=("$work"/dist/steer-*.tar.gz)
[ -f "${sdist[0]}" ] || fail "no steer-*.tar.gz in $work/dist"
listing="$(tar tzf "${sdist[0]}")"
for f in c/src/world.c c/src/neighbour_kernel_avx2.c c/include/steer/steer.h c/cmake/steer_exports.map \
    c/tools/scenario/scenario_json.c steer/_cdef.h steer/_vector.c pyproject.toml tests/conftest.py examples/make_way.py; do
  grep -q "^steer-[^/]*/$f\$" <<<"$listing" || fail "the sdist lacks $f"
done

mkdir "$work/away" && cp "${sdist[0]}" "$work/away/" && cd "$work/away"
"$python" -m venv --system-site-packages venv
# -s everywhere: a steer in ~/.local (make python's install) must not stand in for this one
env -u STEER_BUILD_DIR venv/bin/python -s -m pip install --no-build-isolation --no-deps --no-index --quiet \
  ./steer-*.tar.gz >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; fail "pip install of the sdist"; }

cat > flock_hash.c <<'C'
#include <inttypes.h>
#include <stdio.h>
#include <steer/steer.h>
int main(void)
{
    for (int k = 0; k < STEER_KERNEL_COUNT; k++) {
        if (!steer_kernel_available((steer_kernel)k)) continue;
        steer_standard_flock_def def = steer_default_standard_flock_def();
        def.agents = 10000;
        steer_world *w = steer_standard_flock_create(&def);
        if (!w) return 1;
        steer_kernel used = steer_world_set_kernel(w, (steer_kernel)k);
        for (int s = 0; s < 21; s++) steer_world_step(w, STEER_STANDARD_FLOCK_DT);
        printf("%s %s %016" PRIx64 "\n", steer_kernel_name((steer_kernel)k), steer_kernel_name(used), steer_world_state_hash(w));
        steer_world_destroy(w);
    }
    return 0;
}
C
cc -std=c11 -ffp-contract=off flock_hash.c -I"$prefix/include" "$prefix/lib/libsteer.a" -lm -pthread -o flock_hash
want="$(./flock_hash)" || fail "the CMake-built reference program"
got="$(venv/bin/python -s -c '
import os, sys, steer
if not steer.__file__.startswith(os.path.realpath("venv")):
    sys.exit(f"steer imported from {steer.__file__}, not the venv")
for name in steer.KERNELS:
    if steer.kernel_available(name):
        w = steer.World.standard_flock(10000)
        used = w.set_kernel(name)
        w.step(steer.STANDARD_FLOCK_DT, steps=21)
        print(name, used, w.state_hash())
')" || fail "the installed package: $got"
[ "$got" = "$want" ] || fail "state hashes differ: CMake-built library:
$want
pip-installed sdist:
$got"
echo "$got" | sed 's/^/python sdist: /'

tar xzf steer-*.tar.gz
tests=("$work"/away/steer-*/tests)
(cd / && env -u STEER_BUILD_DIR "$work/away/venv/bin/python" -s -X dev -m pytest -q -p no:cacheprovider "${tests[0]}") \
  >"$work/pytest.log" 2>&1 || { tail -40 "$work/pytest.log"; fail "the sdist's tests against the install"; }
echo "python sdist: built, installed outside the checkout, same hashes as the CMake build; $(tail -1 "$work/pytest.log")"
