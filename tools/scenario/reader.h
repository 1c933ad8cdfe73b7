/* reader.h — a checked reader of JSON-like value trees, knowing nothing of
 * any format: a tree filled by path, leaf readers (numbers, integers,
 * seeds, booleans, strings, colours, vectors, choices, names) that name the
 * path and what was expected, objects read through tables of rows, typo
 * suggestions, and every error collected in document order.
 *
 * A format (scenario_format.c) describes its objects as sc_table rows and
 * calls sc_read_object; it never reaches into this file's state, and this
 * file never calls the format except through a row's custom function. */
#ifndef STEER_SCENARIO_READER_H
#define STEER_SCENARIO_READER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <steer/math.h>

#define SC_MAX_ERRORS 20  /* errors listed; the rest are counted */
#define SC_PATH_SIZE 512  /* longer paths are cut (they would be absurd anyway) */

/* ---- the value tree ------------------------------------------------------------ */
typedef enum sc_kind {
    SC_UNSET = 0, /* an array element that was never set */
    SC_OBJECT,
    SC_ARRAY,
    SC_NUMBER,
    SC_STRING,
    SC_BOOL,
    SC_NULL,
} sc_kind;

typedef struct sc_node {
    sc_kind kind;
    char *key;               /* member name, for children of an object */
    double number;
    char *string;
    bool boolean;
    struct sc_node *items;   /* object members in insertion order, or array elements */
    int count, capacity;
    int *index;              /* objects: hash of member positions + 1 (0: empty slot) */
    int index_size;          /* a power of two, or 0 while the object is small */
    int order;               /* creation rank: document order for a depth-first walker */
} sc_node;

/* The member `key` of an object node, or NULL. O(1) on average. */
const sc_node *sc_member(const sc_node *object, const char *key);

/* ---- errors ------------------------------------------------------------------------ */
typedef struct sc_error {
    int order;               /* sort key: the node the error is about */
    int seq;                 /* ties keep the order of reporting */
    char *text;              /* "PATH: message" */
} sc_error;

/* The first SC_MAX_ERRORS errors by (order, seq), and how many there were. */
typedef struct sc_errors {
    sc_error kept[SC_MAX_ERRORS];
    int kept_count;
    int total;
    int next_seq;
    bool out_of_memory;      /* an error could not be stored */
} sc_errors;

/* ---- the reader: a tree and its errors ------------------------------------------ */
typedef struct sc_reader {
    sc_node root;
    int next_order;
    bool broken;             /* a setter failed on the path itself: the tree is incomplete */
    sc_errors walker;        /* setter errors and sc_reader_fail: until sc_reader_reset */
    sc_errors check;         /* the last check's errors: until the next change */
    char *message;           /* every kept error, one per line (sc_reader_compose) */
} sc_reader;

void sc_reader_reset(sc_reader *rd); /* empty, as zero-initialised */

/* Setters by path ("groups[2].max_speed", root ""): 0, or -1 with the error
 * recorded and the reader broken (malformed path, limits, out of memory).
 * Once broken, setters refuse until reset. Each clears the check's errors. */
int sc_reader_set_object(sc_reader *rd, const char *path);
int sc_reader_set_array(sc_reader *rd, const char *path, int length);
int sc_reader_set_number(sc_reader *rd, const char *path, double value);
int sc_reader_set_string(sc_reader *rd, const char *path, const char *value);
int sc_reader_set_bool(sc_reader *rd, const char *path, bool value);
int sc_reader_set_null(sc_reader *rd, const char *path);
/* A problem the walker found in the document (an odd key, say), placed
 * where the walker is; the walk may go on. Returns -1. */
int sc_reader_fail(sc_reader *rd, const char *path, const char *message);

/* Forgets the last check's errors (before checking again). */
void sc_reader_clear_check(sc_reader *rd);
/* Builds rd->message from both lists, merged by document order: at most
 * SC_MAX_ERRORS lines, then "... and N more errors". NULL when there are
 * none (or when out of memory). */
void sc_reader_compose(sc_reader *rd);
int sc_reader_error_count(const sc_reader *rd);

/* ---- reading values ------------------------------------------------------------------ */
typedef enum sc_range {
    SC_ANY,          /* any finite number within the limit */
    SC_POSITIVE,     /* > 0 */
    SC_NONNEG,       /* >= 0 */
    SC_UNIT,         /* 0..1 */
    SC_SIGNED_UNIT,  /* -1..1 */
} sc_range;

/* One check of a tree: where errors go, and the format's own state. */
typedef struct sc_read {
    sc_reader *rd;
    int dim;                 /* vectors have 2 or 3 components (2 or 3 in 3D) */
    bool whole_vectors;      /* 3D only [x, y, z]: in a Y-up file [x, y] would be (x, y, 0), off the ground */
    double float_limit;      /* |x| <= this for floats (coordinates, lengths) */
    double double_limit;     /* |x| <= this for doubles (counts, limits) */
    void *user;              /* the format's state, for its custom rows */
} sc_read;

/* Records "PATH: message" about node n (for its place in the document);
 * returns -1. */
