/* steer — run and measure steering scenarios.
 *   steer run [SCENARIO.json] [options]  render a scenario to GIF, PNG, SVG (steer run --help)
 *   steer bench [options]                the standard flock benchmark (steer bench --help)
 *   steer --version                      the linked library's version (steer_version())
 * Also the option lookup and help text both subcommands share. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "reader.h" /* sc_edit_distance */
#include "steer/steer.h" /* the version */

static void usage(FILE *to)
{
    fprintf(to, "usage: steer run [SCENARIO.json] [-o DIR] [--frames N | --until T] [--size WxH] [--fps F] [--seed S]\n"
                "                 [--trail N] [--threads T] [--csv FILE [--csv-steps]] [--metrics FILE] [--debug] [--quiet]\n"
                "       steer bench [--agents N] [--threads T] [--steps S] [--dim 2|3] [--neighbours K] [--json]\n"
                "                   [--kernel best|scalar|sse2|avx2|avx512|neon|simd128] [--repeat R] [--goals | --crowd]\n"
                "                   [--ground] [--own-radii]\n"
                "       steer bench --table [--dim 2|3] [--steps S] [--neighbours K] [--kernel NAME] [--json] [--repeat R]\n"
                "                   [--goals | --crowd] [--ground] [--own-radii]\n"
                "       steer --version\n"
                "every option: steer run --help, steer bench --help\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        if (argc < 2) return 2;
        return tool_stdout_written("steer") ? 0 : 1; /* steer --help > /dev/full was status 0 */
    }
    if (!strcmp(argv[1], "--version")) {
        printf("steer %s\n", steer_version());
        return tool_stdout_written("steer") ? 0 : 1;
    }
    if (!strcmp(argv[1], "bench")) return steer_cmd_bench(argc - 2, argv + 2);
    if (!strcmp(argv[1], "run")) return steer_cmd_run(argc - 2, argv + 2);
    fprintf(stderr, "steer: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}

/* Levenshtein distance, capped: option names are short, and anything
 * further than the cap is another word, not a typo. */
int tool_option_find(const char *command, const tool_option *options, int count, const char *arg)
{
    for (int i = 0; i < count; ++i)
        if (!strcmp(arg, options[i].name) || (options[i].alias && !strcmp(arg, options[i].alias))) return i;
    /* a typo: up to a third of the name's letters, two at most */
    int best = -1, best_d = SC_EDIT_MAX;
    for (int i = 0; i < count; ++i) {
        int d = sc_edit_distance(arg, options[i].name), allowed = (int)strlen(options[i].name) / 3;
        if (d <= (allowed < 2 ? allowed : 2) && d < best_d) best = i, best_d = d;
    }
    if (best >= 0) fprintf(stderr, "%s: unknown option '%s'; did you mean '%s'?\n", command, arg, options[best].name);
    else fprintf(stderr, "%s: unknown option '%s' (%s --help lists them)\n", command, arg, command);
    return -1;
}

void tool_options_print(FILE *to, const tool_option *options, int count)
{
    for (int i = 0; i < count; ++i) {
        char left[64];
        snprintf(left, sizeof left, "%s%s%s%s%s", options[i].alias ? options[i].alias : "", options[i].alias ? ", " : "",
                 options[i].name, options[i].value ? " " : "", options[i].value ? options[i].value : "");
        fprintf(to, "  %-24s %s\n", left, options[i].help);
    }
}

bool tool_option_once(const char *command, const char *name, const char **given, const char *value)
{
    if (*given && !strcmp(*given, name)) { /* a flag: its name stands for its value */
        fprintf(stderr, "%s: %s given twice: expected it once\n", command, name);
        return false;
    }
    if (*given) {
        fprintf(stderr, "%s: %s given twice ('%s', then '%s'): expected it once\n", command, name, *given, value);
        return false;
    }
    *given = value;
    return true;
}

int tool_parse_integer(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || isspace((unsigned char)*s) || *end || errno || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

bool tool_stdout_written(const char *command)
{
    int why = fflush(stdout) != 0 ? errno : 0;
    if (!why && !ferror(stdout)) return true;
    fprintf(stderr, "%s: standard output: write failed: %s\n", command, why ? strerror(why) : "stream error");
    return false;
}
