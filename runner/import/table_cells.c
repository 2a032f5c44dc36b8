/* Finding hand-made tables in a text and splitting them into cells. A table is a block of lines
 * with at least one row of figures: pipe-delimited lines, comma- or tab-separated lines, or a
 * paragraph aligned with spaces. Spaces tables are split where the figure rows' columns are, so
 * a header split over several lines or centred over its figures still lands on them. */
#include "import/table_cells.h"
#include "import/table_words.h"

#include "import/patterns.h"

#include <string.h>

const char *sm_table_layout_name(SmTableLayout layout)
{
  static const char *const names[] = {"pipe", "csv", "tsv", "spaces"};
  return names[layout];
}

static void row_free(gpointer data)
{
  SmTableRow *row = data;
  g_ptr_array_unref(row->cells);
  g_free(row);
}

void sm_table_free(SmTable *table)
{
  if (table == NULL)
    return;
  g_ptr_array_unref(table->rows);
  g_free(table);
}

/* A group separator at `p` ("," "." "'" a space, a no-break or thin space): its length, else 0. */
static gsize separator_at(const char *p)
{
  static const char *const separators[] = {",", ".", "'", " ", "\u00a0", "\u202f", "\u2009"};
  for (size_t i = 0; i < G_N_ELEMENTS(separators); i++)
    if (g_str_has_prefix(p, separators[i]))
      return strlen(separators[i]);
  return 0;
}

static gsize digits_at(const char *p) { return strspn(p, "0123456789"); }

/* Groups of three digits after a lead of one to three, all with the same separator: "1,234,567",
 * "1 234 567", "1.234.567" (a dot needs two groups: "1.234" is openssl's decimal point). Copies
 * the digits into `digits`; returns where the groups end, or `p` when there are none. */
static const char *read_groups(const char *p, GString *digits, char *separator)
{
  gsize sep_len = separator_at(p);
  if (sep_len == 0)
    return p;
  const char *at = p;
  guint groups = 0;
  g_autoptr(GString) copied = g_string_new(NULL);
  while (strncmp(at, p, sep_len) == 0 && digits_at(at + sep_len) == 3) {
    g_string_append_len(copied, at + sep_len, 3);
    at += sep_len + 3;
    groups++;
  }
  if (groups == 0 || (p[0] == '.' && groups < 2))
    return p;
  g_string_append(digits, copied->str);
  *separator = p[0];
  return at;
}

bool sm_table_figure_read(const char *text, SmTableFigure *figure)
{
  *figure = (SmTableFigure){0};
  if (text[0] == '\0' || strlen(text) >= 32)
    return false;
  g_autoptr(GString) digits = g_string_new(NULL);
  const char *p = text;
  gsize lead = digits_at(p);
  g_string_append_len(digits, p, (gssize)lead);
  p += lead;
  char separator = 0;
  if (lead >= 1 && lead <= 3) {
    const char *after = read_groups(p, digits, &separator);
    figure->grouped = after != p;
    p = after;
  }
  /* The decimal mark: a point, or a comma after groups of dots (German "1.234.567,89"). */
  char mark = separator == '.' ? ',' : '.';
  if (*p == mark && digits_at(p + 1) > 0) {
    g_string_append_c(digits, '.');
    g_string_append_len(digits, p + 1, (gssize)digits_at(p + 1));
    p += 1 + digits_at(p + 1);
    figure->decimals = true;
  }
  if (lead == 0 && !figure->decimals)
    return false;
  if (*p == 'k' || *p == 's')
    figure->suffix = *p++;
  if (*p != '\0')
    return false;
  figure->value = g_ascii_strtod(digits->str, NULL);
  return true;
}

bool sm_table_is_figure(const char *text)
{
  SmTableFigure figure;
  return sm_table_figure_read(text, &figure);
}

/* Numbers that name a size in headers: powers of two (block sizes, most key bits) and the other
 * key sizes and curves openssl speed prints. */
static bool size_like(double value)
{
  static const guint other_bits[] = {160, 163, 192, 224, 233, 253,  255,  283,
                                     384, 409, 448, 521, 571, 3072, 7680, 15360};
  if (value < 1 || value > 1048576 || value != (double)(guint)value)
    return false;
  guint whole = (guint)value;
  if ((whole & (whole - 1)) == 0)
    return true;
  for (size_t i = 0; i < G_N_ELEMENTS(other_bits); i++)
    if (whole == other_bits[i])
      return true;
  return false;
}

bool sm_table_is_strong_figure(const char *text)
{
  SmTableFigure figure;
  if (!sm_table_figure_read(text, &figure))
    return false;
  return figure.decimals || figure.suffix != 0 || figure.grouped ||
         (!size_like(figure.value) && text[0] != '0');
}

