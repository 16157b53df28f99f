/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-behaviour-page.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "engine/ssdb-compression.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-trim.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-behaviour-painter.h"
#include "render/ssdb-consistency-painter.h"
#include "ssdb-gui-util.h"
#include "ssdb-page-parts.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define NS_S G_GUINT64_CONSTANT (1000000000)
#define FIRST_VIEW SSDB_EXPORT_VIEW_RECOVERY
#define N_TESTS (SSDB_EXPORT_VIEW_READBACK - SSDB_EXPORT_VIEW_RECOVERY + 1)
#define MAX_SUMMARY_TESTS 8

/* The drop-down's entries, in view order. */
static const char *const test_names[N_TESTS]
    = { N_ ("Idle Recovery"), N_ ("Compressibility"), N_ ("TRIM"),
        N_ ("Free Space"),    N_ ("Steady State"),    N_ ("Read After Write") };

/* Transfer sizes of the compression test. */
static const guint block_sizes[]
    = { 128 * 1024, 256 * 1024, 512 * 1024, 1 << 20, 2 << 20, 4 << 20 };
#define DEFAULT_BLOCK_INDEX 3

/* Data of the steady-state test. */
static const SsdbDataPattern data_patterns[] = {
  { SSDB_DATA_RANDOM, 0 },        { SSDB_DATA_COMPRESSIBLE, 25 }, { SSDB_DATA_COMPRESSIBLE, 50 },
  { SSDB_DATA_COMPRESSIBLE, 75 }, { SSDB_DATA_ZERO, 0 },
};

/* ---- results of every test -------------------------------------------------------------- */

static guint
test_index (SsdbExportView view)
{
  return (guint)(view - FIRST_VIEW);
}

static GArray *
copy_array (GArray *a)
{
  return a != NULL ? g_array_copy (a) : NULL;
}

static void
recovery_write_clear (gpointer data)
{
  SsdbRecoveryWrite *w = data;

  g_clear_pointer (&w->segments, g_array_unref);
  g_clear_pointer (&w->intervals, g_array_unref);
}

static void
fill_analysis_copy (SsdbFillAnalysis *to, const SsdbFillAnalysis *from)
{
  *to = *from;
  to->phases = copy_array (from->phases);
  to->words = g_strdup (from->words);
}

static SsdbRecoveryResult *
recovery_dup (const SsdbRecoveryResult *r)
{
  SsdbRecoveryResult *c = g_new (SsdbRecoveryResult, 1);

  *c = *r;
  c->writes = g_array_sized_new (FALSE, TRUE, sizeof (SsdbRecoveryWrite), r->writes->len);
  g_array_set_clear_func (c->writes, recovery_write_clear);
  for (guint i = 0; i < r->writes->len; i++)
    {
      SsdbRecoveryWrite w = g_array_index (r->writes, SsdbRecoveryWrite, i);

      w.segments = copy_array (w.segments);
      w.intervals = copy_array (w.intervals);
      g_array_append_val (c->writes, w);
    }
  fill_analysis_copy (&c->first, &r->first);
  c->words = g_strdup (r->words);
  return c;
}

static SsdbCompressionResult *
compression_dup (const SsdbCompressionResult *r)
{
  SsdbCompressionResult *c = g_new (SsdbCompressionResult, 1);

  *c = *r;
  c->points = copy_array (r->points);
  c->words = g_strdup (r->words);
  return c;
}

/* The summaries before and after are kept in memory only by the engine's run; the copy holds
 * the rates of SsdbTrimResult.tests, which is what the page shows and reports keep. */
static SsdbTrimResult *
trim_dup (const SsdbTrimResult *r)
{
  SsdbTrimResult *c = g_new (SsdbTrimResult, 1);

  *c = *r;
  c->tests = copy_array (r->tests);
  c->rounds = copy_array (r->rounds);
  c->before = NULL;
  c->after = NULL;
  c->words = g_strdup (r->words);
  return c;
}

static void
freespace_step_clear (gpointer data)
{
  SsdbFreespaceStep *s = data;

  g_clear_pointer (&s->rates, g_array_unref);
}

static SsdbFreespaceResult *
freespace_dup (const SsdbFreespaceResult *r)
{
  SsdbFreespaceResult *c = g_new (SsdbFreespaceResult, 1);

  *c = *r;
  c->steps = g_array_sized_new (FALSE, TRUE, sizeof (SsdbFreespaceStep), r->steps->len);
  g_array_set_clear_func (c->steps, freespace_step_clear);
  for (guint i = 0; i < r->steps->len; i++)
    {
      SsdbFreespaceStep s = g_array_index (r->steps, SsdbFreespaceStep, i);

      s.rates = copy_array (s.rates);
      g_array_append_val (c->steps, s);
    }
  c->words = g_strdup (r->words);
  return c;
}

static void
fill_pass_free (gpointer data)
{
  SsdbFillPass *p = data;

  g_clear_pointer (&p->segments, g_array_unref);
  g_clear_pointer (&p->intervals, g_array_unref);
  g_free (p);
}

static SsdbFillResult *
fill_dup (const SsdbFillResult *r)
{
  SsdbFillResult *c;

  if (r == NULL)
    return NULL;
  c = g_new (SsdbFillResult, 1);
  *c = *r;
  c->passes = g_ptr_array_new_with_free_func (fill_pass_free);
  for (guint i = 0; i < r->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (r->passes, i);
      SsdbFillPass *q = g_new (SsdbFillPass, 1);

      *q = *p;
      q->segments = copy_array (p->segments);
      q->intervals = copy_array (p->intervals);
      g_ptr_array_add (c->passes, q);
    }
  fill_analysis_copy (&c->analysis, &r->analysis);
  return c;
}

static SsdbReadbackResult *
readback_dup (const SsdbReadbackResult *r)
{
  SsdbReadbackResult *c = g_new (SsdbReadbackResult, 1);

  *c = *r;
  c->first = fill_dup (r->first);
  c->second = fill_dup (r->second);
  c->words = g_strdup (r->words);
  return c;
}

/* A deep copy of a result of the test @view names. */
static gpointer
result_dup (SsdbExportView view, gconstpointer result)
{
  if (result == NULL)
    return NULL;
  switch (view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        return recovery_dup (result);
      case SSDB_EXPORT_VIEW_COMPRESSION:
        return compression_dup (result);
      case SSDB_EXPORT_VIEW_TRIM:
        return trim_dup (result);
      case SSDB_EXPORT_VIEW_FREESPACE:
        return freespace_dup (result);
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        return ssdb_consistency_result_dup (result);
      case SSDB_EXPORT_VIEW_READBACK:
        return readback_dup (result);
      default:
        g_assert_not_reached ();
    }
}

static void
result_free (SsdbExportView view, gpointer result)
{
  if (result == NULL)
    return;
  switch (view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        ssdb_recovery_result_free (result);
        break;
      case SSDB_EXPORT_VIEW_COMPRESSION:
        ssdb_compression_result_free (result);
        break;
      case SSDB_EXPORT_VIEW_TRIM:
        ssdb_trim_result_free (result);
        break;
      case SSDB_EXPORT_VIEW_FREESPACE:
        ssdb_freespace_result_free (result);
        break;
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        ssdb_consistency_result_free (result);
        break;
      case SSDB_EXPORT_VIEW_READBACK:
        ssdb_readback_result_free (result);
        break;
      default:
        g_assert_not_reached ();
    }
}

/* The words of a result, "" without them. */
static const char *
result_words (SsdbExportView view, gconstpointer result)
{
  const char *words = NULL;

  if (result == NULL)
    return "";
  switch (view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        words = ((const SsdbRecoveryResult *)result)->words;
        break;
      case SSDB_EXPORT_VIEW_COMPRESSION:
        words = ((const SsdbCompressionResult *)result)->words;
        break;
      case SSDB_EXPORT_VIEW_TRIM:
        words = ((const SsdbTrimResult *)result)->words;
        break;
      case SSDB_EXPORT_VIEW_FREESPACE:
        words = ((const SsdbFreespaceResult *)result)->words;
        break;
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        words = ((const SsdbConsistencyResult *)result)->words;
        break;
      case SSDB_EXPORT_VIEW_READBACK:
        words = ((const SsdbReadbackResult *)result)->words;
        break;
      default:
        g_assert_not_reached ();
    }
  return words != NULL ? words : "";
}

/* Marks a stopped run's result cancelled and analyses what it holds: after a device that
 * stopped answering, the kept result is the last live copy, which the engine analyses only at
 * the end of a run (a saved report must hold the analysis its reader recomputes). */
static void
result_set_cancelled (SsdbExportView view, gpointer result)
{
  if (result == NULL)
    return;
  switch (view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        ((SsdbRecoveryResult *)result)->cancelled = TRUE;
        ssdb_recovery_analyze (result);
        break;
      case SSDB_EXPORT_VIEW_COMPRESSION:
        ((SsdbCompressionResult *)result)->cancelled = TRUE;
        ssdb_compression_summarize (result);
        break;
      case SSDB_EXPORT_VIEW_TRIM:
        ((SsdbTrimResult *)result)->cancelled = TRUE;
        ssdb_trim_summarize (result);
        break;
      case SSDB_EXPORT_VIEW_FREESPACE:
        ((SsdbFreespaceResult *)result)->cancelled = TRUE;
        ssdb_freespace_summarize (result);
        break;
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        ((SsdbConsistencyResult *)result)->cancelled = TRUE;
        ssdb_consistency_analyze (result);
        break;
      case SSDB_EXPORT_VIEW_READBACK:
        ((SsdbReadbackResult *)result)->cancelled = TRUE;
        ssdb_readback_summarize (result);
        break;
      default:
        g_assert_not_reached ();
    }
}

/* The run's result: which test, and its result. */
typedef struct
{
  SsdbExportView view;
  gpointer result;
} Tagged;

