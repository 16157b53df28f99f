/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Reports of real runs of ssdbench-cli on a zram device, with settings other than the window's
 * defaults, opened in the window (the path of Open Report): each page's controls show the
 * settings the report's test ran with, exactly (a pause of 1 s is "1s", not "0" or "1" minute;
 * a run of 2.5 s is 0.04167 minutes, which runs 2.5 s again), writes included; choosing the
 * target again ("a new run") gives the controls back the user's own settings, the GSettings
 * values among them, which opening the report left as they were. Screenshots of the pages
 * showing the reports are written to the current directory. Run through tests/gui/run-xvfb.sh.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"
#include "ssdb-gui-util.h"

static SsdbApplication *app;
static SsdbWindow *window;
static char *tmpdir;
static char *zram_name;
static char *zram_path;

/* Runs `ssdbench-cli run TEST ARGS` on the zram device and returns the report it saved. */
static char *
cli_report (const char *test, const char *args)
{
  g_autofree char *path = NULL;
  g_autofree char *cmd = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  path = g_strdup_printf ("%s/%s.json", tmpdir, test);
  cmd = g_strdup_printf ("%s run %s --destroy-data %s %s --json %s %s", g_getenv ("SSDBENCH_CLI"),
                         test, zram_path, args, path, zram_path);
  g_test_message ("%s", cmd);
  g_assert_true (g_spawn_command_line_sync (cmd, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed:\n%s", cmd, err);
  return g_steal_pointer (&path);
}

static void
open_report (const char *path, const char *page)
{
  g_autoptr (GError) error = NULL;

  ssdb_window_set_page (window, "info");
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_for (100);
  ssdb_window_set_page (window, page);
  ssdb_gui_test_iterate_for (100);
}

/* A start from the SSD Behaviour page's controls as they show a report: its confirmation says
 * @words of what it writes, and the engine's check takes it on a device of @device_bytes. */
static void
assert_start_fits (SsdbBehaviourPage *page, guint64 device_bytes, const char *words)
{
  SsdbTestPageStart start = { zram_path, TRUE, NULL, 0, device_bytes, 4096 };
  g_autoptr (GError) e = NULL;
  g_autofree char *body = ssdb_behaviour_page_dup_confirm_body (page, zram_path);

  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, words));
  g_assert_true (ssdb_behaviour_page_check (page, &start, &e));
  g_assert_no_error (e);
}

/* The text a spin button or an entry shows. */
static const char *
shown_text (gpointer page, const char *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (ssdb_gui_test_named (page, name)));
}

static char *
dropdown_text (GtkWidget *dropdown)
{
  return ssdb_gui_dropdown_dup_selected (GTK_DROP_DOWN (dropdown));
}

static gboolean
switch_on (gpointer page, const char *name)
{
  return gtk_switch_get_active (GTK_SWITCH (ssdb_gui_test_named (page, name)));
}

/* The one switch of a page that has one: its Writes. */
static gboolean
is_switch (GtkWidget *widget, const char *text)
{
  return GTK_IS_SWITCH (widget);
}

static gboolean
writes_on (gpointer page)
{
  GtkWidget *w = ssdb_gui_test_find_widget (GTK_WIDGET (page), is_switch, NULL);

  g_assert_nonnull (w);
  return gtk_switch_get_active (GTK_SWITCH (w));
}

static void
screenshot (const char *name)
{
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), name, 300));
}

/* The SSD Behaviour page: compression, idle recovery, steady state and TRIM reports each show
 * their own settings; a run from the controls as they show them is the report's run; a new
 * target gives the user's own values back. */
