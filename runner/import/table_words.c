/* The words of hand-made tables (see table_words.h). Lists over if-chains: each list is the one
 * place a word is known; lookups are loops. */
#include "import/table_words.h"

#include "core/catalog.h"
#include "import/patterns.h"

#include <string.h>

static bool in_list(const char *word, const char *const *list, size_t count)
{
  for (size_t i = 0; i < count; i++)
    if (strcmp(word, list[i]) == 0 || g_ascii_strcasecmp(word, list[i]) == 0)
      return true;
  return false;
}

#define IN(word, list) in_list(word, list, G_N_ELEMENTS(list))

static const char *const yes_words[] = {
    "yes", "y",   "ja",     "j",      "oui",          "si",     "s\u00ed",
    "sim", "tak", "ano",    "da",     "\u0434\u0430", "\u662f", "\u306f\u3044",
    "evp", "x",   "\u2713", "\u2714", "true",         "+",
};
static const char *const no_words[] = {
    "no",     "n",
    "nein",   "non",
    "nee",    "nej",
    "nei",    "n\u00e3o",
    "nao",    "nie",
    "ne",     "\u043d\u0435\u0442",
    "\u5426", "\u3044\u3044\u3048",
    "low",    "non-evp",
    "false",  "-",
    "\u2717",
};

bool sm_word_yes(const char *text) { return IN(text, yes_words); }
bool sm_word_no(const char *text) { return IN(text, no_words); }

/* ---- operations and units ---- */

static const struct {
  const char *word;
  SmOp op;
} op_words[] = {
    {"sign", SM_OP_SIGN},
    {"signs", SM_OP_SIGN},
    {"signatures", SM_OP_SIGN},
    {"signieren", SM_OP_SIGN},
    {"signatur", SM_OP_SIGN},
    {"signer", SM_OP_SIGN},
    {"signature", SM_OP_SIGN},
    {"firmar", SM_OP_SIGN},
    {"firma", SM_OP_SIGN},
    {"\u043f\u043e\u0434\u043f\u0438\u0441\u044c", SM_OP_SIGN},
    {"\u7f72\u540d", SM_OP_SIGN},
    {"\u7b7e\u540d", SM_OP_SIGN},
    {"verify", SM_OP_VERIFY},
    {"verifies", SM_OP_VERIFY},
    {"verifizieren", SM_OP_VERIFY},
    {"pr\u00fcfen", SM_OP_VERIFY},
    {"v\u00e9rifier", SM_OP_VERIFY},
    {"v\u00e9rification", SM_OP_VERIFY},
    {"verificar", SM_OP_VERIFY},
    {"verifica", SM_OP_VERIFY},
    {"\u043f\u0440\u043e\u0432\u0435\u0440\u043a\u0430", SM_OP_VERIFY},
    {"\u691c\u8a3c", SM_OP_VERIFY},
    {"\u9a8c\u8bc1", SM_OP_VERIFY},
    {"encrypt", SM_OP_ENCRYPT},
    {"encr.", SM_OP_ENCRYPT},
    {"enc", SM_OP_ENCRYPT},
    {"decrypt", SM_OP_DECRYPT},
    {"decr.", SM_OP_DECRYPT},
    {"dec", SM_OP_DECRYPT},
    {"op", SM_OP_DERIVE},
    {"ops", SM_OP_DERIVE},
    {"derive", SM_OP_DERIVE},
};

/* "sign/s" -> sign, per second; "sign" -> sign, unknown (openssl's "sign" column is seconds). */
static bool read_op(SmSpec *spec, const char *word)
{
  g_autofree char *stem = g_strdup(word);
  int rate = -1;
  static const char *const per_second[] = {
      "/s",   "/sec",     "/second",  "/sek",    "/sekunde",
      "/seg", "/segundo", "/seconde", "/\u0441", "/\u0441\u0435\u043a"};
  for (size_t i = 0; i < G_N_ELEMENTS(per_second); i++)
    if (g_str_has_suffix(stem, per_second[i]) && strlen(stem) > strlen(per_second[i])) {
      stem[strlen(stem) - strlen(per_second[i])] = '\0';
      rate = 1;
      break;
    }
  for (size_t i = 0; i < G_N_ELEMENTS(op_words); i++)
    if (strcmp(stem, op_words[i].word) == 0) {
      spec->op = (int)op_words[i].op;
      spec->rate = rate;
      return true;
    }
  return false;
}