static gpointer
tagged_dup (gconstpointer data)
{
  const Tagged *t = data;
  Tagged *c = g_new (Tagged, 1);

  c->view = t->view;
  c->result = result_dup (t->view, t->result);
  return c;
}

static void
tagged_free (gpointer data)
{
  Tagged *t = data;

  if (t == NULL)
    return;
  result_free (t->view, t->result);
  g_free (t);
}

/* ---- the worker's phase, for the status line -------------------------------------------- */

typedef enum
{
  PHASE_NONE,
  PHASE_WRITE,
  PHASE_READ,
  PHASE_PAUSE,
  PHASE_SUMMARY_BEFORE,
  PHASE_FILL,
  PHASE_DELETE,
  PHASE_SUMMARY_AFTER,
  PHASE_SUMMARY,
} Phase;

/* Written by the worker, read by the main thread, under @lock; shared by reference. */
typedef struct
{
  GMutex lock;
  Phase phase;
  guint index;                  /* write, level, round, step or pass (0-based) */
  double rate;                  /* B/s, or IOPS for the steady-state test */
  gint64 pause_end_us;          /* monotonic time the pause ends */
  SsdbBehaviourRunning running; /* the summary test of TRIM or Free Space */
} Live;

static void
live_clear (gpointer data)
{
  g_mutex_clear (&((Live *)data)->lock);
}

static Live *
live_new (void)
{
  Live *live = g_atomic_rc_box_new0 (Live);

  g_mutex_init (&live->lock);
  return live;
}

static void
live_release (Live *live)
{
  g_atomic_rc_box_release_full (live, live_clear);
}

static void
live_set (Live *live, Phase phase, guint index, double rate)
{
  g_mutex_lock (&live->lock);
  live->phase = phase;
  live->index = index;
  live->rate = rate;
  g_mutex_unlock (&live->lock);
}

/* The phase of TRIM or Free Space with the summary test that runs. */
static void
live_set_running (Live *live, Phase phase, guint index, const SsdbBehaviourRunning *running)
{
  g_mutex_lock (&live->lock);
  live->phase = phase;
  live->index = index;
  live->rate = 0;
  live->running = *running;
  g_mutex_unlock (&live->lock);
}

typedef struct
{
  SsdbExportView view;
  gpointer result;
  Live *live;
} Work;

static void
work_free (gpointer data)
{
  Work *w = data;

  result_free (w->view, w->result);
  live_release (w->live);
  g_free (w);
}

/* What the progress callbacks get. */
typedef struct
{
  SsdbPageRunJob *job;
  Work *work;
  gint64 pause_index; /* the write whose pause is timed, or -1 */
} Ctx;

static void
publish (Ctx *ctx, gconstpointer result, double fraction)
{
  Tagged t = { ctx->work->view, (gpointer)result };

  ssdb_page_run_job_publish (ctx->job, &t, fraction);
}

static void
on_recovery_progress (SsdbRecoveryResult *result, guint write_index, gboolean pausing,
                      double bytes_per_second, double fraction, gpointer user_data)
{
  Ctx *ctx = user_data;
  Live *live = ctx->work->live;

  g_mutex_lock (&live->lock);
  live->phase = pausing ? PHASE_PAUSE : PHASE_WRITE;
  live->index = write_index;
  live->rate = bytes_per_second;
  if (pausing && ctx->pause_index != (gint64)write_index && write_index > 0
      && write_index <= result->spec.n_pauses)
    {
      ctx->pause_index = write_index;
      live->pause_end_us
          = g_get_monotonic_time () + (gint64)(result->spec.pauses_ns[write_index - 1] / 1000);
    }
  g_mutex_unlock (&live->lock);
  publish (ctx, result, fraction);
}

static void
on_compression_progress (SsdbCompressionResult *result, guint level, SsdbRw rw, double fraction,
                         double bytes_per_second, gpointer user_data)
{
  Ctx *ctx = user_data;

  live_set (ctx->work->live, rw == SSDB_RW_READ ? PHASE_READ : PHASE_WRITE, level,
            bytes_per_second);
  publish (ctx, result, fraction);
}

static void
on_trim_progress (SsdbTrimResult *result, const char *phase, guint round, double fraction,
                  gpointer user_data)
{
  Ctx *ctx = user_data;
  Phase p = PHASE_NONE;

  if (g_str_equal (phase, "before"))
    p = PHASE_SUMMARY_BEFORE;
  else if (g_str_equal (phase, "fill"))
    p = PHASE_FILL;
  else if (g_str_equal (phase, "delete"))
    p = PHASE_DELETE;
  else if (g_str_equal (phase, "after") || g_str_equal (phase, "done"))
    p = PHASE_SUMMARY_AFTER;
  live_set_running (ctx->work->live, p, round, &result->running);
  publish (ctx, result, fraction);
}

static void
on_freespace_progress (SsdbFreespaceResult *result, guint step, const char *phase, double fraction,
                       gpointer user_data)
{
  Ctx *ctx = user_data;

  live_set_running (ctx->work->live, g_str_equal (phase, "fill") ? PHASE_FILL : PHASE_SUMMARY, step,
                    &result->running);
  publish (ctx, result, fraction);
}

static void
on_consistency_progress (SsdbConsistencyResult *result, guint64 elapsed_ns, double iops,
                         double fraction, gpointer user_data)
{
  Ctx *ctx = user_data;

  live_set (ctx->work->live, PHASE_WRITE, result->rounds->len, iops);
  publish (ctx, result, fraction);
}

static void
on_readback_progress (SsdbReadbackResult *result, guint pass, SsdbRw rw, double fraction,
                      double bytes_per_second, gpointer user_data)
{
  Ctx *ctx = user_data;

  live_set (ctx->work->live, rw == SSDB_RW_READ ? PHASE_READ : PHASE_WRITE, pass > 0 ? pass - 1 : 0,
            bytes_per_second);
  publish (ctx, result, fraction);
}

static gpointer
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data, GCancellable *cancellable,
      GError **error)
{
  Work *w = data;
  Ctx ctx = { job, w, -1 };
  Tagged *t;

  switch (w->view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        ssdb_recovery_run (target, w->result, on_recovery_progress, &ctx, cancellable, error);
        break;
      case SSDB_EXPORT_VIEW_COMPRESSION:
        ssdb_compression_run (target, w->result, on_compression_progress, &ctx, cancellable, error);
        break;
      case SSDB_EXPORT_VIEW_TRIM:
        ssdb_trim_run (target, w->result, on_trim_progress, &ctx, cancellable, error);
        break;
      case SSDB_EXPORT_VIEW_FREESPACE:
        ssdb_freespace_run (target, w->result, on_freespace_progress, &ctx, cancellable, error);
        break;
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        ssdb_consistency_run (target, w->result, on_consistency_progress, &ctx, cancellable, error);
        break;
      case SSDB_EXPORT_VIEW_READBACK:
        ssdb_readback_run (target, w->result, on_readback_progress, &ctx, cancellable, error);
        break;
      default:
        g_assert_not_reached ();
    }
  t = g_new (Tagged, 1);
  t->view = w->view;
  t->result = g_steal_pointer (&w->result);
  return t;
}

/* ---- the page ---------------------------------------------------------------------------- */

/* The summary tests of TRIM or Free Space, in a popover of a menu button. */
typedef struct
{
  GtkMenuButton *button;
  GtkCheckButton *checks[MAX_SUMMARY_TESTS];
  guint n_tests;
  GtkSpinButton *size_mib;
  GtkSpinButton *seconds;
} SummaryControls;

struct _SsdbBehaviourPage
{
  GtkBox parent_instance;

  SsdbPageParts parts;
  GtkDropDown *test_dropdown;
  GPtrArray *test_rows[N_TESTS]; /* the flow box children of each test's settings */
  GtkLabel *words;

  /* Idle Recovery */
  GtkSpinButton *recovery_write_gb;
  GtkEntry *recovery_pauses;
  /* Compressibility */
  GtkSpinButton *compression_span_mib;
  GtkDropDown *compression_block;
  GtkSwitch *compression_zero;
  GtkSpinButton *compression_passes;
  /* TRIM */
  GtkSpinButton *trim_rounds;
  GtkSwitch *trim_discard;
  SummaryControls trim_tests;
  /* Free Space */
  GtkSpinButton *freespace_step;
  SummaryControls freespace_tests;
  /* Steady State */
  GtkSpinButton *consistency_minutes;
  GtkSpinButton *consistency_round_s;
  GtkSpinButton *consistency_precondition;
  GtkDropDown *consistency_data;
  /* Read After Write */
  GtkSpinButton *readback_span_gb;

  SsdbExportView selected;
  SsdbExportView running_view;
  gpointer results[N_TESTS];
  char *titles[N_TESTS];
  char *status[N_TESTS];
  char *title;
  guint64 device_bytes;

  SsdbPageRun *run;
  Live *live;
  gint64 started_us;
};

G_DEFINE_FINAL_TYPE (SsdbBehaviourPage, ssdb_behaviour_page, GTK_TYPE_BOX)

gboolean
ssdb_behaviour_view_is_behaviour (SsdbExportView view)
{
  return view >= SSDB_EXPORT_VIEW_RECOVERY && view <= SSDB_EXPORT_VIEW_READBACK;
}

/* The result shown for @view: the run's for the test that ran last (live or finished), else
 * the one kept or loaded. */
static gconstpointer
shown_result (SsdbBehaviourPage *self, SsdbExportView view)
{
  Tagged *t = ssdb_page_run_get_result (self->run);

  if (view == self->running_view && (t != NULL || ssdb_page_run_get_running (self->run)))
    return t != NULL && t->view == view ? t->result : NULL;
  return self->results[test_index (view)];
}