static void
test_behaviour (void)
{
  SsdbBehaviourPage *page = ssdb_window_get_behaviour_page (window);
  g_autofree char *compression = NULL, *recovery = NULL, *consistency = NULL, *trim = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;

  /* The user's own values first: other than the reports' and the defaults. */
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_RECOVERY));
  gtk_editable_set_text (GTK_EDITABLE (ssdb_gui_test_named (page, "recovery-pauses")), "2, 4");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ssdb_gui_test_named (page, "compression-passes")), 5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ssdb_gui_test_named (page, "consistency-minutes")),
                             3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ssdb_gui_test_named (page, "trim-rounds")), 7);

  compression = cli_report ("compression", "--span 448M:32M --passes 1 --step 20 --block 512K "
                                           "--no-zero");
  open_report (compression, "behaviour");
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_COMPRESSION);
  g_assert_cmpstr (shown_text (page, "compression-span-mib"), ==, "32");
  g_assert_cmpstr (shown_text (page, "compression-passes"), ==, "1");
  {
    g_autofree char *step = dropdown_text (ssdb_gui_test_named (page, "compression-step"));
    g_autofree char *block = dropdown_text (ssdb_gui_test_named (page, "compression-block"));

    g_assert_cmpstr (step, ==, "20 %"); /* none of the page's steps: shown as it is */
    g_assert_cmpstr (block, ==, "512 KiB");
  }
  g_assert_false (switch_on (page, "compression-zero"));
  /* What the controls show is what a start from them runs. */
  {
    const SsdbCompressionResult *c;

    report = ssdb_report_load (compression, &error);
    g_assert_no_error (error);
    c = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
    g_assert_nonnull (c);
    g_assert_cmpuint (c->spec.span_length, ==, 32 * 1024 * 1024);
    g_assert_cmpuint (c->spec.step_percent, ==, 20);
  }
  /* Where the report's span lay (at 448 MiB) has no control and does not carry: a start writes
   * what the confirmation names, the first 32 MiB of the selected target, which a 64 MiB
   * device holds. */
  assert_start_fits (page, 64 * 1024 * 1024, "the first 32 MiB of ");
  screenshot ("gui-report-settings-compression.png");

  recovery = cli_report ("recovery", "--write 32M --pauses 1s,3s --next-span");
  open_report (recovery, "behaviour");
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_RECOVERY);
  g_assert_cmpstr (shown_text (page, "recovery-pauses"), ==, "1s, 3s");
  g_assert_cmpstr (shown_text (page, "recovery-write-gb"), ==, "0.0336"); /* 32 MiB */
  g_assert_true (switch_on (page, "recovery-next-span"));
  g_assert_false (
      gtk_widget_has_css_class (ssdb_gui_test_named (page, "recovery-pauses"), "error"));
  /* The compression report's settings went with it; this report holds none. */
  g_assert_null (ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION));
  screenshot ("gui-report-settings-recovery.png");

  /* 2.5 s is no whole hundredth of a minute: the control shows the figure that runs 2.5 s. */
  consistency = cli_report ("consistency", "--span 0:64M --duration 2.5s --round 0.25 "
                                           "--precondition 1 --data compressible-40");
  open_report (consistency, "behaviour");
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_CONSISTENCY);
  g_assert_cmpstr (shown_text (page, "consistency-minutes"), ==,
                   "0.04167"); /* 2.5002 s: 2.500 s to the ms */
  g_assert_cmpstr (shown_text (page, "consistency-round-s"), ==, "0.25");
  g_assert_cmpstr (shown_text (page, "consistency-precondition"), ==, "1");
  {
    g_autofree char *data = dropdown_text (ssdb_gui_test_named (page, "consistency-data"));

    g_assert_cmpstr (data, ==, "40 % compressible");
  }
  {
    /* a start from the controls as they show them runs 2.5 s */
    g_autofree char *body = ssdb_behaviour_page_dup_confirm_body (page, zram_path);

    g_test_message ("%s", body);
    g_assert_nonnull (strstr (body, " for 2.5 s at QD32 (data: 40 % compressible)"));
  }
  screenshot ("gui-report-settings-consistency.png");

  trim = cli_report ("trim", "--span 0:64M --rounds 2 --no-discard --stress "
                             "--tests \"SEQ1M Q8T1,RND4K Q1T1\" --test-size 16M --count 1 "
                             "--duration 0.25");
  open_report (trim, "behaviour");
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_TRIM);
  g_assert_cmpstr (shown_text (page, "trim-rounds"), ==, "2");
  g_assert_false (switch_on (page, "trim-discard"));
  g_assert_true (switch_on (page, "trim-stress"));
  g_assert_true (
      gtk_check_button_get_active (GTK_CHECK_BUTTON (ssdb_gui_test_named (page, "trim-test-0"))));
  g_assert_false (
      gtk_check_button_get_active (GTK_CHECK_BUTTON (ssdb_gui_test_named (page, "trim-test-1"))));
  g_assert_false (
      gtk_check_button_get_active (GTK_CHECK_BUTTON (ssdb_gui_test_named (page, "trim-test-2"))));
  g_assert_true (
      gtk_check_button_get_active (GTK_CHECK_BUTTON (ssdb_gui_test_named (page, "trim-test-3"))));
  g_assert_cmpstr (shown_text (page, "trim-test-size"), ==, "16");
  g_assert_cmpstr (shown_text (page, "trim-test-seconds"), ==, "0.25");
  screenshot ("gui-report-settings-trim.png");
  /* Where and how much the TRIM test writes has no control: a start from the report writes
   * what its confirmation says, all of the selected target (the report's span was its first
   * 64 MiB), so a 48 MiB device takes it. */
  assert_start_fits (page, 48 * 1024 * 1024, "all of ");

  /* A new run: the target chosen again, the user's own values are back. */
  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_gui_test_iterate_for (100);
  g_assert_null (ssdb_window_get_report_title (window));
  g_assert_cmpstr (shown_text (page, "recovery-pauses"), ==, "2, 4");
  g_assert_cmpstr (shown_text (page, "compression-passes"), ==, "5");
  g_assert_cmpstr (shown_text (page, "compression-span-mib"), ==, "256");
  g_assert_cmpstr (shown_text (page, "consistency-minutes"), ==, "3.00");
  g_assert_cmpstr (shown_text (page, "trim-rounds"), ==, "7");
  g_assert_true (switch_on (page, "trim-discard"));
  g_assert_true (
      gtk_check_button_get_active (GTK_CHECK_BUTTON (ssdb_gui_test_named (page, "trim-test-1"))));
  {
    g_autofree char *step = dropdown_text (ssdb_gui_test_named (page, "compression-step"));
    g_autofree char *data = dropdown_text (ssdb_gui_test_named (page, "consistency-data"));

    g_assert_cmpstr (step, ==, "25 %");
    g_assert_cmpstr (data, ==, "Random data");
  }
  g_assert_false (switch_on (page, "recovery-next-span"));
  for (const char *const *f
       = (const char *const[]){ compression, recovery, consistency, trim, NULL };
       *f != NULL; f++)
    g_unlink (*f);
}

