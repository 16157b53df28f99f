/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SSD Behaviour page's number controls: spin buttons with the engine's ranges, GB buttons
 * that hold whole transfers and show "whole" at 0, and their values in the engine's units. */
#include "ssdb-behaviour-page-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* The value a spin button shows: rounded to its digits. */
static double
spin_shown (GtkSpinButton *spin)
{
  double scale = pow (10, gtk_spin_button_get_digits (spin));

  return round (gtk_spin_button_get_value (spin) * scale) / scale;
}

/* Nanoseconds of a duration spin button in @unit_s seconds, as it shows them (to the ms). */
guint64
_ssdb_behaviour_spin_ns (GtkSpinButton *spin, double unit_s)
{
  return (guint64)llround (spin_shown (spin) * unit_s * 1000) * (NS_S / 1000);
}

/* Bytes of a GB spin button, rounded to the nearest whole @align (at least one when it is
 * not 0): its value is kept at those bytes (snap_gb_spin()), so it shows what is written. */
guint64
_ssdb_behaviour_spin_gb_bytes (GtkSpinButton *spin, guint64 align)
{
  double bytes = gtk_spin_button_get_value (spin) * 1e9;
  guint64 n = (guint64)llround (bytes / (double)align);

  if (n == 0 && bytes > 0)
    n = 1;
  return n * align;
}

GtkSpinButton *
_ssdb_behaviour_spin_new (double min, double max, double step, guint digits, double value)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (min, max, step));

  gtk_spin_button_set_digits (spin, digits);
  gtk_spin_button_set_value (spin, value);
  gtk_spin_button_set_numeric (spin, TRUE);
  return spin;
}

/* Gives the template's @spin the range, step and value of the engine's settings, as spin_new()
 * does: first the digits gtk_spin_button_new_with_range() takes from @step (the width the
 * button asks for follows them), then @digits. */
void
_ssdb_behaviour_spin_setup (GtkSpinButton *spin, double min, double max, double step, guint digits,
                            double value)
{
  guint step_digits = fabs (step) >= 1.0 || step == 0.0
                          ? 0
                          : (guint)MIN (abs ((int)floor (log10 (fabs (step)))), 20);

  gtk_spin_button_configure (spin, gtk_adjustment_new (min, min, max, step, 10 * step, 0), step,
                             step_digits);
  gtk_spin_button_set_digits (spin, digits);
  gtk_spin_button_set_value (spin, value);
  gtk_spin_button_set_numeric (spin, TRUE);
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
  snapped = (double)_ssdb_behaviour_spin_gb_bytes (spin, align) / 1e9;
  if (fabs (snapped - value) > 1e-12)
    gtk_spin_button_set_value (spin, snapped);
}

/* A GB spin button of 4 decimals (0.1 MB) that holds whole @align units: the value shown is
 * the one written ("0.05" becomes 0.0503 GB, 48 MiB, for 1 MiB units). */
void
_ssdb_behaviour_whole_spin_setup (GtkSpinButton *spin, double max, guint64 align)
{
  _ssdb_behaviour_spin_setup (spin, 0, max, 0.1, 4, 0);

  g_object_set_data (G_OBJECT (spin), "ssdb-align", GUINT_TO_POINTER ((guint)align));
  g_signal_connect (spin, "value-changed", G_CALLBACK (snap_gb_spin), NULL);

  gtk_spin_button_set_numeric (spin, FALSE);
  g_signal_connect (spin, "output", G_CALLBACK (on_whole_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_whole_input), NULL);
  on_whole_output (spin);
}

/* ---- a loaded result's settings ----------------------------------------------------------- */

/* @spin shows @value, also outside its range (a report's setting the page does not offer). */
static void
show_spin (GtkSpinButton *spin, double value)
{
  GtkAdjustment *adj = gtk_spin_button_get_adjustment (spin);

  if (value < gtk_adjustment_get_lower (adj))
    gtk_adjustment_set_lower (adj, value);
  if (value > gtk_adjustment_get_upper (adj))
    gtk_adjustment_set_upper (adj, value);
  gtk_spin_button_set_value (spin, value);
}

/* A duration spin button in @unit_s seconds shows @ns to the ms: with more digits where its
 * own round it ("0.166667" minutes for 10 s), never a figure that runs another duration. */
