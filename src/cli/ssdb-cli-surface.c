/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run surface and run fill. */
#include "config.h"

#include "engine/ssdb-target-fill.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-fill-painter.h"
#include "render/ssdb-surface-painter.h"
#include "ssdb-cli-private.h"

/* ------------------------------------------------------------ surface / fill ------ */

#define TABLE_ROWS 20

static void
on_surface_progress (SsdbSurfaceResult *result, const char *phase, double fraction,
                     gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  GArray *curve = g_str_equal (phase, "write") ? result->write : result->read;
  double rate = 0;
  g_autofree char *label = g_strdup_printf ("surface %-6s", phase);

  if ((g_str_equal (phase, "read") || g_str_equal (phase, "write")) && curve->len > 0)
    rate = g_array_index (curve, SsdbSurfaceSample, curve->len - 1).bytes_per_second;
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gpointer
surface_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  const SsdbTargetInfo *info = ssdb_target_get_info (rc->target);
  gint64 t0;

  rc->ok = TRUE;
  /* A new test file holds no data: fill it so the reads reach the file system. */
  if (info->kind == SSDB_TARGET_FILE)
    rc->ok = ssdb_target_fill (rc->target, 0, info->size_bytes, rc->surface->spec.seed,
                               ssdb_cli_on_fill_progress, rc, rc->cancellable, &rc->error);
  t0 = g_get_monotonic_time ();
  if (rc->ok)
    rc->ok = ssdb_surface_run (rc->target, rc->surface, on_surface_progress, rc, rc->cancellable,
                               &rc->error);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static void
on_fill_run_progress (SsdbFillResult *result, guint pass_index, guint64 position_bytes,
                      double bytes_per_second, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;

  if (pass_index < result->spec.passes)
    label = g_strdup_printf ("fill pass %u/%u", pass_index + 1, result->spec.passes);
  else
    label = g_strdup ("fill read-back");
  (void)position_bytes;
  ssdb_cli_set_progress (rc, label, fraction, bytes_per_second);
}

static gboolean
fill_engine (SsdbCliRun *rc)
{
  return ssdb_fill_run (rc->target, rc->fill_result, on_fill_run_progress, rc, rc->cancellable,
                        &rc->error);
}

/* Indices of at most TABLE_ROWS samples spread over @n, first and last included. */
static guint
table_index (guint n, guint row, guint rows)
{
  if (rows <= 1)
    return 0;
  return (guint)((guint64)row * (n - 1) / (rows - 1));
}

static void
print_surface_text (SsdbTarget *target, const SsdbSurfaceResult *r, guint64 wall_ns)
{
  const SsdbSurfaceSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *sample = ssdb_format_transfer_size (spec->sample_bytes);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *span_start = ssdb_cli_format_gb ((double)spec->span_offset);
  g_autofree char *span_end = ssdb_cli_format_gb ((double)(spec->span_offset + spec->span_length));
  gboolean writes = r->write->len > 0;
  guint n = MAX (r->read->len, r->write->len);
  guint rows = MIN (n, TABLE_ROWS);

  g_print ("Surface: %s\n", title);
  g_print ("%u samples × %s · %s blocks · QD%u · span %s–%s GB · write: %s\n\n", spec->samples,
           sample, block, spec->queue_depth, span_start, span_end,
           spec->write == SSDB_SURFACE_WRITE_DESTROY   ? "destructive"
           : spec->write == SSDB_SURFACE_WRITE_REWRITE ? "rewrite in place"
                                                       : "none");
  if (writes)
    g_print ("%14s %14s %14s\n", "Position (GB)", "Read (MB/s)", "Write (MB/s)");
  else
    g_print ("%14s %14s\n", "Position (GB)", "Read (MB/s)");
  for (guint row = 0; row < rows; row++)
    {
      guint i = table_index (n, row, rows);
      const SsdbSurfaceSample *rs
          = i < r->read->len ? &g_array_index (r->read, SsdbSurfaceSample, i) : NULL;
      const SsdbSurfaceSample *ws
          = i < r->write->len ? &g_array_index (r->write, SsdbSurfaceSample, i) : NULL;
      const SsdbSurfaceSample *any = rs ? rs : ws;
      g_autofree char *pos = ssdb_cli_format_gb ((double)any->offset_bytes);
      g_autofree char *rm = rs ? ssdb_cli_format_mbps (rs->bytes_per_second) : g_strdup ("—");
      g_autofree char *wm = ws ? ssdb_cli_format_mbps (ws->bytes_per_second) : g_strdup ("—");

      if (writes)
        g_print ("%14s %14s %14s\n", pos, rm, wm);
      else
        g_print ("%14s %14s\n", pos, rm);
    }
  if (n > rows)
    g_print ("(%u of %u samples shown; --json holds all of them)\n", rows, n);
  g_print ("\n");

  for (guint k = 0; k < 2; k++)
    {
      GArray *curve = k == 0 ? r->read : r->write;
      const SsdbRateStats *st = k == 0 ? &r->read_stats : &r->write_stats;
      g_autofree char *mn = ssdb_cli_format_mbps (st->min), *mx = ssdb_cli_format_mbps (st->max);
      g_autofree char *me = ssdb_cli_format_mbps (st->mean);

      if (curve->len == 0)
        continue;
      g_print ("%-6s min %s MB/s · max %s MB/s · mean %s MB/s (%u samples)\n",
               k == 0 ? "Read:" : "Write:", mn, mx, me, curve->len);
    }
  if (r->access->len > 0)
    {
      /* µs when the mean is below 1 ms (zram: "4.49 µs", not "0.004 ms") */
      gboolean us = r->access_mean_ns < 1e6;
      const char *unit = us ? "µs" : "ms";
      char buf[2][G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *mean_ms = ssdb_cli_format_ms (r->access_mean_ns);
      g_autofree char *first_ms = ssdb_cli_format_ms (r->access_first_mean_ns);
      g_autofree char *gb = ssdb_format_capacity (spec->access_first_bytes);
      const char *mean
          = us ? g_ascii_formatd (buf[0], sizeof buf[0], "%.2f", r->access_mean_ns / 1e3) : mean_ms;
      const char *first_value
          = us ? g_ascii_formatd (buf[1], sizeof buf[1], "%.2f", r->access_first_mean_ns / 1e3)
               : first_ms;
      g_autofree char *first = g_strdup_printf ("%s %s", first_value, unit);
      g_autofree char *first_gb = spec->access_first_bytes < spec->span_length
                                      ? g_strdup_printf ("first %s", gb)
                                      : g_strdup ("first 100 % of the span");

      g_print ("Access time: mean %s %s (%u reads); %s: %s (%u reads)\n", mean, unit,
               r->access->len, first_gb, r->access_first_count ? first : "—",
               r->access_first_count);
    }
  if (spec->burst)
    {
      g_autofree char *burst = ssdb_cli_format_mbps (r->burst_bytes_per_second);

      g_print ("Burst rate: %s MB/s\n", burst);
    }
  {
    char cpu[G_ASCII_DTOSTR_BUF_SIZE];

    g_ascii_formatd (cpu, sizeof cpu, "%.1f",
                     wall_ns ? (double)r->cpu_ns * 100.0 / (double)wall_ns : 0.0);
    g_print ("CPU usage: %s %%\n", cpu);
  }
}

static void
write_surface_png (const char *path, SsdbTarget *target, const SsdbSurfaceResult *r,
                   guint64 wall_ns, int *status)
{
  g_autoptr (GError) error = NULL;
  SsdbSurfaceView view;
  g_auto (SsdbCliChart) chart = { 0 };

  ssdb_surface_view_init (&view);
  view.result = r;
  ssdb_cli_chart_init_result (&chart, target, SSDB_TEST_KIND_SURFACE, r);
  SSDB_CLI_CHART_LABEL (&view, &chart);
  view.device_bytes = ssdb_target_get_info (target)->size_bytes;
  view.wall_ns = wall_ns;
  ssdb_cli_check_png (ssdb_render_surface_png (&view, &chart.style, path, 900, 520, 1, &error),
                      error, status);
}

int
ssdb_cli_run_surface (int argc, char **argv)
{
  g_autofree char *samples_s = NULL, *block_s = NULL, *sample_size_s = NULL, *qd_s = NULL;
  g_autofree char *span_s = NULL, *access_s = NULL, *access_first_s = NULL, *write_s = NULL;
  g_autofree char *destroy = NULL, *size_s = NULL, *seed_s = NULL, *json_path = NULL;
  g_autofree char *png_path = NULL, *temperature_s = NULL;
  gboolean no_burst = FALSE;
  const GOptionEntry entries[] = {
    { "samples", 0, 0, G_OPTION_ARG_STRING, &samples_s, "Positions measured, 2-100000 [200]", "N" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "sample-size", 0, 0, G_OPTION_ARG_STRING, &sample_size_s, "Bytes read at each position [64M]",
      "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [1]", "N" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Part of the device to measure [whole]",
      "START:LENGTH" },
    { "access", 0, 0, G_OPTION_ARG_STRING, &access_s,
      "Random reads for the access time, 0 to skip [1000]", "N" },
    { "access-first", 0, 0, G_OPTION_ARG_STRING, &access_first_s,
      "Also report the access time within the first SIZE [50GB]", "SIZE" },
    { "no-burst", 0, 0, G_OPTION_ARG_NONE, &no_burst, "Do not measure the burst rate", NULL },
    { "write", 0, 0, G_OPTION_ARG_STRING, &write_s,
      "Also a write surface: rewrite (puts back what it read) or destroy", "MODE" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "With --write destroy: the device whose data may be destroyed", "DEVICE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the surface chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - HD Tune-like surface: rate across the device");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  SsdbSurfaceSpec spec;
  SsdbTargetOpenFlags flags = SSDB_TARGET_OPEN_READ;
  SsdbCliRun rc = { 0 };
  guint64 span_start = 0, span_length = 0, file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_args ("run surface", argc, argv, json_path, png_path, &status))
    return status;

  ssdb_surface_spec_init (&spec);
  if (!ssdb_cli_parse_guint_opt (samples_s, "--samples", 2, 100000, &spec.samples, &status))
    return status;
  if (!ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status)
      || !ssdb_cli_parse_size_opt (sample_size_s, "--sample-size", &spec.sample_bytes, &status))
    return status;
  if (sample_size_s != NULL && (spec.sample_bytes == 0 || spec.sample_bytes % spec.block_size != 0))
    return ssdb_cli_usage_error ("Invalid --sample-size “%s”: expected a whole number of --block "
                                 "transfers (%u bytes)",
                                 sample_size_s, spec.block_size);
  if (sample_size_s == NULL && spec.sample_bytes % spec.block_size != 0)
    spec.sample_bytes = MAX (spec.sample_bytes / spec.block_size, 1) * spec.block_size;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (access_s, "--access", 0, 1000000, &spec.access_samples, &status))
    return status;
  if (!ssdb_cli_parse_size_opt (access_first_s, "--access-first", &spec.access_first_bytes, &status)
      || !ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --size “%s”: must be larger than 0", size_s);
  spec.burst = !no_burst;
  spec.span_offset = span_start;
  spec.span_length = span_length;

  if (write_s == NULL)
    {
      if (destroy != NULL)
        return ssdb_cli_usage_error ("--destroy-data is only used with --write destroy");
    }
  else if (g_str_equal (write_s, "rewrite"))
    {
      if (destroy != NULL)
        return ssdb_cli_usage_error ("--write rewrite keeps the data; it takes no --destroy-data");
      spec.write = SSDB_SURFACE_WRITE_REWRITE;
      flags = SSDB_TARGET_OPEN_REWRITE;
    }
  else if (g_str_equal (write_s, "destroy"))
    {
      spec.write = SSDB_SURFACE_WRITE_DESTROY;
      flags = SSDB_TARGET_OPEN_WRITE;
    }
  else
    return ssdb_cli_usage_error ("Unknown --write “%s”: expected rewrite or destroy", write_s);

  target = ssdb_cli_open_target (
      &(SsdbCliTargetRequest){
          .path = argv[1],
          .destroy = destroy,
          .writes = spec.write == SSDB_SURFACE_WRITE_DESTROY ? "--write destroy overwrites" : NULL,
          .device_flags = flags,
          .size_option = "--size",
          .size_s = size_s,
          .file_size = file_size,
          .temperature_input = temperature_s },
      &status);
  if (target == NULL)
    return status;
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status)
      || !ssdb_cli_check_span (span_s, span_start, span_length, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.surface = ssdb_surface_result_new (&spec);

  ssdb_cli_run_worker (&rc, surface_thread);

  if (rc.surface->read->len > 0 || rc.ok)
    {
      print_surface_text (target, rc.surface, rc.wall_ns);
      ssdb_cli_print_drive_state (target, rc.surface->temperature, rc.surface->drive_counts,
                                  rc.surface->spec.write != SSDB_SURFACE_WRITE_NONE);
    }

  if (json_path)
    ssdb_cli_save_result (json_path, target, SSDB_TEST_KIND_SURFACE, rc.surface, &status);
  if (png_path)
    write_surface_png (png_path, target, rc.surface, rc.wall_ns, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_surface_result_free (rc.surface);
  return status;
}

static void
print_fill_text (SsdbTarget *target, const SsdbFillResult *r)
{
  const SsdbFillSpec *spec = &r->spec;
  const SsdbFillAnalysis *a = &r->analysis;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *segment = ssdb_format_transfer_size (spec->segment_bytes);
  g_autofree char *span = ssdb_format_capacity (spec->span_length);
  guint write_index = 0;

  g_print ("Whole-drive fill: %s\n", title);
  g_print ("%u write pass%s%s · %s span · %s blocks · QD%u · %s segments\n\n", spec->passes,
           spec->passes == 1 ? "" : "es", spec->read_back ? " + read-back" : "", span, block,
           spec->queue_depth, segment);

  if (r->passes->len > 0)
    {
      const SsdbFillPass *first = g_ptr_array_index (r->passes, 0);
      guint n = first->segments->len, rows = MIN (n, TABLE_ROWS);

      g_print ("%14s %14s   (first write pass, per segment)\n", "Position (GB)", "Write (MB/s)");
      for (guint row = 0; row < rows; row++)
        {
          const SsdbFillPoint *p
              = &g_array_index (first->segments, SsdbFillPoint, table_index (n, row, rows));
          g_autofree char *pos = ssdb_cli_format_gb ((double)p->position_bytes);
          g_autofree char *rate = ssdb_cli_format_mbps (p->bytes_per_second);

          g_print ("%14s %14s\n", pos, rate);
        }
      if (n > rows)
        g_print ("(%u of %u segments shown; --json holds all of them)\n", rows, n);
      g_print ("\n");
    }

  for (guint i = 0; i < r->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (r->passes, i);
      g_autofree char *rate = ssdb_cli_format_mbps (p->bytes_per_second);
      g_autofree char *done = ssdb_format_capacity (p->bytes);
      g_autofree char *label = p->rw == SSDB_RW_READ
                                   ? g_strdup ("Read-back")
                                   : g_strdup_printf ("Write pass %u", ++write_index);
      char secs[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (secs, sizeof secs, "%.2f", (double)p->window_ns / 1e9);
      g_print ("%-13s mean %s MB/s · %s in %s s%s\n", label, rate, done, secs,
               p->complete ? "" : " (incomplete)");
    }

  if (a->phases != NULL && a->phases->len > 0)
    {
      g_print ("\nPhases of the first write pass:\n");
      for (guint i = 0; i < a->phases->len; i++)
        {
          const SsdbFillPhase *ph = &g_array_index (a->phases, SsdbFillPhase, i);
          g_autofree char *s = ssdb_cli_format_gb ((double)ph->start_bytes);
          g_autofree char *e = ssdb_cli_format_gb ((double)ph->end_bytes);
          g_autofree char *rate = ssdb_cli_format_mbps (ph->bytes_per_second);

          g_print ("  %s – %s GB  %s MB/s\n", s, e, rate);
        }
      if (a->cache_bytes > 0)
        {
          g_autofree char *cache = ssdb_format_capacity (a->cache_bytes);
          g_autofree char *in = ssdb_cli_format_mbps (a->in_cache_bytes_per_second);
          g_autofree char *post = ssdb_cli_format_mbps (a->post_cache_bytes_per_second);

          g_print ("Cache: %s; %s MB/s in the cache, %s MB/s after it\n", cache, in, post);
        }
      else
        {
          g_autofree char *in = ssdb_cli_format_mbps (a->in_cache_bytes_per_second);

          if (a->verdict == SSDB_VERDICT_INCONCLUSIVE)
            g_print ("Cache: inconclusive (the pass is too noisy to tell); %s MB/s on average\n",
                     in);
          else if (a->phases->len > 1)
            g_print ("Cache: none (the first phase is not followed by a drop)\n");
          else
            g_print ("Cache: no cliff found; %s MB/s throughout\n", in);
        }
    }
  if (a->words != NULL)
    g_print ("\n%s\n", a->words);
}

SSDB_CLI_DEFINE_WRITE_PNG (write_fill_png, SsdbFillResult, SsdbFillView, ssdb_fill_view_init,
                           SSDB_TEST_KIND_FILL, ssdb_render_fill_png, 900, 560)

int
ssdb_cli_run_fill (int argc, char **argv)
{
  g_autofree char *passes_s = NULL, *block_s = NULL, *qd_s = NULL, *segment_s = NULL;
  g_autofree char *span_s = NULL, *destroy = NULL, *size_s = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL, *png_path = NULL, *temperature_s = NULL;
  gboolean no_read_back = FALSE;
  const GOptionEntry entries[] = {
    SSDB_CLI_DESTROY_ENTRY (destroy),
    { "passes", 0, 0, G_OPTION_ARG_STRING, &passes_s, "Write passes, 1-4 [2]", "N" },
    { "no-read-back", 0, 0, G_OPTION_ARG_NONE, &no_read_back,
      "Do not read the span back afterwards", NULL },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    { "segment", 0, 0, G_OPTION_ARG_STRING, &segment_s,
      "Rate resolution along the span [1G, or span/256]", "SIZE" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Part of the device to fill [whole]",
      "START:LENGTH" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the fill chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - whole-drive write: cache size and speed after it");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  SsdbFillSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 span_start = 0, span_length = 0, file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_args ("run fill", argc, argv, json_path, png_path, &status))
    return status;

  ssdb_fill_spec_init (&spec);
  if (!ssdb_cli_parse_guint_opt (passes_s, "--passes", 1, 4, &spec.passes, &status))
    return status;
  if (!ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_size_opt (segment_s, "--segment", &spec.segment_bytes, &status)
      || !ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (segment_s != NULL && (spec.segment_bytes == 0 || spec.segment_bytes % spec.block_size != 0))
    return ssdb_cli_usage_error (
        "Invalid --segment “%s”: expected a whole number of --block transfers "
        "(%u bytes)",
        segment_s, spec.block_size);
  if (size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --size “%s”: must be larger than 0", size_s);
  if (span_s != NULL && (span_start % spec.block_size != 0 || span_length < spec.block_size))
    return ssdb_cli_usage_error (
        "Invalid --span “%s”: START must be a multiple of --block (%u bytes) "
        "and LENGTH at least one transfer",
        span_s, spec.block_size);
  spec.read_back = !no_read_back;
  spec.span_offset = span_start;
  spec.span_length = span_length;

  target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                          .destroy = destroy,
                                                          .writes = "run fill overwrites all of",
                                                          .size_option = "--size",
                                                          .size_s = size_s,
                                                          .file_size = file_size,
                                                          .temperature_input = temperature_s },
                                 &status);
  if (target == NULL)
    return status;
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status)
      || !ssdb_cli_check_span (span_s, span_start, span_length, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.fill_result = ssdb_fill_result_new (&spec);

  ssdb_cli_run_engine (&rc, fill_engine);

  print_fill_text (target, rc.fill_result);
  ssdb_cli_print_state_and_save (target, SSDB_TEST_KIND_FILL, rc.fill_result, json_path, &status);
  if (png_path)
    write_fill_png (png_path, target, rc.fill_result, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_fill_result_free (rc.fill_result);
  return status;
}
