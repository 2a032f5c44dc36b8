/* speedmatrix store SUBCOMMAND: ingest, check, trend, event. Parses the command line, opens the
 * database and hands over; every failure is one line and exit 2. */
#include "store/check.h"
#include "store/store.h"

#include "core/util.h"
#include "io/instructions.h"
#include "io/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail_error(GError *error) { return sm_fail(error->message); }

static int store_ingest(int argc, char **argv)
{
  g_autofree char *location = NULL;
  gboolean emulated = FALSE;
  GOptionEntry entries[] = {
      {"db", 'd', 0, G_OPTION_ARG_STRING, &location,
       "SQLite file or postgresql:// URL (default " SM_STORE_DEFAULT_DB ")", "DB"},
      {"emulated", 0, 0, G_OPTION_ARG_NONE, &emulated,
       "Store a run measured under emulation too (its figures are the emulator's)", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(&argc, &argv, "RUN.csv [...] - store runs",
                        "Stores each run and its RUN.csv.meta sidecar, and each profile CSV "
                        "(speedmatrix profile) as its cells' instructions per operation; a "
                        "file stored before changes nothing.",
                        entries))
    return SM_EXIT_BAD_INPUT;
  g_autoptr(GError) error = NULL;
  if (argc < 2)
    return sm_fail("store ingest: no result file (see speedmatrix store ingest --help)");
  g_autoptr(SmDb) db = sm_store_open(location ? location : SM_STORE_DEFAULT_DB, &error);
  SmIngestCounts counts;
  if (db == NULL || !sm_store_ingest(db, argv + 1, (guint)argc - 1, emulated, &counts, &error))
    return fail_error(error);
  g_autofree char *profiles =
      counts.profiles_added > 0
          ? g_strdup_printf(", %u profile%s stored (%u cells)", counts.profiles_added,
                            counts.profiles_added == 1 ? "" : "s", counts.profile_results_added)
          : g_strdup("");
  printf("%u run%s stored (%u results, %u events)%s, %u already there\n", counts.runs_added,
         counts.runs_added == 1 ? "" : "s", counts.results_added, counts.events_added, profiles,
         counts.runs_known);
  return SM_EXIT_OK;
}

static bool parse_threshold(const char *text, double *threshold)
{
  if (text == NULL)
    return true;
  return sm_parse_decimal(text, threshold) && *threshold >= 0 && *threshold < 100;
}

static int store_check(int argc, char **argv)
{
  g_autofree char *location = NULL, *host = NULL, *threshold_text = NULL, *instructions_text = NULL;
  GOptionEntry entries[] = {
      {"db", 'd', 0, G_OPTION_ARG_STRING, &location,
       "SQLite file or postgresql:// URL (default " SM_STORE_DEFAULT_DB ")", "DB"},
      {"threshold", 0, 0, G_OPTION_ARG_STRING, &threshold_text,
       "Fail on confirmed changes for the worse of at least PCT percent (default 2)", "PCT"},
      {"instructions-threshold", 0, 0, G_OPTION_ARG_STRING, &instructions_text,
       "Fail when a cell's instructions per operation (profile runs) rose by at least PCT "
       "percent over its recent median (default " G_STRINGIFY(
           SM_INSTRUCTIONS_THRESHOLD) ": "
                                      "above the largest move between two profiles measured, "
                                      "0.19%)",
       "PCT"},
      {"machine", 0, 0, G_OPTION_ARG_STRING, &host, "Only this machine (default: every one)",
       "HOST"},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(
          &argc, &argv, "- the CI gate",
          "Prints the changes each machine's newest runs opened; exit 1 when one is a "
          "confirmed change for the worse beyond the threshold, or when a cell's instructions "
          "per operation in the newest profile run rose beyond --instructions-threshold.",
          entries))
    return SM_EXIT_BAD_INPUT;
  g_autoptr(GError) error = NULL;
  double threshold = 2.0;
  double instructions_threshold = SM_INSTRUCTIONS_THRESHOLD;
  const struct {
    const char *flag, *text;
    double *value;
  } thresholds[] = {
      {"--threshold", threshold_text, &threshold},
      {"--instructions-threshold", instructions_text, &instructions_threshold},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(thresholds); i++)
    if (!parse_threshold(thresholds[i].text, thresholds[i].value)) {
      g_autofree char *message =
          g_strdup_printf("%s: \"%s\" is not a percentage (valid: a number from 0 to 99)",
                          thresholds[i].flag, thresholds[i].text);
      return sm_fail(message);
    }
  if (argc > 1)
    return sm_fail("store check: unexpected argument (see speedmatrix store check --help)");
  g_autoptr(SmDb) db = sm_store_open_existing(location ? location : SM_STORE_DEFAULT_DB, &error);
  bool found = false;
  /* Into memory first: hosts and versions come from the files ingested, and are shown escaped. */
  char *said = NULL;
  size_t said_len = 0;
  FILE *buffer = open_memstream(&said, &said_len);
  if (buffer == NULL)
    return sm_fail("store check: out of memory");
  bool checked = db != NULL && sm_store_check(db, host, threshold, instructions_threshold, buffer,
                                              &found, &error);
  fclose(buffer);
  g_autofree char *shown = sm_terminal_text(said, false);
  free(said);
  fputs(shown, stdout); /* a failed write is caught at exit (main.c) */
  if (!checked)
    return fail_error(error);
  return found ? SM_EXIT_FOUND : SM_EXIT_OK;
}

static int store_trend(int argc, char **argv)
{
  g_autofree char *location = NULL, *host = NULL, *output = NULL, *baseline = NULL;
  g_autofree char *size_text = NULL;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
      {"db", 'd', 0, G_OPTION_ARG_STRING, &location,
       "SQLite file or postgresql:// URL (default " SM_STORE_DEFAULT_DB ")", "DB"},
      {"machine", 0, 0, G_OPTION_ARG_STRING, &host, "The machine (required)", "HOST"},
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "The HTML file, - for standard output",
       "FILE"},
      {"baseline", 0, 0, G_OPTION_ARG_STRING, &baseline,
       "The heatmap's baseline run (an id prefix; default the oldest run shown)", "RUN"},
      {"size", 0, 0, G_OPTION_ARG_STRING, &size_text, "The heatmap's block size (default 1024)",
       "N"},
      {"force", 0, 0, G_OPTION_ARG_NONE, &force,
       "Replace FILE if it exists (a regular file that is not the store)", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(&argc, &argv, "- one machine's history as HTML",
                        "Noise index, open changes, a chart per changed series, a heatmap and a "
                        "cross-machine view.",
                        entries))
    return SM_EXIT_BAD_INPUT;
  g_autoptr(GError) error = NULL;
  if (host == NULL || output == NULL)
    return sm_fail("store trend: --machine HOST and -o FILE are required");
  if (argc > 1)
    return sm_fail("store trend: unexpected argument (see speedmatrix store trend --help)");
  guint64 size = 0; /* 0: the default */
  if (size_text != NULL && !sm_parse_count(size_text, 1, G_MAXUINT, &size)) {
    g_autofree char *line = g_strdup_printf(
        "--size: \"%s\" is not a block size (valid: a whole number of bytes)", size_text);
    return sm_fail(line);
  }
  g_autoptr(SmDb) db = sm_store_open_existing(location ? location : SM_STORE_DEFAULT_DB, &error);
  g_autofree char *html =
      db != NULL ? sm_store_trend(db, host, baseline, (guint)size, &error) : NULL;
  if (html == NULL)
    return fail_error(error);
  if (strcmp(output, "-") == 0) {
    fputs(html, stdout); /* a failed write is caught at exit (main.c) */
    return SM_EXIT_OK;
  }
  /* The store itself is an input: a SQLite file (and its journal files) is never written over. */
  const char *db_path = location ? location : SM_STORE_DEFAULT_DB;
  g_autofree char *wal = g_strconcat(db_path, "-wal", NULL);
  g_autofree char *journal = g_strconcat(db_path, "-journal", NULL);
  const char *inputs[] = {db_path, wal, journal, NULL};
  if (!sm_output_write(output, html, -1, force, "--force", inputs, &error))
    return fail_error(error);
  return SM_EXIT_OK;
}

