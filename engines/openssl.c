/* speedmatrix engine: openssl (being written). */
#include "engine.h"

static const char *lib_version(void) { return "unknown"; }

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  (void)config;
  (void)msg;
  (void)msg_len;
  return SM_OK;
}

static const SmAlgorithm algorithms[] = {{.name = NULL}};

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "openssl",
    .library = "openssl",
    .library_version = lib_version,
    .init = engine_init,
    .api_meaning = {"generic interface", "direct calls"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }
