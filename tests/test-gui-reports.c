/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Reports in the window under Xvfb: a report holding every view (summary, surface, fill, access
 * time, transfer sizes, workload) and one holding the six SSD behaviour tests (from real runs on
 * zram) opened through the code path of Open Report (Ctrl+O), of
 * `ssdbench FILE.json` (GApplication open) and of a file dropped onto the window. Each page shows
 * the report's numbers, drawn by the same painters as a live run; save → open → save gives the
 * same bytes; a malformed file changes nothing shown and its error names the file; Export
 * Image… opens the Export window on the page's view and exports the same bytes twice. A
 * screenshot of a reopened surface page is written to the build directory. Run through
 * tests/gui/run-xvfb.sh (own display, session bus, in-memory settings).
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-text.h"
#include "render/ssdb-chart.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"
#include "ssdb-gui-util.h"

static SsdbApplication *app;
static SsdbWindow *window;
static char *tmpdir;
static char *zram_name;
static char *zram_path;

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);
}

static char *
tmp_file (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static const char *
visible_page (void)
{
  GtkWidget *stack = GTK_WIDGET (ssdb_window_get_surface_page (window));

  /* The view stack holding the pages. */
  while (stack != NULL && !ADW_IS_VIEW_STACK (stack))
    stack = gtk_widget_get_parent (stack);
  g_assert_nonnull (stack);
  return adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (stack));
}

static char *
file_text (const char *path, gsize *length)
{
  char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, &error));
  g_assert_no_error (error);
  return text;
}

/* The window's report (as saved) is the loaded file's, byte for byte. */
static void
assert_window_holds (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) expected = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) shown = NULL;
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;
  g_autofree char *left_out = NULL;

  g_assert_no_error (error);
  shown = ssdb_window_dup_report (window, &left_out, &error);
  g_assert_no_error (error);
  g_assert_null (left_out);
  want = ssdb_report_to_data (expected, NULL);
  got = ssdb_report_to_data (shown, NULL);
  g_assert_cmpstr (got, ==, want);
}

static void
assert_pages_show (const SsdbReport *r)
{
  SsdbSummaryView sv;

  /* Summary: the chart draws the report's entries. */
  ssdb_summary_chart_fill_view (ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)),
                                &sv);
  g_assert_nonnull (sv.result);
  g_assert_cmpuint (sv.result->entries->len, ==, r->summary->entries->len);
  for (guint i = 0; i < r->summary->entries->len; i++)
    {
      const SsdbSummaryEntry *a = g_ptr_array_index (sv.result->entries, i);
      const SsdbSummaryEntry *b = g_ptr_array_index (r->summary->entries, i);

      g_assert_cmpint (a->rw, ==, b->rw);
      g_assert_cmpint (a->state, ==, b->state);
      g_assert_cmpfloat (a->aggregate.bytes_per_second, ==, b->aggregate.bytes_per_second);
    }

  /* Surface: same samples and statistics as the report. */
  {
    const SsdbSurfaceResult *s
        = ssdb_surface_page_get_result (ssdb_window_get_surface_page (window));

    g_assert_nonnull (s);
    g_assert_cmpuint (s->read->len, ==, r->surface->read->len);
    g_assert_cmpuint (s->read->len, >, 0);
    g_assert_cmpuint (s->access->len, ==, r->surface->access->len);
    g_assert_cmpfloat (s->read_stats.mean, ==, r->surface->read_stats.mean);
    g_assert_cmpfloat (s->burst_bytes_per_second, ==, r->surface->burst_bytes_per_second);
  }

  /* Fill: passes and the analysis in words. */
  {
    SsdbFillPage *page = ssdb_window_get_fill_page (window);
    const SsdbFillResult *f = ssdb_fill_page_get_result (page);

    g_assert_true (ssdb_fill_page_has_result (page));
    g_assert_cmpuint (f->passes->len, ==, r->fill->passes->len);
    for (guint i = 0; i < f->passes->len; i++)
      {
        const SsdbFillPass *a = g_ptr_array_index (f->passes, i);
        const SsdbFillPass *b = g_ptr_array_index (r->fill->passes, i);

        g_assert_cmpuint (a->segments->len, ==, b->segments->len);
        g_assert_cmpfloat (a->bytes_per_second, ==, b->bytes_per_second);
      }
    g_assert_cmpstr (ssdb_fill_page_get_analysis_text (page), ==,
                     r->fill->analysis.words ? r->fill->analysis.words : "");
  }

  /* Access time: each step's numbers, and the table's cells are filled. */
  {
    SsdbAccessPage *page = ssdb_window_get_access_page (window);
    const SsdbAccessResult *a = ssdb_access_page_get_result (page);

    g_assert_nonnull (a);
    g_assert_cmpuint (a->steps->len, ==, r->access->steps->len);
    for (guint i = 0; i < a->steps->len; i++)
      {
        const SsdbAccessStep *x = &g_array_index (a->steps, SsdbAccessStep, i);
        const SsdbAccessStep *y = &g_array_index (r->access->steps, SsdbAccessStep, i);

        g_assert_cmpuint (x->depth, ==, y->depth);
        g_assert_cmpfloat (x->mean_ns, ==, y->mean_ns);
        g_assert_cmpuint (x->p99_ns, ==, y->p99_ns);
      }
    /* The table shows the report's numbers as it shows a live run's. */
    for (guint i = 0; i < a->steps->len; i++)
      {
        const SsdbAccessStep *y = &g_array_index (r->access->steps, SsdbAccessStep, i);
        g_autofree char *iops = ssdb_access_page_dup_cell_text (page, 0, i);
        g_autofree char *mean = ssdb_access_page_dup_cell_text (page, 1, i);
        g_autofree char *e_iops = g_strdup_printf ("%.0f", y->iops);
        g_autofree char *e_mean = ssdb_chart_format_ms (y->mean_ns, TRUE);

        g_assert_cmpstr (iops, ==, e_iops);
        g_assert_cmpstr (mean, ==, e_mean);
      }
  }

  /* Transfer sizes and workload: the painter's view holds the report's numbers. */
  {
    SsdbSweepView view;

    ssdb_sweep_page_fill_view (ssdb_window_get_sweep_page (window), &view);
    g_assert_nonnull (view.result);
    g_assert_cmpuint (view.result->read->len, ==, r->sweep->read->len);
    g_assert_cmpfloat (view.result->best_read, ==, r->sweep->best_read);
  }
  {
    SsdbWorkloadView view;

    ssdb_workload_page_fill_view (ssdb_window_get_workload_page (window), &view);
    g_assert_nonnull (view.result);
    g_assert_cmpuint (view.result->workers->len, ==, r->workload->workers->len);
    g_assert_cmpfloat (view.result->total.iops, ==, r->workload->total.iops);
    g_assert_cmpstr (view.result->spec.name, ==, r->workload->spec.name);
    /* The table under it: per worker and all, the reads and the writes apart, from the report;
     * hidden for a report made before they were recorded apart. */
    {
      SsdbWorkloadPage *page = ssdb_window_get_workload_page (window);
      guint n = r->workload->workers->len;

      if (!r->workload->split)
        g_assert_cmpuint (ssdb_workload_page_get_table_rows (page), ==, 0);
      else
        {
          g_assert_cmpuint (ssdb_workload_page_get_table_rows (page), ==, n + 1);
          for (guint row = 0; row <= n; row++)
            for (SsdbRw rw = SSDB_RW_READ; rw <= SSDB_RW_WRITE; rw++)
              {
                SsdbWorkloadStats d;
                g_autofree char *iops = NULL;

                ssdb_workload_stats_direction (
                    row < n ? &g_array_index (r->workload->workers, SsdbWorkloadStats, row)
                            : &r->workload->total,
                    rw, &d);
                iops = ssdb_workload_page_format_cell (&d, 0);
                g_assert_cmpstr (
                    ssdb_workload_page_get_table_text (page, row, rw == SSDB_RW_READ ? 1 : 6), ==,
                    iops);
              }
        }
    }
  }
}

/* ---- SSD behaviour ---------------------------------------------------------------------- */

static const SsdbTestKind behaviour_views[] = {
  SSDB_TEST_KIND_RECOVERY,  SSDB_TEST_KIND_COMPRESSION, SSDB_TEST_KIND_TRIM,
  SSDB_TEST_KIND_FREESPACE, SSDB_TEST_KIND_CONSISTENCY, SSDB_TEST_KIND_READBACK,
};

/* The report's result of a behaviour @view. */
static gconstpointer
report_behaviour (const SsdbReport *r, SsdbTestKind view)
{
  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        return r->recovery;
      case SSDB_TEST_KIND_COMPRESSION:
        return r->compression;
      case SSDB_TEST_KIND_TRIM:
        return r->trim;
      case SSDB_TEST_KIND_FREESPACE:
        return r->freespace;
      case SSDB_TEST_KIND_CONSISTENCY:
        return r->consistency;
      case SSDB_TEST_KIND_READBACK:
        return r->readback;
      default:
        g_assert_not_reached ();
    }
}

