/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the GUI tests run under Xvfb have in common: sysfs writes, commands, zram devices, the
 * application and its window, main loop waits, the stop-time bound and screenshots.
 */
#pragma once

#include <gtk/gtk.h>

#include "ssdb-application.h"
#include "ssdb-window-private.h"

G_BEGIN_DECLS

/**
 * ssdb_gui_test_sanitized:
 *
 * Returns: TRUE when SSDBENCH_SANITIZE names a sanitizer (the build runs several times slower).
 */
gboolean
ssdb_gui_test_sanitized (void);

/**
 * ssdb_gui_test_assert_stop_time:
 * @what: what was stopped, for the message
 * @us: time from the stop request to the end of the run, µs
 *
 * Logs @us and aborts the test when it is 250 ms or more, except in sanitizer builds, which
 * only log it.
 */
void
ssdb_gui_test_assert_stop_time (const char *what, gint64 us);

/**
 * ssdb_gui_test_write_text:
 * @path: a file, usually a sysfs attribute
 * @text: the text written, without a terminating NUL
 *
 * Returns: TRUE when all of @text was written; FALSE when the kernel refuses (EBUSY, EINVAL...).
 */
gboolean
ssdb_gui_test_write_text (const char *path, const char *text);

/**
 * ssdb_gui_test_run_cmd:
 * @cmd: a command line (g_spawn_command_line_sync() syntax)
 *
 * Returns: TRUE when the command ran and exited with status 0.
 */
gboolean
ssdb_gui_test_run_cmd (const char *cmd);

/**
 * ssdb_gui_test_zram_create:
 * @bytes: the device size, a multiple of 1 MiB
 * @fill: write @bytes of /dev/urandom over the device (zram reads unwritten pages without work)
 * @name: (out): the device name, "zram5"; set as soon as the device exists, even on failure
 * @path: (out): the device node, "/dev/zram5"
 *
 * Adds a zram device through /sys/class/zram-control (root). Remove it with
 * ssdb_gui_test_zram_remove() even when this fails.
 *
 * Returns: TRUE when the device node exists (and with @fill, was filled).
 */
gboolean
ssdb_gui_test_zram_create (guint64 bytes, gboolean fill, char **name, char **path);

/**
 * ssdb_gui_test_zram_remove:
 * @name: (nullable): a name from ssdb_gui_test_zram_create(); NULL does nothing
 *
 * Resets the device (retrying for up to 5 s while udev still holds it open) and removes it.
 */
void
ssdb_gui_test_zram_remove (const char *name);

/**
 * ssdb_gui_test_dup_plain:
 * @text: a label's text
 *
 * Returns: (transfer full): @text with no-break spaces as spaces and word joiners left out
 *   (what ssdb_gui_dup_unbreakable() adds), to compare with plain strings
 */
char *
ssdb_gui_test_dup_plain (const char *text);

/**
 * ssdb_gui_test_find_widget:
 * @root: where to look
 * @match: whether a widget is the one looked for, given @text
 * @text: passed to @match
 *
 * Returns: (transfer none) (nullable): the first widget under @root (itself included, depth
 *   first) for which @match is TRUE
 */
GtkWidget *
ssdb_gui_test_find_widget (GtkWidget *root, gboolean (*match) (GtkWidget *widget, const char *text),
                           const char *text);

/**
 * ssdb_gui_test_named:
 * @root: where to look
 * @name: a widget name (gtk_widget_get_name(), the templates' names)
 *
 * Returns: (transfer none): the first widget under @root called @name; the test fails when
 *   there is none.
 */
GtkWidget *
ssdb_gui_test_named (gpointer root, const char *name);

/**
 * ssdb_gui_test_dropdown_shows:
 * @widget: a widget
 * @text: an entry's text
 *
 * A match for ssdb_gui_test_find_widget(): a drop-down whose selected entry reads @text.
 */
gboolean
ssdb_gui_test_dropdown_shows (GtkWidget *widget, const char *text);

/**
 * ssdb_gui_test_find_switch:
 * @root: where to look
 * @label_text: the text of the label in the box beside the switch ("Write Tests")
 *
 * Returns: (transfer none) (nullable): the first switch below @root whose next sibling is a
 *   box starting with a label reading @label_text.
 */
