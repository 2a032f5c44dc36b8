#include "io/output.h"

#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* True when `path` names the same file as one of `inputs` (by device and inode). */
static bool is_an_input(const char *path, const char *const *inputs)
{
  struct stat out;
  if (inputs == NULL || stat(path, &out) != 0)
    return false;
  for (const char *const *input = inputs; *input != NULL; input++) {
    struct stat in;
    if (stat(*input, &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
      return true;
  }
  return false;
}

/* With `replace`: an existing regular file is removed so that the exclusive create below makes a
 * new one; a symlink, FIFO, directory or device is left alone and refused. */
static bool remove_old(const char *path, GError **error)
{
  struct stat st;
  if (lstat(path, &st) != 0)
    return true; /* nothing there */
  if (!S_ISREG(st.st_mode)) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: cannot replace: not a regular file (a symlink, FIFO, directory or device)",
                path);
    return false;
  }
  if (unlink(path) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot replace: %s", path, g_strerror(errno));
    return false;
  }
  return true;
}

FILE *sm_output_create(const char *path, bool replace, const char *replace_flag,
                       const char *const *inputs, GError **error)
{
  if (is_an_input(path, inputs)) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: is also an input of this command; refusing to write over it", path);
    return NULL;
  }
  if (replace && !remove_old(path, error))
    return NULL;
  /* O_EXCL: an existing file, a FIFO, a directory or a symlink (even a dangling one) fails. */
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    int saved = errno;
    struct stat st;
    if (saved == EEXIST && replace_flag != NULL && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
      g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create: %s (%s replaces it)", path,
                  g_strerror(saved), replace_flag);
    else
      g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create: %s", path, g_strerror(saved));
    return NULL;
  }
  FILE *file = fdopen(fd, "w");
  if (file == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create: %s", path, g_strerror(errno));
    close(fd);
  }
  return file;
}
