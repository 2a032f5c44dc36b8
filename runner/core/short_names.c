#include "core/short_names.h"

#include <string.h>

static const struct {
  const char *engine;
  const char *short_name;
} short_names[] = {
    {"openssl", "osl"},  {"gcrypt", "gcr"},   {"nettle", "ntl"},  {"sodium", "sod"},
    {"glib", "glb"},     {"mbedtls", "mbt"},  {"bearssl", "bea"}, {"wolfssl", "wlf"},
    {"tomcrypt", "tom"}, {"gnutls", "gtl"},   {"nss", "nss"},     {"kcapi", "kca"},
    {"botan", "bot"},    {"cryptopp", "cpp"},
};

char *sm_engine_short_name(const char *engine)
{
  for (size_t i = 0; i < G_N_ELEMENTS(short_names); i++)
    if (strcmp(short_names[i].engine, engine) == 0)
      return g_strdup(short_names[i].short_name);
  return g_strndup(engine, 3);
}

char *sm_engine_short_legend(GPtrArray *engines)
{
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < engines->len; i++) {
    g_autofree char *short_name = sm_engine_short_name(engines->pdata[i]);
    g_string_append_printf(out, "%s%s=%s", i ? ", " : "", short_name,
                           (const char *)engines->pdata[i]);
  }
  return g_string_free(out, FALSE);
}
