/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run copy: AS SSD's Copy-Benchmark: the ISO, Program and Game file sets copied
 * within a test folder in a directory; MB/s and seconds per set. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "engine/ssdb-copy.h"
#include "ssdb-cli-private.h"

/* --sets "iso,program,game": which sets run, each at most once. */
static gboolean
parse_sets_opt (const char *text, SsdbCopySpec *spec, int *status)
{
  g_auto (GStrv) parts = NULL;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; i < SSDB_COPY_N_SETS; i++)
    spec->sets[i] = FALSE;
  if (parts[0] == NULL)
    {
      *status = ssdb_cli_usage_error ("Invalid --sets “%s”: expected iso, program and/or game "
                                      "separated by commas",
                                      text);
      return FALSE;
    }
  for (guint i = 0; parts[i] != NULL; i++)
    {
      SsdbCopySet set;

      if (!ssdb_copy_set_from_string (parts[i], &set))
        {
          *status = ssdb_cli_usage_error ("Invalid --sets “%s”: unknown set “%s” (expected iso, "
                                          "program or game)",
                                          text, parts[i]);
          return FALSE;
        }
      if (spec->sets[set])
        {
          *status
              = ssdb_cli_usage_error ("Invalid --sets “%s”: “%s” is named twice", text, parts[i]);
          return FALSE;
        }
      spec->sets[set] = TRUE;
    }
  return TRUE;
}

static void
on_progress (SsdbCopyResult *result, int row, gboolean preparing, double fraction,
             gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;

  if (row < 0)
    return;
  label = g_strdup_printf ("copy %s: %s", ssdb_copy_set_to_string (result->rows[row].set),
                           preparing ? "making the source" : "copying");
  ssdb_cli_set_progress (rc, label, fraction, 0);
}

static gboolean
copy_engine (SsdbCliRun *rc)
{
  return ssdb_copy_run (rc->target, rc->data, on_progress, rc, rc->cancellable, &rc->error);
}

/* Whether the run can make its folder in @dir: a folder of the run's own name made and removed
 * at once; otherwise says so with the system's reason (a read-only mount, no permission). */
static gboolean
probe_folder (const char *dir)
{
  g_autofree char *name = g_strdup_printf (".ssdbench-copy-%d-XXXXXX", (int)getpid ());
  g_autofree char *folder = g_build_filename (dir, name, NULL);

  if (g_mkdtemp_full (folder, 0755) == NULL)
    {
      int errsv = errno;

      g_printerr ("ssdbench-cli: Cannot create the copy test's folder in %s: %s\n", dir,
                  g_strerror (errsv));
      return FALSE;
    }
  g_rmdir (folder);
  return TRUE;
}

int
ssdb_cli_run_copy (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL, *scale_s = NULL, *method_s = NULL, *sets_s = NULL;
  g_autofree char *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  const GOptionEntry entries[] = {
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_s,
      "Size of the sets, percent of ISO 1 GiB, Program 256 MiB, Game 512 MiB, 1-100 [100]",
      "PERCENT" },
    { "method", 0, 0, G_OPTION_ARG_STRING, &method_s,
      "How files are copied: direct (O_DIRECT) or cached (page cache, then fsync) [direct]",
      "METHOD" },
    { "sets", 0, 0, G_OPTION_ARG_STRING, &sets_s, "Sets to copy [iso,program,game]", "SET,SET,…" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (
      "DIRECTORY - AS SSD's Copy-Benchmark: ISO, Program and Game file sets copied within it");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbCopyResult) result = NULL;
  g_autoptr (SsdbReport) report = NULL;
  SsdbCopySpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v;
  int status = 0;

  g_option_context_set_description (
      ctx, "Makes a fresh folder in DIRECTORY and, for each file set in turn, writes the set\n"
           "there from random (incompressible) data, makes it durable and drops it from the\n"
           "page cache, then times its copy to a second folder: every folder made, every file\n"
           "copied, every file and folder fsync'ed. ISO: 2 files of 512 MiB. Program: 512\n"
           "files in 36 nested folders, 256 MiB, most under 100 kB. Game: 256 files in 32\n"
           "folders, 512 MiB, from 4 KiB to 8.7 MiB. --scale shrinks them. Everything is\n"
           "removed afterwards, also on error or Ctrl-C. Exit status: 0 when every set ran,\n"
           "1 when the run failed, 130 when stopped by Ctrl-C, 2 for bad arguments.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_outputs ("run copy", argc, argv, json_path, png_path, &status))
    return status;
  if (ssdb_cli_is_block_device (argv[1]))
    return ssdb_cli_usage_error ("%s is a block device: the copy test copies files, so it needs "
                                 "a directory on a mounted file system (mount the device and "
                                 "give a directory on it)",
                                 argv[1]);
  if (g_file_test (argv[1], G_FILE_TEST_EXISTS) && !g_file_test (argv[1], G_FILE_TEST_IS_DIR))
    return ssdb_cli_usage_error ("%s is not a directory: the copy test copies files, so it needs "
                                 "a directory on a mounted file system",
                                 argv[1]);
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;

  ssdb_copy_spec_init (&spec);
  v = spec.scale;
  if (!ssdb_cli_parse_uint_opt (scale_s, "--scale", SSDB_COPY_MIN_SCALE, SSDB_COPY_MAX_SCALE, &v,
                                &status)
      || !parse_sets_opt (sets_s, &spec, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  spec.scale = (guint)v;
  if (method_s != NULL && !ssdb_copy_method_from_string (method_s, &spec.method))
    return ssdb_cli_usage_error ("Invalid --method “%s”: expected direct or cached", method_s);

  if (g_file_test (argv[1], G_FILE_TEST_IS_DIR) && !probe_folder (argv[1]))
    return 1;

  /* a small test file: the directory's file system and drive, as any directory target */
  target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                          .temperature_input = temperature_s,
                                                          .size_option = "--scale",
                                                          .file_size = 1 << 20 },
                                 &status);
  if (target == NULL)
    return status;

  result = ssdb_copy_result_new (&spec);
  if (!ssdb_cli_check_settings (SSDB_TEST_KIND_COPY, result, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.data = result;
  ssdb_cli_run_engine (&rc, copy_engine);

  report = ssdb_report_new (ssdb_target_get_info (target), NULL);
  ssdb_report_set_result (report, SSDB_TEST_KIND_COPY, result);
  ssdb_cli_print_result_text (report, SSDB_TEST_KIND_COPY);
  if (json_path != NULL)
    ssdb_cli_write_report (report, json_path, &status);
  if (png_path != NULL)
    ssdb_cli_export_png (report, SSDB_TEST_KIND_COPY, png_path, &status);
  return ssdb_cli_run_end (&rc, status);
}
