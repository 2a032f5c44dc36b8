/* A run's records into speedmatrix rows: the generation that printed it decides each row's api
 * and what -mr figures mean. */
#include "import/speed.h"

#include "import/import_rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static Gen run_gen(const Run *run)
{
  if (run->major == 0)
    return GEN_0_9;
  if (run->major == 1 && (run->minor == 0 || (run->minor == 1 && run->patch == 0)))
    return GEN_1_0;
  if (run->major == 1)
    return GEN_1_1_1;
  if (run->major >= 3)
    return GEN_3;
  /* No version line (-mr output never prints one): what the output itself shows. */
  if (run->three_marker)
    return GEN_3;
  if (run->plural_bits && !run->singular_bit)
    return GEN_1_1_1;
  if (run->singular_bit || run->five_sizes)
    return GEN_1_0;
  return GEN_UNKNOWN;
}

static SmApi bulk_api(const Run *run, Gen gen, const char *printed, const char *canonical)
{
  if (gen == GEN_3)
    return SM_API_EVP;
  const SmOsslClassicName *classic = sm_ossl_classic_name(printed);
  if (classic == NULL)
    return SM_API_EVP; /* the -evp row, under the EVP object's name */
  if (run->cmd_evp && run->cmd_evp_name != NULL && strcmp(run->cmd_evp_name, canonical) == 0)
    return SM_API_EVP; /* `-evp sha256` prints "sha256", like the fixed-list row */
  return gen == GEN_0_9 ? classic->api_0_9 : classic->api_1;
}

/* 0.9.x-1.1.x sign with RSA_sign, DSA_do_sign/DSA_sign and ECDSA_sign and derive with
 * ECDH_compute_key up to 1.1.0; 1.1.1 derives with EVP_PKEY_derive and signs EdDSA with
 * EVP_DigestSign; 3.x does everything through EVP_PKEY. */
static SmApi pkey_api(Gen gen, SmPkFamily family)
{
  if (gen == GEN_3)
    return SM_API_EVP;
  switch (family) {
  case SM_PK_RSA:
  case SM_PK_DSA:
  case SM_PK_ECDSA:
    return SM_API_LOW;
  case SM_PK_ECDH:
    return gen == GEN_1_1_1 ? SM_API_EVP : SM_API_LOW;
  default:
    return SM_API_EVP;
  }
}

static SmRow *row_new(const Run *run, const char *source)
{
  SmRow *row = g_new0(SmRow, 1);
  /* openssl speed prints no time of measurement (its dates are build dates): no timestamp. */
  row->timestamp = g_strdup("");
  row->host = g_strdup("");
  row->cpu_model = g_strdup(run->cpu_model ? run->cpu_model : "");
  row->engine = g_strdup("openssl");
  row->engine_version = g_strdup(run->version ? run->version : "");
  row->status = SM_STATUS_OK;
  row->accel = SM_ACCEL_ON;
  row->parallel = run->parallel > 1 ? run->parallel : MAX(run->forked, 1u);
  row->source = g_strdup_printf("%s#run %u", source, run->number);
  return row;
}

/* How the generation of a run without a version line was told, for the rows' detail; NULL when a
 * version line said it (or nothing did: then sm_speed_finish_run decides). */
static const char *gen_inferred_note(const Run *run, Gen gen)
{
  if (run->major != -1 || gen == GEN_UNKNOWN)
    return NULL;
  if (run->three_marker)
    return "no version line: OpenSSL 3.x inferred from what it printed (3.x names, records or "
           "CPUINFO line)";
  if (gen == GEN_1_1_1)
    return "no version line: OpenSSL 1.1.1 inferred from what it printed ('bits' wording, EdDSA)";
  return "no version line: OpenSSL 1.0.x-1.1.0 inferred from what it printed (five block sizes, "
         "'bit' wording)";
}

static SmRow *bulk_row(const Run *run, Gen gen, const Record *record, const char *source)
{
  SmRow *row = row_new(run, source);
  g_autofree char *canonical = sm_ossl_bulk_name(record->name);
  const SmAlgInfo *info = sm_catalog_find(canonical);
  const SmOsslClassicName *classic = sm_ossl_classic_name(record->name);
  const char *detail = NULL;
  if (info != NULL)
    row->kind = info->kind;
  else if (classic != NULL)
    row->kind = classic->kind;
  else
    row->kind = sm_ossl_guess_kind(canonical);
  if (info == NULL)
    detail = classic != NULL && !classic->kind_guessed
                 ? "not in speedmatrix's catalogue: openssl speed's name kept"
                 : "not in speedmatrix's catalogue: openssl speed's name kept, kind guessed";
  row->algorithm = g_steal_pointer(&canonical);
  row->api = bulk_api(run, gen, record->name, row->algorithm);
  switch (row->kind) {
  case SM_KIND_CIPHER:
  case SM_KIND_AEAD:
    row->operation = run->cmd_decrypt && row->api == SM_API_EVP ? SM_OP_DECRYPT : SM_OP_ENCRYPT;
    break;
  case SM_KIND_MAC:
    row->operation = SM_OP_MAC;
    break;
  default:
    row->operation = SM_OP_HASH;
    break;
  }
  row->block_size = record->block_size;
  sm_import_set_figure(row, record->bytes_per_sec / record->block_size);
  row->bytes_per_sec = record->bytes_per_sec;
  row->detail = detail ? g_strdup(detail) : NULL;
  if (record->progress)
    row->detail = sm_import_append_detail(row->detail, "from progress lines");
  if (run->gen_note != NULL)
    row->detail = sm_import_append_detail(row->detail, run->gen_note);
  /* openssl prints 0.00 for what it did not manage to measure: not a figure of zero. */
  if (record->bytes_per_sec <= 0) {
    row->status = SM_STATUS_ERROR;
    row->detail = sm_import_append_detail(
        row->detail, record->progress ? "openssl speed timed it at 0.00s (nothing measured)"
                                      : "openssl speed printed 0.00 (nothing measured)");
  }
  return row;
}

