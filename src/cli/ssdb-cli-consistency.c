/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run recovery | consistency: idle recovery of the fast-write (cache) capacity and
 * performance consistency with the SNIA PTS steady-state check. */
#include "config.h"

#include <string.h>

#include "engine/ssdb-consistency.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-consistency-painter.h"
#include "ssdb-cli-private.h"

#define RECOVERY_FILE_SIZE (G_GUINT64_CONSTANT (1) << 30)
#define CONSISTENCY_FILE_SIZE (G_GUINT64_CONSTANT (1) << 30)
#define TABLE_ROWS 20

/* Indices of at most @rows samples spread over @n, first and last included. */
static guint
spread_index (guint n, guint row, guint rows)
{
  if (rows <= 1 || n <= rows)
    return row;
  return (guint)(((guint64)row * (n - 1)) / (rows - 1));
}

static char *
format_seconds (guint64 ns)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", (double)ns / 1e9));
}

/* ---- recovery ----------------------------------------------------------------------------- */

typedef struct
{
  SsdbRecoveryResult *result;
} RecoveryData;

static void
on_recovery_progress (SsdbRecoveryResult *result, guint write_index, gboolean pausing,
                      double bytes_per_second, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;

  (void)result;
  if (pausing)
    label = g_strdup_printf ("recovery: idle before write %u", write_index + 1);
  else
    label = g_strdup_printf ("recovery: write %u/%u", write_index + 1, result->spec.n_pauses + 1);
  ssdb_cli_set_progress (rc, label, fraction, bytes_per_second);
}

static gboolean
recovery_engine (SsdbCliRun *rc)
{
  RecoveryData *d = rc->data;

  return ssdb_recovery_run (rc->target, d->result, on_recovery_progress, rc, rc->cancellable,
                            &rc->error);
}

/* --pauses 60,5m,10m: durations from 0 to a day. */
static gboolean
parse_pauses (const char *text, SsdbRecoverySpec *spec, int *status)
{
  g_auto (GStrv) parts = NULL;
  guint n;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  n = g_strv_length (parts);
  if (n == 0 || n > SSDB_RECOVERY_MAX_PAUSES)
    {
      *status = ssdb_cli_usage_error ("Invalid --pauses “%s”: expected 1 to %u durations "
                                      "separated by commas (60,5m,10m)",
                                      text, SSDB_RECOVERY_MAX_PAUSES);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!ssdb_cli_parse_seconds_opt (g_strstrip (parts[i]), "--pauses", 0,
                                     G_GUINT64_CONSTANT (86400) * NS_PER_S, &spec->pauses_ns[i],
                                     status))
      return FALSE;
  spec->n_pauses = n;
  return TRUE;
}

static void
print_recovery_text (SsdbTarget *target, const SsdbRecoveryResult *r)
{
  g_autofree char *write = ssdb_format_capacity (r->spec.write_bytes);
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *fast = ssdb_cli_format_mbps (r->fast_bytes_per_second);
  g_autofree char *slow = ssdb_cli_format_mbps (r->slow_bytes_per_second);
  g_autofree char *slow_mbps = g_strconcat (slow, " MB/s", NULL);
  g_autofree char *threshold = ssdb_cli_format_mbps (r->threshold_bytes_per_second);

  g_print ("Idle recovery on %s: %s per write, %s blocks, QD%u\n\n",
           ssdb_target_get_display_name (target), write, block, r->spec.queue_depth);
  g_print ("%-16s %12s %12s %14s %10s\n", "Write", "Mean (MB/s)", "Fast (GB)", "Restored (%)",
           "Time (s)");
  for (guint i = 0; i < r->writes->len; i++)
    {
      const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);
      g_autofree char *mean = ssdb_cli_format_mbps (w->bytes_per_second);
      g_autofree char *gb = ssdb_cli_format_gb ((double)w->fast_bytes);
      g_autofree char *pause = format_seconds (w->pause_ns);
      g_autofree char *label = i == 0 ? g_strdup ("first") : g_strdup_printf ("after %s s", pause);
      char pct[G_ASCII_DTOSTR_BUF_SIZE], secs[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (pct, sizeof pct, "%.1f", w->restored_percent);
      g_ascii_formatd (secs, sizeof secs, "%.2f", (double)w->window_ns / 1e9);
      g_print ("%-16s %12s %12s %14s %10s%s\n", label, mean, gb, pct, secs,
               w->complete ? "" : " (incomplete)");
    }
  /* a rate the run did not reach (no write fell below the threshold) reads "not measured" */
  g_print ("\nFast %s MB/s, slow %s, threshold %s MB/s\n", fast,
           r->slow_bytes_per_second > 0 ? slow_mbps : "not reached (no write slowed down)",
           threshold);
  if (r->words != NULL)
    g_print ("\n%s\n", r->words);
}