static const struct {
  const char *word;
  double unit;
} unit_words[] = {
    {"k", 1e3},       {"kb/s", 1e3},  {"kbyte/s", 1e3}, {"1000s", 1e3}, {"mb/s", 1e6},
    {"mbyte/s", 1e6}, {"bytes/s", 1}, {"b/s", 1},       {"byte/s", 1},  {"octets/s", 1},
};

static bool read_unit(SmSpec *spec, const char *word)
{
  for (size_t i = 0; i < G_N_ELEMENTS(unit_words); i++)
    if (strcmp(word, unit_words[i].word) == 0) {
      spec->unit = unit_words[i].unit;
      return true;
    }
  return false;
}

/* Words that say nothing by themselves: "bits", "bytes" (read with their number), "(evp)". */
static const char *const filler_words[] = {
    "bits",   "bit",   "bytes",   "byte", "b",     "octets",    "bytes:",
    "blocks", "block", "size",    "key",  "of",    "in",        "per",
    "second", "s",     "ops/s",   "op/s", "(k)",   "=",         "-",
    "speed",  "the",   "numbers", "are",  "1000s", "processed", "processed.",
};

static bool is_bytes_word(const char *word)
{
  /* Bytes in the languages people post in: bajtów (pl), Bytes (de), octets (fr), байт (ru). */
  static const char *const bytes[] = {
      "bytes",
      "byte",
      "b",
      "octets",
      "octet",
      "bytes:",
      "byte:",
      "bajt",
      "bajty",
      "bajtu",
      "bajtow",
      "bajt\u00f3w",
      "bajt\u016f",
      "\u0431\u0430\u0439\u0442",
      "\u0431\u0430\u0439\u0442\u0430",
      "\u0431\u0430\u0439\u0442\u043e\u0432",
      "\u5b57\u8282",
  };
  return IN(word, bytes);
}

/* ---- a header's or a label's words ---- */

void sm_spec_init(SmSpec *spec)
{
  *spec = (SmSpec){.family = -1, .op = -1, .rate = -1, .api = -1, .unknown = g_string_new(NULL)};
}

void sm_spec_clear(SmSpec *spec)
{
  g_free(spec->algorithm);
  g_free(spec->spelling);
  if (spec->unknown != NULL)
    g_string_free(spec->unknown, TRUE);
  spec->algorithm = spec->spelling = NULL;
  spec->unknown = NULL;
}

static bool read_name(SmSpec *spec, GStrv words, guint *at)
{
  for (guint n = 3; n >= 1; n--) {
    g_autoptr(GString) joined = g_string_new(NULL);
    guint i = 0;
    for (; i < n && words[*at + i] != NULL; i++)
      g_string_append_printf(joined, "%s%s", i ? " " : "", words[*at + i]);
    if (i < n)
      continue;
    char *name = sm_ossl_table_name(joined->str);
    if (name == NULL)
      continue;
    if (spec->algorithm == NULL) {
      spec->algorithm = name;
      spec->spelling = g_strdup(joined->str);
    } else {
      g_free(name);
    }
    *at += n;
    return true;
  }
  return false;
}

