/* The report's tables as Markdown, for a README or a pull request. Charts stay in the HTML. */
#include "report/report.h"

#include <string.h>

static void paragraph(GString *out, const char *text)
{
  /* Markdown would read these as markup; the texts are ours, but keep them literal. */
  for (const char *c = text; *c; c++) {
    if (strchr("\\`*_[]<>|", *c) != NULL)
      g_string_append_c(out, '\\');
    g_string_append_c(out, *c);
  }
  g_string_append(out, "\n\n");
}

char *sm_report_render_markdown(const SmReport *report)
{
  GString *out = g_string_new("# speedmatrix report\n\n");
  for (guint i = 0; i < report->sections->len; i++) {
    const SmReportSection *section = report->sections->pdata[i];
    g_string_append_printf(out, "## %s\n\n", section->title);
    if (strcmp(section->id, "charts") == 0) {
      g_string_append_printf(out,
                             "%u charts in the HTML form of this report (`speedmatrix "
                             "report RUN.csv -o report.html`).\n\n",
                             report->charts->len);
      continue;
    }
    if (section->intro != NULL)
      paragraph(out, section->intro);
    if (section->grid != NULL) {
      sm_grid_render_markdown(section->grid, out);
      g_string_append_c(out, '\n');
    } else if (section->empty != NULL) {
      paragraph(out, section->empty);
    }
  }
  /* One line end at the very end. */
  while (out->len > 1 && out->str[out->len - 1] == '\n' && out->str[out->len - 2] == '\n')
    g_string_truncate(out, out->len - 1);
  return g_string_free(out, FALSE);
}