SSDB_CLI_DEFINE_WRITE_PNG (write_recovery_png, SsdbRecoveryResult, SsdbRecoveryView,
                           ssdb_recovery_view_init, SSDB_TEST_KIND_RECOVERY,
                           ssdb_render_recovery_png, 900, 560)

/* The cache size a fill found, from a report: the size of each write is 1.5 times it, so that
 * every write runs past the cliff. */
static gboolean
write_bytes_from_report (const char *path, guint64 *out, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);

  if (report == NULL)
    {
      ssdb_cli_print_error ("--cache-from: ", error);
      *status = EXIT_USAGE;
      return FALSE;
    }
  if (report->fill == NULL || report->fill->analysis.cache_bytes == 0)
    {
      *status = ssdb_cli_usage_error ("--cache-from %s: the report holds no fill that found a "
                                      "cache size",
                                      path);
      return FALSE;
    }
  *out = report->fill->analysis.cache_bytes + report->fill->analysis.cache_bytes / 2;
  return TRUE;
}

int
ssdb_cli_run_recovery (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  g_autofree char *write_s = NULL, *cache_from = NULL, *pauses_s = NULL, *block_s = NULL;
  g_autofree char *qd_s = NULL, *segment_s = NULL, *offset_s = NULL, *destroy = NULL;
  g_autofree char *size_s = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  gboolean next_span = FALSE;
  const GOptionEntry entries[] = {
    SSDB_CLI_DESTROY_ENTRY (destroy),
    { "next-span", 0, 0, G_OPTION_ARG_NONE, &next_span,
      "Write the next span after each pause, not the same one again", NULL },
    { "write", 0, 0, G_OPTION_ARG_STRING, &write_s,
      "Bytes per write, more than the cache [to the end of the target]", "SIZE" },
    { "cache-from", 0, 0, G_OPTION_ARG_FILENAME, &cache_from,
      "Write 1.5 x the cache size found by the fill in this report", "REPORT" },
    { "pauses", 0, 0, G_OPTION_ARG_STRING, &pauses_s,
      "Idle pauses, comma-separated durations [1m,5m,10m]", "LIST" },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &offset_s, "First byte written [0]", "SIZE" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    { "segment", 0, 0, G_OPTION_ARG_STRING, &segment_s,
      "Rate resolution along each write [write size / 256]", "SIZE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the recovery chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (
      "TARGET - write, leave idle, write again: how much fast-write capacity comes back");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbRecoveryResult) result = NULL;
  SsdbRecoverySpec spec;
  SsdbCliRun rc = { 0 };
  RecoveryData d = { 0 };
  guint64 file_size = RECOVERY_FILE_SIZE;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_outputs ("run recovery", argc, argv, json_path, png_path, &status))
    return status;
  if (write_s != NULL && cache_from != NULL)
    return ssdb_cli_usage_error ("--write and --cache-from both set the write size: give one");

  ssdb_recovery_spec_init (&spec);
  spec.next_span = next_span;
  if (!ssdb_cli_parse_size_opt (write_s, "--write", &spec.write_bytes, &status)
      || !parse_pauses (pauses_s, &spec, &status)
      || !ssdb_cli_parse_size_opt (offset_s, "--offset", &spec.span_offset, &status)
      || !ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_size_opt (segment_s, "--segment", &spec.segment_bytes, &status)
      || !ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (write_s != NULL && spec.write_bytes < spec.block_size)
    return ssdb_cli_usage_error ("Invalid --write “%s”: at least one --block transfer (%u bytes)",
                                 write_s, spec.block_size);
  if (segment_s != NULL && (spec.segment_bytes == 0 || spec.segment_bytes % spec.block_size != 0))
    return ssdb_cli_usage_error ("Invalid --segment “%s”: expected a whole number of --block "
                                 "transfers (%u bytes)",
                                 segment_s, spec.block_size);
  if (offset_s != NULL && spec.span_offset % spec.block_size != 0)
    return ssdb_cli_usage_error ("Invalid --offset “%s”: must be a multiple of --block (%u bytes)",
                                 offset_s, spec.block_size);
  if (size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --size “%s”: must be larger than 0", size_s);
  if (cache_from != NULL && !write_bytes_from_report (cache_from, &spec.write_bytes, &status))
    return status;

  target
      = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                       .temperature_input = temperature_s,
                                                       .destroy = destroy,
                                                       .writes = "run recovery overwrites data on",
                                                       .size_option = "--size",
                                                       .size_s = size_s,
                                                       .file_size = file_size },
                              &status);
  if (target == NULL)
    return status;
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status))
    return status;
  result = ssdb_recovery_result_new (&spec);
  if (!ssdb_cli_check_settings (SSDB_TEST_KIND_RECOVERY, result, target, &status))
    return status;

  d.result = result;
  ssdb_cli_run_init (&rc, cancellable, target);
  rc.data = &d;

  ssdb_cli_run_engine (&rc, recovery_engine);

  print_recovery_text (target, result);
  ssdb_cli_print_state_and_save (target, SSDB_TEST_KIND_RECOVERY, result, json_path, &status);
  if (png_path)
    write_recovery_png (png_path, target, result, &status);

  status = ssdb_cli_run_end (&rc, status);
  return status;
}

