/* compare --format table (the default): an aligned table per algorithm, for people. */
#include "compare/compare_output.h"
#include "core/util.h"

static void write_table(const SmComparison *cmp, GString *out)
{
  for (guint r = 0; r < cmp->runs->len; r++) {
    const SmCompareRun *run = cmp->runs->pdata[r];
    g_autofree char *hosts = sm_compare_hosts_text(run);
    g_string_append_printf(out, "%-9s[%u] %s (host %s; %u rows)\n", r == 0 ? "baseline" : "", r + 1,
                           run->label, hosts, run->results->len);
  }
  g_autofree char *rule = sm_compare_rule_text(cmp);
  sm_text_wrap(out, rule, 100, "threshold: ", "  ");
  for (guint at = 0; at < cmp->cells->len;) {
    const SmCompareCell *cell = cmp->cells->pdata[at];
    g_string_append_printf(out, "\n%s (%s)\n", cell->first->algorithm, sm_compare_shown_unit(cell));
    g_autofree char *unsupported = NULL;
    g_autoptr(SmGrid) grid = sm_compare_group_grid(cmp, &at, &unsupported);
    if (grid->rows->len > 0)
      sm_grid_render_text(grid, out, "  ");
    if (unsupported[0] != '\0')
      sm_text_wrap_at(out, unsupported, ", ", 100, "  unsupported in every run: ", "    ");
  }
  g_string_append_c(out, '\n');
  sm_compare_summary_lines(cmp, out, "  ");
}

const SmCompareFormat sm_compare_format_table = {"table", "txt", write_table, true};