/* AS SSD, transfer sizes, random access and the surface: a report that wrote shows its writes
 * on, with its other settings; the summary its size and count while the user's GSettings stay;
 * a new run gives every page the user's settings back. */
static void
test_pages (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.ssdbench.App");
  SsdbAsssdPage *asssd = ssdb_window_get_asssd_page (window);
  SsdbSweepPage *sweep = ssdb_window_get_sweep_page (window);
  SsdbRandomAccessPage *ra = ssdb_window_get_randomaccess_page (window);
  SsdbSurfacePage *surface = ssdb_window_get_surface_page (window);
  g_autofree char *asssd_path = NULL, *sweep_path = NULL, *ra_path = NULL, *surface_path = NULL,
                  *summary_path = NULL, *fill_path = NULL, *access_path = NULL,
                  *workload_path = NULL, *scan_path = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_settings_set_int (settings, "size-mib", 64));
  g_assert_true (g_settings_set_int (settings, "count", 4));

  asssd_path = cli_report ("asssd", "--span 64M --duration 1");
  open_report (asssd_path, "asssd");
  g_assert_true (ssdb_asssd_page_get_writes (asssd));
  g_assert_true (writes_on (asssd));
  g_assert_nonnull (
      ssdb_gui_test_find_widget (GTK_WIDGET (asssd), ssdb_gui_test_dropdown_shows, "64 MiB"));
  g_assert_nonnull (
      ssdb_gui_test_find_widget (GTK_WIDGET (asssd), ssdb_gui_test_dropdown_shows, "1 s"));
  screenshot ("gui-report-settings-asssd.png");

  sweep_path = cli_report ("sweep", "--min 8K --max 2M --qd 8 --span 32M --duration 0.2");
  open_report (sweep_path, "sweep");
  {
    SsdbSweepSpec spec;

    ssdb_sweep_page_get_spec (sweep, &spec);
    g_assert_cmpuint (spec.start_size, ==, 8192);
    g_assert_cmpuint (spec.end_size, ==, 2 * 1024 * 1024);
    g_assert_cmpuint (spec.queue_depth, ==, 8);
    g_assert_cmpuint (spec.span_length, ==, 32 * 1024 * 1024);
    g_assert_cmpuint (spec.duration_ns, ==, 200000000);
    g_assert_true (spec.do_write);
    g_assert_true (writes_on (sweep));
  }
  screenshot ("gui-report-settings-sweep.png");

  ra_path = cli_report ("randomaccess",
                        "--sizes 4K,64K --no-mix --offset 128M --span 64M --duration 0.5");
  open_report (ra_path, "randomaccess");
  {
    SsdbRandomAccessSpec spec;

    g_assert_true (ssdb_random_access_page_get_spec (ra, &spec, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (spec.n_sizes, ==, 2);
    g_assert_cmpuint (spec.sizes[1], ==, 65536);
    g_assert_false (spec.mixed);
    g_assert_cmpuint (spec.row_duration_ns, ==, 500000000);
    g_assert_true (spec.do_write);
    /* where the report's span lay (at 128 MiB) has no control: a start writes from the
     * start of the selected target, as its confirmation says */
    g_assert_cmpuint (spec.span_offset, ==, 0);
    g_assert_cmpuint (spec.span_length, ==, 64 * 1024 * 1024);
  }
  screenshot ("gui-report-settings-randomaccess.png");

  surface_path = cli_report ("surface", "--samples 10 --block 256K --sample-size 4M --access 20 "
                                        "--write destroy");
  open_report (surface_path, "surface");
  {
    SsdbSurfaceSpec spec;

    ssdb_surface_page_get_spec (surface, &spec);
    g_assert_cmpuint (spec.samples, ==, 10);
    g_assert_cmpuint (spec.block_size, ==, 256 * 1024);
    g_assert_cmpuint (spec.sample_bytes, ==, 4 * 1024 * 1024);
    g_assert_cmpuint (spec.access_samples, ==, 20);
    g_assert_cmpint (spec.write, ==, SSDB_SURFACE_WRITE_DESTROY);
    g_assert_cmpuint (spec.span_length, ==, 0); /* the whole device, as it ran */
  }
  screenshot ("gui-report-settings-surface.png");

  /* Fill: one pass of 256 KiB without reading back; Access Time: steps at QD 1, 4 and 16
   * (none of the page's "up to" choices: listed, and run as listed) over the first 0.25 GB. */
  fill_path = cli_report ("fill", "--passes 1 --no-read-back --block 256K --span 0:64M");
  open_report (fill_path, "fill");
  {
    SsdbFillSpec spec;

    ssdb_fill_page_get_spec (ssdb_window_get_fill_page (window), &spec);
    g_assert_cmpuint (spec.passes, ==, 1);
    g_assert_false (spec.read_back);
    g_assert_cmpuint (spec.block_size, ==, 256 * 1024);
  }
  screenshot ("gui-report-settings-fill.png");
  access_path = cli_report ("access", "--depths 1,4,16 --duration 0.5 --span-gb 0.25");
  open_report (access_path, "access");
  {
    SsdbAccessPage *access = ssdb_window_get_access_page (window);
    SsdbAccessSpec spec;

    g_assert_nonnull (
        ssdb_gui_test_find_widget (GTK_WIDGET (access), ssdb_gui_test_dropdown_shows, "1, 4, 16"));
    g_assert_nonnull (
        ssdb_gui_test_find_widget (GTK_WIDGET (access), ssdb_gui_test_dropdown_shows, "0.5 s"));
    ssdb_access_page_get_spec (access, &spec);
    g_assert_cmpuint (spec.n_depths, ==, 3);
    g_assert_cmpuint (spec.depths[1], ==, 4);
    g_assert_cmpuint (spec.depths[2], ==, 16);
    g_assert_cmpuint (spec.step_duration_ns, ==, 500000000);
    g_assert_cmpuint (spec.span_length, ==, 250000000 / 4096 * 4096); /* in whole blocks */
  }
  screenshot ("gui-report-settings-access.png");

  /* Workloads: the database preset at QD 8 for 0.5 s is none of the list's workloads: an
   * entry of its own, last, that a start runs; the user's list in GSettings stays as it was. */
  workload_path = cli_report ("workload", "--preset database --qd 8 --duration 0.5 --ramp 0");
  open_report (workload_path, "workload");
  {
    SsdbWorkloadPage *wp = ssdb_window_get_workload_page (window);
    const SsdbWorkloadSpec *spec = ssdb_workload_page_get_selected (wp);
    g_autofree char *saved = g_settings_get_string (settings, "workload-specs");

    g_assert_cmpuint (ssdb_workload_page_get_n_specs (wp), ==, SSDB_WORKLOAD_N_PRESETS + 1);
    g_assert_true (spec == ssdb_workload_page_get_spec (wp, SSDB_WORKLOAD_N_PRESETS));
    g_assert_cmpuint (spec->queue_depth, ==, 8);
    g_assert_cmpuint (spec->duration_ns, ==, 500000000);
    g_assert_cmpstr (saved, ==, "");
  }
  screenshot ("gui-report-settings-workload.png");

  /* Error scan: a verifying scan of the first 64 MiB in 256 KiB blocks, slow from 20 ms. */
  scan_path = cli_report ("scan", "--verify --span 0:64M --block 256K --slow-ms 20");
  open_report (scan_path, "scan");
  {
    SsdbScanSpec spec;

    ssdb_scan_page_get_spec (ssdb_window_get_scan_page (window), &spec);
    g_assert_cmpuint (spec.block_size, ==, 256 * 1024);
    g_assert_cmpuint (spec.slow_ns, ==, 20000000);
    g_assert_true (spec.verify);
  }
  screenshot ("gui-report-settings-scan.png");

  summary_path = cli_report ("summary", "--size 32M --count 2 --duration 0.3");
  open_report (summary_path, "summary");
  {
    GtkWidget *summary = GTK_WIDGET (ssdb_window_get_summary_page (window));

    g_assert_nonnull (ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "32 MiB"));
    g_assert_nonnull (ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "2"));
    g_assert_cmpint (g_settings_get_int (settings, "size-mib"), ==, 64);
    g_assert_cmpint (g_settings_get_int (settings, "count"), ==, 4);
  }
  screenshot ("gui-report-settings-summary.png");

  /* A new run: every page holds the user's own settings again. */
  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_gui_test_iterate_for (100);
  {
    GtkWidget *summary = GTK_WIDGET (ssdb_window_get_summary_page (window));
    SsdbSweepSpec sw;
    SsdbSurfaceSpec su;
    SsdbRandomAccessSpec rs;
    SsdbFillSpec fi;
    SsdbAccessSpec ac;
    SsdbScanSpec sc;

    g_assert_nonnull (ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "64 MiB"));
    g_assert_nonnull (ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "4"));
    g_assert_false (ssdb_asssd_page_get_writes (asssd));
    g_assert_nonnull (
        ssdb_gui_test_find_widget (GTK_WIDGET (asssd), ssdb_gui_test_dropdown_shows, "1 GiB"));
    ssdb_sweep_page_get_spec (sweep, &sw);
    g_assert_cmpuint (sw.queue_depth, ==, 4);
    g_assert_cmpuint (sw.span_length, ==, 256 * 1024 * 1024);
    g_assert_false (sw.do_write);
    ssdb_surface_page_get_spec (surface, &su);
    g_assert_cmpuint (su.samples, ==, 200);
    g_assert_cmpuint (su.block_size, ==, 1024 * 1024);
    g_assert_cmpint (su.write, ==, SSDB_SURFACE_WRITE_NONE);
    g_assert_true (ssdb_random_access_page_get_spec (ra, &rs, &error));
    g_assert_true (rs.mixed);
    g_assert_false (rs.do_write);
    ssdb_fill_page_get_spec (ssdb_window_get_fill_page (window), &fi);
    g_assert_cmpuint (fi.passes, ==, 2);
    g_assert_true (fi.read_back);
    ssdb_access_page_get_spec (ssdb_window_get_access_page (window), &ac);
    g_assert_cmpuint (ac.n_depths, ==, 6); /* 1, 2, 4 … 32 */
    g_assert_cmpuint (ac.span_length, ==, 0);
    ssdb_scan_page_get_spec (ssdb_window_get_scan_page (window), &sc);
    g_assert_cmpuint (sc.block_size, ==, 1024 * 1024);
    g_assert_false (sc.verify);
    g_assert_cmpuint (ssdb_workload_page_get_n_specs (ssdb_window_get_workload_page (window)), ==,
                      SSDB_WORKLOAD_N_PRESETS);
    g_assert_cmpstr (ssdb_workload_page_get_selected (ssdb_window_get_workload_page (window))->name,
                     ==,
                     ssdb_workload_page_get_spec (ssdb_window_get_workload_page (window), 0)->name);
  }
  g_settings_reset (settings, "size-mib");
  g_settings_reset (settings, "count");
  for (const char *const *f
       = (const char *const[]){ asssd_path, sweep_path, ra_path, surface_path, summary_path,
                                fill_path, access_path, workload_path, scan_path, NULL };
       *f != NULL; f++)
    g_unlink (*f);
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no X display (run through tests/gui/run-xvfb.sh)");
      return g_test_run ();
    }
  tmpdir = g_dir_make_tmp ("ssdb-gui-report-settings-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  if (!ssdb_gui_test_zram_create (512 * 1024 * 1024, FALSE, &zram_name, &zram_path))
    {
      ssdb_gui_test_zram_remove (zram_name);
      g_test_skip ("no zram device (run as root)");
      return g_test_run ();
    }

  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_for (500);
  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_gui_test_iterate_for (100);

  g_test_add_func ("/gui-report-settings/behaviour", test_behaviour);
  g_test_add_func ("/gui-report-settings/pages", test_pages);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  ssdb_gui_test_zram_remove (zram_name);
  g_free (zram_name);
  g_free (zram_path);
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return ret;
}
