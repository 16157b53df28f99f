/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run scan: the error scan (HD Tune's Error Scan): every block of a device read
 * once at QD1, unreadable sectors found to the sector, slow blocks flagged. Nothing is written. */
#include "config.h"

#include "engine/ssdb-scan.h"
#include "ssdb-cli-private.h"

typedef struct
{
  SsdbScanResult *result;
} ScanData;

static void
on_scan_progress (SsdbScanResult *result, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  double rate = result->read_ns > 0 ? (double)result->scanned_bytes * 1e9 / result->read_ns : 0;
  g_autofree char *label = NULL;

  if (result->bad_bytes > 0 || result->slow_blocks > 0)
    label = g_strdup_printf ("scan: %" G_GUINT64_FORMAT " bytes unreadable, %" G_GUINT64_FORMAT
                             " blocks slow",
                             result->bad_bytes, result->slow_blocks);
  else
    label = g_strdup ("scan");
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gboolean
scan_engine (SsdbCliRun *rc)
{
  ScanData *d = rc->data;

  return ssdb_scan_run (rc->target, d->result, on_scan_progress, rc, rc->cancellable, &rc->error);
}

/* The report at @path with the stopped scan to go on from, or NULL with the message printed and
 * *@status = EXIT_USAGE. */
static SsdbReport *
load_resume (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);

  if (report == NULL)
    {
      ssdb_cli_print_error ("--resume: ", error);
      *status = EXIT_USAGE;
      return NULL;
    }
  if (report->scan == NULL)
    {
      *status = ssdb_cli_usage_error ("--resume %s: the report holds no error scan", path);
      return NULL;
    }
  if (report->scan->scanned_bytes >= report->scan->spec.span_length)
    {
      *status = ssdb_cli_usage_error ("--resume %s: its error scan is complete; there is nothing "
                                      "to go on with",
                                      path);
      return NULL;
    }
  return g_steal_pointer (&report);
}

/* The scan of @was goes on only on a device like the one it was made on: the same size and,
 * when both know it, the same model. */
static gboolean
check_resume_target (const char *resume, const SsdbReport *was, SsdbTarget *target, int *status)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  const char *was_model = was->target.model ? was->target.model : "";
  const char *model = info->model ? info->model : "";

  if (was->scan->logical_block_size != info->logical_block_size)
    {
      *status
          = ssdb_cli_usage_error ("--resume %s: its scan read sectors of %u bytes; %s has "
                                  "sectors of %u bytes",
                                  resume, was->scan->logical_block_size,
                                  ssdb_target_get_display_name (target), info->logical_block_size);
      return FALSE;
    }
  if (was->target.size_bytes == info->size_bytes
      && (*was_model == '\0' || *model == '\0' || g_str_equal (was_model, model)))
    return TRUE;
  *status = ssdb_cli_usage_error ("--resume %s: its scan was made on %s (%" G_GUINT64_FORMAT
                                  " bytes%s%s); %s has %" G_GUINT64_FORMAT " bytes%s%s",
                                  resume, was->target.path ? was->target.path : "a device",
                                  was->target.size_bytes, *was_model ? ", " : "", was_model,
                                  ssdb_target_get_display_name (target), info->size_bytes,
                                  *model ? ", " : "", model);
  return FALSE;
}

