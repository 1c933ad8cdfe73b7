# Toolchain for AArch64 Linux: Debian's gcc-aarch64-linux-gnu cross compiler
# (and g++-aarch64-linux-gnu for a C++ project that uses it).
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# The library alone needs nothing more (-DSTEER_BUILD_EXTRAS=OFF). The tools,
# examples and tests also need the target's jansson, cairo, giflib and
# fontconfig: Debian's arm64 -dev packages (dpkg --add-architecture arm64),
# or a sysroot holding them, given as -DCMAKE_SYSROOT=DIR. pkg-config reads
# the target's .pc files only (it took the build machine's x86-64 jansson
# and cairo for the target's); a PKG_CONFIG_LIBDIR set in the environment is
# kept.
# ctest runs the test programs under qemu-aarch64 when it is installed
# (CMAKE_CROSSCOMPILING_EMULATOR); the tests that start other programs
# themselves (the examples, the steer command's scripts) need the kernel to
# run AArch64 programs (binfmt_misc, Debian's qemu-user-binfmt). Or link
# statically (-DCMAKE_EXE_LINKER_FLAGS=-static, as the determinism matrix's
# NEON column does: tests/determinism_matrix.d/neon.sh) and run them with
# qemu-aarch64 alone.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(STEER_ARM64_CC aarch64-linux-gnu-gcc CACHE STRING "the AArch64 cross compiler")
set(STEER_ARM64_CXX aarch64-linux-gnu-g++ CACHE STRING "the AArch64 cross C++ compiler")
set(CMAKE_C_COMPILER ${STEER_ARM64_CC})
set(CMAKE_CXX_COMPILER ${STEER_ARM64_CXX})
# Debian's cross libc, and its multiarch arm64 packages (/usr/lib/aarch64-linux-gnu,
# /usr/include); a CMAKE_SYSROOT is searched too
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
if(NOT DEFINED ENV{PKG_CONFIG_LIBDIR})
  if(CMAKE_SYSROOT)
    set(ENV{PKG_CONFIG_SYSROOT_DIR} ${CMAKE_SYSROOT})
    set(ENV{PKG_CONFIG_LIBDIR} "${CMAKE_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${CMAKE_SYSROOT}/usr/lib/pkgconfig:${CMAKE_SYSROOT}/usr/share/pkgconfig")
  else()
    set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/aarch64-linux-gnu/lib/pkgconfig:/usr/share/pkgconfig")
  endif()
endif()
find_program(STEER_QEMU_AARCH64 qemu-aarch64)
if(STEER_QEMU_AARCH64 AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
  if(CMAKE_SYSROOT)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${STEER_QEMU_AARCH64} -L ${CMAKE_SYSROOT})
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR ${STEER_QEMU_AARCH64} -L /usr/aarch64-linux-gnu)
  endif()
endif()
