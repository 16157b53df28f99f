/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "ssdb-gui-util.h"

#include "ssdb-behaviour-page-private.h"
#include "render/ssdb-render-lang.h"

#include "engine/ssdb-fill.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

/* The drop-down's entries, in view order. */
static const char *const test_names[N_TESTS]
    = { N_ ("Idle Recovery"), N_ ("Compressibility"), N_ ("TRIM"),
        N_ ("Free Space"),    N_ ("Steady State"),    N_ ("Read After Write") };

/* ---- the page ---------------------------------------------------------------------------- */

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbBehaviourPage, ssdb_behaviour_page, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

gboolean
ssdb_behaviour_view_is_behaviour (SsdbTestKind view)
{
  return view >= SSDB_TEST_KIND_RECOVERY && view <= SSDB_TEST_KIND_READBACK;
}

/* The result shown for @view: the run's for the test that ran last (live or finished), else
 * the one kept or loaded. */
gconstpointer
_ssdb_behaviour_shown_result (SsdbBehaviourPage *self, SsdbTestKind view)
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
      ssdb_test_kind_result_free (t->view, self->results[i]);
      self->results[i] = g_steal_pointer (&t->result);
    }
  ssdb_page_run_set_result (self->run, NULL);
}

/* ---- drawing ------------------------------------------------------------------------------ */

static gpointer
new_result (SsdbBehaviourPage *self, GError **error);

static const char *
shown_title (SsdbBehaviourPage *self, SsdbTestKind view)
{
  const char *title = self->titles[test_index (view)];

  return title != NULL ? title : self->title;
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbBehaviourPage *self = data;
  gboolean running = ssdb_page_run_get_running (self->run) && self->selected == self->running_view;
  gconstpointer shown = _ssdb_behaviour_shown_result (self, self->selected);
  gpointer planned = NULL;

  /* Before a run, the chart is the settings' one: a steady-state run's time axis spans the
   * duration set, a compression run's levels follow the step and the 0-fill setting. */
  if (shown == NULL && !running
      && (self->selected == SSDB_TEST_KIND_CONSISTENCY
          || self->selected == SSDB_TEST_KIND_COMPRESSION))
    shown = planned = new_result (self, NULL);
  /* The finding is the label under the chart on screen. */
  _ssdb_behaviour_draw_result (self->selected, shown, shown_title (self, self->selected), NULL,
                               running, FALSE, style, cr, width, height);
  ssdb_test_kind_result_free (self->selected, planned);
}

/* ---- status ------------------------------------------------------------------------------- */

static void
set_status (SsdbBehaviourPage *self, SsdbTestKind view, const char *text)
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

/* ---- refresh ------------------------------------------------------------------------------ */

/* Before a run of the selected test, with no result shown: how long a run of its settings takes
 * on the target, at the rate the engine assumes. %NULL while a run goes on or a result is
 * shown. */
static char *
dup_estimate_text (SsdbBehaviourPage *self)
{
  SsdbRunEstimate e;
  gpointer result;
  gboolean known;
  guint64 target_bytes = self->device_bytes;
  g_autofree char *total = NULL, *timed = NULL, *written = NULL, *read = NULL, *rate = NULL;

  if (self->run == NULL || ssdb_page_run_get_running (self->run)
      || _ssdb_behaviour_shown_result (self, self->selected) != NULL)
    return NULL;
  /* A test file is made of the window's Size setting. */
  if (self->test_file && self->settings != NULL)
    target_bytes = (guint64)MAX (0, g_settings_get_int (self->settings, "size-mib")) * MIB;
  result = new_result (self, NULL);
  if (result == NULL)
    return NULL;
  known = ssdb_test_kind_estimate (self->selected, result, target_bytes, &e);
  ssdb_test_kind_result_free (self->selected, result);
  if (!known)
    return g_strdup (_ ("How long a run takes depends on the size of the target: choose one"));
  if (e.write_bytes == 0 && e.read_bytes == 0)
    {
      /* Timed tests and pauses only: the time is exact. */
      total = _ssdb_behaviour_format_duration (e.timed_ns);
      /* Translators: how long a run of the settings shown takes ("5 min") */
      return g_strdup_printf (_ ("A run takes %s"), total);
    }
  /* An estimate, to the precision it has: "about 20 s", not "about 19.86 s". */
  total
      = _ssdb_behaviour_format_estimate (ssdb_run_estimate_ns (&e, SSDB_ESTIMATE_BYTES_PER_SECOND));
  timed = _ssdb_behaviour_format_duration (e.timed_ns);
  written = ssdb_gui_format_capacity (e.write_bytes);
  read = ssdb_gui_format_capacity (e.read_bytes);
  rate = g_strdup_printf ("%.0f", SSDB_ESTIMATE_BYTES_PER_SECOND / 1e6);
  if (e.timed_ns == 0 && e.read_bytes == 0)
    /* Translators: the time a run takes, the rate it assumes (MB/s), the bytes it writes */
    return g_strdup_printf (_ ("A run takes about %s at %s MB/s: it writes %s"), total, rate,
                            written);
  if (e.timed_ns == 0)
    /* Translators: the time a run takes, the rate it assumes (MB/s), the bytes it writes and
     * reads */
    return g_strdup_printf (_ ("A run takes about %s at %s MB/s: it writes %s and reads %s"), total,
                            rate, written, read);
  if (e.read_bytes == 0)
    /* Translators: the time a run takes, the rate it assumes (MB/s), the time of its timed
     * tests and pauses, the bytes it writes */
    return g_strdup_printf (_ ("A run takes about %s at %s MB/s: %s of timed tests and pauses, "
                               "and it writes %s"),
                            total, rate, timed, written);
  /* Translators: the time a run takes, the rate it assumes (MB/s), the time of its timed tests
   * and pauses, the bytes it writes and reads */
  return g_strdup_printf (_ ("A run takes about %s at %s MB/s: %s of timed tests and pauses, "
                             "and it writes %s and reads %s"),
                          total, rate, timed, written, read);
}

