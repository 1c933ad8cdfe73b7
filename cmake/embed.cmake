# Writes OUTPUT, a C file defining the bytes of INPUT (NUL-terminated) as
#   const unsigned char steer_showcase_json[]; const unsigned long steer_showcase_json_size;
# An array of bytes rather than a string literal: ISO C caps literals at 4095 chars.
file(READ ${INPUT} hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE ${OUTPUT} "/* Generated from ${INPUT} by cmake/embed.cmake. Do not edit. */\n"
  "const unsigned char steer_showcase_json[] = {\n${bytes}0x00};\n"
  "const unsigned long steer_showcase_json_size = ${size};\n")
