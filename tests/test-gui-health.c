/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Health page under Xvfb, against the UDisks2 stand-in with an ATA drive
 * (tests/health/udisks2-ata.py, profile "reallocated", started by tests/health/run-gui.sh on a
 * private bus given as DBUS_SYSTEM_BUS_ADDRESS; no SATA disk exists on the test machines): the
 * window selects the stand-in's device, the page reads it on a worker thread and shows the
 * assessment with its reason first, the summary and the table; a self-test started from the
 * page shows its progress; a directory on tmpfs says why it has no health.
 */
#include <string.h>

#include "ssdb-application.h"
#include "ssdb-health-page.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

static SsdbApplication *app;
static SsdbWindow *window;
static SsdbHealthPage *page;

static gboolean
page_idle (gpointer data)
{
  return !ssdb_health_page_is_busy (data);
}

static gboolean
label_is (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
label_has (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static void
test_reallocated (void)
{
  const char *block = g_getenv ("STANDIN_BLOCK");
  g_autofree char *path = g_strconcat ("/dev/", block, NULL);
  g_autofree char *shot = NULL;
  const SsdbHealth *h;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  /* The monitor lists the stand-in's block device once it has read the bus. */
  while (!ssdb_window_select_target (window, path) && g_get_monotonic_time () < end)
    ssdb_gui_test_iterate_for (100);
  g_assert_true (ssdb_window_select_target (window, path));
  ssdb_gui_test_iterate_until (page_idle, page, 20000);
  g_assert_false (ssdb_health_page_is_busy (page));
  g_assert_null (ssdb_health_page_get_error (page));
  h = ssdb_health_page_get_health (page);
  g_assert_nonnull (h);
  g_assert_cmpstr (h->source, ==, "ata-smart");
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpuint (h->rows->len, ==, 10);

  /* What the user reads: the assessment and its reason first, the summary, the table. */
  g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "Health: Warning"));
  g_assert_nonnull (ssdb_gui_test_find_widget (
      GTK_WIDGET (page), label_is,
      "The drive reports 8 reallocated sectors, 2 sectors pending reallocation."));
  g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "35 °C"));
  g_assert_nonnull (
      ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "1234 hours (51 days)"));
  g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "4158 ms"));
  /* ATA's total LBAs written are in the table, never taken as the host's bytes. */
  g_assert_null (ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "Host Writes"));
  g_assert_nonnull (
      ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "reallocated-sector-count"));
  g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "Warning"));

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  ssdb_window_set_page (window, "health");
  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-health.png", 500);
  g_test_message ("screenshot: %s", shot);
  /* Drive Info of the same device, with its queue's state, for the eye. */
  ssdb_window_set_page (window, "info");
  g_free (shot);
  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-health-info.png", 500);
  ssdb_window_set_page (window, "health");

  /* A short self-test from the page's menu: UDisks2 is asked, and its progress is shown. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "health.selftest", "s", "short"));
  ssdb_gui_test_iterate_until (page_idle, page, 20000);
  h = ssdb_health_page_get_health (page);
  g_assert_nonnull (h);
  g_assert_cmpstr (h->selftest_status, ==, "inprogress");
  g_assert_cmpint (h->selftest_percent_remaining, ==, 90);
  g_assert_nonnull (
      ssdb_gui_test_find_widget (GTK_WIDGET (page), label_is, "running, 90 % remaining"));
}

static void
test_no_drive (void)
{
  /* A directory in memory has no drive under it: the page says so and reads nothing. */
  ssdb_health_page_set_target (page, NULL, "/dev/shm");
  g_assert_false (ssdb_health_page_is_busy (page));
  g_assert_null (ssdb_health_page_get_health (page));
  g_assert_nonnull (
      ssdb_gui_test_find_widget (GTK_WIDGET (page), label_has, "has no drive under it"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("STANDIN_BLOCK") == NULL || g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("needs the UDisks2 stand-in (tests/health/run-gui.sh) and an X display");
      return g_test_run ();
    }
  window = ssdb_gui_test_open_window (&app);
  page = window->health_page;
  g_test_add_func ("/gui/health/reallocated", test_reallocated);
  g_test_add_func ("/gui/health/no-drive", test_no_drive);
  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  return status;
}
