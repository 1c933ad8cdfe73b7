# Runs one example program (PROGRAM, with the optional argument ARG) as a
# test: it must exit 0 and, when EXPECT is given, print a line matching that
# regular expression. (ctest's PASS_REGULAR_EXPRESSION alone would ignore
# the exit status.)
execute_process(COMMAND ${PROGRAM} ${ARG} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("${output}${errors}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${status}")
endif()
if(DEFINED EXPECT AND NOT output MATCHES "${EXPECT}")
  message(FATAL_ERROR "${PROGRAM} printed no line matching: ${EXPECT}")
endif()
