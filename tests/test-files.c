/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Output files: a report or an image never replaces a device node or other special file. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/files/check-output-file", test_check_output_file);
  g_test_add_func ("/files/writers-leave-device-nodes-alone", test_writers_leave_device_nodes_alone);
  return g_test_run ();
}