static void
refresh (SsdbBehaviourPage *self)
{
  const char *words = _ssdb_behaviour_result_words (
      self->selected, _ssdb_behaviour_shown_result (self, self->selected));
  guint i = test_index (self->selected);

  gtk_label_set_text (self->words, words);
  gtk_widget_set_visible (GTK_WIDGET (self->words), *words != '\0');
  if (self->status[i] != NULL && *self->status[i] != '\0')
    gtk_label_set_text (self->parts.status, self->status[i]);
  else
    {
      g_autofree char *estimate = dup_estimate_text (self);

      gtk_label_set_text (self->parts.status, estimate != NULL ? estimate : "");
    }
  ssdb_page_parts_redraw (&self->parts, words);
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
  text = ssdb_page_run_add_time (self->run, _ssdb_behaviour_dup_live_status (self));
  set_status (self, self->running_view, text);
  refresh (self);
}

/* Once a second: the time taken and left beside the progress. */
static void
on_tick (SsdbBehaviourPage *self)
{
  g_autofree char *text = NULL;

  if (!ssdb_page_run_get_running (self->run) || ssdb_page_run_get_stopping (self->run))
    return;
  text = ssdb_page_run_add_time (self->run, _ssdb_behaviour_dup_live_status (self));
  set_status (self, self->running_view, text);
}

