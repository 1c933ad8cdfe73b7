/* Flow fields (bilinear / trilinear sampling, clamped at the edges) and
 * containment in a rectangle / box. */
#include "test_util.h"

/* ---- flow field sampling ---------------------------------------------------- */

static void flow_field_sample_is_bilinear_between_nodes(void)
{
    /* 2 x 2 nodes, cell 2, origin (1, 1). */
    const steer_v2 vec[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    steer_flow_field2 field = {v2(1, 1), 2.0f, 2, 2, 0, vec};
    /* Nodes give their own value exactly. */
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(1, 1)), vec[0]);
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(3, 1)), vec[1]);
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(1, 3)), vec[2]);
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(3, 3)), vec[3]);
    /* fx = 0.5, fy = 0.25: 0.375 v00 + 0.375 v10 + 0.125 v01 + 0.125 v11. */
    CHECK_V2_NEAR(steer_flow_field_sample2(&field, v2(2, 1.5f)), v2(0.25f, 0.25f), 1e-6);
    /* An affine field is reproduced exactly anywhere inside. */
    enum { NX = 5, NY = 4 };
    steer_v2 lin[NX * NY];
    for (int y = 0; y < NY; ++y)
        for (int x = 0; x < NX; ++x) lin[y * NX + x] = v2(2.0f * (float)x - (float)y, 0.5f * (float)y + 1.0f);
    steer_flow_field2 affine = {v2(-3, 2), 0.5f, NX, NY, 0, lin};
    steer_rng rng = steer_rng_make(3);
    bool exact = true;
    for (int i = 0; i < 1000; ++i) {
        float gx = steer_rng_range(&rng, 0.0f, NX - 1), gy = steer_rng_range(&rng, 0.0f, NY - 1);
        steer_v2 s = steer_flow_field_sample2(&affine, v2(-3.0f + 0.5f * gx, 2.0f + 0.5f * gy));
        exact = exact && fabs(s.x - (2.0 * gx - gy)) < 1e-4 && fabs(s.y - (0.5 * gy + 1.0)) < 1e-4;
    }
    CHECK(exact);
}

static void flow_field_sample_clamps_at_the_edges(void)
{
    const steer_v2 vec[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    steer_flow_field2 field = {v2(1, 1), 2.0f, 2, 2, 0, vec};
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(-50, -50)), vec[0]);
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(50, -50)), vec[1]);
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(-50, 50)), vec[2]);
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(50, 50)), vec[3]);
    /* Beyond +X halfway up: interpolated along Y only on the right column. */
    CHECK_V2_NEAR(steer_flow_field_sample2(&field, v2(9, 2)), v2(0, 0), 1e-6);
    CHECK_V2_NEAR(steer_flow_field_sample2(&field, v2(9, 1.5f)), v2(0, 0.5f), 1e-6);
    /* Huge positions clamp to the matching edge, also when the grid
     * coordinate overflows to infinity. */
    CHECK_V2_EQ(steer_flow_field_sample2(&field, v2(1e30f, -1e30f)), vec[1]);
    steer_flow_field2 fine = {v2(0, 0), 1e-30f, 2, 2, 0, vec};
    CHECK_V2_EQ(steer_flow_field_sample2(&fine, v2(1e10f, 0)), vec[1]);
    CHECK_V2_EQ(steer_flow_field_sample2(&fine, v2(-1e10f, 1e10f)), vec[2]);
    /* A single-node field is constant. */
    steer_flow_field2 one = {v2(0, 0), 1.0f, 1, 1, 0, vec + 3};
    CHECK_V2_EQ(steer_flow_field_sample2(&one, v2(7, -3)), vec[3]);
    /* Unusable fields give zero. */
    steer_flow_field2 bad = {v2(0, 0), 0.0f, 2, 2, 0, vec};
    CHECK_V2_EQ(steer_flow_field_sample2(&bad, v2(1, 1)), v2(0, 0));
    bad.cell_size = 1.0f;
    bad.nx = 0;
    CHECK_V2_EQ(steer_flow_field_sample2(&bad, v2(1, 1)), v2(0, 0));
    bad.nx = 2;
    bad.vectors = NULL;
    CHECK_V2_EQ(steer_flow_field_sample2(&bad, v2(1, 1)), v2(0, 0));
    CHECK_V2_EQ(steer_flow_field_sample2(NULL, v2(1, 1)), v2(0, 0));
}

