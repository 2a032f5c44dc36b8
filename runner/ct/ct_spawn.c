#include "ct/ct_spawn.h"

#include "ct/ct_stop.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child before exec: a group of its own (an interrupt kills it whole), and killed if ct
 * itself dies without a word (SIGKILL). */
static void child_setup(gpointer data)
{
  (void)data;
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
}

/* Whole lines of `pending` to `on_line`; a cut last line stays for the next read. */
static void give_lines(GString *pending, SmCtLineFunc on_line, gpointer data)
{
  char *end;
  while ((end = memchr(pending->str, '\n', pending->len)) != NULL) {
    *end = '\0';
    on_line(pending->str, data);
    g_string_erase(pending, 0, end - pending->str + 1);
  }
}

/* Kills the group `pid` leads and reaps every process of it: the worker, and (ct being their
 * subreaper) the cell children its death left behind. */
static void end_group(pid_t pid)
{
  kill(-pid, SIGKILL);
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
  }
  for (;;) {
    pid_t done = waitpid(-pid, NULL, 0);
    if (done < 0 && errno != EINTR)
      break; /* ECHILD: none of the group is left */
  }
}

bool sm_ct_spawn_lines(char **argv, char **env, SmCtLineFunc on_line, gpointer data,
                       char **err_text, GError **error)
{
  /* A cell child whose worker was killed becomes ct's to reap, not init's. */
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  GPid pid = 0;
  int out_fd = -1, err_fd = -1;
  if (!g_spawn_async_with_pipes(NULL, argv, env, G_SPAWN_DO_NOT_REAP_CHILD, child_setup, NULL, &pid,
                                NULL, &out_fd, &err_fd, error))
    return false;
  setpgid(pid, pid); /* also here: the group exists before any kill(-pid) below */
  g_autoptr(GString) out = g_string_new(NULL);
  g_autoptr(GString) err = g_string_new(NULL);
  struct pollfd fds[] = {{.fd = out_fd, .events = POLLIN}, {.fd = err_fd, .events = POLLIN}};
  GString *text[] = {out, err};
  while ((fds[0].fd >= 0 || fds[1].fd >= 0) && sm_ct_stop_signal() == 0) {
    /* A bounded wait: a signal between the check above and poll is seen within 100 ms. */
    if (poll(fds, G_N_ELEMENTS(fds), 100) < 0 && errno != EINTR)
      break;
    for (size_t i = 0; i < G_N_ELEMENTS(fds); i++) {
      if (fds[i].fd < 0 || fds[i].revents == 0)
        continue;
      char buffer[4096];
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n <= 0) {
        close(fds[i].fd);
        fds[i].fd = -1;
        continue;
      }
      g_string_append_len(text[i], buffer, n);
      if (i == 0)
        give_lines(out, on_line, data);
    }
  }
  for (size_t i = 0; i < G_N_ELEMENTS(fds); i++)
    if (fds[i].fd >= 0)
      close(fds[i].fd);
  if (sm_ct_stop_signal() != 0) {
    end_group(pid);
  } else {
    if (out->len > 0) /* a last line without its line end */
      on_line(out->str, data);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
  }
  g_spawn_close_pid(pid);
  *err_text = g_string_free(g_steal_pointer(&err), FALSE);
  return true;
}
