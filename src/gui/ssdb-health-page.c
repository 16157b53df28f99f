/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-health-page.h"

#include <glib/gi18n.h>
#include <math.h>

#include "devices/ssdb-health-read.h"
#include "engine/ssdb-stack.h"
#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"

struct _SsdbHealthPage
{
  AdwBin parent_instance;

  /* template */
  GtkImage *state_icon;
  GtkLabel *state_title;
  GtkLabel *state_reason;
  GtkWidget *selftest_button;
  GtkWidget *refresh_button;
  GtkWidget *summary_group;
  GtkWidget *table_group;
  GtkGrid *table;

  GList *summary_rows; /* the rows added to summary_group */
  char *device;        /* the whole disk's node, or NULL */
  char *no_device;     /* why a directory target has no disk, or NULL */
  SsdbHealth *health;
  GError *error;
  GCancellable *cancellable;
  GSimpleAction *selftest_action;
};

G_DEFINE_FINAL_TYPE (SsdbHealthPage, ssdb_health_page, ADW_TYPE_BIN)

/* The whole disk under @directory's file system ("/dev/sda" for a file system on sda2, the
 * first member of a btrfs file system, the disk under a loop device's image), as the engine's
 * stack resolves it; NULL and the reason in *@why when only memory, a network or a FUSE server
 * lies below. */
static char *
disk_of_directory (const char *directory, char **why)
{
  g_autoptr (SsdbStack) stack = ssdb_stack_resolve_directory (NULL, directory);
  g_autoptr (SsdbBlockFacts) facts = NULL;

  if (!stack->no_device && stack->counted[0] != NULL)
    facts = ssdb_block_facts_read (NULL, stack->counted[0], NULL);
  if (facts == NULL)
    {
      /* Translators: %s is a directory */
      *why = g_strdup_printf (_ ("The file system of %s has no drive under it (it lives in memory "
                                 "or on the network): there is no health to read."),
                              directory);
      return NULL;
    }
  return g_strconcat ("/dev/", facts->disk_name ? facts->disk_name : facts->name, NULL);
}

static void
clear_view (SsdbHealthPage *self)
{
  GtkWidget *child;

  for (GList *l = self->summary_rows; l != NULL; l = l->next)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->summary_group), l->data);
  g_clear_pointer (&self->summary_rows, g_list_free);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  gtk_widget_set_visible (self->summary_group, FALSE);
  gtk_widget_set_visible (self->table_group, FALSE);
  gtk_widget_set_visible (self->selftest_button, FALSE);
}

static void
add_summary_row (SsdbHealthPage *self, const char *title, const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->summary_group), row);
  self->summary_rows = g_list_append (self->summary_rows, row);
  gtk_widget_set_visible (self->summary_group, TRUE);
}

static GtkWidget *
cell (GtkGrid *grid, int column, int row, const char *text, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static const char *
assessment_words (SsdbHealthAssessment a)
{
  switch (a)
    {
      case SSDB_HEALTH_GOOD:
        return _ ("OK");
      case SSDB_HEALTH_WARNING:
        return _ ("Warning");
      case SSDB_HEALTH_FAILING:
        return _ ("Failing");
      case SSDB_HEALTH_UNKNOWN:
      default:
        return "–";
    }
}

static void
set_state (SsdbHealthPage *self, const char *icon, const char *css, const char *title,
           const char *reason)
{
  static const char *const classes[] = { "success", "warning", "error" };

  gtk_image_set_from_icon_name (self->state_icon, icon);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->state_icon), classes[i]);
  if (css != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->state_icon), css);
  gtk_label_set_text (self->state_title, title);
  gtk_label_set_text (self->state_reason, reason ? reason : "");
}

static void
show_int_or_dash (GtkGrid *grid, int column, int row, int value)
{
  g_autofree char *text = value < 0 ? g_strdup ("–") : g_strdup_printf ("%d", value);

  cell (grid, column, row, text, 1.0);
}