static void flow_field_sample_is_trilinear_in_3d(void)
{
    /* vectors[(z * ny + y) * nx + x] */
    steer_v3 vec[8];
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 2; ++x) vec[(z * 2 + y) * 2 + x] = v3((float)x, (float)y, (float)(z * 10 + 1));
    steer_flow_field3 field = {v3(0, 0, 0), 1.0f, 2, 2, 2, vec};
    CHECK_V3_EQ(steer_flow_field_sample3(&field, v3(1, 0, 1)), vec[5]);
    CHECK_V3_NEAR(steer_flow_field_sample3(&field, v3(0.5f, 0.5f, 0.5f)), v3(0.5f, 0.5f, 6), 1e-6);
    CHECK_V3_NEAR(steer_flow_field_sample3(&field, v3(0.25f, 0.75f, 0.1f)), v3(0.25f, 0.75f, 2), 1e-6);
    /* Clamped on every axis. */
    CHECK_V3_EQ(steer_flow_field_sample3(&field, v3(-4, 9, 9)), vec[(1 * 2 + 1) * 2 + 0]);
    CHECK_V3_EQ(steer_flow_field_sample3(&field, v3(0, 0, -3)), v3(0, 0, 1));
    /* nz <= 1: a single layer, sampled bilinearly at any z. */
    field.nz = 1;
    CHECK_V3_NEAR(steer_flow_field_sample3(&field, v3(0.5f, 0.5f, 40)), v3(0.5f, 0.5f, 1), 1e-6);
    /* An affine field is reproduced exactly. */
    enum { NX = 3, NY = 4, NZ = 5 };
    steer_v3 lin[NX * NY * NZ];
    for (int z = 0; z < NZ; ++z)
        for (int y = 0; y < NY; ++y)
            for (int x = 0; x < NX; ++x) lin[(z * NY + y) * NX + x] = v3((float)(x + y), (float)(2 * z), (float)(x - z));
    steer_flow_field3 affine = {v3(1, 2, 3), 2.0f, NX, NY, NZ, lin};
    steer_rng rng = steer_rng_make(4);
    bool exact = true;
    for (int i = 0; i < 1000; ++i) {
        float gx = steer_rng_range(&rng, 0, NX - 1), gy = steer_rng_range(&rng, 0, NY - 1), gz = steer_rng_range(&rng, 0, NZ - 1);
        steer_v3 s = steer_flow_field_sample3(&affine, v3(1 + 2 * gx, 2 + 2 * gy, 3 + 2 * gz));
        exact = exact && fabs(s.x - (gx + gy)) < 1e-4 && fabs(s.y - 2.0 * gz) < 1e-4 && fabs(s.z - (gx - gz)) < 1e-4;
    }
    CHECK(exact);
}

static void follow_flow_desires_the_field_times_max_speed(void)
{
    const steer_v2 vec[] = {{1, 0}, {0, 1}, {1, 0}, {0, 1}};
    steer_flow_field2 field = {v2(0, 0), 1.0f, 2, 2, 0, vec};
    CHECK_V2_NEAR(steer_follow_flow2(v2(0, 0), v2(0.5f, 0), &field, 0.0f, 3.0f), v2(2.5f, 0), 1e-6);
    /* Sampled at the predicted position pos + vel * predict_time = (1, 0). */
    CHECK_V2_NEAR(steer_follow_flow2(v2(0, 0), v2(0.5f, 0), &field, 2.0f, 3.0f), v2(-0.5f, 3), 1e-6);
    /* Field vectors longer than 1 are capped at max_speed. */
    const steer_v2 strong[] = {{0, 5}};
    steer_flow_field2 s = {v2(0, 0), 1.0f, 1, 1, 0, strong};
    CHECK_V2_NEAR(steer_follow_flow2(v2(0, 0), v2(0, 0), &s, 0.0f, 2.0f), v2(0, 2), 1e-6);
    const steer_v3 up[] = {{0, 0, 1}};
    steer_flow_field3 f3 = {v3(0, 0, 0), 1.0f, 1, 1, 1, up};
    CHECK_V3_NEAR(steer_follow_flow3(v3(0, 0, 0), v3(1, 0, 0), &f3, 0.0f, 2.0f), v3(-1, 0, 2), 1e-6);
}

/* ---- containment ------------------------------------------------------------ */

