/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run compression | trim | freespace | readback: the SSD behaviour tests. */
#include "config.h"

#include <string.h>

#include "engine/ssdb-compression.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-trim.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-behaviour-painter.h"
#include "ssdb-cli-private.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)

/* The end of a behaviour run whose table is printed: @result's drive state, the report (--json
 * @json_path) and the chart (--png @png_path); returns the exit status (ssdb_cli_run_end()). */
static int
finish_run (SsdbCliRun *rc, SsdbTestKind kind, gconstpointer result, const char *json_path,
            const char *png_path, int status)
{
  ssdb_cli_print_state_and_save (rc->target, kind, result, json_path, &status);
  if (png_path)
    {
      g_autoptr (GError) error = NULL;
      g_auto (SsdbCliChart) chart = { 0 };
      SsdbBehaviourView view;

      switch (kind)
        {
          case SSDB_TEST_KIND_COMPRESSION:
            ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_COMPRESSION);
            view.compression = result;
            break;
          case SSDB_TEST_KIND_TRIM:
            ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_TRIM);
            view.trim = result;
            break;
          case SSDB_TEST_KIND_FREESPACE:
            ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_FREESPACE);
            view.freespace = result;
            break;
          default:
            g_assert (kind == SSDB_TEST_KIND_READBACK);
            ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_READBACK);
            view.readback = result;
            break;
        }
      ssdb_cli_chart_init_result (&chart, rc->target, kind, result);
      SSDB_CLI_CHART_LABEL (&view, &chart);
      ssdb_cli_check_png (
          ssdb_render_behaviour_png (&view, &chart.style, png_path, 900, 600, 1, &error), error,
          &status);
    }
  return ssdb_cli_run_end (rc, status);
}

/* Runs @engine on @target once the engine accepts the settings of @result (a new result of
 * @kind); the run may overwrite @length bytes from @offset. FALSE, with *@status set, when the
 * settings are refused: nothing ran. */
static gboolean
run_checked (SsdbCliRun *rc, GCancellable *cancellable, SsdbTarget *target, SsdbTestKind kind,
             gpointer result, guint64 offset, guint64 length, SsdbCliEngineFunc engine, int *status)
{
  if (!ssdb_cli_check_settings (kind, result, target, status))
    return FALSE;
  ssdb_cli_run_init (rc, cancellable, target);
  rc->write_offset = offset;
  rc->write_length = length;
  rc->data = result;
  ssdb_cli_run_engine (rc, engine);
  return TRUE;
}

/* The options run trim and run freespace share: the span they fill (after a random-write stress
 * when asked), the summary they measure, the test file's size, the seed and the outputs. */
typedef struct
{
  char *destroy;
  char *span_s;
  char *size_s;
  char *seed_s;
  char *json_path;
  char *png_path;
  char *temperature_s;
  gboolean stress;
  /* the summary's options (summary_options_add()) */
  char *tests_s;
  char *test_size_s;
  char *count_s;
  char *duration_s;
  char *count_help;
  guint64 span_start;
  guint64 span_length;
  guint64 file_size;
} FillOptions;

static void
fill_options_clear (FillOptions *o)
{
  g_free (o->destroy);
  g_free (o->span_s);
  g_free (o->size_s);
  g_free (o->seed_s);
  g_free (o->json_path);
  g_free (o->png_path);
  g_free (o->temperature_s);
  g_free (o->tests_s);
  g_free (o->test_size_s);
  g_free (o->count_s);
  g_free (o->duration_s);
  g_free (o->count_help);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FillOptions, fill_options_clear)

/* Adds --tests, --test-size (described by @test_size_help), --count (its default @count, the
 * test's) and --duration to the main group of @ctx, after the entries added so far; their text
 * lands in @o. */