static void
show_health (SsdbHealthPage *self)
{
  const SsdbHealth *h = self->health;
  gboolean ata;
  int r = 0;

  clear_view (self);
  if (h == NULL)
    {
      if (self->error != NULL)
        set_state (self, "dialog-error-symbolic", "error", _ ("Health Not Read"),
                   self->error->message);
      return;
    }
  switch (h->assessment)
    {
      case SSDB_HEALTH_GOOD:
        set_state (self, "emblem-ok-symbolic", "success", _ ("Health: Good"), h->reason);
        break;
      case SSDB_HEALTH_WARNING:
        set_state (self, "dialog-warning-symbolic", "warning", _ ("Health: Warning"), h->reason);
        break;
      case SSDB_HEALTH_FAILING:
        set_state (self, "dialog-error-symbolic", "error", _ ("Health: Failing"), h->reason);
        break;
      case SSDB_HEALTH_UNKNOWN:
      default:
        set_state (self, "dialog-question-symbolic", NULL, _ ("Health: Unknown"), h->reason);
        break;
    }

  ata = g_str_equal (h->source, "ata-smart");
  gtk_widget_set_visible (self->selftest_button, ata && h->selftest_status != NULL);
  if (!isnan (h->temperature_c))
    {
      g_autofree char *t = g_strdup_printf ("%.0f °C", h->temperature_c);

      add_summary_row (self, _ ("Temperature"), t);
    }
  if (h->power_on_hours >= 0)
    {
      g_autofree char *hours = g_strdup_printf ("%" G_GINT64_FORMAT, h->power_on_hours);
      g_autofree char *days = g_strdup_printf ("%" G_GINT64_FORMAT, h->power_on_hours / 24);
      /* Translators: power-on time, e.g. "1234 hours (51 days)" */
      g_autofree char *t = g_strdup_printf (_ ("%s hours (%s days)"), hours, days);

      add_summary_row (self, _ ("Powered On"), t);
    }
  if (h->host_bytes_written >= 0)
    {
      g_autofree char *t = ssdb_gui_format_capacity ((guint64)h->host_bytes_written);

      add_summary_row (self, _ ("Host Writes"), t);
    }
  if (h->host_bytes_read >= 0)
    {
      g_autofree char *t = ssdb_gui_format_capacity ((guint64)h->host_bytes_read);

      add_summary_row (self, _ ("Host Reads"), t);
    }
  if (h->selftest_status != NULL)
    {
      g_autofree char *t
          = g_str_equal (h->selftest_status, "inprogress") && h->selftest_percent_remaining >= 0
                /* Translators: a self-test's progress, e.g. "running, 90 % remaining" */
                ? g_strdup_printf (_ ("running, %d %% remaining"), h->selftest_percent_remaining)
                : g_strdup (h->selftest_status);

      add_summary_row (self, _ ("Last Self-Test"), t);
    }
  /* The ATA features that change what a benchmark measures. */
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    if (h->features[i] >= 0)
      add_summary_row (self, ssdb_gui_ata_feature_title (i), h->features[i] ? _ ("On") : _ ("Off"));
  if (self->error != NULL)
    /* A refresh or a self-test failed: the last reading stays below, and the state says why. */
    set_state (self, "dialog-error-symbolic", "error", _ ("Health Not Read Again"),
               self->error->message);
  if (h->rows->len == 0)
    return;

  gtk_widget_set_visible (self->table_group, TRUE);
  if (ata)
    {
      const char *heads[] = { _ ("ID"),        _ ("Attribute"), _ ("Value"),     _ ("Worst"),
                              _ ("Threshold"), _ ("Raw Value"), _ ("Assessment") };

      for (guint c = 0; c < G_N_ELEMENTS (heads); c++)
        gtk_widget_add_css_class (cell (self->table, (int)c, 0, heads[c], c == 1 ? 0.0f : 1.0f),
                                  "heading");
    }
  else
    {
      gtk_widget_add_css_class (cell (self->table, 0, 0, _ ("Field"), 0.0f), "heading");
      gtk_widget_add_css_class (cell (self->table, 1, 0, _ ("Value"), 1.0f), "heading");
      gtk_widget_add_css_class (cell (self->table, 2, 0, _ ("Assessment"), 1.0f), "heading");
    }
  for (guint i = 0; i < h->rows->len; i++)
    {
      const SsdbHealthRow *row = &g_array_index (h->rows, SsdbHealthRow, i);
      GtkWidget *state;

      r = (int)i + 1;
      if (ata)
        {
          g_autofree char *id = g_strdup_printf ("%u", row->id);

          cell (self->table, 0, r, id, 1.0);
          gtk_widget_set_hexpand (cell (self->table, 1, r, row->name, 0.0), TRUE);
          show_int_or_dash (self->table, 2, r, row->value);
          show_int_or_dash (self->table, 3, r, row->worst);
          show_int_or_dash (self->table, 4, r, row->threshold);
          cell (self->table, 5, r, row->text, 1.0);
          state = cell (self->table, 6, r, assessment_words (row->assessment), 1.0);
        }
      else
        {
          gtk_widget_set_hexpand (cell (self->table, 0, r, row->name, 0.0), TRUE);
          cell (self->table, 1, r, row->text, 1.0);
          state = cell (self->table, 2, r, assessment_words (row->assessment), 1.0);
        }
      if (row->assessment == SSDB_HEALTH_WARNING)
        gtk_widget_add_css_class (state, "warning");
      else if (row->assessment == SSDB_HEALTH_FAILING)
        gtk_widget_add_css_class (state, "error");
    }
}