/* @result (of a behaviour @view) written alone into a report of @target, as JSON. */
static char *
dup_behaviour_json (const SsdbTargetInfo *target, SsdbTestKind view, gconstpointer result)
{
  g_autoptr (SsdbReport) r = ssdb_report_new (target, NULL);

  switch (view)
    {
      case SSDB_TEST_KIND_RECOVERY:
        ssdb_report_set_recovery (r, result);
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        ssdb_report_set_compression (r, result);
        break;
      case SSDB_TEST_KIND_TRIM:
        ssdb_report_set_trim (r, result);
        break;
      case SSDB_TEST_KIND_FREESPACE:
        ssdb_report_set_freespace (r, result);
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        ssdb_report_set_consistency (r, result);
        break;
      case SSDB_TEST_KIND_READBACK:
        ssdb_report_set_readback (r, result);
        break;
      default:
        g_assert_not_reached ();
    }
  /* The same stamp for both sides. */
  g_free (r->created);
  r->created = g_strdup ("2000-01-01T00:00:00Z");
  r->created_unix = 946684800;
  return ssdb_report_to_data (r, NULL);
}

/* The behaviour page holds @r's behaviour results: the same numbers, field for field. */
static void
assert_behaviour_shows (const SsdbReport *r)
{
  SsdbBehaviourPage *page = ssdb_window_get_behaviour_page (window);
  const SsdbCompressionResult *c;
  const SsdbRecoveryResult *rec;
  const SsdbConsistencyResult *k;
  const SsdbTrimResult *t;
  const SsdbFreespaceResult *f;
  const SsdbReadbackResult *rb;

  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    {
      SsdbTestKind v = behaviour_views[i];
      gconstpointer want = report_behaviour (r, v);
      gconstpointer got = ssdb_behaviour_page_get_result (page, v);
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;

      if (want == NULL)
        {
          g_assert_null (got);
          continue;
        }
      g_assert_nonnull (got);
      g_assert_true (got != want); /* the page's own copy */
      a = dup_behaviour_json (&r->target, v, got);
      b = dup_behaviour_json (&r->target, v, want);
      g_assert_cmpstr (a, ==, b);
    }

  /* And a few numbers by hand, so that a serializer dropping a field cannot hide a mismatch. */
  c = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
  if (r->compression != NULL)
    {
      g_assert_cmpuint (c->points->len, ==, r->compression->points->len);
      g_assert_cmpuint (c->points->len, >=, 5);
      for (guint i = 0; i < c->points->len; i++)
        {
          const SsdbCompressionPoint *x = &g_array_index (c->points, SsdbCompressionPoint, i);
          const SsdbCompressionPoint *y
              = &g_array_index (r->compression->points, SsdbCompressionPoint, i);

          g_assert_cmpint (x->data.kind, ==, y->data.kind);
          g_assert_cmpuint (x->write_bytes, ==, y->write_bytes);
          g_assert_cmpfloat (x->write_bytes_per_second, ==, y->write_bytes_per_second);
          g_assert_cmpfloat (x->write_bytes_per_second, >, 0);
          g_assert_cmpfloat (x->read_bytes_per_second, ==, y->read_bytes_per_second);
        }
      g_assert_cmpfloat (c->write_ratio, ==, r->compression->write_ratio);
    }
  rec = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_RECOVERY);
  if (r->recovery != NULL)
    {
      g_assert_cmpuint (rec->writes->len, ==, r->recovery->writes->len);
      g_assert_cmpfloat (rec->fast_bytes_per_second, ==, r->recovery->fast_bytes_per_second);
      g_assert_cmpfloat (rec->slow_bytes_per_second, ==, r->recovery->slow_bytes_per_second);
    }
  k = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_CONSISTENCY);
  if (r->consistency != NULL)
    {
      g_assert_cmpuint (k->rounds->len, ==, r->consistency->rounds->len);
      g_assert_cmpuint (k->ios, ==, r->consistency->ios);
      g_assert_cmpuint (k->ios, >, 0);
      g_assert_cmpfloat (k->iops, ==, r->consistency->iops);
      g_assert_cmpfloat (k->tail_mean_iops, ==, r->consistency->tail_mean_iops);
      g_assert_cmpuint (k->precondition_bytes, ==, r->consistency->precondition_bytes);
    }
  t = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_TRIM);
  if (r->trim != NULL)
    {
      g_assert_cmpuint (t->tests->len, ==, r->trim->tests->len);
      g_assert_cmpuint (t->rounds->len, ==, r->trim->rounds->len);
      g_assert_cmpfloat (t->min_retention_percent, ==, r->trim->min_retention_percent);
    }
  f = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_FREESPACE);
  if (r->freespace != NULL)
    g_assert_cmpuint (f->steps->len, ==, r->freespace->steps->len);
  rb = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_READBACK);
  if (r->readback != NULL)
    {
      g_assert_cmpfloat (rb->first_read_bytes_per_second, ==,
                         r->readback->first_read_bytes_per_second);
      g_assert_cmpfloat (rb->second_read_bytes_per_second, ==,
                         r->readback->second_read_bytes_per_second);
      g_assert_cmpfloat (rb->difference_percent, ==, r->readback->difference_percent);
    }
}

/* Alt+1 to Alt+9 and Alt+0 show the pages (win.page), as the shortcuts window lists them. */
static void
test_page_shortcuts (void)
{
  static const char *const pages[] = { "summary",  "surface",   "fill", "access", "sweep",
                                       "workload", "behaviour", "info", "health", "scan" };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autofree char *action = g_strdup_printf ("win.page('%s')", pages[i]);
      g_autofree char *want = g_strdup_printf ("<Alt>%u", (i + 1) % 10);
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);

      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, want);
      g_action_group_activate_action (G_ACTION_GROUP (window), "page",
                                      g_variant_new_string (pages[i]));
      g_assert_cmpstr (visible_page (), ==, pages[i]);
    }
  ssdb_window_set_page (window, "summary");
}

/* The action group an action name's prefix ("win." or "app.") names, or NULL. */
static GActionGroup *
action_group_of (const char *detailed, char **name)
{
  g_autoptr (GVariant) target = NULL;
  g_autofree char *full = NULL;
  GActionGroup *group = NULL;

  g_assert_true (g_action_parse_detailed_name (detailed, &full, &target, NULL));
  if (g_str_has_prefix (full, "win."))
    group = G_ACTION_GROUP (window);
  else if (g_str_has_prefix (full, "app."))
    group = G_ACTION_GROUP (app);
  *name = g_strdup (strchr (full, '.') + 1);
  return group;
}

static gboolean
is_menu_button (GtkWidget *widget, const char *text)
{
  return GTK_IS_MENU_BUTTON (widget)
         && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL;
}

/* Every accelerator and every item of the main menu names an action the window or the
 * application has: Ctrl+O, Ctrl+S, Ctrl+Shift+O, Ctrl+comma, Ctrl+? and the rest keep
 * working wherever their actions live. */
static void
test_accels_and_menu (void)
{
  g_auto (GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  GtkWidget *button = ssdb_gui_test_find_widget (GTK_WIDGET (window), is_menu_button, NULL);
  GMenuModel *menu;
  guint n_items = 0;

  g_assert_cmpuint (g_strv_length (actions), >=, 18);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      GActionGroup *group = action_group_of (actions[i], &name);

      g_assert_nonnull (group);
      if (!g_action_group_has_action (group, name))
        g_error ("accelerator for %s: no such action", actions[i]);
    }
  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      g_assert_nonnull (section);
      for (int i = 0; i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *detailed = NULL;
          g_autofree char *name = NULL;
          GActionGroup *group;

          g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s",
                                                          &detailed));
          group = action_group_of (detailed, &name);
          g_assert_nonnull (group);
          if (!g_action_group_has_action (group, name))
            g_error ("menu item %s: no such action", detailed);
          n_items++;
        }
    }
  g_assert_cmpuint (n_items, ==, 8);
}

