/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-gui-test.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "ssdb-gui-util.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

gboolean
ssdb_gui_test_sanitized (void)
{
  const char *sanitize = g_getenv ("SSDBENCH_SANITIZE");

  return sanitize != NULL && *sanitize != '\0' && g_strcmp0 (sanitize, "none") != 0;
}

/* Stop must take effect within 250 ms. Under AddressSanitizer the whole program runs several
 * times slower, so sanitizer builds log the times without holding them to the bound (the normal
 * build of the same suite does). */
void
ssdb_gui_test_assert_stop_time (const char *what, gint64 us)
{
  g_test_message ("%s: %" G_GINT64_FORMAT " µs", what, us);
  if (!ssdb_gui_test_sanitized () && us >= 250000)
    g_error ("%s took %" G_GINT64_FORMAT " µs, more than 250 ms", what, us);
}

gboolean
ssdb_gui_test_write_text (const char *path, const char *text)
{
  int fd = open (path, O_WRONLY | O_CLOEXEC);
  gssize n;

  if (fd < 0)
    return FALSE;
  n = write (fd, text, strlen (text));
  return close (fd) == 0 && n == (gssize)strlen (text);
}

gboolean
ssdb_gui_test_run_cmd (const char *cmd)
{
  int status = 0;

  if (!g_spawn_command_line_sync (cmd, NULL, NULL, &status, NULL))
    return FALSE;
  return g_spawn_check_wait_status (status, NULL);
}

gboolean
ssdb_gui_test_zram_create (guint64 bytes, gboolean fill, char **name, char **path)
{
  g_autofree char *id = NULL;
  g_autofree char *disksize = NULL;
  g_autofree char *size = NULL;
  g_autofree char *dd = NULL;

  if (!g_file_get_contents ("/sys/class/zram-control/hot_add", &id, NULL, NULL))
    return FALSE;
  g_strstrip (id);
  *name = g_strdup_printf ("zram%s", id);
  *path = g_strdup_printf ("/dev/%s", *name);
  disksize = g_strdup_printf ("/sys/block/%s/disksize", *name);
  size = g_strdup_printf ("%" G_GUINT64_FORMAT "M", bytes / MIB);
  if (!ssdb_gui_test_write_text (disksize, size))
    return FALSE;
  for (int i = 0; i < 50 && access (*path, F_OK) != 0; i++)
    g_usleep (20000);
  if (!fill)
    return access (*path, F_OK) == 0;
  dd = g_strdup_printf ("dd if=/dev/urandom of=%s bs=1M count=%" G_GUINT64_FORMAT
                        " oflag=direct status=none",
                        *path, bytes / MIB);
  return ssdb_gui_test_run_cmd (dd);
}

void
ssdb_gui_test_zram_remove (const char *name)
{
  g_autofree char *reset = NULL;

  if (name == NULL)
    return;
  reset = g_strdup_printf ("/sys/block/%s/reset", name);
  /* udev may still be probing the device: reset refuses while it is open. */
  for (int i = 0; i < 100 && !ssdb_gui_test_write_text (reset, "1"); i++)
    g_usleep (50000);
  ssdb_gui_test_write_text ("/sys/class/zram-control/hot_remove", name + 4);
}

#define BLKIO_ROOT "/sys/fs/cgroup/blkio"

char *
ssdb_gui_test_throttle_writes (const char *name, guint64 bytes_per_second)
{
  g_autofree char *group = g_strdup_printf (BLKIO_ROOT "/ssdbench-gui-test-%d", (int)getpid ());
  g_autofree char *devnum_path = g_strdup_printf ("/sys/class/block/%s/dev", name);
  g_autofree char *devnum = NULL;
  g_autofree char *limit = NULL, *limit_path = NULL, *procs = NULL, *pid = NULL;

  if (!g_file_get_contents (devnum_path, &devnum, NULL, NULL)
      || (g_mkdir (group, 0755) != 0 && errno != EEXIST))
    return NULL;
  g_strstrip (devnum);
  limit = g_strdup_printf ("%s %" G_GUINT64_FORMAT, devnum, bytes_per_second);
  limit_path = g_build_filename (group, "blkio.throttle.write_bps_device", NULL);
  procs = g_build_filename (group, "cgroup.procs", NULL);
  pid = g_strdup_printf ("%d", (int)getpid ());
  if (!ssdb_gui_test_write_text (limit_path, limit) || !ssdb_gui_test_write_text (procs, pid))
    {
      g_rmdir (group);
      return NULL;
    }
  return g_steal_pointer (&group);
}