static void
summary_options_add (GOptionContext *ctx, FillOptions *o, const char *test_size_help, guint count)
{
  GOptionEntry entries[] = {
    { "tests", 0, 0, G_OPTION_ARG_STRING, &o->tests_s,
      "Summary tests to run [all four: SEQ1M Q8T1,SEQ1M Q1T1,RND4K Q32T1,RND4K Q1T1]", "LIST" },
    { "test-size", 0, 0, G_OPTION_ARG_STRING, &o->test_size_s, test_size_help, "SIZE" },
    { "count", 0, 0, G_OPTION_ARG_STRING, &o->count_s, o->count_help, "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &o->duration_s, "Seconds per summary pass [1]", "S" },
    { NULL },
  };

  /* The context keeps a copy of the entries, not of their text: @o holds the help of --count. */
  g_free (o->count_help);
  o->count_help = g_strdup_printf ("Summary passes per test, 1-9 [%u]", count);
  entries[2].description = o->count_help;
  g_option_context_add_main_entries (ctx, entries, NULL);
}

/* The summary of a trim or freespace run from the options of summary_options_add(): @s (from
 * the test's spec_init) gets the test size, passes and pass duration, @mask the tests. */
static gboolean
parse_summary_options (const FillOptions *o, SsdbSummarySpec *s, guint *mask, int *status)
{
  g_autoptr (GError) error = NULL;
  guint64 v = s->count;

  if (o->tests_s != NULL && !ssdb_behaviour_tests_parse (s->profile, o->tests_s, mask, &error))
    {
      *status = ssdb_cli_usage_error ("Invalid --tests: %s", error->message);
      return FALSE;
    }
  if (!ssdb_cli_parse_size_opt (o->test_size_s, "--test-size", &s->size, status)
      || !ssdb_cli_parse_uint_opt (o->count_s, "--count", 1, 9, &v, status)
      || !ssdb_cli_parse_seconds_opt (o->duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &s->duration_ns, status))
    return FALSE;
  s->count = (guint)v;
  if (s->size == 0)
    {
      *status = ssdb_cli_usage_error ("Invalid --test-size “%s”: must be at least 1 MiB",
                                      o->test_size_s);
      return FALSE;
    }
  if (s->size % MiB != 0)
    {
      *status = ssdb_cli_usage_error ("Invalid --test-size “%s”: expected a whole number of MiB",
                                      o->test_size_s);
      return FALSE;
    }
  return TRUE;
}

/* A span as given with --span START:LENGTH is whole MiB (whether it fits the target is the
 * engine's check, ssdb_cli_check_settings()). */
static gboolean
check_span_mib (const char *span_s, guint64 start, guint64 length, int *status)
{
  if (span_s != NULL && (start % MiB != 0 || length % MiB != 0))
    {
      *status = ssdb_cli_usage_error (
          "Invalid --span “%s”: START and LENGTH must be whole numbers of MiB", span_s);
      return FALSE;
    }
  return TRUE;
}

/* The length of a --span: LENGTH, or from START to the end of @target when LENGTH is 0. */
static guint64
span_or_rest (SsdbTarget *target, guint64 start, guint64 length)
{
  return length ? length : ssdb_target_get_info (target)->size_bytes - start;
}

/* Parses the command line of "run @name" into @o: --destroy-data and --span, then @own (the
 * command's own options), --stress, --temperature-input, the summary's options (--test-size
 * described by @test_size_help, --count of @count passes by default), --size, --seed, --json and
 * --png; then the outputs and --span. FALSE with *@status set on a usage error. */
static gboolean
fill_options_parse (FillOptions *o, GOptionContext *ctx, const char *name, const GOptionEntry *own,
                    const char *test_size_help, guint count, int *argc, char ***argv, int *status)
{
  const GOptionEntry head[] = {
    SSDB_CLI_DESTROY_ENTRY (o->destroy),
    { "span", 0, 0, G_OPTION_ARG_STRING, &o->span_s, "Part of the target to fill [whole]",
      "START:LENGTH" },
    { NULL },
  };
  const GOptionEntry stress[] = {
    { "stress", 0, 0, G_OPTION_ARG_NONE, &o->stress,
      "First write the span's size in random 4 KiB writes over it", NULL },
    SSDB_CLI_TEMPERATURE_ENTRY (o->temperature_s),
    { NULL },
  };
  const GOptionEntry tail[] = {
    SSDB_CLI_FILE_SIZE_ENTRY ("size", o->size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o->seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (o->json_path),
    SSDB_CLI_PNG_ENTRY (o->png_path, "Draw the chart to a PNG"),
    { NULL },
  };
  g_autofree char *command = g_strconcat ("run ", name, NULL);

  o->file_size = GiB;
  g_option_context_add_main_entries (ctx, head, NULL);
  g_option_context_add_main_entries (ctx, own, NULL);
  g_option_context_add_main_entries (ctx, stress, NULL);
  summary_options_add (ctx, o, test_size_help, count);
  return ssdb_cli_parse_entries (ctx, tail, argc, argv, status)
         && ssdb_cli_check_run_outputs (command, *argc, *argv, o->json_path, o->png_path, status)
         && ssdb_cli_parse_span_opt (o->span_s, &o->span_start, &o->span_length, status);
}

/* The rest of @o, read after the command's own options: the summary's settings into @summary
 * and @mask, the test file's size, the seed into @seed, and a span of whole MiB. */
static gboolean
fill_options_parse_rest (FillOptions *o, SsdbSummarySpec *summary, guint *mask, guint64 *seed,
                         int *status)
{
  return parse_summary_options (o, summary, mask, status)
         && ssdb_cli_parse_size_opt (o->size_s, "--size", &o->file_size, status)
         && ssdb_cli_parse_uint_opt (o->seed_s, "--seed", 0, G_MAXUINT64, seed, status)
         && check_span_mib (o->span_s, o->span_start, o->span_length, status);
}

/* Opens the target at @path for a run whose writes @writes names ("run trim overwrites data
 * on"). */
static SsdbTarget *
fill_options_open (const FillOptions *o, const char *path, const char *writes, int *status)
{
  return ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = path,
                                                        .temperature_input = o->temperature_s,
                                                        .destroy = o->destroy,
                                                        .writes = writes,
                                                        .size_option = "--size",
                                                        .size_s = o->size_s,
                                                        .file_size = o->file_size },
                               status);
}

