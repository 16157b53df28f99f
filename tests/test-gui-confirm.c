/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The app's write confirmations are bound to the medium they name, not to a path: on a real
 * loop device under Xvfb, another image is attached behind the same /dev/loopN
 *   - while the Fill confirmation is open: Overwrite writes nothing and says why;
 *   - after the Summary's write tests were allowed: the next Start asks again instead of
 *     writing, and the switch is off;
 *   - after a Fill confirmation that allowed the medium for the session: the next Start runs
 *     without asking, and once another medium is behind the node it asks again; an allowance
 *     holds for what its dialog said is written (the compression test over "the first 8 MiB"
 *     runs again without asking, over "the first 16 MiB" asks; settings changed while that
 *     dialog is open make Overwrite write nothing).
 * In both cases the image now behind the device keeps its checksum.
 * Settings the target cannot take are refused before anything is asked: on a loop device with
 * 4096-byte sectors, an Access Time run of 512-byte reads and the File server workload (512 B
 * to 2 KiB requests among its sizes) start nothing, open no confirmation and leave the image as
 * it was, with the engine's reason in the toast.
 * Run as root through tests/gui/run-xvfb.sh.
 */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "engine/ssdb-access.h"
#include "engine/ssdb-identity.h"
#include "ssdb-application.h"
#include "ssdb-gui-util.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define IMAGE_BYTES (32 * MIB)

static SsdbApplication *app;
static SsdbWindow *window;
static char *dir;
static char *image_a, *image_b;
static char *loop_path;
static char *image_4k, *loop_4k;

static char *
checksum (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guint8 *)data, len);
}

static void
make_image (const char *path)
{
  g_autofree guint8 *data = g_malloc (IMAGE_BYTES);
  g_autoptr (GRand) rand = g_rand_new ();

  for (gsize i = 0; i < IMAGE_BYTES; i += 4)
    {
      guint32 v = g_rand_int (rand);

      memcpy (data + i, &v, 4);
    }
  g_assert_true (g_file_set_contents (path, (const char *)data, IMAGE_BYTES, NULL));
}

/* Puts @image behind the loop device (the same node, a new medium: a new disk sequence). */
static void
swap_medium (const char *image)
{
  g_autofree char *detach = g_strdup_printf ("losetup -d %s", loop_path);
  g_autofree char *attach = g_strdup_printf ("losetup --direct-io=on %s %s", loop_path, image);
  g_autoptr (SsdbDeviceIdentity) before = ssdb_device_identity_read (NULL, loop_path, NULL);
  g_autoptr (SsdbDeviceIdentity) after = NULL;

  g_assert_true (ssdb_gui_test_run_cmd (detach));
  for (guint i = 0; i < 50 && !ssdb_gui_test_run_cmd (attach); i++)
    g_usleep (100 * 1000);
  after = ssdb_device_identity_read (NULL, loop_path, NULL);
  g_assert_nonnull (after);
  g_assert_false (ssdb_device_identity_equal (before, after));
  g_test_message ("%s: disk sequence %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT, loop_path,
                  before->diskseq, after->diskseq);
}

static gboolean
page_run_idle (gpointer data)
{
  return !ssdb_fill_page_get_busy (ssdb_window_get_fill_page (window));
}

static void
test_fill_swapped_while_asked (void)
{
  SsdbFillPage *page = ssdb_window_get_fill_page (window);
  AdwMessageDialog *dialog;
  g_autofree char *sum_b = checksum (image_b);
  g_autofree char *after = NULL;

  g_assert_true (ssdb_window_select_target (window, loop_path));
  ssdb_window_set_page (window, "fill");
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), loop_path));

  /* While the user reads the dialog, another medium appears behind the same node. */
  swap_medium (image_b);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_false (ssdb_fill_page_get_running (page));
  g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "Nothing was written"));
  g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "disk sequence number changed"));
  ssdb_gui_test_iterate_until (page_run_idle, NULL, 5000);
  after = checksum (image_b);
  g_assert_cmpstr (after, ==, sum_b);
}

