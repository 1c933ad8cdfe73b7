/* game_loop: steer inside a game's frame loop. A Y-up world (XZ is the
 * ground) whose walkers come in three waves of 200, each spawned by one
 * call (steer_world_add_agents) and sent across the square to places of
 * their own; the world starts
 * with room for 256 and is grown when a wave does not fit
 * (steer_world_reserve_agents). The game renders at 60 Hz with a hitch now
 * and then, and steps the world at the crowd's own fixed step (20 Hz: crowd
 * settings are tuned at one step length) from an accumulator of frame time,
 * drawing each walker between its last two steps. The view lists agents in
 * the world's order, which changes every step, so each row is matched to
 * the game's entity by its handle's index (steer_world_get_agent_ids);
 * positions and headings come from the view, zero-copy. It prints the
 * waves, the growth, how many stand on their places and when the last got
 * there, and the largest move of a drawn walker from one frame to the next
 * (no more than its speed allows: rows matched to entities by row instead
 * of by handle would jump across the square as the world sorts them).
 *
 * Run: build/examples/game_loop [SECONDS]   (game time, default 60) */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <steer/steer.h>

enum { WAVE = 200, WAVES = 3, FIRST_CAPACITY = 256 };
#define SIM_DT (1.0f / 20.0f)

/* What the game keeps of an agent, indexed by its handle's index (1 to the
 * capacity): where it was at the last two steps and the way it faces. */
typedef struct entity {
    float before[3], now[3], heading[3], drawn[3];
    bool live, arrived, was_drawn;
} entity;

/* Wave k: WAVE walkers in a block at the south edge (-z), each to its own
 * place in a block at the north side, the front row to the farthest places
 * (so no one walks through those already standing); each wave in its own
 * lane. */
static bool spawn_wave(steer_world *world, int group, int k, steer_agent_id *ids)
{
    steer_v3 at[WAVE], place[WAVE];
    for (int i = 0; i < WAVE; ++i) {
        float row = (float)(i / 20), col = (float)(i % 20) - 9.5f, lane = 25.0f * (float)(k - 1);
        at[i] = steer_v3_make(lane + 1.2f * col, 0.0f, -36.0f + 1.2f * row); /* on the ground: y = 0 */
        place[i] = steer_v3_make(lane + 1.2f * col, 0.0f, 34.0f - 1.2f * (9.0f - row));
    }
    steer_world_def def;
    steer_world_get_def(world, &def);
    int need = steer_world_agent_count(world) + WAVE;
    if (need > def.capacity && steer_world_reserve_agents(world, 2 * def.capacity > need ? 2 * def.capacity : need) != STEER_OK)
        return false;
    return steer_world_add_agents(world, group, at, NULL, WAVE, ids) == STEER_OK &&
           steer_world_set_targets(world, ids, place, WAVE, STEER_GOAL_ARRIVE, NULL) == WAVE;
}

