/* The misuse handler (see steer/misuse.h). */
#include "misuse_internal.h"

#include <stdio.h>
#include <stdlib.h>

static void default_handler(const char *function, const char *message, void *context)
{
    (void)context;
#ifndef NDEBUG
    fprintf(stderr, "steer: misuse in %s: %s\n", function, message);
    abort();
#else
    (void)function;
    (void)message;
#endif
}

static steer_misuse_fn *handler = default_handler;
static void *handler_context;

void steer_set_misuse_handler(steer_misuse_fn *fn, void *context)
{
    handler = fn ? fn : default_handler;
    handler_context = fn ? context : 0;
}

void steer__misuse(const char *function, const char *message)
{
    handler(function, message, handler_context);
}
