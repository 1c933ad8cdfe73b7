# Toolchain for WebAssembly (wasm32-wasi): Debian's clang, lld and wasi-libc.
#   cmake -S . -B build-wasm -DCMAKE_TOOLCHAIN_FILE=cmake/wasm32-wasi.cmake
# builds the library, the playground's module (target steer_playground,
# web's steer.wasm) and hash_world.wasm (the determinism matrix's column).
# wasm has no threads: the world's pool runs serially.
set(CMAKE_SYSTEM_NAME Generic) # CMake 3.25 has no WASI platform; wasi-libc gives the C library
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(STEER_WASM_CC clang CACHE STRING "clang with the wasm32 target")
set(CMAKE_C_COMPILER ${STEER_WASM_CC})
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# The 128-bit SIMD (-msimd128, the simd128 kernel) is CMakeLists.txt's
# STEER_WASM_SIMD option; the floating-point rules are every build's
# (-ffp-contract=off comes from the library target).