static void
test_summary_swapped_after_allowed (void)
{
  SsdbPageRun *runner
      = ssdb_test_page_get_run (SSDB_TEST_PAGE (ssdb_window_get_summary_page (window)));
  GtkSwitch *sw;
  AdwMessageDialog *dialog;
  g_autofree char *sum_a = checksum (image_a);
  g_autofree char *after = NULL;

  /* The medium is B now (the previous test); allow write tests for it. */
  ssdb_window_set_page (window, "summary");
  g_assert_true (ssdb_window_select_target (window, loop_path));
  sw = ssdb_gui_test_find_switch (GTK_WIDGET (window), "Write Tests");
  g_assert_nonnull (sw);
  gtk_switch_set_active (sw, TRUE);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));

  /* Then image A comes back behind the node: Start must not write to it. */
  swap_medium (image_a);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_false (ssdb_page_run_get_running (runner));
  g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
  g_assert_nonnull (
      strstr (ssdb_window_get_last_toast (window), "no longer holds the medium you allowed"));
  ssdb_gui_test_iterate_for (300);
  after = checksum (image_a);
  g_assert_cmpstr (after, ==, sum_a);
}

static gboolean
fill_idle (gpointer data)
{
  SsdbFillPage *page = ssdb_window_get_fill_page (window);

  return !ssdb_fill_page_get_running (page) && !ssdb_fill_page_get_busy (page);
}

static gboolean
run_idle (gpointer data)
{
  return !ssdb_page_run_get_running (data);
}

static void
test_fill_allowed_for_session (void)
{
  SsdbFillPage *page = ssdb_window_get_fill_page (window);
  AdwMessageDialog *dialog;
  GtkWidget *check;
  g_autofree char *sum_b = checksum (image_b);
  g_autofree char *after = NULL;

  /* Medium A is behind the node (the previous test). Asked, and allowed for the session. */
  g_assert_true (ssdb_window_select_target (window, loop_path));
  ssdb_window_set_page (window, "fill");
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  check = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_CHECK_BUTTON (check));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (ssdb_fill_page_get_running (page));
  ssdb_gui_test_iterate_until (fill_idle, NULL, 60000);

  /* The next Start on the same medium: no question, with a toast saying why. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  g_assert_true (ssdb_fill_page_get_running (page));
  g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "without asking"));
  ssdb_gui_test_iterate_until (fill_idle, NULL, 60000);

  /* The allowance is for the fill only: Transfer Sizes with writes asks. */
  {
    SsdbSweepPage *sweep = ssdb_window_get_sweep_page (window);
    SsdbSweepSpec spec;

    ssdb_window_set_page (window, "sweep");
    ssdb_sweep_page_get_spec (sweep, &spec);
    spec.do_write = TRUE;
    spec.span_length = 64 * MIB; /* a choice of the menu; the run keeps to the 32 MiB device */
    spec.duration_ns = 250000000;
    spec.end_size = 1024 * 1024; /* a 64 MiB transfer needs a span of 64 MiB */
    g_assert_true (ssdb_sweep_page_configure (sweep, &spec));
    g_assert_true (ssdb_sweep_page_get_writes (sweep));
    g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
    dialog = ssdb_window_get_confirm_dialog (window);
    g_test_message ("sweep: %s", ssdb_window_get_last_toast (window));
    g_assert_nonnull (dialog);
    adw_message_dialog_response (dialog, "cancel");
    g_assert_false (ssdb_page_run_get_running (ssdb_sweep_page_get_run (sweep)));

    ssdb_window_set_page (window, "fill");
  }

  /* An allowance holds for what its dialog said is written: the compression test over the
   * first 8 MiB, allowed, starts again without asking; over the first 16 MiB it asks. */
  {
    SsdbBehaviourPage *behaviour = ssdb_window_get_behaviour_page (window);
    SsdbPageRun *run = ssdb_behaviour_page_get_run (behaviour);

    ssdb_window_set_page (window, "behaviour");
    g_assert_true (ssdb_behaviour_page_select (behaviour, SSDB_TEST_KIND_COMPRESSION));
    gtk_spin_button_set_value (
        GTK_SPIN_BUTTON (ssdb_gui_test_named (behaviour, "compression-span-mib")), 8);
    gtk_spin_button_set_value (
        GTK_SPIN_BUTTON (ssdb_gui_test_named (behaviour, "compression-passes")), 1);
    g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
    dialog = ssdb_window_get_confirm_dialog (window);
    g_assert_nonnull (dialog);
    g_test_message ("%s", adw_message_dialog_get_body (dialog));
    check = adw_message_dialog_get_extra_child (dialog);
    g_assert_true (GTK_IS_CHECK_BUTTON (check));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    adw_message_dialog_response (dialog, "destroy");
    g_assert_true (ssdb_page_run_get_running (run));
    ssdb_gui_test_iterate_until (run_idle, run, 120000);
    g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
    g_assert_null (ssdb_window_get_confirm_dialog (window));
    g_assert_true (ssdb_page_run_get_running (run));
    g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "without asking"));
    ssdb_gui_test_iterate_until (run_idle, run, 120000);
    gtk_spin_button_set_value (
        GTK_SPIN_BUTTON (ssdb_gui_test_named (behaviour, "compression-span-mib")), 16);
    g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
    dialog = ssdb_window_get_confirm_dialog (window);
    g_assert_nonnull (dialog);
    {
      g_autofree char *size = ssdb_gui_format_transfer_size (16 * MIB);
      g_autofree char *want = g_strdup_printf ("the first %s of", size);

      g_test_message ("%s", adw_message_dialog_get_body (dialog));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), want));
    }
    /* Settings that change while the dialog is open (here 12 MiB instead of the 16 MiB it
     * names): Overwrite writes nothing and says why. */
    gtk_spin_button_set_value (
        GTK_SPIN_BUTTON (ssdb_gui_test_named (behaviour, "compression-span-mib")), 12);
    adw_message_dialog_response (dialog, "destroy");
    g_assert_false (ssdb_page_run_get_running (run));
    g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "Nothing was written"));
    ssdb_window_set_page (window, "fill");
  }

  /* Another medium behind the same node: asked again; Cancel writes nothing. */
  swap_medium (image_b);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_false (ssdb_fill_page_get_running (page));
  adw_message_dialog_response (dialog, "cancel");
  g_assert_false (ssdb_fill_page_get_running (page));
  ssdb_gui_test_iterate_for (300);
  after = checksum (image_b);
  g_assert_cmpstr (after, ==, sum_b);
}

