/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-window-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"

G_DEFINE_FINAL_TYPE (SsdbWindow, ssdb_window, ADW_TYPE_APPLICATION_WINDOW)

/* ---- helpers --------------------------------------------------------------------------- */

void
_ssdb_window_show_toast (SsdbWindow *self, const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
}

/* ---- pages ----------------------------------------------------------------------------- */

SsdbTestPage *
_ssdb_window_page_for_kind (SsdbWindow *self, SsdbTestKind kind)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_has_kind (self->pages[i], kind))
      return self->pages[i];
  return NULL;
}

/* The test page shown, or NULL (Drive Info). */
SsdbTestPage *
_ssdb_window_visible_page (SsdbWindow *self)
{
  GtkWidget *child = adw_view_stack_get_visible_child (self->stack);

  return child != NULL && SSDB_IS_TEST_PAGE (child) ? SSDB_TEST_PAGE (child) : NULL;
}

/* Whether any test of any page is running. */
gboolean
_ssdb_window_any_running (SsdbWindow *self)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_get_running (self->pages[i]))
      return TRUE;
  return FALSE;
}

/* Whether Start may start now: nothing runs, a target is selected, the summary's worker ended,
 * and the page shown can run on the target (a page that cannot, the copy test on a device,
 * says why itself). */
static gboolean
start_possible (SsdbWindow *self)
{
  SsdbTestPage *page = _ssdb_window_visible_page (self);
  /* The summary's worker may still be ending after a stop that was reported. */
  gboolean busy
      = ssdb_page_run_get_busy (ssdb_test_page_get_run (SSDB_TEST_PAGE (self->summary_page)));

  return !_ssdb_window_any_running (self) && _ssdb_window_target_path (self) != NULL && !busy
         && (page == NULL || ssdb_test_page_can_start (page));
}

void
_ssdb_window_set_running_ui (SsdbWindow *self)
{
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (self), "start");
  GAction *stop = g_action_map_lookup_action (G_ACTION_MAP (self), "stop");
  gboolean running = _ssdb_window_any_running (self);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (stop), running);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (start), start_possible (self));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button),
                                  running ? "win.stop" : "win.start");
  adw_button_content_set_label (self->start_content, running ? _ ("_Stop") : _ ("_Start"));
  adw_button_content_set_icon_name (self->start_content, running ? "media-playback-stop-symbolic"
                                                                 : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->start_button),
                               running ? _ ("Stop the Benchmark (Esc)")
                                       : _ ("Start the Benchmark (F5)"));
  if (running)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->target_button), !running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
  /* From what was read when the target was chosen or the run started: nothing on the way
   * of Start or Stop reads sysfs or /proc. */
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_set_locked (self->pages[i], running);
}

static void
on_page_updated (SsdbPageRun *run, SsdbWindow *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar, ssdb_page_run_get_fraction (run));
}

static SsdbTestPage *
page_of_run (SsdbWindow *self, SsdbPageRun *run)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_get_run (self->pages[i]) == run)
      return self->pages[i];
  return NULL;
}