static void
on_finished (SsdbBehaviourPage *self, const GError *error)
{
  Tagged *t = ssdb_page_run_get_result (self->run);
  SsdbTestKind view = self->running_view;
  g_autofree char *text = NULL;

  gtk_widget_set_sensitive (self->parts.settings, TRUE);
  if (t != NULL && t->view == view && error != NULL
      && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    _ssdb_behaviour_result_set_cancelled (view, t->result);
  if (error == NULL)
    {
      g_autofree char *took = _ssdb_behaviour_format_duration (
          (guint64)(g_get_monotonic_time () - self->started_us) / 100000 * 100000000);

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
  self->selected = (SsdbTestKind)(FIRST_VIEW + i);
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

static gboolean
summary_from_controls (const SummaryControls *c, SsdbSummarySpec *spec, guint *mask, GError **error)
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
  spec->duration_ns = _ssdb_behaviour_spin_ns (c->seconds, 1);
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

/* The settings of the result the selected test shows (loaded or measured) where no control
 * holds them (the block size, the queue depth, the summary's passes): a start from a report's
 * settings runs them; else the engine's defaults. Where the span lies is never taken from a
 * report: no control shows it, and the confirmation names what is written from the start of
 * the selected target ("the first 32 MiB of /dev/sdb"), so a start writes there and nowhere
 * else. BASE_SPEC_WHOLE also leaves the span's length at the default (the whole target) for
 * the tests that have no control for it, whose confirmation says "all of /dev/sdb". */
#define BASE_SPEC(type, init)                                                                      \
  do                                                                                               \
    {                                                                                              \
      const type *base_ = _ssdb_behaviour_shown_result (self, self->selected);                     \
                                                                                                   \
      init (&spec);                                                                                \
      if (base_ != NULL && !ssdb_page_run_get_running (self->run))                                 \
        {                                                                                          \
          guint64 offset_ = spec.span_offset;                                                      \
                                                                                                   \
          spec = base_->spec;                                                                      \
          spec.span_offset = offset_;                                                              \
        }                                                                                          \
    }                                                                                              \
  while (0)
#define BASE_SPEC_WHOLE(type, init)                                                                \
  do                                                                                               \
    {                                                                                              \
      guint64 length_;                                                                             \
                                                                                                   \
      init (&spec);                                                                                \
      length_ = spec.span_length;                                                                  \
      BASE_SPEC (type, init);                                                                      \
      spec.span_length = length_;                                                                  \
    }                                                                                              \
  while (0)

/* The selected test's settings as a new result, as its controls hold them. %NULL with @error
 * only when a control's text is no setting (a list of pauses that does not parse, no summary
 * test chosen, a size that rounds to none): whether the settings fit the target is the
 * engine's check (ssdb_test_kind_check()). */
static gpointer
new_result (SsdbBehaviourPage *self, GError **error)
{
  switch (self->selected)
    {
      case SSDB_TEST_KIND_RECOVERY:
        {
          SsdbRecoverySpec spec;

          BASE_SPEC (SsdbRecoveryResult, ssdb_recovery_spec_init);
          spec.write_bytes
              = _ssdb_behaviour_spin_gb_bytes (self->recovery_write_gb, spec.block_size);
          /* 0 would write to the end of the target */
          if (gtk_spin_button_get_value (self->recovery_write_gb) > 0 && spec.write_bytes == 0)
            {
              g_autofree char *block = ssdb_gui_format_transfer_size (spec.block_size);

              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Write per pass: at least one %s transfer"), block);
              return NULL;
            }
          if (!parse_pauses (gtk_editable_get_text (GTK_EDITABLE (self->recovery_pauses)), &spec,
                             error))
            return NULL;
          spec.next_span = gtk_switch_get_active (self->recovery_next_span);
          return ssdb_recovery_result_new (&spec);
        }
      case SSDB_TEST_KIND_COMPRESSION:
        {
          SsdbCompressionSpec spec;
          guint64 v = 0;
          /* a choice, or a loaded report's value (an extra entry) */
          guint b = ssdb_gui_dropdown_selected (self->compression_block, G_N_ELEMENTS (block_sizes),
                                                &v);

          BASE_SPEC (SsdbCompressionResult, ssdb_compression_spec_init);
          spec.block_size = b < G_N_ELEMENTS (block_sizes) ? block_sizes[b] : (guint)v;
          spec.span_length
              = (guint64)gtk_spin_button_get_value_as_int (self->compression_span_mib) * MIB;
          spec.include_zero = gtk_switch_get_active (self->compression_zero);
          b = ssdb_gui_dropdown_selected (self->compression_step, G_N_ELEMENTS (compression_steps),
                                          &v);
          spec.step_percent
              = b < G_N_ELEMENTS (compression_steps) ? compression_steps[b] : (guint)v;
          spec.passes = (guint)gtk_spin_button_get_value_as_int (self->compression_passes);
          return ssdb_compression_result_new (&spec);
        }
      case SSDB_TEST_KIND_TRIM:
        {
          SsdbTrimSpec spec;

          BASE_SPEC_WHOLE (SsdbTrimResult, ssdb_trim_spec_init);
          spec.rounds = (guint)gtk_spin_button_get_value_as_int (self->trim_rounds);
          spec.discard = gtk_switch_get_active (self->trim_discard);
          spec.stress = gtk_switch_get_active (self->trim_stress);
          if (!summary_from_controls (&self->trim_tests, &spec.summary, &spec.test_mask, error))
            return NULL;
          return ssdb_trim_result_new (&spec);
        }
      case SSDB_TEST_KIND_FREESPACE:
        {
          SsdbFreespaceSpec spec;

          BASE_SPEC_WHOLE (SsdbFreespaceResult, ssdb_freespace_spec_init);
          spec.step_percent = (guint)gtk_spin_button_get_value_as_int (self->freespace_step);
          spec.stress = gtk_switch_get_active (self->freespace_stress);
          if (!summary_from_controls (&self->freespace_tests, &spec.summary, &spec.test_mask,
                                      error))
            return NULL;
          return ssdb_freespace_result_new (&spec);
        }
      case SSDB_TEST_KIND_CONSISTENCY:
        {
          SsdbConsistencySpec spec;
          guint64 v = 0;
          guint d = ssdb_gui_dropdown_selected (self->consistency_data,
                                                G_N_ELEMENTS (data_patterns), &v);

          BASE_SPEC_WHOLE (SsdbConsistencyResult, ssdb_consistency_spec_init);
          spec.duration_ns = _ssdb_behaviour_spin_ns (self->consistency_minutes, 60);
          spec.round_ns = _ssdb_behaviour_spin_ns (self->consistency_round_s, 1);
          spec.precondition_passes
              = (guint)gtk_spin_button_get_value_as_int (self->consistency_precondition);
          spec.data = d < G_N_ELEMENTS (data_patterns)
                          ? data_patterns[d]
                          : (SsdbDataPattern){ DATA_EXTRA_KIND (v), DATA_EXTRA_PERCENT (v) };
          return ssdb_consistency_result_new (&spec);
        }
      case SSDB_TEST_KIND_READBACK:
        {
          SsdbFillSpec spec;

          BASE_SPEC (SsdbReadbackResult, ssdb_fill_spec_init);
          spec.span_length = _ssdb_behaviour_spin_gb_bytes (self->readback_span_gb, MIB);
          /* 0 would read and write to the end of the target */
          if (gtk_spin_button_get_value (self->readback_span_gb) > 0 && spec.span_length == 0)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Span: at least 1 MiB"));
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
ssdb_behaviour_page_set_stress (SsdbBehaviourPage *self, SsdbTestKind view, gboolean stress)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));
  g_return_if_fail (view == SSDB_TEST_KIND_TRIM || view == SSDB_TEST_KIND_FREESPACE);

  gtk_switch_set_active (view == SSDB_TEST_KIND_TRIM ? self->trim_stress : self->freespace_stress,
                         stress);
}

void
ssdb_behaviour_page_set_next_span (SsdbBehaviourPage *self, gboolean next_span)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  gtk_switch_set_active (self->recovery_next_span, next_span);
}

void
ssdb_behaviour_page_set_freespace_step (SsdbBehaviourPage *self, guint step_percent)
{
  g_return_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self));

  gtk_spin_button_set_value (self->freespace_step, step_percent);
}

gboolean
ssdb_behaviour_page_set_summary (SsdbBehaviourPage *self, SsdbTestKind view, guint test_mask,
                                 guint64 test_size, guint64 duration_ns)
{
  SummaryControls *c;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);

  if (view == SSDB_TEST_KIND_TRIM)
    c = &self->trim_tests;
  else if (view == SSDB_TEST_KIND_FREESPACE)
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
ssdb_behaviour_page_select (SsdbBehaviourPage *self, SsdbTestKind view)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);

  if (!ssdb_behaviour_view_is_behaviour (view) || ssdb_page_run_get_running (self->run))
    return FALSE;
  gtk_drop_down_set_selected (self->test_dropdown, test_index (view));
  if (self->selected != view)
    on_test_selected (self);
  return TRUE;
}

