/* Reading a hand-made table: which columns hold figures and what their headers say, what each
 * row's labels say (an algorithm, EVP or not, the machine), and which figure-less rows name the
 * machine of the rows below them; then one speedmatrix row per figure, or the reason it is not
 * one. A table that cannot be read whole gives no rows and says where and why. */
#include "import/table_cells.h"
#include "import/import_rows.h"

#include "core/catalog.h"
#include "import/table_words.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { ROW_HEADER, ROW_DATA, ROW_MACHINE, ROW_REPEAT, ROW_OTHER };

typedef struct {
  SmRole role;  /* SM_ROLE_FIGURES, or what a label column holds */
  char *header; /* the header lines' text over the column, joined */
  SmSpec spec;  /* what the header (or the map) says of the figures */
  bool mapped;
  bool curve_noted; /* the curve its size stood for is in a note */
  guint keyless;    /* figures not imported: the header names a cipher but not its key size */
  guint keyless_line;
} Column;

typedef struct {
  const SmTable *table;
  guint number;
  const char *source;
  const SmImportMap *map;
  Column *columns;
  guint *kinds; /* ROW_* per row */
  double unit;  /* bytes/s per plain bulk figure; from the map or the header's words */
  bool unit_mapped;
  SmImportRun *out;
  GHashTable *cells;  /* cell key -> first line, a table's cells once */
  char *machine;      /* the text of the machine line above the current row */
  bool labelled_rows; /* some row of figures has text in a label column */
  guint imported, missing, skipped;
} Reader;

/* What a data row's labels say. */
typedef struct {
  SmSpec spec;
  int api;                    /* from an EVP column or word; -1 */
  GString *machine;           /* label text that is neither algorithm nor EVP */
  char *cpu, *host, *version; /* from columns whose header says so */
} Labels;

static const char *cell(const Reader *r, guint row, guint column)
{
  const SmTableRow *table_row = r->table->rows->pdata[row];
  return table_row->cells->pdata[column];
}

static const SmTableRow *row_at(const Reader *r, guint row) { return r->table->rows->pdata[row]; }

G_GNUC_PRINTF(2, 3)
static void explain(Reader *r, const char *format, ...)
{
  va_list args;
  va_start(args, format);
  g_ptr_array_add(r->out->explain, g_strdup_vprintf(format, args));
  va_end(args);
}

static bool is_figure_text(const char *text)
{
  return sm_table_is_figure(text) || sm_table_is_missing(text);
}

/* ---- columns ---- */

/* A column holds figures when most of its cells in rows with figures are figures. */
static void classify_columns(Reader *r)
{
  guint ncolumns = r->table->columns;
  for (guint c = 0; c < ncolumns; c++) {
    guint figures = 0, text = 0, yes_no = 0;
    for (guint i = 0; i < r->table->rows->len; i++) {
      GPtrArray *cells = row_at(r, i)->cells;
      bool data = false;
      for (guint k = 0; k < cells->len && !data; k++)
        data = sm_table_is_strong_figure(cells->pdata[k]);
      const char *text_cell = cells->pdata[c];
      if (!data || text_cell[0] == '\0')
        continue;
      yes_no += sm_word_yes(text_cell) || sm_word_no(text_cell);
      if (is_figure_text(text_cell))
        figures++;
      else
        text++;
    }
    Column *column = &r->columns[c];
    if (yes_no > 0 && yes_no == figures + text)
      column->role = SM_ROLE_EVP;
    else
      column->role = figures > 0 && figures >= text ? SM_ROLE_FIGURES : SM_ROLE_NONE;
  }
}

static bool row_has_text_in(const Reader *r, guint row, bool figure_columns)
{
  for (guint c = 0; c < r->table->columns; c++)
    if ((r->columns[c].role == SM_ROLE_FIGURES) == figure_columns && cell(r, row, c)[0] != '\0')
      return true;
  return false;
}

/* A row of figures has one printed as openssl prints them (with decimals: "3784.0",
 * "105045.97k"), one typed whole that no header prints ("123456", "1.234.567") or an n/a; a
 * header's "16" or "2048" is a size. */
static bool row_has_figures(const Reader *r, guint row)
{
  for (guint c = 0; c < r->table->columns; c++) {
    const char *text = cell(r, row, c);
    if (r->columns[c].role == SM_ROLE_FIGURES &&
        (sm_table_is_missing(text) || sm_table_is_strong_figure(text)))
      return true;
  }
  return false;
}

/* A row of figures with empty label columns in a table whose other rows of figures name their
 * machine or algorithm there: figures computed from those rows (ratios, differences), not a
 * measurement. */
static bool computed_row(const Reader *r, guint row)
{
  return r->labelled_rows && r->kinds[row] == ROW_DATA && !row_has_text_in(r, row, false);
}

/* Whether a figure-less row repeats the header (a long table's header again at the bottom). */
static bool repeats_header(const Reader *r, guint row)
{
  guint same = 0, other = 0;
  for (guint c = 0; c < r->table->columns; c++) {
    const char *text = cell(r, row, c);
    if (text[0] == '\0')
      continue;
    bool found = false;
    for (guint h = 0; h < r->table->rows->len && !found; h++)
      found = r->kinds[h] == ROW_HEADER && strcmp(cell(r, h, c), text) == 0;
    if (found)
      same++;
    else
      other++;
  }
  return same > 0 && same >= other;
}