static SmRow *pkey_row(const Run *run, Gen gen, const Record *record, const char *source)
{
  SmRow *row = row_new(run, source);
  row->algorithm = record->family == SM_PK_SIG
                       ? g_strdup(record->name)
                       : sm_ossl_pkey_name(record->family, record->bits, record->curve);
  row->kind = record->family == SM_PK_ECDH || record->family == SM_PK_FFDH ? SM_KIND_KEX
                                                                           : SM_KIND_SIGNATURE;
  row->operation = record->op;
  row->api = pkey_api(gen, record->family);
  if (!isnan(record->ops_per_sec))
    sm_import_set_figure(row, record->ops_per_sec);
  char *detail = NULL;
  if (sm_catalog_find(row->algorithm) == NULL)
    detail = sm_import_append_detail(detail,
                                     "not in speedmatrix's catalogue: openssl speed's name kept");
  if (record->op == SM_OP_ENCRYPT || record->op == SM_OP_DECRYPT)
    detail = sm_import_append_detail(detail, "openssl speed's RSA encrypt/decrypt column");
  if (record->curve_inferred)
    detail = sm_import_append_detail(detail, "curve inferred from key size and order");
  if (record->progress)
    detail = sm_import_append_detail(detail, "from progress lines");
  if (run->gen_note != NULL)
    detail = sm_import_append_detail(detail, run->gen_note);
  if (isnan(record->ops_per_sec)) {
    row->status = SM_STATUS_ERROR;
    detail = sm_import_append_detail(detail, "openssl speed printed inf (nothing measured)");
  }
  row->detail = detail;
  return row;
}

/* The generation that printed a run (it decides the api of rows and what -mr figures mean),
 * with the -mr public-key records turned into records; run->gen_note says how it was told. */
static Gen decide_gen(Run *run)
{
  Gen gen = run_gen(run);
  const char *gen_note = gen_inferred_note(run, gen);
  if (run->error == NULL && run->mr_pkey->len > 0) {
    bool decided = false;
    bool rates = sm_speed_mr_rates(run, gen, &decided);
    if (!decided) {
      const MrPkey *first = run->mr_pkey->pdata[0];
      sm_speed_run_fail(
          run, first->line,
          "cannot tell whether the -mr figures are seconds or ops/s; add the version line");
    } else {
      sm_speed_mr_to_records(run, rates);
      /* Figures in ops/s say 1.1.1 or 3.x, and nothing else in -mr output tells them apart:
       * the undecidable case is taken as 3.x, as for every run without a version line. */
      if (gen == GEN_UNKNOWN && !rates) {
        gen = GEN_1_0;
        gen_note = "no version line: OpenSSL 1.0.x-1.1.0 inferred from the -mr public-key "
                   "figures (seconds per operation)";
      }
    }
  }
  if (gen == GEN_UNKNOWN) {
    /* Nothing in the output tells 1.1.1 from 3.x (a -mr run of digests prints the same records
     * in both): the current line it is, as its plain output would have said, and the rows say
     * so. */
    gen = GEN_3;
    gen_note = "no version line: taken as OpenSSL 3.x (nothing in this output tells it from "
               "1.1.1; add the version line if it is older)";
  }
  run->gen_note = gen_note;
  return gen;
}

/* Whether the run's progress lines measured bulk cell `name` at `size`. */
static bool progress_has(const Run *run, const char *name, guint size)
{
  for (guint i = 0; i < run->records->len; i++) {
    const Record *record = run->records->pdata[i];
    if (record->progress && record->bulk && record->block_size == size &&
        strcmp(record->name, name) == 0)
      return true;
  }
  return false;
}

static bool has_progress(const Run *run)
{
  for (guint i = 0; i < run->records->len; i++)
    if (((const Record *)run->records->pdata[i])->progress)
      return true;
  return false;
}

/* A summary cut short (a post or an excerpt that ends inside the table) is completed from the
 * run's progress lines where they give the missing figures; else the run fails as before. */
