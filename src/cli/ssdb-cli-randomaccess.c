/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run randomaccess: HD Tune Pro's Random Access table: at each transfer size, one
 * request at a time at random places over the span; IOPS, average and maximum access time and
 * MB/s per size, and a "Random" row that mixes the sizes. */
#include "config.h"

#include <string.h>

#include "engine/ssdb-randomaccess.h"
#include "engine/ssdb-units.h"
#include "ssdb-cli-private.h"

/* --sizes "512,4k,64k,1m": rising transfer sizes (multiples of 512 bytes up to 64 MiB), at most
 * SSDB_RANDOM_ACCESS_MAX_SIZES. */
static gboolean
parse_sizes_opt (const char *text, SsdbRandomAccessSpec *spec, int *status)
{
  g_auto (GStrv) parts = NULL;
  guint n;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  n = g_strv_length (parts);
  if (n == 0 || n > SSDB_RANDOM_ACCESS_MAX_SIZES)
    {
      *status = ssdb_cli_usage_error (
          "Invalid --sizes “%s”: expected 1 to %u sizes separated by commas (512,4k,64k,1m)", text,
          SSDB_RANDOM_ACCESS_MAX_SIZES);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *what = g_strdup_printf ("--sizes (size %u)", i + 1);
      guint size = 0;

      if (parts[i][0] == '\0')
        {
          *status = ssdb_cli_usage_error ("Invalid --sizes “%s”: size %u is empty (expected sizes "
                                          "separated by commas: 512,4k,64k,1m)",
                                          text, i + 1);
          return FALSE;
        }
      if (!ssdb_cli_parse_block_opt (parts[i], what, &size, status))
        return FALSE;
      if (i > 0 && size <= spec->sizes[i - 1])
        {
          *status = ssdb_cli_usage_error ("Invalid --sizes “%s”: sizes must rise (%u bytes after "
                                          "%u bytes)",
                                          text, size, spec->sizes[i - 1]);
          return FALSE;
        }
      spec->sizes[i] = size;
    }
  spec->n_sizes = n;
  return TRUE;
}

