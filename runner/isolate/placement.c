#include "isolate/placement.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The path of a maps (or smaps header) line: it starts at the first '/' after the five fields,
 * and may hold spaces. NULL for a pseudo-mapping, an anonymous one or a deleted file. */
static const char *mapped_path(const char *line)
{
  const char *p = line;
  for (int field = 0; field < 5 && p != NULL; field++) {
    p = strchr(p, ' ');
    if (p != NULL)
      while (*p == ' ')
        p++;
  }
  if (p == NULL || p[0] != '/' || g_str_has_suffix(p, " (deleted)"))
    return NULL;
  return p;
}

void sm_placement_parse_maps(const char *maps, GHashTable *files)
{
  g_auto(GStrv) lines = g_strsplit(maps, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    const char *p = mapped_path(*line);
    if (p != NULL && !g_hash_table_contains(files, p))
      g_hash_table_add(files, g_strdup(p));
  }
}

gboolean sm_placement_collect(GHashTable *files, pid_t pid)
{
  g_autofree char *path = g_strdup_printf("/proc/%d/maps", (int)pid);
  g_autofree char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, NULL))
    return FALSE;
  sm_placement_parse_maps(text, files);
  return TRUE;
}

gboolean sm_placement_may_unmap(const char *perms, guint64 anonymous_kb)
{
  return strlen(perms) == 4 && perms[0] == 'r' && perms[1] == '-' && anonymous_kb == 0;
}

/* One mapping of /proc/self/smaps, from its header line to the next. */
typedef struct {
  guintptr start, end;
  char perms[5];
  const char *path;
  gboolean anonymous_known;
  guint64 anonymous_kb;
} Mapping;

static guint let_go(const Mapping *m, GHashTable *files)
{
  if (m->path == NULL || !m->anonymous_known || !g_hash_table_contains(files, m->path) ||
      !sm_placement_may_unmap(m->perms, m->anonymous_kb) || m->end <= m->start)
    return 0;
  return madvise((void *)m->start, m->end - m->start, MADV_DONTNEED) == 0;
}

guint sm_placement_unmap_own(GHashTable *files)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents("/proc/self/smaps", &text, NULL, NULL))
    return 0;
  guint released = 0;
  Mapping m = {0};
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    unsigned long long start, end;
    char perms[5];
    guint64 kb;
    /* A header is "start-end perms offset dev inode [path]"; a field line, "Name:  value kB",
     * never parses as two hex numbers joined by '-'. */
    if (sscanf(*line, "%llx-%llx %4s", &start, &end, perms) == 3) {
      released += let_go(&m, files);
      m = (Mapping){.start = (guintptr)start, .end = (guintptr)end, .path = mapped_path(*line)};
      memcpy(m.perms, perms, sizeof m.perms);
      continue;
    }
    if (sscanf(*line, "Anonymous: %" G_GUINT64_FORMAT " kB", &kb) == 1) {
      m.anonymous_known = TRUE;
      m.anonymous_kb = kb;
    }
  }
  released += let_go(&m, files);
  return released;
}

guint sm_placement_release(GHashTable *files)
{
  guint advised = 0;
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init(&iter, files);
  while (g_hash_table_iter_next(&iter, &key, NULL)) {
    int fd = open(key, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
      continue; /* gone or unreadable: nothing of ours to drop */
    advised += posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
    close(fd);
  }
  return advised;
}
