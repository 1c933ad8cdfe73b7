# Installed CMake package: find_package(steer CONFIG) -> steer::steer
include(CMakeFindDependencyMacro)
find_dependency(Threads)
include("${CMAKE_CURRENT_LIST_DIR}/steerTargets.cmake")