/* Keeps the run's result as the result of its test, so the run can start another test. */
static void
keep_run_result (SsdbBehaviourPage *self)
{
  Tagged *t = ssdb_page_run_get_result (self->run);
  guint i = test_index (self->running_view);

  if (t == NULL)
    return;
  if (t->view == self->running_view && t->result != NULL)
    {
      result_free (t->view, self->results[i]);
      self->results[i] = g_steal_pointer (&t->result);
    }
  ssdb_page_run_set_result (self->run, NULL);
}

/* ---- words and numbers -------------------------------------------------------------------- */

static char *
format_mbps (double bytes_per_second)
{
  return g_strdup_printf ("%.1f", bytes_per_second / 1e6);
}

/* "30 s", "0.5 s", "1 min", "1 min 30 s" (whole seconds from a minute on). */
static char *
format_duration (guint64 ns)
{
  guint64 s = (ns + NS_S / 2) / NS_S;

  if (s < 60)
    return ssdb_page_parts_format_seconds (ns);
  if (s % 60 == 0)
    return g_strdup_printf (_ ("%u min"), (guint)(s / 60));
  return g_strdup_printf (_ ("%u min %u s"), (guint)(s / 60), (guint)(s % 60));
}

static char *
format_pauses (const SsdbRecoverySpec *spec)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < spec->n_pauses && i < SSDB_RECOVERY_MAX_PAUSES; i++)
    {
      g_autofree char *d = format_duration (spec->pauses_ns[i]);

      if (i > 0)
        /* Translators: between the pauses of a list ("2 s, 30 s, 5 min") */
        g_string_append (s, C_ ("list separator", ", "));
      g_string_append (s, d);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
format_pattern (const SsdbDataPattern *p)
{
  switch (p->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup (_ ("zeros"));
      case SSDB_DATA_COMPRESSIBLE:
        return g_strdup_printf (_ ("%u %% compressible"), p->compressible_percent);
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup (_ ("random data"));
    }
}

/* The test names of a summary mask, "SEQ1M Q8T1, RND4K Q1T1" (all for 0). */
static char *
format_tests (SsdbProfile profile, guint mask)
{
  guint n = 0;
  const SsdbSummaryTest *tests = ssdb_profile_get_tests (profile, &n);
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    if (mask == 0 || (mask & (1u << i)))
      {
        if (s->len > 0)
          g_string_append (s, ", ");
        g_string_append (s, tests[i].name);
      }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The settings line of a chart, from the result's settings. */
static char *
dup_subtitle (SsdbExportView view, gconstpointer result)
{
  if (result == NULL)
    return NULL;
  switch (view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        {
          const SsdbRecoveryResult *r = result;
          g_autofree char *write = r->spec.write_bytes ? ssdb_format_capacity (r->spec.write_bytes)
                                                       : g_strdup (_ ("the whole target"));
          g_autofree char *pauses = format_pauses (&r->spec);
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

          return g_strdup_printf (_ ("Idle recovery · %s per write · pauses of %s · %s QD%u"),
                                  write, pauses, block, r->spec.queue_depth);
        }
      case SSDB_EXPORT_VIEW_COMPRESSION:
        {
          const SsdbCompressionResult *r = result;
          g_autofree char *span = ssdb_format_transfer_size (r->spec.span_length);
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

          if (r->spec.passes > 1)
            return g_strdup_printf (_ ("Compressibility · sequential %s QD%u over %s · best of %u "
                                       "passes"),
                                    block, r->spec.queue_depth, span, r->spec.passes);
          return g_strdup_printf (_ ("Compressibility · sequential %s QD%u over %s"), block,
                                  r->spec.queue_depth, span);
        }
      case SSDB_EXPORT_VIEW_TRIM:
        {
          const SsdbTrimResult *r = result;
          g_autofree char *size = ssdb_format_transfer_size (r->spec.summary.size);

          return g_strdup_printf (
              r->spec.discard ? ngettext ("TRIM · %u round of fill and delete with discard "
                                          "· summary tests over %s",
                                          "TRIM · %u rounds of fill and delete with discard "
                                          "· summary tests over %s",
                                          r->spec.rounds)
                              : ngettext ("TRIM · %u round of fill and delete without "
                                          "discard · summary tests over %s",
                                          "TRIM · %u rounds of fill and delete without "
                                          "discard · summary tests over %s",
                                          r->spec.rounds),
              r->spec.rounds, size);
        }
      case SSDB_EXPORT_VIEW_FREESPACE:
        {
          const SsdbFreespaceResult *r = result;
          g_autofree char *size = ssdb_format_transfer_size (r->spec.summary.size);

          return g_strdup_printf (_ ("Speed against free space · steps of %u %% · summary tests "
                                     "over %s"),
                                  r->spec.step_percent, size);
        }
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        {
          const SsdbConsistencyResult *r = result;
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
          g_autofree char *duration = format_duration (r->spec.duration_ns);
          g_autofree char *round = format_duration (r->spec.round_ns);
          g_autofree char *data = format_pattern (&r->spec.data);

          if (r->spec.precondition_passes > 0)
            return g_strdup_printf (ngettext ("Steady state · random %s writes QD%u, %s · %s in "
                                              "rounds of %s · %u preconditioning pass",
                                              "Steady state · random %s writes QD%u, %s · %s in "
                                              "rounds of %s · %u preconditioning passes",
                                              r->spec.precondition_passes),
                                    block, r->spec.queue_depth, data, duration, round,
                                    r->spec.precondition_passes);
          return g_strdup_printf (_ ("Steady state · random %s writes QD%u, %s · %s in rounds of "
                                     "%s"),
                                  block, r->spec.queue_depth, data, duration, round);
        }
      case SSDB_EXPORT_VIEW_READBACK:
        {
          const SsdbReadbackResult *r = result;
          g_autofree char *span = r->spec.span_length ? ssdb_format_capacity (r->spec.span_length)
                                                      : g_strdup (_ ("the whole target"));
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

          return g_strdup_printf (_ ("Read after write · two passes over %s · sequential %s QD%u"),
                                  span, block, r->spec.queue_depth);
        }
      default:
        g_assert_not_reached ();
    }
}

/* ---- drawing ------------------------------------------------------------------------------ */

/* Draws @view's chart of @result; @with_words also draws the finding under it. */
static void
draw_result (SsdbExportView view, gconstpointer result, const char *title, const char *caption,
             gboolean running, gboolean with_words, const SsdbStyle *style, cairo_t *cr, int width,
             int height)
{
  g_autofree char *subtitle = dup_subtitle (view, result);

  switch (view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        {
          SsdbRecoveryView v;
          SsdbRecoveryResult quiet;

          ssdb_recovery_view_init (&v);
          if (result != NULL && !with_words)
            {
              quiet = *(const SsdbRecoveryResult *)result;
              quiet.words = NULL;
              result = &quiet;
            }
          v.result = result;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          v.running = running;
          ssdb_recovery_painter_draw (&v, style, cr, width, height);
          return;
        }
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        {
          SsdbConsistencyView v;
          SsdbConsistencyResult quiet;

          ssdb_consistency_view_init (&v);
          if (result != NULL && !with_words)
            {
              quiet = *(const SsdbConsistencyResult *)result;
              quiet.words = NULL;
              result = &quiet;
            }
          v.result = result;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          v.running = running;
          ssdb_consistency_painter_draw (&v, style, cr, width, height);
          return;
        }
      default:
        break;
    }

  {
    SsdbBehaviourView v;
    SsdbCompressionResult c;
    SsdbTrimResult t;
    SsdbFreespaceResult f;
    SsdbReadbackResult r;

    switch (view)
      {
        case SSDB_EXPORT_VIEW_COMPRESSION:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_COMPRESSION);
          if (result != NULL)
            {
              c = *(const SsdbCompressionResult *)result;
              if (!with_words)
                c.words = NULL;
              v.compression = &c;
            }
          break;
        case SSDB_EXPORT_VIEW_TRIM:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_TRIM);
          if (result != NULL)
            {
              t = *(const SsdbTrimResult *)result;
              if (!with_words)
                t.words = NULL;
              v.trim = &t;
            }
          break;
        case SSDB_EXPORT_VIEW_FREESPACE:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_FREESPACE);
          if (result != NULL)
            {
              f = *(const SsdbFreespaceResult *)result;
              if (!with_words)
                f.words = NULL;
              v.freespace = &f;
            }
          break;
        case SSDB_EXPORT_VIEW_READBACK:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_READBACK);
          if (result != NULL)
            {
              r = *(const SsdbReadbackResult *)result;
              if (!with_words)
                r.words = NULL;
              v.readback = &r;
            }
          break;
        default:
          g_assert_not_reached ();
      }
    v.target_title = title;
    v.target_subtitle = subtitle;
    v.caption = caption;
    ssdb_behaviour_painter_draw (&v, style, cr, width, height);
  }
}

static const char *
shown_title (SsdbBehaviourPage *self, SsdbExportView view)
{
  const char *title = self->titles[test_index (view)];

  return title != NULL ? title : self->title;
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbBehaviourPage *self = data;
  gboolean running = ssdb_page_run_get_running (self->run) && self->selected == self->running_view;

  /* The finding is the label under the chart on screen. */
  draw_result (self->selected, shown_result (self, self->selected),
               shown_title (self, self->selected), NULL, running, FALSE, style, cr, width, height);
}

/* ---- status ------------------------------------------------------------------------------- */

static void
set_status (SsdbBehaviourPage *self, SsdbExportView view, const char *text)
{
  guint i = test_index (view);

  g_free (self->status[i]);
  self->status[i] = g_strdup (text ? text : "");
  if (view == self->selected)
    gtk_label_set_text (self->parts.status, self->status[i]);
}

