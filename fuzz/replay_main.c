/* The fuzz targets as plain programs: runs LLVMFuzzerTestOneInput over every
 * file named on the command line (directories: every file inside, in name
 * order). Used by ctest to replay the committed corpora as regression tests
 * with any compiler, and to reproduce a crash without libFuzzer:
 *   build/fuzz/replay_fuzz_world crash-file */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, size = 0;
    unsigned char *data = malloc(cap);
    for (size_t got; data && (got = fread(data + size, 1, cap - size, f)) > 0;) {
        size += got;
        if (size == cap) {
            unsigned char *bigger = realloc(data, cap *= 2);
            if (!bigger) free(data);
            data = bigger;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int replay_dir(const char *dir, int *files)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return 1;
    }
    char **names = 0;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (count == cap) {
            char **more = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
            if (!more) break;
            names = more;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[count] = malloc(len))) break;
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count) qsort(names, count, sizeof *names, by_name);
    int failed = 0;
    for (size_t i = 0; i < count; ++i) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            failed |= replay_file(names[i]);
            ++*files;
        }
        free(names[i]);
    }
    free(names);
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0, files = 0;
    for (int i = 1; i < argc; ++i) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            failed = 1;
        } else if (S_ISDIR(st.st_mode)) {
            failed |= replay_dir(argv[i], &files);
        } else {
            failed |= replay_file(argv[i]);
            ++files;
        }
    }
    printf("replayed %d input%s\n", files, files == 1 ? "" : "s");
    if (files == 0) {
        fprintf(stderr, "replay: no inputs (a corpus directory is empty or missing)\n");
        failed = 1;
    }
    return failed;
}
