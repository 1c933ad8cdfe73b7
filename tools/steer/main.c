/* steer — run and measure steering scenarios.
 *   steer run [SCENARIO.json] [options]  render a scenario to GIF, PNG, SVG (steer run --help)
 *   steer bench [options]                the standard flock benchmark (steer bench --help)
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"

static void usage(FILE *to)
{
    fprintf(to, "usage: steer run [SCENARIO.json] [-o DIR] [--frames N] [--size WxH] [--fps F] [--seed S]\n"
                "                 [--threads T] [--csv FILE] [--metrics FILE] [--debug] [--quiet]\n"
                "       steer bench [--agents N] [--threads T] [--steps S] [--dim 2|3] [--neighbours K] [--json]\n"
                "                   [--kernel best|scalar|avx2|avx512] [--repeat R]\n"
                "       steer bench --table [--dim 2|3] [--json] [--repeat R]\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "bench")) return steer_cmd_bench(argc - 2, argv + 2);
    if (!strcmp(argv[1], "run")) return steer_cmd_run(argc - 2, argv + 2);
    fprintf(stderr, "steer: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