/* 16, "16 bytes", "16B", "8k" (8192), "2048 bits". */
static bool read_number(SmSpec *spec, GStrv words, guint *at)
{
  const char *word = words[*at];
  size_t digits = strspn(word, "0123456789");
  if (digits == 0 || digits > 7)
    return false;
  guint value = (guint)g_ascii_strtoull(word, NULL, 10);
  const char *suffix = word + digits;
  const char *next = words[*at + 1];
  bool kilo = strcmp(suffix, "k") == 0 || strcmp(suffix, "kb") == 0;
  if (kilo && value <= 64 && (value & (value - 1)) == 0) {
    spec->block_size = value * 1024;
  } else if (strcmp(suffix, "bits") == 0 || strcmp(suffix, "bit") == 0) { /* "256bits" */
    spec->bits = value;
  } else if (is_bytes_word(suffix)) { /* a unit glued to its size: "16B", "64bajty" */
    spec->block_size = value;
  } else if (suffix[0] != '\0') {
    return false;
  } else if (next != NULL && is_bytes_word(next)) {
    spec->block_size = value;
    (*at)++;
  } else if (next != NULL && (strcmp(next, "bits") == 0 || strcmp(next, "bit") == 0)) {
    spec->bits = value;
    (*at)++;
  } else {
    spec->bare = value;
  }
  (*at)++;
  return true;
}

/* The modes a cipher's short name ("aes-128", openssl's cbc row) may be followed by. */
static const char *const mode_words[] = {"cbc", "ctr", "gcm", "ccm", "xts", "ecb", "ofb", "cfb"};

/* Ciphers openssl measures at several key sizes: the name alone says none of them. */
static const char *const keyless_ciphers[] = {"aes", "camellia", "aria"};

/* "aes-128 ctr": the mode word names the cipher's row when the name said none. */
static bool read_mode(SmSpec *spec, const char *word)
{
  if (!IN(word, mode_words))
    return false;
  if (spec->algorithm == NULL || spec->spelling == NULL || strstr(spec->spelling, word) != NULL)
    return true;
  g_autofree char *named = g_strdup_printf("%s-%s", spec->spelling, word);
  char *algorithm = sm_ossl_table_name(named);
  if (algorithm != NULL && sm_catalog_find(algorithm) != NULL) {
    g_free(spec->algorithm);
    spec->algorithm = algorithm;
  } else {
    g_free(algorithm);
  }
  return true;
}

static bool read_word(SmSpec *spec, GStrv words, guint *at)
{
  const char *word = words[*at];
  SmPkFamily family;
  if (read_name(spec, words, at) || read_number(spec, words, at))
    return true;
  (*at)++;
  /* A mode glued to its block size ("ctr-1kb", "gcm-16b"): both words. */
  const char *dash = strchr(word, '-');
  if (dash != NULL && dash[1] != '\0') {
    g_autofree char *mode = g_strndup(word, (gsize)(dash - word));
    char *size_words[] = {(char *)dash + 1, NULL};
    guint size_at = 0;
    SmSpec sized;
    sm_spec_init(&sized);
    bool sized_ok =
        IN(mode, mode_words) && read_number(&sized, size_words, &size_at) && sized.block_size > 0;
    if (sized_ok) {
      read_mode(spec, mode);
      spec->block_size = sized.block_size;
    }
    sm_spec_clear(&sized);
    if (sized_ok)
      return true;
  }
  if (read_mode(spec, word))
    return true;
  for (size_t i = 0; i < G_N_ELEMENTS(keyless_ciphers); i++)
    if (strcmp(word, keyless_ciphers[i]) == 0) {
      spec->keyless = keyless_ciphers[i];
      return true;
    }
  if (sm_ossl_family_word(word, &family))
    spec->family = (int)family;
  else if (strcmp(word, "evp") == 0)
    spec->api = SM_API_EVP;
  else if (strcmp(word, "low") == 0 || strcmp(word, "non-evp") == 0)
    spec->api = SM_API_LOW;
  else if (!read_op(spec, word) && !read_unit(spec, word) && !IN(word, filler_words))
    return false;
  return true;
}