/* Whether the row is a machine's own line over its figures: one cell of text, not a name or a
 * size, with a row of figures under it ("| Orion (Celeron, FreeBSD 5.4) | ||||"). */
static bool machine_above_figures(const Reader *r, guint row)
{
  if (row + 1 >= r->table->rows->len || !row_has_figures(r, row + 1))
    return false;
  guint filled = 0;
  const char *text = NULL;
  for (guint c = 0; c < r->table->columns; c++)
    if (cell(r, row, c)[0] != '\0') {
      filled++;
      text = cell(r, row, c);
    }
  if (filled != 1 || is_figure_text(text) || r->table->columns < 3)
    return false;
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_read(&spec, text);
  bool names = sm_spec_is_algorithmic(&spec) || spec.family >= 0;
  sm_spec_clear(&spec);
  return !names;
}

/* Header lines above the first row of figures (the last one with text over the figures ends
 * them; lines after it name a machine), rows of figures, machine lines, the header again. */
static void classify_rows(Reader *r)
{
  guint nrows = r->table->rows->len;
  int first_data = -1, last_header = -1;
  for (guint i = 0; i < nrows; i++) {
    r->kinds[i] = row_has_figures(r, i) ? ROW_DATA : ROW_OTHER;
    if (r->kinds[i] == ROW_DATA && first_data < 0)
      first_data = (int)i;
  }
  for (int i = 0; i < first_data; i++)
    if (row_has_text_in(r, (guint)i, true) && !machine_above_figures(r, (guint)i))
      last_header = i;
  for (int i = 0; i <= last_header; i++)
    r->kinds[i] = ROW_HEADER;
  for (int i = last_header + 1; i < first_data; i++)
    if (machine_above_figures(r, (guint)i))
      r->kinds[i] = ROW_MACHINE;
  for (guint i = (guint)(last_header + 1); i < nrows; i++) {
    if (r->kinds[i] == ROW_DATA)
      continue;
    if (last_header >= 0 && repeats_header(r, i))
      r->kinds[i] = ROW_REPEAT;
    else if (!row_has_text_in(r, i, true) || machine_above_figures(r, i))
      r->kinds[i] = ROW_MACHINE;
  }
}

/* The key or block sizes of a header line that has one over every figure column; NULL else. */
static GArray *size_row(const Reader *r, guint row)
{
  GArray *sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint c = 0; c < r->table->columns; c++) {
    const char *text = cell(r, row, c);
    if (r->columns[c].role != SM_ROLE_FIGURES)
      continue;
    if (text[0] == '\0' || strspn(text, "0123456789") != strlen(text) || strlen(text) > 6) {
      g_array_unref(sizes);
      return NULL;
    }
    guint size = (guint)g_ascii_strtoull(text, NULL, 10);
    g_array_append_val(sizes, size);
  }
  if (sizes->len < 2) {
    g_clear_pointer(&sizes, g_array_unref);
  }
  return sizes;
}

/* Spans written as trailing empty cells ("| RSA | DSA | ||||||"): the labels sit at the start
 * of the line, not over their columns. The sizes line below says where the groups are (the
 * sizes restart: 4096 -> 512), and a line of k labels over g groups gives each label g/k
 * groups, in order. A line whose labels are already spread out is left as it is. */
static void distribute_spans(Reader *r)
{
  guint ncolumns = r->table->columns, nrows = r->table->rows->len;
  g_autoptr(GArray) group_of = NULL; /* per column */
  guint groups = 0;
  for (guint i = 0; i < nrows && group_of == NULL; i++) {
    if (r->kinds[i] != ROW_HEADER)
      continue;
    g_autoptr(GArray) sizes = size_row(r, i);
    if (sizes == NULL)
      continue;
    group_of = g_array_new(FALSE, TRUE, sizeof(guint));
    guint previous = G_MAXUINT, figure = 0;
    for (guint c = 0; c < ncolumns; c++) {
      if (r->columns[c].role == SM_ROLE_FIGURES) {
        guint size = g_array_index(sizes, guint, figure++);
        groups += previous == G_MAXUINT || size <= previous;
        previous = size;
      }
      guint group = groups > 0 ? groups - 1 : 0;
      g_array_append_val(group_of, group);
    }
  }
  if (group_of == NULL || groups < 2)
    return;
  for (guint i = 0; i < nrows; i++) {
    if (r->kinds[i] != ROW_HEADER)
      continue;
    GPtrArray *cells = row_at(r, i)->cells;
    guint labels = 0;
    while (labels < ncolumns && cell(r, i, labels)[0] != '\0')
      labels++;
    bool trailing = labels > 0 && labels <= groups && labels < ncolumns && groups % labels == 0;
    for (guint c = labels; c < ncolumns && trailing; c++)
      trailing = cell(r, i, c)[0] == '\0';
    if (!trailing)
      continue;
    g_autoptr(GPtrArray) written = g_ptr_array_copy(cells, (GCopyFunc)(void *)g_strdup, NULL);
    for (guint c = 0; c < ncolumns; c++) {
      guint label = g_array_index(group_of, guint, c) / (groups / labels);
      g_free(cells->pdata[c]);
      cells->pdata[c] = g_strdup(g_ptr_array_index(written, label));
    }
    g_ptr_array_set_free_func(written, g_free);
  }
}

/* The header text over each column: lines joined top to bottom; on every line but the last, an
 * empty cell over figures continues the cell to its left (a span: "RSA" over four columns). */
