#!/usr/bin/env bash
# Installs the Debian packages the build, tests and tools need, only those
# missing. Runs apt-get as root (or through sudo when available).
set -euo pipefail
packages=(make cmake gcc clang libclang-rt-14-dev valgrind pkg-config libcairo2-dev libgif-dev libjansson-dev)
# make test's static-analysis stage: scan-build.
packages+=(clang-tools-14)
# The tests' own tools: nm (binutils) for the exported-symbol check, python3
# for the include-cycle check.
packages+=(binutils python3)
# The packaging test compiles the headers as C++ (g++; clang++ comes with clang).
packages+=(g++)
# The Python package (python/): cffi builds its extension against the headers
# (python3-dev), numpy for arrays, pytest for its tests, matplotlib for its
# examples, setuptools and pip to install it offline; build and venv for the
# packaging test's sdist, installed into a virtual environment.
packages+=(python3-dev python3-cffi python3-numpy python3-pytest python3-matplotlib python3-setuptools python3-pip)
packages+=(python3-build python3-venv)
# The playground: clang's wasm32 target with lld and wasi-libc; its browser
# tests run Debian's chromium through playwright-core from npm (node + npm).
packages+=(lld wasi-libc libclang-rt-14-dev-wasm32 chromium nodejs)
# The determinism matrix's AArch64 column: the NEON build, cross-compiled and
# run under user-mode emulation.
packages+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
command -v npm >/dev/null || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
$sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
