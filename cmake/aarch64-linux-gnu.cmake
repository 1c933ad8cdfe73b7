# Toolchain for AArch64 Linux: Debian's gcc-aarch64-linux-gnu cross compiler.
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# The programs link statically, so qemu-aarch64 runs them without a sysroot
# (the determinism matrix's NEON column, tests/determinism_matrix.d/neon.sh).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(STEER_ARM64_CC aarch64-linux-gnu-gcc CACHE STRING "the AArch64 cross compiler")
set(CMAKE_C_COMPILER ${STEER_ARM64_CC})
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