/* From a Stop until the device has completed the run's requests. */
static void
on_stopping (SsdbBehaviourPage *self)
{
  if (ssdb_page_run_get_stopping (self->run))
    set_status (self, self->running_view, _ ("Stopping…"));
}

static guint
compression_n_levels (const SsdbCompressionSpec *spec)
{
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];

  return ssdb_compression_levels (spec->include_zero, levels);
}

static char *
compression_level_name (const SsdbCompressionSpec *spec, guint level)
{
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  guint n = ssdb_compression_levels (spec->include_zero, levels);
  const SsdbDataPattern *p = &levels[MIN (level, n - 1)];

  switch (p->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup (_ ("Zeros"));
      case SSDB_DATA_COMPRESSIBLE:
        /* Translators: a data level of the compression test */
        return g_strdup_printf (_ ("%u %% compressible"), p->compressible_percent);
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup (_ ("Random data"));
    }
}

/* The summary test of TRIM or Free Space that runs: "SEQ1M Q8T1 read · 2345.6 MB/s",
 * "preparing the test region" before the first one, "summary tests" between them. */
static char *
dup_running_text (const SsdbBehaviourRunning *running)
{
  if (running->name[0] != '\0')
    {
      const char *rw = running->rw == SSDB_RW_READ    ? _ ("read")
                       : running->rw == SSDB_RW_WRITE ? _ ("write")
                                                      : _ ("mix");
      g_autofree char *mbps = NULL;

      if (running->bytes_per_second <= 0)
        return g_strdup_printf ("%s %s", running->name, rw);
      mbps = format_mbps (running->bytes_per_second);
      /* Translators: a summary test, its direction and its live rate, "SEQ1M Q8T1 read · 2345.6
         MB/s" */
      return g_strdup_printf (_ ("%s %s · %s MB/s"), running->name, rw, mbps);
    }
  if (running->phase != NULL && g_str_equal (running->phase, "prepare"))
    return g_strdup (_ ("preparing the test region"));
  return g_strdup (_ ("summary tests"));
}

/* The status of the running test: its phase, the latest rate and the share done. */
static char *
dup_live_status (SsdbBehaviourPage *self)
{
  gconstpointer result = shown_result (self, self->running_view);
  int pct = (int)(ssdb_page_run_get_fraction (self->run) * 100);
  Phase phase;
  guint index;
  double rate;
  gint64 pause_end_us;
  SsdbBehaviourRunning summary_test;
  g_autofree char *mbps = NULL;
  g_autofree char *running = NULL;

  g_mutex_lock (&self->live->lock);
  phase = self->live->phase;
  index = self->live->index;
  rate = self->live->rate;
  pause_end_us = self->live->pause_end_us;
  summary_test = self->live->running;
  g_mutex_unlock (&self->live->lock);

  if (ssdb_page_run_get_updates (self->run) == 0 || result == NULL || phase == PHASE_NONE)
    return g_strdup (_ ("Opening the target"));
  mbps = format_mbps (rate);
  running = dup_running_text (&summary_test);
  switch (self->running_view)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        {
          const SsdbRecoveryResult *r = result;

          if (phase == PHASE_PAUSE)
            {
              gint64 left_us = MAX (0, pause_end_us - g_get_monotonic_time ());
              g_autofree char *left
                  = format_duration ((guint64)((left_us + 999999) / 1000000) * NS_S);

              /* Translators: "Pause 2 of 3: 40 s left · 35 %" */
              return g_strdup_printf (_ ("Pause %u of %u: %s left · %d %%"), MAX (index, 1),
                                      r->spec.n_pauses, left, pct);
            }
          return g_strdup_printf (_ ("Write %u of %u · %s MB/s · %d %%"), index + 1,
                                  r->spec.n_pauses + 1, mbps, pct);
        }
      case SSDB_EXPORT_VIEW_COMPRESSION:
        {
          const SsdbCompressionResult *r = result;
          g_autofree char *level = compression_level_name (&r->spec, index);

          return g_strdup_printf (phase == PHASE_READ
                                      ? _ ("%s (%u of %u): reading · %s MB/s · %d %%")
                                      : _ ("%s (%u of %u): writing · %s MB/s · %d %%"),
                                  level, index + 1, compression_n_levels (&r->spec), mbps, pct);
        }
      case SSDB_EXPORT_VIEW_TRIM:
        {
          const SsdbTrimResult *r = result;

          switch (phase)
            {
              case PHASE_SUMMARY_BEFORE:
                /* Translators: "Before the rounds: SEQ1M Q8T1 read · 12 %" */
                return g_strdup_printf (_ ("Before the rounds: %s · %d %%"), running, pct);
              case PHASE_FILL:
                return g_strdup_printf (_ ("Round %u of %u: filling · %d %%"), index + 1,
                                        r->spec.rounds, pct);
              case PHASE_DELETE:
                return g_strdup_printf (_ ("Round %u of %u: discarding · %d %%"), index + 1,
                                        r->spec.rounds, pct);
              case PHASE_SUMMARY_AFTER:
              default:
                /* Translators: "After 5 rounds: RND4K Q32T1 write · 88 %" */
                return g_strdup_printf (ngettext ("After %u round: %s · %d %%",
                                                  "After %u rounds: %s · %d %%", r->spec.rounds),
                                        r->spec.rounds, running, pct);
            }
        }
      case SSDB_EXPORT_VIEW_FREESPACE:
        {
          const SsdbFreespaceResult *r = result;
          guint step = MAX (1u, r->spec.step_percent);
          guint used = MIN (100u, index * step);
          guint n_steps = 1 + (100 + step - 1) / step;

          if (phase == PHASE_FILL)
            return g_strdup_printf (_ ("Step %u of %u, %u %% used: filling · %d %%"), index + 1,
                                    n_steps, used, pct);
          /* Translators: "Step 3 of 11, 20 % used: SEQ1M Q8T1 read · 27 %" */
          return g_strdup_printf (_ ("Step %u of %u, %u %% used: %s · %d %%"), index + 1, n_steps,
                                  used, running, pct);
        }
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        {
          const SsdbConsistencyResult *r = result;
          guint n = r->spec.round_ns ? (guint)(r->spec.duration_ns / r->spec.round_ns) : 0;

          if (r->rounds->len == 0 && r->spec.precondition_passes > 0)
            return g_strdup_printf (_ ("Preconditioning: sequential writes over the span · %d %%"),
                                    pct);
          return g_strdup_printf (_ ("Round %u of %u · %.0f IOPS · %d %%"), r->rounds->len, n, rate,
                                  pct);
        }
      case SSDB_EXPORT_VIEW_READBACK:
        return g_strdup_printf (phase == PHASE_READ ? _ ("Pass %u of 2: reading · %s MB/s · %d %%")
                                                    : _ ("Pass %u of 2: writing · %s MB/s · %d %%"),
                                index + 1, mbps, pct);
      default:
        g_assert_not_reached ();
    }
}

/* ---- refresh ------------------------------------------------------------------------------ */

static void
refresh (SsdbBehaviourPage *self)
{
  const char *words = result_words (self->selected, shown_result (self, self->selected));
  guint i = test_index (self->selected);

  gtk_label_set_text (self->words, words);
  gtk_widget_set_visible (GTK_WIDGET (self->words), *words != '\0');
  gtk_label_set_text (self->parts.status, self->status[i] ? self->status[i] : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->parts.chart),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, words, -1);
  ssdb_chart_view_invalidate (self->parts.chart);
}

static void
show_settings (SsdbBehaviourPage *self)
{
  for (guint t = 0; t < N_TESTS; t++)
    for (guint k = 0; k < self->test_rows[t]->len; k++)
      gtk_widget_set_visible (g_ptr_array_index (self->test_rows[t], k),
                              t == test_index (self->selected));
}

static void
on_updated (SsdbBehaviourPage *self)
{
  g_autofree char *text = NULL;

  if (!ssdb_page_run_get_running (self->run))
    return;
  text = dup_live_status (self);
  set_status (self, self->running_view, text);
  refresh (self);
}

static void
on_finished (SsdbBehaviourPage *self, const GError *error)
{
  Tagged *t = ssdb_page_run_get_result (self->run);
  SsdbExportView view = self->running_view;
  g_autofree char *text = NULL;

  gtk_widget_set_sensitive (self->parts.settings, TRUE);
  if (t != NULL && t->view == view && error != NULL
      && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    result_set_cancelled (view, t->result);
  if (error == NULL)
    {
      g_autofree char *took = format_duration ((guint64)(g_get_monotonic_time () - self->started_us)
                                               / 100000 * 100000000);

      text = g_strdup_printf (_ ("Done in %s"), took);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    text = ssdb_gui_stopped_text (error, _ ("Stopped · what was measured is kept"));
  else
    text = g_strdup_printf (_ ("Failed: %s"), error->message);
  set_status (self, view, text);
  refresh (self);
}

static void
on_test_selected (SsdbBehaviourPage *self)
{
  guint i = gtk_drop_down_get_selected (self->test_dropdown);

  if (i >= N_TESTS)
    return;
  self->selected = (SsdbExportView)(FIRST_VIEW + i);
  show_settings (self);
  refresh (self);
}

/* ---- settings ----------------------------------------------------------------------------- */

/* Pauses as the entry holds them: "1, 5, 10" in minutes; "30s", "500ms", "2m" with a unit. */
static gboolean
parse_pauses (const char *text, SsdbRecoverySpec *spec, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);

  for (guint i = 0; i < n; i++)
    g_strstrip (parts[i]);
  if (n == 0 || n > SSDB_RECOVERY_MAX_PAUSES || (n == 1 && parts[0][0] == '\0'))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("Pauses: “%s” is not 1 to %u durations separated by commas (1, 5, 10 in "
                      "minutes, or 30s)"),
                   text, SSDB_RECOVERY_MAX_PAUSES);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *p = parts[i];
      gsize len = strlen (p);
      g_autofree char *with_unit = NULL;
      g_autoptr (GError) local = NULL;

      /* A bare number is minutes. */
      if (len > 0 && (g_ascii_isdigit (p[len - 1]) || p[len - 1] == '.'))
        with_unit = g_strconcat (p, "m", NULL);
      if (!ssdb_parse_seconds (with_unit ? with_unit : p, _ ("Pauses"), 0,
                               G_GUINT64_CONSTANT (86400) * NS_S, &spec->pauses_ns[i], &local))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       _ ("Pauses: “%s” is not a duration from 0 to 24 h (minutes, or with a unit: "
                          "30s, 2m)"),
                       p);
          return FALSE;
        }
    }
  spec->n_pauses = n;
  return TRUE;
}