/* MB/s with one decimal, or "—" for a rate not measured. */
static char *
format_rate (double bytes_per_second)
{
  if (!(bytes_per_second > 0))
    return g_strdup ("—");
  return ssdb_cli_format_mbps (bytes_per_second);
}

static void
print_rate (const char *label, double bytes_per_second)
{
  g_autofree char *mbps = format_rate (bytes_per_second);

  g_print ("%-28s %10s MB/s\n", label, mbps);
}

/* ---- run compression ---- */

static void
on_compression_progress (SsdbCompressionResult *result, guint level, guint pass, SsdbRw rw,
                         double fraction, double bytes_per_second, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  g_autofree char *data = NULL, *label = NULL;

  ssdb_compression_levels (result->spec.step_percent, result->spec.include_zero, levels);
  data = ssdb_data_pattern_to_string (&levels[MIN (level, SSDB_COMPRESSION_MAX_LEVELS - 1)]);
  if (pass == 0)
    label = g_strdup ("compression preparing (random data)");
  else
    label = g_strdup_printf ("compression pass %u/%u %-16s %-5s", pass, result->spec.passes, data,
                             ssdb_rw_to_string (rw));
  ssdb_cli_set_progress (rc, label, fraction, bytes_per_second);
}

static gboolean
compression_engine (SsdbCliRun *rc)
{
  return ssdb_compression_run (rc->target, rc->data, on_compression_progress, rc, rc->cancellable,
                               &rc->error);
}

static void
print_compression (SsdbTarget *target, const SsdbCompressionResult *r)
{
  g_autofree char *span = ssdb_format_capacity (r->spec.span_length);
  g_autofree char *start = ssdb_format_capacity (r->spec.span_offset);
  g_autofree char *bs = ssdb_format_transfer_size (r->spec.block_size);

  g_print ("Compression on %s: %s written and read at each level from %s, sequential %s "
           "QD%u\n",
           ssdb_target_get_display_name (target), span, r->spec.span_offset ? start : "the start",
           bs, r->spec.queue_depth);
  if (r->spec.step_percent != SSDB_COMPRESSION_DEFAULT_STEP)
    g_print ("Levels from 0 to 100 %% compressible in steps of %u %%\n", r->spec.step_percent);
  g_print ("%-18s %12s %12s\n", "Data", "Write MB/s", "Read MB/s");
  for (guint i = 0; i < r->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);
      g_autofree char *name = ssdb_data_pattern_to_string (&p->data);
      g_autofree char *w = format_rate (p->write_bytes_per_second);
      g_autofree char *rd = format_rate (p->read_bytes_per_second);

      g_print ("%-18s %12s %12s\n", name, w, rd);
    }
  if (r->words)
    g_print ("%s\n", r->words);
}

