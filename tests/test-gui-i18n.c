/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The desktop app in French and in Traditional Chinese under Xvfb: the window's page titles,
 * the Start button, the Drive Info page of a test-file folder and the digits of its byte counts
 * come out in the language of LANGUAGE / LANG, from the catalogs compiled into the build tree
 * (SSDBENCH_LOCALEDIR=<build>/po). Run through tests/gui/run-xvfb.sh with LANG=fr_FR.UTF-8
 * LANGUAGE=fr or LANG=zh_TW.UTF-8 LANGUAGE=zh_TW; skipped when that locale is not generated.
 */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include <gdk/x11/gdkx.h>

#include "ssdb-application.h"
#include "ssdb-export-dialog.h"
#include "ssdb-summary-chart.h"
#include "engine/ssdb-import.h"
#include "ssdb-window.h"
#include "render/ssdb-render-lang.h"
#include "render/ssdb-summary-painter.h"

#include <cairo-pdf.h>

#include "gui/ssdb-gui-test.h"

typedef struct
{
  const char *language;
  const char *locale_prefix; /* what setlocale (LC_MESSAGES, NULL) starts with */
  /* page titles: summary, fill, drive info */
  const char *summary, *fill, *info;
  const char *start_button;
  const char *test_file_group, *folder_row;
  const char *bytes_word; /* in "%s (%s bytes)" */
  const char *read_header, *default_header; /* the summary chart's "Read (", "Default" */
  const char *choose_drive;                 /* the drive button with nothing chosen */
} Expected;

static const Expected languages[] = {
  { "fr", "fr_FR", "Synthèse", "Remplissage", "Infos disque", "_Démarrer", "Fichier de test",
    "Dossier", "octets", "Lecture (", "Par défaut", "Choisir un disque" },
  { "zh_TW", "zh_TW", "總覽", "全碟寫入", "磁碟資訊", "開始(_S)", "測試檔案", "資料夾", "位元組",
    "讀取（", "預設", "選擇磁碟" },
};

static const Expected *expected;
static SsdbApplication *app;
static SsdbWindow *window;
static GHashTable *texts; /* every text the window shows -> itself */

/* Saves the window as G_TEST_BUILDDIR/gui-i18n-LANG-NAME.png, to look at. */
static void
screenshot (const char *name)
{
  g_autofree char *file = g_strdup_printf ("gui-i18n-%s-%s.png", expected->language, name);

  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), file, 250));
}

static void
add_text (const char *text)
{
  if (text != NULL && *text != '\0')
    g_hash_table_add (texts, g_strdup (text));
}

/* Collects the texts of the widget tree under @widget: labels, buttons, rows, groups, status
 * pages, button contents and the titles of view stack pages. */
static void
collect (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    add_text (gtk_label_get_label (GTK_LABEL (widget)));
  else if (GTK_IS_BUTTON (widget))
    add_text (gtk_button_get_label (GTK_BUTTON (widget)));
  if (ADW_IS_BUTTON_CONTENT (widget))
    add_text (adw_button_content_get_label (ADW_BUTTON_CONTENT (widget)));
  if (ADW_IS_PREFERENCES_ROW (widget))
    add_text (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  if (ADW_IS_PREFERENCES_GROUP (widget))
    add_text (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)));
  if (ADW_IS_STATUS_PAGE (widget))
    add_text (adw_status_page_get_title (ADW_STATUS_PAGE (widget)));
  if (ADW_IS_VIEW_STACK (widget))
    {
      g_autoptr (GtkSelectionModel) pages = adw_view_stack_get_pages (ADW_VIEW_STACK (widget));

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
        {
          g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);

          add_text (adw_view_stack_page_get_title (page));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child);
}

static GString *problems; /* what is missing or untranslated, for one failure naming all */

static void
assert_shown (const char *text)
{
  if (!g_hash_table_contains (texts, text))
    g_string_append_printf (problems, " “%s” is not shown;", text);
}

static void
assert_not_shown (const char *text)
{
  if (g_hash_table_contains (texts, text))
    g_string_append_printf (problems, " “%s” is shown untranslated;", text);
}

static void
test_catalog (void)
{
  /* The catalog itself, through the same call the app's code makes. */
  g_assert_cmpstr (_ ("Drive Info"), ==, expected->info);
  g_assert_cmpstr (_ ("Summary"), ==, expected->summary);
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Fill"), ==, expected->fill);
}

static gboolean
is_summary_chart (GtkWidget *widget, const char *unused)
{
  return SSDB_IS_SUMMARY_CHART (widget);
}