/* The value a spin button shows: rounded to its digits. */
static double
spin_shown (GtkSpinButton *spin)
{
  double scale = pow (10, gtk_spin_button_get_digits (spin));

  return round (gtk_spin_button_get_value (spin) * scale) / scale;
}

/* Nanoseconds of a duration spin button in @unit_s seconds, as it shows them (to the ms). */
static guint64
spin_ns (GtkSpinButton *spin, double unit_s)
{
  return (guint64)llround (spin_shown (spin) * unit_s * 1000) * (NS_S / 1000);
}

/* Bytes of a GB spin button, rounded to the nearest whole @align (at least one when it is
 * not 0): its value is kept at those bytes (snap_gb_spin()), so it shows what is written. */
static guint64
spin_gb_bytes (GtkSpinButton *spin, guint64 align)
{
  double bytes = gtk_spin_button_get_value (spin) * 1e9;
  guint64 n = (guint64)llround (bytes / (double)align);

  if (n == 0 && bytes > 0)
    n = 1;
  return n * align;
}

static gboolean
summary_from_controls (const SummaryControls *c, SsdbSummarySpec *spec, guint *mask,
                       guint64 target_bytes, GError **error)
{
  *mask = 0;
  for (guint i = 0; i < c->n_tests; i++)
    if (gtk_check_button_get_active (c->checks[i]))
      *mask |= 1u << i;
  if (*mask == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("Tests: choose at least one summary test"));
      return FALSE;
    }
  spec->size = (guint64)gtk_spin_button_get_value_as_int (c->size_mib) * MIB;
  spec->duration_ns = spin_ns (c->seconds, 1);
  if (target_bytes > 0 && spec->size > target_bytes)
    {
      g_autofree char *size = ssdb_format_transfer_size (spec->size);
      g_autofree char *holds = ssdb_format_capacity (target_bytes);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("Test size: %s is more than the target holds (%s)"), size, holds);
      return FALSE;
    }
  return TRUE;
}

/* Whether the block device @path supports discard (TRUE when it cannot be told). */
static gboolean
device_discards (const char *path)
{
  GStatBuf st;
  g_autofree char *attr = NULL;
  g_autofree char *text = NULL;

  if (g_stat (path, &st) != 0 || !S_ISBLK (st.st_mode))
    return TRUE;
  attr = g_strdup_printf ("/sys/dev/block/%u:%u/queue/discard_max_bytes", major (st.st_rdev),
                          minor (st.st_rdev));
  if (!g_file_get_contents (attr, &text, NULL, NULL))
    return TRUE;
  return g_ascii_strtoull (text, NULL, 10) > 0;
}

/* The selected test's settings as a new result, checked against a target of @target_bytes
 * (0: unknown). */
static gpointer
new_result (SsdbBehaviourPage *self, const char *path, guint64 target_bytes, GError **error)
{
  g_autofree char *holds = target_bytes ? ssdb_format_capacity (target_bytes) : NULL;

  switch (self->selected)
    {
      case SSDB_EXPORT_VIEW_RECOVERY:
        {
          SsdbRecoverySpec spec;

          ssdb_recovery_spec_init (&spec);
          spec.write_bytes = spin_gb_bytes (self->recovery_write_gb, spec.block_size);
          if (gtk_spin_button_get_value (self->recovery_write_gb) > 0 && spec.write_bytes == 0)
            {
              g_autofree char *block = ssdb_format_transfer_size (spec.block_size);

              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Write per pass: at least one %s transfer"), block);
              return NULL;
            }
          if (target_bytes > 0 && spec.write_bytes > target_bytes)
            {
              g_autofree char *write = ssdb_format_capacity (
                  (guint64)llround (gtk_spin_button_get_value (self->recovery_write_gb) * 1e9));

              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Write per pass: %s is more than the target holds (%s)"), write,
                           holds);
              return NULL;
            }
          if (!parse_pauses (gtk_editable_get_text (GTK_EDITABLE (self->recovery_pauses)), &spec,
                             error))
            return NULL;
          return ssdb_recovery_result_new (&spec);
        }
      case SSDB_EXPORT_VIEW_COMPRESSION:
        {
          SsdbCompressionSpec spec;
          guint b = gtk_drop_down_get_selected (self->compression_block);

          ssdb_compression_spec_init (&spec);
          spec.block_size = block_sizes[b < G_N_ELEMENTS (block_sizes) ? b : DEFAULT_BLOCK_INDEX];
          spec.span_length
              = (guint64)gtk_spin_button_get_value_as_int (self->compression_span_mib) * MIB;
          spec.include_zero = gtk_switch_get_active (self->compression_zero);
          spec.passes = (guint)gtk_spin_button_get_value_as_int (self->compression_passes);
          if (spec.span_length % spec.block_size != 0)
            {
              g_autofree char *block = ssdb_format_transfer_size (spec.block_size);

              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Span: %u MiB is not a whole number of %s blocks"),
                           (guint)(spec.span_length / MIB), block);
              return NULL;
            }
          if (target_bytes > 0 && spec.span_length > target_bytes)
            {
              g_autofree char *span = ssdb_format_transfer_size (spec.span_length);

              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Span: %s is more than the target holds (%s)"), span, holds);
              return NULL;
            }
          return ssdb_compression_result_new (&spec);
        }
      case SSDB_EXPORT_VIEW_TRIM:
        {
          SsdbTrimSpec spec;

          ssdb_trim_spec_init (&spec);
          spec.rounds = (guint)gtk_spin_button_get_value_as_int (self->trim_rounds);
          spec.discard = gtk_switch_get_active (self->trim_discard);
          if (!summary_from_controls (&self->trim_tests, &spec.summary, &spec.test_mask,
                                      target_bytes, error))
            return NULL;
          if (spec.discard && path != NULL && !device_discards (path))
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Discard: %s does not support discard (TRIM); switch Discard off"),
                           path);
              return NULL;
            }
          return ssdb_trim_result_new (&spec);
        }
      case SSDB_EXPORT_VIEW_FREESPACE:
        {
          SsdbFreespaceSpec spec;

          ssdb_freespace_spec_init (&spec);
          spec.step_percent = (guint)gtk_spin_button_get_value_as_int (self->freespace_step);
          if (!summary_from_controls (&self->freespace_tests, &spec.summary, &spec.test_mask,
                                      target_bytes, error))
            return NULL;
          return ssdb_freespace_result_new (&spec);
        }
      case SSDB_EXPORT_VIEW_CONSISTENCY:
        {
          SsdbConsistencySpec spec;
          guint d = gtk_drop_down_get_selected (self->consistency_data);

          ssdb_consistency_spec_init (&spec);
          spec.duration_ns = spin_ns (self->consistency_minutes, 60);
          spec.round_ns = spin_ns (self->consistency_round_s, 1);
          spec.precondition_passes
              = (guint)gtk_spin_button_get_value_as_int (self->consistency_precondition);
          spec.data = data_patterns[d < G_N_ELEMENTS (data_patterns) ? d : 0];
          if (spec.round_ns == 0 || spec.duration_ns < spec.round_ns)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Duration: shorter than one round"));
              return NULL;
            }
          if (spec.duration_ns / spec.round_ns > SSDB_CONSISTENCY_MAX_ROUNDS)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Duration: more than %u rounds; make the rounds longer"),
                           SSDB_CONSISTENCY_MAX_ROUNDS);
              return NULL;
            }
          return ssdb_consistency_result_new (&spec);
        }
      case SSDB_EXPORT_VIEW_READBACK:
        {
          SsdbFillSpec spec;

          ssdb_fill_spec_init (&spec);
          spec.span_length = spin_gb_bytes (self->readback_span_gb, MIB);
          if (gtk_spin_button_get_value (self->readback_span_gb) > 0 && spec.span_length == 0)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Span: at least 1 MiB"));
              return NULL;
            }
          if (target_bytes > 0 && spec.span_length > target_bytes)
            {
              g_autofree char *span = ssdb_format_capacity (
                  (guint64)llround (gtk_spin_button_get_value (self->readback_span_gb) * 1e9));

              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Span: %s is more than the target holds (%s)"), span, holds);
              return NULL;
            }
          return ssdb_readback_result_new (&spec);
        }
      default:
        g_assert_not_reached ();
    }
}

/* ---- API ---------------------------------------------------------------------------------- */

void
ssdb_behaviour_page_set_target (SsdbBehaviourPage *self, const char *title, guint64 device_bytes)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  g_free (self->title);
  self->title = g_strdup (title);
  self->device_bytes = device_bytes;
  if (!ssdb_page_run_get_running (self->run))
    refresh (self);
}

void
ssdb_behaviour_page_set_cache_bytes (SsdbBehaviourPage *self, guint64 cache_bytes)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  if (cache_bytes > 0)
    gtk_spin_button_set_value (self->recovery_write_gb,
                               ceil ((double)(cache_bytes + cache_bytes / 2) / 1e7) / 100);
}

