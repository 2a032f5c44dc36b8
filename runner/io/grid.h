/* A table of text cells with a header row, rendered as aligned plain text, a Markdown pipe
 * table or an HTML <table>: the one model behind compare's and report's tables. */
#pragma once

#include <glib.h>

typedef struct {
  guint columns;
  char **headers;  /* columns entries */
  char *align;     /* per column: 'l' left, 'r' right (numbers), 'w' left and wrapping in HTML */
  GPtrArray *rows; /* char** of `columns` entries each */
} SmGrid;

/* `align`: one 'l', 'r' or 'w' per header, e.g. "llrr". */
SmGrid *sm_grid_new(const char *const *headers, guint columns, const char *align);
void sm_grid_free(SmGrid *grid);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmGrid, sm_grid_free)

/* Appends a row of `columns` cells (copied; NULL is an empty cell). */
void sm_grid_add_row(SmGrid *grid, const char *const *cells);
/* Appends a row whose cells are taken over (g_free'd with the grid). */
void sm_grid_add_row_owned(SmGrid *grid, char **cells);

/* Columns padded to their widest cell, separated by two spaces, each line after `indent`. */
void sm_grid_render_text(const SmGrid *grid, GString *out, const char *indent);
/* A GitHub-flavoured Markdown table; '|', '\\', '<', '>' and line breaks in cells are escaped. */
void sm_grid_render_markdown(const SmGrid *grid, GString *out);
/* An HTML table with <thead> and <tbody>; every cell HTML-escaped. `attributes` (trusted, may
 * be NULL) go into the <table> tag. */
void sm_grid_render_html(const SmGrid *grid, GString *out, const char *attributes);

/* Appends `text` with &, <, >, " and ' escaped. */
void sm_html_escape_append(GString *out, const char *text);

/* Appends `text` broken at spaces into lines of at most `width` columns (a longer word stays
 * whole), the first line after `first`, the others after `indent`, each ended by a newline. */
void sm_text_wrap(GString *out, const char *text, guint width, const char *first,
                  const char *indent);
/* The same, breaking only at `separator` (", " keeps "openssl low" whole). */
void sm_text_wrap_at(GString *out, const char *text, const char *separator, guint columns,
                     const char *first, const char *indent);