bool sm_table_is_missing(const char *text)
{
  static const char *const words[] = {"n/a",    "na",     "n.a.",         "-",    "--",
                                      "\u2014", "\u2013", "n/v",          "k.a.", "k. a.",
                                      "n.d.",   "nd",     "\u043d/\u0434"};
  for (size_t i = 0; i < G_N_ELEMENTS(words); i++)
    if (g_ascii_strcasecmp(text, words[i]) == 0)
      return true;
  return g_ascii_strncasecmp(text, "n/a ", 4) == 0 || g_ascii_strncasecmp(text, "n/a(", 4) == 0;
}

/* ---- lines that belong to openssl speed's own output, never to a hand-made table ---- */

static bool looks_like_openssl(const char *line)
{
  static gsize slot;
  static const char *const pattern =
      "^\\s*(?:type\\s+\\d+\\s+bytes|The 'numbers' "
      "are|version:\\s|OpenSSL\\s+\\d+\\.\\d+\\.\\d+\\S*"
      "\\s+\\d{1,2}\\s+[A-Z][a-z]{2}\\s|\\+[A-Z0-9]+:|Doing\\s|(?:rsa|dsa)\\s+\\d+\\s+bits\\s+\\d|"
      "\\d+\\s+bits?\\s+(?:ecdsa|ecdh|EdDSA|SM2|ffdh)\\s|sign\\s+verify\\s+sign/s|op\\s+op/s|"
      "built on:|options:|compiler:|platform:|CPUINFO:|OPENSSLDIR:|model name\\s*:)";
  return g_regex_match(sm_import_regex(&slot, pattern, 0), line, 0, NULL);
}

/* ---- splitting lines into cells ---- */

static GPtrArray *cells_new(void) { return g_ptr_array_new_with_free_func(g_free); }

static void add_cell(GPtrArray *cells, const char *start, gsize len)
{
  char *cell = g_strndup(start, len);
  g_ptr_array_add(cells, g_strstrip(cell));
}