void
ssdb_behaviour_page_set_compression_span (SsdbBehaviourPage *self, guint64 span_bytes)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  gtk_spin_button_set_value (self->compression_span_mib, (double)(span_bytes / MIB));
}

void
ssdb_behaviour_page_set_trim (SsdbBehaviourPage *self, guint rounds, gboolean discard)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  gtk_spin_button_set_value (self->trim_rounds, rounds);
  gtk_switch_set_active (self->trim_discard, discard);
}

void
ssdb_behaviour_page_set_freespace_step (SsdbBehaviourPage *self, guint step_percent)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  gtk_spin_button_set_value (self->freespace_step, step_percent);
}

gboolean
ssdb_behaviour_page_set_summary (SsdbBehaviourPage *self, SsdbExportView view, guint test_mask,
                                 guint64 test_size, guint64 duration_ns)
{
  SummaryControls *c;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);

  if (view == SSDB_EXPORT_VIEW_TRIM)
    c = &self->trim_tests;
  else if (view == SSDB_EXPORT_VIEW_FREESPACE)
    c = &self->freespace_tests;
  else
    return FALSE;
  if (test_mask == 0)
    test_mask = ~0u;
  for (guint i = 0; i < c->n_tests; i++)
    gtk_check_button_set_active (c->checks[i], (test_mask & (1u << i)) != 0);
  if (test_size > 0)
    gtk_spin_button_set_value (c->size_mib, (double)(test_size / MIB));
  if (duration_ns > 0)
    gtk_spin_button_set_value (c->seconds, (double)duration_ns / 1e9);
  return TRUE;
}

void
ssdb_behaviour_page_set_consistency (SsdbBehaviourPage *self, guint64 duration_ns, guint64 round_ns,
                                     guint precondition_passes)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  gtk_spin_button_set_value (self->consistency_minutes, (double)duration_ns / 60e9);
  if (round_ns > 0)
    gtk_spin_button_set_value (self->consistency_round_s, (double)round_ns / 1e9);
  gtk_spin_button_set_value (self->consistency_precondition, precondition_passes);
}

gboolean
ssdb_behaviour_page_select (SsdbBehaviourPage *self, SsdbExportView view)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);

  if (!ssdb_behaviour_view_is_behaviour (view) || ssdb_page_run_get_running (self->run))
    return FALSE;
  gtk_drop_down_set_selected (self->test_dropdown, test_index (view));
  if (self->selected != view)
    on_test_selected (self);
  return TRUE;
}

SsdbExportView
ssdb_behaviour_page_get_selected (SsdbBehaviourPage *self)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), SSDB_EXPORT_VIEW_RECOVERY);
  return self->selected;
}

/* "all of /dev/sdb (…)" or "the first 1.50 GB of /dev/sdb (…)" (or "256 MiB" for @binary). */
static char *
dup_span_text (guint64 bytes, gboolean binary, const char *device)
{
  g_autofree char *size = NULL;

  if (bytes == 0)
    return g_strdup_printf (_ ("all of %s"), device);
  size = binary ? ssdb_format_transfer_size (bytes) : ssdb_format_capacity (bytes);
  return g_strdup_printf (_ ("the first %s of %s"), size, device);
}

char *
ssdb_behaviour_page_dup_confirm_body (SsdbBehaviourPage *self, const char *device_title)
{
  gpointer result;
  g_autofree char *what = NULL;
  SsdbExportView view;
  gboolean partial = FALSE; /* writes only a part of the device */

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  g_return_val_if_fail (device_title != NULL, NULL);

  view = self->selected;
  result = new_result (self, NULL, 0, NULL);
  if (result == NULL)
    what = g_strdup_printf (_ ("Writes to %s."), device_title);
  else
    switch (view)
      {
        case SSDB_EXPORT_VIEW_RECOVERY:
          {
            const SsdbRecoveryResult *r = result;
            g_autofree char *span = dup_span_text (r->spec.write_bytes, FALSE, device_title);
            g_autofree char *pauses = format_pauses (&r->spec);

            partial = r->spec.write_bytes != 0;

            what = g_strdup_printf (
                ngettext ("Writes %s with random data %u times, from its start, and leaves it idle "
                          "for %s between the writes (%u pause).",
                          "Writes %s with random data %u times, from its start, and leaves it idle "
                          "for %s between the writes (%u pauses).",
                          r->spec.n_pauses),
                span, r->spec.n_pauses + 1, pauses, r->spec.n_pauses);
            break;
          }
        case SSDB_EXPORT_VIEW_COMPRESSION:
          {
            const SsdbCompressionResult *r = result;
            g_autofree char *span = dup_span_text (r->spec.span_length, TRUE, device_title);

            partial = r->spec.span_length != 0;

            what = g_strdup_printf (
                r->spec.include_zero ? _ ("Writes %s %u times, with random data, 25 to 100 %% "
                                          "compressible data and zeros, and reads it back after "
                                          "each write.")
                                     : _ ("Writes %s %u times, with random data and 25 to 100 %% "
                                          "compressible data, and reads it back after each "
                                          "write."),
                span, compression_n_levels (&r->spec) * MAX (1u, r->spec.passes));
            break;
          }
        case SSDB_EXPORT_VIEW_TRIM:
          {
            const SsdbTrimResult *r = result;
            g_autofree char *tests = format_tests (r->spec.summary.profile, r->spec.test_mask);

            what = g_strdup_printf (
                r->spec.discard
                    ? ngettext ("Fills all of %s with random data %u time and discards "
                                "it after each fill (TRIM), with summary tests (%s) "
                                "before and after.",
                                "Fills all of %s with random data %u times and discards "
                                "it after each fill (TRIM), with summary tests (%s) "
                                "before and after.",
                                r->spec.rounds)
                    : ngettext ("Fills all of %s with random data %u time without "
                                "discarding it, with summary tests (%s) before and "
                                "after.",
                                "Fills all of %s with random data %u times without "
                                "discarding it, with summary tests (%s) before and "
                                "after.",
                                r->spec.rounds),
                device_title, r->spec.rounds, tests);
            break;
          }
        case SSDB_EXPORT_VIEW_FREESPACE:
          {
            const SsdbFreespaceResult *r = result;
            g_autofree char *tests = format_tests (r->spec.summary.profile, r->spec.test_mask);

            what = g_strdup_printf (_ ("Fills all of %s with random data, %u %% at a time, with "
                                       "summary tests (%s) after each step."),
                                    device_title, r->spec.step_percent, tests);
            break;
          }
        case SSDB_EXPORT_VIEW_CONSISTENCY:
          {
            const SsdbConsistencyResult *r = result;
            g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
            g_autofree char *duration = format_duration (r->spec.duration_ns);
            g_autofree char *data = format_pattern (&r->spec.data);
            g_autofree char *main_part = g_strdup_printf (
                /* Translators: a block size, the device, a duration, the queue depth, then the
                 * data written ("random data", "zeros", "50 % compressible") */
                _ ("Writes %s blocks at random places all over %s for %s at QD%u (data: %s)."),
                block, device_title, duration, r->spec.queue_depth, data);

            if (r->spec.precondition_passes > 0)
              what = g_strdup_printf (ngettext ("%s Before that, writes all of it sequentially %u "
                                                "time (preconditioning).",
                                                "%s Before that, writes all of it sequentially %u "
                                                "times (preconditioning).",
                                                r->spec.precondition_passes),
                                      main_part, r->spec.precondition_passes);
            else
              what = g_steal_pointer (&main_part);
            break;
          }
        case SSDB_EXPORT_VIEW_READBACK:
          {
            const SsdbReadbackResult *r = result;
            g_autofree char *span = dup_span_text (r->spec.span_length, FALSE, device_title);

            partial = r->spec.span_length != 0;

            what = g_strdup_printf (
                _ ("Writes %s with random data twice and reads it back after each pass."), span);
            break;
          }
        default:
          g_assert_not_reached ();
      }
  result_free (view, result);
  /* The window's confirmations end the same way. */
  /* Translators: what the test writes, then the warning; no space after a full stop that
   * takes none */
  return g_strdup_printf (C_ ("confirmation", "%s %s"), what,
                          partial ? _ ("All data stored there will be destroyed and cannot be "
                                       "recovered.")
                                  : _ ("All data stored on it will be destroyed and cannot be "
                                       "recovered."));
}

gboolean
ssdb_behaviour_page_check (SsdbBehaviourPage *self, const char *path, guint64 file_size,
                           GError **error)
{
  gboolean is_dir;
  gpointer result;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (ssdb_page_run_get_running (self->run))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, _ ("A test is running"));
      return FALSE;
    }
  is_dir = g_file_test (path, G_FILE_TEST_IS_DIR);
  result = new_result (self, is_dir ? NULL : path, is_dir ? file_size : self->device_bytes, error);
  if (result == NULL)
    return FALSE;
  result_free (self->selected, result);
  return TRUE;
}

gboolean
ssdb_behaviour_page_start (SsdbBehaviourPage *self, const char *path,
                           const char *destroy_permission, guint64 file_size, GError **error)
{
  gboolean is_dir;
  gpointer result;
  Work *w;
  Tagged *initial;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (ssdb_page_run_get_running (self->run))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, _ ("A test is running"));
      return FALSE;
    }
  is_dir = g_file_test (path, G_FILE_TEST_IS_DIR);
  result = new_result (self, is_dir ? NULL : path, is_dir ? file_size : self->device_bytes, error);
  if (result == NULL)
    return FALSE;

  if (ssdb_page_run_get_busy (self->run))
    {
      result_free (self->selected, result);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("The previous test is still ending; try again in a moment"));
      return FALSE;
    }
  keep_run_result (self);
  w = g_new0 (Work, 1);
  w->view = self->selected;
  w->result = result;
  w->live = live_new ();
  initial = g_new (Tagged, 1);
  initial->view = w->view;
  initial->result = result_dup (w->view, result);
  if (self->live != NULL)
    live_release (self->live);
  self->live = g_atomic_rc_box_acquire (w->live);
  self->running_view = w->view;
  if (!ssdb_page_run_start (self->run, path, SSDB_TARGET_OPEN_WRITE,
                            is_dir ? NULL : destroy_permission, file_size, work, w, work_free,
                            initial, error))
    return FALSE;
  self->started_us = g_get_monotonic_time ();
  g_free (self->titles[test_index (self->running_view)]);
  self->titles[test_index (self->running_view)] = g_strdup (self->title);
  gtk_widget_set_sensitive (self->parts.settings, FALSE);
  set_status (self, self->running_view, _ ("Opening the target"));
  refresh (self);
  return TRUE;
}