GtkSwitch *
ssdb_gui_test_find_switch (GtkWidget *root, const char *label_text);

/**
 * ssdb_gui_test_throttle_writes:
 * @name: a block device's kernel name ("zram5")
 * @bytes_per_second: the write rate to allow it
 *
 * Puts this process into a new cgroup v1 blkio group that throttles its writes to @name (a
 * run long enough to be stopped half-way, whatever the engine's speed). Undo it with
 * ssdb_gui_test_unthrottle().
 *
 * Returns: (transfer full) (nullable): the group's directory, or %NULL when cgroup v1 blkio
 *   throttling is not available (the caller skips).
 */
char *
ssdb_gui_test_throttle_writes (const char *name, guint64 bytes_per_second);

/**
 * ssdb_gui_test_unthrottle:
 * @group: (nullable): a group from ssdb_gui_test_throttle_writes()
 *
 * Moves this process back to the root group and removes @group.
 */
void
ssdb_gui_test_unthrottle (const char *group);

/**
 * ssdb_gui_test_zram_setup:
 * @bytes: the device size, a multiple of 1 MiB
 * @fill: as for ssdb_gui_test_zram_create()
 * @name: (out): the device name, "zram5"
 * @path: (out): the device node, "/dev/zram5"
 *
 * How a GUI test on a zram device starts, after g_test_init(): skips the test (g_test_skip())
 * when not run as root, without an X display or without zram; otherwise creates the device and
 * removes it again should the test abort or be terminated (SIGABRT, SIGTERM). Remove it with
 * ssdb_gui_test_zram_remove() when the test ends.
 *
 * Returns: TRUE when the device exists; FALSE after g_test_skip() (return g_test_run() then).
 */
gboolean
ssdb_gui_test_zram_setup (guint64 bytes, gboolean fill, char **name, char **path);

/**
 * ssdb_gui_test_iterate_until:
 * @done: called with @data before each main loop iteration; TRUE ends the wait
 * @data: passed to @done
 * @timeout_ms: longest wait, ms
 *
 * Runs the default main context until @done returns TRUE or @timeout_ms have passed.
 */
void
ssdb_gui_test_iterate_until (gboolean (*done) (gpointer), gpointer data, guint timeout_ms);

/**
 * ssdb_gui_test_iterate_for:
 * @ms: how long, ms
 *
 * Runs the default main context for @ms.
 */
void
ssdb_gui_test_iterate_for (guint ms);

/**
 * ssdb_gui_test_widget_mapped:
 * @widget: a GtkWidget
 *
 * A condition for ssdb_gui_test_iterate_until().
 *
 * Returns: TRUE when @widget is mapped.
 */
gboolean
ssdb_gui_test_widget_mapped (gpointer widget);

/**
 * ssdb_gui_test_monitor_ready:
 * @app: the SsdbApplication
 *
 * A condition for ssdb_gui_test_iterate_until().
 *
 * Returns: TRUE when the application's device monitor has listed the devices.
 */
gboolean
ssdb_gui_test_monitor_ready (gpointer app);

/**
 * ssdb_gui_test_open_window:
 * @app: (out): the application, registered as a non-unique instance and activated
 *
 * Initializes GTK and libadwaita, starts the application and sizes its window to 1200 × 800
 * (not yet mapped: wait with ssdb_gui_test_widget_mapped()). Aborts the test when the
 * application cannot register or shows no window.
 *
 * Returns: (transfer none): the application's window.
 */
SsdbWindow *
ssdb_gui_test_open_window (SsdbApplication **app);

/**
 * ssdb_gui_test_screenshot:
 * @window: a mapped window on the X11 display
 * @name: the file name, written in G_TEST_BUILDDIR (or the current directory)
 * @settle_ms: main loop time first, ms, so that the last frame reaches the X server
 *
 * Saves @window as an image with ImageMagick's import; a failure is logged, not fatal.
 *
 * Returns: (transfer full): the file's path.
 */
char *
ssdb_gui_test_screenshot (GtkWindow *window, const char *name, guint settle_ms);

G_END_DECLS
