/* speedmatrix compare BASE.csv OTHER.csv [...]: parses the command line, reads the files and
 * prints the comparison; exit 0 nothing regressed, 1 something did, 2 bad input. */
#include "compare/compare.h"
#include "compare/compare_ct.h"
#include "compare/compare_profile.h"
#include "core/util.h"
#include "io/instructions.h"

#include <stdio.h>
#include <string.h>

static bool parse_threshold(const char *text, double *pct)
{
  double value = 0;
  if (!sm_parse_decimal(text, &value) || value < 0 || value > 100)
    return false;
  *pct = value;
  return true;
}

/* A threshold option's value, if given (pct untouched when not); false with a message when it
 * is not a percentage. */
static bool threshold_option(const char *flag, const char *text, const char *example, double *pct,
                             char **message)
{
  if (text == NULL || parse_threshold(text, pct))
    return true;
  *message = g_strdup_printf(
      "%s: bad threshold \"%s\" (valid: a percentage from 0 to 100, e.g. %s)", flag, text, example);
  return false;
}

/* "Output: table (default), csv, markdown or json": the table's first format is the default. */
static char *format_help_text(void)
{
  g_autofree char *names = sm_compare_format_names(", ", " or ");
  const char *default_name = sm_compare_formats[0]->name;
  return g_strdup_printf("Output: %s (default)%s", default_name, names + strlen(default_name));
}

/* The format --format names (NULL: the default); NULL with a message when there is none. */
static const SmCompareFormat *chosen_format(const char *name, char **message)
{
  if (name == NULL)
    return sm_compare_formats[0];
  const SmCompareFormat *format = sm_compare_format_find(name);
  if (format == NULL) {
    g_autofree char *valid = sm_compare_format_names(", ", ", ");
    *message = g_strdup_printf("--format: unknown format \"%s\" (valid: %s)", name, valid);
  }
  return format;
}

/* ct files (speedmatrix ct: verdicts) and profile files (instruction counts), told by the first
 * file's header: the exit status of their comparison, or -1 when the files are runs (and no flag
 * of theirs was given). */
static int compare_other_files(char **paths, int count, bool allow_missing,
                               const char *instructions_text)
{
  g_autofree char *message = NULL;
  double threshold = SM_INSTRUCTIONS_THRESHOLD;
  if (!threshold_option("--instructions-threshold", instructions_text,
                        G_STRINGIFY(SM_INSTRUCTIONS_THRESHOLD), &threshold, &message))
    return sm_fail(message);
  if (sm_compare_is_profile_file(paths[0]))
    return sm_compare_profile_main(paths, count, allow_missing, threshold);
  if (instructions_text != NULL)
    return sm_fail("--instructions-threshold: only for profile files (the CSV of speedmatrix "
                   "profile)");
  if (sm_compare_is_ct_file(paths[0]))
    return sm_compare_ct_main(paths, count, allow_missing);
  if (allow_missing)
    return sm_fail("--allow-missing: only for ct and profile files (the CSV of speedmatrix ct "
                   "or profile)");
  return -1;
}

