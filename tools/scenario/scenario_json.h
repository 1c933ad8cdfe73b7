/* scenario_json.h — scenarios from JSON files (jansson), for the steer
 * command. The web playground has its own walker over JSON.parse; both fill
 * the scenario through the setters of scenario.h. */
#ifndef STEER_SCENARIO_JSON_H
#define STEER_SCENARIO_JSON_H

#include <stddef.h>

#include "scenario.h"

/* An error buffer this large holds every error the reader keeps (20
 * lines, each a path of up to 512 bytes and its message, then "... and N
 * more errors"); a smaller one cuts the list short. */
#define STEER_SCENARIO_ERROR_SIZE 32768

/* Parses `text` (length bytes), fills `sc` (reset first) and finishes it.
 * Returns 0, or -1 with `error` holding "NAME: message", NAME being the
 * display name (usually the file name as the user gave it). */
int steer_scenario_load_json(steer_scenario *sc, const char *name, const char *text, size_t length, char *error,
                             size_t error_size);

/* Reads the file and calls steer_scenario_load_json with its name. */
int steer_scenario_load_json_file(steer_scenario *sc, const char *file, char *error, size_t error_size);

#endif
