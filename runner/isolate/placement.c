#include "isolate/placement.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

void sm_placement_parse_maps(const char *maps, GHashTable *files)
{
  g_auto(GStrv) lines = g_strsplit(maps, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    /* address perms offset dev inode [path]: the path starts at the first '/' after the five
     * fields, and may hold spaces. */
    const char *p = *line;
    for (int field = 0; field < 5 && p != NULL; field++) {
      p = strchr(p, ' ');
      if (p != NULL)
        while (*p == ' ')
          p++;
    }
    if (p != NULL && p[0] == '/' && !g_str_has_suffix(p, " (deleted)") &&
        !g_hash_table_contains(files, p))
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