static void contain_is_zero_well_inside(void)
{
    steer_box2 box = {v2(0, 0), v2(10, 10)};
    CHECK_V2_EQ(steer_contain2(v2(5, 5), v2(3, -3), box, 2.0f, 4.0f), v2(0, 0));
    CHECK_V2_EQ(steer_contain2(v2(2.5f, 7.5f), v2(-1, 1), box, 2.0f, 4.0f), v2(0, 0));
    steer_box3 cube = {v3(0, 0, 0), v3(10, 10, 10)};
    CHECK_V3_EQ(steer_contain3(v3(5, 5, 5), v3(1, 2, 3), cube, 2.0f, 4.0f), v3(0, 0, 0));
}

/* Within margin m of a face the desired inward speed grows linearly to
 * max_speed at the face; force on that axis = max(0, desired - v) inward. */
static void contain_pushes_inward_near_each_face_on_each_axis(void)
{
    steer_box3 cube = {v3(0, 0, 0), v3(10, 10, 10)};
    for (int axis = 0; axis < 3; ++axis) {
        steer_v3 mid = v3(5, 5, 5);
        /* Half-way into the low margin: desired +2 along the axis. */
        steer_v3 p = steer_v3_set(mid, axis, 1.0f);
        CHECK_V3_NEAR(steer_contain3(p, v3(0, 0, 0), cube, 2.0f, 4.0f), steer_v3_set(v3(0, 0, 0), axis, 2.0f), 1e-6);
        CHECK_V3_NEAR(steer_contain3(p, steer_v3_set(v3(0, 0, 0), axis, -1.0f), cube, 2.0f, 4.0f),
                      steer_v3_set(v3(0, 0, 0), axis, 3.0f), 1e-6);
        /* Already moving inward fast enough: nothing. */
        CHECK_V3_EQ(steer_contain3(p, steer_v3_set(v3(0, 0, 0), axis, 3.0f), cube, 2.0f, 4.0f), v3(0, 0, 0));
        /* Three quarters into the high margin: desired -3. */
        p = steer_v3_set(mid, axis, 9.5f);
        CHECK_V3_NEAR(steer_contain3(p, steer_v3_set(v3(0, 0, 0), axis, 0.5f), cube, 2.0f, 4.0f),
                      steer_v3_set(v3(0, 0, 0), axis, -3.5f), 1e-6);
        /* Beyond the face: full max_speed inward. */
        p = steer_v3_set(mid, axis, 12.0f);
        CHECK_V3_NEAR(steer_contain3(p, v3(0, 0, 0), cube, 2.0f, 4.0f), steer_v3_set(v3(0, 0, 0), axis, -4.0f), 1e-6);
        p = steer_v3_set(mid, axis, -7.0f);
        CHECK_V3_NEAR(steer_contain3(p, v3(0, 0, 0), cube, 2.0f, 4.0f), steer_v3_set(v3(0, 0, 0), axis, 4.0f), 1e-6);
    }
    steer_box2 box = {v2(-5, 0), v2(5, 20)};
    for (int axis = 0; axis < 2; ++axis) {
        steer_v2 mid = v2(0, 10);
        float lo = steer_v2_get(box.min, axis), hi = steer_v2_get(box.max, axis);
        CHECK_V2_NEAR(steer_contain2(steer_v2_set(mid, axis, lo + 0.5f), v2(0, 0), box, 2.0f, 4.0f),
                      steer_v2_set(v2(0, 0), axis, 3.0f), 1e-6);
        CHECK_V2_NEAR(steer_contain2(steer_v2_set(mid, axis, hi - 0.5f), v2(0, 0), box, 2.0f, 4.0f),
                      steer_v2_set(v2(0, 0), axis, -3.0f), 1e-6);
    }
    /* A corner pushes on both axes. */
    CHECK_V2_NEAR(steer_contain2(v2(-4, 19), v2(0, 0), box, 2.0f, 4.0f), v2(2, -2), 1e-6);
    /* Margin 0: only outside counts, at full speed. */
    CHECK_V2_EQ(steer_contain2(v2(-4.9f, 10), v2(0, 0), box, 0.0f, 4.0f), v2(0, 0));
    CHECK_V2_NEAR(steer_contain2(v2(-5.1f, 10), v2(0, 0), box, 0.0f, 4.0f), v2(4, 0), 1e-6);
}

