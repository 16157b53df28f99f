/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run access and run sweep. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/ssdb-units.h"
#include "render/ssdb-access-painter.h"
#include "render/ssdb-sweep-painter.h"
#include "ssdb-cli-private.h"

/* ---------------------------------------------------------------- access / sweep ---- */

/* --depths "1,2,4": rising whole numbers from 1 to @max, at most SSDB_ACCESS_MAX_STEPS. */
static gboolean
ssdb_cli_parse_depths_opt (const char *text, guint max, guint depths[SSDB_ACCESS_MAX_STEPS],
                           guint *n_depths, int *status)
{
  g_auto (GStrv) parts = NULL;
  guint n;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  n = g_strv_length (parts);
  if (n == 0)
    {
      *status = ssdb_cli_usage_error (
          "Invalid --depths “%s”: expected depths separated by commas (1,2,4)", text);
      return FALSE;
    }
  if (n > SSDB_ACCESS_MAX_STEPS)
    {
      *status = ssdb_cli_usage_error ("Invalid --depths “%s”: at most %u depths", text,
                                      SSDB_ACCESS_MAX_STEPS);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      guint64 v;

      if (parts[i][0] == '\0')
        {
          *status
              = ssdb_cli_usage_error ("Invalid --depths “%s”: depth %u is empty (expected whole "
                                      "numbers separated by commas: 1,2,4)",
                                      text, i + 1);
          return FALSE;
        }
      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, G_MAXUINT64, &v, NULL))
        {
          *status = ssdb_cli_usage_error ("Invalid --depths “%s”: “%s” is not a whole number", text,
                                          parts[i]);
          return FALSE;
        }
      if (v < 1 || v > max)
        {
          *status = ssdb_cli_usage_error ("Invalid --depths “%s”: %" G_GUINT64_FORMAT
                                          " is out of range (1 to %u)",
                                          text, v, max);
          return FALSE;
        }
      if (i > 0 && v <= depths[i - 1])
        {
          *status = ssdb_cli_usage_error (
              "Invalid --depths “%s”: depths must rise (%" G_GUINT64_FORMAT " after %u)", text, v,
              depths[i - 1]);
          return FALSE;
        }
      depths[i] = (guint)v;
    }
  *n_depths = n;
  return TRUE;
}

/* --span-gb N: the first N GB (10^9 bytes; fractions allowed), rounded down to whole blocks. */
static gboolean
ssdb_cli_parse_span_gb_opt (const char *text, guint block_size, guint64 *out, int *status)
{
  char *end = NULL;
  double v;

  if (text == NULL)
    return TRUE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v) || v <= 0 || v > 1e9
      || strpbrk (text, "xXnNiI") != NULL)
    {
      *status
          = ssdb_cli_usage_error ("Invalid --span-gb “%s”: expected a number of GB larger than 0 "
                                  "(10, 0.5)",
                                  text);
      return FALSE;
    }
  *out = (guint64)(v * 1e9) / block_size * block_size;
  if (*out == 0)
    {
      *status = ssdb_cli_usage_error (
          "Invalid --span-gb “%s”: smaller than one transfer (%u bytes)", text, block_size);
      return FALSE;
    }
  return TRUE;
}

static void
on_access_progress (SsdbAccessResult *result, int step, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;
  double iops = 0;

  if (step < 0)
    label = g_strdup ("access: filling the span");
  else
    {
      const SsdbAccessStep *s = &g_array_index (result->steps, SsdbAccessStep, step);
      g_autofree char *name = ssdb_access_step_label (result->spec.mode, s->depth);

      label = g_strdup_printf ("access %-5s", name);
      iops = s->iops;
    }
  /* The rate column shows reads per second × the transfer size. */
  ssdb_cli_set_progress (rc, label, fraction, iops * result->spec.block_size);
}

static gboolean
access_engine (SsdbCliRun *rc)
{
  return ssdb_access_run (rc->target, rc->access_result, on_access_progress, rc, rc->cancellable,
                          &rc->error);
}