static void
show_spin_ns (GtkSpinButton *spin, guint64 ns, double unit_s)
{
  double value = (double)ns / 1e9 / unit_s;
  guint64 ms = (ns + NS_S / 2000) / (NS_S / 1000);
  guint digits = gtk_spin_button_get_digits (spin);

  for (; digits < 6; digits++)
    {
      double scale = pow (10, digits);

      if ((guint64)llround (round (value * scale) / scale * unit_s * 1000) == ms)
        break;
    }
  gtk_spin_button_set_digits (spin, digits);
  show_spin (spin, value);
  /* room for the digits it takes ("0.04167") */
  {
    g_autofree char *text = g_strdup_printf ("%.*f", (int)digits, value);
    int chars = (int)strlen (text);

    if (gtk_editable_get_width_chars (GTK_EDITABLE (spin)) < chars)
      gtk_editable_set_width_chars (GTK_EDITABLE (spin), chars);
  }
}

/* Pauses as the entry takes them back: whole minutes bare ("1, 5"), else with a unit ("1s",
 * "500ms", "1.5s"). */
static char *
format_pauses (const SsdbRecoverySpec *spec)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < spec->n_pauses; i++)
    {
      guint64 ns = spec->pauses_ns[i];

      if (i > 0)
        g_string_append (text, ", ");
      if (ns % (60 * NS_S) == 0)
        g_string_append_printf (text, "%" G_GUINT64_FORMAT, ns / (60 * NS_S));
      else if (ns % NS_S == 0)
        g_string_append_printf (text, "%" G_GUINT64_FORMAT "s", ns / NS_S);
      else if (ns % (NS_S / 1000) == 0)
        g_string_append_printf (text, "%" G_GUINT64_FORMAT "ms", ns / (NS_S / 1000));
      else
        g_string_append_printf (text, "%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT "s", ns / NS_S,
                                ns % NS_S);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
show_summary (SummaryControls *c, const SsdbSummarySpec *spec, guint test_mask)
{
  if (test_mask == 0)
    test_mask = ~0u;
  for (guint i = 0; i < c->n_tests; i++)
    gtk_check_button_set_active (c->checks[i], (test_mask & (1u << i)) != 0);
  show_spin (c->size_mib, (double)(spec->size / MIB));
  show_spin_ns (c->seconds, spec->duration_ns, 1);
}

/* @dropdown of @n choices shows @value: its choice @index, or an extra entry @label. */
static void
show_choice (GtkDropDown *dropdown, guint n, int index, char *label, guint64 value)
{
  ssdb_gui_dropdown_show (dropdown, n, index, label, value);
  g_free (label);
}

void
_ssdb_behaviour_show_settings (SsdbBehaviourPage *self, SsdbTestKind view, gconstpointer result)
{
  g_return_if_fail (result != NULL);

  if (self->user_values == NULL)
    {
      /* The user's own values, given back when the page starts over on a target. */
      self->user_values = g_array_new (FALSE, TRUE, sizeof (UserValue));
      for (guint i = 0; i < self->controls->len; i++)
        {
          UserValue u = { g_ptr_array_index (self->controls, i), 0, 0, 0, 0, NULL };

          if (GTK_IS_SPIN_BUTTON (u.control))
            {
              u.value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (u.control));
              u.digits = gtk_spin_button_get_digits (GTK_SPIN_BUTTON (u.control));
              /* (-1, the default, as 0) */
              u.n_items = (guint)(gtk_editable_get_width_chars (GTK_EDITABLE (u.control)) + 1);
            }
          else if (GTK_IS_DROP_DOWN (u.control))
            {
              u.index = gtk_drop_down_get_selected (GTK_DROP_DOWN (u.control));
              u.n_items
                  = g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (u.control)));
            }
          else if (GTK_IS_SWITCH (u.control))
            u.index = gtk_switch_get_active (GTK_SWITCH (u.control));
          else if (GTK_IS_CHECK_BUTTON (u.control))
            u.index = gtk_check_button_get_active (GTK_CHECK_BUTTON (u.control));
          else if (GTK_IS_EDITABLE (u.control))
            u.text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (u.control)));
          g_array_append_val (self->user_values, u);
        }
    }

  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        {
          const SsdbRecoverySpec *spec = &((const SsdbRecoveryResult *)result)->spec;
          g_autofree char *pauses = format_pauses (spec);

          show_spin (self->recovery_write_gb, (double)spec->write_bytes / 1e9);
          gtk_editable_set_text (GTK_EDITABLE (self->recovery_pauses), pauses);
          gtk_switch_set_active (self->recovery_next_span, spec->next_span);
          break;
        }
      case SSDB_TEST_KIND_COMPRESSION:
        {
          const SsdbCompressionSpec *spec = &((const SsdbCompressionResult *)result)->spec;

          show_spin (self->compression_span_mib, (double)(spec->span_length / MIB));
          show_choice (
              self->compression_block, G_N_ELEMENTS (block_sizes),
              ssdb_gui_find_uint (block_sizes, G_N_ELEMENTS (block_sizes), spec->block_size),
              ssdb_gui_format_transfer_size (spec->block_size), spec->block_size);
          gtk_switch_set_active (self->compression_zero, spec->include_zero);
          show_choice (self->compression_step, G_N_ELEMENTS (compression_steps),
                       ssdb_gui_find_uint (compression_steps, G_N_ELEMENTS (compression_steps),
                                           spec->step_percent),
                       /* Translators: the compression test's step between data levels */
                       g_strdup_printf (_ ("%u %%"), spec->step_percent), spec->step_percent);
          show_spin (self->compression_passes, spec->passes);
          break;
        }
      case SSDB_TEST_KIND_TRIM:
        {
          const SsdbTrimSpec *spec = &((const SsdbTrimResult *)result)->spec;

          show_spin (self->trim_rounds, spec->rounds);
          gtk_switch_set_active (self->trim_discard, spec->discard);
          gtk_switch_set_active (self->trim_stress, spec->stress);
          show_summary (&self->trim_tests, &spec->summary, spec->test_mask);
          break;
        }
      case SSDB_TEST_KIND_FREESPACE:
        {
          const SsdbFreespaceSpec *spec = &((const SsdbFreespaceResult *)result)->spec;

          show_spin (self->freespace_step, spec->step_percent);
          gtk_switch_set_active (self->freespace_stress, spec->stress);
          show_summary (&self->freespace_tests, &spec->summary, spec->test_mask);
          break;
        }
      case SSDB_TEST_KIND_CONSISTENCY:
        {
          const SsdbConsistencySpec *spec = &((const SsdbConsistencyResult *)result)->spec;
          int d = -1;
          g_autofree char *label = _ssdb_behaviour_format_pattern (&spec->data);

          show_spin_ns (self->consistency_minutes, spec->duration_ns, 60);
          show_spin_ns (self->consistency_round_s, spec->round_ns, 1);
          show_spin (self->consistency_precondition, spec->precondition_passes);
          for (guint i = 0; i < G_N_ELEMENTS (data_patterns); i++)
            if (data_patterns[i].kind == spec->data.kind
                && (spec->data.kind != SSDB_DATA_COMPRESSIBLE
                    || data_patterns[i].compressible_percent == spec->data.compressible_percent))
              d = (int)i;
          if (g_ascii_islower (label[0]))
            label[0] = g_ascii_toupper (label[0]);
          show_choice (self->consistency_data, G_N_ELEMENTS (data_patterns), d,
                       g_steal_pointer (&label), DATA_EXTRA_VALUE (spec->data));
          break;
        }
      case SSDB_TEST_KIND_READBACK:
        show_spin (self->readback_span_gb,
                   (double)((const SsdbReadbackResult *)result)->spec.span_length / 1e9);
        break;
      default:
        g_assert_not_reached ();
    }
}

