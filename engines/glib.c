/* speedmatrix engine: GLib (GChecksum, GHmac).
 *
 * evp = the streaming objects reused: one GChecksum per state, reset per call; one GHmac keyed
 * in setup and copied per call (GHmac has no reset, and get_digest closes it).
 * low = the one-shot calls g_compute_checksum_for_data / g_compute_hmac_for_data. They
 * allocate and return a hex string on every call, which is then decoded back into bytes;
 * that allocation and the hex round trip are inherent to the API and exactly what is measured.
 * Likewise g_hmac_copy allocates per call: GHmac offers no other way to reuse a key.
 */
#include "engine.h"

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

static const guchar empty_bytes[1];

static const guchar *bytes_or_empty(SmBytes bytes)
{
  return bytes.data != NULL ? bytes.data : empty_bytes;
}

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

/* ---- digests ---- */

static SmResult digest_setup(GChecksumType type, gboolean streaming, void **state, char *msg,
                             size_t msg_len)
{
  g_autofree DigestState *s = g_new0(DigestState, 1);
  s->type = type;
  s->digest_len = (gsize)g_checksum_type_get_length(type);
  if (streaming) {
    s->checksum = g_checksum_new(type);
    if (s->checksum == NULL)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "g_checksum_new refused checksum type %d", type);
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
  if (!hex_to_bytes(hex, io->out, s->digest_len))
    return SM_FAILED;
  io->out_len = s->digest_len;
  return SM_OK;
}

/* ---- HMAC ---- */

static SmResult hmac_setup(GChecksumType type, gboolean streaming, const SmParams *params,
                           void **state, char *msg, size_t msg_len)
{
  g_autofree HmacState *s = g_new0(HmacState, 1);
  s->type = type;
  s->digest_len = (gsize)g_checksum_type_get_length(type);
  if (streaming) {
    s->keyed = g_hmac_new(type, bytes_or_empty(params->key), params->key.len);
    if (s->keyed == NULL)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "g_hmac_new refused checksum type %d", type);
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
  if (!hex_to_bytes(hex, io->out, s->digest_len))
    return SM_FAILED;
  io->out_len = s->digest_len;
  return SM_OK;
}

/* Setup is told neither algorithm nor level, so each (algorithm, level) gets a wrapper; this
 * defines the four setups and the four SmImpls of one checksum type. */
#define GLIB_CHECKSUM_ROWS(id, type)                                                               \
  static SmResult id##_digest_setup_evp(const SmParams *params, void **state, char *msg,           \
                                        size_t msg_len)                                            \
  {                                                                                                \
    (void)params;                                                                                  \
    return digest_setup(type, TRUE, state, msg, msg_len);                                          \
  }                                                                                                \
  static SmResult id##_digest_setup_low(const SmParams *params, void **state, char *msg,           \
                                        size_t msg_len)                                            \
  {                                                                                                \
    (void)params;                                                                                  \
    return digest_setup(type, FALSE, state, msg, msg_len);                                         \
  }                                                                                                \
  static SmResult id##_hmac_setup_evp(const SmParams *params, void **state, char *msg,             \
                                      size_t msg_len)                                              \
  {                                                                                                \
    return hmac_setup(type, TRUE, params, state, msg, msg_len);                                    \
  }                                                                                                \
  static SmResult id##_hmac_setup_low(const SmParams *params, void **state, char *msg,             \
                                      size_t msg_len)                                              \
  {                                                                                                \
    return hmac_setup(type, FALSE, params, state, msg, msg_len);                                   \
  }                                                                                                \
  static const SmImpl id##_digest_evp = {.setup = id##_digest_setup_evp,                           \
                                         .op = {[SM_OP_HASH] = digest_streaming},                  \
                                         .teardown = digest_teardown};                             \
  static const SmImpl id##_digest_low = {.setup = id##_digest_setup_low,                           \
                                         .op = {[SM_OP_HASH] = digest_oneshot},                    \
                                         .teardown = digest_teardown};                             \
  static const SmImpl id##_hmac_evp = {.setup = id##_hmac_setup_evp,                               \
                                       .op = {[SM_OP_MAC] = hmac_streaming},                       \
                                       .teardown = hmac_teardown};                                 \
  static const SmImpl id##_hmac_low = {.setup = id##_hmac_setup_low,                               \
                                       .op = {[SM_OP_MAC] = hmac_oneshot},                         \
                                       .teardown = hmac_teardown};

GLIB_CHECKSUM_ROWS(md5, G_CHECKSUM_MD5)
GLIB_CHECKSUM_ROWS(sha1, G_CHECKSUM_SHA1)
GLIB_CHECKSUM_ROWS(sha256, G_CHECKSUM_SHA256)
GLIB_CHECKSUM_ROWS(sha384, G_CHECKSUM_SHA384)
GLIB_CHECKSUM_ROWS(sha512, G_CHECKSUM_SHA512)

static const SmAlgorithm algorithms[] = {
    {.name = "md5", .kind = SM_KIND_DIGEST, .impl = {&md5_digest_evp, &md5_digest_low}},
    {.name = "sha1", .kind = SM_KIND_DIGEST, .impl = {&sha1_digest_evp, &sha1_digest_low}},
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = {&sha256_digest_evp, &sha256_digest_low}},
    {.name = "sha384", .kind = SM_KIND_DIGEST, .impl = {&sha384_digest_evp, &sha384_digest_low}},
    {.name = "sha512", .kind = SM_KIND_DIGEST, .impl = {&sha512_digest_evp, &sha512_digest_low}},
    {.name = "hmac-md5", .kind = SM_KIND_MAC, .impl = {&md5_hmac_evp, &md5_hmac_low}},
    {.name = "hmac-sha1", .kind = SM_KIND_MAC, .impl = {&sha1_hmac_evp, &sha1_hmac_low}},
    {.name = "hmac-sha256", .kind = SM_KIND_MAC, .impl = {&sha256_hmac_evp, &sha256_hmac_low}},
    {.name = "hmac-sha384", .kind = SM_KIND_MAC, .impl = {&sha384_hmac_evp, &sha384_hmac_low}},
    {.name = "hmac-sha512", .kind = SM_KIND_MAC, .impl = {&sha512_hmac_evp, &sha512_hmac_low}},
    {.name = NULL},
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

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "glib",
    .library = "GLib",
    .library_version = lib_version,
    .init = engine_init,
    .accel_off_env = NULL,
    .api_meaning = {"streaming objects reused (GChecksum with g_checksum_reset, GHmac)",
                    "one-shot calls (g_compute_checksum_for_data, g_compute_hmac_for_data)"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }
