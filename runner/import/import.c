/* import: `openssl speed` output, as people post it, into speedmatrix rows. The formats are those
 * printed by apps/speed.c of OpenSSL 0.9.8, 1.0.2, 1.1.0, 1.1.1, 3.0 and 3.4 (read for this):
 *
 *   text   "OpenSSL 1.1.1f  31 Mar 2020" or "version: 3.0.2", then built on/options/compiler;
 *          "The 'numbers' are in 1000s of bytes per second processed." and
 *          "type  16 bytes ... 16384 bytes" with rows of "%11.2fk" (1000s of bytes/s), or
 *          "%11.2f " (bytes/s) for figures up to 10000 bytes/s;
 *          "rsa 2048 bits 0.000264s 0.000016s 3784.0 62399.0" (3.4: + encrypt/decrypt), dsa alike;
 *          " 256 bit(s) ecdsa (nistp256) ...", " 253 bits ecdh (X25519) 0.0000s 35000.0",
 *          " 253 bits EdDSA (Ed25519) ...", " 256 bits SM2 (CurveSM2) ...", "2048 bits ffdh ...";
 *   -mr    "+H:16:64:...", "+F:k:name:bytes/s...", "+F2:k:bits:a:b[:c:d]" rsa, "+F3" dsa,
 *          "+F4" ecdsa, "+F5:k:bits:a:b" ecdh, "+F6:k:bits:name:a:b" eddsa, "+F7" sm2,
 *          "+F8" ffdh; a and b are seconds per op up to 1.1.0 and ops/s from 1.1.1 on;
 *   stderr "Doing aes-128-cbc for 3s on 16 size blocks: 62794563 aes-128-cbc's in 2.99s"
 *          (3.x: "ops" for "'s"), "Doing 2048 bits private rsa's for 10s: 37842 2048 bits
 *          private RSA's in 9.99s", and their -mr forms "+DT:", "+R:", "+DTP:", "+R1:".."+R9:".
 *
 * Text is read line by line after removing mail quoting ("> "); a run starts at a command line,
 * at a version line or table that follows a finished table, and wherever the output's fixed
 * order (progress, version, bulk table, rsa, dsa, ecdsa, ecdh, eddsa, sm2, ffdh) goes back. */
#include "import/import.h"

#include "import/import_rows.h"
#include "import/speed.h"
#include "import/table_cells.h"

#include <string.h>

static void import_run_free(gpointer data)
{
  SmImportRun *run = data;
  g_ptr_array_unref(run->rows);
  g_free(run->error);
  g_ptr_array_unref(run->notes);
  if (run->explain != NULL)
    g_ptr_array_unref(run->explain);
  if (run->labels != NULL)
    g_ptr_array_unref(run->labels);
  g_free(run);
}

void sm_import_free(SmImport *import)
{
  if (import == NULL)
    return;
  g_ptr_array_unref(import->runs);
  g_ptr_array_unref(import->skipped);
  g_free(import);
}

guint sm_import_parsed_runs(const SmImport *import)
{
  guint parsed = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->error == NULL && run->rows->len > 0)
      parsed++;
  }
  return parsed;
}

/* Lines without the mail quoting ("> ", "> > ") and surrounding blanks. */
static Line *split_lines(const char *text, gsize length, guint *count)
{
  g_autofree char *copy = g_malloc(length + 1);
  for (gsize i = 0; i < length; i++)
    copy[i] = text[i] == '\0' ? ' ' : text[i];
  copy[length] = '\0';
  g_autofree char *valid = g_utf8_make_valid(copy, (gssize)length);
  g_auto(GStrv) parts = g_strsplit(valid, "\n", -1);
  guint n = g_strv_length(parts);
  Line *lines = g_new0(Line, n + 1);
  for (guint i = 0; i < n; i++) {
    char *line = parts[i];
    char *start = line;
    while (*start == ' ' || *start == '\t' || *start == '>')
      start++;
    lines[i].text = g_strstrip(g_strdup(start));
    for (char *c = lines[i].text; *c; c++)
      if (*c == '\r' || *c == '\t' || *c == '\f' || *c == '\v')
        *c = ' ';
    /* Markdown bold ("**3s**") in a post that means to highlight a figure: never part of
     * openssl's output nor of a table's cells. */
    char *out = lines[i].text;
    for (const char *c = lines[i].text; *c; c++)
      if (!(c[0] == '*' && c[1] == '*') && !(c > lines[i].text && c[-1] == '*' && c[0] == '*'))
        *out++ = *c;
    *out = '\0';
    g_strstrip(lines[i].text);
    lines[i].number = i + 1;
  }
  *count = n;
  return lines;
}