static gboolean
is_label (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* The summary chart of the window draws its legend (the column headers) and profile in the
 * window's language: its own style and view drawn into a PDF, read back with pdftotext. And
 * the drive button's "Choose Drive" is shown whole at 1200 px (it was "Choisi…isque"). */
static void
test_chart (void)
{
  g_autofree char *prog = g_find_program_in_path ("pdftotext");
  g_autofree char *dir = g_dir_make_tmp ("ssdb-i18n-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "summary.pdf", NULL);
  g_autofree char *text = NULL;
  SsdbSummaryChart *chart;
  SsdbSummaryView view;
  SsdbStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  GtkWidget *button_label;
  int status = 0;

  ssdb_window_set_page (window, "summary");
  chart = SSDB_SUMMARY_CHART (
      ssdb_gui_test_find_widget (GTK_WIDGET (window), is_summary_chart, NULL));
  g_assert_nonnull (chart);
  ssdb_summary_chart_get_style (chart, &style);
  g_assert_cmpstr (style.language, ==, expected->language);
  ssdb_summary_chart_fill_view (chart, &view);
  surface = cairo_pdf_surface_create (pdf, 1000, 640);
  cr = cairo_create (surface);
  ssdb_summary_painter_draw (&view, &style, cr, 1000, 640);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  if (prog == NULL)
    g_test_message ("pdftotext is not installed: the chart's text is not read back");
  else if (g_str_equal (expected->language, "zh_TW") && !ssdb_render_language_has_glyphs ("zh_TW"))
    g_test_message ("no font for Traditional Chinese (fonts-noto-cjk): its text is not read back");
  else
    {
      const char *argv[] = { prog, pdf, "-", NULL };

      g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, &text, NULL, &status, NULL));
      g_test_message ("summary chart: %s", text);
      g_assert_nonnull (strstr (text, expected->read_header));
      g_assert_nonnull (strstr (text, expected->default_header));
      g_assert_null (strstr (text, "Read ("));
    }
  g_unlink (pdf);
  g_rmdir (dir);

  button_label = ssdb_gui_test_find_widget (GTK_WIDGET (window), is_label, expected->choose_drive);
  g_assert_nonnull (button_label);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (button_label))));
}

static gboolean
is_english_row (GtkWidget *widget, const char *title)
{
  return ADW_IS_ACTION_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The Export window draws in the window's language by default, and in English with its
 * "English Chart Text" switch. */
static void
test_export (void)
{
  g_autofree char *file
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-all-views.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_open (file, &error);
  SsdbExportDialog *dialog;
  GtkWidget *row;
  GtkWidget *sw;

  g_assert_no_error (error);
  dialog = ssdb_export_dialog_new (GTK_WINDOW (window), report, SSDB_TEST_KIND_SUMMARY);
  gtk_window_present (GTK_WINDOW (dialog));
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, dialog, 10000);
  g_assert_cmpstr (ssdb_export_dialog_get_language (dialog), ==, expected->language);
  {
    g_autofree char *name = g_strdup_printf ("gui-i18n-%s-export.png", expected->language);

    g_free (ssdb_gui_test_screenshot (GTK_WINDOW (dialog), name, 250));
  }
  row = ssdb_gui_test_find_widget (GTK_WIDGET (dialog), is_english_row,
                                   g_dgettext (GETTEXT_PACKAGE, "English Chart Text"));
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_is_visible (row));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), !=,
                   "English Chart Text");
  sw = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
  g_assert_true (GTK_IS_SWITCH (sw));
  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  g_assert_cmpstr (ssdb_export_dialog_get_language (dialog), ==, "en");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-i18n-XXXXXX", NULL);
  g_autofree char *capacity = NULL;
  SsdbDriveInfo *info;

  g_assert_nonnull (dir);
  g_assert_true (ssdb_window_select_target (window, dir));
  ssdb_window_set_page (window, "summary");
  screenshot ("summary");
  ssdb_window_set_page (window, "info");
  screenshot ("info");

  problems = g_string_new (NULL);
  collect (GTK_WIDGET (window));
  g_test_message ("%u texts in the window", g_hash_table_size (texts));

  /* Page titles and the Start button (also the header bar's view switcher). */
  assert_shown (expected->summary);
  assert_shown (expected->fill);
  assert_shown (expected->info);
  assert_shown (expected->start_button);
  assert_not_shown ("Summary");
  assert_not_shown ("Drive Info");
  assert_not_shown ("_Start");

  /* The Drive Info page of the folder, built in code. */
  assert_shown (expected->test_file_group);
  assert_shown (expected->folder_row);
  assert_not_shown ("Test File");
  info = ssdb_window_get_drive_info (window);
  /* Values are looked up by the English title in every language. */
  {
    g_autofree char *folder = ssdb_drive_info_dup_value (info, "Folder");

    g_assert_cmpstr (folder, ==, dir);
  }
  /* The folder's file system sits on a block device here (or on none, e.g. tmpfs): then its
   * capacity reads "SIZE (N bytes)" with N's digits grouped as the locale groups them. */
  capacity = ssdb_drive_info_dup_value (info, "Capacity");
  if (capacity != NULL)
    {
      const char *sep = localeconv ()->thousands_sep;

      g_test_message ("capacity: %s (thousands separator “%s”)", capacity, sep);
      g_assert_nonnull (strstr (capacity, expected->bytes_word));
      g_assert_nonnull (sep);
      g_assert_cmpstr (sep, !=, "");
      g_assert_nonnull (strstr (capacity, sep));
    }
  else
    g_test_message ("the folder has no block device: no capacity to check");
  g_rmdir (dir);
  if (problems->len > 0)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, texts);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_test_message ("shown: %s", (const char *)key);
      g_error ("%s:%s", expected->language, problems->str);
    }
  g_string_free (problems, TRUE);
}