/* Open Report's path (what the chooser's response calls): every page shows the file. */
static void
test_open_all_views (void)
{
  g_autofree char *path = fixture ("valid-all-views.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_autoptr (GSettings) settings = g_settings_new ("org.ssdbench.App");

  g_assert_no_error (error);
  {
    /* Settings other than the report's, to see the report's replace them. */
    SsdbFillSpec fill;
    SsdbSweepSpec sweep;

    ssdb_fill_page_get_spec (ssdb_window_get_fill_page (window), &fill);
    fill.passes = 1;
    fill.read_back = FALSE;
    g_assert_true (ssdb_fill_page_configure (ssdb_window_get_fill_page (window), &fill));
    ssdb_sweep_page_get_spec (ssdb_window_get_sweep_page (window), &sweep);
    sweep.start_size = 65536;
    sweep.end_size = 8 * 1024 * 1024;
    g_assert_true (ssdb_sweep_page_configure (ssdb_window_get_sweep_page (window), &sweep));
  }
  /* The user's own summary settings, which the report's must not overwrite. */
  g_assert_true (g_settings_set_int (settings, "size-mib", 64));
  g_assert_true (g_settings_set_int (settings, "count", 5));
  ssdb_window_set_page (window, "info");
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_for (100);
  g_assert_cmpstr (visible_page (), ==, "summary"); /* the first view it holds */
  g_assert_cmpstr (ssdb_window_get_report_title (window), ==,
                   "Report valid-all-views.json · 2024-05-01 12:34 UTC");
  assert_pages_show (report);
  assert_window_holds (path);

  /* The pages' controls show the settings the report's results were measured with. */
  {
    SsdbFillSpec fill;
    SsdbSweepSpec sweep;

    ssdb_fill_page_get_spec (ssdb_window_get_fill_page (window), &fill);
    g_assert_cmpuint (fill.passes, ==, report->fill->spec.passes);
    g_assert_cmpint (fill.read_back, ==, report->fill->spec.read_back);
    ssdb_sweep_page_get_spec (ssdb_window_get_sweep_page (window), &sweep);
    g_assert_cmpuint (sweep.start_size, ==, report->sweep->spec.start_size);
    g_assert_cmpuint (sweep.end_size, ==, report->sweep->spec.end_size);
    g_assert_cmpuint (sweep.queue_depth, ==, report->sweep->spec.queue_depth);
    g_assert_true (report->sweep->spec.do_write); /* the report wrote: its writes show on */
    g_assert_true (sweep.do_write);
  }
  /* Also settings that are none of the controls' own choices (the report's surface: 4 samples
   * of 8 MiB, 6 access-time dots), which they show as an extra entry until the target
   * changes. */
  {
    GtkWidget *surface = GTK_WIDGET (ssdb_window_get_surface_page (window));

    g_assert_cmpuint (report->surface->spec.samples, ==, 4);
    g_assert_nonnull (ssdb_gui_test_find_widget (surface, ssdb_gui_test_dropdown_shows, "4"));
    g_assert_nonnull (ssdb_gui_test_find_widget (surface, ssdb_gui_test_dropdown_shows, "8 MiB"));
    g_assert_nonnull (ssdb_gui_test_find_widget (surface, ssdb_gui_test_dropdown_shows, "1 MiB"));
    g_assert_nonnull (ssdb_gui_test_find_widget (surface, ssdb_gui_test_dropdown_shows, "6"));
    /* the access-time steps of 2 s over the first GiB */
    g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (ssdb_window_get_access_page (window)),
                                                 ssdb_gui_test_dropdown_shows, "2 s"));
    g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (ssdb_window_get_access_page (window)),
                                                 ssdb_gui_test_dropdown_shows, "First 1.07 GB"));
  }
  /* What the controls show is what a run started from them runs. */
  {
    SsdbSurfaceSpec surface;
    SsdbAccessSpec access;

    ssdb_surface_page_get_spec (ssdb_window_get_surface_page (window), &surface);
    g_assert_cmpuint (surface.samples, ==, 4);
    g_assert_cmpuint (surface.sample_bytes, ==, 8 * 1024 * 1024);
    g_assert_cmpuint (surface.access_samples, ==, 6);
    ssdb_access_page_get_spec (ssdb_window_get_access_page (window), &access);
    g_assert_cmpuint (access.step_duration_ns, ==, report->access->spec.step_duration_ns);
    g_assert_cmpuint (access.span_length, ==, report->access->spec.span_length);
    g_assert_cmpuint (access.depths[access.n_depths - 1], ==, 32);
  }
  /* The summary's 1 GiB × 2 passes, read-only, while the user's settings stay as they were. */
  {
    GtkWidget *summary = GTK_WIDGET (ssdb_window_get_summary_page (window));
    GtkWidget *size = ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "1 GiB");

    g_assert_nonnull (size);
    g_assert_false (gtk_widget_is_sensitive (size));
    g_assert_nonnull (ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "2"));
    g_assert_cmpint (g_settings_get_int (settings, "size-mib"), ==, 64);
    g_assert_cmpint (g_settings_get_int (settings, "count"), ==, 5);
  }

  /* Drive Info shows the drive the report measured, with its recorded facts. */
  {
    SsdbDriveInfo *info = ssdb_window_get_drive_info (window);
    g_autofree char *device = ssdb_drive_info_dup_value (info, "Device");
    g_autofree char *vendor = ssdb_drive_info_dup_value (info, "Vendor");
    g_autofree char *capacity = ssdb_drive_info_dup_value (info, "Capacity");
    g_autofree char *sectors = ssdb_drive_info_dup_value (info, "Sector Size");

    g_assert_cmpstr (device, ==, "/dev/zram0");
    g_assert_cmpstr (vendor, ==, "Vendor é \"quoted\"");
    g_assert_cmpstr (capacity, ==, "2.15 GB (2147483648 bytes)");
    g_assert_cmpstr (sectors, ==, "4096 bytes logical · 4096 bytes physical");
  }

  /* A target again: the controls are the user's own, and theirs to change. */
  g_assert_true (ssdb_window_select_target (window, tmpdir));
  ssdb_gui_test_iterate_for (100);
  {
    GtkWidget *summary = GTK_WIDGET (ssdb_window_get_summary_page (window));
    GtkWidget *size = ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "64 MiB");

    g_assert_nonnull (size);
    g_assert_true (gtk_widget_is_sensitive (size));
    g_assert_nonnull (ssdb_gui_test_find_widget (summary, ssdb_gui_test_dropdown_shows, "5"));
    g_assert_null (ssdb_gui_test_find_widget (GTK_WIDGET (ssdb_window_get_surface_page (window)),
                                              ssdb_gui_test_dropdown_shows, "8 MiB"));
  }
  g_settings_reset (settings, "size-mib");
  g_settings_reset (settings, "count");
}

/* A report of an ATA drive run with NCQ off: Drive Info says so, and shows the drive's own
 * settings as they were when the run was made. */
static void
test_open_drive_state (void)
{
  g_autofree char *fixture_path = fixture ("valid-all-views.json");
  g_autofree char *path = g_build_filename (tmpdir, "drive-state.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (fixture_path, &error);
  SsdbDriveInfo *info;

  g_assert_no_error (error);
  report->target.has_queue = TRUE;
  report->target.device_queue_depth = 1;
  report->target.ncq_depth_before = 32;
  report->target.has_ata_features = TRUE;
  report->target.ata_features[SSDB_ATA_WRITE_CACHE] = 1;
  report->target.ata_features[SSDB_ATA_READ_LOOKAHEAD] = 0;
  report->target.ata_features[SSDB_ATA_PM] = 1;
  report->target.ata_features[SSDB_ATA_APM] = 0;
  report->target.ata_features[SSDB_ATA_AAM] = -1;
  g_assert_true (ssdb_report_save (report, path, &error));
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_for (100);
  info = ssdb_window_get_drive_info (window);
  {
    g_autofree char *ncq = ssdb_drive_info_dup_value (info, "Command Queue");
    g_autofree char *cache = ssdb_drive_info_dup_value (info, "Write Cache (ATA)");
    g_autofree char *ahead = ssdb_drive_info_dup_value (info, "Read Look-Ahead (ATA)");
    g_autofree char *pm = ssdb_drive_info_dup_value (info, "Power Management Feature Set (ATA)");
    g_autofree char *apm = ssdb_drive_info_dup_value (info, "Power Management (APM) (ATA)");
    g_autofree char *aam = ssdb_drive_info_dup_value (info, "Acoustic Management (AAM) (ATA)");

    g_assert_cmpstr (ncq, ==,
                     "1 command at a time: NCQ turned off for the run (32 commands before)");
    g_assert_cmpstr (cache, ==, "On");
    g_assert_cmpstr (ahead, ==, "Off");
    g_assert_cmpstr (pm, ==, "On");
    g_assert_cmpstr (apm, ==, "Off");
    g_assert_null (aam); /* not supported: no row */
  }
  ssdb_window_set_page (window, "info");
  ssdb_gui_test_iterate_for (100);
  {
    g_autofree char *shot
        = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-reports-drive-state.png", 500);

    g_test_message ("screenshot: %s", shot);
  }
}

static void
on_clipboard_text (GObject *clipboard, GAsyncResult *res, gpointer data)
{
  char **out = data;
  g_autoptr (GError) error = NULL;

  *out = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), res, &error);
  g_assert_no_error (error);
}