int sm_cmd_compare(int argc, char **argv)
{
  g_autofree char *threshold_text = NULL, *cell_text = NULL, *format_text = NULL,
                  *baseline_host = NULL, *instructions_text = NULL;
  gboolean no_machine = FALSE, emulated = FALSE, allow_missing = FALSE;
  g_autofree char *format_help = format_help_text();
  GOptionEntry entries[] = {
      {"no-machine-factor", 0, 0, G_OPTION_ARG_NONE, &no_machine,
       "Judge raw figures: do not scale by each run's overall speed against the baseline", NULL},
      {"threshold", 't', 0, G_OPTION_ARG_STRING, &threshold_text,
       "Smallest change that counts for an engine as a whole and for its cells when it moved, "
       "in percent (default 5)",
       "PCT"},
      {"cell-threshold", 0, 0, G_OPTION_ARG_STRING, &cell_text,
       "Smallest change that counts for a cell alone, its engine not moved (default: twice "
       "--threshold)",
       "PCT"},
      {"format", 'f', 0, G_OPTION_ARG_STRING, &format_text, format_help, "FORMAT"},
      {"baseline-host", 'b', 0, G_OPTION_ARG_STRING, &baseline_host,
       "The run of this machine (its host, or a machine an imported table names) is the "
       "baseline: every other is a ratio to it",
       "NAME"},
      {"emulated", 0, 0, G_OPTION_ARG_NONE, &emulated,
       "Compare runs measured under emulation with each other (never with a native run)", NULL},
      {"allow-missing", 0, 0, G_OPTION_ARG_NONE, &allow_missing,
       "ct and profile files: compare a later file that lacks cells of the first (an "
       "interrupted ct or profile)",
       NULL},
      {"instructions-threshold", 0, 0, G_OPTION_ARG_STRING, &instructions_text,
       "Profile files: smallest change of a cell's instructions per operation that counts, in "
       "percent (default " G_STRINGIFY(
           SM_INSTRUCTIONS_THRESHOLD) ": above the largest move "
                                      "between two profiles measured, 0.19%, below a 0.5% code "
                                      "change)",
       "PCT"},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) context =
      g_option_context_new("BASE.csv OTHER.csv [...] - compare runs");
  g_option_context_set_summary(
      context,
      "Lines up the same cells across runs and prints each run's figure and its ratio to "
      "the first (the baseline). A cell regressed or improved when its figure, scaled "
      "by the run's overall speed factor, moved beyond the cell threshold with the two "
      "figures' intervals apart, unless its ratio to the engines measured beside it "
      "(ratio_to_slot) held, or a figure is not yet a level (fewer than three passes "
      "reached it, or fewer did than read more than 5% below it on a quiet core); a "
      "change measured on a contended core, or in a run whose probe reference (its "
      ".meta) fell more than 2% below another's, is shown as contended and not judged. "
      "When an engine moved as a whole (the median of its cells beyond half the threshold), "
      "every one of its cells beyond the threshold that way is flagged. Exit "
      "status: 0 nothing regressed, 1 something regressed or failed, 2 bad input. Given "
      "files of speedmatrix ct, compares each cell's verdict instead, exits 1 when a cell "
      "became secret-dependent or is no longer checked, and refuses a later file that lacks "
      "cells of the first unless --allow-missing. Given files of speedmatrix profile, lists "
      "each cell whose instructions per operation moved by --instructions-threshold or more, "
      "with the functions whose own instructions moved most, and the cells not profiled in "
      "one file or both (not judged); exits 1 when a cell's count rose, and refuses a later "
      "file that lacks cells of the first unless --allow-missing.");
  g_option_context_add_main_entries(context, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);

  double threshold = 5.0;
  double cell_threshold = -1;
  g_autofree char *threshold_error = NULL;
  if (!threshold_option("--threshold", threshold_text, "5", &threshold, &threshold_error) ||
      !threshold_option("--cell-threshold", cell_text, "10", &cell_threshold, &threshold_error))
    return sm_fail(threshold_error);
  g_autofree char *format_error = NULL;
  const SmCompareFormat *format = chosen_format(format_text, &format_error);
  if (format == NULL)
    return sm_fail(format_error);
  /* One file is enough when it holds several runs (an import of a mail with several outputs). */
  if (argc < 2)
    return sm_fail("compare: needs at least two runs (BASE.csv OTHER.csv ...)");

  int status = compare_other_files(argv + 1, argc - 1, allow_missing, instructions_text);
  if (status >= 0)
    return status;
  GPtrArray *sets = sm_results_read_all(argv + 1, argc - 1, &error);
  if (sets == NULL)
    return sm_fail(error->message);
  if (!sm_results_check_emulated("compare", (SmResultSet *const *)sets->pdata, sets->len, emulated,
                                 &error)) {
    g_ptr_array_unref(sets);
    return sm_fail(error->message);
  }
  if (!sm_results_check_once((SmResultSet *const *)sets->pdata, sets->len, &error)) {
    g_ptr_array_unref(sets);
    return sm_fail(error->message);
  }
  g_autoptr(SmComparison) comparison =
      sm_compare_build(sets, threshold, cell_threshold, !no_machine, baseline_host, &error);
  if (comparison == NULL)
    return sm_fail(error->message);
  g_autofree char *rendered = sm_compare_render(comparison, format);
  g_autofree char *text =
      format->for_people ? sm_terminal_text(rendered, false) : g_steal_pointer(&rendered);
  fputs(text, stdout);
  if (fflush(stdout) != 0)
    return sm_fail("compare: cannot write to standard output");
  return sm_comparison_found_regression(comparison) ? SM_EXIT_FOUND : SM_EXIT_OK;
}
