/* The machine-readable form (-mr): +H, +F..+F8 records, the +DT/+R progress records, and
 * whether a run's public-key figures are seconds or rates. */
#include "import/speed.h"

#include "import/import_rows.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void mr_header(Run *run, GStrv fields, guint line)
{
  g_array_set_size(run->sizes, 0);
  for (guint i = 1; fields[i] != NULL; i++) {
    guint size = 0;
    if (!sm_speed_parse_field_uint(fields[i], &size) || size == 0) {
      sm_speed_run_fail(run, line, "+H: \"%s\" is not a block size", fields[i]);
      return;
    }
    g_array_append_val(run->sizes, size);
  }
  if (run->sizes->len == 0)
    sm_speed_run_fail(run, line, "+H without block sizes");
  run->have_header = true;
  run->mr_header = true;
  run->header_line = line;
  if (run->sizes->len == 5)
    run->five_sizes = true;
}

/* +F:k:name:bytes/s...: the name may hold colons, so the figures are counted from the end. */
static void mr_bulk(Run *run, GStrv fields, guint line)
{
  guint count = g_strv_length(fields);
  if (!run->have_header && run->got_sizes->len > 0) {
    /* -mr -multi: the parent prints the summed +F without its own +H; the children's
     * "Got: +H" records are its block sizes. */
    g_array_set_size(run->sizes, 0);
    g_array_append_vals(run->sizes, run->got_sizes->data, run->got_sizes->len);
    run->have_header = run->mr_header = true;
    run->header_line = run->got_line;
  }
  guint sizes = run->sizes->len;
  if (!run->have_header || !run->mr_header) {
    sm_speed_run_fail(run, line, "+F record before any +H record of block sizes");
    return;
  }
  guint index = 0;
  if (count < 3 + sizes || !sm_speed_parse_field_uint(fields[1], &index)) {
    sm_speed_run_fail(run, line, "+F: %u figures for the %u block sizes of +H (truncated record?)",
                      count > 3 ? count - 3 : 0, sizes);
    return;
  }
  for (guint i = count - sizes; i < count; i++) {
    double ignored = 0;
    if (!sm_speed_parse_field_double(fields[i], &ignored)) {
      sm_speed_run_fail(run, line, "+F: \"%s\" is not a figure", fields[i]);
      return;
    }
  }
  /* More figures than +H has sizes would make the extra ones part of the name. */
  GString *name = g_string_new(NULL);
  for (guint i = 2; i < count - sizes; i++)
    g_string_append_printf(name, "%s%s", i > 2 ? ":" : "", fields[i]);
  double probe = 0;
  if (count - sizes > 3 && sm_speed_parse_field_double(fields[count - sizes - 1], &probe)) {
    sm_speed_run_fail(run, line, "+F: %u figures for the %u block sizes of +H", count - 3, sizes);
    g_string_free(name, TRUE);
    return;
  }
  g_auto(GStrv) name_tokens = sm_speed_tokens_of(name->str);
  g_autofree char *normal = sm_speed_normalise_name(name_tokens, g_strv_length(name_tokens));
  g_string_free(name, TRUE);
  run->bulk_rows++;
  for (guint i = 0; i < sizes; i++) {
    double bytes = 0;
    sm_speed_parse_field_double(fields[count - sizes + i], &bytes);
    sm_speed_add_bulk(run, line, normal, g_array_index(run->sizes, guint, i), bytes, false);
  }
}

/* +F2..+F8: k:bits[:name]:figures. */
static void mr_pkey(Run *run, SmPkFamily family, GStrv fields, guint line, const char *tag)
{
  guint count = g_strv_length(fields);
  bool named = family == SM_PK_EDDSA || family == SM_PK_SM2;
  guint first = named ? 4 : 3;
  guint wanted = family == SM_PK_RSA && count == first + 4 ? 4 : 2; /* rsa from 3.4: four */
  MrPkey *record = g_new0(MrPkey, 1);
  record->line = line;
  record->family = family;
  if (count != first + wanted || !sm_speed_parse_field_uint(fields[1], &record->index) ||
      !sm_speed_parse_field_uint(fields[2], &record->bits)) {
    sm_speed_run_fail(run, line, "%s record with %u fields, expected %u", tag,
                      count > 0 ? count - 1 : 0, first + wanted - 1);
    sm_speed_mr_pkey_free(record);
    return;
  }
  for (guint i = 0; i < wanted; i++)
    if (!sm_speed_parse_field_double(fields[first + i], &record->values[i]) ||
        record->values[i] <= 0) {
      sm_speed_run_fail(run, line, "%s: \"%s\" is not a positive figure", tag, fields[first + i]);
      sm_speed_mr_pkey_free(record);
      return;
    }
  record->count = wanted;
  if (named)
    record->curve = g_strdup(fields[3]);
  if (family == SM_PK_ECDSA || family == SM_PK_ECDH) {
    const char *curve = sm_ossl_curve_by_index(record->index, record->bits);
    record->curve = g_strdup(curve != NULL ? curve : sm_ossl_unique_curve(record->bits));
  }
  if (wanted == 4 || family == SM_PK_SM2 || family == SM_PK_FFDH)
    run->three_marker = true;
  g_ptr_array_add(run->mr_pkey, record);
}