static void build_headers(Reader *r)
{
  guint ncolumns = r->table->columns;
  g_autoptr(GArray) header_rows = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint i = 0; i < r->table->rows->len; i++)
    if (r->kinds[i] == ROW_HEADER)
      g_array_append_val(header_rows, i);
  for (guint c = 0; c < ncolumns; c++) {
    GString *text = g_string_new(NULL);
    for (guint h = 0; h < header_rows->len; h++) {
      guint row = g_array_index(header_rows, guint, h);
      guint from = c;
      bool spans = h + 1 < header_rows->len && r->columns[c].role == SM_ROLE_FIGURES;
      while (spans && from > 0 && cell(r, row, from)[0] == '\0' &&
             r->columns[from - 1].role == SM_ROLE_FIGURES)
        from--;
      const char *part = cell(r, row, from);
      if (part[0] != '\0')
        g_string_append_printf(text, "%s%s", text->len ? " " : "", part);
    }
    r->columns[c].header = g_string_free(text, FALSE);
  }
}

/* What the map says a column holds, before rows are told apart by their figures. */
static void map_column(Reader *r, guint c)
{
  Column *column = &r->columns[c];
  g_autofree char *mapped = sm_import_map_column(r->map, r->number, c + 1);
  if (mapped == NULL)
    return;
  SmRole role = sm_role_parse(mapped);
  column->mapped = true;
  column->role = role == SM_ROLE_NONE ? SM_ROLE_FIGURES : role;
}

/* What a figure column's header (or the map) says; what a label column's header names. */
static void read_column(Reader *r, guint c)
{
  Column *column = &r->columns[c];
  g_autofree char *mapped = sm_import_map_column(r->map, r->number, c + 1);
  if (column->role == SM_ROLE_FIGURES) {
    bool header_text = mapped == NULL || sm_role_parse(mapped) != SM_ROLE_NONE;
    sm_spec_read(&column->spec, header_text ? column->header : mapped);
    return;
  }
  SmRole said = sm_role_of_header(column->header);
  if (!column->mapped && said != SM_ROLE_NONE && column->role != SM_ROLE_EVP)
    column->role = said;
  /* A header that names a block size or an operation is over figures, whatever is under it. */
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_read(&spec, column->header);
  if (!column->mapped && column->role == SM_ROLE_NONE && spec.unknown->len == 0 &&
      (spec.block_size > 0 || spec.op >= 0)) {
    column->role = SM_ROLE_FIGURES;
    sm_spec_merge(&column->spec, &spec);
  }
  sm_spec_clear(&spec);
}

static void explain_column(Reader *r, guint c)
{
  const Column *column = &r->columns[c];
  const char *how = column->mapped ? " (from the map)" : "";
  if (column->role == SM_ROLE_FIGURES) {
    g_autofree char *said = sm_spec_describe(&column->spec);
    explain(r, "  column %u \"%s\": figures: %s%s", c + 1, column->header, said, how);
  } else if (column->role == SM_ROLE_EVP) {
    explain(r, "  column %u \"%s\": api (yes: evp, no: low)%s", c + 1, column->header, how);
  } else if (column->role == SM_ROLE_NONE) {
    explain(r, "  column %u \"%s\": labels (an algorithm, a key size, else the machine)%s", c + 1,
            column->header, how);
  } else {
    explain(r, "  column %u \"%s\": %s%s", c + 1, column->header, sm_role_name(column->role), how);
  }
}

/* ---- a row's labels ---- */

static void labels_clear(Labels *labels)
{
  sm_spec_clear(&labels->spec);
  g_string_free(labels->machine, TRUE);
  g_free(labels->cpu);
  g_free(labels->host);
  g_free(labels->version);
}

static void add_machine_text(Labels *labels, const char *text)
{
  g_string_append_printf(labels->machine, "%s%s", labels->machine->len ? ", " : "", text);
}

/* A label the map names: machine, evp, low, ignore or an algorithm. */
static bool mapped_label(const Reader *r, Labels *labels, const char *text)
{
  g_autofree char *meaning = sm_import_map_label(r->map, text);
  if (meaning == NULL)
    return false;
  if (strcmp(meaning, "machine") == 0)
    add_machine_text(labels, text);
  else if (strcmp(meaning, "evp") == 0)
    labels->api = SM_API_EVP;
  else if (strcmp(meaning, "low") == 0)
    labels->api = SM_API_LOW;
  else if (strcmp(meaning, "ignore") != 0)
    sm_spec_read(&labels->spec, meaning);
  return true;
}

static bool read_evp_cell(Reader *r, Labels *labels, const char *text, guint line, guint c)
{
  if (sm_word_yes(text)) {
    labels->api = SM_API_EVP;
  } else if (sm_word_no(text)) {
    labels->api = SM_API_LOW;
  } else {
    sm_import_fail(&r->out->error, &r->out->error_line, line,
                   "column %u (EVP): \"%s\" is neither yes nor no", c + 1, text);
    return false;
  }
  return true;
}

/* A label cell: an algorithm or a key size if that is all it says, EVP or not, else the
 * machine. */
