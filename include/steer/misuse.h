/* steer/misuse.h — what happens when the API is misused.
 *
 * Misuse — a NULL object or array, a stale or foreign handle, an invalid def
 * or argument, changing a world from inside its own step — always returns
 * the documented error code or safe result (zero force, null id). On top of
 * that the misuse handler is called. The default handler prints the message
 * to stderr and aborts in debug builds of the library (built without NDEBUG)
 * and does nothing in release builds. Install your own to log, count (tests
 * do) or break into a debugger. Runtime conditions that are not mistakes
 * (capacity exhausted, out of memory, a corrupted snapshot) do not call it.
 */
#ifndef STEER_MISUSE_H
#define STEER_MISUSE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef void steer_misuse_fn(const char *function, const char *message, void *context);

/* handler NULL restores the default. Process-wide: set it before starting
 * threads that use steer. */
void steer_set_misuse_handler(steer_misuse_fn *handler, void *context);

#ifdef __cplusplus
}
#endif
#endif