/* "| a | b |" -> a, b; "a | b" -> a, b (borders are optional). */
static GPtrArray *split_pipe(const char *line)
{
  GPtrArray *cells = cells_new();
  g_autofree char *copy = g_strstrip(g_strdup(line));
  char *text = copy;
  size_t len = strlen(text);
  if (len > 0 && text[0] == '|')
    text++, len--;
  if (len > 0 && text[len - 1] == '|')
    text[--len] = '\0';
  g_auto(GStrv) parts = g_strsplit(text, "|", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    add_cell(cells, parts[i], strlen(parts[i]));
  return cells;
}

/* RFC 4180 fields separated by `separator` ("" quoting inside quoted fields). */
static GPtrArray *split_separated(const char *line, char separator)
{
  GPtrArray *cells = cells_new();
  GString *field = g_string_new(NULL);
  bool quoted = false;
  for (const char *c = line;; c++) {
    if (quoted && *c == '"' && c[1] == '"') {
      g_string_append_c(field, '"');
      c++;
    } else if (*c == '"' && quoted) {
      quoted = false; /* text after a closing quote stays in the field */
    } else if (*c == '"' && field->str[strspn(field->str, " ")] == '\0') {
      quoted = true;
      g_string_truncate(field, 0);
    } else if (*c == '\0' || (*c == separator && !quoted)) {
      add_cell(cells, field->str, field->len);
      g_string_truncate(field, 0);
      if (*c == '\0')
        break;
    } else {
      g_string_append_c(field, *c);
    }
  }
  g_string_free(field, TRUE);
  return cells;
}

static bool is_separator_row(GPtrArray *cells)
{
  bool any = false;
  for (guint i = 0; i < cells->len; i++) {
    const char *cell = cells->pdata[i];
    if (cell[0] == '\0')
      continue;
    if (strspn(cell, "-:=+ ") != strlen(cell))
      return false;
    any = true;
  }
  return any;
}

/* A figure as openssl prints it, with decimals ("3784.0", "105045.97k"): what makes a block a
 * table of figures rather than prose with numbers in it. */
static bool has_figure(GPtrArray *cells)
{
  for (guint i = 0; i < cells->len; i++)
    if (sm_table_is_strong_figure(cells->pdata[i]))
      return true;
  return false;
}

static guint count_char(const char *line, char c)
{
  guint n = 0;
  for (; *line; line++)
    n += *line == c;
  return n;
}

static SmTable *table_new(SmTableLayout layout, guint first_line)
{
  SmTable *table = g_new0(SmTable, 1);
  table->layout = layout;
  table->first_line = table->last_line = first_line;
  table->rows = g_ptr_array_new_with_free_func(row_free);
  return table;
}

static void table_add(SmTable *table, guint line, GPtrArray *cells)
{
  if (is_separator_row(cells)) {
    g_ptr_array_unref(cells);
    return;
  }
  SmTableRow *row = g_new0(SmTableRow, 1);
  row->line = line;
  row->number = table->rows->len + 1;
  row->cells = cells;
  table->columns = MAX(table->columns, cells->len);
  g_ptr_array_add(table->rows, row);
}

/* Whether the table is worth reading: two rows or more, one of them with a figure. */
static bool table_plausible(SmTable *table)
{
  if (table->rows->len < 2 || table->columns < 2)
    return false;
  for (guint i = 0; i < table->rows->len; i++)
    if (has_figure(((SmTableRow *)table->rows->pdata[i])->cells))
      return true;
  return false;
}

static void pad_rows(SmTable *table)
{
  for (guint i = 0; i < table->rows->len; i++) {
    GPtrArray *cells = ((SmTableRow *)table->rows->pdata[i])->cells;
    while (cells->len < table->columns)
      g_ptr_array_add(cells, g_strdup(""));
  }
}

/* ---- tables aligned with spaces ---- */

typedef struct {
  guint start, end; /* character columns, end exclusive */
  char *text;
} Span;

static void span_clear(gpointer data) { g_free(((Span *)data)->text); }

/* Whether `word`, one space after the cell `last`, continues it: the words of a label ("16
 * bytes", "rsa 2048 bits") and the groups of a figure written "1 234 567"; never two figures
 * (whole numbers one space apart are columns: "16 64 256", "123456 234567"). */
static bool continues(const char *last, const char *word)
{
  g_autofree char *joined = g_strconcat(last, " ", word, NULL);
  SmTableFigure figure;
  bool two_sizes = sm_table_is_figure(last) && !sm_table_is_strong_figure(last) &&
                   sm_table_is_figure(word) && !sm_table_is_strong_figure(word);
  if (sm_table_figure_read(joined, &figure) && figure.grouped && !two_sizes)
    return true;
  if (sm_table_is_figure(last) && sm_table_is_figure(word))
    return false;
  return !sm_table_is_strong_figure(word) && !sm_table_is_strong_figure(last);
}

/* The line's cells with their columns: words one space apart make one cell, except figures. */
static GArray *spans_of(const char *line)
{
  GArray *spans = g_array_new(FALSE, TRUE, sizeof(Span));
  g_array_set_clear_func(spans, span_clear);
  guint column = 0;
  const char *c = line;
  while (*c) {
    if (*c == ' ' || *c == '\t') {
      column = *c == '\t' ? (column / 8 + 1) * 8 : column + 1;
      c++;
      continue;
    }
    const char *end = c;
    while (*end && *end != ' ' && *end != '\t')
      end++;
    g_autofree char *word = g_strndup(c, (gsize)(end - c));
    guint width = (guint)g_utf8_strlen(word, -1);
    Span *last = spans->len ? &g_array_index(spans, Span, spans->len - 1) : NULL;
    if (last != NULL && last->end + 1 == column && continues(last->text, word)) {
      char *joined = g_strconcat(last->text, " ", word, NULL);
      g_free(last->text);
      last->text = joined;
      last->end = column + width;
    } else {
      Span span = {column, column + width, g_steal_pointer(&word)};
      g_array_append_val(spans, span);
    }
    column += width;
    c = end;
  }
  return spans;
}

static bool spans_are_data(GArray *spans)
{
  if (spans->len < 2)
    return false;
  const char *last = g_array_index(spans, Span, spans->len - 1).text;
  if (!sm_table_is_figure(last) && !sm_table_is_missing(last))
    return false;
  /* "algorithm 16 64 256" is a header: data has a figure no header prints, or an n/a. */
  for (guint s = 0; s < spans->len; s++) {
    const char *text = g_array_index(spans, Span, s).text;
    if (sm_table_is_strong_figure(text) || sm_table_is_missing(text))
      return true;
  }
  return false;
}

static int compare_spans(gconstpointer a, gconstpointer b)
{
  const Span *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* The columns: the figure rows' cells merged where they overlap. */
static GArray *column_spans(GPtrArray *lines_spans)
{
  GArray *all = g_array_new(FALSE, TRUE, sizeof(Span));
  for (guint i = 0; i < lines_spans->len; i++) {
    GArray *spans = lines_spans->pdata[i];
    if (!spans_are_data(spans))
      continue;
    for (guint s = 0; s < spans->len; s++) {
      Span span = g_array_index(spans, Span, s);
      span.text = NULL;
      g_array_append_val(all, span);
    }
  }
  g_array_sort(all, compare_spans);
  GArray *columns = g_array_new(FALSE, TRUE, sizeof(Span));
  for (guint i = 0; i < all->len; i++) {
    Span span = g_array_index(all, Span, i);
    Span *last = columns->len ? &g_array_index(columns, Span, columns->len - 1) : NULL;
    if (last != NULL && span.start < last->end)
      last->end = MAX(last->end, span.end);
    else
      g_array_append_val(columns, span);
  }
  g_array_unref(all);
  return columns;
}

/* The column a cell belongs to: the one it overlaps most, else the nearest. */
static guint column_of(GArray *columns, const Span *span)
{
  guint best = 0;
  gint64 best_score = G_MININT64;
  for (guint i = 0; i < columns->len; i++) {
    const Span *column = &g_array_index(columns, Span, i);
    gint64 overlap = (gint64)MIN(span->end, column->end) - (gint64)MAX(span->start, column->start);
    if (overlap > best_score) {
      best_score = overlap;
      best = i;
    }
  }
  return best;
}

static GPtrArray *aligned_cells(GArray *columns, GArray *spans, bool data)
{
  GPtrArray *cells = cells_new();
  for (guint i = 0; i < columns->len; i++)
    g_ptr_array_add(cells, g_strdup(""));
  /* A line of text alone (a machine's description) belongs to the first column. */
  bool alone = !data && spans->len == 1 &&
               g_array_index(spans, Span, 0).start < g_array_index(columns, Span, 0).end;
  for (guint s = 0; s < spans->len; s++) {
    const Span *span = &g_array_index(spans, Span, s);
    guint at = alone ? 0 : column_of(columns, span);
    char *old = cells->pdata[at];
    cells->pdata[at] = old[0] ? g_strconcat(old, " ", span->text, NULL) : g_strdup(span->text);
    g_free(old);
  }
  return cells;
}

/* ---- tables written with single spaces: read from the right ---- */

static bool figure_word(const char *word)
{
  return sm_table_is_figure(word) || sm_table_is_missing(word);
}

/* How many figures end the line's words (a row of figures: "... nie 81234.56k 86543.21k"). */
static guint trailing_figures(GStrv words)
{
  guint count = g_strv_length(words), figures = 0;
  while (figures < count && figure_word(words[count - 1 - figures]))
    figures++;
  return figures;
}

/* A size with its unit, glued ("64bajty") or not ("16 bajtów"): words taken from the right. */
static char *size_cell_from_right(GStrv words, guint *end)
{
  if (*end == 0)
    return NULL;
  const char *last = words[*end - 1];
  size_t digits = strspn(last, "0123456789");
  if (digits > 0 && digits <= 6 && g_ascii_isalpha(last[digits])) {
    (*end)--;
    return g_strdup_printf("%.*s %s", (int)digits, last, last + digits);
  }
  if (digits > 0 && last[digits] == '\0') {
    (*end)--;
    return g_strdup(last);
  }
  if (*end >= 2 && digits == 0 &&
      strspn(words[*end - 2], "0123456789") == strlen(words[*end - 2])) {
    *end -= 2;
    return g_strdup_printf("%s %s", words[*end], last);
  }
  return NULL;
}

/* A header of label words and `sizes` sizes: its cells, one per label word, then the sizes. */
static GPtrArray *single_spaced_header(GStrv words, guint sizes)
{
  guint end = g_strv_length(words);
  g_autoptr(GPtrArray) sized = cells_new();
  for (guint s = 0; s < sizes; s++) {
    char *cell = size_cell_from_right(words, &end);
    if (cell == NULL)
      return NULL;
    g_ptr_array_insert(sized, 0, cell);
  }
  if (end == 0)
    return NULL;
  GPtrArray *cells = cells_new();
  for (guint w = 0; w < end; w++)
    add_cell(cells, words[w], strlen(words[w]));
  g_ptr_array_extend(cells, sized, (GCopyFunc)(void *)g_strdup, NULL);
  return cells;
}

/* A row read right to left: its figures, one word per label column but the first, and the
 * first column (the machine, whose name has spaces) takes the words left over. */
static GPtrArray *single_spaced_row(GStrv words, guint labels, guint figures)
{
  guint count = g_strv_length(words);
  if (trailing_figures(words) != figures || count < labels + figures)
    return NULL;
  GPtrArray *cells = cells_new();
  guint first_words = count - figures - (labels - 1);
  GString *joined = g_string_new(NULL);
  for (guint w = 0; w < first_words; w++)
    g_string_append_printf(joined, "%s%s", w ? " " : "", words[w]);
  g_ptr_array_add(cells, g_string_free(joined, FALSE));
  for (guint w = first_words; w < count; w++)
    add_cell(cells, words[w], strlen(words[w]));
  return cells;
}

/* A blog's table typed with single spaces ("Procesor metoda EVP 16 bajtów 64bajty ..."), which
 * no column positions describe: every row ends with as many figures as the header has sizes,
 * and is read from the right. NULL when the block is not written so. */
static SmTable *single_spaced_table(char **lines, guint from, guint to)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
  guint figures = 0, header = G_MAXUINT;
  for (guint i = from; i < to; i++) {
    g_autofree char *line = g_strstrip(g_strdup(lines[i]));
    if (strstr(line, "  ") != NULL || strchr(line, '\t') != NULL)
      return NULL; /* aligned: the columns say where cells are */
    GStrv split = g_strsplit(line, " ", -1);
    g_ptr_array_add(words, split);
    guint trailing = trailing_figures(split);
    bool data = trailing > 0 && sm_table_is_strong_figure(split[g_strv_length(split) - 1]);
    if (data && figures != 0 && trailing != figures)
      return NULL;
    if (data)
      figures = trailing;
    else if (figures == 0 && header == G_MAXUINT)
      header = i - from;
  }
  if (figures == 0 || header == G_MAXUINT)
    return NULL;
  g_autoptr(GPtrArray) header_cells = single_spaced_header(words->pdata[header], figures);
  if (header_cells == NULL)
    return NULL;
  guint labels = header_cells->len - figures;
  /* The header's first column is the algorithm's ("type") and every row has the same number of
   * words more before it ("SW aes-128-cbc ..."): those words are a column the header did not
   * name (a machine, a setup), as a pipe table's empty first header cell says. */
  if (sm_role_of_header(header_cells->pdata[0]) == SM_ROLE_ALGORITHM) {
    guint extra = 0;
    bool constant = true;
    for (guint i = from; i < to && constant; i++) {
      GStrv line_words = words->pdata[i - from];
      guint count = g_strv_length(line_words);
      if (i - from == header || trailing_figures(line_words) != figures)
        continue;
      guint more = count - figures > labels ? count - figures - labels : 0;
      constant = more > 0 && (extra == 0 || more == extra);
      extra = more;
    }
    if (constant && extra > 0) {
      g_ptr_array_insert(header_cells, 0, g_strdup(""));
      labels++;
    }
  }
  SmTable *table = table_new(SM_LAYOUT_SPACES, from + 1);
  for (guint i = from; i < to; i++) {
    GStrv line_words = words->pdata[i - from];
    GPtrArray *cells = i - from == header ? g_ptr_array_ref(header_cells)
                                          : single_spaced_row(line_words, labels, figures);
    if (cells == NULL) { /* a line of its own (a machine, a note): the first column */
      cells = cells_new();
      g_autofree char *joined = g_strjoinv(" ", line_words);
      add_cell(cells, joined, strlen(joined));
    }
    table_add(table, i + 1, cells);
  }
  table->last_line = to;
  return table;
}

/* A line's cells where two spaces or more part them ("host  ecdsa verifies  aes-128"), with
 * the character column each starts at. */
static GArray *wide_cells(const char *line)
{
  GArray *spans = g_array_new(FALSE, TRUE, sizeof(Span));
  g_array_set_clear_func(spans, span_clear);
  const char *c = line;
  while (*c) {
    if (*c == ' ') {
      c++;
      continue;
    }
    const char *end = c;
    while (*end && !(end[0] == ' ' && (end[1] == ' ' || end[1] == '\0')))
      end++;
    Span span = {(guint)g_utf8_pointer_to_offset(line, c), 0, g_strndup(c, (gsize)(end - c))};
    span.end = span.start + (guint)g_utf8_strlen(span.text, -1);
    g_array_append_val(spans, span);
    c = end;
  }
  return spans;
}

/* A header line's cells: where two spaces or more part them, else (`*words`) one per word. */
static GArray *header_cells(const char *line, bool *words)
{
  GArray *spans = wide_cells(line);
  *words = spans->len == 1 && strchr(g_array_index(spans, Span, 0).text, ' ') != NULL;
  if (!*words)
    return spans;
  g_array_set_size(spans, 0);
  guint column = 0;
  g_auto(GStrv) split = g_strsplit(line, " ", -1);
  for (guint i = 0; split[i] != NULL; column += (guint)g_utf8_strlen(split[i++], -1) + 1) {
    if (split[i][0] == '\0')
      continue;
    Span span = {column, column + (guint)g_utf8_strlen(split[i], -1), g_strdup(split[i])};
    g_array_append_val(spans, span);
  }
  return spans;
}

/* A word that starts a group of columns in a header typed with single spaces: an algorithm or
 * a public-key family ("ecdsa verifies ed25519 verifies aes-128"). */
static bool names_group(const char *word)
{
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_read(&spec, word);
  bool names = spec.algorithm != NULL || spec.family >= 0 || spec.keyless != NULL;
  sm_spec_clear(&spec);
  return names;
}

/* An upper header line typed with single spaces over `figures` columns after `labels`: the
 * words before the first name head the labels, each name and the words after it a group, and
 * the groups share the columns evenly. False when they cannot. */
static bool spread_groups(GArray *words, guint labels, guint figures, GPtrArray *cells)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GString) lead = g_string_new(NULL);
  for (guint w = 0; w < words->len; w++) {
    const char *word = g_array_index(words, Span, w).text;
    if (names_group(word))
      g_ptr_array_add(groups, g_strdup(word));
    else if (groups->len > 0) {
      char *last = groups->pdata[groups->len - 1];
      groups->pdata[groups->len - 1] = g_strconcat(last, " ", word, NULL);
      g_free(last);
    } else
      g_string_append_printf(lead, "%s%s", lead->len ? " " : "", word);
  }
  if (groups->len == 0 || figures % groups->len != 0)
    return false;
  g_free(cells->pdata[0]);
  cells->pdata[0] = g_strdup(lead->str);
  for (guint g = 0; g < groups->len; g++) {
    guint at = labels + g * (figures / groups->len);
    g_free(cells->pdata[at]);
    cells->pdata[at] = g_strdup(groups->pdata[g]);
  }
  return true;
}

