/* Internal: undo detail/dim_begin.h. */
#undef STEER_V
#undef STEER_F
#undef STEER_N
#undef STEER_DIM
