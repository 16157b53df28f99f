/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Export window under Xvfb: its rows, the live preview, and a file identical to what the
 * export library writes with the same options. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>

#include "engine/ssdb-error.h"
#include "ssdb-export-dialog.h"

static char *out_dir;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (5000);
    }
}

static SsdbReport *
load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *report = ssdb_report_load (path, &error);

  g_assert_no_error (error);
  return report;
}

static GBytes *
read_bytes (const char *path)
{
  char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

static void
on_exported (SsdbExportDialog *dialog, const char *path, char **out)
{
  g_free (*out);
  *out = g_strdup (path);
}

/* Renders @widget and counts its pixels near @color. */
static guint
count_color (GtkWidget *widget, const SsdbRgba *color)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GskRenderNode *node;
  GdkTexture *texture;
  g_autofree guint8 *pixels = NULL;
  guint n = 0;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, NULL);
  w = gdk_texture_get_width (texture);
  h = gdk_texture_get_height (texture);
  pixels = g_malloc ((gsize)w * h * 4);
  gdk_texture_download (texture, pixels, (gsize)w * 4);
  for (int i = 0; i < w * h; i++)
    {
      /* Cairo's native ARGB32 in memory: B, G, R, A on little-endian machines. */
      double b = pixels[i * 4] / 255.0, g = pixels[i * 4 + 1] / 255.0,
             r = pixels[i * 4 + 2] / 255.0;

      if (fabs (r - color->r) + fabs (g - color->g) + fabs (b - color->b) < 0.12)
        n++;
    }
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return n;
}

static void
test_dialog (void)
{
  g_autoptr (SsdbReport) report = load_fixture ("valid-surface-fill.json");
  SsdbExportDialog *dialog = ssdb_export_dialog_new (NULL, report, SSDB_TEST_KIND_FILL);
  g_autofree char *exported = NULL;
  g_autofree char *a = g_build_filename (out_dir, "dialog.png", NULL);
  g_autofree char *b = g_build_filename (out_dir, "direct.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) ba = NULL, bb = NULL;
  SsdbTestKind view;
  SsdbExportFormat format;
  SsdbExportFlags flags;
  SsdbTheme theme;
  GtkWidget *preview, *row;
  SsdbStyle style;
  int w, h, scale;
  guint changes, before_dark, after_dark;
  SsdbRgba dark_bg;

  g_signal_connect (dialog, "exported", G_CALLBACK (on_exported), &exported);
  gtk_window_present (GTK_WINDOW (dialog));
  spin (400);

  /* Opened on the view asked for, 1200 × 800, PNG at 1×, review style, caption without serial. */
  ssdb_export_dialog_get_options (dialog, &view, &format, &w, &h, &scale, &theme, &flags);
  g_assert_cmpint (view, ==, SSDB_TEST_KIND_FILL);
  g_assert_cmpint (format, ==, SSDB_EXPORT_PNG);
  g_assert_cmpint (w, ==, 1200);
  g_assert_cmpint (h, ==, 800);
  g_assert_cmpint (scale, ==, 1);
  g_assert_cmpint (theme, ==, SSDB_THEME_REVIEW);
  g_assert_cmpint (flags, ==, SSDB_EXPORT_FLAGS_NONE);

  /* The preview draws the chart: the review style's write colour (the first fill pass). */
  preview = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (dialog), SSDB_TYPE_EXPORT_DIALOG, "preview"));
  g_assert_cmpint (gtk_widget_get_width (preview), >, 300);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  g_assert_cmpuint (count_color (preview, &style.accent2), >, 100);

  /* A dark style shows in the preview at once. */
  ssdb_style_init (&style, SSDB_THEME_DARK);
  dark_bg = style.background;
  before_dark = count_color (preview, &dark_bg);
  changes = ssdb_export_dialog_get_preview_changes (dialog);
  ssdb_export_dialog_set_options (dialog, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_SVG, 800, 600, 2,
                                  SSDB_THEME_DARK, SSDB_EXPORT_NO_CAPTION);
  spin (200);
  g_assert_cmpuint (ssdb_export_dialog_get_preview_changes (dialog), >, changes);
  after_dark = count_color (preview, &dark_bg);
  g_assert_cmpuint (after_dark, >, before_dark + 10000);
  ssdb_export_dialog_get_options (dialog, &view, &format, &w, &h, &scale, &theme, &flags);
  g_assert_cmpint (view, ==, SSDB_TEST_KIND_SURFACE);
  g_assert_cmpint (format, ==, SSDB_EXPORT_SVG);
  g_assert_cmpint (w, ==, 800);
  g_assert_cmpint (h, ==, 600);
  g_assert_cmpint (scale, ==, 2);
  g_assert_cmpint (flags, ==, SSDB_EXPORT_NO_CAPTION);
  /* The pixel density applies to PNG only, the serial to a caption only, the size to "Custom". */
  row = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (dialog), SSDB_TYPE_EXPORT_DIALOG, "scale_row"));
  g_assert_false (gtk_widget_get_sensitive (row));
  row = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (dialog), SSDB_TYPE_EXPORT_DIALOG, "serial_row"));
  g_assert_false (gtk_widget_get_sensitive (row));
  row = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (dialog), SSDB_TYPE_EXPORT_DIALOG, "width_row"));
  g_assert_false (gtk_widget_get_sensitive (row));

  /* A custom size, PNG, caption with serial: the file is what the library writes. */
  ssdb_export_dialog_set_options (dialog, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 1000, 700, 1,
                                  SSDB_THEME_REVIEW, SSDB_EXPORT_SERIAL);
  g_assert_true (gtk_widget_get_sensitive (row));
  row = GTK_WIDGET (
      gtk_widget_get_template_child (GTK_WIDGET (dialog), SSDB_TYPE_EXPORT_DIALOG, "size_row"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 3);
  g_assert_true (ssdb_export_dialog_export_to (dialog, a, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (exported, ==, a);
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 1000, 700, 1,
                                   SSDB_THEME_REVIEW, SSDB_EXPORT_SERIAL, b, &error));
  g_assert_no_error (error);
  ba = read_bytes (a);
  bb = read_bytes (b);
  g_assert_true (g_bytes_equal (ba, bb));

  /* Choosing a preset sets the size. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 2);
  ssdb_export_dialog_get_options (dialog, NULL, NULL, &w, &h, NULL, NULL, NULL);
  g_assert_cmpint (w, ==, 1920);
  g_assert_cmpint (h, ==, 1080);

  /* A folder is refused with the export's error. */
  g_assert_false (ssdb_export_dialog_export_to (dialog, out_dir, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);

  gtk_window_destroy (GTK_WINDOW (dialog));
  spin (50);
}

int
main (int argc, char **argv)
{
  int ret;

  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  out_dir = g_dir_make_tmp ("ssdbench-gui-export-XXXXXX", NULL);
  g_test_add_func ("/gui-export/dialog", test_dialog);
  ret = g_test_run ();
  {
    g_autoptr (GDir) dir = g_dir_open (out_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *p = g_build_filename (out_dir, name, NULL);

        g_unlink (p);
      }
    g_rmdir (out_dir);
  }
  g_free (out_dir);
  return ret;
}
