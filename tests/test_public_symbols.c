/* The public headers are the whole contract: every function they declare is
 * defined in the library, and every symbol the library exports (steer_*, not
 * the private steer__*) is declared in a public header. The headers are
 * read as text (comments, preprocessor lines and the C++ guards dropped,
 * inline definitions and typedefs skipped); the library's symbols come from
 * `nm`. The other half of the contract, that a definition matches its
 * declaration, is checked by the compiler (see src/behaviours.c). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"

#define HEADERS_DIR STEER_VECTORS_DIR "/../../include/steer"
#define LIBRARY_DIR STEER_EXAMPLES_DIR "/.."

enum { MAX_NAMES = 1024, NAME_LEN = 96 };

typedef struct names {
    char name[MAX_NAMES][NAME_LEN];
    int count;
} names;

static names declared, defined;

static void add_name(names *n, const char *name, size_t len)
{
    if (len >= NAME_LEN || n->count >= MAX_NAMES) {
        fprintf(stderr, "name table full or name too long: %.*s\n", (int)len, name);
        ++check_failed;
        return;
    }
    memcpy(n->name[n->count], name, len);
    n->name[n->count][len] = '\0';
    ++n->count;
}

static bool has_name(const names *n, const char *name)
{
    for (int i = 0; i < n->count; ++i)
        if (strcmp(n->name[i], name) == 0) return true;
    return false;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = '\0';
    fclose(f);
    return text;
}

/* Blanks comments, preprocessor lines and the `extern "C"` guard lines
 * (the ones between #ifdef __cplusplus and its #endif) in place. */
static void strip(char *s)
{
    bool line_start = true, in_cplusplus = false;
    for (char *p = s; *p;) {
        if (p[0] == '/' && p[1] == '*') {
            char *end = strstr(p + 2, "*/");
            char *stop = end ? end + 2 : p + strlen(p);
            while (p < stop) *p++ = ' ';
            continue;
        }
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') *p++ = ' ';
            continue;
        }
        if (line_start && *p != '\n' && (*p == '#' || in_cplusplus)) {
            if (strncmp(p, "#ifdef __cplusplus", 18) == 0) in_cplusplus = true;
            else if (strncmp(p, "#endif", 6) == 0) in_cplusplus = false;
            bool more; /* the line, and the lines a trailing backslash continues it on */
            do {
                more = false;
                while (*p && *p != '\n') {
                    if (!isspace((unsigned char)*p)) more = *p == '\\';
                    *p++ = ' ';
                }
                if (more && *p == '\n') ++p;
            } while (more && *p);
            continue;
        }
        if (*p == '\n') line_start = true;
        else if (!isspace((unsigned char)*p)) line_start = false;
        ++p;
    }
}

/* One top-level declaration (text without its ';'): a function's name is
 * the identifier just before its first '('. */
static void declaration(const char *begin, const char *end)
{
    while (begin < end && isspace((unsigned char)*begin)) ++begin;
    if (end - begin >= 7 && strncmp(begin, "typedef", 7) == 0) return;
    const char *paren = memchr(begin, '(', (size_t)(end - begin));
    if (!paren) return; /* not a function */
    const char *name_end = paren;
    while (name_end > begin && isspace((unsigned char)name_end[-1])) --name_end;
    const char *name = name_end;
    while (name > begin && (isalnum((unsigned char)name[-1]) || name[-1] == '_')) --name;
    if (name < name_end) add_name(&declared, name, (size_t)(name_end - name));
}

/* Splits a stripped header into top-level statements. A brace block that
 * follows a ')' is a function body (an inline definition): skipped with
 * its head. Other blocks (struct and enum bodies) belong to the statement. */
static void scan_header(const char *s)
{
    const char *start = s;
    int depth = 0;
    bool body = false;
    for (const char *p = s; *p; ++p) {
        if (*p == '{') {
            if (depth == 0) {
                const char *q = p;
                while (q > start && isspace((unsigned char)q[-1])) --q;
                body = q > start && q[-1] == ')';
            }
            ++depth;
        } else if (*p == '}') {
            if (--depth == 0 && body) start = p + 1;
        } else if (*p == ';' && depth == 0) {
            declaration(start, p);
            start = p + 1;
        }
    }
}

