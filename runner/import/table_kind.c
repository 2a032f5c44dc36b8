/* Whether a block the table finder found is a benchmark table: decided by what a benchmark table
 * has (an algorithm, a block size, an operation, or a public-key family and its key sizes, named
 * beside rows of figures),
 * not by what other programs print. Key-value pastes (/proc/cpuinfo, lscpu) and other programs'
 * tables (free, ifconfig, bonnie++) have none of it and are skipped without an error. */
#include "import/table_cells.h"

#include "import/table_words.h"

#include <string.h>

/* "model name      : VIA Nehemiah", "Architecture:        x86_64": a key, a colon, a value. */
static bool key_value_line(const char *line)
{
  const char *colon = strchr(line, ':');
  if (colon == NULL || colon == line || colon - line > 40)
    return false;
  for (const char *c = line; c < colon; c++)
    if (*c == '|' || *c == ',' || (!g_ascii_isalnum(*c) && strchr(" _-()./#", *c) == NULL))
      return false;
  return colon[1] == '\0' || colon[1] == ' ' || colon[1] == '\t';
}

static bool key_value_paste(char **lines, const SmTable *table)
{
  guint key_value = 0, written = 0;
  for (guint line = table->first_line; line <= table->last_line; line++) {
    const char *text = lines[line - 1] + strspn(lines[line - 1], " \t");
    if (text[0] == '\0')
      continue;
    written++;
    key_value += key_value_line(text);
  }
  return written > 0 && key_value * 2 > written;
}

/* What a cell or one of its words says: an algorithm's name, a block size ("16 bytes"), an
 * operation ("sign/s"), a public-key family with its key size ("RSA" over "2048"). */
typedef struct {
  bool algorithm, family, key_size, operation, block_size;
} Evidence;

static void weigh_text(Evidence *evidence, const char *text)
{
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_read(&spec, text);
  evidence->algorithm |= spec.algorithm != NULL;
  evidence->family |= spec.family >= 0;
  evidence->key_size |= spec.bits > 0 || spec.bare >= 512;
  evidence->operation |= spec.op >= 0;
  /* openssl's block sizes are powers of two ("123456 bytes" is a count, not a block). */
  evidence->block_size |= spec.block_size > 0 && spec.block_size <= (1u << 20) &&
                          (spec.block_size & (spec.block_size - 1)) == 0;
  sm_spec_clear(&spec);
}

static void weigh_cell(Evidence *evidence, const char *cell)
{
  weigh_text(evidence, cell);
  g_auto(GStrv) words = g_strsplit_set(cell, " \t", -1);
  for (guint i = 0; words[i] != NULL && words[1] != NULL; i++)
    if (words[i][0] != '\0')
      weigh_text(evidence, words[i]);
}

SmTableKind sm_table_kind(char **lines, const SmTable *table)
{
  if (key_value_paste(lines, table))
    return SM_TABLE_KEY_VALUE;
  Evidence evidence = {0};
  for (guint r = 0; r < table->rows->len; r++) {
    const SmTableRow *row = table->rows->pdata[r];
    for (guint c = 0; c < row->cells->len; c++)
      weigh_cell(&evidence, row->cells->pdata[c]);
  }
  if (evidence.algorithm || evidence.block_size || evidence.operation ||
      (evidence.family && evidence.key_size))
    return SM_TABLE_BENCHMARK;
  return SM_TABLE_OTHER;
}

const char *sm_table_kind_reason(SmTableKind kind)
{
  switch (kind) {
  case SM_TABLE_KEY_VALUE:
    return "a key-value paste (/proc/cpuinfo, lscpu and the like), not a table";
  case SM_TABLE_OTHER:
    return "no algorithm, key size, block size or operation named: another program's table";
  default:
    return "a benchmark table";
  }
}