static void
test_refused_before_asked (void)
{
  SsdbAccessPage *access = ssdb_window_get_access_page (window);
  SsdbWorkloadPage *workload = ssdb_window_get_workload_page (window);
  SsdbAccessSpec spec;
  g_autofree char *sum = checksum (image_4k);
  g_autofree char *after = NULL;
  g_autofree char *want = NULL;
  const char *toast;

  g_assert_true (ssdb_window_select_target (window, loop_4k));

  /* A read test: refused before it opens the device. */
  ssdb_window_set_page (window, "access");
  ssdb_access_page_get_spec (access, &spec);
  spec.block_size = 512;
  ssdb_access_page_configure (access, &spec);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_false (ssdb_page_run_get_running (ssdb_access_page_get_run (access)));
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  toast = ssdb_window_get_last_toast (window);
  want = g_strdup_printf ("Transfer size 512 bytes is smaller than the logical block size of %s "
                          "(4096 bytes)",
                          loop_4k);
  g_test_message ("access: %s", toast);
  g_assert_cmpstr (toast, ==, want);

  /* A write test: refused before the user is asked to allow writes. */
  ssdb_window_set_page (window, "workload");
  g_assert_true (ssdb_workload_page_select (workload, "File server"));
  g_assert_true (ssdb_workload_page_get_writes (workload));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  g_assert_false (ssdb_page_run_get_running (ssdb_workload_page_get_run (workload)));
  toast = ssdb_window_get_last_toast (window);
  g_test_message ("workload: %s", toast);
  g_assert_nonnull (strstr (toast, "Workload “File server”: Transfer size 512 bytes in the size "
                                   "distribution must be a multiple of the block size of"));
  g_assert_nonnull (strstr (toast, "(4096 bytes)"));
  ssdb_gui_test_iterate_for (300);
  after = checksum (image_4k);
  g_assert_cmpstr (after, ==, sum);
}

static gboolean
access_idle (gpointer data)
{
  SsdbAccessPage *page = ssdb_window_get_access_page (window);

  return !ssdb_page_run_get_running (ssdb_access_page_get_run (page))
         && !ssdb_page_run_get_busy (ssdb_access_page_get_run (page));
}

static gboolean
toast_says_ncq (gpointer data)
{
  const char *toast = ssdb_window_get_last_toast (window);

  return toast != NULL && strstr (toast, "NCQ off") != NULL;
}

/* NCQ off (Drive Info's switch, win.ncq-off) is offered only for a disk with a command queue;
 * a loop device has none: the action is off and disabled, and a run made to ask for it anyway
 * fails before any I/O, saying why. (No SATA or SAS disk exists on the test machines: turning
 * a real queue down and back is tested on sysfs trees in test-sysfs.) */
