/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run asssd: AS SSD Benchmark's tests: Seq (16 MiB, QD1), 4K (QD1), 4K-64Thrd
 * (64 threads at QD1) and the access times, each read then written, with AS SSD's scores. */
#include "config.h"

#include <string.h>

#include "engine/ssdb-asssd.h"
#include "engine/ssdb-units.h"
#include "ssdb-cli-private.h"

static void
on_progress (SsdbAsssdResult *result, int entry, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;
  double rate = 0;

  if (entry < 0)
    label = g_strdup ("asssd: filling the span");
  else
    {
      const SsdbAsssdEntry *e = &result->entries[entry];

      label = g_strdup_printf ("asssd %s %s", ssdb_asssd_test_name (e->test),
                               ssdb_rw_to_string (e->rw));
      rate = e->bytes_per_second;
    }
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gboolean
asssd_engine (SsdbCliRun *rc)
{
  return ssdb_asssd_run (rc->target, rc->data, on_progress, rc, rc->cancellable, &rc->error);
}

int
ssdb_cli_run_asssd (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL, *span_s = NULL, *offset_s = NULL, *duration_s = NULL;
  g_autofree char *destroy = NULL, *file_size_s = NULL, *seed_s = NULL, *json_path = NULL;
  g_autofree char *png_path = NULL;
  gboolean read_only = FALSE, fill = FALSE;
  const GOptionEntry entries[] = {
    { "read-only", 0, 0, G_OPTION_ARG_NONE, &read_only,
      "Measure the Read column only (the default on a device without --destroy-data)", NULL },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &offset_s, "Start of the span [0]", "SIZE" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s,
      "Length of the span, AS SSD's test file [1G, or to the end of a smaller target]", "SIZE" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per test and direction [3]",
      "S" },
    SSDB_CLI_FILL_ENTRY (fill),
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Also measure the Write column on DEVICE (and fill the span first), destroying its data in "
      "the span",
      "DEVICE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("file-size", file_size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the table to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (
      "TARGET - AS SSD Benchmark's tests: Seq, 4K, 4K-64Thrd, access time and scores");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbAsssdResult) result = NULL;
  g_autoptr (SsdbReport) report = NULL;
  SsdbAsssdSpec spec;
  SsdbCliRun rc = { 0 };
  const SsdbTargetInfo *info;
  guint64 file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  gboolean is_device;
  int status = 0;

  g_option_context_set_description (
      ctx, "AS SSD Benchmark's tests, in its order, each read then written: Seq (16 MiB\n"
           "transfers in order, one at a time), 4K (random 4 KiB, one at a time), 4K-64Thrd\n"
           "(random 4 KiB from 64 threads, one request each) and Acc.time (random 4 KiB reads\n"
           "over the whole target, random writes of 512 bytes or the logical block size in the\n"
           "span). MB/s and IOPS of each, the access times in ms, and AS SSD's scores: read and\n"
           "write 0.1 × Seq + 4K + 4K-64Thrd, total 0.1 × Seq read + 0.15 × Seq write + 2 × 4K\n"
           "read + 4K write + 1.5 × 4K-64Thrd read + 4K-64Thrd write (MB/s). On a device the\n"
           "Write column is measured only with --destroy-data naming it (the span is then filled\n"
           "with random data before the reads); a test file in a directory is always filled and\n"
           "written. Exit status: 0 when every test ran, 1 when the run failed, 130 when\n"
           "stopped by Ctrl-C, 2 for bad arguments.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_args ("run asssd", argc, argv, json_path, png_path, &status))
    return status;
  if (read_only && destroy != NULL && !fill)
    return ssdb_cli_usage_error ("--read-only writes nothing; it takes no --destroy-data "
                                 "(unless --fill)");

  ssdb_asssd_spec_init (&spec);
  if (!ssdb_cli_parse_size_opt (offset_s, "--offset", &spec.span_offset, &status)
      || !ssdb_cli_parse_size_opt (span_s, "--span", &spec.span_length, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &spec.test_duration_ns, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, "--file-size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (span_s != NULL && spec.span_length == 0)
    return ssdb_cli_usage_error ("Invalid --span “%s”: must be larger than 0", span_s);
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --file-size “%s”: must be larger than 0", file_size_s);

  is_device = ssdb_cli_is_block_device (argv[1]);
  spec.do_read = TRUE;
  spec.do_write = !read_only && (!is_device || destroy != NULL);
  spec.fill = fill || (spec.do_write && is_device);

  target = ssdb_cli_open_target (
      &(SsdbCliTargetRequest){ .path = argv[1],
                               .temperature_input = temperature_s,
                               .destroy = destroy,
                               .writes = spec.do_write ? "run asssd writes to"
                                         : spec.fill   ? "run asssd --fill overwrites the span of"
                                                       : NULL,
                               .size_option = "--file-size",
                               .size_s = file_size_s,
                               .file_size = file_size },
      &status);
  if (target == NULL)
    return status;
  info = ssdb_target_get_info (target);
  if (!ssdb_cli_check_offset_span (target, offset_s, spec.span_offset, span_s, spec.span_length,
                                   &status))
    return status;

  result = ssdb_asssd_result_new (&spec);
  /* the engine's own check, before the run: a usage error naming the setting */
  if (!ssdb_cli_check_settings (SSDB_TEST_KIND_ASSSD, result, target, &status))
    return status;
  /* said once the arguments and the target are accepted, so never before a usage error */
  if (is_device && !read_only && destroy == NULL)
    g_printerr ("ssdbench-cli: measuring the Read column only: writing to %s destroys its data; "
                "name it with --destroy-data %s to measure writes too\n",
                argv[1], argv[1]);

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.data = result;
  if (spec.do_write || spec.fill)
    {
      rc.write_offset = spec.span_offset;
      rc.write_length = spec.span_length
                            ? spec.span_length
                            : MIN (SSDB_ASSSD_DEFAULT_SPAN, info->size_bytes - spec.span_offset);
    }
  ssdb_cli_run_engine (&rc, asssd_engine);

  report = ssdb_report_new (info, NULL);
  ssdb_report_set_result (report, SSDB_TEST_KIND_ASSSD, result);
  ssdb_cli_print_result_text (report, SSDB_TEST_KIND_ASSSD);
  if (json_path != NULL)
    ssdb_cli_write_report (report, json_path, &status);
  if (png_path != NULL)
    ssdb_cli_export_png (report, SSDB_TEST_KIND_ASSSD, png_path, &status);
  return ssdb_cli_run_end (&rc, status);
}
