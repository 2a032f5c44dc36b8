/* speedmatrix: reads the verb from the command line and hands the rest to the verb's cmd_*.c. */
#include "compare/compare.h"
#include "core/registry.h"
#include "core/util.h"
#include "ct/cmd_ct.h"
#include "import/import.h"
#include "isolate/worker.h"
#include "plan/list.h"
#include "plan/version.h"
#include "report/report.h"
#include "run/run.h"
#include "store/store.h"
#include "summary/summary.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

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
      int status = verbs[i].run(argc - 1, argv + 1);
      return status;
    }
  GString *valid = g_string_new(NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    g_string_append_printf(valid, "%s%s", i ? ", " : "", verbs[i].name);
  fprintf(stderr, "speedmatrix: unknown verb \"%s\" (valid: %s)\n", argv[1], valid->str);
  g_string_free(valid, TRUE);
  return SM_EXIT_BAD_INPUT;
}
