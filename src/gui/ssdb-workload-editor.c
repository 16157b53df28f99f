/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-workload-editor.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/ssdb-error.h"

struct _SsdbWorkloadEditor
{
  AdwWindow parent_instance;

  AdwEntryRow *name_row;
  AdwEntryRow *sizes_row;
  AdwEntryRow *align_row;
  GtkSpinButton *read_spin;
  GtkSpinButton *random_spin;
  GtkSpinButton *depth_spin;
  AdwEntryRow *cycle_row;
  GtkSpinButton *workers_spin;
  GtkSpinButton *ramp_spin;
  GtkSpinButton *duration_spin;
  GtkLabel *error_label;

  SsdbWorkloadSpec initial;
  GStrv taken_names;
  SsdbWorkloadEditorFunc func;
  gpointer data;
};

G_DEFINE_FINAL_TYPE (SsdbWorkloadEditor, ssdb_workload_editor, ADW_TYPE_WINDOW)

static void
show_error (SsdbWorkloadEditor *self, const char *message)
{
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL && *message);
}

/* Sets @key of the workload group to @spin's value, written with @format ("%.0f") in the C
 * locale, as the engine's reader wants it. */
static void
set_spin_value (GKeyFile *kf, const char *key, const char *format, GtkSpinButton *spin)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_key_file_set_string (
      kf, "Workload", key,
      g_ascii_formatd (buf, sizeof buf, format, gtk_spin_button_get_value (spin)));
}

gboolean
ssdb_workload_editor_save (SsdbWorkloadEditor *self)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  const char *sizes, *align;
  SsdbWorkloadSpec spec;

  g_return_val_if_fail (SSDB_IS_WORKLOAD_EDITOR (self), FALSE);

  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  if (*name == '\0')
    {
      show_error (self, _ ("Give the workload a name"));
      return FALSE;
    }
  if (strlen (name) >= SSDB_WORKLOAD_NAME_MAX)
    {
      g_autofree char *msg = g_strdup_printf (_ ("The name is too long: at most %d bytes"),
                                              SSDB_WORKLOAD_NAME_MAX - 1);

      show_error (self, msg);
      return FALSE;
    }
  if (strpbrk (name, "[]\n\r\t") != NULL)
    {
      show_error (self, _ ("The name cannot contain “[”, “]” or line breaks"));
      return FALSE;
    }
  if (self->taken_names != NULL && g_strv_contains ((const char *const *)self->taken_names, name))
    {
      g_autofree char *msg = g_strdup_printf (_ ("A workload named “%s” exists already"), name);

      show_error (self, msg);
      return FALSE;
    }

  /* The engine's own reader checks every field and names what is wrong. */
  sizes = gtk_editable_get_text (GTK_EDITABLE (self->sizes_row));
  align = gtk_editable_get_text (GTK_EDITABLE (self->align_row));
  g_key_file_set_string (kf, "Workload", "Name", name);
  /* Sizes with their own shares (size/weight/read/random/align) are IOMeter's lines. */
  {
    g_auto (GStrv) entries = g_strsplit (sizes, ":", -1);
    gboolean lines = FALSE;

    for (guint i = 0; entries[i] != NULL; i++)
      {
        g_auto (GStrv) fields = g_strsplit (entries[i], "/", -1);

        lines |= g_strv_length (fields) > 2;
      }
    g_key_file_set_string (kf, "Workload", lines ? "Lines" : "Sizes", sizes);
  }
  set_spin_value (kf, "ReadPercent", "%.0f", self->read_spin);
  set_spin_value (kf, "RandomPercent", "%.0f", self->random_spin);
  g_key_file_set_string (kf, "Workload", "Align", *align ? align : "sector");
  set_spin_value (kf, "QueueDepth", "%.0f", self->depth_spin);
  {
    g_autofree char *cycle
        = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->cycle_row))));

    if (*cycle != '\0')
      g_key_file_set_string (kf, "Workload", "CycleQueueDepths", cycle);
  }
  set_spin_value (kf, "Workers", "%.0f", self->workers_spin);
  set_spin_value (kf, "Ramp", "%.1f", self->ramp_spin);
  set_spin_value (kf, "Duration", "%.1f", self->duration_spin);
  text = g_key_file_to_data (kf, NULL, NULL);
  specs = ssdb_workload_specs_parse (text, -1, &error);
  if (specs == NULL)
    {
      /* The message starts with the workload's name and group: the dialog is about it. */
      const char *reason = strstr (error->message, "]: ");

      show_error (self, reason ? reason + 3 : error->message);
      return FALSE;
    }
  spec = g_array_index (specs, SsdbWorkloadSpec, 0);
  /* What the dialog does not show is kept. */
  spec.span_offset = self->initial.span_offset;
  spec.span_length = self->initial.span_length;
  spec.data = self->initial.data;
  spec.seed = self->initial.seed;
  if (!ssdb_workload_spec_validate (&spec, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  show_error (self, NULL);
  if (self->func != NULL)
    self->func (&spec, self->data);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

const char *
ssdb_workload_editor_get_error (SsdbWorkloadEditor *self)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_EDITOR (self), NULL);
  return gtk_label_get_text (self->error_label);
}

