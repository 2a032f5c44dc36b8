/* speedmatrix summary RUN.csv [--at SIZE] [--kind K] [--color WHEN]: reads one result file
 * and prints its summary grids; exit 0, or 2 on bad input. */
#include "summary/summary.h"

#include "core/catalog.h"
#include "core/util.h"
#include "io/ct_csv.h"
#include "io/profile_view.h"
#include "io/results.h"
#include "io/scaling.h"
#include "io/summary.h"

#include <stdio.h>
#include <string.h>

static char *sizes_text(GArray *sizes)
{
  GString *out = g_string_new(NULL);
  for (guint s = 0; s < sizes->len; s++)
    g_string_append_printf(out, "%s%u", s ? ", " : "", g_array_index(sizes, guint, s));
  return g_string_free(out, FALSE);
}

/* --at: a size the file has bulk rows at. */
static bool parse_at(const char *path, const char *text, GPtrArray *rows, guint *size,
                     char **message)
{
  g_autoptr(GArray) sizes = sm_summary_sizes(rows);
  guint64 value = 0;
  bool number = sm_parse_count(text, 1, G_MAXUINT, &value);
  for (guint s = 0; number && s < sizes->len; s++)
    if (g_array_index(sizes, guint, s) == value) {
      *size = (guint)value;
      return true;
    }
  g_autofree char *valid = sizes->len ? sizes_text(sizes) : g_strdup("none: no bulk rows");
  *message =
      g_strdup_printf("--at: \"%s\" is not a block size in %s (valid: %s)", text, path, valid);
  return false;
}

static bool parse_kind(const char *text, int *kind, char **message)
{
  SmKind parsed;
  if (sm_kind_parse(text, &parsed)) {
    *kind = (int)parsed;
    return true;
  }
  GString *valid = g_string_new(NULL);
  for (unsigned k = 0; k < SM_KIND_COUNT; k++)
    g_string_append_printf(valid, "%s%s", k ? ", " : "", sm_kind_name((SmKind)k));
  *message = g_strdup_printf("--kind: unknown kind \"%s\" (valid: %s)", text, valid->str);
  g_string_free(valid, TRUE);
  return false;
}

static int print_summary(const char *path, const char *at, const char *kind, const char *ct_path,
                         const char *profile_path, SmColorMode color, bool emulated)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_read(path, &error);
  if (set == NULL)
    return sm_fail(error->message);
  if (!sm_results_check_once(&set, 1, &error))
    return sm_fail(error->message);
  if (!sm_results_check_emulated("summary", &set, 1, emulated, &error))
    return sm_fail(error->message);
  for (guint w = 0; w < set->warnings->len; w++)
    fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)set->warnings->pdata[w]);
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  for (guint i = 0; i < set->results->len; i++)
    g_ptr_array_add(rows, ((SmResultRow *)set->results->pdata[i])->row);
  SmSummaryOptions options = {.kind = -1};
  g_autofree char *message = NULL;
  if (at != NULL && !parse_at(path, at, rows, &options.size, &message))
    return sm_fail(message);
  if (kind != NULL && !parse_kind(kind, &options.kind, &message))
    return sm_fail(message);
  g_autoptr(SmSummary) summary = sm_summary_build(rows, &options);
  if (ct_path != NULL) {
    g_autoptr(SmCtSet) ct = sm_ct_set_read(ct_path, &error);
    if (ct == NULL)
      return sm_fail(error->message);
    sm_summary_mark_ct(summary, ct);
  }
  g_autoptr(SmProfileSet) profile = NULL;
  if (profile_path != NULL && (profile = sm_profile_set_read(profile_path, &error)) == NULL)
    return sm_fail(error->message);
  g_autoptr(GString) text = g_string_new(NULL);
  bool colour = sm_color_wanted(stdout, color);
  sm_summary_render_text(summary, text, sm_output_width(stdout), colour);
  g_autoptr(SmScaling) scaling = sm_scaling_build(rows);
  if (scaling != NULL)
    sm_scaling_render_text(scaling, text);
  if (profile != NULL)
    sm_profile_render_summary(summary, profile, sm_output_width(stdout), text);
  g_autofree char *shown = sm_terminal_text(text->str, colour);
  fputs(shown, stdout);
  return SM_EXIT_OK;
}

int sm_cmd_summary(int argc, char **argv)
{
  g_autofree char *at = NULL, *kind = NULL, *color_text = NULL, *ct = NULL, *profile = NULL;
  gboolean emulated = FALSE;
  GOptionEntry entries[] = {
      {"at", 0, 0, G_OPTION_ARG_STRING, &at,
       "Block size of the bulk grids (default 8192, or the file's size nearest to it)", "SIZE"},
      {"kind", 'k', 0, G_OPTION_ARG_STRING, &kind,
       "Only this kind: cipher, aead, digest, mac, signature or kex", "K"},
      {"color", 0, 0, G_OPTION_ARG_STRING, &color_text,
       "Colour: auto (on a terminal, unless NO_COLOR is set), always or never", "WHEN"},
      {"ct", 0, 0, G_OPTION_ARG_FILENAME, &ct,
       "A speedmatrix ct file: mark with ! the cells it found secret-dependent", "FILE"},
      {"profile", 0, 0, G_OPTION_ARG_FILENAME, &profile,
       "A speedmatrix profile file: after the grids, where each shown cell's instructions go "
       "(its top functions)",
       "FILE"},
      {"emulated", 0, 0, G_OPTION_ARG_NONE, &emulated,
       "Show a run measured under emulation (its figures are the emulator's)", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(
          &argc, &argv, "RUN.csv - the answer at a glance",
          "One grid per kind: algorithm rows, engine columns, each cell the engine's best "
          "API level as a ratio to the fastest engine of the row (1.00), the fastest's "
          "figure at the row's end. Public-key kinds: one grid per operation.",
          entries))
    return SM_EXIT_BAD_INPUT;
  SmColorMode color = SM_COLOR_AUTO;
  if (color_text != NULL && !sm_color_mode_parse(color_text, &color)) {
    g_autofree char *message =
        g_strdup_printf("--color: unknown \"%s\" (valid: auto, always, never)", color_text);
    return sm_fail(message);
  }
  if (argc != 2)
    return sm_fail("summary: needs one result file (speedmatrix summary RUN.csv)");
  return print_summary(argv[1], at, kind, ct, profile, color, emulated);
}