typedef struct
{
  char *device;
  char *selftest; /* or NULL */
  gboolean update;
} ReadJob;

static void
read_job_free (gpointer data)
{
  ReadJob *job = data;

  g_free (job->device);
  g_free (job->selftest);
  g_free (job);
}

static void
read_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ReadJob *job = data;
  GError *error = NULL;
  SsdbHealth *health;

  if (job->selftest != NULL
      && !ssdb_health_selftest (job->device, job->selftest, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  health = ssdb_health_read (job->device, job->update, cancellable, &error);
  if (health == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, health, (GDestroyNotify)ssdb_health_free);
}

static void
read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SsdbHealthPage *self = SSDB_HEALTH_PAGE (source);
  GError *error = NULL;
  SsdbHealth *health = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      || g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      /* A newer read replaced this one. */
      g_clear_error (&error);
      g_clear_pointer (&health, ssdb_health_free);
      return;
    }
  g_clear_object (&self->cancellable);
  g_clear_error (&self->error);
  if (health != NULL)
    {
      g_clear_pointer (&self->health, ssdb_health_free);
      self->health = health;
    }
  self->error = error;
  gtk_widget_set_sensitive (self->refresh_button, TRUE);
  g_simple_action_set_enabled (self->selftest_action, TRUE);
  show_health (self);
}

/* Reads the target's health on a worker thread (after starting or aborting @selftest when not
 * NULL). With @keep, the last reading stays shown until the new one arrives, and stays when the
 * new one fails; otherwise (a new target) it is dropped first. */
static void
start_read (SsdbHealthPage *self, gboolean update, const char *selftest, gboolean keep)
{
  g_autoptr (GTask) task = NULL;
  ReadJob *job;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (!keep)
    {
      g_clear_pointer (&self->health, ssdb_health_free);
      clear_view (self);
    }
  g_clear_error (&self->error);
  if (self->device == NULL)
    {
      gtk_widget_set_sensitive (self->refresh_button, FALSE);
      if (self->no_device != NULL)
        set_state (self, "dialog-question-symbolic", NULL, _ ("No Health Report"), self->no_device);
      else
        set_state (self, "drive-harddisk-symbolic", NULL, _ ("No Drive Selected"),
                   _ ("Choose a drive to read its health."));
      return;
    }
  if (self->health == NULL)
    set_state (self, "content-loading-symbolic", NULL, _ ("Reading the Drive's Health…"),
               self->device);
  gtk_widget_set_sensitive (self->refresh_button, FALSE);
  g_simple_action_set_enabled (self->selftest_action, FALSE);

  self->cancellable = g_cancellable_new ();
  job = g_new0 (ReadJob, 1);
  job->device = g_strdup (self->device);
  job->selftest = g_strdup (selftest);
  job->update = update;
  task = g_task_new (self, self->cancellable, read_done, NULL);
  g_task_set_task_data (task, job, read_job_free);
  g_task_run_in_thread (task, read_thread);
}