static void read_label(Reader *r, Labels *labels, const char *text, guint line, guint c)
{
  SmRole role = r->columns[c].role;
  if (role == SM_ROLE_IGNORE || mapped_label(r, labels, text))
    return;
  if (role == SM_ROLE_EVP) {
    read_evp_cell(r, labels, text, line, c);
    return;
  }
  char **direct[] = {[SM_ROLE_CPU] = &labels->cpu,
                     [SM_ROLE_HOST] = &labels->host,
                     [SM_ROLE_VERSION] = &labels->version};
  if (role == SM_ROLE_CPU || role == SM_ROLE_HOST || role == SM_ROLE_VERSION) {
    g_free(*direct[role]);
    *direct[role] = g_strdup(text);
    add_machine_text(labels, text);
    return;
  }
  if (role != SM_ROLE_MACHINE) {
    SmSpec spec;
    sm_spec_init(&spec);
    sm_spec_read(&spec, text);
    bool algorithmic = sm_spec_is_algorithmic(&spec) || (spec.api >= 0 && spec.unknown->len == 0);
    if (algorithmic) {
      if (spec.api >= 0)
        labels->api = spec.api;
      sm_spec_merge(&labels->spec, &spec);
    }
    sm_spec_clear(&spec);
    if (algorithmic)
      return;
  }
  add_machine_text(labels, text);
}

/* Label cells left empty under a filled one continue it (a cell spanning rows). */
static const char *label_text(const Reader *r, guint row, guint c)
{
  const char *text = cell(r, row, c);
  for (guint above = row; text[0] == '\0' && above-- > 0;) {
    if (r->kinds[above] != ROW_DATA)
      break;
    text = cell(r, above, c);
  }
  return text;
}

static void read_labels(Reader *r, guint row, Labels *labels)
{
  *labels = (Labels){0};
  sm_spec_init(&labels->spec);
  labels->api = -1;
  labels->machine = g_string_new(NULL);
  for (guint c = 0; c < r->table->columns; c++) {
    if (r->columns[c].role == SM_ROLE_FIGURES)
      continue;
    const char *text = label_text(r, row, c);
    if (text[0] != '\0')
      read_label(r, labels, text, row_at(r, row)->line, c);
  }
}

/* ---- figures ---- */

/* One figure's cell, as its row and column say. */
typedef struct {
  guint row, column, line;
  const char *text;
  char *algorithm;
  SmKind kind;
  SmOp op;
  SmApi api;
  guint block_size;
  bool seconds;
} Figure;

static SmKind kind_of(const char *algorithm)
{
  const SmAlgInfo *info = sm_catalog_find(algorithm);
  if (info != NULL)
    return info->kind;
  static const char *const signature[] = {"rsa", "dsa", "ecdsa", "ed", "sm2"};
  static const char *const kex[] = {"ecdh", "x25519", "x448", "ffdh"};
  for (size_t i = 0; i < G_N_ELEMENTS(kex); i++)
    if (g_str_has_prefix(algorithm, kex[i]))
      return SM_KIND_KEX;
  for (size_t i = 0; i < G_N_ELEMENTS(signature); i++)
    if (g_str_has_prefix(algorithm, signature[i]) &&
        strspn(algorithm + strlen(signature[i]), "0123456789-pbrk") > 0)
      return SM_KIND_SIGNATURE;
  return sm_ossl_guess_kind(algorithm);
}

static bool is_bulk(SmKind kind) { return kind != SM_KIND_SIGNATURE && kind != SM_KIND_KEX; }

/* The curves of a family people name by its best-known member ("ed25519 verifies" over
 * "255bits 448bits"), with the sizes they write for each: the size under the name decides. */
static const struct {
  const char *name;
  const char *family;
  guint bits[2];
} sized_curves[] = {
    {"ed25519", "eddsa", {253, 255}},
    {"ed448", "eddsa", {448, 456}},
    {"x25519", "xdh", {253, 255}},
    {"x448", "xdh", {448, 0}},
};

static const char *curve_sibling(const char *algorithm, guint bits)
{
  for (size_t i = 0; i < G_N_ELEMENTS(sized_curves); i++) {
    if (strcmp(sized_curves[i].name, algorithm) != 0)
      continue;
    for (size_t j = 0; j < G_N_ELEMENTS(sized_curves); j++)
      if (strcmp(sized_curves[j].family, sized_curves[i].family) == 0 &&
          (sized_curves[j].bits[0] == bits || sized_curves[j].bits[1] == bits))
        return sized_curves[j].name;
  }
  return algorithm;
}

/* The algorithm a spec names: by name, or by a family and a key size. An ECDSA or ECDH size
 * with several curves ("256 bits") is openssl's first of that size, the NIST prime curve its
 * `ecdsa` run prints first; `inferred` says so. */
static char *algorithm_of(const SmSpec *spec, bool *inferred)
{
  guint bits = spec->bits ? spec->bits : spec->bare;
  *inferred = false;
  if (spec->algorithm != NULL)
    return g_strdup(bits ? curve_sibling(spec->algorithm, bits) : spec->algorithm);
  if (spec->family == SM_PK_RSA || spec->family == SM_PK_DSA || spec->family == SM_PK_FFDH)
    return bits ? sm_ossl_pkey_name((SmPkFamily)spec->family, bits, NULL) : NULL;
  if ((spec->family == SM_PK_ECDSA || spec->family == SM_PK_ECDH) && bits > 0) {
    const char *curve = sm_ossl_unique_curve(bits);
    const char *first = sm_ossl_curve_by_bits(bits, 0);
    if (curve == NULL && first != NULL && g_str_has_prefix(first, "nistp")) {
      curve = first;
      *inferred = true;
    }
    return curve ? sm_ossl_pkey_name((SmPkFamily)spec->family, bits, curve) : NULL;
  }
  return NULL;
}