static const char *
state_text (SsdbEntryState state)
{
  switch (state)
    {
      case SSDB_ENTRY_DONE:
        return "";
      case SSDB_ENTRY_CANCELLED:
        return " (cancelled)";
      case SSDB_ENTRY_FAILED:
        return " (failed)";
      case SSDB_ENTRY_SKIPPED:
        return " (skipped)";
      case SSDB_ENTRY_PENDING:
      case SSDB_ENTRY_RUNNING:
      default:
        return " (not run)";
    }
}

static void
print_access_text (SsdbTarget *target, const SsdbAccessResult *r)
{
  const SsdbAccessSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *span = ssdb_format_capacity (spec->span_length);
  char secs[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (secs, sizeof secs, "%g", (double)spec->step_duration_ns / 1e9);
  g_print ("Access time by %s: %s\n",
           spec->mode == SSDB_ACCESS_MODE_THREADS ? "threads" : "queue depth", title);
  g_print ("Random %s reads over %s · %s s per step\n\n", block, span, secs);
  g_print ("%-6s %12s %11s %11s %11s %11s %10s\n", "Step", "IOPS", "Mean (ms)", "Median (ms)",
           "p99 (ms)", "Max (ms)", "In flight");
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      g_autofree char *name = ssdb_access_step_label (spec->mode, s->depth);
      g_autofree char *mean = ssdb_cli_format_ms (s->mean_ns);
      g_autofree char *median = ssdb_cli_format_ms ((double)s->median_ns);
      g_autofree char *p99 = ssdb_cli_format_ms ((double)s->p99_ns);
      g_autofree char *max = ssdb_cli_format_ms ((double)s->max_ns);
      char iops[G_ASCII_DTOSTR_BUF_SIZE], inflight[G_ASCII_DTOSTR_BUF_SIZE];

      if (s->state == SSDB_ENTRY_PENDING || s->state == SSDB_ENTRY_RUNNING)
        {
          g_print ("%-6s %12s%s\n", name, "–", state_text (s->state));
          continue;
        }
      g_ascii_formatd (iops, sizeof iops, "%.0f", s->iops);
      g_ascii_formatd (inflight, sizeof inflight, "%.2f", s->achieved_depth);
      g_print ("%-6s %12s %11s %11s %11s %11s %10s%s\n", name, iops, mean, median, p99, max,
               inflight, state_text (s->state));
    }
  if (r->analysis.words != NULL)
    g_print ("\n%s\n", r->analysis.words);
}

static void
write_access_png (const char *path, SsdbTarget *target, const SsdbAccessResult *r, gboolean relief,
                  int *status)
{
  g_autoptr (GError) error = NULL;
  SsdbAccessView view;
  g_auto (SsdbCliChart) chart = { 0 };

  ssdb_access_view_init (&view);
  view.result = r;
  view.chart = relief ? SSDB_ACCESS_CHART_RELIEF : SSDB_ACCESS_CHART_HEATMAP;
  ssdb_cli_chart_init_result (&chart, target, SSDB_TEST_KIND_ACCESS, r);
  SSDB_CLI_CHART_LABEL (&view, &chart);
  ssdb_cli_check_png (ssdb_render_access_png (&view, &chart.style, path, 900, 560, 1, &error),
                      error, status);
}