SsdbTestKind
ssdb_behaviour_page_get_selected (SsdbBehaviourPage *self)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), SSDB_TEST_KIND_RECOVERY);
  return self->selected;
}

/* "all of /dev/sdb (…)" or "the first 1.50 GB of /dev/sdb (…)" (or "256 MiB" for @binary). */
static char *
dup_span_text (guint64 bytes, gboolean binary, const char *device)
{
  g_autofree char *size = NULL;

  if (bytes == 0)
    return g_strdup_printf (_ ("all of %s"), device);
  size = binary ? ssdb_gui_format_transfer_size (bytes) : ssdb_gui_format_capacity (bytes);
  return g_strdup_printf (_ ("the first %s of %s"), size, device);
}

char *
ssdb_behaviour_page_dup_confirm_body (SsdbBehaviourPage *self, const char *device_title)
{
  gpointer result;
  g_autofree char *what = NULL;
  SsdbTestKind view;
  gboolean partial = FALSE; /* writes only a part of the device */

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  g_return_val_if_fail (device_title != NULL, NULL);

  view = self->selected;
  result = new_result (self, NULL);
  if (result == NULL)
    what = g_strdup_printf (_ ("Writes to %s."), device_title);
  else
    switch (view)
      {
        case SSDB_TEST_KIND_RECOVERY:
          {
            const SsdbRecoveryResult *r = result;
            g_autofree char *span = dup_span_text (
                r->spec.write_bytes * (r->spec.next_span ? r->spec.n_pauses + 1 : 1), FALSE,
                device_title);
            g_autofree char *pauses = _ssdb_behaviour_format_pauses (&r->spec);

            partial = r->spec.write_bytes != 0;

            if (r->spec.next_span)
              what = g_strdup_printf (
                  ngettext ("Writes %s with random data in %u writes one after the other, from "
                            "its start, and leaves it idle for %s between the writes (%u pause).",
                            "Writes %s with random data in %u writes one after the other, from "
                            "its start, and leaves it idle for %s between the writes (%u pauses).",
                            r->spec.n_pauses),
                  span, r->spec.n_pauses + 1, pauses, r->spec.n_pauses);
            else
              what = g_strdup_printf (
                  ngettext (
                      "Writes %s with random data %u times, from its start, and leaves it idle "
                      "for %s between the writes (%u pause).",
                      "Writes %s with random data %u times, from its start, and leaves it idle "
                      "for %s between the writes (%u pauses).",
                      r->spec.n_pauses),
                  span, r->spec.n_pauses + 1, pauses, r->spec.n_pauses);
            break;
          }
        case SSDB_TEST_KIND_COMPRESSION:
          {
            const SsdbCompressionResult *r = result;
            g_autofree char *span = dup_span_text (r->spec.span_length, TRUE, device_title);

            partial = r->spec.span_length != 0;

            if (r->spec.step_percent != SSDB_COMPRESSION_DEFAULT_STEP)
              what = g_strdup_printf (
                  r->spec.include_zero
                      ? _ ("After a first write with random data, writes %s %u times, with random "
                           "data, %u to 100 %% compressible data in steps of %u %% and zeros, and "
                           "reads it back after each write.")
                      : _ ("After a first write with random data, writes %s %u times, with random "
                           "data and %u to 100 %% compressible data in steps of %u %%, and reads "
                           "it back after each write."),
                  span, _ssdb_behaviour_compression_n_levels (&r->spec) * MAX (1u, r->spec.passes),
                  r->spec.step_percent, r->spec.step_percent);
            else
              what = g_strdup_printf (
                  r->spec.include_zero ? _ ("After a first write with random data, writes %s %u "
                                            "times, with random data, 25 to 100 %% compressible "
                                            "data and zeros, and reads it back after each write.")
                                       : _ ("After a first write with random data, writes %s %u "
                                            "times, with random data and 25 to 100 %% "
                                            "compressible data, and reads it back after each "
                                            "write."),
                  span, _ssdb_behaviour_compression_n_levels (&r->spec) * MAX (1u, r->spec.passes));
            break;
          }
        case SSDB_TEST_KIND_TRIM:
          {
            const SsdbTrimResult *r = result;
            g_autofree char *tests
                = _ssdb_behaviour_format_tests (r->spec.summary.profile, r->spec.test_mask);

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
        case SSDB_TEST_KIND_FREESPACE:
          {
            const SsdbFreespaceResult *r = result;
            g_autofree char *tests
                = _ssdb_behaviour_format_tests (r->spec.summary.profile, r->spec.test_mask);

            what = g_strdup_printf (_ ("Fills all of %s with random data, %u %% at a time, with "
                                       "summary tests (%s) after each step."),
                                    device_title, r->spec.step_percent, tests);
            break;
          }
        case SSDB_TEST_KIND_CONSISTENCY:
          {
            const SsdbConsistencyResult *r = result;
            g_autofree char *block = ssdb_gui_format_transfer_size (r->spec.block_size);
            g_autofree char *duration = _ssdb_behaviour_format_duration (r->spec.duration_ns);
            g_autofree char *data = _ssdb_behaviour_format_pattern (&r->spec.data);
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
        case SSDB_TEST_KIND_READBACK:
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
  /* a random-write stress first writes the span once more */
  if (result != NULL
      && ((view == SSDB_TEST_KIND_TRIM && ((const SsdbTrimResult *)result)->spec.stress)
          || (view == SSDB_TEST_KIND_FREESPACE
              && ((const SsdbFreespaceResult *)result)->spec.stress)))
    {
      char *stressed = g_strdup_printf (C_ ("confirmation", "%s %s"), what,
                                        _ ("Before that, writes it once more in random 4 KiB "
                                           "writes."));

      g_free (what);
      what = stressed;
    }
  ssdb_test_kind_result_free (view, result);
  /* The window's confirmations end the same way. */
  /* Translators: what the test writes, then the warning; no space after a full stop that
   * takes none */
  return g_strdup_printf (C_ ("confirmation", "%s %s"), what,
                          partial ? _ ("All data stored there will be destroyed and cannot be "
                                       "recovered.")
                                  : _ ("All data stored on it will be destroyed and cannot be "
                                       "recovered."));
}

/* The selected test's settings as a new result, checked against the target of @start as the
 * window knows it before opening it; %NULL with @error when they would be refused. */
static gpointer
new_checked_result (SsdbBehaviourPage *self, const SsdbTestPageStart *start, GError **error)
{
  SsdbTargetInfo info;
  gpointer result;

  if (ssdb_page_run_get_running (self->run))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, _ ("A test is running"));
      return NULL;
    }
  result = new_result (self, error);
  if (result == NULL)
    return NULL;
  ssdb_test_page_start_target_info (start, &info);
  /* Every behaviour test's test file is the size the window gives. */
  if (!start->is_device)
    info.size_bytes = start->file_size;
  if (!ssdb_test_kind_check (self->selected, result, &info, error))
    {
      ssdb_test_kind_result_free (self->selected, result);
      return NULL;
    }
  /* The run reads it from the opened device; sysfs tells it before a confirmation is asked. */
  if (self->selected == SSDB_TEST_KIND_TRIM && ((SsdbTrimResult *)result)->spec.discard
      && start->is_device && !device_discards (start->path))
    {
      ssdb_test_kind_result_free (self->selected, result);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("Discard: %s does not support discard (TRIM); switch Discard off"),
                   start->path);
      return NULL;
    }
  return result;
}