/* The patterns of openssl speed's own lines, compiled once per process. */
static void patterns_init(Patterns *re)
{
  static gsize slots[9];
  static const char *const sources[] = {
      /* the date, or the placeholder a development build prints ("1.1.1d-dev  xx XXX xxxx") */
      "^OpenSSL\\s+(\\d+\\.\\d+\\.\\d+[a-z]{0,2}(?:-[A-Za-z0-9._+~]+)?)"
      "\\s+(?:\\d{1,2}\\s+[A-Z][a-z]{2}\\s+\\d{4}|xx\\s+XXX\\s+xxxx)",
      "^version:\\s+(\\d+\\.\\d+\\.\\d+\\S*)$",
      "^(?:.*[$#%]\\s+)?(?:\\S*/)?openssl\\s+speed(?:\\s+(.*))?$",
      "^Doing .+? (?:ops for \\d+s|for \\d+s|\\d+ times) on (\\d+) size blocks: "
      "(\\d+) (.+?)(?:'s| ops) in (\\d+(?:\\.\\d+)?)s$",
      "^Doing .*?: (\\d+) (\\d+)(\\s*-?bits?) (.+?) in (\\d+(?:\\.\\d+)?)s$",
      "^(rsa|dsa)\\s+(\\d+)\\s+bits\\s+(.*)$",
      "^(\\d+)\\s+(bits?)\\s+(ecdsa|ecdh|EdDSA|SM2)\\s+\\(([^)\\s]+)\\)\\s+(.*)$",
      "^(\\d+)\\s+bits\\s+ffdh\\s+(.*)$",
      "^[Mm]odel name\\s*:\\s*(\\S.*)$",
  };
  GRegex **all[] = {&re->version_old,   &re->version_3,     &re->command,
                    &re->bulk_progress, &re->pkey_progress, &re->rsa_dsa,
                    &re->ec_row,        &re->ffdh_row,      &re->cpu_model};
  G_STATIC_ASSERT(G_N_ELEMENTS(all) == G_N_ELEMENTS(sources));
  G_STATIC_ASSERT(G_N_ELEMENTS(slots) == G_N_ELEMENTS(sources));
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++)
    *all[i] = sm_import_regex(&slots[i], sources[i], 0);
}

typedef bool (*LineHandler)(Parser *p, const char *text);

/* In order: the specific forms first, bulk rows (which take almost any "word figures") last. */
static const LineHandler handlers[] = {
    sm_speed_handle_mr,
    sm_speed_handle_command,
    sm_speed_handle_version,
    sm_speed_handle_metadata,
    sm_speed_handle_numbers_line,
    sm_speed_handle_type_header,
    sm_speed_handle_pkey_header,
    sm_speed_handle_rsa_dsa_row,
    sm_speed_handle_ec_row,
    sm_speed_handle_kem_sig_row,
    sm_speed_handle_progress,
    sm_speed_handle_bulk_row,
    sm_speed_handle_stray_figures,
};

static SmImport *parse_output(const char *text, gsize length, const char *source)
{
  SmImport *import = g_new0(SmImport, 1);
  import->runs = g_ptr_array_new_with_free_func(import_run_free);
  import->skipped = g_ptr_array_new_with_free_func(g_free);
  Parser p = {.source = source, .import = import};
  patterns_init(&p.re);
  p.lines = split_lines(text, length, &p.count);
  for (p.at = 0; p.at < p.count; p.at++) {
    const char *line = p.lines[p.at].text;
    if (line[0] == '\0')
      continue;
    for (size_t h = 0; h < G_N_ELEMENTS(handlers); h++)
      if (handlers[h](&p, line))
        break;
  }
  sm_speed_close_run(&p);
  for (guint i = 0; i < p.count; i++)
    g_free(p.lines[i].text);
  g_free(p.lines);
  return import;
}