static void check_cut_summary(Run *run)
{
  if (run->error != NULL)
    return;
  if (run->cut_line != 0) {
    bool covered = run->parallel <= 1 && run->forked == 0;
    for (guint i = run->cut_have; covered && i < run->cut_wanted; i++)
      covered = progress_has(run, run->cut_name, g_array_index(run->sizes, guint, i));
    if (!covered)
      sm_speed_run_fail(run, run->cut_line,
                        "%s: %u figures for the %u block sizes of the header (truncated table?)",
                        run->cut_name, run->cut_have, run->cut_wanted);
    else
      sm_speed_run_note(run, run->cut_line,
                        "%s: the row is cut short after %u of %u figures; the rest are from the "
                        "progress lines",
                        run->cut_name, run->cut_have, run->cut_wanted);
  }
  if (run->have_header && run->bulk_rows == 0 && run->error == NULL) {
    if (has_progress(run) && run->parallel <= 1 && run->forked == 0)
      sm_speed_run_note(run, run->header_line,
                        "a table header without rows (cut short?): the figures are from the "
                        "progress lines");
    else
      sm_speed_run_fail(run, run->header_line, "a table header without rows (truncated table?)");
  }
}

/* A record's row into out, once per cell (cells: each cell's first line). When filling in from
 * progress lines, a cell the summary has keeps the summary's figure; otherwise a cell seen before
 * is noted and the first kept. True when the row was added. */
static bool add_record_row(Parser *p, Run *run, Gen gen, const Record *record, bool filling,
                           GHashTable *cells, SmImportRun *out)
{
  SmRow *row =
      record->bulk ? bulk_row(run, gen, record, p->source) : pkey_row(run, gen, record, p->source);
  char *cell = g_strdup_printf("%s/%s/%s/%u", row->algorithm, sm_op_name(row->operation),
                               sm_api_name(row->api), row->block_size);
  guint first = GPOINTER_TO_UINT(g_hash_table_lookup(cells, cell));
  if (first != 0 && filling) { /* the summary's figure for it stands */
    sm_row_free(row);
    g_free(cell);
    return false;
  }
  if (first != 0) {
    sm_import_note(out->notes, record->line, 0, "%s %s again (first on line %u); the first is kept",
                   row->algorithm, sm_op_name(row->operation), first);
    sm_row_free(row);
    g_free(cell);
    return false;
  }
  g_hash_table_insert(cells, cell, GUINT_TO_POINTER(record->line));
  g_ptr_array_add(out->rows, row);
  return true;
}

void sm_speed_finish_run(Parser *p, Run *run)
{
  SmImportRun *out = g_new0(SmImportRun, 1);
  out->number = ++p->runs_seen;
  run->number = out->number;
  out->first_line = run->first_line;
  out->last_line = run->last_line;
  out->rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  check_cut_summary(run);
  out->notes = g_steal_pointer(&run->notes);
  run->notes = g_ptr_array_new_with_free_func(sm_import_note_free);
  g_ptr_array_add(p->import->runs, out);

  if (run->have_numbers_line && !run->have_header)
    sm_speed_run_fail(run, run->numbers_line,
                      "the 'type ... bytes' header of the table is missing");
  if (run->pkey_header_pending)
    sm_speed_run_fail(run, run->pkey_header_line,
                      "a sign/verify table header without rows (truncated?)");

  Gen gen = decide_gen(run);

  /* The summary is what openssl printed as its result; progress lines stand in where it has no
   * figure for a cell (no summary at all, or one cut short), except under -multi, whose
   * progress lines are each child's. */
  bool summary = false;
  for (guint i = 0; i < run->records->len; i++)
    summary |= !((Record *)run->records->pdata[i])->progress;
  if (!summary && run->progress_interleaved && run->error == NULL)
    sm_speed_run_fail(
        run, run->first_line,
        "the -multi children's progress lines interleave (each child's figure, not the sum) "
        "and the summary is missing");
  /* A cell once per run (3.5 prints rsa2048 in two tables; compare needs one row per cell). */
  g_autoptr(GHashTable) cells = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  bool fill = summary && run->parallel <= 1 && run->forked == 0 && !run->progress_interleaved;
  guint filled = 0;
  for (guint pass = 0; run->error == NULL && pass < (fill ? 2u : 1u); pass++)
    for (guint i = 0; i < run->records->len; i++) {
      const Record *record = run->records->pdata[i];
      if (pass == 0 ? record->progress == summary : !record->progress)
        continue;
      if (add_record_row(p, run, gen, record, pass == 1, cells, out) && pass == 1)
        filled++;
    }
  guint cut_filled = run->cut_line != 0 ? run->cut_wanted - run->cut_have : 0;
  if (filled > cut_filled && !(run->have_header && run->bulk_rows == 0)) {
    sm_import_note(out->notes, run->first_line, 0,
                   "%u figures the summary has no row for are from the progress lines",
                   filled - cut_filled);
  }
  if (run->error == NULL && out->rows->len == 0)
    sm_speed_run_fail(run, run->first_line, "no figures speedmatrix can import in this run");
  if (run->error != NULL) {
    g_ptr_array_set_size(out->rows, 0);
    out->error = g_steal_pointer(&run->error);
    out->error_line = run->error_line;
  }
}
