/* steer/result.h — the one error code every fallible steer call returns.
 *
 *   steer_result            STEER_OK (0) or a negative error
 *   steer_result_string(r)  a short English name for logs ("out of memory")
 */
#ifndef STEER_RESULT_H
#define STEER_RESULT_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum steer_result {
    STEER_OK = 0,
    STEER_ERROR_INVALID_ARGUMENT = -1, /* NULL, NaN, out of range, bad def */
    STEER_ERROR_STALE_HANDLE = -2,     /* removed agent or foreign handle */
    STEER_ERROR_CAPACITY = -3,         /* a fixed capacity is exhausted */
    STEER_ERROR_OUT_OF_MEMORY = -4,
    STEER_ERROR_IN_STEP = -5,          /* world changed from inside its own step */
    STEER_ERROR_BAD_SNAPSHOT = -6,     /* truncated, corrupted or wrong version */
} steer_result;

const char *steer_result_string(steer_result result); /* never NULL */

#ifdef __cplusplus
}
#endif
#endif
