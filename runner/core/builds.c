#include "core/builds.h"

#include "core/registry.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

/* Each engine's library: the file its rows name in library_path. */
static const struct {
  const char *engine;
  const char *stem;
} library_stems[] = {
    {"openssl", "libcrypto.so"},  {"gcrypt", "libgcrypt.so"},     {"nettle", "libnettle.so"},
    {"sodium", "libsodium.so"},   {"glib", "libglib-2.0.so"},     {"mbedtls", "libmbedcrypto.so"},
    {"bearssl", "libbearssl.so"}, {"wolfssl", "libwolfssl.so"},   {"tomcrypt", "libtomcrypt.so"},
    {"gnutls", "libgnutls.so"},   {"nss", "libfreebl3.so"},       {"kcapi", "libkcapi.so"},
    {"botan", "libbotan-2.so"},   {"cryptopp", "libcrypto++.so"},
};

size_t sm_build_engine_len(const char *name)
{
  const char *at = strchr(name, '@');
  return at != NULL ? (size_t)(at - name) : strlen(name);
}

const char *sm_build_label(const char *name)
{
  const char *at = strchr(name, '@');
  return at != NULL ? at + 1 : NULL;
}

bool sm_build_label_valid(const char *label)
{
  size_t len = label != NULL ? strlen(label) : 0;
  if (len == 0 || len > 64 || label[0] == '.')
    return false;
  for (const char *c = label; *c != '\0'; c++)
    if (!(g_ascii_isalnum(*c) || strchr("._+-", *c) != NULL))
      return false;
  return true;
}

static bool same_engine(const char *known, const char *name)
{
  size_t len = sm_build_engine_len(name);
  return strlen(known) == len && strncmp(known, name, len) == 0;
}

int sm_engine_rank(const char *name)
{
  for (int i = 0; sm_known_engines[i] != NULL; i++)
    if (same_engine(sm_known_engines[i], name))
      return i;
  return G_MAXINT;
}

const char *sm_engine_library_stem(const char *name)
{
  for (size_t i = 0; i < G_N_ELEMENTS(library_stems); i++)
    if (same_engine(library_stems[i].engine, name))
      return library_stems[i].stem;
  return NULL;
}

static bool load_flat;

void sm_builds_load_flat(void) { load_flat = true; }

bool sm_builds_in_namespace(void) { return !load_flat; }

void *sm_build_open(const char *path, char **error)
{
  /* RTLD_NOW: a symbol the build's library lacks fails here, naming the file, not mid-cell. */
  void *handle = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL && error != NULL)
    *error = g_strdup(dlerror());
  return handle;
}

char *sm_library_file_in(void *handle, const char *stem)
{
  struct link_map *map = NULL;
  if (handle == NULL || stem == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL)
    return NULL;
  while (map->l_prev != NULL)
    map = map->l_prev;
  /* The namespace's list holds every object mapped in it, the plugin's libraries included. */
  for (; map != NULL; map = map->l_next) {
    if (map->l_name == NULL || map->l_name[0] == '\0')
      continue;
    const char *slash = strrchr(map->l_name, '/');
    const char *base = slash != NULL ? slash + 1 : map->l_name;
    if (g_str_has_prefix(base, stem)) {
      char *real = realpath(map->l_name, NULL);
      char *path = g_strdup(real != NULL ? real : map->l_name);
      free(real);
      return path;
    }
  }
  return NULL;
}
