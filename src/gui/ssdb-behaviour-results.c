/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The results of the six SSD behaviour tests: words, subtitles and drawing. */
#include "config.h"
#include "ssdb-gui-util.h"

#include "ssdb-behaviour-page-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- words, cancelled: copies and frees are the engine's (ssdb_test_kind_result_dup ()) ---- */

/* The words of a result, "" without them. */
const char *
_ssdb_behaviour_result_words (SsdbTestKind view, gconstpointer result)
{
  const char *words = NULL;

  if (result == NULL)
    return "";
  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        words = ((const SsdbRecoveryResult *)result)->words;
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        words = ((const SsdbCompressionResult *)result)->words;
        break;
      case SSDB_TEST_KIND_TRIM:
        words = ((const SsdbTrimResult *)result)->words;
        break;
      case SSDB_TEST_KIND_FREESPACE:
        words = ((const SsdbFreespaceResult *)result)->words;
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        words = ((const SsdbConsistencyResult *)result)->words;
        break;
      case SSDB_TEST_KIND_READBACK:
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
void
_ssdb_behaviour_result_set_cancelled (SsdbTestKind view, gpointer result)
{
  if (result == NULL)
    return;
  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        ((SsdbRecoveryResult *)result)->cancelled = TRUE;
        ssdb_recovery_analyze (result);
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        ((SsdbCompressionResult *)result)->cancelled = TRUE;
        ssdb_compression_summarize (result);
        break;
      case SSDB_TEST_KIND_TRIM:
        ((SsdbTrimResult *)result)->cancelled = TRUE;
        ssdb_trim_summarize (result);
        break;
      case SSDB_TEST_KIND_FREESPACE:
        ((SsdbFreespaceResult *)result)->cancelled = TRUE;
        ssdb_freespace_summarize (result);
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        ((SsdbConsistencyResult *)result)->cancelled = TRUE;
        ssdb_consistency_analyze (result);
        break;
      case SSDB_TEST_KIND_READBACK:
        ((SsdbReadbackResult *)result)->cancelled = TRUE;
        ssdb_readback_summarize (result);
        break;
      default:
        g_assert_not_reached ();
    }
}

gpointer
_ssdb_behaviour_tagged_dup (gconstpointer data)
{
  const Tagged *t = data;
  Tagged *c = g_new (Tagged, 1);

  c->view = t->view;
  c->result = ssdb_test_kind_result_dup (t->view, t->result);
  return c;
}

void
_ssdb_behaviour_tagged_free (gpointer data)
{
  Tagged *t = data;

  if (t == NULL)
    return;
  ssdb_test_kind_result_free (t->view, t->result);
  g_free (t);
}

/* ---- words and numbers -------------------------------------------------------------------- */

char *
_ssdb_behaviour_format_mbps (double bytes_per_second)
{
  return g_strdup_printf ("%.1f", bytes_per_second / 1e6);
}

/* "30 s", "0.5 s", "1 min", "1 min 30 s" (whole seconds from a minute on). */
char *
_ssdb_behaviour_format_duration (guint64 ns)
{
  guint64 s = (ns + NS_S / 2) / NS_S;

  if (s < 60)
    return ssdb_page_parts_format_seconds (ns);
  if (s >= 3600)
    {
      guint m = (guint)((s + 30) / 60);

      if (m % 60 == 0)
        return g_strdup_printf (_ ("%u h"), m / 60);
      return g_strdup_printf (_ ("%u h %u min"), m / 60, m % 60);
    }
  if (s % 60 == 0)
    return g_strdup_printf (_ ("%u min"), (guint)(s / 60));
  return g_strdup_printf (_ ("%u min %u s"), (guint)(s / 60), (guint)(s % 60));
}

/* An estimate to the precision it has: "3 s", "20 s" (5 s steps), "1 min 30 s" (30 s steps
 * below 10 min), "12 min", "1 h 5 min" (5 min steps from an hour on). */