GtkEditable *
ssdb_workload_editor_get_editable (SsdbWorkloadEditor *self, const char *field)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_EDITOR (self), NULL);
  if (g_strcmp0 (field, "name") == 0)
    return GTK_EDITABLE (self->name_row);
  if (g_strcmp0 (field, "sizes") == 0)
    return GTK_EDITABLE (self->sizes_row);
  if (g_strcmp0 (field, "align") == 0)
    return GTK_EDITABLE (self->align_row);
  if (g_strcmp0 (field, "cycle") == 0)
    return GTK_EDITABLE (self->cycle_row);
  return NULL;
}

GtkSpinButton *
ssdb_workload_editor_get_spin (SsdbWorkloadEditor *self, const char *field)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_EDITOR (self), NULL);
  if (g_strcmp0 (field, "read") == 0)
    return self->read_spin;
  if (g_strcmp0 (field, "random") == 0)
    return self->random_spin;
  if (g_strcmp0 (field, "depth") == 0)
    return self->depth_spin;
  if (g_strcmp0 (field, "workers") == 0)
    return self->workers_spin;
  if (g_strcmp0 (field, "ramp") == 0)
    return self->ramp_spin;
  if (g_strcmp0 (field, "duration") == 0)
    return self->duration_spin;
  return NULL;
}

/* ---- building ------------------------------------------------------------------------- */

static AdwEntryRow *
add_entry (AdwPreferencesGroup *group, const char *title, const char *text, const char *tooltip)
{
  AdwEntryRow *row = ADW_ENTRY_ROW (adw_entry_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (GTK_WIDGET (row), tooltip);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return row;
}

static GtkSpinButton *
add_spin (AdwPreferencesGroup *group, const char *title, const char *subtitle, double lo, double hi,
          double step, guint digits, double value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lo, hi, step);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (group, row);
  return GTK_SPIN_BUTTON (spin);
}

static void
on_save_clicked (SsdbWorkloadEditor *self)
{
  ssdb_workload_editor_save (self);
}

static void
ssdb_workload_editor_finalize (GObject *object)
{
  SsdbWorkloadEditor *self = SSDB_WORKLOAD_EDITOR (object);

  g_strfreev (self->taken_names);
  G_OBJECT_CLASS (ssdb_workload_editor_parent_class)->finalize (object);
}

static void
ssdb_workload_editor_class_init (SsdbWorkloadEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ssdb_workload_editor_finalize;
}

static void
ssdb_workload_editor_init (SsdbWorkloadEditor *self)
{
}