static void
on_page_finished (SsdbPageRun *run, const GError *error, SsdbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  const char *path = _ssdb_window_target_path (self);
  SsdbTestPage *page = page_of_run (self, run);
  SsdbTestKind kind = ssdb_test_page_get_kind (page);
  gconstpointer result;

  /* The test that ran, whatever the page shows now. */
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (self->pages[i] == page)
      kind = self->run_kinds[i];

  if (self->inhibit_cookie != 0 && app != NULL)
    gtk_application_uninhibit (app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  self->inhibit_requested = FALSE;
  _ssdb_window_set_running_ui (self);
  /* What the other pages learn from it (the cache a fill found). */
  result = ssdb_test_page_get_result (page, kind);
  if (result != NULL)
    for (guint i = 0; i < N_TEST_PAGES; i++)
      if (self->pages[i] != page)
        ssdb_test_page_result_finished (self->pages[i], kind, result);
  if (error == NULL)
    {
      g_autofree char *note = ssdb_test_page_dup_finished_toast (page);

      if (note != NULL)
        _ssdb_window_show_toast (self, note);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    _ssdb_window_show_toast (self, ssdb_test_page_get_stopped_text (page));
  else if (path != NULL && strstr (error->message, path) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", path, error->message);

      _ssdb_window_show_toast (self, text);
    }
  else
    _ssdb_window_show_toast (self, error->message);
  /* Heat that puts the figures in doubt is said whatever the page shows, after a complete run
   * or a failed one. */
  if (result != NULL && !g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    {
      g_autofree char *alert = ssdb_test_kind_dup_drive_alert (kind, result);

      if (alert != NULL)
        {
          /* Translators: what the drive did during a run, from the engine ("Drive at its 70 °C
           * warning temperature or above for 95 s from 40 s in (up to 74 °C)") */
          g_autofree char *text = g_strdup_printf (_ ("During this run: %s"), alert);

          _ssdb_window_show_toast (self, text);
        }
    }
}

static void
on_page_running (SsdbWindow *self)
{
  _ssdb_window_set_running_ui (self);
}

/* Start follows the page shown: a page may not run on the selected target. */
static void
on_visible_page_changed (SsdbWindow *self)
{
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (self), "start");

  if (start != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (start), start_possible (self));
}

static void
on_loaded_dropped (SsdbTestPage *page, guint kind, SsdbWindow *self)
{
  _ssdb_window_drop_report_view (self, (SsdbTestKind)kind);
}

/* ---- the shared write permission ------------------------------------------------------- */

/* Why writing to the selected device is refused (mounted, swap, read-only...), or NULL. */
char *
_ssdb_window_dup_write_refusal (SsdbWindow *self)
{
  const SsdbDeviceInfo *info;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbUsage) usage = NULL;
  char *refusal = NULL;

  if (self->device == NULL)
    return NULL;
  info = ssdb_device_get_info (self->device);
  usage = ssdb_usage_read (NULL, info->name, &error);
  if (usage != NULL)
    refusal = ssdb_usage_describe_refusal (usage, info->device_path);
  else
    refusal = g_strdup (error->message);
  if (refusal == NULL && info->read_only)
    refusal = g_strdup_printf (_ ("%s is read-only"), info->device_path);
  return refusal;
}

/* Every page starts over on the selected target. */
/* The medium behind the selected device now, or NULL (with a toast) when it cannot be read. */
SsdbDeviceIdentity *
_ssdb_window_read_selected_identity (SsdbWindow *self)
{
  g_autoptr (GError) error = NULL;
  SsdbDeviceIdentity *id;

  if (self->device == NULL)
    return NULL;
  id = ssdb_device_identity_read (NULL, ssdb_device_get_device_path (self->device), &error);
  if (id == NULL)
    _ssdb_window_show_toast (self, error->message);
  return id;
}

/* Whether the shared write permission is for the medium behind the selected device now. When
 * another medium is there (a loop device attached to another file, a card swapped), the
 * permission ends: the pages that show it turn it off and the user is told, so that nothing
 * is written to a medium nobody agreed to overwrite. */
gboolean
_ssdb_window_confirmed_for_selected (SsdbWindow *self, gboolean tell)
{
  g_autoptr (SsdbDeviceIdentity) now = NULL;
  g_autofree char *mismatch = NULL;

  if (self->device == NULL || self->confirmed == NULL)
    return FALSE;
  if (g_strcmp0 (self->confirmed->path, ssdb_device_get_device_path (self->device)) != 0)
    return FALSE;
  now = ssdb_device_identity_read (NULL, self->confirmed->path, NULL);
  if (now != NULL)
    mismatch = ssdb_device_identity_dup_mismatch (self->confirmed, now);
  if (now != NULL && mismatch == NULL)
    return TRUE;
  if (tell)
    {
      g_autofree char *text = g_strdup_printf (
          _ ("%s no longer holds the medium you allowed to be overwritten (%s); "
             "write tests are off again"),
          self->confirmed->path, mismatch != NULL ? mismatch : _ ("it cannot be read"));

      _ssdb_window_show_toast (self, text);
    }
  g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_writes_withdrawn (self->pages[i]);
  return FALSE;
}

void
_ssdb_window_request_shared_writes (SsdbWindow *self, SsdbTestPage *page)
{
  g_autofree char *refusal = NULL;

  if (self->device == NULL)
    return; /* a test file: nothing to confirm */
  refusal = _ssdb_window_dup_write_refusal (self);
  if (refusal != NULL)
    {
      ssdb_test_page_writes_refused (page);
      _ssdb_window_show_toast (self, refusal);
      return;
    }
  if (_ssdb_window_confirmed_for_selected (self, TRUE))
    ssdb_test_page_writes_granted (page);
  else
    _ssdb_window_show_confirm_dialog (self, page, TRUE);
}

static void
on_write_requested (SsdbTestPage *page, gboolean on, SsdbWindow *self)
{
  if (on)
    _ssdb_window_request_shared_writes (self, page);
  else
    g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
}

void
_ssdb_window_inhibit_suspend (SsdbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return;
  /* 0 when no session manager or portal can inhibit: the run goes on regardless. */
  self->inhibit_cookie
      = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND,
                                 _ ("A storage benchmark is running"));
  self->inhibit_requested = TRUE;
}

