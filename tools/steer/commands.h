/* The subcommands of the `steer` tool; each returns the process exit status
 * (0 ok, 1 runtime failure, 2 bad usage or input). Their options are
 * described once, in a table that the parser, --help and the did-you-mean
 * hint all read (main.c). */
#ifndef STEER_TOOL_COMMANDS_H
#define STEER_TOOL_COMMANDS_H

#include <stdbool.h>
#include <stdio.h>

int steer_cmd_bench(int argc, char **argv);
int steer_cmd_run(int argc, char **argv);

typedef struct tool_option {
    const char *name;        /* "--frames" */
    const char *alias;       /* "-o", or NULL */
    const char *value;       /* the value's placeholder ("N"), or NULL for a flag */
    const char *help;        /* one line for --help */
} tool_option;

/* The index of `arg` (a name or alias) in options, or -1 after printing
 * "COMMAND: unknown option 'ARG'" to stderr, with the nearest name when one
 * is a typo away. */
int tool_option_find(const char *command, const tool_option *options, int count, const char *arg);
/* The options, one per line, for --help. */
void tool_options_print(FILE *to, const tool_option *options, int count);
/* A value option is given once: when *given already holds one, false after
 * "COMMAND: NAME given twice ('A', then 'B'): expected it once" (the last
 * one used to win silently); else *given takes value. */
bool tool_option_once(const char *command, const char *name, const char **given, const char *value);
/* A decimal integer in [lo, hi] (an option's value): 0 and *out set, or
 * -1 for anything else, whitespace before or after it included (strtoll
 * skips leading whitespace: " 10" was 10 to `run` and an error to `bench`). */
int tool_parse_integer(const char *s, long long lo, long long hi, long long *out);
/* Standard output flushed; false after "COMMAND: standard output: write
 * failed: WHY" on stderr (a full disk: the figures or the report were lost,
 * and the status was 0). */
bool tool_stdout_written(const char *command);

#endif