/* +DT/+DN (a bulk test begins: name, seconds, size) and +R (its count and time); false for any
 * other tag. */
static bool handle_mr_progress(Parser *p, const char *tag, GStrv fields, guint line)
{
  if (strcmp(tag, "+DT") == 0 || strcmp(tag, "+DN") == 0) {
    Run *run = sm_speed_run_at(p, PHASE_PROGRESS, false);
    guint count = g_strv_length(fields);
    guint size = 0;
    if (run->dt_valid) /* a second +DT before the first's +R: -multi children take turns */
      run->progress_interleaved = true;
    g_clear_pointer(&run->dt_name, g_free);
    run->dt_valid = count >= 4 && sm_speed_parse_field_uint(fields[count - 1], &size) && size > 0;
    if (run->dt_valid) {
      /* +DT:name:seconds:size; the name is all but the last two fields */
      GString *name = g_string_new(NULL);
      for (guint i = 1; i + 2 < count; i++)
        g_string_append_printf(name, "%s%s", i > 1 ? ":" : "", fields[i]);
      g_auto(GStrv) name_tokens = sm_speed_tokens_of(name->str);
      g_string_free(name, TRUE);
      run->dt_name = sm_speed_normalise_name(name_tokens, g_strv_length(name_tokens));
      run->dt_size = size;
    }
    return true;
  }
  if (strcmp(tag, "+R") == 0) {
    Run *run = sm_speed_run_at(p, PHASE_PROGRESS, false);
    guint count = g_strv_length(fields);
    double ops = 0, seconds = 0;
    if (!run->dt_valid && (run->progress_interleaved || run->forked > 0))
      return true; /* another child's result: the summary holds the sum */
    if (!run->dt_valid || count < 4 || !sm_speed_parse_field_double(fields[1], &ops) ||
        !sm_speed_parse_field_double(fields[count - 1], &seconds) || seconds <= 0) {
      sm_speed_run_fail(run, line, "+R record without its +DT record, or with a zero time");
      return true;
    }
    sm_speed_add_bulk(run, line, run->dt_name, run->dt_size, ops * run->dt_size / seconds, true);
    run->dt_valid = false;
    return true;
  }
  return false;
}

/* +R1..+R9: a public-key progress result; false for any other tag. */
static bool handle_mr_pkey_progress(Parser *p, const char *tag, GStrv fields, guint line)
{
  /* +R1..+R9: count:bits[:name]:seconds, each the result of the +DTP before it. */
  static const struct {
    const char *tag;
    SmPkFamily family;
    SmOp op;
  } pkey_results[] = {
      {"+R1", SM_PK_RSA, SM_OP_SIGN},     {"+R2", SM_PK_RSA, SM_OP_VERIFY},
      {"+R3", SM_PK_DSA, SM_OP_SIGN},     {"+R4", SM_PK_DSA, SM_OP_VERIFY},
      {"+R5", SM_PK_ECDSA, SM_OP_SIGN},   {"+R6", SM_PK_ECDSA, SM_OP_VERIFY},
      {"+R7", SM_PK_ECDH, SM_OP_DERIVE},  {"+R8", SM_PK_EDDSA, SM_OP_SIGN},
      {"+R9", SM_PK_EDDSA, SM_OP_VERIFY},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(pkey_results); i++) {
    if (strcmp(tag, pkey_results[i].tag) != 0)
      continue;
    Run *run = sm_speed_run_at(p, PHASE_PROGRESS, false);
    guint count = g_strv_length(fields);
    bool named = pkey_results[i].family == SM_PK_EDDSA;
    double ops = 0, seconds = 0;
    guint bits = 0;
    if (count != (named ? 5u : 4u) || !sm_speed_parse_field_double(fields[1], &ops) ||
        !sm_speed_parse_field_uint(fields[2], &bits) ||
        !sm_speed_parse_field_double(fields[count - 1], &seconds) || seconds <= 0) {
      sm_speed_run_fail(run, line, "%s record is not count:bits%s:seconds", tag,
                        named ? ":name" : "");
      return true;
    }
    SmPkFamily family = pkey_results[i].family;
    if (family == SM_PK_ECDSA || family == SM_PK_ECDH)
      sm_speed_add_inferred_curve(run, line, family, bits, pkey_results[i].op, ops / seconds);
    else
      sm_speed_add_pkey(run, line, family, bits, named ? fields[3] : NULL, false,
                        pkey_results[i].op, ops / seconds, true);
    return true;
  }
  return false;
}