/* Reads the device's use (mounted, swap, holders) again when @reread and tells the pages;
 * a refused device ends the shared write permission. */
void
_ssdb_window_update_write_controls (SsdbWindow *self, gboolean reread)
{
  g_autofree char *title = NULL;
  SsdbTestPageTarget target;

  if (reread)
    {
      g_clear_pointer (&self->write_refusal, g_free);
      self->write_refusal = _ssdb_window_dup_write_refusal (self);
    }
  if (self->write_refusal != NULL)
    g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  _ssdb_window_get_page_target (self, &target, &title);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_target_changed (self->pages[i], &target);
}

/* ---- page switcher ------------------------------------------------------------------- */

/* The widest natural width of the titles under the icons of @widget's buttons, and how many. */
static void
widest_title (GtkWidget *widget, int *widest, int *n)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c) && gtk_widget_has_css_class (widget, "narrow"))
      {
        int nat = 0;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        *widest = MAX (*widest, nat);
        (*n)++;
      }
    else
      widest_title (c, widest, n);
}

/* Space on either side of a title in the narrow page switcher, px. */
#define SWITCHER_TITLE_PADDING 3

static void
on_switcher_view_changed (SsdbWindow *self);

/* The narrow page switchers would shrink their titles to "…" rather than give way to the title:
 * it asks for room for every title whole (its buttons share one width), less than the 100 px
 * a button takes at ease, so that all the pages fit in the header of a wide window (thirteen
 * take about 1700 px); narrower, the title shows and the pages go to the bar at the bottom. */
static void
update_switcher_size (SsdbWindow *self)
{
  int widest = 0, n = 0;

  widest_title (self->narrow_switcher, &widest, &n);
  gtk_widget_set_size_request (self->narrow_switcher, n * (widest + 2 * SWITCHER_TITLE_PADDING),
                               -1);
  /* The bar at the bottom likewise keeps its titles whole; it scrolls sideways in a window
   * narrower than that (800 px holds about eight titles), its view a whole number of buttons
   * (fit_switcher_bar()). */
  on_switcher_view_changed (self);
}

