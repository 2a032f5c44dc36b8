/* The words of hand-made tables, in the languages people write them in: what a header or a
 * label says (an algorithm, a key size, a block size, an operation, a unit, EVP or not) and
 * what a machine's description says (CPU, OS, OpenSSL version). Internal to import/. */
#pragma once

#include "import/import_names.h"

#include <stdbool.h>

/* What a header or label says about the figures under or beside it; -1 / 0 / NULL: nothing. */
typedef struct {
  char *algorithm; /* speedmatrix's name */
  char *spelling;  /* the words that named it, lower case */
  int family;      /* SmPkFamily named without a size ("RSA" over "2048") */
  guint bits;
  guint block_size;
  guint bare;          /* a number alone: bits under a family, else a block size */
  int op;              /* SmOp */
  int rate;            /* 1 per second ("sign/s"), 0 seconds per operation ("sign"), -1 unknown */
  int api;             /* SmApi */
  double unit;         /* bytes/s per plain bulk figure: 1, 1000 (k, kB/s) or 1e6 (MB/s) */
  guint words;         /* words understood */
  const char *keyless; /* a cipher named without its key size ("aes" over "ctr-1KB"), else NULL */
  GString *unknown;    /* words not understood, space-separated */
} SmSpec;

void sm_spec_init(SmSpec *spec);
void sm_spec_clear(SmSpec *spec);
/* Reads `text` into `spec` (adding to what it holds). */
void sm_spec_read(SmSpec *spec, const char *text);
/* `into` takes what `from` says and `into` does not. */
void sm_spec_merge(SmSpec *into, const SmSpec *from);
/* Whether `spec` says anything of an algorithm, size or operation and nothing else. */
bool sm_spec_is_algorithmic(const SmSpec *spec);
/* "rsa2048 sign/s", "16 bytes", ...: the spec as explain prints it. */
char *sm_spec_describe(const SmSpec *spec);

/* yes/no in any language (ja/nein, oui/non, sí/no, да/нет, 是/否, ...), or evp/low. */
bool sm_word_yes(const char *text);
bool sm_word_no(const char *text);

/* What a label column's header says it holds. */
typedef enum {
  SM_ROLE_NONE,
  SM_ROLE_ALGORITHM,
  SM_ROLE_EVP,
  SM_ROLE_MACHINE,
  SM_ROLE_CPU,
  SM_ROLE_HOST,
  SM_ROLE_VERSION,
  SM_ROLE_LABEL,  /* read as a label (an algorithm or a key size), never as figures */
  SM_ROLE_IGNORE, /* neither figures nor labels */
  SM_ROLE_FIGURES,
} SmRole;

SmRole sm_role_of_header(const char *text);
/* "algorithm", "evp", "machine", "cpu", "host", "version", "label", "ignore"; else NONE. */
SmRole sm_role_parse(const char *name);
const char *sm_role_name(SmRole role);

/* A machine's description split as far as can be told: CPU, OS (or name) and OpenSSL version. */
typedef struct {
  char *cpu_model;
  char *host;
  char *version;
} SmMachine;

void sm_machine_read(const char *text, SmMachine *machine);
void sm_machine_clear(SmMachine *machine);