static int read_headers(void)
{
    DIR *dir = opendir(HEADERS_DIR);
    if (!dir) return 0;
    int files = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", HEADERS_DIR, e->d_name);
        char *text = read_file(path);
        if (!text) continue;
        strip(text);
        scan_header(text);
        free(text);
        ++files;
    }
    closedir(dir);
    return files;
}

/* Global symbols the library defines, from `nm` of the static or shared
 * build. */
static bool read_library(void)
{
    const char *commands[] = {
        "nm -g --defined-only " LIBRARY_DIR "/libsteer.a 2>/dev/null",
        "nm -D --defined-only " LIBRARY_DIR "/libsteer.so 2>/dev/null",
    };
    for (size_t c = 0; c < sizeof commands / sizeof commands[0] && defined.count == 0; ++c) {
        FILE *nm = popen(commands[c], "r");
        if (!nm) continue;
        char line[512];
        while (fgets(line, sizeof line, nm)) {
            char address[64], type[8], name[256];
            if (sscanf(line, "%63s %7s %255s", address, type, name) != 3) continue;
            if (strncmp(name, "steer_", 6) != 0 || strncmp(name, "steer__", 7) == 0) continue;
            if (!has_name(&defined, name)) add_name(&defined, name, strlen(name));
        }
        pclose(nm);
    }
    return defined.count > 0;
}

/* The scanner itself, on a header-shaped text: it must find exactly the
 * plain declarations. */
static void test_scanner(void)
{
    char text[] = "/* steer_in_comment(void); */\n"
                  "#define STEER_MACRO(x) steer_macro(x)\n"
                  "#define STEER_LIST(X) \\\n    X(one) \\\n    X(two)\n"
                  "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
                  "typedef struct steer_thing { int (*fn)(int); float x; } steer_thing;\n"
                  "typedef float steer_fn_type(void *context);\n"
                  "static inline float steer_inline(float a) { if (a) { return a; } return 0; }\n"
                  "steer_thing steer_declared_a(const steer_thing *t, int n); // trailing\n"
                  "void *steer_declared_b(void);\n"
                  "#ifdef __cplusplus\n}\n#endif\n";
    names saved = declared;
    declared.count = 0;
    strip(text);
    scan_header(text);
    CHECK(declared.count == 2);
    CHECK(has_name(&declared, "steer_declared_a") && has_name(&declared, "steer_declared_b"));
    declared = saved;
}

int main(void)
{
    char version[32]; /* the library says the version its headers say */
    snprintf(version, sizeof version, "%d.%d.%d", STEER_VERSION_MAJOR, STEER_VERSION_MINOR, STEER_VERSION_PATCH);
    CHECK(strcmp(steer_version(), version) == 0);
    test_scanner();
    CHECK(read_headers() >= 12);
    CHECK(read_library());
    CHECK(has_name(&declared, "steer_seek2") && has_name(&declared, "steer_vehicle3_offset_pursuit"));
    CHECK(has_name(&defined, "steer_seek2"));
    int undefined = 0, undeclared = 0;
    for (int i = 0; i < declared.count; ++i)
        if (!has_name(&defined, declared.name[i])) {
            fprintf(stderr, "declared in a public header but not defined: %s\n", declared.name[i]);
            ++undefined;
        }
    for (int i = 0; i < defined.count; ++i)
        if (!has_name(&declared, defined.name[i])) {
            fprintf(stderr, "exported but declared in no public header: %s\n", defined.name[i]);
            ++undeclared;
        }
    CHECK(undefined == 0);
    CHECK(undeclared == 0);
    printf("%d functions declared, %d symbols exported\n", declared.count, defined.count);
    return check_summary("test_public_symbols");
}
