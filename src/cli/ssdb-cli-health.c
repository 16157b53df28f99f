/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli health: the drive's own account of its health (ATA SMART, NVMe health log). */
#include "config.h"

#include "devices/ssdb-health-read.h"
#include "ssdb-cli-private.h"

int
ssdb_cli_cmd_health (int argc, char **argv)
{
  gboolean json = FALSE, update = FALSE;
  g_autofree char *selftest = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON (format ssdbench-health)", NULL },
    { "update", 0, 0, G_OPTION_ARG_NONE, &update,
      "Have UDisks2 read SMART from the drive now (a sleeping disk is not woken)", NULL },
    { "selftest", 0, 0, G_OPTION_ARG_STRING, &selftest,
      "Start an ATA SMART self-test (short, extended, conveyance) or abort the running one",
      "TYPE" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("DEVICE - the drive's health: SMART or the NVMe health log");
  g_autoptr (SsdbHealth) health = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  int status = 0;

  g_option_context_set_description (
      ctx, "Reads the drive's own health report and nothing else: an ATA drive's SMART\n"
           "attributes through UDisks2, an NVMe drive's SMART / Health Information log\n"
           "(log page 02h, needs root). The first line says good, warning or failing, and why.\n"
           "Nothing is written to the device.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_one_target ("health", argc, argv, &status))
    return status;
  if (selftest != NULL)
    {
      if (!ssdb_health_selftest (argv[1], selftest, NULL, &error))
        {
          ssdb_cli_print_error (NULL, error);
          return g_error_matches (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT) ? EXIT_USAGE : 1;
        }
      if (!json)
        g_print ("%s: %s\n", argv[1],
                 g_str_equal (selftest, "abort") ? "self-test aborted"
                                                 : "self-test started; its progress is below");
    }
  if ((health = ssdb_health_read (argv[1], update, NULL, &error)) == NULL)
    {
      ssdb_cli_print_error (NULL, error);
      return g_error_matches (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT) ? EXIT_USAGE : 1;
    }
  text = json ? ssdb_health_to_json (health) : ssdb_health_to_text (health);
  g_print ("%s", text);
  return 0;
}