int
ssdb_cli_run_compression (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  g_autofree char *destroy = NULL, *span_s = NULL, *block_s = NULL, *qd_s = NULL;
  g_autofree char *size_s = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  g_autofree char *passes_s = NULL, *step_s = NULL;
  gboolean no_zero = FALSE;
  const GOptionEntry entries[] = {
    SSDB_CLI_DESTROY_ENTRY (destroy),
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Region written and read at each level [0:256M]",
      "START:LENGTH" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    { "no-zero", 0, 0, G_OPTION_ARG_NONE, &no_zero, "Leave out all-zero data", NULL },
    { "step", 0, 0, G_OPTION_ARG_STRING, &step_s,
      "Percent compressible between levels: 5, 10, 20, 25 or 50; 10 runs AS SSD's 0-100 % in "
      "eleven levels [25]",
      "PERCENT" },
    { "passes", 0, 0, G_OPTION_ARG_STRING, &passes_s,
      "Passes per level, 1-9; the best counts, their spread is the noise [3]", "N" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Test file size in a directory [the span's end]",
      "SIZE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - rate against data compressibility (AS SSD-like)");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbCompressionResult) result = NULL;
  SsdbCompressionSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v, span_start = 0, span_length = 256 * MiB, file_size;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_outputs ("run compression", argc, argv, json_path, png_path, &status))
    return status;

  ssdb_compression_spec_init (&spec);
  if (!ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (passes_s, "--passes", 1, 9, &spec.passes, &status))
    return status;
  v = spec.step_percent;
  if (!ssdb_cli_parse_uint_opt (step_s, "--step", 1, 100, &v, &status))
    return status;
  if (!ssdb_compression_step_is_valid ((guint)v))
    return ssdb_cli_usage_error ("Invalid --step “%s”: the levels go from 0 to 100 %% compressible "
                                 "in steps of 5, 10, 20, 25 or 50",
                                 step_s);
  spec.step_percent = (guint)v;
  file_size = span_start + span_length;
  if (!ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (span_s == NULL && span_length % spec.block_size != 0)
    return ssdb_cli_usage_error ("Invalid --block “%s” (%u bytes): the test writes 256 MiB, "
                                 "which is not a whole number of such transfers; give a power "
                                 "of two, or a --span that is",
                                 block_s, spec.block_size);
  if (span_start % spec.block_size != 0 || span_length % spec.block_size != 0)
    return ssdb_cli_usage_error ("Invalid --span “%s”: START and LENGTH must be whole --block "
                                 "transfers (%u bytes)",
                                 span_s, spec.block_size);
  if (!check_span_mib (span_s, span_start, span_length, &status))
    return status;
  spec.span_offset = span_start;
  spec.span_length = span_length;
  spec.include_zero = !no_zero;

  if ((target = ssdb_cli_open_target (
           &(SsdbCliTargetRequest){ .path = argv[1],
                                    .temperature_input = temperature_s,
                                    .destroy = destroy,
                                    .writes = "run compression overwrites data on",
                                    .size_option = "--size",
                                    .size_s = size_s,
                                    .file_size = file_size },
           &status))
      == NULL)
    return status;
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status))
    return status;
  result = ssdb_compression_result_new (&spec);
  if (!run_checked (&rc, cancellable, target, SSDB_TEST_KIND_COMPRESSION, result, spec.span_offset,
                    spec.span_length, compression_engine, &status))
    return status;
  print_compression (target, result);
  return finish_run (&rc, SSDB_TEST_KIND_COMPRESSION, result, json_path, png_path, status);
}

/* ---- run trim ---- */

/* "SEQ1M Q8T1 read 40 %" for the summary test that runs, "preparing the test region" before
 * the first, "summary" between them. */
static char *
dup_running (const SsdbBehaviourRunning *running)
{
  if (running->name[0] != '\0')
    return g_strdup_printf ("%s %s %3.0f %%", running->name, ssdb_rw_to_string (running->rw),
                            running->fraction * 100);
  if (running->phase != NULL && g_str_equal (running->phase, "prepare"))
    return g_strdup ("preparing the test region");
  return g_strdup ("summary");
}

