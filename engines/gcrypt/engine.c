/* speedmatrix engine: libgcrypt (1.9+; written against 1.10; ML-KEM with 1.11). This file:
 * initialisation, the helpers the family files share, which code runs, and the descriptor with its
 * table, assembled from the family files' row lists. */

#include "gcrypt-engine.h"

/* ---------------------------------------------------------------- initialisation */

static struct {
  bool done;
  SmAccel accel;
  char hwflist[256]; /* what init reported, repeated on a second init */
} init_state;

static const char *lib_version(void)
{
  /* gcry_check_version runs libgcrypt's global init (and its CPU feature detection), which
   * must not happen before init() has had the chance to disable the hardware features. */
  if (init_state.done)
    return gcry_check_version(NULL);
  static char version[64];
  if (version[0] == '\0') {
    char *config = gcry_get_config(0, "version"); /* "version:1.10.1:10a01:..." */
    const char *start = config != NULL ? strchr(config, ':') : NULL;
    if (start != NULL) {
      size_t len = strcspn(start + 1, ":\n");
      snprintf(version, sizeof version, "%.*s", (int)len, start + 1);
    } else {
      snprintf(version, sizeof version, "unknown");
    }
    gcry_free(config);
  }
  return version;
}

/* One line from gcry_get_config(0, "hwflist"): "hwflist: intel-cpu:intel-aesni:...".
 * Returns whether any hardware feature is in use. */
static bool describe_hwflist(char *line, size_t line_len)
{
  char *config = gcry_get_config(0, "hwflist"); /* "hwflist:a:b:c:\n" */
  const char *colon = config != NULL ? strchr(config, ':') : NULL;
  const char *names = colon != NULL ? colon + 1 : "";
  size_t len = strcspn(names, "\n");
  if (len > 0 && names[len - 1] == ':')
    len--; /* the list ends with a separator */
  if (colon == NULL)
    snprintf(line, line_len, "hwflist: unavailable");
  else if (len == 0)
    snprintf(line, line_len, "hwflist: (none)");
  else if ((size_t)snprintf(line, line_len, "hwflist: %.*s", (int)len, names) >= line_len &&
           line_len > 4)
    memcpy(line + line_len - 4, "...", 4);
  gcry_free(config);
  return len > 0;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  SmAccel accel =
      config != NULL && config->size >= offsetof(SmEngineConfig, accel) + sizeof config->accel
          ? config->accel
          : SM_ACCEL_ON;
  if (init_state.done) {
    if (accel != init_state.accel)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "libgcrypt already initialised with acceleration %s in this process",
                    init_state.accel == SM_ACCEL_OFF ? "off" : "on");
    return sm_msg(SM_OK, msg, msg_len, "%s", init_state.hwflist);
  }

  /* Feature detection happens at libgcrypt's first initialisation; if someone else in the
   * process got there first, the features can no longer be switched off. */
  bool initialised_elsewhere = gcry_control(GCRYCTL_ANY_INITIALIZATION_P) != 0;
  if (accel == SM_ACCEL_OFF && !initialised_elsewhere) {
    gcry_error_t err = gcry_control(GCRYCTL_DISABLE_HWF, "all", NULL); /* 1.10 accepts "all" */
    if (err)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "GCRYCTL_DISABLE_HWF all: %s",
                    gcry_strerror(err));
  }
  if (gcry_check_version(GCRYPT_VERSION) == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "libgcrypt %s is older than the headers (%s)",
                  gcry_check_version(NULL), GCRYPT_VERSION);
  if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P) == 0) {
    /* Benchmark keys are not secrets: skip the locked secure-memory pool and its warnings. */
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  }

  bool accelerated = describe_hwflist(init_state.hwflist, sizeof init_state.hwflist);
  if (accel == SM_ACCEL_OFF && accelerated)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "cannot turn acceleration off (%s): %s",
                  initialised_elsewhere ? "libgcrypt was initialised before the engine"
                                        : "GCRYCTL_DISABLE_HWF had no effect",
                  init_state.hwflist);
  init_state.done = true;
  init_state.accel = accel;
  return sm_msg(SM_OK, msg, msg_len, "%s", init_state.hwflist);
}

/* ---------------------------------------------------------------- small helpers */

