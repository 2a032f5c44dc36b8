/* speedmatrix report RUN.csv [...] -o FILE: parses the command line, reads the files and writes
 * the report (HTML, or Markdown with --format markdown). */
#include "report/report.h"
#include "core/util.h"
#include "io/output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The report into a new file (or, with --force, one that replaces a regular file that is not an
 * input); the rules of every -o (io/output.h). */
static int write_report(const char *output, const char *text, bool force, const char *const *inputs)
{
  g_autoptr(GError) error = NULL;
  if (!sm_output_write(output, text, -1, force, "--force", inputs, &error))
    return sm_fail(error->message);
  return SM_EXIT_OK;
}

int sm_cmd_report(int argc, char **argv)
{
  g_autofree char *output = NULL, *format_text = NULL, *baseline_host = NULL, *ct_path = NULL,
                  *profile_path = NULL;
  gboolean force = FALSE, emulated = FALSE;
  GOptionEntry entries[] = {
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
       "Where to write the report, - for standard output (required for HTML)", "FILE"},
      {"format", 'f', 0, G_OPTION_ARG_STRING, &format_text,
       "html (default: one self-contained page) or markdown", "FORMAT"},
      {"baseline-host", 'b', 0, G_OPTION_ARG_STRING, &baseline_host,
       "In the view across machines, every machine is a ratio to NAME (default: the first)",
       "NAME"},
      {"ct", 0, 0, G_OPTION_ARG_FILENAME, &ct_path,
       "A speedmatrix ct file: the winners table says whether each winner's cell was found "
       "secret-dependent",
       "FILE"},
      {"profile", 0, 0, G_OPTION_ARG_FILENAME, &profile_path,
       "A speedmatrix profile file: the outliers (a tenth or less of the row's fastest, evp "
       "below half of low) with its explanation of each, and where every profiled cell's "
       "instructions go",
       "FILE"},
      {"force", 0, 0, G_OPTION_ARG_NONE, &force,
       "Replace FILE if it exists (a regular file that is not one of the inputs)", NULL},
      {"emulated", 0, 0, G_OPTION_ARG_NONE, &emulated,
       "Report runs measured under emulation (never beside a native run)", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(
          &argc, &argv, "RUN.csv [...] - report on runs",
          "Writes the winner per algorithm and block size with its margin, the evp/low gap "
          "per engine, a throughput chart per algorithm, accel, parallel and thread scaling "
          "sections where present (a chart of rate against threads), and the run metadata.",
          entries))
    return SM_EXIT_BAD_INPUT;
  g_autoptr(GError) error = NULL;
  const SmReportFormat *format =
      format_text != NULL ? sm_report_format_find(format_text) : &sm_report_formats[0];
  if (format == NULL) {
    g_autofree char *valid = sm_report_format_names();
    g_autofree char *message =
        g_strdup_printf("--format: unknown format \"%s\" (valid: %s)", format_text, valid);
    return sm_fail(message);
  }
  if (argc < 2)
    return sm_fail("report: no result file (see speedmatrix report --help)");
  if (output == NULL && format->needs_output)
    return sm_fail("report: -o FILE is required for HTML (-o - for standard output)");

  GPtrArray *sets = sm_results_read_all(argv + 1, argc - 1, &error);
  if (sets == NULL)
    return sm_fail(error->message);
  if (!sm_results_check_emulated("report", (SmResultSet *const *)sets->pdata, sets->len, emulated,
                                 &error)) {
    g_ptr_array_unref(sets);
    return sm_fail(error->message);
  }
  if (!sm_results_check_once((SmResultSet *const *)sets->pdata, sets->len, &error)) {
    g_ptr_array_unref(sets);
    return sm_fail(error->message);
  }
  SmCtSet *ct = NULL;
  if (ct_path != NULL && (ct = sm_ct_set_read(ct_path, &error)) == NULL) {
    g_ptr_array_unref(sets);
    return sm_fail(error->message);
  }
  g_autoptr(SmProfileSet) profile = NULL;
  if (profile_path != NULL && (profile = sm_profile_set_read(profile_path, &error)) == NULL) {
    g_ptr_array_unref(sets);
    sm_ct_set_free(ct);
    return sm_fail(error->message);
  }
  g_autoptr(SmReport) report = sm_report_build_with_ct(sets, baseline_host, ct, &error);
  if (report == NULL)
    return sm_fail(error->message);
  if (profile != NULL)
    sm_report_add_profile(report, g_steal_pointer(&profile));
  for (guint w = 0; w < report->warnings->len; w++)
    fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)report->warnings->pdata[w]);
  g_autofree char *text = format->render(report);
  if (output == NULL || strcmp(output, "-") == 0) {
    fputs(text, stdout); /* a failed write is caught at exit (main.c) */
    return SM_EXIT_OK;
  }
  return write_report(output, text, force, (const char *const *)argv + 1);
}