gboolean
ssdb_behaviour_page_check (SsdbBehaviourPage *self, const SsdbTestPageStart *start, GError **error)
{
  gpointer result;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);
  g_return_val_if_fail (start != NULL && start->path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  result = new_checked_result (self, start, error);
  if (result == NULL)
    return FALSE;
  ssdb_test_kind_result_free (self->selected, result);
  return TRUE;
}

gboolean
ssdb_behaviour_page_start (SsdbBehaviourPage *self, const SsdbTestPageStart *start, GError **error)
{
  gpointer result;
  Work *w;
  Tagged *initial;

  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), FALSE);
  g_return_val_if_fail (start != NULL && start->path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  result = new_checked_result (self, start, error);
  if (result == NULL)
    return FALSE;

  if (ssdb_page_run_get_busy (self->run))
    {
      ssdb_test_kind_result_free (self->selected, result);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("The previous test is still ending; try again in a moment"));
      return FALSE;
    }
  keep_run_result (self);
  w = g_new0 (Work, 1);
  w->view = self->selected;
  w->result = result;
  w->live = _ssdb_behaviour_live_new ();
  initial = g_new (Tagged, 1);
  initial->view = w->view;
  initial->result = ssdb_test_kind_result_dup (w->view, result);
  if (self->live != NULL)
    _ssdb_behaviour_live_release (self->live);
  self->live = g_atomic_rc_box_acquire (w->live);
  self->running_view = w->view;
  if (!ssdb_page_run_start (self->run, start->path, SSDB_TARGET_OPEN_WRITE,
                            start->is_device ? start->permission : NULL, start->file_size,
                            _ssdb_behaviour_work, w, _ssdb_behaviour_work_free, initial, error))
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
ssdb_behaviour_page_get_result (SsdbBehaviourPage *self, SsdbTestKind view)
{
  g_return_val_if_fail (SSDB_IS_BEHAVIOUR_PAGE (self), NULL);
  if (!ssdb_behaviour_view_is_behaviour (view))
    return NULL;
  return _ssdb_behaviour_shown_result (self, view);
}

gboolean
ssdb_behaviour_page_show_result (SsdbBehaviourPage *self, SsdbTestKind view, gconstpointer result,
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
  ssdb_test_kind_result_free (view, self->results[i]);
  self->results[i] = ssdb_test_kind_result_dup (view, result);
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
  return _ssdb_behaviour_result_words (self->selected,
                                       _ssdb_behaviour_shown_result (self, self->selected));
}

typedef struct
{
  SsdbTestKind view;
  gconstpointer result;
  const char *title;
  const char *caption;
} Export;

static void
draw_export (gconstpointer data, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  const Export *e = data;

  _ssdb_behaviour_draw_result (e->view, e->result, e->title, e->caption, FALSE, TRUE, style, cr,
                               width, height);
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
  e.result = _ssdb_behaviour_shown_result (self, e.view);
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
  style.language = ssdb_render_get_language ();
  return ssdb_chart_write_png (draw_export, &e, &style, path, 1200, 700, 2, error);
}

/* ---- construction ------------------------------------------------------------------------- */