int sc_report(sc_read *r, const sc_node *n, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* "PATH: expected WHAT, got VALUE"; returns -1. */
int sc_expected(sc_read *r, const sc_node *n, const char *path, const char *what);

/* Leaf readers: 0, or -1 with the error recorded and *out untouched. */
int sc_read_double(sc_read *r, const sc_node *n, const char *path, sc_range range, double limit, double *out);
int sc_read_float(sc_read *r, const sc_node *n, const char *path, sc_range range, float *out);
/* The same within |x| <= limit (a field's own bound, named in its message). */
int sc_read_float_within(sc_read *r, const sc_node *n, const char *path, sc_range range, double limit, float *out);
int sc_read_int(sc_read *r, const sc_node *n, const char *path, long long lo, long long hi, long long *out);
int sc_read_seed(sc_read *r, const sc_node *n, const char *path, uint64_t *out); /* 0 .. 2^53 - 1 */
int sc_read_bool(sc_read *r, const sc_node *n, const char *path, bool *out);
int sc_read_string(sc_read *r, const sc_node *n, const char *path, char **out); /* a copy; frees *out */
int sc_read_colour(sc_read *r, const sc_node *n, const char *path, uint32_t *out); /* 0xRRGGBBAA */
int sc_read_vec(sc_read *r, const sc_node *n, const char *path, steer_v3 *out);
/* At least min_count vectors, copied (caller frees; *out freed first). */
int sc_read_vec_array(sc_read *r, const sc_node *n, const char *path, int min_count, steer_v3 **out, int *count);
int sc_read_choice(sc_read *r, const sc_node *n, const char *path, const char *const *names, int count, int *out);
/* A name from `names` (entries may be NULL); kind is singular: "group". */
int sc_read_reference(sc_read *r, const sc_node *n, const char *path, const char *kind, const char *const *names,
                      int count, int *out);
/* An array of at least min_count `noun`s (singular: "group"). */
int sc_check_array(sc_read *r, const sc_node *n, const char *path, const char *noun, int min_count);
/* The Levenshtein distance between two words (SC_EDIT_MAX for words that
 * long or longer): the typo suggestions here and the tools' options'. */
#define SC_EDIT_MAX 64
int sc_edit_distance(const char *a, const char *b);
/* "unknown key; did you mean ...?" or the list of allowed keys. */
int sc_unknown_key(sc_read *r, const sc_node *n, const char *path, const char *key, const char *const *allowed,
                   int count);

/* ---- objects through tables ---------------------------------------------------------- */
typedef enum sc_type {
    SC_T_FLOAT,      /* float, range */
    SC_T_DOUBLE,     /* double, range */
    SC_T_INT,        /* int, lo..hi */
    SC_T_SEED,       /* uint64_t, 0 .. 2^53 - 1 */
    SC_T_BOOL,       /* bool */
    SC_T_STRING,     /* char *, owned by the target */
    SC_T_VEC,        /* steer_v3 */
    SC_T_COLOUR,     /* uint32_t */
    SC_T_CHOICE,     /* int: the index in names */
    SC_T_CUSTOM,     /* the row's function reads it */
} sc_type;

typedef struct sc_row sc_row;
typedef struct sc_table sc_table;
typedef int sc_custom_fn(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target);

struct sc_row {
    const char *key;
    sc_type type;
    size_t offset;           /* into the target */
    sc_range range;          /* SC_T_FLOAT, SC_T_DOUBLE */
    double max;              /* SC_T_FLOAT: its own bound on |x| (0: the reader's float_limit) */
    long long lo, hi;        /* SC_T_INT */
    const char *const *names; /* SC_T_CHOICE */
    int name_count;
    bool has_default;        /* set before the members are read */
    double default_value;
    sc_custom_fn *custom;    /* SC_T_CUSTOM */
    const char *json;        /* SC_T_CUSTOM: the JSON types it takes, "number|object" */
    const sc_table *sub;     /* the table of an object value, or of an array's elements */
    const void *data;        /* the format's own */
};

struct sc_table {
    const char *what;        /* "a group object": for the expected-an-object error */
    const sc_row *rows;
    int count;               /* at most 64 */
};

/* Which rows an object had, and which of them were wrong. */
typedef struct sc_members {
    uint64_t seen, failed;
} sc_members;

/* Sets the rows' defaults in target. */
void sc_apply_defaults(const sc_table *t, void *target);
/* Reads every member of the object n through t into target, in document
 * order, going on past errors (an unknown key, a wrong value).
 * 0, or -1 when anything was wrong. */
int sc_read_object(sc_read *r, const sc_node *n, const char *path, const sc_table *t, void *target, sc_members *m);
bool sc_has(const sc_members *m, const sc_table *t, const char *key);
bool sc_failed(const sc_members *m, const sc_table *t, const char *key); /* present but wrong */
/* "missing required key" (why: a note, or NULL) unless present. */
int sc_require(sc_read *r, const sc_node *n, const char *path, const sc_members *m, const sc_table *t,
               const char *key, const char *why);
/* Each present row not in `allowed` is "not used by VARIANT". */
int sc_refuse_keys(sc_read *r, const sc_node *n, const char *path, const sc_members *m, const sc_table *t,
                   const char *const *allowed, int allowed_count, const char *variant);

/* ---- paths ------------------------------------------------------------------------------ */
void sc_join_key(char *out, const char *path, const char *key);   /* SC_PATH_SIZE bytes */
void sc_join_index(char *out, const char *path, int index);

#endif
