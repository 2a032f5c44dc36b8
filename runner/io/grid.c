#include "io/grid.h"

#include <string.h>

SmGrid *sm_grid_new(const char *const *headers, guint columns, const char *align)
{
  g_return_val_if_fail(strlen(align) == columns, NULL);
  SmGrid *grid = g_new0(SmGrid, 1);
  grid->columns = columns;
  grid->headers = g_new0(char *, columns + 1);
  for (guint c = 0; c < columns; c++)
    grid->headers[c] = g_strdup(headers[c]);
  grid->align = g_strdup(align);
  grid->rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
  return grid;
}

void sm_grid_free(SmGrid *grid)
{
  if (grid == NULL)
    return;
  g_strfreev(grid->headers);
  g_free(grid->align);
  g_ptr_array_unref(grid->rows);
  g_free(grid);
}

void sm_grid_add_row(SmGrid *grid, const char *const *cells)
{
  char **row = g_new0(char *, grid->columns + 1);
  for (guint c = 0; c < grid->columns; c++)
    row[c] = g_strdup(cells[c] ? cells[c] : "");
  g_ptr_array_add(grid->rows, row);
}

void sm_grid_add_row_owned(SmGrid *grid, char **cells)
{
  char **row = g_new0(char *, grid->columns + 1);
  for (guint c = 0; c < grid->columns; c++)
    row[c] = cells[c] ? cells[c] : g_strdup("");
  g_ptr_array_add(grid->rows, row);
}

static glong width(const char *text)
{
  return g_utf8_validate(text, -1, NULL) ? g_utf8_strlen(text, -1) : (glong)strlen(text);
}

static void pad(GString *out, const char *text, glong to, char align)
{
  glong fill = to - width(text);
  if (align == 'r')
    for (glong i = 0; i < fill; i++)
      g_string_append_c(out, ' ');
  g_string_append(out, text);
  if (align != 'r')
    for (glong i = 0; i < fill; i++)
      g_string_append_c(out, ' ');
}

static void text_line(const SmGrid *grid, GString *out, const char *indent, char *const *cells,
                      const glong *widths)
{
  GString *line = g_string_new(indent);
  for (guint c = 0; c < grid->columns; c++) {
    if (c)
      g_string_append(line, "  ");
    pad(line, cells[c], widths[c], grid->align[c]);
  }
  while (line->len > 0 && line->str[line->len - 1] == ' ')
    g_string_truncate(line, line->len - 1);
  g_string_append_printf(out, "%s\n", line->str);
  g_string_free(line, TRUE);
}

void sm_grid_render_text(const SmGrid *grid, GString *out, const char *indent)
{
  g_autofree glong *widths = g_new0(glong, grid->columns);
  for (guint c = 0; c < grid->columns; c++) {
    widths[c] = width(grid->headers[c]);
    for (guint r = 0; r < grid->rows->len; r++)
      widths[c] = MAX(widths[c], width(((char **)grid->rows->pdata[r])[c]));
  }
  text_line(grid, out, indent, grid->headers, widths);
  for (guint r = 0; r < grid->rows->len; r++)
    text_line(grid, out, indent, grid->rows->pdata[r], widths);
}

static void markdown_cell(GString *out, const char *text)
{
  g_string_append_c(out, ' ');
  for (const char *c = text; *c; c++) {
    if (*c == '|' || *c == '\\')
      g_string_append_c(out, '\\');
    /* Markdown passes HTML through: show angle brackets as text. */
    if (*c == '<')
      g_string_append(out, "&lt;");
    else if (*c == '>')
      g_string_append(out, "&gt;");
    else if (*c == '\n' || *c == '\r')
      g_string_append_c(out, ' ');
    else
      g_string_append_c(out, *c);
  }
  g_string_append(out, " |");
}

void sm_grid_render_markdown(const SmGrid *grid, GString *out)
{
  g_string_append_c(out, '|');
  for (guint c = 0; c < grid->columns; c++)
    markdown_cell(out, grid->headers[c]);
  g_string_append(out, "\n|");
  for (guint c = 0; c < grid->columns; c++)
    g_string_append(out, grid->align[c] == 'r' ? "---:|" : "---|");
  g_string_append_c(out, '\n');
  for (guint r = 0; r < grid->rows->len; r++) {
    char **row = grid->rows->pdata[r];
    g_string_append_c(out, '|');
    for (guint c = 0; c < grid->columns; c++)
      markdown_cell(out, row[c]);
    g_string_append_c(out, '\n');
  }
}

void sm_html_escape_append(GString *out, const char *text)
{
  for (const char *c = text; *c; c++) {
    switch (*c) {
    case '&':
      g_string_append(out, "&amp;");
      break;
    case '<':
      g_string_append(out, "&lt;");
      break;
    case '>':
      g_string_append(out, "&gt;");
      break;
    case '"':
      g_string_append(out, "&quot;");
      break;
    case '\'':
      g_string_append(out, "&#39;");
      break;
    default:
      g_string_append_c(out, *c);
    }
  }
}

void sm_grid_render_html(const SmGrid *grid, GString *out, const char *attributes)
{
  g_string_append(out, "<table");
  if (attributes != NULL)
    g_string_append_printf(out, " %s", attributes);
  g_string_append(out, ">\n<thead><tr>");
  for (guint c = 0; c < grid->columns; c++) {
    g_string_append(out, grid->align[c] == 'r' ? "<th class=\"num\">" : "<th>");
    sm_html_escape_append(out, grid->headers[c]);
    g_string_append(out, "</th>");
  }
  g_string_append(out, "</tr></thead>\n<tbody>\n");
  for (guint r = 0; r < grid->rows->len; r++) {
    char **row = grid->rows->pdata[r];
    g_string_append(out, "<tr>");
    for (guint c = 0; c < grid->columns; c++) {
      g_string_append(out, grid->align[c] == 'r'   ? "<td class=\"num\">"
                           : grid->align[c] == 'w' ? "<td class=\"wrap\">"
                                                   : "<td>");
      sm_html_escape_append(out, row[c]);
      g_string_append(out, "</td>");
    }
    g_string_append(out, "</tr>\n");
  }
  g_string_append(out, "</tbody>\n</table>\n");
}

void sm_text_wrap(GString *out, const char *text, guint columns, const char *first,
                  const char *indent)
{
  sm_text_wrap_at(out, text, " ", columns, first, indent);
}

void sm_text_wrap_at(GString *out, const char *text, const char *separator, guint columns,
                     const char *first, const char *indent)
{
  g_auto(GStrv) words = g_strsplit(text, separator, -1);
  g_autofree char *line_end = g_strchomp(g_strdup(separator));
  glong gap = width(separator);
  g_string_append(out, first);
  glong at = width(first), start = at;
  for (char **word = words; *word != NULL; word++) {
    if (**word == '\0')
      continue;
    /* A word that is not the last carries the separator's end if the line breaks after it. */
    glong len = width(*word) + (word[1] != NULL ? width(line_end) : 0);
    if (at > start && at + gap + len > (glong)columns) {
      g_string_append_printf(out, "%s\n%s", line_end, indent);
      at = start = width(indent);
    } else if (at > start) {
      g_string_append(out, separator);
      at += gap;
    }
    g_string_append(out, *word);
    at += width(*word);
  }
  g_string_append_c(out, '\n');
}