static int store_event(int argc, char **argv)
{
  g_autofree char *location = NULL, *host = NULL, *when = NULL, *what = NULL;
  GOptionEntry entries[] = {
      {"db", 'd', 0, G_OPTION_ARG_STRING, &location,
       "SQLite file or postgresql:// URL (default " SM_STORE_DEFAULT_DB ")", "DB"},
      {"machine", 0, 0, G_OPTION_ARG_STRING, &host, "The machine (required)", "HOST"},
      {"when", 0, 0, G_OPTION_ARG_STRING, &when, "ISO 8601 time (required)", "ISO"},
      {"what", 0, 0, G_OPTION_ARG_STRING, &what, "What happened (required)", "TEXT"},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  if (!sm_parse_options(&argc, &argv, "- record an event",
                        "Records what a person did to a machine (a BIOS update, a new disk), "
                        "to be named beside the changes it coincides with.",
                        entries))
    return SM_EXIT_BAD_INPUT;
  g_autoptr(GError) error = NULL;
  if (host == NULL || when == NULL || what == NULL || argc > 1)
    return sm_fail("store event: --machine HOST, --when ISO and --what TEXT are required");
  g_autoptr(SmDb) db = sm_store_open_existing(location ? location : SM_STORE_DEFAULT_DB, &error);
  if (db == NULL || !sm_store_add_event(db, host, when, what, &error))
    return fail_error(error);
  return SM_EXIT_OK;
}

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
} subcommands[] = {
    {"ingest", store_ingest},
    {"check", store_check},
    {"trend", store_trend},
    {"event", store_event},
};

int sm_cmd_store(int argc, char **argv)
{
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("Usage: speedmatrix store SUBCOMMAND [OPTION...]\n\nSubcommands:\n"
           "  ingest  store result CSVs and their .meta sidecars\n"
           "  check   the CI gate: changes the newest runs opened\n"
           "  trend   one machine's history as HTML\n"
           "  event   record what a person did to a machine\n");
    return SM_EXIT_OK;
  }
  for (size_t i = 0; argc >= 2 && i < G_N_ELEMENTS(subcommands); i++)
    if (strcmp(argv[1], subcommands[i].name) == 0) {
      g_autofree char *name = g_strdup_printf("%s %s", argv[0], argv[1]);
      argv[1] = name;
      return subcommands[i].run(argc - 1, argv + 1);
    }
  g_autofree char *message =
      g_strdup_printf("store: unknown subcommand \"%s\" (valid: ingest, check, trend, event)",
                      argc >= 2 ? argv[1] : "");
  return sm_fail(message);
}