/* The page switcher inside the bar of pages. */
static GtkWidget *
bar_switcher (GtkWidget *widget)
{
  if (ADW_IS_VIEW_SWITCHER (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = bar_switcher (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The width of a button of the bar of pages: its titles whole, and when they do not all fit,
 * as many whole buttons as fit share the bar's view, so that no title is cut at its edges
 * (scrolled back, to its end or by a wheel's notch: a button). */
static int
bar_button_width (SsdbWindow *self)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (self->switcher_scroller);
  GtkWidget *switcher = bar_switcher (GTK_WIDGET (self->switcher_bar));
  int view = (int)gtk_adjustment_get_page_size (h);
  int widest = 0, n = 0, least, bar_min = 0, switcher_min = 0, room;

  widest_title (GTK_WIDGET (self->switcher_bar), &widest, &n);
  least = widest + 2 * SWITCHER_TITLE_PADDING;
  if (switcher == NULL || n == 0 || view <= 0)
    return least;
  /* the bar's own padding around the switcher */
  gtk_widget_measure (GTK_WIDGET (self->switcher_bar), GTK_ORIENTATION_HORIZONTAL, -1, &bar_min,
                      NULL, NULL, NULL);
  gtk_widget_measure (switcher, GTK_ORIENTATION_HORIZONTAL, -1, &switcher_min, NULL, NULL, NULL);
  room = view - MAX (bar_min - switcher_min, 0);
  if (n * least <= room)
    return least;
  return room / MAX (room / least, 1);
}

/* Once the view of the bar has its new size: the switcher's buttons share it in whole ones. */
static gboolean
fit_switcher_bar (gpointer data)
{
  SsdbWindow *self = data;
  GtkWidget *switcher;
  int widest = 0, n = 0, width, before = 0;

  g_object_set_data (G_OBJECT (self), "ssdb-fit-bar", NULL);
  if (self->switcher_bar == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE; /* the window was closed meanwhile */
  switcher = bar_switcher (GTK_WIDGET (self->switcher_bar));
  widest_title (GTK_WIDGET (self->switcher_bar), &widest, &n);
  if (switcher == NULL || n == 0)
    return G_SOURCE_REMOVE;
  width = n * bar_button_width (self);
  gtk_widget_get_size_request (switcher, &before, NULL);
  if (before != width)
    gtk_widget_set_size_request (switcher, width, -1);
  return G_SOURCE_REMOVE;
}

/* The view of the bar changed size (during a layout: the buttons' width follows after it). */
static void
on_switcher_view_changed (SsdbWindow *self)
{
  if (g_object_get_data (G_OBJECT (self), "ssdb-fit-bar") == NULL)
    g_object_set_data (G_OBJECT (self), "ssdb-fit-bar",
                       GUINT_TO_POINTER (g_idle_add_full (G_PRIORITY_DEFAULT, fit_switcher_bar,
                                                          g_object_ref (self), g_object_unref)));
}

/* A mouse wheel scrolls the bar of pages sideways: it has nothing to scroll up or down. */
static gboolean
on_switcher_wheel (GtkEventControllerScroll *controller, double dx, double dy, SsdbWindow *self)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (self->switcher_scroller);
  double button = bar_button_width (self);

  if (dy == 0)
    return FALSE;
  /* a notch, a button (from the nearest edge of one); a touchpad, its pixels */
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    gtk_adjustment_set_value (h, (round (gtk_adjustment_get_value (h) / button) + dy) * button);
  else
    gtk_adjustment_set_value (h, gtk_adjustment_get_value (h) + dy);
  return TRUE;
}

/* The header shows the title when the page switcher does not fit: the pages go to the bar at
 * the bottom. */
static void
on_switcher_squeezed (SsdbWindow *self)
{
  adw_view_switcher_bar_set_reveal (self->switcher_bar,
                                    adw_squeezer_get_visible_child (self->switcher_squeezer)
                                        == GTK_WIDGET (self->window_title));
}

static gboolean
ssdb_window_close_request (GtkWindow *window)
{
  SsdbWindow *self = SSDB_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (self->pages[i] != NULL)
      ssdb_test_page_stop (self->pages[i]);
  return GTK_WINDOW_CLASS (ssdb_window_parent_class)->close_request (window);
}

/* ---- object ---------------------------------------------------------------------------- */

static void
ssdb_window_dispose (GObject *object)
{
  SsdbWindow *self = SSDB_WINDOW (object);

  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (self->pages[i] != NULL)
      {
        ssdb_test_page_stop (self->pages[i]);
        g_signal_handlers_disconnect_by_data (ssdb_test_page_get_run (self->pages[i]), self);
        g_signal_handlers_disconnect_by_data (self->pages[i], self);
        self->pages[i] = NULL;
      }
  if (self->monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->monitor, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->device);
  g_clear_object (&self->settings);
  g_clear_object (&self->monitor);
  g_clear_pointer (&self->report, ssdb_report_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_WINDOW);

  G_OBJECT_CLASS (ssdb_window_parent_class)->dispose (object);
}

static void
ssdb_window_finalize (GObject *object)
{
  SsdbWindow *self = SSDB_WINDOW (object);

  g_free (self->directory);
  g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  g_clear_pointer (&self->session_allowed, g_ptr_array_unref);
  g_clear_pointer (&self->confirm_identity, ssdb_device_identity_free);
  g_clear_pointer (&self->confirm_body, g_free);
  g_free (self->write_refusal);
  g_free (self->last_toast);
  g_free (self->report_file);
  g_free (self->report_text);
  G_OBJECT_CLASS (ssdb_window_parent_class)->finalize (object);
}

static void
ssdb_window_class_init (SsdbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_window_dispose;
  object_class->finalize = ssdb_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = ssdb_window_close_request;

  g_type_ensure (SSDB_TYPE_DRIVE_INFO);
  g_type_ensure (SSDB_TYPE_HEALTH_PAGE);
  g_type_ensure (SSDB_TYPE_SUMMARY_PAGE);
  g_type_ensure (SSDB_TYPE_SURFACE_PAGE);
  g_type_ensure (SSDB_TYPE_FILL_PAGE);
  g_type_ensure (SSDB_TYPE_ACCESS_PAGE);
  g_type_ensure (SSDB_TYPE_SWEEP_PAGE);
  g_type_ensure (SSDB_TYPE_WORKLOAD_PAGE);
  g_type_ensure (SSDB_TYPE_BEHAVIOUR_PAGE);
  g_type_ensure (SSDB_TYPE_SCAN_PAGE);
  g_type_ensure (SSDB_TYPE_RANDOM_ACCESS_PAGE);
  g_type_ensure (SSDB_TYPE_ASSSD_PAGE);
  g_type_ensure (SSDB_TYPE_COPY_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/ssdbench/App/ui/ssdb-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbWindow, name)
  BIND (toast_overlay);
  BIND (switcher_squeezer);
  BIND (narrow_switcher);
  BIND (window_title);
  BIND (switcher_bar);
  BIND (switcher_scroller);
  BIND (report_icon);
  BIND (target_button);
  BIND (target_popover);
  BIND (target_list);
  BIND (target_icon);
  BIND (target_label);
  BIND (start_button);
  BIND (start_content);
  BIND (progress_bar);
  BIND (stack);
  BIND (drive_info);
  BIND (health_page);
  BIND (summary_page);
  BIND (surface_page);
  BIND (fill_page);
  BIND (access_page);
  BIND (sweep_page);
  BIND (workload_page);
  BIND (behaviour_page);
  BIND (scan_page);
  BIND (randomaccess_page);
  BIND (asssd_page);
  BIND (copy_page);
#undef BIND
  gtk_widget_class_bind_template_callback_full (widget_class, "on_target_row_activated",
                                                G_CALLBACK (_ssdb_window_on_target_row_activated));
  gtk_widget_class_bind_template_callback (widget_class, on_switcher_squeezed);
}

static void
ssdb_window_init (SsdbWindow *self)
{
  GtkEventController *wheel;

  gtk_widget_init_template (GTK_WIDGET (self));
  wheel = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (wheel, GTK_PHASE_CAPTURE);
  g_signal_connect (wheel, "scroll", G_CALLBACK (on_switcher_wheel), self);
  g_signal_connect_swapped (gtk_scrolled_window_get_hadjustment (self->switcher_scroller),
                            "notify::page-size", G_CALLBACK (on_switcher_view_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->switcher_scroller), wheel);
  g_signal_connect_swapped (self->stack, "notify::visible-child",
                            G_CALLBACK (on_visible_page_changed), self);

  self->pages[0] = SSDB_TEST_PAGE (self->summary_page);
  self->pages[1] = SSDB_TEST_PAGE (self->surface_page);
  self->pages[2] = SSDB_TEST_PAGE (self->fill_page);
  self->pages[3] = SSDB_TEST_PAGE (self->access_page);
  self->pages[4] = SSDB_TEST_PAGE (self->sweep_page);
  self->pages[5] = SSDB_TEST_PAGE (self->workload_page);
  self->pages[6] = SSDB_TEST_PAGE (self->behaviour_page);
  self->pages[7] = SSDB_TEST_PAGE (self->scan_page);
  self->pages[8] = SSDB_TEST_PAGE (self->randomaccess_page);
  self->pages[9] = SSDB_TEST_PAGE (self->asssd_page);
  self->pages[10] = SSDB_TEST_PAGE (self->copy_page);
  _ssdb_window_report_init (self);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    {
      SsdbPageRun *run = ssdb_test_page_get_run (self->pages[i]);

      g_signal_connect (run, "updated", G_CALLBACK (on_page_updated), self);
      self->run_kinds[i] = ssdb_test_page_get_kind (self->pages[i]);
      g_signal_connect (run, "finished", G_CALLBACK (on_page_finished), self);
      g_signal_connect_swapped (run, "notify::running", G_CALLBACK (on_page_running), self);
      g_signal_connect_swapped (run, "notify::busy", G_CALLBACK (on_page_running), self);
      g_signal_connect (self->pages[i], "write-requested", G_CALLBACK (on_write_requested), self);
      g_signal_connect (self->pages[i], "loaded-dropped", G_CALLBACK (on_loaded_dropped), self);
    }
}

SsdbWindow *
ssdb_window_new (GtkApplication *app, GSettings *settings, SsdbDeviceMonitor *monitor)
{
  SsdbWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (SSDB_IS_DEVICE_MONITOR (monitor), NULL);

  self = g_object_new (SSDB_TYPE_WINDOW, "application", app, NULL);
  self->settings = g_object_ref (settings);
  self->monitor = g_object_ref (monitor);
  _ssdb_window_actions_init (self);
  ssdb_drive_info_set_monitor (self->drive_info, self->monitor);

  /* A damaged setting must not make a window of no or of absurd size. */
  gtk_window_set_default_size (
      GTK_WINDOW (self), CLAMP (g_settings_get_int (self->settings, "window-width"), 320, 16384),
      CLAMP (g_settings_get_int (self->settings, "window-height"), 320, 16384));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_set_settings (self->pages[i], self->settings);

  _ssdb_window_target_init (self);
  update_switcher_size (self);
  return self;
}

AdwMessageDialog *
ssdb_window_get_confirm_dialog (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->confirm_dialog;
}

SsdbSummaryPage *
ssdb_window_get_summary_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->summary_page;
}

SsdbSurfacePage *
ssdb_window_get_surface_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->surface_page;
}

SsdbFillPage *
ssdb_window_get_fill_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->fill_page;
}

SsdbAccessPage *
ssdb_window_get_access_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->access_page;
}

SsdbSweepPage *
ssdb_window_get_sweep_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->sweep_page;
}

SsdbCopyPage *
ssdb_window_get_copy_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->copy_page;
}

SsdbRandomAccessPage *
ssdb_window_get_randomaccess_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->randomaccess_page;
}

SsdbAsssdPage *
ssdb_window_get_asssd_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->asssd_page;
}

SsdbScanPage *
ssdb_window_get_scan_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->scan_page;
}

SsdbWorkloadPage *
ssdb_window_get_workload_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->workload_page;
}

SsdbBehaviourPage *
ssdb_window_get_behaviour_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->behaviour_page;
}

void
ssdb_window_set_page (SsdbWindow *self, const char *name)
{
  g_return_if_fail (SSDB_IS_WINDOW (self));
  g_return_if_fail (name != NULL);
  adw_view_stack_set_visible_child_name (self->stack, name);
}

SsdbDriveInfo *
ssdb_window_get_drive_info (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->drive_info;
}

const char *
ssdb_window_get_last_toast (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->last_toast;
}

gboolean
ssdb_window_is_inhibiting (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  return self->inhibit_requested;
}