/* The api when no EVP column says: 3.x measures everything through EVP; before 3.0 openssl's
 * fixed-list rows ("aes-128 cbc", "sha256", rsa, dsa, ecdsa) are its direct calls. */
static SmApi default_api(const SmSpec *spec, const char *version, SmKind kind)
{
  int major = version ? atoi(version) : -1;
  if (major >= 3)
    return SM_API_EVP;
  const SmOsslClassicName *classic = spec->spelling ? sm_ossl_classic_name(spec->spelling) : NULL;
  if (classic != NULL)
    return major == 0 ? classic->api_0_9 : classic->api_1;
  if (major >= 0 && kind == SM_KIND_SIGNATURE)
    return SM_API_LOW;
  return SM_API_EVP;
}

static bool resolve_op(Reader *r, Figure *figure, const SmSpec *spec)
{
  if (is_bulk(figure->kind)) {
    bool decrypt = spec->op == SM_OP_DECRYPT &&
                   (figure->kind == SM_KIND_CIPHER || figure->kind == SM_KIND_AEAD);
    figure->op = decrypt                          ? SM_OP_DECRYPT
                 : figure->kind == SM_KIND_MAC    ? SM_OP_MAC
                 : figure->kind == SM_KIND_DIGEST ? SM_OP_HASH
                                                  : SM_OP_ENCRYPT;
    return true;
  }
  if (figure->kind == SM_KIND_KEX) {
    figure->op = SM_OP_DERIVE;
    return true;
  }
  if (spec->op == SM_OP_SIGN || spec->op == SM_OP_VERIFY || spec->op == SM_OP_ENCRYPT ||
      spec->op == SM_OP_DECRYPT) {
    figure->op = (SmOp)spec->op;
    return true;
  }
  sm_import_fail(&r->out->error, &r->out->error_line, figure->line,
                 "row %u, column %u: a %s figure without an operation (sign/s, verify/s)",
                 row_at(r, figure->row)->number, figure->column + 1, figure->algorithm);
  return false;
}

/* Everything a figure needs from its row and column, or the reason it cannot be read. */
static bool resolve(Reader *r, Figure *figure, const Labels *labels, const char *version)
{
  const Column *column = &r->columns[figure->column];
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_merge(&spec, &column->spec);
  sm_spec_merge(&spec, &labels->spec);
  bool inferred = false;
  figure->algorithm = algorithm_of(&spec, &inferred);
  bool ok = figure->algorithm != NULL;
  if (inferred && !r->columns[figure->column].curve_noted) {
    r->columns[figure->column].curve_noted = true;
    sm_import_note(r->out->notes, figure->line, 0,
                   "column %u: \"%s\" names a size, not a curve: %s, openssl's first curve of "
                   "that size, is taken",
                   figure->column + 1, column->header, figure->algorithm);
  }
  if (!ok)
    sm_import_fail(
        &r->out->error, &r->out->error_line, figure->line,
        "row %u, column %u: no algorithm for \"%s\" (neither its row's labels nor the header "
        "\"%s\" name one; say it with --map)",
        row_at(r, figure->row)->number, figure->column + 1, figure->text, column->header);
  if (ok) {
    figure->kind = kind_of(figure->algorithm);
    figure->block_size = spec.block_size ? spec.block_size : spec.bare;
    if (is_bulk(figure->kind) && figure->block_size == 0) {
      sm_import_fail(&r->out->error, &r->out->error_line, figure->line,
                     "row %u, column %u: a %s figure without a block size",
                     row_at(r, figure->row)->number, figure->column + 1, figure->algorithm);
      ok = false;
    }
  }
  ok = ok && resolve_op(r, figure, &spec);
  if (ok) {
    figure->block_size = is_bulk(figure->kind) ? figure->block_size : 0;
    figure->api = labels->api >= 0 ? (SmApi)labels->api
                  : spec.api >= 0  ? (SmApi)spec.api
                                   : default_api(&spec, version, figure->kind);
    figure->seconds = !is_bulk(figure->kind) &&
                      (g_str_has_suffix(figure->text, "s") || (spec.rate == 0 && spec.op >= 0));
  }
  sm_spec_clear(&spec);
  return ok;
}

/* "1,068,564.92k" -> 1068564.92 with `thousands`; "1.234.567" -> 1234567; "0.000085s" ->
 * seconds. */
static double figure_value(const char *text, bool *thousands)
{
  SmTableFigure figure;
  sm_table_figure_read(text, &figure);
  *thousands = figure.suffix == 'k';
  return figure.value;
}

static SmRow *row_new(const Reader *r, const Figure *figure, const SmMachine *machine,
                      const char *machine_text)
{
  SmRow *row = g_new0(SmRow, 1);
  row->timestamp = g_strdup("");
  row->host = g_strdup(machine->host ? machine->host : "");
  row->cpu_model = g_strdup(machine->cpu_model ? machine->cpu_model : "");
  row->engine = g_strdup("openssl");
  row->engine_version = g_strdup(machine->version ? machine->version : "");
  row->algorithm = g_strdup(figure->algorithm);
  row->kind = figure->kind;
  row->operation = figure->op;
  row->api = figure->api;
  row->block_size = figure->block_size;
  row->status = SM_STATUS_OK;
  row->accel = SM_ACCEL_ON;
  row->parallel = 1;
  row->source =
      g_strdup_printf("%s#table %u row %u", r->source, r->number, row_at(r, figure->row)->number);
  if (machine_text[0] != '\0')
    row->detail = g_strdup_printf("machine: %s", machine_text);
  if (sm_catalog_find(figure->algorithm) == NULL)
    row->detail = sm_import_append_detail(row->detail,
                                          "not in speedmatrix's catalogue: the table's name kept");
  return row;
}