SsdbPageRun *
ssdb_behaviour_page_get_run (SsdbBehaviourPage *self)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  return self->run;
}

gconstpointer
ssdb_behaviour_page_get_result (SsdbBehaviourPage *self, SsdbExportView view)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  if (!ssdb_behaviour_view_is_behaviour (view))
    return NULL;
  return shown_result (self, view);
}

gboolean
ssdb_behaviour_page_show_result (SsdbBehaviourPage *self, SsdbExportView view, gconstpointer result,
                                 const char *title)
{
  guint i;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);
  g_return_val_if_fail (ssdb_behaviour_view_is_behaviour (view), FALSE);

  if (ssdb_page_run_get_running (self->run))
    return FALSE;
  if (view == self->running_view)
    keep_run_result (self);
  i = test_index (view);
  result_free (view, self->results[i]);
  self->results[i] = result_dup (view, result);
  g_free (self->titles[i]);
  self->titles[i] = g_strdup (title);
  g_clear_pointer (&self->status[i], g_free);
  if (result != NULL)
    ssdb_behaviour_page_select (self, view);
  refresh (self);
  return TRUE;
}

SsdbChartView *
ssdb_behaviour_page_get_chart (SsdbBehaviourPage *self)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  return self->parts.chart;
}

const char *
ssdb_behaviour_page_get_status (SsdbBehaviourPage *self)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  return gtk_label_get_text (self->parts.status);
}

const char *
ssdb_behaviour_page_get_words (SsdbBehaviourPage *self)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  return result_words (self->selected, shown_result (self, self->selected));
}

typedef struct
{
  SsdbExportView view;
  gconstpointer result;
  const char *title;
  const char *caption;
} Export;

static void
draw_export (gconstpointer data, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  const Export *e = data;

  draw_result (e->view, e->result, e->title, e->caption, FALSE, TRUE, style, cr, width, height);
}

gboolean
ssdb_behaviour_page_export_png (SsdbBehaviourPage *self, const char *path, GError **error)
{
  g_autofree char *caption = NULL;
  SsdbStyle style;
  Export e;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  e.view = self->selected;
  e.result = shown_result (self, e.view);
  if (e.result == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, _ ("%s: no %s result to export"), path,
                   _ (test_names[test_index (e.view)]));
      return FALSE;
    }
  caption = ssdb_page_parts_dup_caption ();
  e.title = shown_title (self, e.view);
  e.caption = caption;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  return ssdb_chart_write_png (draw_export, &e, &style, path, 1200, 700, 2, error);
}

/* ---- construction ------------------------------------------------------------------------- */

static GtkSpinButton *
spin_new (double min, double max, double step, guint digits, double value)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (min, max, step));

  gtk_spin_button_set_digits (spin, digits);
  gtk_spin_button_set_value (spin, value);
  gtk_spin_button_set_numeric (spin, TRUE);
  return spin;
}

/* A size spin button shows "whole" at 0. */
static gboolean
on_whole_output (GtkSpinButton *spin)
{
  if (gtk_spin_button_get_value (spin) > 0)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), _ ("whole"));
  return TRUE;
}

static int
on_whole_input (GtkSpinButton *spin, double *value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (g_strcmp0 (text, _ ("whole")) == 0)
    {
      *value = 0;
      return TRUE;
    }
  return FALSE;
}

/* Keeps a GB spin button at a whole number of its "align" bytes. */
static void
snap_gb_spin (GtkSpinButton *spin)
{
  guint64 align = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "ssdb-align"));
  double value = gtk_spin_button_get_value (spin);
  double snapped;

  if (align == 0 || value <= 0)
    return;
  snapped = (double)spin_gb_bytes (spin, align) / 1e9;
  if (fabs (snapped - value) > 1e-12)
    gtk_spin_button_set_value (spin, snapped);
}

/* A GB spin button of 4 decimals (0.1 MB) that holds whole @align units: the value shown is
 * the one written ("0.05" becomes 0.0503 GB, 48 MiB, for 1 MiB units). */
static GtkSpinButton *
whole_spin_new (double max, guint64 align)
{
  GtkSpinButton *spin = spin_new (0, max, 0.1, 4, 0);

  g_object_set_data (G_OBJECT (spin), "ssdb-align", GUINT_TO_POINTER ((guint)align));
  g_signal_connect (spin, "value-changed", G_CALLBACK (snap_gb_spin), NULL);

  gtk_spin_button_set_numeric (spin, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 7);
  g_signal_connect (spin, "output", G_CALLBACK (on_whole_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_whole_input), NULL);
  on_whole_output (spin);
  return spin;
}

static void
add_row (SsdbBehaviourPage *self, SsdbExportView view, const char *label, GtkWidget *control,
         const char *tooltip)
{
  GtkWidget *row = ssdb_page_parts_add_setting (self->parts.settings, label, control, tooltip);

  g_ptr_array_add (self->test_rows[test_index (view)], gtk_widget_get_parent (row));
}

static void
on_pauses_changed (GtkEditable *entry)
{
  SsdbRecoverySpec spec;
  g_autoptr (GError) error = NULL;

  if (parse_pauses (gtk_editable_get_text (entry), &spec, &error))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry),
                                   _ ("Idle time before each write after the first, in minutes, "
                                      "separated by commas; seconds with s (30s); at most 8"));
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), error->message);
    }
}

static void
update_tests_label (SummaryControls *c)
{
  guint n = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < c->n_tests; i++)
    n += gtk_check_button_get_active (c->checks[i]);
  if (n == c->n_tests)
    text = g_strdup_printf (_ ("All %u"), n);
  else
    text = g_strdup_printf (_ ("%u of %u"), n, c->n_tests);
  gtk_menu_button_set_label (c->button, text);
}

static void
on_test_toggled (GtkCheckButton *check, SummaryControls *c)
{
  update_tests_label (c);
}

static void
build_summary_controls (SsdbBehaviourPage *self, SsdbExportView view, const char *prefix,
                        SummaryControls *c)
{
  SsdbSummarySpec defaults;
  const SsdbSummaryTest *tests;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  ssdb_behaviour_summary_spec_init (&defaults);
  tests = ssdb_profile_get_tests (defaults.profile, &c->n_tests);
  c->n_tests = MIN (c->n_tests, MAX_SUMMARY_TESTS);
  for (guint i = 0; i < c->n_tests; i++)
    {
      c->checks[i] = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (tests[i].name));
      g_autofree char *name = g_strdup_printf ("%s-test-%u", prefix, i);

      gtk_widget_set_name (GTK_WIDGET (c->checks[i]), name);
      gtk_check_button_set_active (c->checks[i], TRUE);
      g_signal_connect (c->checks[i], "toggled", G_CALLBACK (on_test_toggled), c);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (c->checks[i]));
    }
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  c->size_mib = spin_new (1, 65536, 16, 0, (double)(defaults.size / MIB));
  ssdb_page_parts_add_setting (grid, _ ("Test _size, MiB"), GTK_WIDGET (c->size_mib),
                               _ ("The region each summary test reads and writes"));
  c->seconds = spin_new (0.1, 60, 1, 1, (double)defaults.duration_ns / 1e9);
  ssdb_page_parts_add_setting (grid, _ ("Se_conds per test"), GTK_WIDGET (c->seconds),
                               _ ("Length of each summary test (read, then write)"));
  gtk_box_append (GTK_BOX (box), grid);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  {
    g_autofree char *size = g_strconcat (prefix, "-test-size", NULL);
    g_autofree char *seconds = g_strconcat (prefix, "-test-seconds", NULL);
    g_autofree char *button = g_strconcat (prefix, "-tests", NULL);

    gtk_widget_set_name (GTK_WIDGET (c->size_mib), size);
    gtk_widget_set_name (GTK_WIDGET (c->seconds), seconds);
    gtk_widget_set_name (popover, button);
  }

  c->button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_popover (c->button, popover);
  update_tests_label (c);
  add_row (self, view, _ ("_Tests"), GTK_WIDGET (c->button),
           _ ("The summary tests run between the steps (CrystalDiskMark's default profile), "
              "their size and length"));
}

static char *
test_label (guint i)
{
  return g_strdup (_ (test_names[i]));
}

static char *
block_label (guint i)
{
  return ssdb_format_transfer_size (block_sizes[i]);
}

static char *
data_label (guint i)
{
  g_autofree char *text = format_pattern (&data_patterns[i]);

  if (g_ascii_islower (text[0]))
    text[0] = g_ascii_toupper (text[0]);
  return g_steal_pointer (&text);
}

static void
ssdb_behaviour_page_dispose (GObject *object)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (object);

  if (self->run != NULL)
    {
      ssdb_page_run_stop (self->run);
      g_signal_handlers_disconnect_by_data (self->run, self);
      g_clear_object (&self->run);
    }
  G_OBJECT_CLASS (ssdb_behaviour_page_parent_class)->dispose (object);
}