SsdbWorkloadEditor *
ssdb_workload_editor_new (GtkWindow *parent, const SsdbWorkloadSpec *initial,
                          const char *const *taken_names, SsdbWorkloadEditorFunc func,
                          gpointer data)
{
  SsdbWorkloadEditor *self;
  GtkWidget *box, *header, *cancel, *save, *page, *scroller;
  AdwPreferencesGroup *group;
  g_autoptr (GString) sizes = g_string_new (NULL);
  g_autofree char *align = NULL;

  g_return_val_if_fail (initial != NULL, NULL);

  self = g_object_new (SSDB_TYPE_WORKLOAD_EDITOR, "modal", TRUE, "default-width", 520,
                       "default-height", 640, "title", _ ("Workload"), NULL);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  self->initial = *initial;
  self->taken_names = g_strdupv ((char **)taken_names);
  self->func = func;
  self->data = data;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_ ("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  save = gtk_button_new_with_mnemonic (_ ("_Save"));
  gtk_widget_add_css_class (save, "suggested-action");
  g_signal_connect_swapped (save, "clicked", G_CALLBACK (on_save_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), save);
  gtk_box_append (GTK_BOX (box), header);

  page = adw_preferences_page_new ();
  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_description (
      group, _ ("An access specification as IOMeter defines it. Sizes are written as size/weight "
                "pairs separated by colons, for example 4k/60:64k/40. A size may add its own "
                "read %, random % and alignment, as a line of IOMeter's specification does: "
                "4k/60/100/100:64k/40/0/0/64k; Reads, Random and the alignment below then apply "
                "to the sizes that give none."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), group);

  for (guint k = 0; k < initial->n_size_mix; k++)
    {
      g_autofree char *s = NULL;
      guint size = initial->size_mix[k].size;

      if (size % (1024 * 1024) == 0)
        s = g_strdup_printf ("%um", size / (1024 * 1024));
      else if (size % 1024 == 0)
        s = g_strdup_printf ("%uk", size / 1024);
      else
        s = g_strdup_printf ("%u", size);
      g_string_append_printf (sizes, "%s%s/%u", k ? ":" : "", s, initial->size_mix[k].weight);
      if (initial->per_line)
        {
          g_string_append_printf (sizes, "/%u/%u", initial->size_mix[k].read_percent,
                                  initial->size_mix[k].random_percent);
          if (initial->size_mix[k].align_bytes)
            g_string_append_printf (sizes, "/%u", initial->size_mix[k].align_bytes);
        }
    }
  align = initial->align_bytes == 0 ? g_strdup ("sector")
                                    : g_strdup_printf ("%u", initial->align_bytes);

  self->name_row = add_entry (group, _ ("Name"), initial->name, NULL);
  self->sizes_row = add_entry (group, _ ("Sizes and Weights"), sizes->str,
                               _ ("Transfer sizes and their weights: 512/10:4k/60:64k/30"));
  self->read_spin = add_spin (group, _ ("Reads"), _ ("Percent of requests that read"), 0, 100, 1, 0,
                              initial->read_percent);
  self->random_spin = add_spin (group, _ ("Random"), _ ("Percent of requests at a random offset"),
                                0, 100, 1, 0, initial->random_percent);
  self->align_row = add_entry (group, _ ("Align Random Offsets To"), align,
                               _ ("“sector” for the drive's sector size (IOMeter's sector "
                                  "boundaries), or a size such as 4k"));
  self->depth_spin = add_spin (group, _ ("Queue Depth"), _ ("Outstanding requests per worker"), 1,
                               SSDB_MAX_QUEUE_DEPTH, 1, 0, initial->queue_depth);
  {
    g_autofree char *cycle = ssdb_workload_cycle_to_string (initial);

    self->cycle_row = add_entry (
        group, _ ("Cycle Queue Depths"), cycle,
        _ ("Queue depths run in turn, rising, as IOMeter's “Cycle # Outstanding I/Os”: "
           "1,2,4,8,16,32. Each depth is a ramp-up and a measured run with results of its own, "
           "and the queue depth above is not used. Empty for one run at the queue depth."));
  }
  self->workers_spin = add_spin (group, _ ("Workers"), _ ("Threads, each over its own slice"), 1,
                                 SSDB_MAX_THREADS, 1, 0, initial->workers);
  self->ramp_spin = add_spin (group, _ ("Ramp-Up"), _ ("Seconds run before measuring"), 0, 3600,
                              0.5, 1, initial->ramp_ns / 1e9);
  self->duration_spin = add_spin (group, _ ("Run Time"), _ ("Seconds measured"), 0, 86400, 1, 1,
                                  initial->duration_ns / 1e9);

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_margin_top (GTK_WIDGET (self->error_label), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->error_label), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (self->error_label), 24);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  /* Under the header bar, where it is seen without scrolling. */
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->error_label));

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), page);
  gtk_box_append (GTK_BOX (box), scroller);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), save);
  return self;
}