/* A setting changed: the time a run takes, when no run or result holds the status. */
static void
on_setting_changed (SsdbBehaviourPage *self)
{
  guint i = test_index (self->selected);

  if (self->run == NULL || ssdb_page_run_get_running (self->run))
    return;
  /* Without a result, a failed start's status gives way to what the new settings take. */
  if (_ssdb_behaviour_shown_result (self, self->selected) == NULL)
    g_clear_pointer (&self->status[i], g_free);
  refresh (self);
}

/* Refreshes the page when @control's value changes. */
static void
watch_setting (SsdbBehaviourPage *self, gpointer control)
{
  const char *signal = GTK_IS_SPIN_BUTTON (control)    ? "value-changed"
                       : GTK_IS_SWITCH (control)       ? "notify::active"
                       : GTK_IS_DROP_DOWN (control)    ? "notify::selected"
                       : GTK_IS_CHECK_BUTTON (control) ? "toggled"
                       : GTK_IS_EDITABLE (control)     ? "changed"
                                                       : NULL;

  if (signal == NULL)
    return;
  g_signal_connect_swapped (control, signal, G_CALLBACK (on_setting_changed), self);
  g_ptr_array_add (self->controls, control);
}

/* Shows the row of @control (a setting of the template) only with test @view. */
static void
add_row (SsdbBehaviourPage *self, SsdbTestKind view, gpointer control)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (control));

  g_ptr_array_add (self->test_rows[test_index (view)], gtk_widget_get_parent (row));
  watch_setting (self, control);
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
build_summary_controls (SsdbBehaviourPage *self, SsdbTestKind view, const char *prefix,
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
      watch_setting (self, c->checks[i]);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (c->checks[i]));
    }
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  c->size_mib = _ssdb_behaviour_spin_new (1, 65536, 16, 0, (double)(defaults.size / MIB));
  ssdb_page_parts_add_setting (grid, _ ("Test _size, MiB"), GTK_WIDGET (c->size_mib),
                               _ ("The region each summary test reads and writes"));
  c->seconds = _ssdb_behaviour_spin_new (0.1, 60, 1, 1, (double)defaults.duration_ns / 1e9);
  ssdb_page_parts_add_setting (grid, _ ("Se_conds per test"), GTK_WIDGET (c->seconds),
                               _ ("Length of each summary test (read, then write)"));
  watch_setting (self, c->size_mib);
  watch_setting (self, c->seconds);
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

  /* The button and its row are the template's. */
  gtk_menu_button_set_popover (c->button, popover);
  update_tests_label (c);
  add_row (self, view, c->button);
}

static char *
test_label (guint i)
{
  return g_strdup (_ (test_names[i]));
}

static char *
block_label (guint i)
{
  return ssdb_gui_format_transfer_size (block_sizes[i]);
}

static char *
step_label (guint i)
{
  if (compression_steps[i] == SSDB_COMPRESSION_AS_SSD_STEP)
    /* Translators: the compression test's step between data levels, as AS SSD takes it */
    return g_strdup_printf (_ ("%u %% (AS SSD)"), compression_steps[i]);
  /* Translators: the compression test's step between data levels */
  return g_strdup_printf (_ ("%u %%"), compression_steps[i]);
}

static char *
data_label (guint i)
{
  g_autofree char *text = _ssdb_behaviour_format_pattern (&data_patterns[i]);

  if (g_ascii_islower (text[0]))
    text[0] = g_ascii_toupper (text[0]);
  return g_steal_pointer (&text);
}

static void
ssdb_behaviour_page_dispose (GObject *object)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (object);

  ssdb_page_parts_dispose_run (&self->run, self);
  if (self->settings != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->settings, self);
      g_clear_object (&self->settings);
    }
  gtk_widget_dispose_template (GTK_WIDGET (object), SSDB_TYPE_BEHAVIOUR_PAGE);
  G_OBJECT_CLASS (ssdb_behaviour_page_parent_class)->dispose (object);
}

static void
ssdb_behaviour_page_finalize (GObject *object)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (object);

  for (guint i = 0; i < N_TESTS; i++)
    {
      ssdb_test_kind_result_free ((SsdbTestKind)(FIRST_VIEW + i), self->results[i]);
      g_free (self->titles[i]);
      g_free (self->status[i]);
      g_ptr_array_unref (self->test_rows[i]);
    }
  if (self->live != NULL)
    _ssdb_behaviour_live_release (self->live);
  _ssdb_behaviour_user_values_free (self);
  g_ptr_array_unref (self->controls);
  g_free (self->title);
  G_OBJECT_CLASS (ssdb_behaviour_page_parent_class)->finalize (object);
}