static bool is_rule_line(const char *line)
{
  gsize length = strlen(line);
  return length >= 3 && strspn(line, "-=_+ ") == length && strpbrk(line, "-=_") != NULL;
}

/* A mail's table whose rows are typed with single spaces ("orion 8123.4 2301.7 ...") under a
 * header aligned with two spaces, its upper line naming groups of columns ("ecdsa verifies" over
 * "256bits  384bits"): the header's last line has a cell per column, each upper cell heads the
 * column it starts nearest to and spans those after it up to the next. A row of figures alone
 * (ratios computed from the rows above) keeps its label columns empty. NULL when the block is
 * not laid out so. */
static SmTable *aligned_header_table(char **lines, guint from, guint to)
{
  guint figures = 0, first_data = G_MAXUINT, label_words = G_MAXUINT;
  for (guint i = from; i < to; i++) {
    g_autofree char *line = g_strstrip(g_strdup(lines[i]));
    g_auto(GStrv) words = g_strsplit(line, " ", -1);
    guint trailing = trailing_figures(words);
    if (trailing < 2 || !sm_table_is_strong_figure(words[g_strv_length(words) - 1]))
      continue;
    if (strstr(line, "  ") != NULL || (figures != 0 && trailing != figures))
      return NULL;
    figures = trailing;
    first_data = MIN(first_data, i);
    if (g_strv_length(words) > trailing)
      label_words = MIN(label_words, g_strv_length(words) - trailing);
  }
  if (figures == 0 || label_words == G_MAXUINT)
    return NULL;
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
  g_autoptr(GArray) by_words = g_array_new(FALSE, FALSE, sizeof(bool));
  for (guint i = from; i < first_data; i++) {
    if (is_rule_line(lines[i]))
      continue;
    bool words = false;
    g_ptr_array_add(header, header_cells(lines[i], &words));
    g_array_append_val(by_words, words);
  }
  if (header->len < 2)
    return NULL;
  GArray *last = header->pdata[header->len - 1];
  if (last->len <= figures || last->len - figures > label_words)
    return NULL;
  guint columns = last->len, labels = columns - figures;
  SmTable *table = table_new(SM_LAYOUT_SPACES, from + 1);
  guint line = from;
  for (guint h = 0; h < header->len; h++, line++) {
    while (is_rule_line(lines[line]))
      line++;
    GArray *spans = header->pdata[h];
    GPtrArray *cells = cells_new();
    for (guint c = 0; c < columns; c++)
      g_ptr_array_add(cells, g_strdup(""));
    bool upper_words = h + 1 < header->len && g_array_index(by_words, bool, h);
    if (upper_words && !spread_groups(spans, labels, figures, cells)) {
      g_ptr_array_unref(cells);
      sm_table_free(table);
      return NULL;
    }
    for (guint s = 0; s < spans->len && !upper_words; s++) {
      const Span *span = &g_array_index(spans, Span, s);
      guint at = s;
      if (h + 1 < header->len) {
        guint best = G_MAXUINT;
        for (guint c = 0; c < columns; c++) {
          guint start = g_array_index(last, Span, c).start;
          guint distance = start > span->start ? start - span->start : span->start - start;
          if (distance < best) {
            best = distance;
            at = c;
          }
        }
      }
      char *old = cells->pdata[at];
      cells->pdata[at] = old[0] ? g_strconcat(old, " ", span->text, NULL) : g_strdup(span->text);
      g_free(old);
    }
    table_add(table, line + 1, cells);
  }
  for (guint i = first_data; i < to; i++) {
    g_autofree char *line = g_strstrip(g_strdup(lines[i]));
    g_auto(GStrv) words = g_strsplit(line, " ", -1);
    GPtrArray *cells = single_spaced_row(words, labels, figures);
    if (cells == NULL && g_strv_length(words) == figures && trailing_figures(words) == figures) {
      cells = cells_new();
      for (guint c = 0; c < labels; c++)
        g_ptr_array_add(cells, g_strdup(""));
      for (guint w = 0; words[w] != NULL; w++)
        add_cell(cells, words[w], strlen(words[w]));
    }
    if (cells == NULL) { /* a line of its own (a machine, a caption): the first column */
      cells = cells_new();
      add_cell(cells, lines[i], strlen(lines[i]));
    }
    table_add(table, i + 1, cells);
  }
  table->last_line = to;
  return table;
}

