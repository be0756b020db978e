/* Test helper: reads JSON Lines (one document per line) from stdin and prints
 * one value picked by a path, so the CLI tests check what `nvgp check --json`
 * means rather than how it is spaced.
 *
 *   json_get PATH      PATH = LINE[/KEY-or-INDEX...], e.g. 0/errors/0/line
 *                      a component `#` prints the length of an array or the
 *                      number of lines
 *
 * Strings print raw, everything else as JSON.  Exit 1: a line is not JSON;
 * 3: the path does not exist. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LINES = 1024 };

static char *read_all(size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, stdin);
        n += got;
        if (got == 0)
            break;
        if (cap - n < 2) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
    }
    if (buf)
        buf[n] = '\0';
    *len = n;
    return buf;
}

/* Prints the value at path; 0 when found, 3 when not. */
static int lookup(json_object **docs, int ndocs, char *path)
{
    char *comp = strtok(path, "/");
    if (!comp)
        return 3;
    if (!strcmp(comp, "#")) {
        printf("%d\n", ndocs);
        return 0;
    }
    int idx = atoi(comp);
    if (idx < 0 || idx >= ndocs)
        return 3;
    json_object *cur = docs[idx];
    for (comp = strtok(NULL, "/"); comp; comp = strtok(NULL, "/")) {
        if (json_object_get_type(cur) == json_type_array) {
            if (!strcmp(comp, "#")) {
                printf("%zu\n", json_object_array_length(cur));
                return 0;
            }
            size_t i = (size_t)strtoul(comp, NULL, 10);
            if (i >= json_object_array_length(cur))
                return 3;
            cur = json_object_array_get_idx(cur, i);
        } else if (json_object_get_type(cur) == json_type_object) {
            json_object *next;
            if (!json_object_object_get_ex(cur, comp, &next))
                return 3;
            cur = next;
        } else {
            return 3;
        }
    }
    if (json_object_get_type(cur) == json_type_string)
        printf("%s\n", json_object_get_string(cur));
    else
        printf("%s\n", json_object_to_json_string_ext(cur, JSON_C_TO_STRING_PLAIN));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: json_get PATH < json-lines\n", stderr);
        return 2;
    }
    size_t len;
    char *text = read_all(&len);
    if (!text)
        return 2;
    json_object *docs[MAX_LINES];
    int ndocs = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (ndocs == MAX_LINES)
            break;
        enum json_tokener_error err;
        json_object *o = json_tokener_parse_verbose(line, &err);
        if (!o || json_object_get_type(o) != json_type_object) {
            fprintf(stderr, "json_get: line %d is not a JSON object: %s\n", ndocs + 1, line);
            json_object_put(o);
            for (int i = 0; i < ndocs; i++)
                json_object_put(docs[i]);
            free(text);
            return 1;
        }
        docs[ndocs++] = o;
    }
    int status = lookup(docs, ndocs, argv[1]);
    for (int i = 0; i < ndocs; i++)
        json_object_put(docs[i]);
    free(text);
    return status;
}