/* Whether every other figure of the column is written in k: a plain one among them ("11455.6"
 * where the others are "11444.55k") lost its k, and is read in k. */
static bool others_in_k(const Reader *r, guint column, guint row)
{
  guint k = 0;
  for (guint i = 0; i < r->table->rows->len; i++) {
    if (i == row || r->kinds[i] != ROW_DATA || computed_row(r, i))
      continue;
    SmTableFigure figure;
    const char *text = cell(r, i, column);
    if (!sm_table_figure_read(text, &figure))
      continue;
    if (figure.suffix != 'k')
      return false;
    k++;
  }
  return k > 0;
}

/* The figure in base units: bytes/s for bulk kinds (k = 1000s; plain as the table's unit says),
 * ops/s otherwise (from seconds per operation where that is all the table gives). */
static void fill_figure(Reader *r, SmRow *row, const Figure *figure)
{
  if (sm_table_is_missing(figure->text)) {
    row->status = SM_STATUS_UNSUPPORTED;
    g_autofree char *said = g_strdup_printf("the table printed \"%s\"", figure->text);
    row->detail = sm_import_append_detail(row->detail, said);
    return;
  }
  bool thousands = false;
  double value = figure_value(figure->text, &thousands);
  const Column *column = &r->columns[figure->column];
  if (is_bulk(figure->kind) && !thousands && !r->unit_mapped &&
      others_in_k(r, figure->column, figure->row)) {
    thousands = true;
    explain(r, "  line %u: \"%s\" read as %sk: every other figure of its column is in k",
            figure->line, figure->text, figure->text);
  }
  if (is_bulk(figure->kind)) {
    double unit = thousands               ? 1000.0
                  : r->unit_mapped        ? r->unit
                  : column->spec.unit > 0 ? column->spec.unit
                                          : r->unit;
    row->bytes_per_sec = value * unit;
    sm_import_set_figure(row, row->bytes_per_sec / figure->block_size);
  } else if (figure->seconds) {
    sm_import_set_figure(row, value > 0 ? 1.0 / value : 0);
    row->detail = sm_import_append_detail(row->detail, "from seconds per operation");
  } else {
    sm_import_set_figure(row, thousands ? value * 1000.0 : value);
  }
  if (value <= 0 || !isfinite(value)) {
    row->status = SM_STATUS_ERROR;
    row->bytes_per_sec = 0;
    sm_import_set_figure(row, 0);
    row->detail = sm_import_append_detail(row->detail, "the table printed 0 (nothing measured)");
  }
}

/* Adds the row unless the table already gave its cell (then it is reported, the first kept). */
static void keep_row(Reader *r, SmRow *row, const Figure *figure, const char *machine_text)
{
  char *key = g_strdup_printf("%s\x1f%s\x1f%s\x1f%s\x1f%u", machine_text, row->algorithm,
                              sm_op_name(row->operation), sm_api_name(row->api), row->block_size);
  guint first = GPOINTER_TO_UINT(g_hash_table_lookup(r->cells, key));
  if (first != 0) {
    sm_import_note(r->out->notes, figure->line, 1,
                   "%s %s %s again (first on line %u); the first is kept", row->algorithm,
                   sm_op_name(row->operation), sm_api_name(row->api), first);
    r->skipped++;
    sm_row_free(row);
    g_free(key);
    return;
  }
  g_hash_table_insert(r->cells, key, GUINT_TO_POINTER(figure->line));
  if (row->status == SM_STATUS_UNSUPPORTED)
    r->missing++;
  else
    r->imported++;
  g_ptr_array_add(r->out->rows, row);
}

static void read_figure(Reader *r, Figure *figure, const Labels *labels, const SmMachine *machine,
                        const char *machine_text, bool seconds_pass)
{
  if (!resolve(r, figure, labels, machine->version))
    return;
  if (figure->seconds != seconds_pass)
    return;
  SmRow *row = row_new(r, figure, machine, machine_text);
  fill_figure(r, row, figure);
  if (seconds_pass) {
    /* openssl's sign/verify columns: seconds per operation beside the same figure per second. */
    char *key = g_strdup_printf("%s\x1f%s\x1f%s\x1f%s\x1f%u", machine_text, row->algorithm,
                                sm_op_name(row->operation), sm_api_name(row->api), 0u);
    bool rate_given = g_hash_table_contains(r->cells, key);
    g_free(key);
    if (rate_given) {
      sm_import_note(r->out->notes, figure->line, 1,
                     "%s %s: seconds per operation (\"%s\"); its per-second figure "
                     "is imported",
                     row->algorithm, sm_op_name(row->operation), figure->text);
      r->skipped++;
      sm_row_free(row);
      return;
    }
  }
  keep_row(r, row, figure, machine_text);
}

