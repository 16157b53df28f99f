/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SSD Behaviour page's number controls: spin buttons with the engine's ranges, GB buttons
 * that hold whole transfers and show "whole" at 0, and their values in the engine's units. */
#include "ssdb-behaviour-page-private.h"

#include <glib/gi18n.h>
#include <math.h>

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