static gboolean
text_read (gpointer data)
{
  return *(char **)data != NULL;
}

/* Copy Summary as Text: the report's summary as CrystalDiskMark-style text on the clipboard. */
static void
test_copy_text (void)
{
  g_autofree char *path = fixture ("valid-all-views.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_autofree char *expected = NULL, *copied = NULL, *pasted = NULL;

  g_assert_no_error (error);
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  expected = ssdb_summary_format_text (&report->target, report->summary);
  g_assert_nonnull (strstr (expected, "[Read]"));
  g_assert_nonnull (strstr (expected, "MB/s"));
  copied = ssdb_window_copy_text (window);
  g_assert_cmpstr (copied, ==, expected);
  g_assert_cmpstr (ssdb_window_get_last_toast (window), ==, "Summary copied as text");
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 on_clipboard_text, &pasted);
  ssdb_gui_test_iterate_until (text_read, &pasted, 5000);
  g_assert_cmpstr (pasted, ==, expected);
}

/* The "After an I/O Error" preference reaches the summary the Start button runs. */
static void
test_on_error_setting (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.ssdbench.App");
  SsdbSummarySpec spec;

  ssdb_summary_page_get_spec (ssdb_window_get_summary_page (window), &spec);
  g_assert_cmpint (spec.on_error, ==, SSDB_ON_ERROR_STOP);
  g_settings_set_string (settings, "on-error", "continue");
  ssdb_summary_page_get_spec (ssdb_window_get_summary_page (window), &spec);
  g_assert_cmpint (spec.on_error, ==, SSDB_ON_ERROR_CONTINUE);
  g_settings_reset (settings, "on-error");
  ssdb_summary_page_get_spec (ssdb_window_get_summary_page (window), &spec);
  g_assert_cmpint (spec.on_error, ==, SSDB_ON_ERROR_STOP);
}

/* Every value of the "Data" setting reaches the summary the Start button runs: random, zeros
 * and the four compressible levels of the compressibility test. */
static void
test_data_pattern_setting (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.ssdbench.App");
  static const struct
  {
    const char *nick;
    SsdbDataKind kind;
    guint percent;
  } cases[] = {
    { "random", SSDB_DATA_RANDOM, 0 },
    { "zero", SSDB_DATA_ZERO, 0 },
    { "compressible-25", SSDB_DATA_COMPRESSIBLE, 25 },
    { "compressible-50", SSDB_DATA_COMPRESSIBLE, 50 },
    { "compressible-75", SSDB_DATA_COMPRESSIBLE, 75 },
    { "compressible-100", SSDB_DATA_COMPRESSIBLE, 100 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SsdbSummarySpec spec;

      g_assert_true (g_settings_set_string (settings, "data-pattern", cases[i].nick));
      ssdb_summary_page_get_spec (ssdb_window_get_summary_page (window), &spec);
      g_assert_cmpint (spec.data.kind, ==, cases[i].kind);
      if (cases[i].kind == SSDB_DATA_COMPRESSIBLE)
        g_assert_cmpuint (spec.data.compressible_percent, ==, cases[i].percent);
    }
  g_settings_reset (settings, "data-pattern");
}

/* Save → open → save: byte-identical files, equal to the engine's own load + save. */
static void
test_save_open_save (void)
{
  g_autofree char *src = fixture ("valid-all-views.json");
  g_autofree char *first = tmp_file ("first.json");
  g_autofree char *second = tmp_file ("second.json");
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *engine = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  gsize la = 0, lb = 0;

  g_assert_true (ssdb_window_load_report (window, src, &error));
  g_assert_true (ssdb_window_save_report_to (window, first, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_window_load_report (window, first, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_window_save_report_to (window, second, NULL, &error));
  g_assert_no_error (error);
  a = file_text (first, &la);
  b = file_text (second, &lb);
  g_assert_cmpuint (la, ==, lb);
  g_assert_cmpmem (a, la, b, lb);
  report = ssdb_report_load (src, &error);
  g_assert_no_error (error);
  engine = ssdb_report_to_data (report, NULL);
  g_assert_cmpstr (a, ==, engine);
  g_assert_nonnull (strstr (a, "\"created\" : \"2024-05-01T12:34:56Z\""));
}

/* The drive's facts a run records beside its figures (temperature log, the drive's own write
 * counters) survive open → save in the window for every kind that carries them: the pages keep
 * the report's whole result, not the lighter copy they publish while a run streams. */
static void
test_save_open_save_drive_facts (void)
{
  g_autofree char *src = fixture ("valid-all-views.json");
  g_autofree char *with = tmp_file ("with-drive-facts.json");
  g_autofree char *saved = tmp_file ("with-drive-facts-saved.json");
  g_autofree char *engine = NULL;
  g_autofree char *window_text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (src, &error);
  const SsdbTestKind kinds[] = { SSDB_TEST_KIND_SURFACE, SSDB_TEST_KIND_FILL, SSDB_TEST_KIND_ACCESS,
                                 SSDB_TEST_KIND_SWEEP, SSDB_TEST_KIND_WORKLOAD };
  gsize length = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      SsdbTemperatureLog *log = ssdb_temperature_log_new ("Composite", 70, 85);
      SsdbTemperatureSample sample = { .t_s = 1.0, .celsius = 41.0 + i };
      SsdbDriveCounts counts = { .source = (char *)"NVMe Data Units Written",
                                 .unit = SSDB_DRIVE_COUNTER_BYTES,
                                 .before = 1000000,
                                 .after = 2048000 + i,
                                 .kernel_bytes = 1048576,
                                 .kernel_valid = TRUE,
                                 .throttle_before_s = -1,
                                 .throttle_after_s = -1 };
      gpointer result = (gpointer)ssdb_report_get_result (report, kinds[i]);
      SsdbTemperatureLog **temperature = NULL;
      SsdbDriveCounts **drive_counts = NULL;

      g_assert_nonnull (result);
      g_array_append_val (log->samples, sample);
      switch (kinds[i])
        {
          case SSDB_TEST_KIND_SURFACE:
            temperature = &((SsdbSurfaceResult *)result)->temperature;
            drive_counts = &((SsdbSurfaceResult *)result)->drive_counts;
            break;
          case SSDB_TEST_KIND_FILL:
            temperature = &((SsdbFillResult *)result)->temperature;
            drive_counts = &((SsdbFillResult *)result)->drive_counts;
            break;
          case SSDB_TEST_KIND_ACCESS:
            temperature = &((SsdbAccessResult *)result)->temperature;
            drive_counts = &((SsdbAccessResult *)result)->drive_counts;
            break;
          case SSDB_TEST_KIND_SWEEP:
            temperature = &((SsdbSweepResult *)result)->temperature;
            drive_counts = &((SsdbSweepResult *)result)->drive_counts;
            break;
          default:
            temperature = &((SsdbWorkloadResult *)result)->temperature;
            drive_counts = &((SsdbWorkloadResult *)result)->drive_counts;
            break;
        }
      ssdb_temperature_log_assign (temperature, log);
      ssdb_drive_counts_assign (drive_counts, &counts);
      ssdb_temperature_log_free (log);
    }
  g_assert_true (ssdb_report_save (report, with, &error));
  g_assert_no_error (error);
  engine = file_text (with, &length);
  g_assert_cmpuint (strlen (engine), ==, length);
  /* five temperature logs and five counter readings are in the file */
  {
    guint n = 0;

    for (const char *p = engine; (p = strstr (p, "\"drive_counts\"")) != NULL; p++)
      n++;
    g_assert_cmpuint (n, ==, G_N_ELEMENTS (kinds));
  }

  g_assert_true (ssdb_window_load_report (window, with, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_window_save_report_to (window, saved, NULL, &error));
  g_assert_no_error (error);
  window_text = file_text (saved, &length);
  g_assert_cmpstr (window_text, ==, engine);
}

/* A CrystalDiskMark text result opened in the window: the summary grid shows its figures under
 * the tool's name and date as the file writes them, and saving it keeps where it came from. */
static void
test_open_imported (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "import", "cdm8-default.txt", NULL);
  g_autofree char *saved = tmp_file ("imported.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) back = NULL;
  const SsdbSummaryEntry *e;
  SsdbSummaryView sv;

  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ssdb_window_get_report_title (window), ==,
                   "Report cdm8-default.txt · CrystalDiskMark run 2024/03/15 21:04:33");
  ssdb_summary_chart_fill_view (ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)),
                                &sv);
  g_assert_cmpstr (sv.target_title, ==, "CrystalDiskMark 8.0.4 x64 · C:");
  g_assert_true (g_str_has_prefix (sv.target_subtitle, "12 tests from cdm8-default.txt · "));
  g_assert_cmpuint (sv.result->entries->len, ==, 12);
  e = g_ptr_array_index (sv.result->entries, 0);
  g_assert_cmpstr (e->test.name, ==, "SEQ1M Q8T1");
  g_assert_cmpfloat_with_epsilon (e->aggregate.bytes_per_second, 3512.345e6, 1e-3);

  /* Drive Info: what the file states, nothing it does not (no capacity, no sector size). */
  {
    SsdbDriveInfo *info = ssdb_window_get_drive_info (window);
    g_autofree char *device = ssdb_drive_info_dup_value (info, "Device");
    g_autofree char *settings = ssdb_drive_info_dup_value (info, "Settings");
    g_autofree char *with = ssdb_drive_info_dup_value (info, "Measured With");
    g_autofree char *system = ssdb_drive_info_dup_value (info, "System");
    g_autofree char *capacity = ssdb_drive_info_dup_value (info, "Capacity");
    g_autofree char *sectors = ssdb_drive_info_dup_value (info, "Sector Size");

    g_assert_cmpstr (device, ==, "C:");
    /* CrystalDiskMark's comment is the user's words: with the settings, not as a model. */
    g_assert_true (g_str_has_suffix (settings, " · Comment: Samsung 980 PRO 250GB"));
    g_assert_cmpstr (with, ==, "CrystalDiskMark 8.0.4 x64");
    g_assert_cmpstr (system, ==, "Windows 11 Professional [10.0 Build 22631] (x64)");
    g_assert_null (capacity);
    g_assert_null (sectors);
  }

  g_assert_true (ssdb_window_save_report_to (window, saved, NULL, &error));
  g_assert_no_error (error);
  back = ssdb_report_load (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back->summary->imported);
  g_assert_cmpstr (back->summary->imported->tool, ==, "CrystalDiskMark");
  g_assert_cmpstr (back->summary->imported->file, ==, "cdm8-default.txt");
  e = g_ptr_array_index (back->summary->entries, 11);
  g_assert_cmpstr (e->test.name, ==, "RND4K Q1T1");
  g_assert_cmpint (e->rw, ==, SSDB_RW_MIX);
  g_assert_cmpfloat_with_epsilon (e->quoted.mean_ns, 66.80e3, 1e-6);
}