static void
ssdb_behaviour_page_class_init (SsdbBehaviourPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_behaviour_page_dispose;
  object_class->finalize = ssdb_behaviour_page_finalize;

  g_type_ensure (SSDB_TYPE_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-behaviour-page.ui");
#define BIND_PART(name)                                                                            \
  gtk_widget_class_bind_template_child_full (widget_class, #name, FALSE,                           \
                                             G_STRUCT_OFFSET (SsdbBehaviourPage, parts.name))
  BIND_PART (settings);
  BIND_PART (chart);
  BIND_PART (bottom);
  BIND_PART (status);
#undef BIND_PART
#define BIND_TESTS(name, member)                                                                   \
  gtk_widget_class_bind_template_child_full (widget_class, #name, FALSE,                           \
                                             G_STRUCT_OFFSET (SsdbBehaviourPage, member.button))
  BIND_TESTS (trim_tests_button, trim_tests);
  BIND_TESTS (freespace_tests_button, freespace_tests);
#undef BIND_TESTS
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbBehaviourPage, name)
  BIND (test_dropdown);
  BIND (words);
  BIND (recovery_write_gb);
  BIND (recovery_pauses);
  BIND (recovery_next_span);
  BIND (compression_span_mib);
  BIND (compression_block);
  BIND (compression_zero);
  BIND (compression_step);
  BIND (compression_passes);
  BIND (trim_rounds);
  BIND (trim_discard);
  BIND (trim_stress);
  BIND (freespace_step);
  BIND (freespace_stress);
  BIND (consistency_minutes);
  BIND (consistency_round_s);
  BIND (consistency_precondition);
  BIND (consistency_data);
  BIND (readback_span_gb);
#undef BIND
}

static void
ssdb_behaviour_page_init (SsdbBehaviourPage *self)
{
  SsdbCompressionSpec cspec;
  SsdbTrimSpec tspec;
  SsdbFreespaceSpec fspec;
  SsdbConsistencySpec kspec;
  SsdbRecoverySpec rspec;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->controls = g_ptr_array_new ();
  for (guint i = 0; i < N_TESTS; i++)
    self->test_rows[i] = g_ptr_array_new ();
  self->selected = SSDB_TEST_KIND_RECOVERY;
  self->running_view = SSDB_TEST_KIND_RECOVERY;

  /* The controls are the template's; their choices, ranges and defaults are the engine's. */
  ssdb_gui_fill_dropdown (self->test_dropdown, N_TESTS, test_label);

  /* Idle Recovery */
  ssdb_recovery_spec_init (&rspec);
  _ssdb_behaviour_whole_spin_setup (self->recovery_write_gb, 1e6, rspec.block_size);
  add_row (self, SSDB_TEST_KIND_RECOVERY, self->recovery_write_gb);
  add_row (self, SSDB_TEST_KIND_RECOVERY, self->recovery_pauses);
  add_row (self, SSDB_TEST_KIND_RECOVERY, self->recovery_next_span);
  g_signal_connect (self->recovery_pauses, "changed", G_CALLBACK (on_pauses_changed), NULL);
  on_pauses_changed (GTK_EDITABLE (self->recovery_pauses));

  /* Compressibility */
  ssdb_compression_spec_init (&cspec);
  _ssdb_behaviour_spin_setup (self->compression_span_mib, 1, 1048576, 64, 0,
                              (double)(cspec.span_length / MIB));
  add_row (self, SSDB_TEST_KIND_COMPRESSION, self->compression_span_mib);
  ssdb_gui_fill_dropdown (self->compression_block, G_N_ELEMENTS (block_sizes), block_label);
  gtk_drop_down_set_selected (self->compression_block, DEFAULT_BLOCK_INDEX);
  add_row (self, SSDB_TEST_KIND_COMPRESSION, self->compression_block);
  gtk_switch_set_active (self->compression_zero, cspec.include_zero);
  add_row (self, SSDB_TEST_KIND_COMPRESSION, self->compression_zero);
  ssdb_gui_fill_dropdown (self->compression_step, G_N_ELEMENTS (compression_steps), step_label);
  gtk_drop_down_set_selected (self->compression_step, 0);
  add_row (self, SSDB_TEST_KIND_COMPRESSION, self->compression_step);
  _ssdb_behaviour_spin_setup (self->compression_passes, 1, 9, 1, 0, cspec.passes);
  add_row (self, SSDB_TEST_KIND_COMPRESSION, self->compression_passes);

  /* TRIM */
  ssdb_trim_spec_init (&tspec);
  _ssdb_behaviour_spin_setup (self->trim_rounds, 1, SSDB_TRIM_MAX_ROUNDS, 1, 0, tspec.rounds);
  add_row (self, SSDB_TEST_KIND_TRIM, self->trim_rounds);
  gtk_switch_set_active (self->trim_discard, tspec.discard);
  add_row (self, SSDB_TEST_KIND_TRIM, self->trim_discard);
  add_row (self, SSDB_TEST_KIND_TRIM, self->trim_stress);
  build_summary_controls (self, SSDB_TEST_KIND_TRIM, "trim", &self->trim_tests);

  /* Free Space */
  ssdb_freespace_spec_init (&fspec);
  _ssdb_behaviour_spin_setup (self->freespace_step, 1, 100, 5, 0, fspec.step_percent);
  add_row (self, SSDB_TEST_KIND_FREESPACE, self->freespace_step);
  add_row (self, SSDB_TEST_KIND_FREESPACE, self->freespace_stress);
  build_summary_controls (self, SSDB_TEST_KIND_FREESPACE, "freespace", &self->freespace_tests);

  /* Steady State */
  ssdb_consistency_spec_init (&kspec);
  _ssdb_behaviour_spin_setup (self->consistency_minutes, 0.01, 1440, 1, 2,
                              (double)kspec.duration_ns / 60e9);
  add_row (self, SSDB_TEST_KIND_CONSISTENCY, self->consistency_minutes);
  _ssdb_behaviour_spin_setup (self->consistency_round_s, 0.1, 3600, 1, 2,
                              (double)kspec.round_ns / 1e9);
  add_row (self, SSDB_TEST_KIND_CONSISTENCY, self->consistency_round_s);
  _ssdb_behaviour_spin_setup (self->consistency_precondition, 0, 2, 1, 0,
                              kspec.precondition_passes);
  add_row (self, SSDB_TEST_KIND_CONSISTENCY, self->consistency_precondition);
  ssdb_gui_fill_dropdown (self->consistency_data, G_N_ELEMENTS (data_patterns), data_label);
  add_row (self, SSDB_TEST_KIND_CONSISTENCY, self->consistency_data);

  /* Read After Write */
  _ssdb_behaviour_whole_spin_setup (self->readback_span_gb, 1e6, MIB);
  add_row (self, SSDB_TEST_KIND_READBACK, self->readback_span_gb);

  self->run = ssdb_page_run_new ("ssdb-behaviour", _ssdb_behaviour_tagged_dup,
                                 _ssdb_behaviour_tagged_free);
  ssdb_page_parts_attach_run (self->parts.chart, self, self->run, SSDB_TEST_KIND_RECOVERY,
                              G_CALLBACK (on_updated), G_CALLBACK (on_tick),
                              G_CALLBACK (on_finished), draw);
  g_signal_connect_swapped (self->run, "notify::stopping", G_CALLBACK (on_stopping), self);
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

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static gboolean
test_page_has_kind (SsdbTestPage *page, SsdbTestKind kind)
{
  return ssdb_behaviour_view_is_behaviour (kind);
}

static SsdbTestKind
test_page_get_kind (SsdbTestPage *page)
{
  return ssdb_behaviour_page_get_selected (SSDB_BEHAVIOUR_PAGE (page));
}

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (page);

  self->test_file = !target->is_device && target->path != NULL;
  ssdb_behaviour_page_set_target (self, target->title, target->device_bytes);
  /* The page starts over on the new target: none of its tests keeps a result. */
  for (guint v = SSDB_TEST_KIND_RECOVERY; v <= SSDB_TEST_KIND_READBACK; v++)
    ssdb_behaviour_page_show_result (self, (SsdbTestKind)v, NULL, NULL);
  /* and the controls hold the user's own settings again, not a report's */
  if (!ssdb_page_run_get_running (self->run))
    _ssdb_behaviour_restore_user_values (self);
}

