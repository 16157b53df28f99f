/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli import: results of fio, CrystalDiskMark and KDiskMark as SSD Bench reports. */
#include "config.h"

#include "engine/ssdb-csv.h"
#include "engine/ssdb-files.h"
#include "engine/ssdb-import.h"
#include "ssdb-cli-private.h"

int
ssdb_cli_cmd_import (int argc, char **argv)
{
  g_autofree char *json = NULL, *output_dir = NULL;
  gboolean quiet = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json, "Write the report of the one FILE to REPORT.json",
      "REPORT.json" },
    { "output-dir", 0, 0, G_OPTION_ARG_FILENAME, &output_dir,
      "Write a report per FILE into DIR, named after it (run.json → run.ssdbench.json)", "DIR" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print no text, only errors", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("FILE [FILE…] - read results of fio, CrystalDiskMark or KDiskMark");
  g_autoptr (GHashTable) written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int status = 0;

  g_option_context_set_description (
      ctx, "Reads fio's JSON output (--output-format=json, also of a client/server run) and\n"
           "the text results of CrystalDiskMark 6-8 and KDiskMark, and prints each as SSD\n"
           "Bench's summary text. --json or --output-dir write them as reports, which export,\n"
           "compare and the window open like any other. export and compare also take the\n"
           "result files themselves.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status))
    return status;
  if (argc < 2)
    return ssdb_cli_usage_error ("import needs a result file");
  if (json != NULL && output_dir != NULL)
    return ssdb_cli_usage_error ("--json and --output-dir cannot be given together");
  if (json != NULL && argc != 2)
    return ssdb_cli_usage_error ("--json writes one report: give one FILE, or use --output-dir");
  if (json != NULL && !ssdb_cli_check_output_extension ("--json", json, "json", &status))
    return status;
  if (json != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!ssdb_check_output_file (json, &error))
        return ssdb_cli_usage_error ("--json: %s", error->message);
    }
  if (output_dir != NULL && !g_file_test (output_dir, G_FILE_TEST_IS_DIR))
    return ssdb_cli_usage_error ("--output-dir: %s is not a folder", output_dir);

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = ssdb_report_open (argv[i], &error);
      g_autofree char *out = NULL;

      if (report == NULL)
        {
          ssdb_cli_print_error (NULL, error);
          status = 1;
          continue;
        }
      if (report->summary == NULL || report->summary->imported == NULL)
        {
          g_printerr ("ssdbench-cli: %s: already an SSD Bench report; nothing to import\n",
                      argv[i]);
          status = 1;
          continue;
        }
      if (!quiet)
        {
          g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_SUMMARY, &error);

          if (text == NULL)
            {
              ssdb_cli_print_error (NULL, error);
              status = 1;
              continue;
            }
          g_print ("%s%s", i > 1 ? "\n" : "", text);
        }
      if (json != NULL)
        out = g_strdup (json);
      else if (output_dir != NULL)
        {
          g_autofree char *base = g_path_get_basename (argv[i]);
          char *dot = strrchr (base, '.');
          g_autofree char *name = NULL;

          if (dot != NULL && dot != base)
            *dot = '\0';
          name = g_strconcat (base, ".ssdbench.json", NULL);
          out = g_build_filename (output_dir, name, NULL);
        }
      /* Two files of one name from different folders: the second would replace the first. */
      if (out != NULL && output_dir != NULL && !g_hash_table_add (written, g_strdup (out)))
        {
          g_printerr ("ssdbench-cli: %s: its report would replace the one just written to %s; "
                      "import it on its own\n",
                      argv[i], out);
          status = 1;
          continue;
        }
      if (out != NULL)
        {
          if (!ssdb_check_output_file (out, &error) || !ssdb_report_save (report, out, &error))
            {
              ssdb_cli_print_error (NULL, error);
              status = 1;
              continue;
            }
          if (!quiet)
            g_printerr ("Wrote %s (report of %s)\n", out, argv[i]);
        }
    }
  return status;
}