static void
on_trim_progress (SsdbTrimResult *result, const char *phase, guint round, double fraction,
                  gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;

  if (g_str_equal (phase, "fill") || g_str_equal (phase, "delete"))
    label = g_strdup_printf ("trim round %u/%u: %s", round + 1, result->spec.rounds, phase);
  else if (g_str_equal (phase, "before") || g_str_equal (phase, "after"))
    {
      g_autofree char *what = dup_running (&result->running);

      label = g_strdup_printf ("trim %s the rounds: %s", phase, what);
    }
  else
    label = g_strdup_printf ("trim: %s", phase);
  ssdb_cli_set_progress (rc, label, fraction, result->running.bytes_per_second);
}

static gboolean
trim_engine (SsdbCliRun *rc)
{
  return ssdb_trim_run (rc->target, rc->data, on_trim_progress, rc, rc->cancellable, &rc->error);
}

/* "Random-write stress: 67.1 MB in 4 KiB writes, QD32, 3.21 s, 5226 IOPS", when one ran. */
static void
print_stress (const SsdbStressResult *stress)
{
  g_autofree char *bytes = NULL, *bs = NULL;
  char secs[G_ASCII_DTOSTR_BUF_SIZE], iops[G_ASCII_DTOSTR_BUF_SIZE];

  if (stress->block_size == 0)
    return;
  bytes = ssdb_format_capacity (stress->bytes);
  bs = ssdb_format_transfer_size (stress->block_size);
  g_ascii_formatd (secs, sizeof secs, "%.2f", stress->window_ns / 1e9);
  g_ascii_formatd (iops, sizeof iops, "%.0f", stress->iops);
  g_print ("Random-write stress: %s in %s writes, QD%u, %s s, %s IOPS\n", bytes, bs,
           stress->queue_depth, secs, iops);
}

static void
print_trim (SsdbTarget *target, const SsdbTrimResult *r)
{
  g_print ("TRIM / recycling on %s: %u round%s %s discard\n", ssdb_target_get_display_name (target),
           r->rounds->len, r->rounds->len == 1 ? "" : "s", r->spec.discard ? "with" : "without");
  print_stress (&r->stress);
  g_print ("%-18s %-5s %12s %12s %10s\n", "Test", "", "Before MB/s", "After MB/s", "Retention");
  for (guint i = 0; i < r->tests->len; i++)
    {
      const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);
      g_autofree char *b = format_rate (t->before_bytes_per_second);
      g_autofree char *a = format_rate (t->after_bytes_per_second);

      if (t->retention_percent > 0)
        g_print ("%-18s %-5s %12s %12s %8.1f %%\n", t->name, ssdb_rw_to_string (t->rw), b, a,
                 t->retention_percent);
      else
        g_print ("%-18s %-5s %12s %12s %10s\n", t->name, ssdb_rw_to_string (t->rw), b, a, "—");
    }
  for (guint i = 0; i < r->rounds->len; i++)
    {
      const SsdbTrimRound *rd = &g_array_index (r->rounds, SsdbTrimRound, i);
      g_autofree char *label = g_strdup_printf ("round %u fill", i + 1);

      print_rate (label, rd->fill_bytes_per_second);
    }
  if (r->words)
    g_print ("%s\n", r->words);
}