/* After a step: each entity's last two positions and its heading, from the view. */
static bool read_back(const steer_world *world, entity **entities, int *entity_room, steer_agent_id **ids, int *id_room)
{
    steer_world_def def;
    steer_world_get_def(world, &def);
    if (def.capacity + 1 > *entity_room) { /* the world grew: so does the game's table */
        entity *grown = realloc(*entities, sizeof **entities * (size_t)(def.capacity + 1));
        steer_agent_id *grown_ids = realloc(*ids, sizeof **ids * (size_t)def.capacity);
        if (grown) *entities = grown;
        if (grown_ids) *ids = grown_ids;
        if (!grown || !grown_ids) return false;
        memset(grown + *entity_room, 0, sizeof *grown * (size_t)(def.capacity + 1 - *entity_room));
        *entity_room = def.capacity + 1;
        *id_room = def.capacity;
    }
    steer_world_view v = steer_world_get_view(world);
    int n = steer_world_get_agent_ids(world, *ids, *id_room);
    for (int row = 0; row < n && row < v.count; ++row) {
        entity *e = &(*entities)[(*ids)[row].index];
        float p[3] = {v.px[row], v.py[row], v.pz[row]};
        if (!e->live) memcpy(e->now, p, sizeof p); /* new: it was where it is */
        memcpy(e->before, e->now, sizeof p);
        memcpy(e->now, p, sizeof p);
        e->heading[0] = v.hx[row], e->heading[1] = v.hy[row], e->heading[2] = v.hz[row];
        e->live = true;
    }
    return true;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long seconds = argc > 1 ? strtol(argv[1], &end, 10) : 60;
    if (argc > 2 || (end && (*end || end == argv[1])) || seconds < 1 || seconds > 3600) {
        fprintf(stderr, "game_loop: SECONDS: expected a whole number from 1 to 3600, got '%s'\n", argc > 1 ? argv[1] : "");
        return 2;
    }
    steer_world_def def = steer_default_world_def();
    def.dim = 3;
    def.up = STEER_UP_Y;
    def.bounds_min = steer_v3_make(-40.0f, -5.0f, -40.0f), def.bounds_max = steer_v3_make(40.0f, 5.0f, 40.0f);
    def.boundary = STEER_BOUNDARY_CLAMP;
    def.capacity = FIRST_CAPACITY;
    def.keep_headings = true; /* a walker that stops keeps facing the way it came */
    steer_world *world = steer_world_create(&def);
    steer_group_def walker = steer_crowd_group_def(); /* anticipation, keep right, keep_apart */
    walker.ground_plane = true;
    walker.radius = 0.4f;
    walker.max_speed = 1.5f;
    int walkers = world ? steer_world_add_group(world, &walker) : -1;
    int entity_room = 0, id_room = 0, waves = 0, arrived = 0;
    entity *entities = NULL;
    steer_agent_id *ids = NULL, wave_ids[WAVE], news[WAVE];
    float accumulator = 0.0f, largest_move = 0.0f, game_time = 0.0f, last_arrival = 0.0f;
    bool ok = walkers >= 0 && read_back(world, &entities, &entity_room, &ids, &id_room);
    for (long frame = 0; ok && game_time < (float)seconds; ++frame) {
        float frame_time = frame % 97 == 96 ? 0.1f : 1.0f / 60.0f; /* a hitch now and then */
        game_time += frame_time;
        if (waves < WAVES && game_time >= 6.0f * (float)waves) ok = spawn_wave(world, walkers, waves++, wave_ids);
        /* ---- update: whole fixed steps, however long the frame was ---- */
        for (accumulator += frame_time; ok && accumulator >= SIM_DT; accumulator -= SIM_DT) {
            ok = steer_world_step(world, SIM_DT) == STEER_OK && read_back(world, &entities, &entity_room, &ids, &id_room);
            /* arrivals are events: one pushed off its place and back arrives again */
            for (int n = steer_world_arrivals(world, news, WAVE), i = 0; ok && i < n; ++i)
                if (!entities[news[i].index].arrived) {
                    entities[news[i].index].arrived = true;
                    ++arrived;
                    last_arrival = game_time;
                }
        }
        /* ---- render: each walker between its last two steps (here: how far it moved on screen) ---- */
        float alpha = accumulator / SIM_DT;
        for (int k = 1; ok && k < entity_room; ++k) {
            entity *e = &entities[k];
            if (!e->live) continue;
            float drawn[3], moved = 0.0f;
            for (int a = 0; a < 3; ++a) {
                drawn[a] = e->before[a] + (e->now[a] - e->before[a]) * alpha;
                moved += (drawn[a] - e->drawn[a]) * (drawn[a] - e->drawn[a]);
            }
            if (e->was_drawn) largest_move = fmaxf(largest_move, sqrtf(moved));
            memcpy(e->drawn, drawn, sizeof drawn);
            e->was_drawn = true;
        }
    }
    if (ok) {
        steer_world_get_def(world, &def);
        printf("%d walkers in %d waves of %d, room grown from %d to %d; %d on their places, the last by %.1f s\n",
               steer_world_agent_count(world), waves, WAVE, FIRST_CAPACITY, def.capacity, arrived, (double)last_arrival);
        printf("drawn at 60 Hz between 20 Hz steps: the largest move of a walker from one frame to the next %.3f m "
               "(max speed %.1f m/s x the longest frame, 0.1 s: %.2f)\n",
               (double)largest_move, (double)walker.max_speed, (double)(walker.max_speed * 0.1f));
    }
    free(entities);
    free(ids);
    steer_world_destroy(world);
    return ok ? 0 : 1;
}
