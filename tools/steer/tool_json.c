/* The JSON writing steer bench and steer run share (tool_json.h). */
#include "tool_json.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 15 significant digits write back any decimal of up to 15 digits read into
 * a double, so a figure rounded to 4 or 6 decimals, or dt to 9 digits, reads
 * as printf printed it; jansson's default, 17, shows the binary's error
 * (0.10000000000000001). */
#define REAL_DIGITS 15

/* The number printf printed, read back: what a reader of the text gets.
 * snprintf and strtod read the same locale, so they agree on the point. */
static json_t *printed(const char *text) { return json_real(strtod(text, 0)); }

json_t *tool_json_fixed(double value, int decimals)
{
    if (!isfinite(value)) return json_null();
    char text[512]; /* "%.*f" of the largest double: 309 digits before the point */
    snprintf(text, sizeof text, "%.*f", decimals, value);
    return printed(text);
}

json_t *tool_json_digits(double value, int digits)
{
    if (!isfinite(value)) return json_null();
    char text[64];
    snprintf(text, sizeof text, "%.*g", digits, value);
    return printed(text);
}

json_t *tool_json_text(const char *text)
{
    errno = 0;
    json_t *string = json_string(text);
    if (string || errno == ENOMEM) return string;
    /* not UTF-8: its ASCII, the rest marked */
    size_t length = strlen(text);
    char *ascii = malloc(length + 1);
    if (!ascii) return 0;
    for (size_t i = 0; i <= length; ++i) ascii[i] = (unsigned char)text[i] > 127 ? '?' : text[i];
    string = json_string(ascii);
    free(ascii);
    return string;
}

int tool_json_write(json_t *value, FILE *out, size_t flags)
{
    if (!value) {
        errno = ENOMEM;
        return -1;
    }
    errno = 0;
    int rc = json_dumpf(value, out, flags | JSON_REAL_PRECISION(REAL_DIGITS));
    int why = errno; /* kept across the free */
    json_decref(value);
    errno = why;
    return rc == 0 && fputc('\n', out) != EOF ? 0 : -1;
}