int
ssdb_cli_run_scan (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  g_autofree char *span_s = NULL, *block_s = NULL, *slow_s = NULL;
  g_autofree char *cells_s = NULL, *json_path = NULL, *png_path = NULL, *resume = NULL;
  g_autofree char *destroy = NULL, *seed_s = NULL;
  gboolean verify = FALSE;
  const GOptionEntry entries[] = {
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Part of the device to read [whole]",
      "START:LENGTH" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Bytes per read [1M]", "SIZE" },
    { "slow-ms", 0, 0, G_OPTION_ARG_STRING, &slow_s,
      "A block whose read takes longer than this is slow, ms [100]", "MS" },
    { "cells", 0, 0, G_OPTION_ARG_STRING, &cells_s, "Squares in the grid [2000]", "N" },
    { "verify", 0, 0, G_OPTION_ARG_NONE, &verify,
      "Write each block with random data, read it back and compare (destroys the span's data)",
      NULL },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "The device whose data --verify may destroy (required with --verify)", "DEVICE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s,
      "Seed of the data --verify writes [a new one each run]", "N" },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume,
      "Go on with the stopped scan in this report, with its settings", "REPORT" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the scan's grid to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("DEVICE - read every block once: unreadable sectors and slow blocks");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbScanResult) result = NULL;
  g_autoptr (SsdbReport) report = NULL, resumed = NULL;
  g_autoptr (GError) error = NULL;
  SsdbScanSpec spec;
  SsdbCliRun rc = { 0 };
  ScanData d = { 0 };
  guint64 v;
  int status = 0;

  g_option_context_set_description (
      ctx, "Reads the span in order, one block at a time at queue depth 1, as HD Tune's Error\n"
           "Scan does. A block that fails is read again one sector at a time, so each unreadable\n"
           "range is reported to the sector (its byte offset and LBA); a block slower than\n"
           "--slow-ms is flagged. Nothing is written: no --destroy-data is needed.\n"
           "With --verify (and --destroy-data naming the device) each block is written with\n"
           "random data, read back and compared instead: sectors that cannot be written, or\n"
           "that return other data than was written, are found too. This destroys the data.\n"
           "Exit status: 0 when every block read, 1 when unreadable sectors were found or the\n"
           "run failed, 130 when stopped by Ctrl-C (the report keeps what was read, and\n"
           "--resume goes on from there), 2 for bad arguments.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_args ("run scan", argc, argv, json_path, png_path, &status))
    return status;
  if (g_file_test (argv[1], G_FILE_TEST_IS_DIR))
    return ssdb_cli_usage_error ("%s is a directory: the error scan reads a block device", argv[1]);

  if (resume != NULL)
    {
      if (span_s != NULL || block_s != NULL || slow_s != NULL || cells_s != NULL || verify
          || seed_s != NULL)
        return ssdb_cli_usage_error ("--resume goes on with the settings of the scan it names: "
                                     "give no --span, --block, --slow-ms, --cells, --verify or "
                                     "--seed");
      if ((resumed = load_resume (resume, &status)) == NULL)
        return status;
      result = ssdb_scan_result_dup (resumed->scan);
    }
  else
    {
      ssdb_scan_spec_init (&spec);
      if (!ssdb_cli_parse_span_opt (span_s, &spec.span_offset, &spec.span_length, &status)
          || !ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status))
        return status;
      v = spec.slow_ns / 1000000;
      if (!ssdb_cli_parse_uint_opt (slow_s, "--slow-ms", 1, 60000, &v, &status))
        return status;
      spec.slow_ns = v * 1000000;
      v = spec.cells;
      if (!ssdb_cli_parse_uint_opt (cells_s, "--cells", 1, SSDB_SCAN_MAX_CELLS, &v, &status))
        return status;
      spec.cells = (guint)v;
      spec.verify = verify;
      if (seed_s != NULL && !verify)
        return ssdb_cli_usage_error ("--seed is the seed of the data --verify writes: a scan that "
                                     "only reads writes nothing");
      /* A new seed each run unless one is given (the report records it): a second verifying
       * run writes other data than the first, so a drive that drops writes cannot pass it
       * with what the first run left. */
      spec.seed = (guint64)g_get_real_time ();
      if (!ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
        return status;
      result = ssdb_scan_result_new (&spec);
    }

  if (!result->spec.verify && destroy != NULL)
    return ssdb_cli_usage_error ("--destroy-data is for --verify: a scan that only reads "
                                 "writes nothing");
  /* a verifying scan writes: it needs --destroy-data naming the device, and its permission */
  target = ssdb_cli_open_target (
      &(SsdbCliTargetRequest){
          .path = argv[1],
          .temperature_input = temperature_s,
          .destroy = destroy,
          .writes = result->spec.verify ? "run scan --verify overwrites every block of" : NULL,
          .device_flags = SSDB_TARGET_OPEN_READ,
          .size_option = "--size" },
      &status);
  if (target == NULL)
    return status;
  if (resumed != NULL && !check_resume_target (resume, resumed, target, &status))
    return status;
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, result->spec.block_size, &status)
      || !ssdb_cli_check_offset_sectors (target, "--span", span_s, result->spec.span_offset,
                                         &status)
      || !ssdb_cli_check_span (span_s, result->spec.span_offset, result->spec.span_length, target,
                               &status))
    return status;
  /* the engine's own check, before the run: a usage error naming the setting */
  if (!ssdb_test_kind_check (SSDB_TEST_KIND_SCAN, result, ssdb_target_get_info (target), &error))
    return ssdb_cli_usage_error ("%s: %s", ssdb_target_get_display_name (target), error->message);

  d.result = result;
  ssdb_cli_run_init (&rc, cancellable, target);
  rc.data = &d;
  if (result->spec.verify)
    {
      /* the region a stopped or failed verifying scan may have overwritten */
      const SsdbTargetInfo *info = ssdb_target_get_info (target);
      guint64 length = result->spec.span_length ? result->spec.span_length
                                                : info->size_bytes - result->spec.span_offset;

      rc.write_offset = result->spec.span_offset + result->scanned_bytes;
      rc.write_length = length - result->scanned_bytes;
    }
  ssdb_cli_run_engine (&rc, scan_engine);

  report = ssdb_report_new (ssdb_target_get_info (target), NULL);
  ssdb_report_set_result (report, SSDB_TEST_KIND_SCAN, result);
  if (result->scanned_bytes > 0 || rc.ok)
    ssdb_cli_print_result_text (report, SSDB_TEST_KIND_SCAN);
  if (json_path != NULL)
    ssdb_cli_write_report (report, json_path, &status);
  if (png_path != NULL)
    ssdb_cli_export_png (report, SSDB_TEST_KIND_SCAN, png_path, &status);
  if (rc.ok && status == 0 && result->bad_bytes > 0)
    status = 1;
  return ssdb_cli_run_end (&rc, status);
}
