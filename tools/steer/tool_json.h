/* What steer bench --json and steer run --metrics share in writing their
 * JSON through jansson: figures as their printf formats rounded them, null
 * where a figure is not a finite number, text that is always valid JSON,
 * and the write with its errors. */
#ifndef STEER_TOOL_JSON_H
#define STEER_TOOL_JSON_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>
#if JANSSON_VERSION_HEX < 0x020800
#error "jansson 2.8 or later: its objects keep their keys in the order set, the order the files document"
#endif

/* A figure rounded as printf's "%.*f" (decimals) or "%.*g" (significant
 * digits) prints it, as a JSON real that tool_json_write writes back the
 * same (0.1, not 0.10000000000000001); null when value is NaN or infinite,
 * which JSON cannot hold. NULL only when out of memory. */
json_t *tool_json_fixed(double value, int decimals);
json_t *tool_json_digits(double value, int digits);

/* A JSON string of text: as it is when it is UTF-8 (JSON text must be), and
 * otherwise with every byte above 127 as '?' (a CPU's name or an OS string
 * promises no encoding). NULL only when out of memory. */
json_t *tool_json_text(const char *text);

/* Writes value (taking its reference; NULL when building it ran out of
 * memory) to out with jansson's flags, then a newline. 0, or -1 with errno
 * set when known (ENOMEM for a NULL value). */
int tool_json_write(json_t *value, FILE *out, size_t flags);

#endif