/* A figure whose header names a cipher without its key size ("aes" over "ctr-1KB") and whose
 * row names none either: a guess would be a wrong answer, so the column is left out with a note
 * (notes_keyless) and the rest of the table imports. */
static bool keyless_figure(Reader *r, guint c, const Labels *labels, guint line, bool count)
{
  Column *column = &r->columns[c];
  if (column->spec.keyless == NULL || column->spec.algorithm != NULL ||
      labels->spec.algorithm != NULL)
    return false;
  if (count && column->keyless++ == 0)
    column->keyless_line = line;
  r->skipped += count;
  return true;
}

static void note_keyless(Reader *r)
{
  for (guint c = 0; c < r->table->columns; c++) {
    const Column *column = &r->columns[c];
    if (column->keyless == 0)
      continue;
    /* The map line that would say it: the header with a key size after the cipher's name. */
    gsize name = strlen(column->spec.keyless);
    g_autofree char *example =
        g_ascii_strncasecmp(column->header, column->spec.keyless, name) == 0
            ? g_strdup_printf("%s-128%s", column->spec.keyless, column->header + name)
            : g_strdup_printf("%s-128 %s", column->spec.keyless, column->header);
    sm_import_note(r->out->notes, column->keyless_line, column->keyless,
                   "column %u \"%s\": %s without a key size (128, 192 or 256 bits?): its %u "
                   "figure%s not imported; say it with --map (\"column %u = %s\")",
                   c + 1, column->header, column->spec.keyless, column->keyless,
                   column->keyless == 1 ? " is" : "s are", c + 1, example);
  }
}

static void read_data_row(Reader *r, guint row)
{
  Labels labels;
  read_labels(r, row, &labels);
  g_autofree char *machine_text = NULL;
  if (r->machine != NULL && labels.machine->len > 0)
    machine_text = g_strdup_printf("%s, %s", labels.machine->str, r->machine);
  else
    machine_text = g_strdup(r->machine ? r->machine : labels.machine->str);
  SmMachine machine;
  sm_machine_read(machine_text, &machine);
  char **fields[] = {&machine.cpu_model, &machine.host, &machine.version};
  char *direct[] = {labels.cpu, labels.host, labels.version};
  for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
    if (direct[i] != NULL) {
      g_free(*fields[i]);
      *fields[i] = g_strdup(direct[i]);
    }
  for (int pass = 0; pass < 2; pass++)
    for (guint c = 0; c < r->table->columns && r->out->error == NULL; c++) {
      const char *text = cell(r, row, c);
      if (r->columns[c].role != SM_ROLE_FIGURES && pass == 0 && sm_table_is_strong_figure(text)) {
        sm_import_note(r->out->notes, row_at(r, row)->line, 1,
                       "column %u holds labels (%s): \"%s\" is not imported", c + 1,
                       sm_role_name(r->columns[c].role), text);
        r->skipped++;
      }
      if (r->columns[c].role != SM_ROLE_FIGURES || text[0] == '\0')
        continue;
      if (!is_figure_text(text)) {
        sm_import_fail(&r->out->error, &r->out->error_line, row_at(r, row)->line,
                       "row %u, column %u: \"%s\" is neither a figure nor n/a",
                       row_at(r, row)->number, c + 1, text);
        break;
      }
      if (keyless_figure(r, c, &labels, row_at(r, row)->line, pass == 0))
        continue;
      Figure figure = {.row = row, .column = c, .line = row_at(r, row)->line, .text = text};
      read_figure(r, &figure, &labels, &machine, machine_text, pass == 1);
      g_free(figure.algorithm);
    }
  sm_machine_clear(&machine);
  labels_clear(&labels);
}

/* ---- the table ---- */

static void read_machine_row(Reader *r, guint row)
{
  GString *text = g_string_new(NULL);
  for (guint c = 0; c < r->table->columns; c++)
    if (cell(r, row, c)[0] != '\0')
      g_string_append_printf(text, "%s%s", text->len ? " " : "", cell(r, row, c));
  g_free(r->machine);
  r->machine = g_string_free(text, FALSE);
  SmMachine machine;
  sm_machine_read(r->machine, &machine);
  explain(r, "  line %u: machine \"%s\": cpu_model \"%s\", host \"%s\", engine_version \"%s\"",
          row_at(r, row)->line, r->machine, machine.cpu_model ? machine.cpu_model : "",
          machine.host ? machine.host : "", machine.version ? machine.version : "");
  sm_machine_clear(&machine);
}

/* The unit of plain bulk figures: the map's, a unit the headers name, else openssl's (a figure
 * without k is bytes/s). */
static void read_unit(Reader *r)
{
  g_autofree char *mapped = sm_import_map_unit(r->map, r->number);
  r->unit = 1;
  if (mapped != NULL) {
    r->unit = strcmp(mapped, "k") == 0 ? 1e3 : strcmp(mapped, "MB") == 0 ? 1e6 : 1;
    r->unit_mapped = true;
  }
  explain(r,
          "  units: k = 1000s of bytes/s; plain bulk figures: %s%s; public-key figures: "
          "ops/s (seconds per operation where a figure ends in s)",
          r->unit == 1e3   ? "1000s of bytes/s"
          : r->unit == 1e6 ? "MB/s (10^6 bytes/s)"
                           : "bytes/s",
          r->unit_mapped ? " (from the map)" : " unless their header names a unit");
}

