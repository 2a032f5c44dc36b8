/* compare --format markdown: the runs, then a GitHub-flavoured table per algorithm. */
#include "compare/compare_output.h"

static void write_markdown(const SmComparison *cmp, GString *out)
{
  g_string_append(out, "## speedmatrix compare\n\n");
  const char *headers[] = {"run", "file", "hosts", "rows"};
  g_autoptr(SmGrid) runs = sm_grid_new(headers, 4, "llll");
  for (guint r = 0; r < cmp->runs->len; r++) {
    const SmCompareRun *run = cmp->runs->pdata[r];
    g_autofree char *index = g_strdup_printf(r == 0 ? "[%u] (baseline)" : "[%u]", r + 1);
    g_autofree char *hosts = sm_compare_hosts_text(run);
    g_autofree char *rows = g_strdup_printf("%u", run->results->len);
    const char *cells[] = {index, run->label, hosts, rows};
    sm_grid_add_row(runs, cells);
  }
  sm_grid_render_markdown(runs, out);
  g_autofree char *rule = sm_compare_rule_text(cmp);
  g_string_append_printf(out, "\nThreshold: %s.\n", rule);
  for (guint at = 0; at < cmp->cells->len;) {
    const SmCompareCell *cell = cmp->cells->pdata[at];
    g_string_append_printf(out, "\n### %s (%s)\n\n", cell->first->algorithm,
                           sm_compare_shown_unit(cell));
    g_autofree char *unsupported = NULL;
    g_autoptr(SmGrid) grid = sm_compare_group_grid(cmp, &at, &unsupported);
    if (grid->rows->len > 0)
      sm_grid_render_markdown(grid, out);
    if (unsupported[0] != '\0')
      g_string_append_printf(out, "%sUnsupported in every run: %s.\n",
                             grid->rows->len > 0 ? "\n" : "", unsupported);
  }
  g_string_append_c(out, '\n');
  sm_compare_summary_lines(cmp, out, "- ");
}

const SmCompareFormat sm_compare_format_markdown = {"markdown", "md", write_markdown, true};