char *
_ssdb_behaviour_format_estimate (guint64 ns)
{
  guint64 step = ns < 10 * NS_S     ? NS_S
                 : ns < 60 * NS_S   ? 5 * NS_S
                 : ns < 600 * NS_S  ? 30 * NS_S
                 : ns < 3600 * NS_S ? 60 * NS_S
                                    : 300 * NS_S;

  return _ssdb_behaviour_format_duration (MAX (NS_S, (ns + step / 2) / step * step));
}

char *
_ssdb_behaviour_format_pauses (const SsdbRecoverySpec *spec)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < spec->n_pauses && i < SSDB_RECOVERY_MAX_PAUSES; i++)
    {
      g_autofree char *d = _ssdb_behaviour_format_duration (spec->pauses_ns[i]);

      if (i > 0)
        /* Translators: between the pauses of a list ("2 s, 30 s, 5 min") */
        g_string_append (s, C_ ("list separator", ", "));
      g_string_append (s, d);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

char *
_ssdb_behaviour_format_pattern (const SsdbDataPattern *p)
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
char *
_ssdb_behaviour_format_tests (SsdbProfile profile, guint mask)
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
dup_subtitle (SsdbTestKind view, gconstpointer result)
{
  if (result == NULL)
    return NULL;
  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        {
          const SsdbRecoveryResult *r = result;
          g_autofree char *write = r->spec.write_bytes
                                       ? ssdb_gui_format_capacity (r->spec.write_bytes)
                                       : g_strdup (_ ("the whole target"));
          g_autofree char *pauses = _ssdb_behaviour_format_pauses (&r->spec);
          g_autofree char *block = ssdb_gui_format_transfer_size (r->spec.block_size);

          return g_strdup_printf (_ ("Idle recovery · %s per write · pauses of %s · %s QD%u"),
                                  write, pauses, block, r->spec.queue_depth);
        }
      case SSDB_TEST_KIND_COMPRESSION:
        {
          const SsdbCompressionResult *r = result;
          g_autofree char *span = ssdb_gui_format_transfer_size (r->spec.span_length);
          g_autofree char *block = ssdb_gui_format_transfer_size (r->spec.block_size);
          g_autofree char *text = NULL;

          if (r->spec.passes > 1)
            text = g_strdup_printf (_ ("Compressibility · sequential %s QD%u over %s · best of %u "
                                       "passes"),
                                    block, r->spec.queue_depth, span, r->spec.passes);
          else
            text = g_strdup_printf (_ ("Compressibility · sequential %s QD%u over %s"), block,
                                    r->spec.queue_depth, span);
          if (r->spec.step_percent == SSDB_COMPRESSION_DEFAULT_STEP)
            return g_steal_pointer (&text);
          /* Translators: appended to the compression chart's subtitle, "· steps of 10 %" */
          return g_strdup_printf (_ ("%s · steps of %u %%"), text, r->spec.step_percent);
        }
      case SSDB_TEST_KIND_TRIM:
        {
          const SsdbTrimResult *r = result;
          g_autofree char *size = ssdb_gui_format_transfer_size (r->spec.summary.size);

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
      case SSDB_TEST_KIND_FREESPACE:
        {
          const SsdbFreespaceResult *r = result;
          g_autofree char *size = ssdb_gui_format_transfer_size (r->spec.summary.size);

          return g_strdup_printf (_ ("Speed against free space · steps of %u %% · summary tests "
                                     "over %s"),
                                  r->spec.step_percent, size);
        }
      case SSDB_TEST_KIND_CONSISTENCY:
        {
          const SsdbConsistencyResult *r = result;
          g_autofree char *block = ssdb_gui_format_transfer_size (r->spec.block_size);
          g_autofree char *duration = _ssdb_behaviour_format_duration (r->spec.duration_ns);
          g_autofree char *round = _ssdb_behaviour_format_duration (r->spec.round_ns);
          g_autofree char *data = _ssdb_behaviour_format_pattern (&r->spec.data);

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
      case SSDB_TEST_KIND_READBACK:
        {
          const SsdbReadbackResult *r = result;
          g_autofree char *span = r->spec.span_length
                                      ? ssdb_gui_format_capacity (r->spec.span_length)
                                      : g_strdup (_ ("the whole target"));
          g_autofree char *block = ssdb_gui_format_transfer_size (r->spec.block_size);

          /* Reports made before the second read hold one read of each pass. */
          if (r->spec.read_back_repeats == 0)
            return g_strdup_printf (
                _ ("Read after write · two passes over %s · sequential %s QD%u"), span, block,
                r->spec.queue_depth);
          return g_strdup_printf (_ ("Read after write · two passes over %s, each read back twice "
                                     "· sequential %s QD%u"),
                                  span, block, r->spec.queue_depth);
        }
      default:
        g_assert_not_reached ();
    }
}

/* ---- drawing ------------------------------------------------------------------------------ */

/* For a painter's view: NULL when @result is NULL, else the address of @copy, a shallow copy of
 * *@result (the type of @copy) without its words unless @with_words. */
#define QUIET_COPY(copy, result, with_words)                                                       \
  ((result) == NULL ? NULL                                                                         \
                    : ((copy) = *(const __typeof__ (copy) *)(result),                              \
                       (with_words) ? (void)0 : (void)((copy).words = NULL), &(copy)))

/* Draws @view's chart of @result; @with_words also draws the finding under it. */
void
_ssdb_behaviour_draw_result (SsdbTestKind view, gconstpointer result, const char *title,
                             const char *caption, gboolean running, gboolean with_words,
                             const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  g_autofree char *subtitle = dup_subtitle (view, result);

  /* how the test wrote, where it departs from the usual: named under the title */
  if (result != NULL
      && ((view == SSDB_TEST_KIND_TRIM && ((const SsdbTrimResult *)result)->spec.stress)
          || (view == SSDB_TEST_KIND_FREESPACE
              && ((const SsdbFreespaceResult *)result)->spec.stress)
          || (view == SSDB_TEST_KIND_RECOVERY
              && ((const SsdbRecoveryResult *)result)->spec.next_span)))
    {
      char *more = g_strdup_printf (
          /* Translators: the settings line of a chart, then how its test wrote */
          C_ ("subtitle", "%s · %s"), subtitle,
          view == SSDB_TEST_KIND_RECOVERY ? _ ("each write on the next span")
                                          : _ ("after a random-write stress"));

      g_free (subtitle);
      subtitle = more;
    }

  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        {
          SsdbRecoveryView v;
          SsdbRecoveryResult quiet;

          ssdb_recovery_view_init (&v);
          v.result = QUIET_COPY (quiet, result, with_words);
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          v.running = running;
          ssdb_recovery_painter_draw (&v, style, cr, width, height);
          return;
        }
      case SSDB_TEST_KIND_CONSISTENCY:
        {
          SsdbConsistencyView v;
          SsdbConsistencyResult quiet;

          ssdb_consistency_view_init (&v);
          v.result = QUIET_COPY (quiet, result, with_words);
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
        case SSDB_TEST_KIND_COMPRESSION:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_COMPRESSION);
          v.compression = QUIET_COPY (c, result, with_words);
          break;
        case SSDB_TEST_KIND_TRIM:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_TRIM);
          v.trim = QUIET_COPY (t, result, with_words);
          break;
        case SSDB_TEST_KIND_FREESPACE:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_FREESPACE);
          v.freespace = QUIET_COPY (f, result, with_words);
          break;
        case SSDB_TEST_KIND_READBACK:
          ssdb_behaviour_view_init (&v, SSDB_BEHAVIOUR_READBACK);
          v.readback = QUIET_COPY (r, result, with_words);
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