int
ssdb_cli_run_access (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  gboolean ncq_off_opt = FALSE;
  g_autofree char *size_s = NULL, *depths_s = NULL, *span_s = NULL, *duration_s = NULL;
  g_autofree char *ios_s = NULL, *destroy = NULL, *file_size_s = NULL, *seed_s = NULL;
  g_autofree char *size_alias = NULL;
  g_autofree char *json_path = NULL, *png_path = NULL;
  gboolean threads = FALSE, relief = FALSE;
  const GOptionEntry entries[] = {
    { "block", 0, 0, G_OPTION_ARG_STRING, &size_s, "Transfer size of each random read [4K]",
      "SIZE" },
    { "size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &size_alias, NULL, NULL },
    { "depths", 0, 0, G_OPTION_ARG_STRING, &depths_s,
      "Queue depths (or thread counts) of the steps, rising [1,2,4,8,16,32]", "N,N,…" },
    { "threads", 0, 0, G_OPTION_ARG_NONE, &threads,
      "Steps are numbers of threads at QD1 (1-64) instead of queue depths", NULL },
    { "span-gb", 0, 0, G_OPTION_ARG_STRING, &span_s, "Read within the first N GB [whole]", "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per step [3]", "S" },
    { "ios", 0, 0, G_OPTION_ARG_STRING, &ios_s, "Also end a step after N reads", "N" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Fill the span with random data first, destroying the data of DEVICE", "DEVICE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("file-size", file_size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the access-time chart to a PNG"),
    { "relief", 0, 0, G_OPTION_ARG_NONE, &relief,
      "Draw the PNG as a relief (one curve per step) instead of a heatmap", NULL },
    SSDB_CLI_NCQ_OFF_ENTRY (ncq_off_opt),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - access-time distribution by queue depth (Ipeak-like)");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  SsdbAccessSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v, file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  const char *block_opt;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_take_alias ("--block", &size_s, "--size", &size_alias, &block_opt, &status))
    return status;
  if (!ssdb_cli_check_run_args ("run access", argc, argv, json_path, png_path, &status))
    return status;
  if (relief && png_path == NULL)
    return ssdb_cli_usage_error ("--relief chooses the kind of --png chart; it needs --png FILE");

  ssdb_access_spec_init (&spec);
  spec.mode = threads ? SSDB_ACCESS_MODE_THREADS : SSDB_ACCESS_MODE_QUEUE;
  if (!ssdb_cli_parse_block_opt (size_s, block_opt, &spec.block_size, &status)
      || !ssdb_cli_parse_depths_opt (depths_s, threads ? SSDB_MAX_THREADS : SSDB_MAX_QUEUE_DEPTH,
                                     spec.depths, &spec.n_depths, &status)
      || !ssdb_cli_parse_span_gb_opt (span_s, spec.block_size, &spec.span_length, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &spec.step_duration_ns, &status)
      || !ssdb_cli_parse_uint_opt (ios_s, "--ios", 1, G_MAXINT64, &spec.step_ios, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, "--file-size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (threads && depths_s == NULL)
    for (guint i = 0; i < spec.n_depths; i++)
      if (spec.depths[i] > SSDB_MAX_THREADS)
        spec.n_depths = i;
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --file-size “%s”: must be larger than 0", file_size_s);
  spec.fill = destroy != NULL;

  if ((target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                               .temperature_input = temperature_s,
                                                               .destroy = destroy,
                                                               .size_option = "--file-size",
                                                               .size_s = file_size_s,
                                                               .file_size = file_size,
                                                               .ncq_off = ncq_off_opt },
                                      &status))
          == NULL
      || !ssdb_cli_check_block_sectors (target, block_opt, size_s, spec.block_size, &status))
    return status;
  v = ssdb_target_get_info (target)->size_bytes;
  if (spec.span_length > v)
    return ssdb_cli_usage_error ("Invalid --span-gb “%s”: %s holds only %" G_GUINT64_FORMAT
                                 " bytes",
                                 span_s, ssdb_target_get_display_name (target), v);

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.access_result = ssdb_access_result_new (&spec);

  ssdb_cli_run_engine (&rc, access_engine);

  print_access_text (target, rc.access_result);
  ssdb_cli_print_state_and_save (target, SSDB_TEST_KIND_ACCESS, rc.access_result, json_path,
                                 &status);
  if (png_path)
    write_access_png (png_path, target, rc.access_result, relief, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_access_result_free (rc.access_result);
  return status;
}

static void
on_sweep_progress (SsdbSweepResult *result, guint size, SsdbRw rw, double fraction,
                   gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  GArray *points = rw == SSDB_RW_WRITE ? result->write : result->read;
  g_autofree char *label = NULL;
  double rate = 0;

  if (size == 0)
    label = g_strdup ("sweep: filling the region");
  else
    {
      g_autofree char *name = ssdb_format_transfer_size (size);

      label = g_strdup_printf ("sweep %-7s %-5s", name, ssdb_rw_to_string (rw));
    }
  if (points->len > 0)
    rate = g_array_index (points, SsdbSweepPoint, points->len - 1).bytes_per_second;
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gboolean
sweep_engine (SsdbCliRun *rc)
{
  return ssdb_sweep_run (rc->target, rc->sweep_result, on_sweep_progress, rc, rc->cancellable,
                         &rc->error);
}

static const SsdbSweepPoint *
find_sweep_point (GArray *points, guint size)
{
  for (guint i = 0; i < points->len; i++)
    if (g_array_index (points, SsdbSweepPoint, i).size == size)
      return &g_array_index (points, SsdbSweepPoint, i);
  return NULL;
}

static void
print_sweep_text (SsdbTarget *target, const SsdbSweepResult *r)
{
  const SsdbSweepSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *span = ssdb_format_capacity (spec->span_length);

  g_print ("Transfer-size sweep: %s\n", title);
  g_print ("Sequential %s over %s · QD%u\n\n",
           spec->do_read && spec->do_write ? "writes and reads"
           : spec->do_write                ? "writes"
                                           : "reads",
           span, spec->queue_depth);
  g_print ("%-8s %14s %12s %14s %12s\n", "Size", "Write (MB/s)", "Write IOPS", "Read (MB/s)",
           "Read IOPS");
  for (guint i = 0; i < r->n_sizes; i++)
    {
      const SsdbSweepPoint *w = find_sweep_point (r->write, r->sizes[i]);
      const SsdbSweepPoint *rd = find_sweep_point (r->read, r->sizes[i]);
      g_autofree char *name = ssdb_format_transfer_size (r->sizes[i]);
      g_autofree char *wr = w ? ssdb_cli_format_mbps (w->bytes_per_second) : g_strdup ("–");
      g_autofree char *rr = rd ? ssdb_cli_format_mbps (rd->bytes_per_second) : g_strdup ("–");
      char wi[G_ASCII_DTOSTR_BUF_SIZE] = "–", ri[G_ASCII_DTOSTR_BUF_SIZE] = "–";

      if (w)
        g_ascii_formatd (wi, sizeof wi, "%.0f", w->iops);
      if (rd)
        g_ascii_formatd (ri, sizeof ri, "%.0f", rd->iops);
      g_print ("%-8s %14s %12s %14s %12s\n", name, wr, wi, rr, ri);
    }
  if (r->words != NULL)
    g_print ("\n%s\n", r->words);
}

SSDB_CLI_DEFINE_WRITE_PNG (write_sweep_png, SsdbSweepResult, SsdbSweepView, ssdb_sweep_view_init,
                           SSDB_TEST_KIND_SWEEP, ssdb_render_sweep_png, 900, 640)

int
ssdb_cli_run_sweep (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  g_autofree char *min_s = NULL, *max_s = NULL, *qd_s = NULL, *span_s = NULL;
  g_autofree char *duration_s = NULL, *destroy = NULL, *file_size_s = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL, *png_path = NULL;
  gboolean read_only = FALSE;
  g_autofree char *file_size_alias = NULL;
  const GOptionEntry entries[] = {
    { "min", 0, 0, G_OPTION_ARG_STRING, &min_s, "Smallest transfer size [the logical block size]",
      "SIZE" },
    { "max", 0, 0, G_OPTION_ARG_STRING, &max_s, "Largest transfer size [64M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Length of the region from the start [256M]",
      "SIZE" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per size and direction [1]",
      "S" },
    { "read-only", 0, 0, G_OPTION_ARG_NONE, &read_only, "Measure reads only", NULL },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Also measure writes on DEVICE, destroying its data in the region", "DEVICE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", file_size_s),
    { "file-size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &file_size_alias, NULL, NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the sweep chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - transfer-size sweep (ATTO-like)");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  SsdbSweepSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  guint sizes[SSDB_SWEEP_MAX_SIZES], n_sizes;
  const SsdbTargetInfo *info;
  const char *file_size_opt;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_take_alias ("--size", &file_size_s, "--file-size", &file_size_alias,
                               &file_size_opt, &status))
    return status;
  if (!ssdb_cli_check_run_args ("run sweep", argc, argv, json_path, png_path, &status))
    return status;
  if (read_only && destroy != NULL)
    return ssdb_cli_usage_error ("--read-only writes nothing; it takes no --destroy-data");

  ssdb_sweep_spec_init (&spec);
  if (min_s != NULL && !ssdb_cli_parse_block_opt (min_s, "--min", &spec.start_size, &status))
    return status;
  if (!ssdb_cli_parse_block_opt (max_s, "--max", &spec.end_size, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_size_opt (span_s, "--span", &spec.span_length, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &spec.duration_ns, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, file_size_opt, &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (min_s != NULL && spec.start_size > spec.end_size)
    return ssdb_cli_usage_error ("Invalid --min “%s”: larger than --max (%u bytes)", min_s,
                                 spec.end_size);
  if (span_s != NULL && spec.span_length == 0)
    return ssdb_cli_usage_error ("Invalid --span “%s”: must be larger than 0", span_s);
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid %s “%s”: must be larger than 0", file_size_opt,
                                 file_size_s);

  if ((target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                               .temperature_input = temperature_s,
                                                               .destroy = destroy,
                                                               .size_option = file_size_opt,
                                                               .size_s = file_size_s,
                                                               .file_size = file_size },
                                      &status))
      == NULL)
    return status;
  info = ssdb_target_get_info (target);
  spec.do_read = TRUE;
  spec.do_write = !read_only && (info->kind == SSDB_TARGET_FILE || destroy != NULL);
  if (!read_only && !spec.do_write)
    g_printerr ("ssdbench-cli: measuring reads only: writing to %s destroys its data; name it "
                "with --destroy-data %s to measure writes too\n",
                argv[1], argv[1]);
  spec.fill = spec.do_write || info->kind == SSDB_TARGET_FILE;
  if (span_s == NULL && spec.span_length > info->size_bytes)
    spec.span_length = info->size_bytes;
  if (spec.span_length > info->size_bytes)
    return ssdb_cli_usage_error ("Invalid --span “%s”: %s holds only %" G_GUINT64_FORMAT " bytes",
                                 span_s, ssdb_target_get_display_name (target), info->size_bytes);
  if (!ssdb_sweep_sizes (&spec, MAX (info->logical_block_size, info->dio_offset_align), sizes,
                         &n_sizes, &error))
    return ssdb_cli_usage_error ("%s", error->message);
  if (spec.span_length < sizes[n_sizes - 1])
    return ssdb_cli_usage_error ("Invalid --span: %" G_GUINT64_FORMAT
                                 " bytes is smaller than --max (%u "
                                 "bytes)",
                                 spec.span_length, sizes[n_sizes - 1]);

  ssdb_cli_run_init (&rc, cancellable, target);
  spec.start_size = sizes[0];
  rc.sweep_result = ssdb_sweep_result_new (&spec);
  memcpy (rc.sweep_result->sizes, sizes, sizeof sizes);
  rc.sweep_result->n_sizes = n_sizes;

  ssdb_cli_run_engine (&rc, sweep_engine);

  print_sweep_text (target, rc.sweep_result);
  ssdb_cli_print_state_and_save (target, SSDB_TEST_KIND_SWEEP, rc.sweep_result, json_path, &status);
  if (png_path)
    write_sweep_png (png_path, target, rc.sweep_result, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_sweep_result_free (rc.sweep_result);
  return status;
}