static SmTable *spaces_table(char **lines, guint from, guint to)
{
  g_autoptr(GPtrArray) lines_spans = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
  guint data_rows = 0;
  for (guint i = from; i < to; i++) {
    GArray *spans = spans_of(lines[i]);
    data_rows += spans_are_data(spans);
    g_ptr_array_add(lines_spans, spans);
  }
  /* A header above the figures: a paragraph of figures alone is not a table one can read. */
  if (data_rows == 0 || spans_are_data(lines_spans->pdata[0]))
    return NULL;
  SmTable *single = single_spaced_table(lines, from, to);
  if (single == NULL)
    single = aligned_header_table(lines, from, to);
  if (single != NULL)
    return single;
  g_autoptr(GArray) columns = column_spans(lines_spans);
  SmTable *table = table_new(SM_LAYOUT_SPACES, from + 1);
  for (guint i = from; i < to; i++) {
    GArray *spans = lines_spans->pdata[i - from];
    table_add(table, i + 1, aligned_cells(columns, spans, spans_are_data(spans)));
  }
  table->last_line = to;
  return table;
}

/* ---- blocks of lines ---- */

static bool blank(const char *line) { return line[strspn(line, " \t")] == '\0'; }

static bool ends_with_pipe(const char *line)
{
  g_autofree char *copy = g_strchomp(g_strdup(line));
  return g_str_has_suffix(copy, "|");
}