static void contain_never_pushes_outward(void)
{
    steer_box3 cube = {v3(-1, -2, -3), v3(4, 5, 6)};
    steer_rng rng = steer_rng_make(6);
    bool inward = true;
    for (int i = 0; i < 20000; ++i) {
        steer_v3 p = v3(steer_rng_range(&rng, -3, 6), steer_rng_range(&rng, -4, 7), steer_rng_range(&rng, -5, 8));
        steer_v3 vel = v3(steer_rng_range(&rng, -3, 3), steer_rng_range(&rng, -3, 3), steer_rng_range(&rng, -3, 3));
        steer_v3 f = steer_contain3(p, vel, cube, 1.5f, 2.0f);
        for (int axis = 0; axis < 3; ++axis) {
            float x = steer_v3_get(p, axis), fa = steer_v3_get(f, axis);
            float centre = 0.5f * (steer_v3_get(cube.min, axis) + steer_v3_get(cube.max, axis));
            inward = inward && (fa == 0.0f || (fa > 0.0f) == (x < centre));
        }
    }
    CHECK(inward);
}

/* Both faces of an axis within reach, equally near: no push along it (the
 * two cancel). A Y-up vehicle kept in a flat XZ rectangle (min.y == max.y,
 * the height it walks at) wanders on it and never leaves its height; the
 * low face used to win the tie, sending it up at max_speed, so that it
 * bobbed up to 3.5 away. Off the plane it is pushed back toward it. */
static void contain_equal_faces_cancel(void)
{
    steer_box3 flat = {v3(-20, 0, -20), v3(20, 0, 20)};
    CHECK_V3_EQ(steer_contain3(v3(0, 0, 0), v3(1, 0, 0), flat, 5.0f, 3.0f), v3(0, 0, 0));
    CHECK(steer_contain3(v3(0, 0.5f, 0), v3(1, 0, 0), flat, 5.0f, 3.0f).y < 0.0f);
    CHECK(steer_contain3(v3(0, -0.5f, 0), v3(1, 0, 0), flat, 5.0f, 3.0f).y > 0.0f);
    steer_box2 narrow = {v2(-10, -1), v2(10, 1)}; /* narrower than its two margins */
    CHECK_V2_EQ(steer_contain2(v2(3, 0), v2(1, 0), narrow, 2.0f, 3.0f), v2(0, 0));
    CHECK(steer_contain2(v2(3, 0.25f), v2(1, 0), narrow, 2.0f, 3.0f).y < 0.0f);
    steer_vehicle3 v = steer_vehicle3_make(v3(0, 0, 0), 1);
    v.up = STEER_UP_Y;
    v.velocity = v3(1, 0, 0);
    float off = 0.0f;
    for (int i = 0; i < 300; ++i) {
        steer_v3 f = steer_v3_add(steer_vehicle3_wander(&v, 1.0f, NULL), steer_vehicle3_contain(&v, flat, 5.0f));
        steer_vehicle3_apply_force(&v, f);
        steer_vehicle3_step(&v, 1.0f);
        off = fmaxf(off, fabsf(v.position.y));
    }
    CHECK(off == 0.0f);
}

static void contain_keeps_a_vehicle_inside_the_box(void)
{
    steer_box2 box = {v2(0, 0), v2(10, 6)};
    steer_vehicle2 v = steer_vehicle2_make(v2(5, 3), 12);
    v.max_speed = 2.0f;
    v.max_force = 10.0f;
    v.velocity = v2(2, 0.7f);
    bool inside = true;
    for (int i = 0; i < 5000; ++i) {
        steer_v2 f = steer_v2_add(steer_vehicle2_contain(&v, box, 2.0f), steer_vehicle2_seek(&v, v2(100, 40)));
        steer_vehicle2_apply_force(&v, f);
        steer_vehicle2_step(&v, 0.02f);
        inside = inside && v.position.x >= 0.0f && v.position.x <= 10.0f && v.position.y >= 0.0f && v.position.y <= 6.0f;
    }
    CHECK(inside);
}

int main(void)
{
    flow_field_sample_is_bilinear_between_nodes();
    flow_field_sample_clamps_at_the_edges();
    flow_field_sample_is_trilinear_in_3d();
    follow_flow_desires_the_field_times_max_speed();
    contain_is_zero_well_inside();
    contain_pushes_inward_near_each_face_on_each_axis();
    contain_never_pushes_outward();
    contain_equal_faces_cancel();
    contain_keeps_a_vehicle_inside_the_box();
    return check_summary("test_fields");
}