void sm_spec_read(SmSpec *spec, const char *text)
{
  g_autofree char *lower = sm_import_fold(text);
  /* A name with brackets ("hmac(md5)", "ecdsa (nistp256)") before the brackets split words. */
  g_autofree char *whole = sm_ossl_table_name(lower);
  if (whole != NULL && spec->algorithm == NULL) {
    spec->algorithm = g_steal_pointer(&whole);
    spec->spelling = g_strstrip(g_strdup(lower));
    spec->words++;
    return;
  }
  g_strdelimit(lower, "()[],;:|*", ' ');
  g_auto(GStrv) split = g_strsplit_set(lower, " \t", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new();
  for (guint i = 0; split[i] != NULL; i++)
    if (split[i][0] != '\0')
      g_ptr_array_add(kept, split[i]);
  g_ptr_array_add(kept, NULL);
  GStrv words = (GStrv)kept->pdata;
  for (guint at = 0; words[at] != NULL;) {
    const char *word = words[at];
    if (read_word(spec, words, &at))
      spec->words++;
    else
      g_string_append_printf(spec->unknown, "%s%s", spec->unknown->len ? " " : "", word);
  }
}

void sm_spec_merge(SmSpec *into, const SmSpec *from)
{
  if (into->algorithm == NULL && from->algorithm != NULL) {
    into->algorithm = g_strdup(from->algorithm);
    into->spelling = g_strdup(from->spelling);
  }
  if (into->family < 0)
    into->family = from->family;
  if (into->bits == 0)
    into->bits = from->bits;
  if (into->block_size == 0)
    into->block_size = from->block_size;
  if (into->bare == 0)
    into->bare = from->bare;
  if (into->op < 0) {
    into->op = from->op;
    into->rate = from->rate;
  }
  if (into->api < 0)
    into->api = from->api;
  if (into->unit == 0)
    into->unit = from->unit;
  if (into->keyless == NULL)
    into->keyless = from->keyless;
  into->words += from->words;
}

bool sm_spec_is_algorithmic(const SmSpec *spec)
{
  return spec->unknown->len == 0 && (spec->algorithm != NULL || spec->family >= 0 ||
                                     spec->bits > 0 || spec->block_size > 0 || spec->bare > 0);
}

static const char *const family_names[SM_PK_COUNT] = {
    "rsa", "dsa", "ecdsa", "ecdh", "eddsa", "sm2", "ffdh", "kem", "signature",
};

char *sm_spec_describe(const SmSpec *spec)
{
  GString *out = g_string_new(NULL);
  if (spec->algorithm != NULL)
    g_string_append_printf(out, " algorithm %s", spec->algorithm);
  if (spec->family >= 0)
    g_string_append_printf(out, " family %s", family_names[spec->family]);
  if (spec->bits > 0)
    g_string_append_printf(out, " %u bits", spec->bits);
  if (spec->bare > 0)
    g_string_append_printf(out, " number %u", spec->bare);
  if (spec->block_size > 0)
    g_string_append_printf(out, " block %u bytes", spec->block_size);
  if (spec->op >= 0)
    g_string_append_printf(out, " %s%s", sm_op_name((SmOp)spec->op),
                           spec->rate == 1   ? "/s"
                           : spec->rate == 0 ? " (seconds)"
                                             : "");
  if (spec->api >= 0)
    g_string_append_printf(out, " api %s", sm_api_name((SmApi)spec->api));
  if (spec->unit > 0)
    g_string_append_printf(out, " unit %g bytes/s", spec->unit);
  if (spec->keyless != NULL && spec->algorithm == NULL)
    g_string_append_printf(out, " %s without a key size", spec->keyless);
  if (spec->unknown->len > 0)
    g_string_append_printf(out, " (not understood: %s)", spec->unknown->str);
  if (out->len == 0)
    g_string_append(out, " nothing");
  g_string_erase(out, 0, 1);
  return g_string_free(out, FALSE);
}

/* ---- label columns ---- */

static const struct {
  const char *word;
  SmRole role;
} role_words[] = {
    {"algorithm", SM_ROLE_ALGORITHM},
    {"algorithmus", SM_ROLE_ALGORITHM},
    {"algorithme", SM_ROLE_ALGORITHM},
    {"algoritmo", SM_ROLE_ALGORITHM},
    {"\u0430\u043b\u0433\u043e\u0440\u0438\u0442\u043c", SM_ROLE_ALGORITHM},
    {"type", SM_ROLE_ALGORITHM},
    {"cipher", SM_ROLE_ALGORITHM},
    {"chiffre", SM_ROLE_ALGORITHM},
    {"verfahren", SM_ROLE_ALGORITHM},
    {"evp", SM_ROLE_EVP},
    {"machine", SM_ROLE_MACHINE},
    {"maschine", SM_ROLE_MACHINE},
    {"rechner", SM_ROLE_MACHINE},
    {"m\u00e1quina", SM_ROLE_MACHINE},
    {"computer", SM_ROLE_MACHINE},
    {"system", SM_ROLE_MACHINE},
    {"box", SM_ROLE_MACHINE},
    {"server", SM_ROLE_MACHINE},
    {"cpu", SM_ROLE_CPU},
    {"processor", SM_ROLE_CPU},
    {"prozessor", SM_ROLE_CPU},
    {"processeur", SM_ROLE_CPU},
    {"procesador", SM_ROLE_CPU},
    {"host", SM_ROLE_HOST},
    {"hostname", SM_ROLE_HOST},
    {"os", SM_ROLE_HOST},
    {"betriebssystem", SM_ROLE_HOST},
    {"version", SM_ROLE_VERSION},
    {"versi\u00f3n", SM_ROLE_VERSION},
    {"openssl", SM_ROLE_VERSION},
};

static const char *const role_names[] = {
    [SM_ROLE_NONE] = "none",       [SM_ROLE_ALGORITHM] = "algorithm",
    [SM_ROLE_EVP] = "evp",         [SM_ROLE_MACHINE] = "machine",
    [SM_ROLE_CPU] = "cpu",         [SM_ROLE_HOST] = "host",
    [SM_ROLE_VERSION] = "version", [SM_ROLE_LABEL] = "label",
    [SM_ROLE_IGNORE] = "ignore",   [SM_ROLE_FIGURES] = "figures",
};

const char *sm_role_name(SmRole role) { return role_names[role]; }

SmRole sm_role_parse(const char *name)
{
  for (size_t i = 1; i < G_N_ELEMENTS(role_names); i++)
    if (g_ascii_strcasecmp(name, role_names[i]) == 0)
      return (SmRole)i;
  return SM_ROLE_NONE;
}

/* A label column's header: "EVP?" "Algorithmus", "CPU", "OpenSSL-Version". The first word
 * that names a role decides. */
SmRole sm_role_of_header(const char *text)
{
  g_autofree char *lower = sm_import_fold(text);
  g_strdelimit(lower, "()[],;:?!/-_.", ' ');
  g_auto(GStrv) words = g_strsplit(lower, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    for (size_t r = 0; r < G_N_ELEMENTS(role_words); r++)
      if (strcmp(words[i], role_words[r].word) == 0)
        return role_words[r].role;
  return SM_ROLE_NONE;
}

/* ---- a machine's description ---- */

static const char *const cpu_words[] = {
    "xeon",     "core",     "epyc",      "opteron", "athlon",       "pentium", "celeron",
    "ryzen",    "atom",     "cortex",    "arm",     "armv7",        "armv8",   "aarch64",
    "neoverse", "graviton", "power8",    "power9",  "power10",      "sparc",   "ultrasparc",
    "itanium",  "cpu",      "ghz",       "mhz",     "threadripper", "apple",   "snapdragon",
    "bcm2837",  "bcm2711",  "processor", "i3",      "i5",           "i7",      "i9",
    "intel",    "amd",
};

static const char *const os_words[] = {
    "linux",   "debian", "ubuntu",    "centos",  "rhel",     "rocky",     "alma",
    "fedora",  "suse",   "opensuse",  "gentoo",  "arch",     "alpine",    "freebsd",
    "openbsd", "netbsd", "dragonfly", "solaris", "illumos",  "macos",     "osx",
    "windows", "cygwin", "aix",       "hp-ux",   "raspbian", "raspberry",
};

static bool segment_has(const char *segment, const char *const *list, size_t count)
{
  g_autofree char *lower = sm_import_fold(segment);
  g_strdelimit(lower, "-_@/", ' ');
  g_auto(GStrv) words = g_strsplit(lower, " ", -1);
  for (guint i = 0; words[i] != NULL; i++) {
    if (g_str_has_suffix(words[i], "ghz") || g_str_has_suffix(words[i], "mhz"))
      return list == cpu_words;
    if (in_list(words[i], list, count))
      return true;
  }
  return false;
}

static void set_once(char **field, const char *value)
{
  if (*field == NULL && value[0] != '\0')
    *field = g_strdup(value);
}

/* "OpenSSL 1.0.1e-fips", "openssl-3.0.2", or a bare 1.1.1k where the text speaks of OpenSSL. */
static char *version_in(const char *text)
{
  static gsize named_slot, bare_slot;
  GRegex *named = sm_import_regex(
      &named_slot, "(?i)openssl[ /_-]*v?(\\d+\\.\\d+\\.\\d+[a-z]{0,2}(?:-[A-Za-z0-9]+)?)", 0);
  GRegex *bare =
      sm_import_regex(&bare_slot,
                      "(?<![\\d.])((?:0\\.9\\.\\d|1\\.[01]\\.\\d|[34]\\.\\d+\\.\\d+)[a-z]{0,2}"
                      "(?:-fips)?)(?![\\d.])",
                      0);
  g_autoptr(GMatchInfo) match = NULL;
  if (g_regex_match(named, text, 0, &match))
    return g_match_info_fetch(match, 1);
  g_clear_pointer(&match, g_match_info_free);
  if (g_strrstr(text, "SSL") != NULL || g_strrstr(text, "ssl") != NULL)
    if (g_regex_match(bare, text, 0, &match))
      return g_match_info_fetch(match, 1);
  return NULL;
}

void sm_machine_read(const char *text, SmMachine *machine)
{
  *machine = (SmMachine){0};
  machine->version = version_in(text);
  /* "Rechner: AMD EPYC, ...", "Machine: ...": the word before the colon only says what follows. */
  static gsize lead_slot, split_slot, memory_slot;
  GRegex *lead = sm_import_regex(&lead_slot, "^\\s*[\\w-]+:\\s+", 0);
  g_autofree char *rest =
      g_regex_replace_literal(lead, text, -1, 0, "", G_REGEX_MATCH_ANCHORED, NULL);
  if (rest != NULL)
    text = rest;
  GRegex *split = sm_import_regex(&split_slot, "\\s*(?:[,;|()]|\\s{2,}|\\s-\\s)\\s*", 0);
  GRegex *memory = sm_import_regex(&memory_slot, "(?i)\\d+\\s*[gmt]i?b\\b|\\bram\\b", 0);
  g_auto(GStrv) segments = g_regex_split(split, text, 0);
  const char *name = NULL;
  for (guint i = 0; segments[i] != NULL; i++) {
    const char *segment = segments[i];
    if (segment[0] == '\0' || g_strrstr(segment, "SSL") != NULL ||
        g_strrstr(segment, "ssl") != NULL)
      continue;
    if (segment_has(segment, os_words, G_N_ELEMENTS(os_words)))
      set_once(&machine->host, segment);
    else if (segment_has(segment, cpu_words, G_N_ELEMENTS(cpu_words)))
      set_once(&machine->cpu_model, segment);
    else if (name == NULL && !g_regex_match(memory, segment, 0, NULL))
      name = segment;
  }
  /* No OS named: the machine's own name (what is neither CPU, memory nor version) is its host. */
  if (machine->host == NULL && name != NULL)
    machine->host = g_strdup(name);
}

void sm_machine_clear(SmMachine *machine)
{
  g_free(machine->cpu_model);
  g_free(machine->host);
  g_free(machine->version);
  *machine = (SmMachine){0};
}
