# Toolchain for AArch64 Linux: Debian's gcc-aarch64-linux-gnu cross compiler
# (and g++-aarch64-linux-gnu for a C++ project that uses it).
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# Run the programs with qemu-aarch64 -L /usr/aarch64-linux-gnu, or link them
# statically (-DCMAKE_EXE_LINKER_FLAGS=-static, as the determinism matrix's
# NEON column does: tests/determinism_matrix.d/neon.sh) to run them without.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(STEER_ARM64_CC aarch64-linux-gnu-gcc CACHE STRING "the AArch64 cross compiler")
set(STEER_ARM64_CXX aarch64-linux-gnu-g++ CACHE STRING "the AArch64 cross C++ compiler")
set(CMAKE_C_COMPILER ${STEER_ARM64_CC})
set(CMAKE_CXX_COMPILER ${STEER_ARM64_CXX})
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
