# The README.md snippet after "from `examples/NAME.c`" must be the
# [readme] region of EXAMPLE (examples/NAME.c) line for line, less the
# region's 4-space indent: the README shows code that is built and run by
# the tests.
file(READ ${README} readme)
file(READ ${EXAMPLE} example)
get_filename_component(name ${EXAMPLE} NAME)
string(REGEX MATCH "from `examples/${name}`[^`]*```c\n([^`]*)```" found "${readme}")
if(NOT found)
  message(FATAL_ERROR "README.md has no ```c block after \"from `examples/${name}`\"")
endif()
set(shown "\n${CMAKE_MATCH_1}")
string(REGEX MATCH "/\\* \\[readme\\] \\*/\n(.*)\n[ ]*/\\* \\[/readme\\] \\*/" found "${example}")
if(NOT found)
  message(FATAL_ERROR "${EXAMPLE} has no /* [readme] */ ... /* [/readme] */ region")
endif()
string(REPLACE "\n    " "\n" region "\n${CMAKE_MATCH_1}\n")
if(NOT shown STREQUAL region)
  message("--- README.md:${shown}--- ${EXAMPLE}, the [readme] region:${region}")
  message(FATAL_ERROR "README.md's snippet of ${name} differs from its [readme] region")
endif()