/* A malformed file: a toast names the file and the field; nothing shown changes. */
static void
test_malformed (void)
{
  g_autofree char *good = fixture ("valid-all-views.json");
  static const char *const bad[] = { "surface-negative.json", "truncated.json", "fill-rw.json" };
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (good, &error);

  g_assert_true (ssdb_window_load_report (window, good, &error));
  ssdb_window_set_page (window, "fill");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = fixture (bad[i]);
      g_autoptr (GError) load_error = NULL;
      const SsdbSurfaceResult *before
          = ssdb_surface_page_get_result (ssdb_window_get_surface_page (window));

      g_assert_false (ssdb_window_load_report (window, path, &load_error));
      g_assert_error (load_error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_test_message ("%s", load_error->message);
      g_assert_nonnull (strstr (load_error->message, bad[i]));
      g_assert_cmpstr (ssdb_window_get_last_toast (window), ==, load_error->message);
      g_assert_true (ssdb_surface_page_get_result (ssdb_window_get_surface_page (window))
                     == before);
      g_assert_cmpstr (visible_page (), ==, "fill");
      g_assert_nonnull (strstr (ssdb_window_get_report_title (window), "valid-all-views.json"));
      assert_pages_show (report);
      assert_window_holds (good);
    }
  /* The loader names the field. */
  {
    g_autofree char *path = fixture ("surface-negative.json");
    g_autoptr (GError) load_error = NULL;

    ssdb_window_load_report (window, path, &load_error);
    g_assert_nonnull (strstr (load_error->message, "tests["));
  }
}

/* `ssdbench FILE.json`: GApplication open shows the report; pages the new report lacks no
 * longer show the previous one. */
static void
test_application_open (void)
{
  g_autofree char *all = fixture ("valid-all-views.json");
  g_autofree char *path = fixture ("valid-access-sweep-workload.json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);

  g_assert_true (ssdb_window_load_report (window, all, &error));
  g_application_open (G_APPLICATION (app), &file, 1, "");
  ssdb_gui_test_iterate_for (100);
  g_assert_cmpstr (visible_page (), ==, "access");
  g_assert_null (ssdb_surface_page_get_result (ssdb_window_get_surface_page (window)));
  g_assert_false (ssdb_fill_page_has_result (ssdb_window_get_fill_page (window)));
  g_assert_cmpuint (ssdb_access_page_get_result (ssdb_window_get_access_page (window))->steps->len,
                    ==, report->access->steps->len);
  assert_window_holds (path);
}

/* A file dropped onto the window, delivered as GTK delivers it: the drop target's "drop"
 * signal with a GFile. Then a screenshot of the reopened surface page. */
static void
test_drop (void)
{
  g_autofree char *path = fixture ("valid-surface-fill.json");
  g_autofree char *shot = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_auto (GValue) value = G_VALUE_INIT;
  GtkDropTarget *target = ssdb_window_get_drop_target (window);
  gboolean accepted = FALSE;

  g_assert_nonnull (target);
  g_assert_true (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target))
                 == GTK_WIDGET (window));
  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_signal_emit_by_name (target, "drop", &value, 100.0, 100.0, &accepted);
  g_assert_true (accepted);
  ssdb_gui_test_iterate_for (300);
  g_assert_cmpstr (visible_page (), ==, "surface");
  g_assert_cmpuint (ssdb_surface_page_get_result (ssdb_window_get_surface_page (window))->read->len,
                    >, 0);
  assert_window_holds (path);

  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-reports-surface.png", 0);

  /* A dropped malformed file is refused the same way. */
  {
    g_autofree char *bad = fixture ("truncated.json");
    g_autoptr (GFile) bad_file = g_file_new_for_path (bad);

    g_value_set_object (&value, bad_file);
    accepted = TRUE;
    g_signal_emit_by_name (target, "drop", &value, 100.0, 100.0, &accepted);
    g_assert_false (accepted);
    g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "truncated.json"));
    assert_window_holds (path);
  }
}

/* Export Image… opens the Export window on the visible page's view; two exports are
 * identical (the caption uses the report's date). */
static void
test_export_window (void)
{
  g_autofree char *path = fixture ("valid-all-views.json");
  g_autofree char *a = tmp_file ("a.png");
  g_autofree char *b = tmp_file ("b.png");
  g_autofree char *sa = tmp_file ("a-summary.png");
  g_autofree char *sb = tmp_file ("b-summary.png");
  g_autofree char *ta = NULL, *tb = NULL;
  g_autoptr (GError) error = NULL;
  SsdbExportDialog *dialog;
  SsdbTestKind view;
  gsize la = 0, lb = 0;

  g_assert_true (ssdb_window_load_report (window, path, &error));
  ssdb_window_set_page (window, "sweep");
  dialog = ssdb_window_export_image (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  ssdb_export_dialog_get_options (dialog, &view, NULL, NULL, NULL, NULL, NULL, NULL);
  g_assert_cmpint (view, ==, SSDB_TEST_KIND_SWEEP);
  ssdb_gui_test_iterate_for (200);
  g_assert_true (ssdb_export_dialog_export_to (dialog, a, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_export_dialog_export_to (dialog, b, &error));
  g_assert_no_error (error);
  ta = file_text (a, &la);
  tb = file_text (b, &lb);
  g_assert_cmpuint (la, >, 1000);
  g_assert_cmpmem (ta, la, tb, lb);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* The summary image's caption is the report's date, not the time of export. */
  ssdb_window_set_page (window, "summary");
  g_assert_true (ssdb_window_export_image_to (window, sa, &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_for (1100);
  g_assert_true (ssdb_window_export_image_to (window, sb, &error));
  g_free (ta);
  g_free (tb);
  ta = file_text (sa, &la);
  tb = file_text (sb, &lb);
  g_assert_cmpmem (ta, la, tb, lb);
}

static void
assert_label (SsdbCompareWindow *compare, guint index, const char *want)
{
  g_autofree char *label = ssdb_compare_window_dup_label (compare, index);

  g_assert_cmpstr (label, ==, want);
}

/* Two runs of one drive in one minute (here one report twice) are told apart in the legend,
 * in the chart and as the names offered for editing. */
static void
test_compare_same_drive (void)
{
  g_autofree char *path = fixture ("valid-surface-fill.json");
  GFile *files[2] = { g_file_new_for_path (path), g_file_new_for_path (path) };
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL;
  SsdbCompareWindow *compare;

  compare = ssdb_window_compare_files (window, files, 2, &error);
  g_assert_no_error (error);
  first = ssdb_compare_window_dup_label (compare, 0);
  second = ssdb_compare_window_dup_label (compare, 1);
  g_test_message ("%s / %s", first, second);
  g_assert_true (g_str_has_prefix (first, "#1 "));
  g_assert_true (g_str_has_prefix (second, "#2 "));
  g_assert_cmpstr (first + 3, ==, second + 3);
  gtk_window_destroy (GTK_WINDOW (compare));
  g_object_unref (files[0]);
  g_object_unref (files[1]);
}

/* Compare Reports… over the SSD behaviour tests (TRIM with and without discard, free space,
 * read after write, idle recovery) and over an imported CrystalDiskMark result beside a run. */
static void
test_compare_behaviour_imported (void)
{
  g_autofree char *behaviour = fixture ("valid-behaviour.json");
  g_autofree char *run = fixture ("valid.json");
  g_autofree char *cdm
      = g_test_build_filename (G_TEST_DIST, "fixtures", "import", "cdm8-default.txt", NULL);
  GFile *pair[2] = { g_file_new_for_path (behaviour), g_file_new_for_path (behaviour) };
  GFile *mixed[2] = { g_file_new_for_path (run), g_file_new_for_path (cdm) };
  const SsdbTestKind views[] = { SSDB_TEST_KIND_TRIM, SSDB_TEST_KIND_FREESPACE,
                                 SSDB_TEST_KIND_READBACK, SSDB_TEST_KIND_RECOVERY };
  g_autoptr (GError) error = NULL;
  SsdbCompareWindow *compare;

  compare = ssdb_window_compare_files (window, pair, 2, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      g_assert_true (ssdb_compare_window_set_view (compare, views[i]));
      g_assert_cmpint (ssdb_compare_window_get_view (compare), ==, views[i]);
    }
  g_assert_true (ssdb_compare_window_set_view (compare, SSDB_TEST_KIND_TRIM));
  {
    g_autofree char *label = ssdb_compare_window_dup_label (compare, 0);

    g_assert_true (g_str_has_suffix (label, " · with discard"));
  }
  ssdb_gui_test_iterate_for (300);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (compare), "gui-reports-compare-trim.png", 0));
  gtk_window_destroy (GTK_WINDOW (compare));

  compare = ssdb_window_compare_files (window, mixed, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ssdb_compare_window_get_view (compare), ==, SSDB_TEST_KIND_SUMMARY);
  {
    g_autofree char *label = ssdb_compare_window_dup_label (compare, 1);

    g_assert_cmpstr (label, ==, "CrystalDiskMark 8.0.4 x64 · C: · 2024-03-15 21:04");
  }
  ssdb_gui_test_iterate_for (300);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (compare), "gui-reports-compare-imported.png", 0));
  gtk_window_destroy (GTK_WINDOW (compare));
  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (pair[i]);
      g_object_unref (mixed[i]);
    }
}

