/* speedmatrix engine: GLib (GChecksum, GHmac).
 *
 * evp = the streaming objects reused: one GChecksum per state, reset per call; one GHmac keyed
 * in setup and copied per call (GHmac has no reset, and get_digest closes it).
 * low = the one-shot calls g_compute_checksum_for_data / g_compute_hmac_for_data. They
 * allocate and return a hex string on every call, which is then decoded back into bytes;
 * that allocation and the hex round trip are inherent to the API and exactly what is measured.
 * Likewise g_hmac_copy allocates per call: GHmac offers no other way to reuse a key.
 */
#include "engine-util.h"

#include <glib.h>
#include <string.h>

typedef struct {
  GChecksumType type;
  gsize digest_len;
  GChecksum *checksum; /* evp only */
} DigestState;

typedef struct {
  GChecksumType type;
  gsize digest_len;
  GHmac *keyed; /* evp: the keyed template, copied per call */
  guint8 *key;  /* low: the one-shot takes the key every call */
  gsize key_len;
} HmacState;

/* g_*_update take a gssize, where -1 would mean "NUL-terminated". */
static gboolean fits_gssize(size_t len) { return len <= (size_t)G_MAXSSIZE; }

/* The one-shot calls return lower-case hex; out gets exactly len bytes. */
static gboolean hex_to_bytes(const gchar *hex, guint8 *out, gsize len)
{
  if (hex == NULL)
    return FALSE;
  for (gsize i = 0; i < len; i++) {
    gint hi = g_ascii_xdigit_value(hex[2 * i]);
    if (hi < 0)
      return FALSE;
    gint lo = g_ascii_xdigit_value(hex[2 * i + 1]);
    if (lo < 0)
      return FALSE;
    out[i] = (guint8)(hi << 4 | lo);
  }
  return TRUE;
}

/* One row of the table: the checksum type, and whether this level streams (evp) or calls the
 * one-shot functions (low). It reaches setup as params->impl_data. */
typedef struct {
  GChecksumType type;
  gboolean streaming;
} Row;

#define CHECKSUM_ROWS(id, checksum)                                                                \
  static const Row id##_evp = {checksum, TRUE};                                                    \
  static const Row id##_low = {checksum, FALSE};
CHECKSUM_ROWS(md5, G_CHECKSUM_MD5)
CHECKSUM_ROWS(sha1, G_CHECKSUM_SHA1)
CHECKSUM_ROWS(sha256, G_CHECKSUM_SHA256)
CHECKSUM_ROWS(sha384, G_CHECKSUM_SHA384)
CHECKSUM_ROWS(sha512, G_CHECKSUM_SHA512)

/* The end of a one-shot op: the `len` digest bytes that GLib's hex string spells. */
static SmResult output_hex(const gchar *hex, SmIo *io, gsize len)
{
  return hex_to_bytes(hex, io->out, len) ? sm_output(io, len) : SM_FAILED;
}

/* ---- digests ---- */

static SmResult digest_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const Row *row = params->impl_data;
  g_autofree DigestState *s = g_new0(DigestState, 1);
  s->type = row->type;
  s->digest_len = (gsize)g_checksum_type_get_length(row->type);
  if (row->streaming) {
    s->checksum = g_checksum_new(row->type);
    if (s->checksum == NULL)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "g_checksum_new refused checksum type %d",
                    row->type);
  }
  *state = g_steal_pointer(&s);
  return SM_OK;
}
static void digest_teardown(void *state)
{
  DigestState *s = state;
  if (s != NULL)
    g_clear_pointer(&s->checksum, g_checksum_free);
  g_free(s);
}

static SmResult digest_streaming(void *state, SmIo *io)
{
  DigestState *s = state;
  gsize len = s->digest_len;
  if (io->out_len < len || !fits_gssize(io->in_len))
    return SM_FAILED;
  g_checksum_reset(s->checksum);
  g_checksum_update(s->checksum, io->in, (gssize)io->in_len);
  g_checksum_get_digest(s->checksum, io->out, &len);
  io->out_len = len;
  return SM_OK;
}

static SmResult digest_oneshot(void *state, SmIo *io)
{
  DigestState *s = state;
  if (io->out_len < s->digest_len)
    return SM_FAILED;
  g_autofree gchar *hex = g_compute_checksum_for_data(s->type, io->in, io->in_len);
  return output_hex(hex, io, s->digest_len);
}