int
ssdb_cli_run_trim (int argc, char **argv)
{
  g_auto (FillOptions) o = { 0 };
  g_autofree char *rounds_s = NULL;
  gboolean no_discard = FALSE;
  const GOptionEntry entries[] = {
    { "rounds", 0, 0, G_OPTION_ARG_STRING, &rounds_s, "Fill-and-delete rounds, 1-100 [5]", "N" },
    { "no-discard", 0, 0, G_OPTION_ARG_NONE, &no_discard,
      "Delete without discard (as a file system without TRIM)", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - summary before and after filling and deleting the span");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbTrimResult) result = NULL;
  SsdbTrimSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v;
  int status = 0;

  ssdb_trim_spec_init (&spec);
  if (!fill_options_parse (&o, ctx, "trim", entries, "Summary test size [64M]", spec.summary.count,
                           &argc, &argv, &status))
    return status;
  v = spec.rounds;
  if (!ssdb_cli_parse_uint_opt (rounds_s, "--rounds", 1, SSDB_TRIM_MAX_ROUNDS, &v, &status)
      || !fill_options_parse_rest (&o, &spec.summary, &spec.test_mask, &spec.seed, &status))
    return status;
  spec.rounds = (guint)v;
  spec.discard = !no_discard;
  spec.stress = o.stress;
  spec.span_offset = o.span_start;
  spec.span_length = o.span_length;

  if ((target = fill_options_open (&o, argv[1], "run trim overwrites data on", &status)) == NULL)
    return status;
  if (spec.discard && ssdb_target_get_info (target)->kind == SSDB_TARGET_DEVICE
      && !ssdb_target_get_info (target)->discard)
    return ssdb_cli_usage_error ("%s does not support discard; add --no-discard",
                                 ssdb_target_get_display_name (target));
  result = ssdb_trim_result_new (&spec);
  if (!run_checked (&rc, cancellable, target, SSDB_TEST_KIND_TRIM, result, spec.span_offset,
                    span_or_rest (target, o.span_start, spec.span_length), trim_engine, &status))
    return status;
  print_trim (target, result);
  return finish_run (&rc, SSDB_TEST_KIND_TRIM, result, o.json_path, o.png_path, status);
}

/* ---- run freespace ---- */

static void
on_freespace_progress (SsdbFreespaceResult *result, guint step, const char *phase, double fraction,
                       gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  guint step_percent = MAX (1u, result->spec.step_percent);
  guint n_steps = 1 + (100 + step_percent - 1) / step_percent;
  g_autofree char *what
      = g_str_equal (phase, "fill") ? g_strdup ("fill") : dup_running (&result->running);
  g_autofree char *label
      = g_strdup_printf ("freespace step %u/%u, %3u %% used: %s", MIN (step + 1, n_steps), n_steps,
                         MIN (100, step * step_percent), what);

  ssdb_cli_set_progress (rc, label, fraction, result->running.bytes_per_second);
}

static gboolean
freespace_engine (SsdbCliRun *rc)
{
  return ssdb_freespace_run (rc->target, rc->data, on_freespace_progress, rc, rc->cancellable,
                             &rc->error);
}

static void
print_freespace (SsdbTarget *target, const SsdbFreespaceResult *r)
{
  const SsdbFreespaceStep *first;

  g_print ("Speed against free space on %s (steps of %u %%)\n",
           ssdb_target_get_display_name (target), r->spec.step_percent);
  print_stress (&r->stress);
  if (r->steps->len == 0)
    return;
  first = &g_array_index (r->steps, SsdbFreespaceStep, 0);
  g_print ("%-6s", "Used");
  for (guint j = 0; j < first->rates->len; j++)
    {
      const SsdbTestRate *t = &g_array_index (first->rates, SsdbTestRate, j);
      g_autofree char *h = g_strdup_printf ("%s %s", t->name, t->rw == SSDB_RW_READ ? "R" : "W");

      g_print (" %14s", h);
    }
  g_print ("\n");
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbFreespaceStep *s = &g_array_index (r->steps, SsdbFreespaceStep, i);

      g_print ("%4u %%", s->used_percent);
      for (guint j = 0; j < s->rates->len; j++)
        {
          g_autofree char *m
              = format_rate (g_array_index (s->rates, SsdbTestRate, j).bytes_per_second);

          g_print (" %14s", m);
        }
      g_print ("\n");
    }
  if (r->words)
    g_print ("%s\n", r->words);
}

int
ssdb_cli_run_freespace (int argc, char **argv)
{
  g_auto (FillOptions) o = { 0 };
  g_autofree char *step_s = NULL;
  const GOptionEntry entries[] = {
    { "step", 0, 0, G_OPTION_ARG_STRING, &step_s, "Percent of the span each step fills [10]", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - summary after each step of filling the span");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbFreespaceResult) result = NULL;
  SsdbFreespaceSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v;
  int status = 0;

  ssdb_freespace_spec_init (&spec);
  if (!fill_options_parse (&o, ctx, "freespace", entries,
                           "Summary test size, at the end of the span [64M]", spec.summary.count,
                           &argc, &argv, &status))
    return status;
  v = spec.step_percent;
  if (!ssdb_cli_parse_uint_opt (step_s, "--step", 1, 100, &v, &status)
      || !fill_options_parse_rest (&o, &spec.summary, &spec.test_mask, &spec.seed, &status))
    return status;
  spec.step_percent = (guint)v;
  spec.stress = o.stress;
  spec.span_offset = o.span_start;
  spec.span_length = o.span_length;

  if ((target = fill_options_open (&o, argv[1], "run freespace overwrites data on", &status))
      == NULL)
    return status;
  result = ssdb_freespace_result_new (&spec);
  if (!run_checked (&rc, cancellable, target, SSDB_TEST_KIND_FREESPACE, result, spec.span_offset,
                    span_or_rest (target, o.span_start, spec.span_length), freespace_engine,
                    &status))
    return status;
  print_freespace (target, result);
  return finish_run (&rc, SSDB_TEST_KIND_FREESPACE, result, o.json_path, o.png_path, status);
}

/* ---- run readback ---- */

static void
on_readback_progress (SsdbReadbackResult *result, guint pass, SsdbRw rw, double fraction,
                      double bytes_per_second, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = g_strdup_printf ("readback pass %u %-5s", pass, ssdb_rw_to_string (rw));

  (void)result;
  ssdb_cli_set_progress (rc, label, fraction, bytes_per_second);
}

static gboolean
readback_engine (SsdbCliRun *rc)
{
  return ssdb_readback_run (rc->target, rc->data, on_readback_progress, rc, rc->cancellable,
                            &rc->error);
}

static void
print_readback (SsdbTarget *target, const SsdbReadbackResult *r)
{
  g_print ("Read-after-write on %s\n", ssdb_target_get_display_name (target));
  g_print ("%-8s %12s %12s\n", "Pass", "Write MB/s", "Read MB/s");
  for (guint pass = 1; pass <= 2; pass++)
    {
      double write, read;
      g_autofree char *w = NULL, *rd = NULL;

      /* The read: both reads of the pass's data together. */
      ssdb_readback_pass_rates (r, pass, &write, &read);
      w = format_rate (MAX (write, 0));
      rd = format_rate (MAX (read, 0));
      g_print ("%-8u %12s %12s\n", pass, w, rd);
    }
  if (r->words)
    g_print ("%s\n", r->words);
}

int
ssdb_cli_run_readback (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  g_autofree char *destroy = NULL, *span_s = NULL, *block_s = NULL, *qd_s = NULL;
  g_autofree char *size_s = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  const GOptionEntry entries[] = {
    SSDB_CLI_DESTROY_ENTRY (destroy),
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Part of the target to write [whole]",
      "START:LENGTH" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", size_s),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the chart to a PNG"),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - read rate of data written onto the empty span and over it");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbReadbackResult) result = NULL;
  SsdbFillSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 span_start = 0, span_length = 0, file_size = GiB;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_outputs ("run readback", argc, argv, json_path, png_path, &status))
    return status;

  ssdb_fill_spec_init (&spec);
  if (!ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (span_s != NULL && (span_start % spec.block_size != 0 || span_length % spec.block_size != 0))
    return ssdb_cli_usage_error ("Invalid --span “%s”: START and LENGTH must be whole --block "
                                 "transfers (%u bytes)",
                                 span_s, spec.block_size);
  spec.span_offset = span_start;
  spec.span_length = span_length;

  if ((target
       = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                        .temperature_input = temperature_s,
                                                        .destroy = destroy,
                                                        .writes = "run readback overwrites data on",
                                                        .size_option = "--size",
                                                        .size_s = size_s,
                                                        .file_size = file_size },
                               &status))
          == NULL
      || !ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status))
    return status;
  result = ssdb_readback_result_new (&spec);
  if (!run_checked (&rc, cancellable, target, SSDB_TEST_KIND_READBACK, result, spec.span_offset,
                    span_or_rest (target, span_start, spec.span_length), readback_engine, &status))
    return status;
  print_readback (target, result);
  return finish_run (&rc, SSDB_TEST_KIND_READBACK, result, json_path, png_path, status);
}
