/* speedmatrix: reads the verb from the command line and hands the rest to the verb's cmd_*.c. */
#include "compare/compare.h"
#include "core/registry.h"
#include "core/util.h"
#include "ct/cmd_ct.h"
#include "import/import.h"
#include "isolate/worker.h"
#include "plan/list.h"
#include "plan/version.h"
#include "profile/cmd_profile.h"
#include "report/report.h"
#include "run/run.h"
#include "store/store.h"
#include "summary/summary.h"

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef int (*VerbFn)(int argc, char **argv);

static const struct {
  const char *name;
  VerbFn run;
  const char *summary;
} verbs[] = {
    {"run", sm_cmd_run, "measure the matrix; CSV to results/ by default"},
    {"list", sm_cmd_list, "the support matrix, nothing measured"},
    {"compare", sm_cmd_compare, "ratios per cell between runs; exit 1 on regression"},
    {"summary", sm_cmd_summary, "the answer at a glance: ratio grids of a result file"},
    {"report", sm_cmd_report, "winners, evp/low gaps and charts as HTML or Markdown"},
    {"import", sm_cmd_import, "openssl speed output (plain, -mr, pasted in mail) to CSV rows"},
    {"ct", sm_cmd_ct, "constant-time evidence: each cell under memcheck, secrets marked"},
    {"profile", sm_cmd_profile, "instruction counts and top functions per cell under callgrind"},
    {"store", sm_cmd_store,
     "history: ingest runs, check for changes, trend report (SQLite, PostgreSQL)"},
};

static void usage(FILE *out)
{
  fprintf(out, "Usage: speedmatrix VERB [OPTION...]\n\nVerbs:\n");
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    fprintf(out, "  %-8s %s\n", verbs[i].name, verbs[i].summary);
  fprintf(out, "\nOptions:\n");
  fprintf(out, "  -h, --help     Show this help\n");
  fprintf(out,
          "  -V, --version  Show the version, the engine ABI and each engine's library version\n");
  fprintf(out, "\n'speedmatrix VERB --help' describes each verb; man speedmatrix, all of it.\n");
}

/* The verb's exit status once it returned; -1 while it runs (GOption's --help exits from inside).
 */
static int verb_status = -1;

/* At exit: what the verb wrote to standard output must have reached it (a full disk, a closed
 * pipe, /dev/full), else exit status 2 and one line, unless the verb already failed with its own.
 */
static void check_standard_output(void)
{
  bool failed = ferror(stdout) != 0;
  errno = 0;
  if (fclose(stdout) != 0)
    failed = true;
  if (!failed)
    return;
  if (verb_status != SM_EXIT_BAD_INPUT) {
    if (errno != 0)
      fprintf(stderr, "speedmatrix: cannot write to standard output: %s\n", g_strerror(errno));
    else
      fprintf(stderr, "speedmatrix: cannot write to standard output\n");
  }
  _exit(SM_EXIT_BAD_INPUT);
}

/* --version: never fails for want of engines (the directory may be missing). */
static int cmd_version(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_default(&error);
  sm_version_print(stdout, registry, error != NULL ? error->message : NULL);
  return SM_EXIT_OK;
}

int main(int argc, char **argv)
{
  setlocale(LC_ALL, "");
  setlocale(LC_NUMERIC, "C"); /* CSV figures always use '.' */
  if (argc < 2) {
    usage(stderr);
    return SM_EXIT_BAD_INPUT;
  }
  if (strcmp(argv[1], "__worker") != 0) {
    atexit(check_standard_output);
    /* A closed pipe is a failed write like a full disk: one line and exit 2, not a silent 141. */
    signal(SIGPIPE, SIG_IGN);
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
      strcmp(argv[1], "help") == 0) {
    usage(stdout);
    return SM_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
    return cmd_version();
  if (strcmp(argv[1], "__worker") == 0)
    return sm_worker_main(argc - 1, argv + 1);
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    if (strcmp(argv[1], verbs[i].name) == 0) {
      argv[1] = g_strdup_printf("%s %s", g_get_prgname() ? g_get_prgname() : "speedmatrix",
                                verbs[i].name);
      verb_status = verbs[i].run(argc - 1, argv + 1);
      return verb_status;
    }
  GString *valid = g_string_new(NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    g_string_append_printf(valid, "%s%s", i ? ", " : "", verbs[i].name);
  fprintf(stderr, "speedmatrix: unknown verb \"%s\" (valid: %s)\n", argv[1], valid->str);
  g_string_free(valid, TRUE);
  return SM_EXIT_BAD_INPUT;
}