/* Pipe lines from `*at`; a row a mail client broke (it starts with '|' but does not end with
 * one, in a table with borders) goes on on the next line. */
static SmTable *pipe_table(char **lines, guint count, const bool *taken, guint *at)
{
  guint first = *at;
  SmTable *table = table_new(SM_LAYOUT_PIPE, first + 1);
  bool borders = lines[first][strspn(lines[first], " ")] == '|';
  guint i = first;
  while (i < count && !taken[i] && !blank(lines[i]) && strchr(lines[i], '|') != NULL) {
    guint start = i;
    g_autoptr(GString) row = g_string_new(lines[i++]);
    while (borders && i < count && !taken[i] && !blank(lines[i]) && i - start < 8 &&
           (!ends_with_pipe(row->str) || g_strchug(lines[i])[0] != '|')) {
      g_autofree char *next = g_strstrip(g_strdup(lines[i++]));
      g_string_append_printf(row, " %s", next);
    }
    table_add(table, start + 1, split_pipe(row->str));
  }
  table->last_line = i;
  *at = i;
  return table;
}

/* A sentence: it ends as sentences do (":" "." "!" "?"), and is no table's line. */
static bool prose_line(const char *line)
{
  g_autofree char *copy = g_strstrip(g_strdup(line));
  gsize length = strlen(copy);
  return length > 0 && strchr(":.!?", copy[length - 1]) != NULL && strchr(copy, '|') == NULL &&
         strchr(copy, ' ') != NULL && !sm_table_is_figure(copy);
}