void
ssdb_gui_test_unthrottle (const char *group)
{
  g_autofree char *pid = g_strdup_printf ("%d", (int)getpid ());

  if (group == NULL)
    return;
  ssdb_gui_test_write_text (BLKIO_ROOT "/cgroup.procs", pid);
  for (int i = 0; i < 50 && g_rmdir (group) != 0; i++)
    g_usleep (20000);
}

/* The zram device of ssdb_gui_test_zram_setup(), removed by the signal handler. */
static char *setup_zram_name;

static void
on_abort_remove_zram (int sig)
{
  ssdb_gui_test_zram_remove (setup_zram_name);
  signal (sig, SIG_DFL);
  raise (sig);
}

gboolean
ssdb_gui_test_zram_setup (guint64 bytes, gboolean fill, char **name, char **path)
{
  if (getuid () != 0)
    {
      g_test_skip ("needs root to create a zram device");
      return FALSE;
    }
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no X display (run through tests/gui/run-xvfb.sh)");
      return FALSE;
    }
  if (!g_file_test ("/sys/class/zram-control/hot_add", G_FILE_TEST_EXISTS)
      || !ssdb_gui_test_zram_create (bytes, fill, name, path))
    {
      ssdb_gui_test_zram_remove (*name);
      g_test_skip ("zram is not available");
      return FALSE;
    }
  setup_zram_name = *name;
  signal (SIGABRT, on_abort_remove_zram);
  signal (SIGTERM, on_abort_remove_zram);
  return TRUE;
}

void
ssdb_gui_test_iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
}

void
ssdb_gui_test_iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
}

gboolean
ssdb_gui_test_widget_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

gboolean
ssdb_gui_test_monitor_ready (gpointer app)
{
  return ssdb_device_monitor_is_ready (
      ssdb_application_get_device_monitor (SSDB_APPLICATION (app)));
}

SsdbWindow *
ssdb_gui_test_open_window (SsdbApplication **app)
{
  SsdbWindow *window;

  gtk_init ();
  adw_init ();
  *app = ssdb_application_new ();
  g_application_set_flags (G_APPLICATION (*app),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (*app), NULL, NULL));
  g_application_activate (G_APPLICATION (*app));
  window = SSDB_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (*app)));
  g_assert_nonnull (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  return window;
}

char *
ssdb_gui_test_screenshot (GtkWindow *window, const char *name, guint settle_ms)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  const char *dir = g_getenv ("G_TEST_BUILDDIR");
  char *path = g_build_filename (dir != NULL ? dir : ".", name, NULL);
  g_autofree char *cmd = NULL;

  ssdb_gui_test_iterate_for (settle_ms);
  cmd = g_strdup_printf ("import -window 0x%lx %s",
                         (unsigned long)gdk_x11_surface_get_xid (surface), path);
  if (!ssdb_gui_test_run_cmd (cmd))
    g_test_message ("screenshot failed: %s", cmd);
  else
    g_test_message ("screenshot: %s", path);
  return path;
}

char *
ssdb_gui_test_dup_plain (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0x00a0)
        g_string_append_c (out, ' ');
      else if (c != 0x2060)
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

GtkWidget *
ssdb_gui_test_find_widget (GtkWidget *root, gboolean (*match) (GtkWidget *widget, const char *text),
                           const char *text)
{
  if (match (root, text))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ssdb_gui_test_find_widget (c, match, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_name (GtkWidget *widget, const char *name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

GtkWidget *
ssdb_gui_test_named (gpointer root, const char *name)
{
  GtkWidget *w = ssdb_gui_test_find_widget (GTK_WIDGET (root), has_name, name);

  if (w == NULL)
    g_error ("no widget named %s", name);
  return w;
}

/* A switch with a box after it whose first child is a label reading @text. */
static gboolean
is_labelled_switch (GtkWidget *w, const char *text)
{
  GtkWidget *box = gtk_widget_get_next_sibling (w);
  GtkWidget *label = box != NULL && GTK_IS_BOX (box) ? gtk_widget_get_first_child (box) : NULL;

  return GTK_IS_SWITCH (w) && GTK_IS_LABEL (label)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
}

GtkSwitch *
ssdb_gui_test_find_switch (GtkWidget *root, const char *label_text)
{
  GtkWidget *w = ssdb_gui_test_find_widget (root, is_labelled_switch, label_text);

  return w != NULL ? GTK_SWITCH (w) : NULL;
}

gboolean
ssdb_gui_test_dropdown_shows (GtkWidget *widget, const char *text)
{
  g_autofree char *shown = NULL;

  if (!GTK_IS_DROP_DOWN (widget))
    return FALSE;
  shown = ssdb_gui_dropdown_dup_selected (GTK_DROP_DOWN (widget));
  return g_strcmp0 (shown, text) == 0;
}