static void
ssdb_behaviour_page_finalize (GObject *object)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (object);

  for (guint i = 0; i < N_TESTS; i++)
    {
      result_free ((SsdbExportView)(FIRST_VIEW + i), self->results[i]);
      g_free (self->titles[i]);
      g_free (self->status[i]);
      g_ptr_array_unref (self->test_rows[i]);
    }
  if (self->live != NULL)
    live_release (self->live);
  g_free (self->title);
  G_OBJECT_CLASS (ssdb_behaviour_page_parent_class)->finalize (object);
}

static void
ssdb_behaviour_page_class_init (SsdbBehaviourPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ssdb_behaviour_page_dispose;
  object_class->finalize = ssdb_behaviour_page_finalize;
}

static void
ssdb_behaviour_page_init (SsdbBehaviourPage *self)
{
  GtkWidget *settings;
  SsdbCompressionSpec cspec;
  SsdbTrimSpec tspec;
  SsdbFreespaceSpec fspec;
  SsdbConsistencySpec kspec;
  SsdbRecoverySpec rspec;

  for (guint i = 0; i < N_TESTS; i++)
    self->test_rows[i] = g_ptr_array_new ();
  self->selected = SSDB_EXPORT_VIEW_RECOVERY;
  self->running_view = SSDB_EXPORT_VIEW_RECOVERY;
  ssdb_page_parts_build (GTK_BOX (self), &self->parts, _ ("SSD behaviour chart"));
  settings = self->parts.settings;

  self->test_dropdown = ssdb_page_parts_dropdown_new (N_TESTS, test_label, 0);
  ssdb_page_parts_add_setting (settings, _ ("T_est"), GTK_WIDGET (self->test_dropdown),
                               _ ("The SSD behaviour to measure"));

  /* Idle Recovery */
  ssdb_recovery_spec_init (&rspec);
  self->recovery_write_gb = whole_spin_new (1e6, rspec.block_size);
  add_row (self, SSDB_EXPORT_VIEW_RECOVERY, _ ("_Write per pass, GB"),
           GTK_WIDGET (self->recovery_write_gb),
           _ ("Bytes each write covers: more than the drive's write cache, 1.5 × the cache size "
              "a whole-drive fill found; “whole” writes to the end of the target"));
  self->recovery_pauses = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (self->recovery_pauses), "1, 5, 10");
  gtk_editable_set_width_chars (GTK_EDITABLE (self->recovery_pauses), 10);
  add_row (self, SSDB_EXPORT_VIEW_RECOVERY, _ ("_Pauses, min"), GTK_WIDGET (self->recovery_pauses),
           NULL);
  g_signal_connect (self->recovery_pauses, "changed", G_CALLBACK (on_pauses_changed), NULL);
  on_pauses_changed (GTK_EDITABLE (self->recovery_pauses));

  /* Compressibility */
  ssdb_compression_spec_init (&cspec);
  self->compression_span_mib = spin_new (1, 1048576, 64, 0, (double)(cspec.span_length / MIB));
  add_row (self, SSDB_EXPORT_VIEW_COMPRESSION, _ ("_Span, MiB"),
           GTK_WIDGET (self->compression_span_mib),
           _ ("Region written and read back at each data level, from the start"));
  self->compression_block
      = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (block_sizes), block_label, DEFAULT_BLOCK_INDEX);
  add_row (self, SSDB_EXPORT_VIEW_COMPRESSION, _ ("_Block"), GTK_WIDGET (self->compression_block),
           _ ("Transfer size of the sequential writes and reads"));
  self->compression_zero = GTK_SWITCH (gtk_switch_new ());
  gtk_switch_set_active (self->compression_zero, cspec.include_zero);
  add_row (self, SSDB_EXPORT_VIEW_COMPRESSION, _ ("_Zeros"), GTK_WIDGET (self->compression_zero),
           _ ("Measure all-zero data too"));
  self->compression_passes = spin_new (1, 9, 1, 0, cspec.passes);
  add_row (self, SSDB_EXPORT_VIEW_COMPRESSION, _ ("P_asses"), GTK_WIDGET (self->compression_passes),
           _ ("Write-and-read passes per data level; the best write and the best read count"));

  /* TRIM */
  ssdb_trim_spec_init (&tspec);
  self->trim_rounds = spin_new (1, SSDB_TRIM_MAX_ROUNDS, 1, 0, tspec.rounds);
  add_row (self, SSDB_EXPORT_VIEW_TRIM, _ ("_Rounds"), GTK_WIDGET (self->trim_rounds),
           _ ("Times the whole target is filled with random data and deleted"));
  self->trim_discard = GTK_SWITCH (gtk_switch_new ());
  gtk_switch_set_active (self->trim_discard, tspec.discard);
  add_row (self, SSDB_EXPORT_VIEW_TRIM, _ ("_Discard"), GTK_WIDGET (self->trim_discard),
           _ ("Delete with discard (TRIM); off deletes without telling the drive, as a file "
              "system without TRIM"));
  build_summary_controls (self, SSDB_EXPORT_VIEW_TRIM, "trim", &self->trim_tests);

  /* Free Space */
  ssdb_freespace_spec_init (&fspec);
  self->freespace_step = spin_new (1, 100, 5, 0, fspec.step_percent);
  add_row (self, SSDB_EXPORT_VIEW_FREESPACE, _ ("_Step, %"), GTK_WIDGET (self->freespace_step),
           _ ("Share of the target each step fills before the summary tests run again"));
  build_summary_controls (self, SSDB_EXPORT_VIEW_FREESPACE, "freespace", &self->freespace_tests);

  /* Steady State */
  ssdb_consistency_spec_init (&kspec);
  self->consistency_minutes = spin_new (0.01, 1440, 1, 2, (double)kspec.duration_ns / 60e9);
  add_row (self, SSDB_EXPORT_VIEW_CONSISTENCY, _ ("_Duration, min"),
           GTK_WIDGET (self->consistency_minutes), _ ("Length of the random-write run"));
  self->consistency_round_s = spin_new (0.1, 3600, 1, 2, (double)kspec.round_ns / 1e9);
  add_row (self, SSDB_EXPORT_VIEW_CONSISTENCY, _ ("_Round, s"),
           GTK_WIDGET (self->consistency_round_s),
           _ ("One IOPS value per round; the steady-state window is 5 rounds"));
  self->consistency_precondition = spin_new (0, 2, 1, 0, kspec.precondition_passes);
  add_row (self, SSDB_EXPORT_VIEW_CONSISTENCY, _ ("_Preconditioning passes"),
           GTK_WIDGET (self->consistency_precondition),
           _ ("Sequential writes over the whole target before the run (SNIA PTS asks for 2)"));
  self->consistency_data
      = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (data_patterns), data_label, 0);
  add_row (self, SSDB_EXPORT_VIEW_CONSISTENCY, _ ("D_ata"), GTK_WIDGET (self->consistency_data),
           _ ("Data written"));

  /* Read After Write */
  self->readback_span_gb = whole_spin_new (1e6, MIB);
  add_row (self, SSDB_EXPORT_VIEW_READBACK, _ ("_Span, GB"), GTK_WIDGET (self->readback_span_gb),
           _ ("Part of the target written twice and read back, from the start; “whole” for all "
              "of it"));

  /* Names for tests and the inspector. */
  gtk_widget_set_name (GTK_WIDGET (self->recovery_write_gb), "recovery-write-gb");
  gtk_widget_set_name (GTK_WIDGET (self->recovery_pauses), "recovery-pauses");
  gtk_widget_set_name (GTK_WIDGET (self->compression_span_mib), "compression-span-mib");
  gtk_widget_set_name (GTK_WIDGET (self->compression_block), "compression-block");
  gtk_widget_set_name (GTK_WIDGET (self->compression_zero), "compression-zero");
  gtk_widget_set_name (GTK_WIDGET (self->compression_passes), "compression-passes");
  gtk_widget_set_name (GTK_WIDGET (self->trim_rounds), "trim-rounds");
  gtk_widget_set_name (GTK_WIDGET (self->trim_discard), "trim-discard");
  gtk_widget_set_name (GTK_WIDGET (self->freespace_step), "freespace-step");
  gtk_widget_set_name (GTK_WIDGET (self->consistency_minutes), "consistency-minutes");
  gtk_widget_set_name (GTK_WIDGET (self->consistency_round_s), "consistency-round-s");
  gtk_widget_set_name (GTK_WIDGET (self->consistency_precondition), "consistency-precondition");
  gtk_widget_set_name (GTK_WIDGET (self->consistency_data), "consistency-data");
  gtk_widget_set_name (GTK_WIDGET (self->readback_span_gb), "readback-span-gb");
  gtk_widget_set_name (GTK_WIDGET (self->test_dropdown), "behaviour-test");

  /* The finding, under the chart. */
  self->words = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->words, TRUE);
  gtk_label_set_wrap_mode (self->words, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (self->words, TRUE);
  gtk_label_set_xalign (self->words, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->words), FALSE);
  gtk_box_insert_child_after (GTK_BOX (self), GTK_WIDGET (self->words),
                              gtk_widget_get_parent (GTK_WIDGET (self->parts.chart)));

  self->run = ssdb_page_run_new ("ssdb-behaviour", tagged_dup, tagged_free);
  g_signal_connect_swapped (self->run, "updated", G_CALLBACK (on_updated), self);
  g_signal_connect_swapped (self->run, "finished", G_CALLBACK (on_finished), self);
  g_signal_connect_swapped (self->run, "notify::stopping", G_CALLBACK (on_stopping), self);
  ssdb_chart_view_set_draw_func (self->parts.chart, draw, self);
  g_signal_connect_swapped (self->test_dropdown, "notify::selected", G_CALLBACK (on_test_selected),
                            self);
  show_settings (self);
  refresh (self);
}

GtkWidget *
ssdb_behaviour_page_new (void)
{
  return g_object_new (SSDB_TYPE_BEHAVIOUR_PAGE, NULL);
}
