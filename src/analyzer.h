/* analyzer.h — what the clang static analyzer (scan-build) is told that it
 * cannot see. It takes each function on its own, the fields it reads and
 * often its arguments unknown, so it walks states the library never
 * reaches: a world of dim 4 or 0, a list the callers always give left NULL.
 * STEER__ANALYZER_ASSUME(cond) states such an invariant where it matters
 * (outside loops where it can). Only the analyzer reads it (it alone
 * defines __clang_analyzer__): every compiled build has nothing there, so
 * no bits and no time change, and nothing is checked at run time either. */
#ifndef STEER_ANALYZER_H
#define STEER_ANALYZER_H

#ifdef __clang_analyzer__
#define STEER__ANALYZER_ASSUME(cond) ((cond) ? (void)0 : __builtin_unreachable())
#else
#define STEER__ANALYZER_ASSUME(cond) ((void)0)
#endif

#endif