/* Compare Reports…: the views all reports hold, drawn by the comparison painter. */
static void
test_compare (void)
{
  const char *names[] = { "valid-all-views.json", "valid-surface-fill.json", "truncated.json" };
  GFile *files[3];
  g_autoptr (GError) error = NULL;
  SsdbCompareWindow *compare;
  SsdbChartView *chart;
  guint before;
  gint64 end;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *path = fixture (names[i]);

      files[i] = g_file_new_for_path (path);
    }
  /* One report is too few; a malformed one is named. */
  g_assert_null (ssdb_window_compare_files (window, files, 1, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (ssdb_window_get_last_toast (window), ==, error->message);
  g_clear_error (&error);
  g_assert_null (ssdb_window_compare_files (window, files, 3, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_assert_nonnull (strstr (ssdb_window_get_last_toast (window), "truncated.json"));
  g_clear_error (&error);

  compare = ssdb_window_compare_files (window, files, 2, &error);
  g_assert_no_error (error);
  g_assert_nonnull (compare);
  /* The second report holds no summary: the first view both hold is the surface. */
  g_assert_cmpint (ssdb_compare_window_get_view (compare), ==, SSDB_TEST_KIND_SURFACE);
  g_assert_false (ssdb_compare_window_set_view (compare, SSDB_TEST_KIND_SUMMARY));
  g_assert_false (ssdb_compare_window_set_view (compare, SSDB_TEST_KIND_ACCESS));
  chart = ssdb_compare_window_get_chart (compare);
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (ssdb_chart_view_get_snapshot_count (chart) == 0 && g_get_monotonic_time () < end)
    ssdb_gui_test_iterate_for (20);
  g_assert_cmpuint (ssdb_chart_view_get_snapshot_count (chart), >, 0);
  ssdb_gui_test_iterate_for (200);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (compare), "gui-reports-compare-surface.png", 0));
  before = ssdb_chart_view_get_snapshot_count (chart);
  g_assert_true (ssdb_compare_window_set_view (compare, SSDB_TEST_KIND_FILL));
  g_assert_cmpint (ssdb_compare_window_get_view (compare), ==, SSDB_TEST_KIND_FILL);
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (ssdb_chart_view_get_snapshot_count (chart) == before && g_get_monotonic_time () < end)
    ssdb_gui_test_iterate_for (20);
  g_assert_cmpuint (ssdb_chart_view_get_snapshot_count (chart), >, before);

  /* Names of the user's in the legend, and the comparison exported with them. */
  {
    g_autofree char *png = tmp_file ("compare.png");
    g_autofree char *svg = tmp_file ("compare.svg");
    g_autofree char *svg_text = NULL;
    g_autofree char *default_name = ssdb_compare_window_dup_label (compare, 1);
    g_autoptr (GdkTexture) texture = NULL;

    ssdb_compare_window_set_label (compare, 0, "  Drive A, new  ");
    assert_label (compare, 0, "Drive A, new");
    assert_label (compare, 1, default_name);
    ssdb_compare_window_set_label (compare, 1, "Drive A, full");
    assert_label (compare, 1, "Drive A, full");
    ssdb_compare_window_set_label (compare, 1, "");
    assert_label (compare, 1, default_name);
    ssdb_compare_window_set_label (compare, 1, "Drive A, full");
    g_assert_true (ssdb_compare_window_export_to (compare, png, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 1600);
    g_assert_true (ssdb_compare_window_export_to (compare, svg, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
    g_assert_true (g_str_has_prefix (svg_text, "<?xml"));
    ssdb_gui_test_iterate_for (200);
    g_free (ssdb_gui_test_screenshot (GTK_WINDOW (compare), "gui-reports-compare-names.png", 0));
  }
  gtk_window_destroy (GTK_WINDOW (compare));
  for (guint i = 0; i < 3; i++)
    g_object_unref (files[i]);
}

static gboolean
page_run_done (gpointer data)
{
  return !ssdb_page_run_get_busy (SSDB_PAGE_RUN (data));
}

/* A live access-time run on zram next to a loaded report: a report holds the results of one
 * target, that of the page shown, and names the pages left out. */
static void
test_live_and_loaded (void)
{
  g_autofree char *path = fixture ("valid-surface-fill.json");
  g_autofree char *saved = tmp_file ("live.json");
  g_autofree char *left_out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  SsdbAccessPage *page = ssdb_window_get_access_page (window);
  SsdbPageRun *run = ssdb_access_page_get_run (page);
  const SsdbAccessResult *live;
  SsdbAccessSpec spec;
  gint64 end;

  /* A fresh 64 MiB zram device (root). */
  if (getuid () != 0
      || !ssdb_gui_test_zram_create (G_GUINT64_CONSTANT (64) * 1024 * 1024, FALSE, &zram_name,
                                     &zram_path))
    {
      ssdb_gui_test_zram_remove (zram_name);
      g_clear_pointer (&zram_name, g_free);
      g_test_skip ("needs root and zram");
      return;
    }
  end = g_get_monotonic_time () + 15 * G_USEC_PER_SEC;
  while (!ssdb_device_monitor_is_ready (ssdb_application_get_device_monitor (app))
         && g_get_monotonic_time () < end)
    ssdb_gui_test_iterate_for (20);
  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_window_set_page (window, "access");
  ssdb_access_spec_init (&spec);
  spec.depths[0] = 1;
  spec.depths[1] = 2;
  spec.depths[2] = 4;
  spec.n_depths = 3;
  spec.step_duration_ns = 500000000;
  spec.span_length = 0;
  g_assert_true (ssdb_access_page_configure (page, &spec));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (ssdb_page_run_get_running (run));
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while ((ssdb_page_run_get_running (run) || !page_run_done (run)) && g_get_monotonic_time () < end)
    ssdb_gui_test_iterate_for (20);
  live = ssdb_access_page_get_result (page);
  g_assert_nonnull (live);
  g_assert_cmpuint (live->steps->len, ==, 3);

  /* Only the live run so far. */
  report = ssdb_window_dup_report (window, &left_out, &error);
  g_assert_no_error (error);
  g_assert_null (left_out);
  g_assert_cmpstr (report->target.path, ==, zram_path);
  g_assert_cmpuint (report->target.size_bytes, ==, 64 * 1024 * 1024);
  g_assert_nonnull (report->access);
  g_assert_null (report->surface);
  g_clear_pointer (&report, ssdb_report_unref);

  /* A report of another target next to it: the page shown decides. */
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_cmpstr (visible_page (), ==, "surface");
  report = ssdb_window_dup_report (window, &left_out, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (left_out, ==, "Access Time");
  g_assert_cmpstr (report->target.path, ==, "/dev/zram0");
  g_assert_nonnull (report->surface);
  g_assert_nonnull (report->fill);
  g_assert_null (report->access);
  g_clear_pointer (&report, ssdb_report_unref);
  g_clear_pointer (&left_out, g_free);

  ssdb_window_set_page (window, "access");
  g_assert_true (ssdb_window_save_report_to (window, saved, &left_out, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (left_out, ==, "Surface, Fill");
  loaded = ssdb_report_load (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->target.path, ==, zram_path);
  g_assert_null (loaded->surface);
  g_assert_nonnull (loaded->access);
  live = ssdb_access_page_get_result (page);
  g_assert_cmpuint (loaded->access->steps->len, ==, live->steps->len);
  for (guint i = 0; i < live->steps->len; i++)
    {
      const SsdbAccessStep *a = &g_array_index (live->steps, SsdbAccessStep, i);
      const SsdbAccessStep *b = &g_array_index (loaded->access->steps, SsdbAccessStep, i);

      g_assert_cmpuint (a->io.ios, >, 100);
      g_assert_cmpuint (a->io.ios, ==, b->io.ios);
      g_assert_cmpuint (a->p99_ns, ==, b->p99_ns);
    }
  g_unlink (saved);

  /* Choosing another target puts every page back to it. */
  g_assert_true (ssdb_window_select_target (window, tmpdir));
  g_assert_null (ssdb_window_get_report_title (window));
  g_assert_null (ssdb_surface_page_get_result (ssdb_window_get_surface_page (window)));
  ssdb_gui_test_zram_remove (zram_name);
  g_clear_pointer (&zram_name, g_free);
}

static AdwViewSwitcherBar *
find_switcher_bar (GtkWidget *widget)
{
  if (ADW_IS_VIEW_SWITCHER_BAR (widget))
    return ADW_VIEW_SWITCHER_BAR (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      AdwViewSwitcherBar *found = find_switcher_bar (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* No label under @widget is cut short ("Transfer Siz…"): each has its natural width. */
static void
assert_titles_whole (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c) && gtk_widget_get_mapped (c))
      {
        int nat = 0;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        g_test_message ("“%s”: %d px of %d", gtk_label_get_text (GTK_LABEL (c)),
                        gtk_widget_get_width (c), nat);
        g_assert_cmpint (gtk_widget_get_width (c), >=, nat);
      }
    else
      assert_titles_whole (c);
}

/* A report of the six SSD behaviour tests: the SSD Behaviour page shows each one's numbers,
 * drawn by its painter, opened on the first; its image and the Export window work. */
/* A report holding an error scan opens on the Error Scan page: its ranges, its settings in the
 * controls, no Go On (its device is not the one selected), its image the page's. */
static void
test_open_scan (void)
{
  g_autofree char *path = fixture ("valid-scan.json");
  g_autofree char *png = tmp_file ("scan.png");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_autoptr (GdkTexture) texture = NULL;
  SsdbScanPage *page = ssdb_window_get_scan_page (window);
  const SsdbScanResult *shown;
  SsdbScanSpec spec;

  g_assert_no_error (error);
  ssdb_window_set_page (window, "info");
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_for (100);
  g_assert_cmpstr (visible_page (), ==, "scan");
  shown = ssdb_scan_page_get_result (page);
  g_assert_nonnull (shown);
  g_assert_true (shown != report->scan);
  g_assert_cmpuint (shown->bad->len, ==, 2);
  g_assert_cmpuint (g_array_index (shown->bad, SsdbScanRange, 0).offset, ==, 8392704);
  g_assert_cmpuint (shown->bad_bytes, ==, report->scan->bad_bytes);
  g_assert_cmpstr (shown->words, ==, report->scan->words);
  g_assert_false (ssdb_scan_page_get_can_resume (page));
  ssdb_scan_page_get_spec (page, &spec);
  g_assert_cmpuint (spec.block_size, ==, report->scan->spec.block_size);
  g_assert_cmpuint (spec.slow_ns, ==, report->scan->spec.slow_ns);
  g_assert_true (ssdb_window_export_image_to (window, png, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 1600);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-reports-scan.png", 200));
}

static void
test_open_behaviour (void)
{
  g_autofree char *path = fixture ("valid-behaviour.json");
  g_autofree char *png = tmp_file ("behaviour.png");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_autoptr (GdkTexture) texture = NULL;
  SsdbBehaviourPage *page = ssdb_window_get_behaviour_page (window);
  g_autofree char *title = NULL;
  SsdbExportDialog *dialog;
  SsdbTestKind view;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    g_assert_nonnull (report_behaviour (report, behaviour_views[i]));
  ssdb_window_set_page (window, "info");
  g_assert_true (ssdb_window_load_report (window, path, &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_for (100);
  g_assert_cmpstr (visible_page (), ==, "behaviour");
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_RECOVERY);
  {
    g_autoptr (GDateTime) date = g_date_time_new_from_iso8601 (report->created, NULL);
    g_autofree char *when = g_date_time_format (date, "%Y-%m-%d %H:%M UTC");

    title = g_strdup_printf ("Report valid-behaviour.json · %s", when);
  }
  g_assert_cmpstr (ssdb_window_get_report_title (window), ==, title);
  assert_behaviour_shows (report);
  assert_window_holds (path);
  /* No page of another kind shows anything of it. */
  g_assert_null (ssdb_surface_page_get_result (ssdb_window_get_surface_page (window)));
  g_assert_false (ssdb_fill_page_has_result (ssdb_window_get_fill_page (window)));

  /* Each test, selected, shows its own finding; the page's image is the selected test's. */
  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    {
      g_assert_true (ssdb_behaviour_page_select (page, behaviour_views[i]));
      g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, behaviour_views[i]);
      g_test_message ("%s", ssdb_behaviour_page_get_words (page));
      g_assert_cmpuint (strlen (ssdb_behaviour_page_get_words (page)), >, 0);
    }
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_COMPRESSION));
  g_assert_true (ssdb_window_export_image_to (window, png, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 1400);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-reports-behaviour.png", 200));

  /* Thirteen pages in the header of an 1800 px window (they fit from about 1700 px), where the
   * screen is that wide (the test's Xvfb screen is 1400 px: there they stay in the bottom bar);
   * narrower, the title and the bottom bar. */
  {
    AdwViewSwitcherBar *bar = find_switcher_bar (GTK_WIDGET (window));
    int width = 1800, height, was_width;
    gboolean wide_screen;

    g_assert_nonnull (bar);
    gtk_window_get_default_size (GTK_WINDOW (window), &was_width, &height);
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
    ssdb_gui_test_iterate_for (300);
    wide_screen = gtk_widget_get_width (GTK_WIDGET (window)) > 1710;
    g_test_message ("window %d px wide: the pages in the %s",
                    gtk_widget_get_width (GTK_WIDGET (window)),
                    wide_screen ? "header" : "bottom bar");
    g_assert_true (adw_view_switcher_bar_get_reveal (bar) != wide_screen);
    gtk_window_set_default_size (GTK_WINDOW (window), 760, height);
    ssdb_gui_test_iterate_for (300);
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <, 1000);
    g_free (
        ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-reports-behaviour-narrow.png", 200));
    g_assert_true (adw_view_switcher_bar_get_reveal (bar));
    /* Every title in the bar whole, and the bar scrolls sideways to the last ones. */
    assert_titles_whole (GTK_WIDGET (bar));
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (bar), GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *h;

      g_assert_nonnull (scroller);
      h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
      g_test_message ("page bar: %.0f px in a view of %.0f px", gtk_adjustment_get_upper (h),
                      gtk_adjustment_get_page_size (h));
      g_assert_cmpfloat (gtk_adjustment_get_upper (h), >, gtk_adjustment_get_page_size (h) + 50);
    }
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
    ssdb_gui_test_iterate_for (300);
    g_assert_true (adw_view_switcher_bar_get_reveal (bar) != wide_screen);
    gtk_window_set_default_size (GTK_WINDOW (window), was_width, height);
    ssdb_gui_test_iterate_for (300);
  }

  /* Export Image… opens on the selected test. */
  dialog = ssdb_window_export_image (window);
  g_assert_nonnull (dialog);
  ssdb_export_dialog_get_options (dialog, &view, NULL, NULL, NULL, NULL, NULL, NULL);
  g_assert_cmpint (view, ==, SSDB_TEST_KIND_COMPRESSION);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Copy Summary as Text: the report has no summary, and says so. */
  g_assert_null (ssdb_window_copy_text (window));

  /* A report without behaviour tests: the page no longer shows these. */
  {
    g_autofree char *all = fixture ("valid-all-views.json");

    g_assert_true (ssdb_window_load_report (window, all, &error));
    g_assert_no_error (error);
    for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
      g_assert_null (ssdb_behaviour_page_get_result (page, behaviour_views[i]));
    assert_window_holds (all);
  }
}

/* Save → open → save of the behaviour report: the same bytes, each kind included. */
static void
test_save_open_save_behaviour (void)
{
  g_autofree char *src = fixture ("valid-behaviour.json");
  g_autofree char *first = tmp_file ("behaviour-first.json");
  g_autofree char *second = tmp_file ("behaviour-second.json");
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *engine = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  static const char *const kinds[]
      = { "recovery", "consistency", "compression", "trim", "freespace", "readback" };
  gsize la = 0, lb = 0;

  g_assert_true (ssdb_window_load_report (window, src, &error));
  /* Saved from another page than the behaviour one: the report is still the whole file. */
  ssdb_window_set_page (window, "summary");
  g_assert_true (ssdb_window_save_report_to (window, first, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_window_load_report (window, first, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_window_save_report_to (window, second, NULL, &error));
  g_assert_no_error (error);
  a = file_text (first, &la);
  b = file_text (second, &lb);
  g_assert_cmpuint (la, ==, lb);
  g_assert_cmpmem (a, la, b, lb);
  report = ssdb_report_load (src, &error);
  g_assert_no_error (error);
  engine = ssdb_report_to_data (report, NULL);
  g_assert_cmpstr (a, ==, engine);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *kind = g_strdup_printf ("\"kind\" : \"%s\"", kinds[i]);

      g_assert_nonnull (strstr (a, kind));
    }
  assert_behaviour_shows (report);
  g_unlink (first);
  g_unlink (second);
}

/* The behaviour report dropped onto the window and given on the command line (GApplication
 * open): the same pages as Open Report. */
static void
test_drop_open_behaviour (void)
{
  g_autofree char *path = fixture ("valid-behaviour.json");
  g_autofree char *all = fixture ("valid-all-views.json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_auto (GValue) value = G_VALUE_INIT;
  SsdbBehaviourPage *page = ssdb_window_get_behaviour_page (window);
  gboolean accepted = FALSE;

  g_assert_no_error (error);
  g_assert_true (ssdb_window_load_report (window, all, &error));
  g_assert_cmpstr (visible_page (), ==, "summary");
  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_signal_emit_by_name (ssdb_window_get_drop_target (window), "drop", &value, 100.0, 100.0,
                         &accepted);
  g_assert_true (accepted);
  ssdb_gui_test_iterate_for (100);
  g_assert_cmpstr (visible_page (), ==, "behaviour");
  g_assert_nonnull (strstr (ssdb_window_get_report_title (window), "valid-behaviour.json"));
  assert_behaviour_shows (report);
  assert_window_holds (path);

  g_assert_true (ssdb_window_load_report (window, all, &error));
  g_assert_null (ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_TRIM));
  g_application_open (G_APPLICATION (app), &file, 1, "");
  ssdb_gui_test_iterate_for (100);
  g_assert_cmpstr (visible_page (), ==, "behaviour");
  assert_behaviour_shows (report);
  assert_window_holds (path);
}

/* A copy of valid-behaviour.json whose compression test has a negative write rate. */
static char *
write_bad_behaviour (void)
{
  g_autofree char *src = fixture ("valid-behaviour.json");
  char *path = tmp_file ("bad-compression-rate.json");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *tests;
  gboolean changed = FALSE;

  g_assert_true (json_parser_load_from_file (parser, src, &error));
  g_assert_no_error (error);
  tests = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                        "tests");
  for (guint i = 0; i < json_array_get_length (tests); i++)
    {
      JsonObject *t = json_array_get_object_element (tests, i);

      if (g_strcmp0 (json_object_get_string_member (t, "kind"), "compression") == 0)
        {
          JsonObject *level
              = json_array_get_object_element (json_object_get_array_member (t, "levels"), 1);

          json_object_set_double_member (level, "write_bytes_per_second", -1.5e9);
          changed = TRUE;
        }
    }
  g_assert_true (changed);
  json_generator_set_root (gen, json_parser_get_root (parser));
  json_generator_set_pretty (gen, TRUE);
  g_assert_true (json_generator_to_file (gen, path, &error));
  g_assert_no_error (error);
  return path;
}

/* A malformed behaviour member: the toast names the file and the field; nothing shown changes. */
static void
test_malformed_behaviour (void)
{
  g_autofree char *good = fixture ("valid-behaviour.json");
  g_autofree char *bad = write_bad_behaviour ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) load_error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (good, &error);
  SsdbBehaviourPage *page = ssdb_window_get_behaviour_page (window);
  gconstpointer before[G_N_ELEMENTS (behaviour_views)];
  g_autofree char *title = NULL;

  g_assert_no_error (error);
  g_assert_true (ssdb_window_load_report (window, good, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_TRIM));
  title = g_strdup (ssdb_window_get_report_title (window));
  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    before[i] = ssdb_behaviour_page_get_result (page, behaviour_views[i]);

  g_assert_false (ssdb_window_load_report (window, bad, &load_error));
  g_assert_error (load_error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_test_message ("%s", load_error->message);
  g_assert_nonnull (strstr (load_error->message, "bad-compression-rate.json"));
  g_assert_nonnull (strstr (load_error->message, "tests[2]"));
  g_assert_nonnull (strstr (load_error->message, "write_bytes_per_second"));
  g_assert_cmpstr (ssdb_window_get_last_toast (window), ==, load_error->message);

  /* Nothing changed: the same results, test, page and title. */
  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    g_assert_true (ssdb_behaviour_page_get_result (page, behaviour_views[i]) == before[i]);
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_TRIM);
  g_assert_cmpstr (visible_page (), ==, "behaviour");
  g_assert_cmpstr (ssdb_window_get_report_title (window), ==, title);
  assert_behaviour_shows (report);
  assert_window_holds (good);
  g_unlink (bad);
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
  tmpdir = g_dir_make_tmp ("ssdb-gui-reports-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_for (500);

  g_test_add_func ("/gui-reports/page-shortcuts", test_page_shortcuts);
  g_test_add_func ("/gui-reports/accels-and-menu", test_accels_and_menu);
  g_test_add_func ("/gui-reports/open-all-views", test_open_all_views);
  g_test_add_func ("/gui-reports/open-drive-state", test_open_drive_state);
  g_test_add_func ("/gui-reports/save-open-save", test_save_open_save);
  g_test_add_func ("/gui-reports/save-open-save-drive-facts", test_save_open_save_drive_facts);
  g_test_add_func ("/gui-reports/malformed", test_malformed);
  g_test_add_func ("/gui-reports/application-open", test_application_open);
  g_test_add_func ("/gui-reports/drop", test_drop);
  g_test_add_func ("/gui-reports/copy-text", test_copy_text);
  g_test_add_func ("/gui-reports/on-error-setting", test_on_error_setting);
  g_test_add_func ("/gui-reports/data-pattern-setting", test_data_pattern_setting);
  g_test_add_func ("/gui-reports/export-window", test_export_window);
  g_test_add_func ("/gui-reports/compare", test_compare);
  g_test_add_func ("/gui-reports/compare-same-drive", test_compare_same_drive);
  g_test_add_func ("/gui-reports/open-behaviour", test_open_behaviour);
  g_test_add_func ("/gui-reports/open-scan", test_open_scan);
  g_test_add_func ("/gui-reports/save-open-save-behaviour", test_save_open_save_behaviour);
  g_test_add_func ("/gui-reports/malformed-behaviour", test_malformed_behaviour);
  g_test_add_func ("/gui-reports/drop-open-behaviour", test_drop_open_behaviour);
  g_test_add_func ("/gui-reports/live-and-loaded", test_live_and_loaded);
  g_test_add_func ("/gui-reports/open-imported", test_open_imported);
  g_test_add_func ("/gui-reports/compare-behaviour-imported", test_compare_behaviour_imported);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  ssdb_gui_test_zram_remove (zram_name);
  g_clear_pointer (&zram_name, g_free);
  {
    const char *names[] = { "first.json",
                            "second.json",
                            "a.png",
                            "b.png",
                            "a-summary.png",
                            "b-summary.png",
                            "behaviour.png",
                            "behaviour-first.json",
                            "behaviour-second.json",
                            "bad-compression-rate.json" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *p = tmp_file (names[i]);

        g_unlink (p);
      }
  }
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return ret;
}
