/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Output files: a report or an image never replaces a device node or other special file. */
#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
#include "engine/ssdb-identity.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-summary.h"
#include "render/ssdb-summary-painter.h"

static void
test_check_output_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-files-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "report.json", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling", NULL);
  g_autofree char *to_null = g_build_filename (dir, "to-null", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "report.json", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (ssdb_check_output_file (file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (file, "{}", -1, NULL));
  g_assert_true (ssdb_check_output_file (file, &error));

  g_assert_false (ssdb_check_output_file ("/dev/null", &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "/dev/null"));
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);

  g_assert_cmpint (symlink ("/dev/null", to_null), ==, 0);
  g_assert_false (ssdb_check_output_file (to_null, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_cmpint (symlink ("/nonexistent/target", dangling), ==, 0);
  g_assert_false (ssdb_check_output_file (dangling, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_false (ssdb_check_output_file (dir, &error));
  g_assert_nonnull (strstr (error->message, "directory"));
  g_clear_error (&error);

  g_assert_false (ssdb_check_output_file (missing, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_false (ssdb_check_output_file ("", &error));
  g_clear_error (&error);

  g_unlink (to_null);
  g_unlink (dangling);
  g_unlink (file);
  g_rmdir (dir);
}

static void
test_writers_leave_device_nodes_alone (void)
{
  SsdbSummarySpec spec;
  g_autoptr (SsdbSummaryResult) result = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;
  SsdbTargetInfo info = { 0 };
  SsdbSummaryView view = { 0 };
  SsdbStyle style;
  GStatBuf st;

  ssdb_summary_spec_init (&spec);
  result = ssdb_summary_result_new (&spec, NULL);
  info.path = (char *) "/dev/zram0";
  report = ssdb_report_new (&info, result);

  g_assert_false (ssdb_report_save (report, "/dev/null", &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  view.result = result;
  view.running_index = -1;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  g_assert_false (ssdb_render_summary_png (&view, &style, "/dev/null", 400, 300, 1, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);

  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

/* A PID that no process has: the highest possible, checked. */
static int
dead_pid (void)
{
  for (int pid = 4194000; pid > 1000; pid--)
    if (kill (pid, 0) != 0 && errno == ESRCH)
      return pid;
  g_assert_not_reached ();
}

static guint
count_entries (const char *dir, const char *part)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (strstr (name, part) != NULL)
      n++;
  return n;
}

/* A temporary file of a process killed outright is removed by the next write into its folder;
 * those of running processes, and other files, never. */
static void
test_stale_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ssdb-files-XXXXXX", &error);
  g_autofree char *dead = NULL, *alive = NULL, *odd = NULL, *test_file = NULL, *out = NULL;
  g_autofree char *contents = NULL;

  g_assert_no_error (error);
  dead = g_strdup_printf ("%s/.o.svg.ssdbench-tmp-%d-Ab3dEf", dir, dead_pid ());
  alive = g_strdup_printf ("%s/.o.svg.ssdbench-tmp-%d-Ab3dEf", dir, (int)getppid ());
  odd = g_strdup_printf ("%s/.o.svg.ssdbench-tmp-%d-toolong", dir, dead_pid ());
  test_file = g_strdup_printf ("%s/.ssdbench-%d-Ab3dEf", dir, dead_pid ());
  {
    const char *const made[] = { dead, alive, odd, test_file };

    for (guint i = 0; i < G_N_ELEMENTS (made); i++)
      g_assert_true (g_file_set_contents (made[i], "x", 1, NULL));
  }

  out = g_build_filename (dir, "o.svg", NULL);
  g_assert_true (ssdb_file_replace_contents (out, "<svg/>", 6, 0644, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "<svg/>");
  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (alive, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (odd, G_FILE_TEST_EXISTS));
  /* A test file of a killed run is the test-file code's to remove, with its own marker. */
  g_assert_true (g_file_test (test_file, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (ssdb_remove_stale_files (dir, ".ssdbench-", ".ssdbench-"), ==, 1);
  g_assert_false (g_file_test (test_file, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (dir, "ssdbench"), ==, 2);

  g_unlink (alive);
  g_unlink (odd);
  g_unlink (out);
  g_rmdir (dir);
}

/* SIGTERM while a file is being written: the temporary file goes, the target never appears. */
static void
test_signal_removes_temp (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ssdb-files-XXXXXX", &error);
  g_autofree char *out = g_build_filename (dir, "big.svg", NULL);
  gsize size = 256u << 20;
  gboolean seen = FALSE;
  int status = 0;
  pid_t child;

  g_assert_no_error (error);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      char *data = g_malloc0 (size);

      ssdb_file_replace_contents (out, data, size, 0644, NULL);
      _exit (0);
    }
  for (guint i = 0; i < 20000 && !seen; i++)
    {
      seen = count_entries (dir, ".ssdbench-tmp-") > 0;
      if (!seen)
        g_usleep (500);
    }
  kill (child, SIGTERM);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  if (!seen || !WIFSIGNALED (status))
    {
      g_unlink (out);
      g_rmdir (dir);
      g_test_skip ("the write ended before the signal came");
      return;
    }
  g_assert_cmpint (WTERMSIG (status), ==, SIGTERM);
  g_assert_cmpuint (count_entries (dir, ".ssdbench-tmp-"), ==, 0);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Identities: equal for the same medium, and the words name what differs. */
static void
test_identity_mismatch (void)
{
  SsdbDeviceIdentity a = { (char *)"/dev/loop3", (char *)"loop3", 7, 3, 12, 536870912, NULL };
  SsdbDeviceIdentity b = a;
  g_autofree char *words = NULL, *same = NULL, *described = NULL;

  same = ssdb_device_identity_dup_mismatch (&a, &b);
  g_assert_null (same);
  g_assert_true (ssdb_device_identity_equal (&a, &b));
  b.diskseq = 14;
  words = ssdb_device_identity_dup_mismatch (&a, &b);
  g_assert_cmpstr (words, ==,
                   "the disk sequence number changed (12, now 14): another medium is behind the "
                   "same device");
  g_clear_pointer (&words, g_free);
  b.diskseq = 0; /* a kernel without disk sequence numbers: the size and serial decide */
  g_assert_true (ssdb_device_identity_equal (&a, &b));
  b.size_bytes = 1073741824;
  words = ssdb_device_identity_dup_mismatch (&a, &b);
  g_assert_cmpstr (words, ==,
                   "the size changed (536.9 MB = 536870912 bytes, now 1.07 GB = 1073741824 "
                   "bytes)");
  g_clear_pointer (&words, g_free);
  b = a;
  b.minor = 4;
  words = ssdb_device_identity_dup_mismatch (&a, &b);
  g_assert_cmpstr (words, ==, "the device number differs (7:3, now 7:4): it is another device");
  a.path = (char *)"/dev/disk/by-id/x";
  a.serial = (char *)"S1";
  described = ssdb_device_identity_describe (&a);
  g_assert_cmpstr (described, ==,
                   "/dev/disk/by-id/x = /dev/loop3 (device 7:3, disk sequence 12, 536.9 MB, "
                   "serial S1)");
}

/* Only an identity that a new medium is sure to change may carry a permission over time. */
static void
test_identity_tracks_medium (void)
{
  SsdbDeviceIdentity loop = { "/dev/loop3", "loop3", 7, 3, 541, 64 << 20, NULL };
  SsdbDeviceIdentity zram = { "/dev/zram3", "zram3", 252, 3, 538, 64 << 20, NULL };
  SsdbDeviceIdentity old_kernel
      = { "/dev/sdb", "sdb", 8, 16, 0, G_GUINT64_CONSTANT (1) << 40, NULL };
  SsdbDeviceIdentity disk
      = { "/dev/sdb", "sdb", 8, 16, 0, G_GUINT64_CONSTANT (1) << 40, "S4EWNX0R" };

  g_assert_true (ssdb_device_identity_tracks_medium (&loop));
  g_assert_false (ssdb_device_identity_tracks_medium (&zram));
  g_assert_false (ssdb_device_identity_tracks_medium (&old_kernel));
  g_assert_true (ssdb_device_identity_tracks_medium (&disk));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/files/check-output-file", test_check_output_file);
  g_test_add_func ("/files/writers-leave-device-nodes-alone", test_writers_leave_device_nodes_alone);
  g_test_add_func ("/files/stale-files", test_stale_files);
  g_test_add_func ("/files/signal-removes-temp", test_signal_removes_temp);
  g_test_add_func ("/files/identity-mismatch", test_identity_mismatch);
  g_test_add_func ("/files/identity-tracks-medium", test_identity_tracks_medium);
  return g_test_run ();
}