/* ---- HMAC ---- */

static SmResult hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const Row *row = params->impl_data;
  g_autofree HmacState *s = g_new0(HmacState, 1);
  s->type = row->type;
  s->digest_len = (gsize)g_checksum_type_get_length(row->type);
  if (row->streaming) {
    s->keyed = g_hmac_new(row->type, sm_bytes_or_empty(params->key), params->key.len);
    if (s->keyed == NULL)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "g_hmac_new refused checksum type %d", row->type);
  } else {
    s->key = g_malloc(params->key.len + 1); /* + 1: a non-NULL key even when empty */
    if (params->key.len > 0)
      memcpy(s->key, params->key.data, params->key.len);
    s->key_len = params->key.len;
  }
  *state = g_steal_pointer(&s);
  return SM_OK;
}
static void hmac_teardown(void *state)
{
  HmacState *s = state;
  if (s != NULL) {
    g_clear_pointer(&s->keyed, g_hmac_unref);
    g_clear_pointer(&s->key, g_free);
  }
  g_free(s);
}

static SmResult hmac_streaming(void *state, SmIo *io)
{
  HmacState *s = state;
  gsize len = s->digest_len;
  if (io->out_len < len || !fits_gssize(io->in_len))
    return SM_FAILED;
  g_autoptr(GHmac) hmac = g_hmac_copy(s->keyed);
  g_hmac_update(hmac, io->in, (gssize)io->in_len);
  g_hmac_get_digest(hmac, io->out, &len);
  io->out_len = len;
  return SM_OK;
}

static SmResult hmac_oneshot(void *state, SmIo *io)
{
  HmacState *s = state;
  if (io->out_len < s->digest_len)
    return SM_FAILED;
  g_autofree gchar *hex = g_compute_hmac_for_data(s->type, s->key, s->key_len, io->in, io->in_len);
  return output_hex(hex, io, s->digest_len);
}

/* One row per algorithm, each level an impl that names its Row and its call. */
#define DIGEST(row, hash) (&(const SmImpl)SM_IMPL_HASH(digest_setup, digest_teardown, &row, hash))
#define HMAC(row, mac) (&(const SmImpl)SM_IMPL_MAC(hmac_setup, hmac_teardown, &row, mac))
#define DIGEST_ROW(n, id)                                                                          \
  SM_ROW_BOTH(n, SM_KIND_DIGEST, DIGEST(id##_evp, digest_streaming),                               \
              DIGEST(id##_low, digest_oneshot))
#define HMAC_ROW(n, id)                                                                            \
  SM_ROW_BOTH(n, SM_KIND_MAC, HMAC(id##_evp, hmac_streaming), HMAC(id##_low, hmac_oneshot))
static const SmAlgorithm algorithms[] = {
    DIGEST_ROW("md5", md5),
    DIGEST_ROW("sha1", sha1),
    DIGEST_ROW("sha256", sha256),
    DIGEST_ROW("sha384", sha384),
    DIGEST_ROW("sha512", sha512),
    HMAC_ROW("hmac-md5", md5),
    HMAC_ROW("hmac-sha1", sha1),
    HMAC_ROW("hmac-sha256", sha256),
    HMAC_ROW("hmac-sha384", sha384),
    HMAC_ROW("hmac-sha512", sha512),
    SM_ROW_END,
};

/* ---- engine ---- */

/* The run-time variables, not the GLIB_*_VERSION macros of the headers built against. */
static const char *lib_version(void)
{
  static char version[32];
  g_snprintf(version, sizeof version, "%u.%u.%u", glib_major_version, glib_minor_version,
             glib_micro_version);
  return version;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "GLib has no switch to disable CPU acceleration (its checksums are portable C)");
  return sm_msg(SM_OK, msg, msg_len, "GLib's checksums are portable C (no CPU dispatch)");
}

SM_ENGINE_DESCRIPTOR(engine, "glib", "GLib", lib_version, engine_init, NULL, NULL,
                     "streaming objects reused (GChecksum with g_checksum_reset, GHmac)",
                     "one-shot calls (g_compute_checksum_for_data, g_compute_hmac_for_data)",
                     algorithms);

SM_DEFINE_ENTRY(engine)