void
_ssdb_behaviour_restore_user_values (SsdbBehaviourPage *self)
{
  if (self->user_values == NULL)
    return;
  for (guint i = 0; i < self->user_values->len; i++)
    {
      const UserValue *u = &g_array_index (self->user_values, UserValue, i);

      if (GTK_IS_SPIN_BUTTON (u->control))
        {
          gtk_spin_button_set_digits (GTK_SPIN_BUTTON (u->control), u->digits);
          gtk_editable_set_width_chars (GTK_EDITABLE (u->control), (int)u->n_items - 1);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (u->control), u->value);
        }
      else if (GTK_IS_DROP_DOWN (u->control))
        {
          ssdb_gui_dropdown_drop_extra (GTK_DROP_DOWN (u->control), u->n_items);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (u->control), u->index);
        }
      else if (GTK_IS_SWITCH (u->control))
        gtk_switch_set_active (GTK_SWITCH (u->control), u->index);
      else if (GTK_IS_CHECK_BUTTON (u->control))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (u->control), u->index);
      else if (GTK_IS_EDITABLE (u->control))
        gtk_editable_set_text (GTK_EDITABLE (u->control), u->text);
    }
  _ssdb_behaviour_user_values_free (self);
}

void
_ssdb_behaviour_user_values_free (SsdbBehaviourPage *self)
{
  for (guint i = 0; self->user_values != NULL && i < self->user_values->len; i++)
    g_free (g_array_index (self->user_values, UserValue, i).text);
  g_clear_pointer (&self->user_values, g_array_unref);
}
