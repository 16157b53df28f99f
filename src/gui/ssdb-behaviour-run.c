/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The worker thread of the SSD Behaviour page: it runs the selected test, publishes its result
 * and phase, and the main thread puts that phase in words for the status line. */
#include "config.h"

#include "ssdb-behaviour-page-private.h"

#include <glib/gi18n.h>

/* ---- the worker's phase, for the status line -------------------------------------------- */

static void
live_clear (gpointer data)
{
  g_mutex_clear (&((Live *)data)->lock);
}

Live *
_ssdb_behaviour_live_new (void)
{
  Live *live = g_atomic_rc_box_new0 (Live);

  g_mutex_init (&live->lock);
  return live;
}

void
_ssdb_behaviour_live_release (Live *live)
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

void
_ssdb_behaviour_work_free (gpointer data)
{
  Work *w = data;

  ssdb_test_kind_result_free (w->view, w->result);
  _ssdb_behaviour_live_release (w->live);
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
on_compression_progress (SsdbCompressionResult *result, guint level, guint pass, SsdbRw rw,
                         double fraction, double bytes_per_second, gpointer user_data)
{
  Ctx *ctx = user_data;
  Live *live = ctx->work->live;

  g_mutex_lock (&live->lock);
  live->phase = pass == 0 ? PHASE_PREPARE : rw == SSDB_RW_READ ? PHASE_READ : PHASE_WRITE;
  live->index = level;
  live->pass = pass;
  live->rate = bytes_per_second;
  g_mutex_unlock (&live->lock);
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

gpointer
_ssdb_behaviour_work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data,
                      GCancellable *cancellable, GError **error)
{
  Work *w = data;
  Ctx ctx = { job, w, -1 };
  Tagged *t;

  switch (w->view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        ssdb_recovery_run (target, w->result, on_recovery_progress, &ctx, cancellable, error);
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        ssdb_compression_run (target, w->result, on_compression_progress, &ctx, cancellable, error);
        break;
      case SSDB_TEST_KIND_TRIM:
        ssdb_trim_run (target, w->result, on_trim_progress, &ctx, cancellable, error);
        break;
      case SSDB_TEST_KIND_FREESPACE:
        ssdb_freespace_run (target, w->result, on_freespace_progress, &ctx, cancellable, error);
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        ssdb_consistency_run (target, w->result, on_consistency_progress, &ctx, cancellable, error);
        break;
      case SSDB_TEST_KIND_READBACK:
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

/* ---- the worker's phase in words, for the status line ------------------------------------- */

guint
_ssdb_behaviour_compression_n_levels (const SsdbCompressionSpec *spec)
{
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];

  return ssdb_compression_levels (spec->step_percent, spec->include_zero, levels);
}

static char *
compression_level_name (const SsdbCompressionSpec *spec, guint level)
{
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  guint n = ssdb_compression_levels (spec->step_percent, spec->include_zero, levels);
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
      mbps = _ssdb_behaviour_format_mbps (running->bytes_per_second);
      /* Translators: a summary test, its direction and its live rate, "SEQ1M Q8T1 read · 2345.6
         MB/s" */
      return g_strdup_printf (_ ("%s %s · %s MB/s"), running->name, rw, mbps);
    }
  if (running->phase != NULL && g_str_equal (running->phase, "prepare"))
    return g_strdup (_ ("preparing the test region"));
  return g_strdup (_ ("summary tests"));
}

/* The status of the running test: its phase, the latest rate and the share done. */
char *
_ssdb_behaviour_dup_live_status (SsdbBehaviourPage *self)
{
  gconstpointer result = _ssdb_behaviour_shown_result (self, self->running_view);
  int pct = (int)(ssdb_page_run_get_fraction (self->run) * 100);
  Phase phase;
  guint index, pass;
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
  pass = self->live->pass;
  summary_test = self->live->running;
  g_mutex_unlock (&self->live->lock);

  if (ssdb_page_run_get_updates (self->run) == 0 || result == NULL || phase == PHASE_NONE)
    return g_strdup (_ ("Opening the target"));
  mbps = _ssdb_behaviour_format_mbps (rate);
  running = dup_running_text (&summary_test);
  switch (self->running_view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        {
          const SsdbRecoveryResult *r = result;

          if (phase == PHASE_PAUSE)
            {
              gint64 left_us = MAX (0, pause_end_us - g_get_monotonic_time ());
              g_autofree char *left = _ssdb_behaviour_format_duration (
                  (guint64)((left_us + 999999) / 1000000) * NS_S);

              /* Translators: "Pause 2 of 3: 40 s left · 35 %" */
              return g_strdup_printf (_ ("Pause %u of %u: %s left · %d %%"), MAX (index, 1),
                                      r->spec.n_pauses, left, pct);
            }
          return g_strdup_printf (_ ("Write %u of %u · %s MB/s · %d %%"), index + 1,
                                  r->spec.n_pauses + 1, mbps, pct);
        }
      case SSDB_TEST_KIND_COMPRESSION:
        {
          const SsdbCompressionResult *r = result;
          g_autofree char *level = compression_level_name (&r->spec, index);

          if (phase == PHASE_PREPARE)
            /* Translators: the compression test's first write of its region, before any level
             * is measured */
            return g_strdup_printf (_ ("Preparing: writing random data · %s MB/s · %d %%"), mbps,
                                    pct);
          /* Translators: "Pass 2 of 3 · 50 % compressible: reading · 2345.6 MB/s · 40 %" */
          return g_strdup_printf (phase == PHASE_READ
                                      ? _ ("Pass %u of %u · %s: reading · %s MB/s · %d %%")
                                      : _ ("Pass %u of %u · %s: writing · %s MB/s · %d %%"),
                                  MAX (pass, 1u), MAX (r->spec.passes, 1u), level, mbps, pct);
        }
      case SSDB_TEST_KIND_TRIM:
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
      case SSDB_TEST_KIND_FREESPACE:
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
      case SSDB_TEST_KIND_CONSISTENCY:
        {
          const SsdbConsistencyResult *r = result;
          guint n = r->spec.round_ns ? (guint)(r->spec.duration_ns / r->spec.round_ns) : 0;

          if (r->rounds->len == 0 && r->spec.precondition_passes > 0)
            return g_strdup_printf (_ ("Preconditioning: sequential writes over the span · %d %%"),
                                    pct);
          return g_strdup_printf (_ ("Round %u of %u · %.0f IOPS · %d %%"), r->rounds->len, n, rate,
                                  pct);
        }
      case SSDB_TEST_KIND_READBACK:
        return g_strdup_printf (phase == PHASE_READ ? _ ("Pass %u of 2: reading · %s MB/s · %d %%")
                                                    : _ ("Pass %u of 2: writing · %s MB/s · %d %%"),
                                index + 1, mbps, pct);
      default:
        g_assert_not_reached ();
    }
}