/* The text's lines with mail quoting ("> ", "> > ") removed and indentation kept. */
static char **table_lines(const char *text, gsize length, guint *count)
{
  g_autofree char *copy = g_malloc(length + 1);
  for (gsize i = 0; i < length; i++)
    copy[i] = text[i] == '\0' || text[i] == '\r' ? ' ' : text[i];
  copy[length] = '\0';
  g_autofree char *valid = g_utf8_make_valid(copy, (gssize)length);
  char **lines = g_strsplit(valid, "\n", -1);
  *count = g_strv_length(lines);
  for (guint i = 0; i < *count; i++) {
    const char *p = lines[i], *after_quote = NULL;
    for (; *p == ' ' || *p == '>'; p++)
      if (*p == '>')
        after_quote = p + 1;
    if (after_quote == NULL)
      continue;
    if (*after_quote == ' ')
      after_quote++;
    memmove(lines[i], after_quote, strlen(after_quote) + 1);
  }
  return lines;
}

/* The lines of the runs that parsed: openssl speed's own output, never a table. */
static bool *taken_lines(const SmImport *import, guint count)
{
  bool *taken = g_new0(bool, count + 1);
  for (guint r = 0; r < import->runs->len; r++) {
    const SmImportRun *run = import->runs->pdata[r];
    if (run->error != NULL)
      continue;
    for (guint line = run->first_line; line <= run->last_line && line <= count; line++)
      taken[line - 1] = true;
  }
  return taken;
}

/* The text with the tables' lines emptied, for the openssl speed reader. */
static char *without_tables(const char *text, gsize length, GPtrArray *tables, gsize *out_length)
{
  g_autofree char *copy = g_strndup(text, length);
  for (gsize i = 0; i < length; i++)
    if (copy[i] == '\0')
      copy[i] = ' ';
  g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
  guint count = g_strv_length(lines);
  for (guint t = 0; t < tables->len; t++) {
    const SmTable *table = tables->pdata[t];
    for (guint line = table->first_line; line <= table->last_line && line <= count; line++)
      lines[line - 1][0] = '\0';
  }
  char *joined = g_strjoinv("\n", lines);
  *out_length = strlen(joined);
  return joined;
}

/* The benchmark tables among `tables` (the others leave it, each with a line in `skipped`).
 * Other programs' tables go to `unread`, kept from the openssl speed reader too; key-value
 * pastes go back to it, which takes a CPU's model name from them. */
static GPtrArray *benchmark_tables(char **lines, GPtrArray *tables, GPtrArray *skipped,
                                   GPtrArray *unread)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func((GDestroyNotify)sm_table_free);
  for (guint t = 0; t < tables->len; t++) {
    SmTable *table = tables->pdata[t];
    SmTableKind kind = sm_table_kind(lines, table);
    if (kind == SM_TABLE_BENCHMARK) {
      g_ptr_array_add(kept, g_steal_pointer(&tables->pdata[t]));
      continue;
    }
    g_ptr_array_add(skipped, g_strdup_printf("lines %u-%u: skipped, %s", table->first_line,
                                             table->last_line, sm_table_kind_reason(kind)));
    if (kind == SM_TABLE_KEY_VALUE)
      continue;
    g_ptr_array_add(unread, g_steal_pointer(&tables->pdata[t]));
  }
  return kept;
}

SmImport *sm_import_parse_with(const char *text, gsize length, const char *source,
                               const SmImportMap *map)
{
  SmImport *import = parse_output(text, length, source);
  guint count = 0;
  g_auto(GStrv) lines = table_lines(text, length, &count);
  g_autofree bool *taken = taken_lines(import, count);
  g_autoptr(GPtrArray) found = sm_tables_find(lines, count, taken);
  if (found->len == 0)
    return import;
  g_autoptr(GPtrArray) unread = g_ptr_array_new_with_free_func((GDestroyNotify)sm_table_free);
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GPtrArray) tables = benchmark_tables(lines, found, skipped, unread);
  g_autoptr(GPtrArray) blanked = g_ptr_array_copy(unread, NULL, NULL); /* borrowed */
  g_ptr_array_set_free_func(blanked, NULL);
  g_ptr_array_extend(blanked, tables, NULL, NULL);
  if (blanked->len == 0) {
    g_ptr_array_extend_and_steal(import->skipped, g_steal_pointer(&skipped));
    return import;
  }
  sm_import_free(import);
  gsize rest_length = 0;
  g_autofree char *rest = without_tables(text, length, blanked, &rest_length);
  import = parse_output(rest, rest_length, source);
  g_ptr_array_extend_and_steal(import->skipped, g_steal_pointer(&skipped));
  for (guint t = 0; t < tables->len; t++)
    g_ptr_array_add(import->runs, sm_table_read(tables->pdata[t], t + 1, source, map));
  return import;
}

SmImport *sm_import_parse(const char *text, gsize length, const char *source)
{
  return sm_import_parse_with(text, length, source, NULL);
}