/* ---- consistency -------------------------------------------------------------------------- */

static void
on_consistency_progress (SsdbConsistencyResult *result, guint64 elapsed_ns, double iops,
                         double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  (void)elapsed_ns;
  if (result->rounds->len == 0 && result->spec.precondition_passes > 0)
    {
      /* before the first round: the preconditioning passes */
      guint64 span = MAX (result->spec.span_length, 1);
      guint pass = (guint)MIN (result->precondition_bytes / span + 1,
                               (guint64)result->spec.precondition_passes);

      label = g_strdup_printf ("consistency: preconditioning, pass %u/%u", pass,
                               result->spec.precondition_passes);
      ssdb_cli_set_progress (rc, label, fraction, iops * SSDB_PRECONDITION_BLOCK_SIZE);
      return;
    }
  label = g_strdup_printf ("consistency: %s IOPS", g_ascii_formatd (buf, sizeof buf, "%.0f", iops));
  ssdb_cli_set_progress (rc, label, fraction, iops * result->spec.block_size);
}

static gboolean
consistency_engine (SsdbCliRun *rc)
{
  return ssdb_consistency_run (rc->target, rc->data, on_consistency_progress, rc, rc->cancellable,
                               &rc->error);
}

static void
print_consistency_text (SsdbTarget *target, const SsdbConsistencyResult *r)
{
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *round = format_seconds (r->spec.round_ns);
  guint n = r->rounds->len, rows = MIN (n, TABLE_ROWS);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_print ("Performance consistency on %s: %s random writes, QD%u, rounds of %s s\n\n",
           ssdb_target_get_display_name (target), block, r->spec.queue_depth, round);
  if (r->spec.precondition_passes > 0)
    {
      g_autofree char *written = ssdb_cli_format_gb ((double)r->precondition_bytes);
      char secs[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (secs, sizeof secs, "%.1f", (double)r->precondition_ns / 1e9);
      g_print ("Preconditioning: %u %s of sequential 128 KiB writes at QD%u, %s GB written in "
               "%s s%s\n\n",
               r->spec.precondition_passes, r->spec.precondition_passes == 1 ? "pass" : "passes",
               SSDB_PRECONDITION_QUEUE_DEPTH, written, secs,
               r->precondition_bytes < r->spec.precondition_passes * r->spec.span_length
                   ? " (stopped)"
                   : "");
    }
  if (n > 0)
    {
      g_print ("%8s %10s %12s\n", "Round", "Time (s)", "IOPS");
      for (guint row = 0; row < rows; row++)
        {
          guint i = spread_index (n, row, rows);
          const SsdbConsistencyRound *rd = &g_array_index (r->rounds, SsdbConsistencyRound, i);
          char t[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_formatd (t, sizeof t, "%.2f", (double)rd->elapsed_ns / 1e9);
          g_print ("%8u %10s %12s\n", i + 1, t,
                   g_ascii_formatd (buf, sizeof buf, "%.0f", rd->iops));
        }
      if (n > rows)
        g_print ("(%u of %u rounds shown; --json holds all of them)\n", rows, n);
      g_print ("\n");
    }
  g_print ("Mean of the run: %s IOPS\n", g_ascii_formatd (buf, sizeof buf, "%.0f", r->iops));
  if (r->steady.reached)
    g_print ("Steady state: reached at round %u (window of rounds %u-%u, mean %s IOPS)\n",
             r->steady.round, r->steady.first_round, r->steady.round,
             g_ascii_formatd (buf, sizeof buf, "%.0f", r->steady.mean));
  else
    g_print ("Steady state: not reached\n");
  if (r->tail_rounds == 0)
    g_print ("Last rounds: none measured\n");
  else if (r->tail_rounds == 1)
    g_print ("Last round: %s IOPS\n", g_ascii_formatd (buf, sizeof buf, "%.0f", r->tail_mean_iops));
  else
    {
      g_print ("Last %u rounds: mean %s IOPS", r->tail_rounds,
               g_ascii_formatd (buf, sizeof buf, "%.0f", r->tail_mean_iops));
      g_print (", standard deviation %s IOPS",
               g_ascii_formatd (buf, sizeof buf, "%.0f", r->tail_sd_iops));
      g_print (", mean / deviation %s\n",
               g_ascii_formatd (buf, sizeof buf, "%.1f", r->tail_mean_over_sd));
    }
  if (r->words != NULL)
    g_print ("\n%s\n", r->words);
}

SSDB_CLI_DEFINE_WRITE_PNG (write_consistency_png, SsdbConsistencyResult, SsdbConsistencyView,
                           ssdb_consistency_view_init, SSDB_TEST_KIND_CONSISTENCY,
                           ssdb_render_consistency_png, 900, 560)

int
ssdb_cli_run_consistency (int argc, char **argv)
{
  g_autofree char *duration_s = NULL, *round_s = NULL, *tail_s = NULL, *block_s = NULL;
  g_autofree char *qd_s = NULL, *span_s = NULL, *destroy = NULL, *size_s = NULL;
  g_autofree char *data_s = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  g_autofree char *precondition_s = NULL, *temperature_s = NULL;
  const GOptionEntry entries[] = {
    SSDB_CLI_DESTROY_ENTRY (destroy),
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Length of the run [5m]", "TIME" },
    { "precondition", 0, 0, G_OPTION_ARG_STRING, &precondition_s,
      "Passes of sequential 128K writes at QD32 over the span first, 0-8 (SNIA PTS: 2) [0]", "N" },
    { "round", 0, 0, G_OPTION_ARG_STRING, &round_s,
      "Length of a round (one IOPS value; the steady-state window is 5 rounds) [1s]", "TIME" },
    { "tail", 0, 0, G_OPTION_ARG_STRING, &tail_s,
      "Last part of the run for the mean and mean / deviation, % of it [20]", "PERCENT" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [4K]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [32]", "N" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Region written [whole]", "START:LENGTH" },
    { "data", 0, 0, G_OPTION_ARG_STRING, &data_s, "Data: random, zero or compressible-N [random]",
      "PATTERN" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the IOPS scatter to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (
      "TARGET - 4K random writes at QD32: IOPS per second and SNIA PTS steady state");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbConsistencyResult) result = NULL;
  g_autoptr (GError) error = NULL;
  SsdbConsistencySpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v, span_start = 0, span_length = 0, file_size = CONSISTENCY_FILE_SIZE;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_outputs ("run consistency", argc, argv, json_path, png_path, &status))
    return status;

  ssdb_consistency_spec_init (&spec);
  if (!ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 10,
                                   G_GUINT64_CONSTANT (86400) * NS_PER_S, &spec.duration_ns,
                                   &status)
      || !ssdb_cli_parse_seconds_opt (round_s, "--round", NS_PER_S / 10, 3600 * NS_PER_S,
                                      &spec.round_ns, &status)
      || !ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status)
      || !ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (tail_s, "--tail", 1, 100, &spec.tail_percent, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  v = spec.precondition_passes;
  if (!ssdb_cli_parse_uint_opt (precondition_s, "--precondition", 0, SSDB_PRECONDITION_MAX_PASSES,
                                &v, &status))
    return status;
  spec.precondition_passes = (guint)v;
  if (data_s != NULL && !ssdb_data_pattern_parse (data_s, &spec.data, &error))
    return ssdb_cli_usage_error ("%s", error->message);
  if (size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --size “%s”: must be larger than 0", size_s);
  if (span_s != NULL && (span_start % spec.block_size != 0 || span_length < spec.block_size))
    return ssdb_cli_usage_error ("Invalid --span “%s”: START must be a multiple of --block (%u "
                                 "bytes) and LENGTH at least one transfer",
                                 span_s, spec.block_size);
  spec.span_offset = span_start;
  spec.span_length = span_length;

  target = ssdb_cli_open_target (
      &(SsdbCliTargetRequest){ .path = argv[1],
                               .destroy = destroy,
                               .writes = "run consistency overwrites data on",
                               .size_option = "--size",
                               .size_s = size_s,
                               .file_size = file_size,
                               .temperature_input = temperature_s },
      &status);
  if (target == NULL)
    return status;
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status))
    return status;
  result = ssdb_consistency_result_new (&spec);
  if (!ssdb_cli_check_settings (SSDB_TEST_KIND_CONSISTENCY, result, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.data = result;

  ssdb_cli_run_engine (&rc, consistency_engine);

  print_consistency_text (target, result);
  ssdb_cli_print_state_and_save (target, SSDB_TEST_KIND_CONSISTENCY, result, json_path, &status);
  if (png_path)
    write_consistency_png (png_path, target, result, &status);

  status = ssdb_cli_run_end (&rc, status);
  return status;
}
