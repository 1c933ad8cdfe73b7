/* Internal: set up the names for one dimension of a template header.
 * Define STEER_DIM to 2 or 3 before including; detail/dim_end.h undoes it.
 *   STEER_V        the vector type of that dimension (steer_v2 / steer_v3)
 *   STEER_F(name)  steer_vN_name, the vector function of that dimension
 *   STEER_N(a, b)  a N b pasted: STEER_N(steer_seek, ) -> steer_seek2
 */
#if STEER_DIM == 2
#define STEER_V steer_v2
#define STEER_F(name) steer_v2_##name
#define STEER_N(a, b) a##2##b
#elif STEER_DIM == 3
#define STEER_V steer_v3
#define STEER_F(name) steer_v3_##name
#define STEER_N(a, b) a##3##b
#else
#error "STEER_DIM must be 2 or 3"
#endif