static void
test_ncq_off_refused (void)
{
  SsdbAccessPage *access = ssdb_window_get_access_page (window);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), "ncq-off");
  g_autoptr (GVariant) state = NULL;
  SsdbAccessSpec spec;
  const char *toast;

  g_assert_true (ssdb_window_select_target (window, loop_path));
  g_assert_nonnull (action);
  state = g_action_get_state (action);
  g_assert_false (g_variant_get_boolean (state));
  g_assert_false (g_action_get_enabled (action));

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (TRUE));
  ssdb_window_set_page (window, "access");
  ssdb_access_page_get_spec (access, &spec);
  spec.block_size = 4096;
  spec.step_duration_ns = 100000000;
  ssdb_access_page_configure (access, &spec);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (ssdb_page_run_get_running (ssdb_access_page_get_run (access)));
  ssdb_gui_test_iterate_until (access_idle, NULL, 10000);
  /* The window says why once the run's end reaches it. */
  ssdb_gui_test_iterate_until (toast_says_ncq, NULL, 10000);
  toast = ssdb_window_get_last_toast (window);
  g_test_message ("ncq: %s", toast);
  g_assert_nonnull (strstr (toast, "NCQ off: "));
  g_assert_nonnull (strstr (toast, "device/queue_depth"));
  /* Nothing was measured: every step is still pending. */
  {
    const SsdbAccessResult *r = ssdb_access_page_get_result (access);

    for (guint i = 0; r != NULL && i < r->steps->len; i++)
      g_assert_cmpint (g_array_index (r->steps, SsdbAccessStep, i).state, ==, SSDB_ENTRY_PENDING);
  }

  /* Another target: off again. */
  g_assert_true (ssdb_window_select_target (window, loop_4k));
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_get_state (action);
  g_assert_false (g_variant_get_boolean (state));
}

static void
cleanup (void)
{
  if (loop_path != NULL)
    {
      g_autofree char *cmd = g_strdup_printf ("losetup -d %s", loop_path);

      ssdb_gui_test_run_cmd (cmd);
    }
  if (loop_4k != NULL)
    {
      g_autofree char *cmd = g_strdup_printf ("losetup -d %s", loop_4k);

      ssdb_gui_test_run_cmd (cmd);
    }
  if (image_4k != NULL)
    g_unlink (image_4k);
  if (image_a != NULL)
    g_unlink (image_a);
  if (image_b != NULL)
    g_unlink (image_b);
  if (dir != NULL)
    g_rmdir (dir);
}

static void
on_abort (int signo)
{
  cleanup ();
  signal (signo, SIG_DFL);
  raise (signo);
}

int
main (int argc, char *argv[])
{
  g_autofree char *out = NULL;
  g_autofree char *cmd = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (geteuid () != 0 || g_getenv ("DISPLAY") == NULL
      || !g_file_test ("/dev/loop-control", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("needs root, an X display and loop devices");
      return g_test_run ();
    }
  dir = g_dir_make_tmp ("ssdb-gui-confirm-XXXXXX", NULL);
  g_assert_nonnull (dir);
  image_a = g_build_filename (dir, "a.img", NULL);
  image_b = g_build_filename (dir, "b.img", NULL);
  make_image (image_a);
  make_image (image_b);
  signal (SIGABRT, on_abort);
  signal (SIGTERM, on_abort);
  cmd = g_strdup_printf ("losetup -f --show --direct-io=on %s", image_a);
  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, NULL, NULL));
  loop_path = g_strstrip (g_strdup (out));
  g_assert_true (g_str_has_prefix (loop_path, "/dev/loop"));
  image_4k = g_build_filename (dir, "4k.img", NULL);
  make_image (image_4k);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&cmd, g_free);
  cmd = g_strdup_printf ("losetup -f --show --direct-io=on --sector-size 4096 %s", image_4k);
  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, NULL, NULL));
  loop_4k = g_strstrip (g_strdup (out));
  g_assert_true (g_str_has_prefix (loop_4k, "/dev/loop"));

  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);

  g_test_add_func ("/gui-confirm/fill-swapped-while-asked", test_fill_swapped_while_asked);
  g_test_add_func ("/gui-confirm/summary-swapped-after-allowed",
                   test_summary_swapped_after_allowed);
  g_test_add_func ("/gui-confirm/fill-allowed-for-session", test_fill_allowed_for_session);
  g_test_add_func ("/gui-confirm/refused-before-asked", test_refused_before_asked);
  g_test_add_func ("/gui-confirm/ncq-off-refused", test_ncq_off_refused);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  cleanup ();
  return ret;
}