/* Each title of the bar of pages is whole (its natural width) and either inside the bar's view
 * or out of it, never cut at its edge; returns how many are inside. */
static guint
assert_bar_titles (SsdbWindow *w)
{
  GtkWidget *bar = GTK_WIDGET (w->switcher_bar);
  int view = gtk_widget_get_width (GTK_WIDGET (w->switcher_scroller));
  guint inside = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (bar); c != NULL;)
    {
      if (GTK_IS_LABEL (c) && gtk_widget_get_mapped (c)
          && *gtk_label_get_text (GTK_LABEL (c)) != '\0')
        {
          graphene_rect_t b;
          int nat = 0;

          gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
          g_assert_cmpint (gtk_widget_get_width (c), >=, nat);
          g_assert_true (gtk_widget_compute_bounds (c, GTK_WIDGET (w->switcher_scroller), &b));
          g_test_message ("“%s”: %.0f to %.0f px of %d", gtk_label_get_text (GTK_LABEL (c)),
                          b.origin.x, b.origin.x + b.size.width, view);
          /* inside, or out of the view: not across its edges */
          g_assert_true ((b.origin.x >= 0 && b.origin.x + b.size.width <= view)
                         || b.origin.x + b.size.width <= 0 || b.origin.x >= view);
          inside += b.origin.x >= 0 && b.origin.x + b.size.width <= view;
        }
      /* depth first */
      if (gtk_widget_get_first_child (c) != NULL)
        c = gtk_widget_get_first_child (c);
      else
        {
          while (c != bar && gtk_widget_get_next_sibling (c) == NULL)
            c = gtk_widget_get_parent (c);
          c = c == bar ? NULL : gtk_widget_get_next_sibling (c);
        }
    }
  return inside;
}

/* The bottom bar of pages at 1024 × 600 (wider than that in French): at its start and scrolled
 * to its end, every title whole and none cut at the edges. */
static void
test_page_bar (void)
{
  SsdbWindow *w = window;
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (w->switcher_scroller);
  int was_width, was_height;
  guint inside;

  gtk_window_get_default_size (GTK_WINDOW (w), &was_width, &was_height);
  gtk_window_set_default_size (GTK_WINDOW (w), 1024, 600);
  ssdb_gui_test_iterate_for (400);
  g_assert_true (adw_view_switcher_bar_get_reveal (w->switcher_bar));
  g_test_message ("window %d px; bar %.0f px in a view of %.0f px",
                  gtk_widget_get_width (GTK_WIDGET (w)), gtk_adjustment_get_upper (h),
                  gtk_adjustment_get_page_size (h));
  screenshot ("page-bar-start");
  inside = assert_bar_titles (w);
  g_assert_cmpuint (inside, >=, 8);
  gtk_adjustment_set_value (h, gtk_adjustment_get_upper (h));
  ssdb_gui_test_iterate_for (200);
  screenshot ("page-bar-end");
  g_assert_cmpuint (assert_bar_titles (w), ==, inside);
  gtk_window_set_default_size (GTK_WINDOW (w), was_width, was_height);
  ssdb_gui_test_iterate_for (300);
}

int
main (int argc, char *argv[])
{
  const char *language = g_getenv ("LANGUAGE");
  const char *messages;
  int ret;

  /* What main () does: locale from the environment, the catalogs of SSDBENCH_LOCALEDIR. */
  ssdb_application_setup_i18n ();
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (g_strcmp0 (language, languages[i].language) == 0)
      expected = &languages[i];
  if (expected == NULL)
    {
      g_test_skip ("set LANGUAGE to fr or zh_TW");
      return g_test_run ();
    }
  messages = setlocale (LC_MESSAGES, NULL);
  if (messages == NULL || !g_str_has_prefix (messages, expected->locale_prefix))
    {
      g_autofree char *why = g_strdup_printf (
          "the locale %s.UTF-8 is not generated (build-aux/install-deps.sh generates it)",
          expected->locale_prefix);

      g_test_skip (why);
      return g_test_run ();
    }
  if (g_getenv ("SSDBENCH_LOCALEDIR") == NULL)
    g_error ("SSDBENCH_LOCALEDIR is not set: the test reads the build tree's catalogs");
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no X display (run through tests/gui/run-xvfb.sh)");
      return g_test_run ();
    }

  texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);

  g_test_add_func ("/gui-i18n/catalog", test_catalog);
  g_test_add_func ("/gui-i18n/chart", test_chart);
  g_test_add_func ("/gui-i18n/export", test_export);
  g_test_add_func ("/gui-i18n/window", test_window);
  g_test_add_func ("/gui-i18n/page-bar", test_page_bar);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_hash_table_unref (texts);
  return ret;
}
