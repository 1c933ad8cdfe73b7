/* The subcommands of the `steer` tool; each returns the process exit status
 * (0 ok, 1 runtime failure, 2 bad usage or input). */
#ifndef STEER_TOOL_COMMANDS_H
#define STEER_TOOL_COMMANDS_H

int steer_cmd_bench(int argc, char **argv);
int steer_cmd_run(int argc, char **argv);

#endif