static SmTable *separated_table(char **lines, guint count, const bool *taken, guint *at,
                                SmTableLayout layout)
{
  char separator = layout == SM_LAYOUT_TSV ? '\t' : ',';
  SmTable *table = table_new(layout, *at + 1);
  guint i = *at;
  while (i < count && !taken[i] && !blank(lines[i]) && strchr(lines[i], separator) != NULL) {
    GPtrArray *cells = split_separated(lines[i], separator);
    /* A sentence typed right under the table (or over the next one) is not a row. */
    if (i > *at && cells->len != table->columns && prose_line(lines[i])) {
      g_ptr_array_unref(cells);
      break;
    }
    table_add(table, i + 1, cells);
    i++;
  }
  table->last_line = i;
  *at = i;
  return table;
}

/* openssl's "type 16 bytes ..." header over rows with a word before the algorithm ("SW
 * aes-128-cbc 114159.97k ..."): a table a person made of openssl's output, not openssl's own. */
static bool labelled_openssl_header(char **lines, guint at, guint count)
{
  static gsize slot;
  if (at + 1 >= count ||
      !g_regex_match(sm_import_regex(&slot, "^\\s*type\\s+\\d+\\s+bytes", 0), lines[at], 0, NULL))
    return false;
  g_auto(GStrv) words = g_strsplit_set(lines[at + 1], " \t", -1);
  const char *last_label = NULL;
  guint labels = 0;
  bool figures = false;
  for (guint i = 0; words[i] != NULL && !figures; i++) {
    if (words[i][0] == '\0')
      continue;
    figures = figure_word(words[i]);
    if (!figures) {
      labels++;
      last_label = words[i];
    }
  }
  if (labels < 2 || !figures)
    return false;
  static const char *const openssl_second[] = {"cbc", "ige", "ede3", "gcm"};
  for (size_t i = 0; i < G_N_ELEMENTS(openssl_second); i++)
    if (g_ascii_strcasecmp(last_label, openssl_second[i]) == 0)
      return false;
  return true;
}