bool copy_fixed(gcry_sexp_t sexp, const char *token, uint8_t *out, size_t width)
{
  gcry_sexp_t list = gcry_sexp_find_token(sexp, token, 0);
  if (list == NULL)
    return false;
  size_t len = 0;
  const char *data = gcry_sexp_nth_data(list, 1, &len);
  /* Leading zeros dropped: a signed (STD) MPI may carry a zero sign byte. */
  bool fits = data != NULL && sm_put_fixed((SmBytes){(const uint8_t *)data, len}, out, width);
  gcry_sexp_release(list);
  return fits;
}

/* ---------------------------------------------------------------- which code runs */

/* The hardware features (hwflist names) libgcrypt's code for an algorithm dispatches on, by
 * what the algorithm's name holds ("AES/GCM", "SHA256", "CHACHA20/POLY1305"). */
static const struct {
  const char *contains;
  const char *hwf;
} hwf_use[] = {
#if defined(__aarch64__)
    {"AES", "arm-aes"},       {"GCM", "arm-pmull"},     {"SHA1", "arm-sha1"},
    {"SHA256", "arm-sha2"},   {"SHA224", "arm-sha2"},   {"SHA512", "arm-sha512"},
    {"SHA384", "arm-sha512"}, {"SHA3", "arm-sha3"},     {"CHACHA20", "arm-sve2"},
    {"CHACHA20", "arm-neon"}, {"POLY1305", "arm-neon"}, {"CAMELLIA", "arm-aes"},
    {"SM4", "arm-sm4"},       {"SM3", "arm-sm3"},
#else
    {"AES", "intel-aesni"},      {"AES", "intel-vaes-vpclmul"}, {"GCM", "intel-pclmul"},
    {"SHA1", "intel-shaext"},    {"SHA256", "intel-shaext"},    {"SHA224", "intel-shaext"},
    {"SHA", "intel-avx2"},       {"SHA", "intel-avx"},          {"SHA", "intel-ssse3"},
    {"SHA512", "intel-avx512"},  {"SHA384", "intel-avx512"},    {"CHACHA20", "intel-avx512"},
    {"CHACHA20", "intel-avx2"},  {"CHACHA20", "intel-ssse3"},   {"POLY1305", "intel-avx512"},
    {"BLAKE2", "intel-avx512"},  {"BLAKE2", "intel-avx2"},      {"BLAKE2", "intel-avx"},
    {"CAMELLIA", "intel-aesni"}, {"CAMELLIA", "intel-avx2"},    {"SERPENT", "intel-avx2"},
    {"TWOFISH", "intel-avx2"},   {"SM4", "intel-aesni"},        {"SM3", "intel-avx"},
#endif
};

const char *describe_hwf(const char *name)
{
  static char text[160];
  char *config = gcry_get_config(0, "hwflist");
  size_t used = (size_t)snprintf(text, sizeof text, "hwf");
  bool relevant = false, any = false;
  for (size_t i = 0; i < sizeof hwf_use / sizeof hwf_use[0]; i++) {
    if (strstr(name, hwf_use[i].contains) == NULL)
      continue;
    relevant = true;
    char needle[48];
    snprintf(needle, sizeof needle, ":%s:", hwf_use[i].hwf);
    if (config == NULL || strstr(config, needle) == NULL || strstr(text, hwf_use[i].hwf) != NULL ||
        used >= sizeof text)
      continue;
    used +=
        (size_t)snprintf(text + used, sizeof text - used, "%c%s", any ? '+' : ' ', hwf_use[i].hwf);
    any = true;
  }
  gcry_free(config);
  if (!any && used < sizeof text)
    snprintf(text + used, sizeof text - used, " none");
  return relevant ? text : NULL;
}
/* ---------------------------------------------------------------- the table */

/* Each family file's rows, in this order; a family file is one line here and one in meson. */
#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY) FAMILY(kem)

FAMILIES(SM_DECLARE_ROWS)
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 255
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

/* No accel_off_env: the switch is GCRYCTL_DISABLE_HWF, in init. */
SM_ENGINE_DESCRIPTOR(engine, "gcrypt", "libgcrypt", lib_version, engine_init, NULL, NULL,
                     "handle API (gcry_cipher_*/gcry_md_*/gcry_mac_*/gcry_pk_*, opened once per "
                     "cell)",
                     "one-shot calls (gcry_md_hash_buffer, gcry_md_hash_buffers)", algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)