/* The Size setting makes a test file: a folder's estimate follows it. */
static void
on_size_changed (SsdbBehaviourPage *self)
{
  if (self->test_file)
    on_setting_changed (self);
}

/* The test file's size is the window's Size setting: the estimate follows it. */
static void
test_page_set_settings (SsdbTestPage *page, GSettings *settings)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (page);

  g_return_if_fail (self->settings == NULL);

  self->settings = g_object_ref (settings);
  g_signal_connect_swapped (settings, "changed::size-mib", G_CALLBACK (on_size_changed), self);
}

/* Only that test's result goes: the page keeps one per test. */
static void
test_page_reset (SsdbTestPage *page, SsdbTestKind kind, const SsdbTestPageTarget *target)
{
  if (ssdb_behaviour_view_is_behaviour (kind))
    ssdb_behaviour_page_show_result (SSDB_BEHAVIOUR_PAGE (page), kind, NULL, target->title);
}

/* Every behaviour test writes. */
static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return SSDB_TEST_PAGE_WRITES_EVERY_START;
}

/* Settings that would be refused are refused before anything is asked. */
static gboolean
test_page_check (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  return ssdb_behaviour_page_check (SSDB_BEHAVIOUR_PAGE (page), start, error);
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  /* Translators: the device in a confirmation: its node, then its model and capacity */
  g_autofree char *device = g_strdup_printf (_ ("%s (%s, %s)"), node, title, capacity);

  return ssdb_behaviour_page_dup_confirm_body (SSDB_BEHAVIOUR_PAGE (page), device);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  return ssdb_behaviour_page_start (SSDB_BEHAVIOUR_PAGE (page), start, error);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (page);

  return ssdb_behaviour_page_get_result (self, kind);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbBehaviourPage *self = SSDB_BEHAVIOUR_PAGE (page);
  gconstpointer result = ssdb_report_get_result (report, kind);

  if (!ssdb_behaviour_page_show_result (self, kind, result, title))
    return FALSE;
  /* The controls show the settings the report's test ran with, as a run from them would. */
  if (result != NULL)
    _ssdb_behaviour_show_settings (self, kind, result);
  return TRUE;
}

static gboolean
test_page_export_png (SsdbTestPage *page, const char *path, GError **error)
{
  return ssdb_behaviour_page_export_png (SSDB_BEHAVIOUR_PAGE (page), path, error);
}

/* Idle Recovery writes past the cache a fill found on this target. */
static void
test_page_result_finished (SsdbTestPage *page, SsdbTestKind kind, gconstpointer result)
{
  if (kind == SSDB_TEST_KIND_FILL)
    ssdb_behaviour_page_set_cache_bytes (SSDB_BEHAVIOUR_PAGE (page),
                                         ((const SsdbFillResult *)result)->analysis.cache_bytes);
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->has_kind = test_page_has_kind;
  iface->get_kind = test_page_get_kind;
  iface->set_target = test_page_set_target;
  iface->set_settings = test_page_set_settings;
  iface->reset = test_page_reset;
  iface->get_writes = test_page_get_writes;
  iface->check = test_page_check;
  iface->dup_confirm_body = test_page_dup_confirm_body;
  iface->start = test_page_start;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
  iface->export_png = test_page_export_png;
  iface->result_finished = test_page_result_finished;
}