bool sm_speed_handle_mr(Parser *p, const char *text)
{
  if (text[0] != '+' || !g_ascii_isupper(text[1]))
    return false;
  g_auto(GStrv) fields = g_strsplit(text, ":", -1);
  const char *tag = fields[0];
  guint line = sm_speed_current_line(p)->number;
  static const struct {
    const char *tag;
    SmPkFamily family;
  } pkey_tags[] = {{"+F2", SM_PK_RSA},  {"+F3", SM_PK_DSA},   {"+F4", SM_PK_ECDSA},
                   {"+F5", SM_PK_ECDH}, {"+F6", SM_PK_EDDSA}, {"+F7", SM_PK_SM2},
                   {"+F8", SM_PK_FFDH}};
  if (strcmp(tag, "+H") == 0) {
    Run *run = sm_speed_run_at(p, PHASE_BULK, p->run != NULL && p->run->have_header);
    mr_header(run, fields, line);
    return true;
  }
  if (strcmp(tag, "+F") == 0) {
    mr_bulk(sm_speed_run_at(p, PHASE_BULK, false), fields, line);
    return true;
  }
  for (size_t i = 0; i < G_N_ELEMENTS(pkey_tags); i++)
    if (strcmp(tag, pkey_tags[i].tag) == 0) {
      guint index = 0, bits = 0;
      bool again = fields[1] != NULL && fields[2] != NULL &&
                   sm_speed_parse_field_uint(fields[1], &index) &&
                   sm_speed_parse_field_uint(fields[2], &bits) &&
                   sm_speed_pkey_seen(p->run, pkey_tags[i].family, bits, NULL, (int)index);
      Run *run = sm_speed_run_at(p, PHASE_PKEY + pkey_tags[i].family, again);
      if (pkey_tags[i].family == SM_PK_EDDSA)
        run->plural_bits = true; /* EdDSA exists from 1.1.1 on */
      mr_pkey(run, pkey_tags[i].family, fields, line, tag);
      return true;
    }
  if (strcmp(tag, "+F9") == 0 || strcmp(tag, "+F10") == 0) {
    Run *run =
        sm_speed_run_at(p, PHASE_PKEY + (strcmp(tag, "+F9") == 0 ? SM_PK_KEM : SM_PK_SIG), false);
    run->three_marker = true;
    sm_speed_run_note(run, line,
                      "%s record not imported: -mr names KEM and signature algorithms only by "
                      "their index",
                      tag);
    return true;
  }
  if (handle_mr_progress(p, tag, fields, line))
    return true;
  if (handle_mr_pkey_progress(p, tag, fields, line))
    return true;
  if (strcmp(tag, "+DTP") == 0 || strcmp(tag, "+DNP") == 0) {
    sm_speed_run_at(p, PHASE_PROGRESS, false);
    return true;
  }
  return false;
}

/* Whether a run's +F2..+F5 figures are ops/s (1.1.1 on) or seconds per op (up to 1.1.0). */
bool sm_speed_mr_rates(const Run *run, Gen gen, bool *decided)
{
  *decided = true;
  if (gen == GEN_1_1_1 || gen == GEN_3)
    return true;
  if (gen == GEN_0_9 || gen == GEN_1_0)
    return false;
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    /* +F5 holds a figure and its reciprocal: an ECDH takes well under a second. */
    if (record->family == SM_PK_ECDH || record->family == SM_PK_FFDH)
      return record->values[0] > record->values[1];
    /* An RSA verify is much faster than its sign. */
    if (record->family == SM_PK_RSA && record->values[0] != record->values[1])
      return record->values[0] < record->values[1];
  }
  double smallest = INFINITY, largest = 0;
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    for (guint j = 0; j < record->count; j++) {
      smallest = MIN(smallest, record->values[j]);
      largest = MAX(largest, record->values[j]);
    }
  }
  if (largest < 1) /* no DSA or ECDSA operation takes a second */
    return false;
  if (smallest > 1)
    return true;
  *decided = false;
  return false;
}

void sm_speed_mr_to_records(Run *run, bool rates)
{
  for (guint i = 0; i < run->mr_pkey->len; i++) {
    const MrPkey *record = run->mr_pkey->pdata[i];
    if (record->family == SM_PK_ECDH || record->family == SM_PK_FFDH) {
      /* +F5:k:bits:a:b and +F8: the ops/s figure is the first from 1.1.1 on, else the second. */
      double ops = rates || record->family == SM_PK_FFDH ? record->values[0] : record->values[1];
      sm_speed_add_pkey(run, record->line, record->family, record->bits, record->curve, false,
                        SM_OP_DERIVE, ops, false);
      continue;
    }
    static const SmOp ops[] = {SM_OP_SIGN, SM_OP_VERIFY, SM_OP_ENCRYPT, SM_OP_DECRYPT};
    bool rate_figures = rates || record->family == SM_PK_EDDSA || record->family == SM_PK_SM2;
    for (guint j = 0; j < record->count; j++)
      sm_speed_add_pkey(run, record->line, record->family, record->bits, record->curve, false,
                        ops[j], rate_figures ? record->values[j] : 1.0 / record->values[j], false);
  }
}
