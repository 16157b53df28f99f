/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-gui-util.h"

#include <adwaita.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-render-lang.h"

/* The names of the kinds, in the order of SsdbTestKind. */
static const char *const kind_titles[SSDB_TEST_KIND_N] = {
  N_ ("Summary"),        N_ ("Surface"),       N_ ("Fill"),          N_ ("Access Time"),
  N_ ("Transfer Sizes"), N_ ("Workloads"),     N_ ("Idle Recovery"), N_ ("Compressibility"),
  N_ ("TRIM"),           N_ ("Free Space"),    N_ ("Steady State"),  N_ ("Read After Write"),
  N_ ("Error Scan"),     N_ ("Random Access"), N_ ("AS SSD"),        N_ ("Copy"),
};
G_STATIC_ASSERT (SSDB_TEST_KIND_COPY == SSDB_TEST_KIND_N - 1);

const char *
ssdb_gui_test_kind_title (SsdbTestKind kind)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, "");

  return _ (kind_titles[kind]);
}

char *
ssdb_gui_format_capacity (guint64 bytes)
{
  return ssdb_render_localize_number (ssdb_format_capacity (bytes));
}

char *
ssdb_gui_format_transfer_size (guint64 bytes)
{
  return ssdb_render_localize_number (ssdb_format_transfer_size (bytes));
}

void
ssdb_gui_style_init (SsdbStyle *style)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  SsdbTheme theme = SSDB_THEME_LIGHT;

  g_return_if_fail (style != NULL);

  if (adw_style_manager_get_high_contrast (manager))
    theme = SSDB_THEME_HIGH_CONTRAST;
  else if (adw_style_manager_get_dark (manager))
    theme = SSDB_THEME_DARK;
  ssdb_style_init (style, theme);
  style->locale_numbers = TRUE;
  style->language = ssdb_render_get_language ();
  if (adw_style_manager_get_high_contrast (manager) && adw_style_manager_get_dark (manager))
    {
      /* High contrast follows the dark variant's background too. */
      SsdbStyle dark;

      ssdb_style_init (&dark, SSDB_THEME_DARK);
      style->background = dark.background;
      style->cell = dark.cell;
      style->foreground = (SsdbRgba){ 1, 1, 1, 1 };
      style->dim = (SsdbRgba){ 0.85, 0.85, 0.85, 1 };
    }
}

char *
ssdb_gui_dup_unbreakable (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text ? text : ""; *p != '\0'; p++)
    {
      if (*p == ' ')
        g_string_append (out, "\u00a0");
      else
        {
          g_string_append_c (out, *p);
          if (*p == '/' && p[1] != '\0')
            g_string_append (out, "\u2060");
        }
    }
  return g_string_free (out, FALSE);
}

void
ssdb_gui_fill_dropdown (GtkDropDown *dropdown, guint n, char *(*label) (guint i))
{
  GtkStringList *list = gtk_string_list_new (NULL);

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = label (i);

      gtk_string_list_append (list, text);
    }
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (list));
  g_object_unref (list);
}

/* The choice selected before an extra entry was shown, + 1 (0: none shown), and the extra
 * entry's value. */
#define EXTRA_KEY "ssdb-gui-extra-before"
#define EXTRA_VALUE_KEY "ssdb-gui-extra-value"

void
ssdb_gui_dropdown_drop_extra (GtkDropDown *dropdown, guint n)
{
  GtkStringList *list;
  guint before;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  before = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), EXTRA_KEY));
  list = GTK_STRING_LIST (gtk_drop_down_get_model (dropdown));
  if (before == 0 || list == NULL)
    return;
  g_object_set_data (G_OBJECT (dropdown), EXTRA_KEY, NULL);
  g_object_set_data (G_OBJECT (dropdown), EXTRA_VALUE_KEY, NULL);
  gtk_drop_down_set_selected (dropdown, MIN (before - 1, n - 1));
  if (g_list_model_get_n_items (G_LIST_MODEL (list)) > n)
    gtk_string_list_remove (list, n);
}

void
ssdb_gui_dropdown_show (GtkDropDown *dropdown, guint n, int index, const char *extra,
                        guint64 extra_value)
{
  GtkStringList *list;
  guint before;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));
  g_return_if_fail (index < (int)n);

  if (index >= 0 || extra == NULL)
    {
      ssdb_gui_dropdown_drop_extra (dropdown, n);
      if (index >= 0)
        gtk_drop_down_set_selected (dropdown, (guint)index);
      return;
    }
  list = GTK_STRING_LIST (gtk_drop_down_get_model (dropdown));
  g_return_if_fail (list != NULL);
  before = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), EXTRA_KEY));
  if (before == 0)
    {
      g_object_set_data (G_OBJECT (dropdown), EXTRA_KEY,
                         GUINT_TO_POINTER (MIN (gtk_drop_down_get_selected (dropdown), n - 1) + 1));
      gtk_string_list_append (list, extra);
    }
  else
    gtk_string_list_splice (list, n, 1, (const char *const[]){ extra, NULL });
  g_object_set_data_full (G_OBJECT (dropdown), EXTRA_VALUE_KEY,
                          g_memdup2 (&extra_value, sizeof extra_value), g_free);
  gtk_drop_down_set_selected (dropdown, n);
}