static void
on_progress (SsdbRandomAccessResult *result, int row, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;
  double rate = 0;

  if (row < 0)
    label = g_strdup ("randomaccess: filling the span");
  else
    {
      const SsdbRandomAccessRow *r = &g_array_index (result->rows, SsdbRandomAccessRow, row);
      g_autofree char *name = ssdb_random_access_row_label (result, r);

      label = g_strdup_printf ("randomaccess %s %s", name, ssdb_rw_to_string (r->rw));
      rate = r->bytes_per_second;
    }
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gboolean
randomaccess_engine (SsdbCliRun *rc)
{
  return ssdb_random_access_run (rc->target, rc->data, on_progress, rc, rc->cancellable,
                                 &rc->error);
}

int
ssdb_cli_run_randomaccess (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL, *sizes_s = NULL, *span_s = NULL, *offset_s = NULL;
  g_autofree char *duration_s = NULL, *ios_s = NULL, *dots_s = NULL, *destroy = NULL;
  g_autofree char *file_size_s = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  gboolean no_mix = FALSE, read_only = FALSE, write_only = FALSE, fill = FALSE;
  const GOptionEntry entries[] = {
    { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes_s,
      "Transfer sizes of the rows, rising [the logical block size,4K,64K,1M]", "SIZE,SIZE,…" },
    { "no-mix", 0, 0, G_OPTION_ARG_NONE, &no_mix,
      "Leave out the \"Random\" row that mixes the sizes", NULL },
    { "read-only", 0, 0, G_OPTION_ARG_NONE, &read_only, "Measure reads only", NULL },
    { "write-only", 0, 0, G_OPTION_ARG_NONE, &write_only,
      "Measure writes only (a device needs --destroy-data)", NULL },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &offset_s, "Start of the span [0]", "SIZE" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Length of the span [to the end]", "SIZE" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per row [3]", "S" },
    { "ios", 0, 0, G_OPTION_ARG_STRING, &ios_s, "End a row after N requests", "N" },
    { "dots", 0, 0, G_OPTION_ARG_STRING, &dots_s,
      "Access-time dots kept per row for the scatter chart, 0-100000, 200000 in all rows [2000]",
      "N" },
    SSDB_CLI_FILL_ENTRY (fill),
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Also measure writes on DEVICE (and fill the span first), destroying its data in the span",
      "DEVICE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("file-size", file_size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets, sizes and data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (
      "TARGET - HD Tune Pro's Random Access table: IOPS and access time by transfer size");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbRandomAccessResult) result = NULL;
  g_autoptr (SsdbReport) report = NULL;
  SsdbRandomAccessSpec spec;
  SsdbCliRun rc = { 0 };
  const SsdbTargetInfo *info;
  guint64 file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  gboolean is_device;
  int status = 0;

  g_option_context_set_description (
      ctx, "At each transfer size in turn, one request at a time (queue depth 1) at random places\n"
           "over the span, each a whole number of transfers from its start, as HD Tune Pro's\n"
           "Random Access tab measures: IOPS, average and maximum access time, MB/s. The\n"
           "\"Random\" row draws each request's size from the sizes with equal shares. Reads\n"
           "come first, then writes. On a device writes are measured only with --destroy-data\n"
           "naming it (the span is then filled with random data before the reads); a test file\n"
           "in a directory is always filled and also measured with writes. Exit status: 0 when\n"
           "every row ran, 1 when the run failed, 130 when stopped by Ctrl-C, 2 for bad\n"
           "arguments.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_args ("run randomaccess", argc, argv, json_path, png_path, &status))
    return status;
  if (read_only && write_only)
    return ssdb_cli_usage_error ("--read-only and --write-only exclude each other");
  if (read_only && destroy != NULL && !fill)
    return ssdb_cli_usage_error ("--read-only writes nothing; it takes no --destroy-data "
                                 "(unless --fill)");
  if (write_only && fill)
    return ssdb_cli_usage_error ("--fill fills the span for the reads; --write-only reads "
                                 "nothing");

  ssdb_random_access_spec_init (&spec);
  if (!parse_sizes_opt (sizes_s, &spec, &status)
      || !ssdb_cli_parse_size_opt (offset_s, "--offset", &spec.span_offset, &status)
      || !ssdb_cli_parse_size_opt (span_s, "--span", &spec.span_length, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &spec.row_duration_ns, &status)
      || !ssdb_cli_parse_uint_opt (ios_s, "--ios", 1, G_MAXINT64 / SSDB_MAX_BLOCK_SIZE,
                                   &spec.row_ios, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, "--file-size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (dots_s, "--dots", 0, SSDB_RANDOM_ACCESS_MAX_DOTS, &spec.max_dots,
                                 &status))
    return status;
  /* --ios alone: the rows end at their count, not after 3 s */
  if (ios_s != NULL && duration_s == NULL)
    spec.row_duration_ns = 0;
  if (span_s != NULL && spec.span_length == 0)
    return ssdb_cli_usage_error ("Invalid --span “%s”: must be larger than 0", span_s);
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --file-size “%s”: must be larger than 0", file_size_s);
  spec.mixed = !no_mix;

  is_device = ssdb_cli_is_block_device (argv[1]);
  spec.do_read = !write_only;
  spec.do_write = write_only || (!read_only && (!is_device || destroy != NULL));
  spec.fill = spec.do_read && (fill || (spec.do_write && is_device));
  if (is_device && !read_only && !write_only && destroy == NULL)
    g_printerr ("ssdbench-cli: measuring reads only: writing to %s destroys its data; name it "
                "with --destroy-data %s to measure writes too\n",
                argv[1], argv[1]);

  target = ssdb_cli_open_target (
      &(SsdbCliTargetRequest){ .path = argv[1],
                               .temperature_input = temperature_s,
                               .destroy = destroy,
                               .writes = spec.do_write ? "run randomaccess --write-only writes to"
                                         : spec.fill
                                             ? "run randomaccess --fill overwrites the span of"
                                             : NULL,
                               .size_option = "--file-size",
                               .size_s = file_size_s,
                               .file_size = file_size },
      &status);
  if (target == NULL)
    return status;
  info = ssdb_target_get_info (target);
  ssdb_random_access_spec_fit (&spec, info);
  for (guint i = 0; i < spec.n_sizes; i++)
    if (sizes_s != NULL
        && !ssdb_cli_check_block_sectors (target, "--sizes", sizes_s, spec.sizes[i], &status))
      return status;
  if (!ssdb_cli_check_offset_span (target, offset_s, spec.span_offset, span_s, spec.span_length,
                                   &status))
    return status;

  result = ssdb_random_access_result_new (&spec);
  /* the engine's own check, before the run: a usage error naming the setting */
  if (!ssdb_cli_check_settings (SSDB_TEST_KIND_RANDOMACCESS, result, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.data = result;
  if (spec.do_write || spec.fill)
    {
      rc.write_offset = spec.span_offset;
      rc.write_length = spec.span_length ? spec.span_length : info->size_bytes - spec.span_offset;
    }
  ssdb_cli_run_engine (&rc, randomaccess_engine);

  report = ssdb_report_new (info, NULL);
  ssdb_report_set_result (report, SSDB_TEST_KIND_RANDOMACCESS, result);
  ssdb_cli_print_result_text (report, SSDB_TEST_KIND_RANDOMACCESS);
  if (json_path != NULL)
    ssdb_cli_write_report (report, json_path, &status);
  if (png_path != NULL)
    ssdb_cli_export_png (report, SSDB_TEST_KIND_RANDOMACCESS, png_path, &status);
  return ssdb_cli_run_end (&rc, status);
}