static bool block_has_openssl(char **lines, guint from, guint to)
{
  for (guint i = from; i < to; i++)
    if ((looks_like_openssl(lines[i]) && !(i == from && labelled_openssl_header(lines, i, to))) ||
        strchr(lines[i], '|') != NULL)
      return true;
  return false;
}

/* The table starting at line `*at`, or NULL; `*at` moves past what was looked at. */
static SmTable *table_at(char **lines, guint count, const bool *taken, guint *at)
{
  const char *line = lines[*at];
  bool next = *at + 1 < count && !taken[*at + 1];
  if (count_char(line, '|') >= 2)
    return pipe_table(lines, count, taken, at);
  if (strchr(line, '\t') != NULL && next && strchr(lines[*at + 1], '\t') != NULL &&
      !looks_like_openssl(line))
    return separated_table(lines, count, taken, at, SM_LAYOUT_TSV);
  if (strchr(line, ',') != NULL && next && strchr(lines[*at + 1], ',') != NULL)
    return separated_table(lines, count, taken, at, SM_LAYOUT_CSV);
  guint end = *at;
  while (end < count && !taken[end] && !blank(lines[end]))
    end++;
  guint from = *at;
  *at = MAX(end, from + 1);
  if (end - from < 2 || block_has_openssl(lines, from, end))
    return NULL;
  return spaces_table(lines, from, end);
}

/* Removes the indentation all of a spaces table's lines share (a blog's code block). */
static void dedent(char **lines, guint from, guint to)
{
  gsize common = G_MAXSIZE;
  for (guint i = from; i < to; i++)
    if (!blank(lines[i]))
      common = MIN(common, strspn(lines[i], " "));
  for (guint i = from; i < to && common != G_MAXSIZE && common > 0; i++)
    if (strlen(lines[i]) >= common)
      memmove(lines[i], lines[i] + common, strlen(lines[i] + common) + 1);
}

/* A line laid out as a table's: cells apart (pipes, a tab, two spaces), a rule, or words that
 * all name sizes, algorithms, operations or a column, a size or an algorithm among them
 * ("algorithm 16 bytes 64 bytes"; not "the openssl speed -evp numbers,"). */
static bool tabular_line(const char *line)
{
  g_autofree char *copy = g_strstrip(g_strdup(line));
  if (count_char(copy, '|') >= 2 || strchr(copy, '\t') != NULL || strstr(copy, "  ") != NULL ||
      is_rule_line(copy))
    return true;
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_read(&spec, copy);
  g_auto(GStrv) unknown = g_strsplit(spec.unknown->str, " ", -1);
  bool names = spec.words >= 2 &&
               (spec.algorithm != NULL || spec.family >= 0 || spec.bits > 0 ||
                spec.block_size > 0 || spec.bare > 0 || spec.op >= 0 || spec.keyless != NULL);
  for (guint i = 0; unknown[i] != NULL && names; i++)
    names = unknown[i][0] == '\0' || sm_role_of_header(unknown[i]) != SM_ROLE_NONE;
  sm_spec_clear(&spec);
  return names;
}

/* Where a block's table starts: after the paragraph typed directly above it (no blank line),
 * which ends in a sentence before the table's first line (a machine's line under the header
 * may end in ":" too, so the search stops at the first line laid out as a table's). */
static guint after_prose(char **lines, guint from, guint to)
{
  guint start = from;
  for (guint i = from; i < to; i++) {
    g_autoptr(GArray) spans = spans_of(lines[i]);
    if (spans_are_data(spans))
      break;
    if (prose_line(lines[i]))
      start = i + 1;
    else if (tabular_line(lines[i]))
      break;
  }
  return start < to ? start : from;
}

GPtrArray *sm_tables_find(char **lines, guint count, const bool *taken)
{
  GPtrArray *tables = g_ptr_array_new_with_free_func((GDestroyNotify)sm_table_free);
  guint at = 0;
  while (at < count) {
    if (taken[at] || blank(lines[at]) ||
        (looks_like_openssl(lines[at]) && !labelled_openssl_header(lines, at, count))) {
      at++;
      continue;
    }
    guint end = at;
    while (end < count && !taken[end] && !blank(lines[end]))
      end++;
    at = after_prose(lines, at, end);
    dedent(lines, at, end);
    SmTable *table = table_at(lines, count, taken, &at);
    if (table != NULL && table_plausible(table)) {
      pad_rows(table);
      g_ptr_array_add(tables, table);
    } else {
      sm_table_free(table);
    }
  }
  return tables;
}