void
ssdb_health_page_set_target (SsdbHealthPage *self, SsdbDevice *device, const char *directory)
{
  g_return_if_fail (SSDB_IS_HEALTH_PAGE (self));

  g_clear_pointer (&self->device, g_free);
  g_clear_pointer (&self->no_device, g_free);
  if (device != NULL)
    {
      const SsdbDeviceInfo *info = ssdb_device_get_info (device);

      /* A partition's health is its disk's. */
      self->device = info->disk_name && *info->disk_name
                         ? g_strconcat ("/dev/", info->disk_name, NULL)
                         : g_strdup (ssdb_device_get_device_path (device));
    }
  else if (directory != NULL)
    self->device = disk_of_directory (directory, &self->no_device);
  start_read (self, FALSE, NULL, FALSE);
}

void
ssdb_health_page_refresh (SsdbHealthPage *self, gboolean update)
{
  g_return_if_fail (SSDB_IS_HEALTH_PAGE (self));
  start_read (self, update, NULL, TRUE);
}

const SsdbHealth *
ssdb_health_page_get_health (SsdbHealthPage *self)
{
  g_return_val_if_fail (SSDB_IS_HEALTH_PAGE (self), NULL);
  return self->health;
}

const GError *
ssdb_health_page_get_error (SsdbHealthPage *self)
{
  g_return_val_if_fail (SSDB_IS_HEALTH_PAGE (self), NULL);
  return self->error;
}

gboolean
ssdb_health_page_is_busy (SsdbHealthPage *self)
{
  g_return_val_if_fail (SSDB_IS_HEALTH_PAGE (self), FALSE);
  return self->cancellable != NULL;
}

static void
on_refresh_clicked (SsdbHealthPage *self)
{
  start_read (self, TRUE, NULL, TRUE);
}

static void
on_selftest (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  SsdbHealthPage *self = user_data;

  start_read (self, FALSE, g_variant_get_string (parameter, NULL), TRUE);
}

static void
ssdb_health_page_dispose (GObject *object)
{
  SsdbHealthPage *self = SSDB_HEALTH_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->summary_rows, g_list_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_HEALTH_PAGE);
  G_OBJECT_CLASS (ssdb_health_page_parent_class)->dispose (object);
}

static void
ssdb_health_page_finalize (GObject *object)
{
  SsdbHealthPage *self = SSDB_HEALTH_PAGE (object);

  g_free (self->device);
  g_free (self->no_device);
  g_clear_pointer (&self->health, ssdb_health_free);
  g_clear_error (&self->error);
  g_clear_object (&self->selftest_action);
  G_OBJECT_CLASS (ssdb_health_page_parent_class)->finalize (object);
}

static void
ssdb_health_page_class_init (SsdbHealthPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_health_page_dispose;
  object_class->finalize = ssdb_health_page_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-health-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbHealthPage, name)
  BIND (state_icon);
  BIND (state_title);
  BIND (state_reason);
  BIND (selftest_button);
  BIND (refresh_button);
  BIND (summary_group);
  BIND (table_group);
  BIND (table);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_refresh_clicked);
}

static void
ssdb_health_page_init (SsdbHealthPage *self)
{
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->selftest_action = g_simple_action_new ("selftest", G_VARIANT_TYPE_STRING);
  g_signal_connect (self->selftest_action, "activate", G_CALLBACK (on_selftest), self);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (self->selftest_action));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "health", G_ACTION_GROUP (group));
  gtk_widget_set_sensitive (self->refresh_button, FALSE);
  set_state (self, "drive-harddisk-symbolic", NULL, _ ("No Drive Selected"),
             _ ("Choose a drive to read its health."));
}