static guint count_figures(const Reader *r)
{
  guint count = 0;
  for (guint i = 0; i < r->table->rows->len; i++)
    for (guint c = 0; c < r->table->columns && r->kinds[i] == ROW_DATA; c++) {
      const char *text = cell(r, i, c);
      count += r->columns[c].role == SM_ROLE_FIGURES ? is_figure_text(text)
                                                     : sm_table_is_strong_figure(text);
    }
  return count;
}

static void skip_computed_row(Reader *r, guint row)
{
  guint figures = 0;
  for (guint c = 0; c < r->table->columns; c++)
    figures += r->columns[c].role == SM_ROLE_FIGURES && is_figure_text(cell(r, row, c));
  sm_import_note(r->out->notes, row_at(r, row)->line, figures,
                 "row %u: %u figures under no machine or algorithm, computed from the rows above "
                 "(ratios): not imported",
                 row_at(r, row)->number, figures);
  explain(r, "  line %u: row %u skipped: figures computed from the rows above, not measured",
          row_at(r, row)->line, row_at(r, row)->number);
  r->skipped += figures;
}

static void read_rows(Reader *r)
{
  for (guint i = 0; i < r->table->rows->len && !r->labelled_rows; i++)
    r->labelled_rows = r->kinds[i] == ROW_DATA && row_has_text_in(r, i, false);
  for (guint i = 0; i < r->table->rows->len && r->out->error == NULL; i++) {
    switch (r->kinds[i]) {
    case ROW_DATA:
      if (computed_row(r, i))
        skip_computed_row(r, i);
      else
        read_data_row(r, i);
      break;
    case ROW_MACHINE:
      if (i + 1 < r->table->rows->len && computed_row(r, i + 1))
        explain(r, "  line %u: \"%s\": the caption of the row below, not a machine",
                row_at(r, i)->line, cell(r, i, 0));
      else
        read_machine_row(r, i);
      break;
    case ROW_REPEAT:
      explain(r, "  line %u: the header again", row_at(r, i)->line);
      break;
    case ROW_OTHER:
      sm_import_note(r->out->notes, row_at(r, i)->line, 0,
                     "row %u has no figures and is not a machine line: ignored",
                     row_at(r, i)->number);
      break;
    default:
      break;
    }
  }
}

static SmImportRun *run_new(const SmTable *table, guint number)
{
  SmImportRun *out = g_new0(SmImportRun, 1);
  out->table = number;
  out->first_line = table->first_line;
  out->last_line = table->last_line;
  out->rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  out->notes = g_ptr_array_new_with_free_func(sm_import_note_free);
  out->explain = g_ptr_array_new_with_free_func(g_free);
  out->columns = table->columns;
  out->labels = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < table->rows->len; i++) {
    const SmTableRow *row = table->rows->pdata[i];
    for (guint c = 0; c < row->cells->len; c++) {
      const char *text = row->cells->pdata[c];
      if (text[0] != '\0' && !sm_table_is_figure(text))
        g_ptr_array_add(out->labels, g_strdup(text));
    }
  }
  return out;
}

static void read_columns(Reader *r)
{
  classify_columns(r);
  for (guint c = 0; c < r->table->columns; c++)
    map_column(r, c);
  classify_rows(r);
  distribute_spans(r);
  build_headers(r);
  guint headers = 0, data = 0;
  for (guint i = 0; i < r->table->rows->len; i++) {
    headers += r->kinds[i] == ROW_HEADER;
    data += r->kinds[i] == ROW_DATA;
  }
  explain(r, "table %u: lines %u-%u, %s, %u columns, %u header line%s, %u row%s of figures",
          r->number, r->table->first_line, r->table->last_line,
          sm_table_layout_name(r->table->layout), r->table->columns, headers,
          headers == 1 ? "" : "s", data, data == 1 ? "" : "s");
  for (guint c = 0; c < r->table->columns; c++) {
    read_column(r, c);
    explain_column(r, c);
  }
  read_unit(r);
}

SmImportRun *sm_table_read(const SmTable *table, guint number, const char *source,
                           const SmImportMap *map)
{
  Reader r = {.table = table, .number = number, .source = source, .map = map};
  r.out = run_new(table, number);
  r.columns = g_new0(Column, table->columns);
  for (guint c = 0; c < table->columns; c++)
    sm_spec_init(&r.columns[c].spec);
  r.kinds = g_new0(guint, table->rows->len);
  r.cells = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  read_columns(&r);
  read_rows(&r);
  note_keyless(&r);
  r.out->figures = count_figures(&r);
  if (r.out->error == NULL && r.out->rows->len == 0)
    sm_import_fail(&r.out->error, &r.out->error_line, table->first_line,
                   "no figures speedmatrix can import in this table");
  if (r.out->error != NULL) {
    g_ptr_array_set_size(r.out->rows, 0);
    explain(&r, "  not imported: line %u: %s", r.out->error_line, r.out->error);
  } else {
    explain(&r, "  %u figures: %u imported, %u n/a (unsupported), %u not imported (see notes)",
            r.out->figures, r.imported, r.missing, r.skipped);
  }
  for (guint c = 0; c < table->columns; c++) {
    g_free(r.columns[c].header);
    sm_spec_clear(&r.columns[c].spec);
  }
  g_free(r.columns);
  g_free(r.kinds);
  g_free(r.machine);
  g_hash_table_unref(r.cells);
  return r.out;
}