guint
ssdb_gui_dropdown_selected (GtkDropDown *dropdown, guint n, guint64 *extra_value)
{
  const guint64 *value;
  guint i;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), 0);
  g_return_val_if_fail (n > 0 && extra_value != NULL, 0);

  i = gtk_drop_down_get_selected (dropdown);
  value = g_object_get_data (G_OBJECT (dropdown), EXTRA_VALUE_KEY);
  if (i < n)
    return i;
  if (value == NULL)
    /* no extra entry: the last choice, as the choices' own lookups clamp */
    return n - 1;
  *extra_value = *value;
  return n;
}

char *
ssdb_gui_dropdown_dup_selected (GtkDropDown *dropdown)
{
  GObject *item;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), NULL);

  item = gtk_drop_down_get_selected_item (dropdown);
  return GTK_IS_STRING_OBJECT (item)
             ? g_strdup (gtk_string_object_get_string (GTK_STRING_OBJECT (item)))
             : NULL;
}

void
ssdb_gui_copy_array (GArray *to, const GArray *from)
{
  g_return_if_fail (to != NULL && from != NULL);
  g_return_if_fail (g_array_get_element_size (to) == g_array_get_element_size ((GArray *)from));

  g_array_set_size (to, from->len);
  if (from->len > 0)
    memcpy (to->data, from->data, (gsize)from->len * g_array_get_element_size (to));
}

int
ssdb_gui_find_uint (const guint *table, guint n, guint v)
{
  for (guint i = 0; i < n; i++)
    if (table[i] == v)
      return (int)i;
  return -1;
}

static const char *
not_responding_text (void)
{
  return _ ("Stopped · the device is not responding: its requests did not complete within "
            "2 s; the results measured so far are kept");
}

GError *
ssdb_gui_not_responding_error (void)
{
  GError *error = g_error_new_literal (SSDB_ERROR, SSDB_ERROR_CANCELLED, not_responding_text ());

  ssdb_error_set_not_responding (error);
  return error;
}

char *
ssdb_gui_stopped_text (const GError *error, const char *stopped)
{
  /* the page's own wording for a device that stopped answering, whichever layer noticed it */
  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED)
      && ssdb_error_is_not_responding (error))
    return g_strdup (not_responding_text ());
  return g_strdup (stopped);
}

const char *
ssdb_gui_ata_feature_title (SsdbAtaFeature feature)
{
  switch (feature)
    {
      case SSDB_ATA_WRITE_CACHE:
        return _ ("Write Cache");
      case SSDB_ATA_READ_LOOKAHEAD:
        return _ ("Read Look-Ahead");
      case SSDB_ATA_PM:
        /* Translators: the ATA power management feature set */
        return _ ("Power Management Feature Set");
      case SSDB_ATA_APM:
        /* Translators: ATA advanced power management */
        return _ ("Power Management (APM)");
      case SSDB_ATA_AAM:
        /* Translators: ATA automatic acoustic management */
        return _ ("Acoustic Management (AAM)");
      case SSDB_ATA_N_FEATURES:
      default:
        break;
    }
  g_return_val_if_reached ("");
}

void
ssdb_gui_keep_choices (SsdbGuiKept *kept, ...)
{
  va_list args;
  GtkWidget *w;

  g_return_if_fail (kept != NULL);

  if (kept->n > 0)
    return;
  va_start (args, kept);
  while ((w = va_arg (args, GtkWidget *)) != NULL && kept->n < SSDB_GUI_MAX_KEPT)
    {
      guint v = 0;

      if (GTK_IS_DROP_DOWN (w))
        v = gtk_drop_down_get_selected (GTK_DROP_DOWN (w));
      else if (GTK_IS_SWITCH (w))
        v = gtk_switch_get_active (GTK_SWITCH (w));
      else if (GTK_IS_CHECK_BUTTON (w))
        v = gtk_check_button_get_active (GTK_CHECK_BUTTON (w));
      else if (GTK_IS_TOGGLE_BUTTON (w))
        v = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (w));
      else
        g_warn_if_reached ();
      kept->controls[kept->n] = w;
      kept->values[kept->n++] = v;
    }
  va_end (args);
}

gboolean
ssdb_gui_restore_choices (SsdbGuiKept *kept)
{
  g_return_val_if_fail (kept != NULL, FALSE);

  if (kept->n == 0)
    return FALSE;
  for (guint i = 0; i < kept->n; i++)
    {
      GtkWidget *w = kept->controls[i];

      if (GTK_IS_DROP_DOWN (w))
        gtk_drop_down_set_selected (GTK_DROP_DOWN (w), kept->values[i]);
      else if (GTK_IS_SWITCH (w))
        gtk_switch_set_active (GTK_SWITCH (w), kept->values[i]);
      else if (GTK_IS_CHECK_BUTTON (w))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (w), kept->values[i]);
      else if (GTK_IS_TOGGLE_BUTTON (w))
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w), kept->values[i]);
    }
  kept->n = 0;
  return TRUE;
}
