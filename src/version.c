/* The library's version, as the headers it was built from give it. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/steer.h"

#define STEER__TEXT(x) #x
#define STEER__VERSION_TEXT(major, minor, patch) STEER__TEXT(major) "." STEER__TEXT(minor) "." STEER__TEXT(patch)

const char *steer_version(void)
{
    return STEER__VERSION_TEXT(STEER_VERSION_MAJOR, STEER_VERSION_MINOR, STEER_VERSION_PATCH);
}
