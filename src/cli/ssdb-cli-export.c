/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli export / compare: charts (PNG, SVG, PDF), CSV and text from saved reports. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-import.h"
#include "engine/ssdb-text.h"
#include "render/ssdb-compare-painter.h"
#include "render/ssdb-export.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-cli-private.h"

/* --csv writes the table of the view --view names. */
G_STATIC_ASSERT ((int)SSDB_TEST_KIND_SURFACE == (int)SSDB_TEST_KIND_SURFACE);
G_STATIC_ASSERT ((int)SSDB_TEST_KIND_WORKLOAD == (int)SSDB_TEST_KIND_WORKLOAD);
G_STATIC_ASSERT ((int)SSDB_TEST_KIND_RECOVERY == (int)SSDB_TEST_KIND_RECOVERY);
G_STATIC_ASSERT ((int)SSDB_TEST_KIND_READBACK == (int)SSDB_TEST_KIND_READBACK);
G_STATIC_ASSERT ((int)SSDB_TEST_KIND_N == (int)SSDB_TEST_KIND_N);

/* Options both commands share: the chart's look and size. */
typedef struct
{
  char *view_s;
  char *png, *svg, *pdf;
  char *size_s, *width_s, *height_s, *scale_s, *theme_s, *lang_s;
  gboolean no_caption;
  gboolean quiet;
  /* parsed; @stdout_taken: a table goes to standard output */
  gboolean stdout_taken;
  gboolean have_view;
  SsdbTestKind view;
  int width, height;
  double scale;
  SsdbTheme theme;
} ChartOptions;

static void
chart_options_clear (ChartOptions *o)
{
  g_free (o->view_s);
  g_free (o->png);
  g_free (o->svg);
  g_free (o->pdf);
  g_free (o->size_s);
  g_free (o->width_s);
  g_free (o->height_s);
  g_free (o->scale_s);
  g_free (o->theme_s);
  g_free (o->lang_s);
}

/* "a", "a and b", "a, b and c" (@conjunction "and" or "or") from the strings in @words. */
static char *
join_words (GPtrArray *words, const char *conjunction)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    {
      if (i > 0)
        g_string_append_printf (s, i + 1 == words->len ? " %s " : ", ", conjunction);
      g_string_append (s, g_ptr_array_index (words, i));
    }
  return g_string_free (s, FALSE);
}

static char *
view_names (gboolean comparable)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < SSDB_TEST_KIND_N; i++)
    if (!comparable || ssdb_compare_view_supported ((SsdbTestKind)i))
      g_string_append_printf (s, "%s%s", s->len ? ", " : "",
                              ssdb_test_kind_to_string ((SsdbTestKind)i));
  return g_string_free (s, FALSE);
}

/* Parses and range-checks the chart options; prints a usage error otherwise. */
static gboolean
chart_options_parse (ChartOptions *o, int *status)
{
  guint64 v;

  o->width = 1200;
  o->height = 800;
  o->scale = 1;
  o->theme = SSDB_THEME_REVIEW;
  if (o->view_s != NULL)
    {
      if (!ssdb_test_kind_from_string (o->view_s, &o->view))
        {
          g_autofree char *names = view_names (FALSE);

          *status = ssdb_cli_usage_error ("--view: unknown view “%s” (expected one of %s)",
                                          o->view_s, names);
          return FALSE;
        }
      o->have_view = TRUE;
    }
  if (o->size_s != NULL)
    {
      guint n;
      const SsdbExportSize *sizes = ssdb_export_sizes (&n);
      gboolean found = FALSE;

      for (guint i = 0; i < n && !found; i++)
        if (g_ascii_strcasecmp (o->size_s, sizes[i].name) == 0)
          {
            o->width = sizes[i].width;
            o->height = sizes[i].height;
            found = TRUE;
          }
      if (!found)
        {
          g_auto (GStrv) parts = g_strsplit_set (o->size_s, "xX", 2);
          guint64 w = 0, h = 0;

          if (g_strv_length (parts) != 2
              || !g_ascii_string_to_unsigned (parts[0], 10, SSDB_EXPORT_MIN_SIDE,
                                              SSDB_EXPORT_MAX_SIDE, &w, NULL)
              || !g_ascii_string_to_unsigned (parts[1], 10, SSDB_EXPORT_MIN_SIDE,
                                              SSDB_EXPORT_MAX_SIDE, &h, NULL))
            {
              *status = ssdb_cli_usage_error (
                  "Invalid --size “%s”: expected WIDTHxHEIGHT, whole numbers of pixels from %d "
                  "to %d (800x600, 1200x800, 1920x1080)",
                  o->size_s, SSDB_EXPORT_MIN_SIDE, SSDB_EXPORT_MAX_SIDE);
              return FALSE;
            }
          o->width = (int)w;
          o->height = (int)h;
        }
    }
  v = (guint64)o->width;
  if (!ssdb_cli_parse_uint_opt (o->width_s, "--width", SSDB_EXPORT_MIN_SIDE, SSDB_EXPORT_MAX_SIDE,
                                &v, status))
    return FALSE;
  o->width = (int)v;
  v = (guint64)o->height;
  if (!ssdb_cli_parse_uint_opt (o->height_s, "--height", SSDB_EXPORT_MIN_SIDE, SSDB_EXPORT_MAX_SIDE,
                                &v, status))
    return FALSE;
  o->height = (int)v;
  if (o->scale_s != NULL)
    {
      char *end = NULL;
      double s = g_ascii_strtod (o->scale_s, &end);

      if (end == o->scale_s || *end != '\0' || !(s > 0 && s <= 8))
        {
          *status = ssdb_cli_usage_error ("Invalid --scale “%s”: expected a number larger than 0 "
                                          "and at most 8 (1, or 2 for HiDPI)",
                                          o->scale_s);
          return FALSE;
        }
      o->scale = s;
      if (o->width * s > SSDB_EXPORT_MAX_SIDE || o->height * s > SSDB_EXPORT_MAX_SIDE)
        {
          *status
              = ssdb_cli_usage_error ("--scale: %d × %d at scale %s is more than %d pixels a side",
                                      o->width, o->height, o->scale_s, SSDB_EXPORT_MAX_SIDE);
          return FALSE;
        }
    }
  if (o->theme_s != NULL && !ssdb_theme_from_string (o->theme_s, &o->theme))
    {
      *status = ssdb_cli_usage_error (
          "--theme: unknown theme “%s” (expected review, light, dark or high-contrast)",
          o->theme_s);
      return FALSE;
    }
  if (o->lang_s != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!ssdb_render_language_validate (o->lang_s, &error))
        {
          *status = ssdb_cli_usage_error ("--lang: %s", error->message);
          return FALSE;
        }
      /* The charts of this command are drawn in it (ssdb_export_view() takes the language of
       * the calling thread); the text and CSV output stay English. */
      ssdb_render_set_default_language (o->lang_s);
      if (!ssdb_render_language_has_glyphs (o->lang_s))
        g_printerr ("ssdbench-cli: warning: no installed font has the characters of “%s”: the "
                    "charts show boxes in their place (install a font for it, e.g. "
                    "fonts-noto-cjk for Chinese)\n",
                    o->lang_s);
    }
  return TRUE;
}

/* Refuses output paths that cannot be written before anything is loaded or drawn. */
static gboolean
check_output (const char *option, const char *path, int *status)
{
  g_autoptr (GError) error = NULL;

  if (path == NULL || g_str_equal (path, "-"))
    return TRUE;
  if (!ssdb_check_output_file (path, &error))
    {
      *status = ssdb_cli_usage_error ("%s: %s", option, error->message);
      return FALSE;
    }
  return TRUE;
}

static SsdbReport *
load_report (const char *path, int *status)
{
  g_autoptr (GError) error = NULL;
  SsdbReport *report = ssdb_report_open (path, &error);

  if (report == NULL)
    {
      ssdb_cli_print_error (NULL, error);
      *status = 1;
    }
  return report;
}

/* Draws @o's chart outputs (PNG, SVG, PDF). @draw_one does one file. */
typedef gboolean (*DrawOne) (gpointer data, const ChartOptions *o, SsdbExportFormat format,
                             const char *path, GError **error);

/* "Wrote FILE (WHAT)" after a file was written, on standard output, or on standard error when
 * standard output carries a table (--csv - or --text -); nothing with --quiet. */
static void
print_wrote (const ChartOptions *o, const char *path, const char *what)
{
  if (o->quiet || path == NULL || g_str_equal (path, "-"))
    return;
  if (o->stdout_taken)
    g_printerr ("Wrote %s (%s)\n", path, what);
  else
    {
      printf ("Wrote %s (%s)\n", path, what);
      fflush (stdout);
    }
}

static gboolean
write_charts (const ChartOptions *o, DrawOne draw_one, gpointer data, int *status)
{
  const struct
  {
    const char *path;
    SsdbExportFormat format;
    const char *name;
  } outs[] = { { o->png, SSDB_EXPORT_PNG, "PNG" },
               { o->svg, SSDB_EXPORT_SVG, "SVG" },
               { o->pdf, SSDB_EXPORT_PDF, "PDF" } };

  for (guint i = 0; i < G_N_ELEMENTS (outs); i++)
    {
      g_autoptr (GError) error = NULL;

      if (outs[i].path == NULL)
        continue;
      if (!draw_one (data, o, outs[i].format, outs[i].path, &error))
        {
          ssdb_cli_print_error (NULL, error);
          *status = 1;
          return FALSE;
        }
      {
        /* a PNG has the pixels of the scale; SVG and PDF the chart's size in points */
        double scale = outs[i].format == SSDB_EXPORT_PNG ? o->scale : 1;
        g_autofree char *what = g_strdup_printf ("%d×%d %s", (int)(o->width * scale + 0.5),
                                                 (int)(o->height * scale + 0.5), outs[i].name);

        print_wrote (o, outs[i].path, what);
      }
    }
  return TRUE;
}

/* export ---------------------------------------------------------------------------------- */

typedef struct
{
  SsdbReport *report;
  SsdbExportFlags flags;
} ExportData;

static gboolean
export_one (gpointer data, const ChartOptions *o, SsdbExportFormat format, const char *path,
            GError **error)
{
  ExportData *d = data;

  return ssdb_export_view (d->report, o->view, format, o->width, o->height, o->scale, o->theme,
                           d->flags, path, error);
}

static char *text_path;
static gboolean text_given;

static gboolean
on_text_option (const char *name, const char *value, gpointer data, GError **error)
{
  g_free (text_path);
  text_path = g_strdup (value != NULL ? value : "-");
  text_given = TRUE;
  return TRUE;
}

/* The options of export and compare that name the chart's files (--png, --svg, --pdf) and
 * its look (--size, --width, --height, --scale, --theme, --lang), into ChartOptions @o. */
/* clang-format off */
#define CHART_FILE_ENTRIES(o)                                                                      \
  { "png", 0, 0, G_OPTION_ARG_FILENAME, &(o).png, "Write the chart as a PNG image", "FILE" },      \
  { "svg", 0, 0, G_OPTION_ARG_FILENAME, &(o).svg, "Write the chart as SVG", "FILE" },              \
  { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &(o).pdf, "Write the chart as PDF", "FILE" }

#define CHART_LOOK_ENTRIES(o)                                                                      \
  { "size", 0, 0, G_OPTION_ARG_STRING, &(o).size_s,                                                \
    "Chart size: 800x600, 1200x800, 1920x1080 or WIDTHxHEIGHT [1200x800]", "WxH" },                \
  { "width", 0, 0, G_OPTION_ARG_STRING, &(o).width_s, "Chart width, pixels (200..16384)", "W" },   \
  { "height", 0, 0, G_OPTION_ARG_STRING, &(o).height_s, "Chart height, pixels (200..16384)",     \
    "H" },                                                                                         \
  { "scale", 0, 0, G_OPTION_ARG_STRING, &(o).scale_s,                                              \
    "PNG pixel scale, above 0 up to 8: 1, or 2 for HiDPI [1]", "S" },                              \
  { "theme", 0, 0, G_OPTION_ARG_STRING, &(o).theme_s,                                              \
    "Colours: review (for publication), light, dark or high-contrast [review]", "THEME" },         \
  { "lang", 0, 0, G_OPTION_ARG_STRING, &(o).lang_s,                                                \
    "Language of the chart's text and decimal separator: en, fr, zh_TW… [en]", "LANG" }
/* clang-format on */

int
ssdb_cli_cmd_export (int argc, char **argv)
{
  ChartOptions o = { 0 };
  g_autofree char *csv = NULL;
  gboolean serial = FALSE, relief = FALSE;
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *names = view_names (FALSE);
  g_autofree char *view_help
      = g_strdup_printf ("The test to export: %s [the first the report holds]", names);
  const GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &o.view_s, view_help, "VIEW" },
    CHART_FILE_ENTRIES (o),
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv,
      "Write the view's samples as CSV (C locale, units in the column names)", "FILE" },
    { "text", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK, on_text_option,
      "Write the view as text to FILE (--text=FILE, or a .txt name) or standard output (-, the "
      "default): the summary CrystalDiskMark-style [without --view], or a test's numbers and "
      "finding (all but surface)",
      "[FILE|-]" },
    CHART_LOOK_ENTRIES (o),
    { "serial", 0, 0, G_OPTION_ARG_NONE, &serial,
      "Put the drive's serial number into the caption (left out by default)", NULL },
    { "no-caption", 0, 0, G_OPTION_ARG_NONE, &o.no_caption, "Draw no caption", NULL },
    { "relief", 0, 0, G_OPTION_ARG_NONE, &relief,
      "Draw the access-time distribution as a relief instead of a heatmap", NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o.quiet, "Do not print the files written", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("REPORT.json - export charts, CSV or text from a report");
  ExportData d = { 0 };
  SsdbTestKind text_table = SSDB_TEST_KIND_SUMMARY;
  g_autoptr (GPtrArray) args = NULL;
  g_autoptr (GPtrArray) owned = NULL;
  int status = 0;

  g_clear_pointer (&text_path, g_free);
  text_given = FALSE;
  g_option_context_set_summary (
      ctx, "Draws a view of a saved report as PNG, SVG or PDF, in the fixed review style or the\n"
           "light or dark theme, with a caption naming the drive, the run and the version;\n"
           "writes its samples as CSV, or its numbers and finding as text (every view but\n"
           "surface; the summary CrystalDiskMark-style). Output files are checked\n"
           "before anything is drawn, and replaced atomically.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  /* "--text FILE" and "--text -": GOption only takes an optional value as "--text=FILE". The
   * word after --text is its file when it is "-" or ends in .txt. */
  owned = g_ptr_array_new_with_free_func (g_free);
  args = g_ptr_array_new ();
  for (int i = 0; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--text") && i + 1 < argc
          && (g_str_equal (argv[i + 1], "-") || g_str_has_suffix (argv[i + 1], ".txt")))
        {
          char *merged = g_strconcat ("--text=", argv[i + 1], NULL);

          g_ptr_array_add (owned, merged);
          g_ptr_array_add (args, merged);
          i++;
        }
      else
        g_ptr_array_add (args, argv[i]);
    }
  g_ptr_array_add (args, NULL);
  argc = (int)args->len - 1;
  argv = (char **)args->pdata;
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    goto out;
  if (argc < 2)
    {
      status = ssdb_cli_usage_error ("export needs a report file");
      goto out;
    }
  if (argc > 2)
    {
      status = ssdb_cli_usage_error ("Unexpected argument “%s”", argv[2]);
      goto out;
    }
  if (o.png == NULL && o.svg == NULL && o.pdf == NULL && csv == NULL && !text_given)
    {
      status
          = ssdb_cli_usage_error ("export needs an output: --png, --svg, --pdf, --csv or --text");
      goto out;
    }
  if (!chart_options_parse (&o, &status))
    goto out;
  if (!ssdb_cli_check_output_extension ("--png", o.png, "png", &status)
      || !ssdb_cli_check_output_extension ("--svg", o.svg, "svg", &status)
      || !ssdb_cli_check_output_extension ("--pdf", o.pdf, "pdf", &status)
      || !ssdb_cli_check_output_extension ("--csv", csv, "csv", &status))
    goto out;
  if (!check_output ("--png", o.png, &status) || !check_output ("--svg", o.svg, &status)
      || !check_output ("--pdf", o.pdf, &status) || !check_output ("--csv", csv, &status)
      || !check_output ("--text", text_path, &status))
    goto out;
  o.stdout_taken
      = (csv != NULL && g_str_equal (csv, "-")) || (text_given && g_str_equal (text_path, "-"));
  report = load_report (argv[1], &status);
  if (report == NULL)
    goto out;
  if (!o.have_view && !ssdb_report_first_test (report, &o.view))
    {
      g_printerr ("ssdbench-cli: %s: the report holds no test\n", argv[1]);
      status = 1;
      goto out;
    }
  if (!ssdb_report_has_test (report, o.view))
    {
      g_printerr ("ssdbench-cli: %s: the report holds no %s test\n", argv[1],
                  ssdb_test_kind_to_string (o.view));
      status = 1;
      goto out;
    }
  if ((o.png || o.svg || o.pdf) && !ssdb_export_has_chart (o.view))
    {
      g_printerr ("ssdbench-cli: there is no %s chart; use --csv or --text for its numbers\n",
                  ssdb_test_kind_to_string (o.view));
      status = 1;
      goto out;
    }
  if (text_given)
    {
      /* The summary unless --view names another test. */
      text_table = o.have_view               ? (SsdbTestKind)o.view
                   : report->summary != NULL ? SSDB_TEST_KIND_SUMMARY
                                             : (SsdbTestKind)o.view;
      if (!ssdb_report_has_test (report, text_table))
        {
          g_printerr ("ssdbench-cli: %s: the report holds no %s test\n", argv[1],
                      ssdb_test_kind_to_string (text_table));
          status = 1;
          goto out;
        }
      if (!ssdb_csv_table_has_text (text_table))
        {
          g_printerr ("ssdbench-cli: there is no text for the %s test; --text writes summary, "
                      "fill, access, sweep, recovery, compression, trim, freespace, consistency "
                      "or readback (use --csv for its numbers)\n",
                      ssdb_test_kind_to_string (text_table));
          status = 1;
          goto out;
        }
    }

  d.report = report;
  d.flags = (serial ? SSDB_EXPORT_SERIAL : 0) | (o.no_caption ? SSDB_EXPORT_NO_CAPTION : 0)
            | (relief ? SSDB_EXPORT_ACCESS_RELIEF : 0);
  if (!write_charts (&o, export_one, &d, &status))
    goto out;
  if (csv != NULL)
    {
      g_autoptr (GError) error = NULL;
      SsdbTestKind table = (SsdbTestKind)o.view;
      gboolean ok;

      if (g_str_equal (csv, "-"))
        {
          g_autofree char *text = ssdb_csv_format (report, table, &error);

          ok = text != NULL;
          if (ok)
            fputs (text, stdout);
        }
      else
        ok = ssdb_csv_write (report, table, csv, &error);
      if (!ok)
        {
          ssdb_cli_print_error (NULL, error);
          status = 1;
          goto out;
        }
      print_wrote (&o, csv, "CSV");
    }
  if (text_given)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = ssdb_csv_format_text (report, text_table, &error);

      if (text == NULL)
        {
          ssdb_cli_print_error (NULL, error);
          status = 1;
          goto out;
        }
      if (g_str_equal (text_path, "-"))
        fputs (text, stdout);
      else if (!ssdb_text_file_write (text_path, text, &error))
        {
          ssdb_cli_print_error (NULL, error);
          status = 1;
          goto out;
        }
      print_wrote (&o, text_path, "text");
    }
out:
  chart_options_clear (&o);
  g_clear_pointer (&text_path, g_free);
  return status;
}

/* compare --------------------------------------------------------------------------------- */

typedef struct
{
  GPtrArray *reports;
  const char *const *labels;
  SsdbExportFlags flags;
} CompareData;

static gboolean
compare_one (gpointer data, const ChartOptions *o, SsdbExportFormat format, const char *path,
             GError **error)
{
  CompareData *d = data;

  return ssdb_export_compare ((SsdbReport *const *)d->reports->pdata, d->labels, d->reports->len,
                              o->view, format, o->width, o->height, o->scale, o->theme, d->flags,
                              path, error);
}

int
ssdb_cli_cmd_compare (int argc, char **argv)
{
  ChartOptions o = { 0 };
  g_auto (GStrv) labels = NULL;
  g_autoptr (GPtrArray) reports
      = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_report_unref);
  g_autofree char *names = view_names (TRUE);
  g_autofree char *view_help
      = g_strdup_printf ("The test to compare: %s [the first all reports hold]", names);
  const GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &o.view_s, view_help, "VIEW" },
    CHART_FILE_ENTRIES (o),
    { "label", 0, 0, G_OPTION_ARG_STRING_ARRAY, &labels,
      "Legend name of the next report, once per report in order [model and date]", "TEXT" },
    CHART_LOOK_ENTRIES (o),
    { "no-caption", 0, 0, G_OPTION_ARG_NONE, &o.no_caption, "Draw no caption", NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o.quiet, "Do not print the files written", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("A.json B.json [C.json…] - overlay 2 to 8 reports in one chart");
  CompareData d = { 0 };
  int status = 0;
  int n;

  g_option_context_set_summary (
      ctx, "Overlays the same test of 2 to 8 reports in one chart with a legend per run, in\n"
           "colours colour-blind readers can tell apart and with distinct dashes and markers;\n"
           "the summary shows the grids side by side with the difference in % against the first.");
  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status))
    goto out;
  n = argc - 1;
  if (n < 2 || n > SSDB_COMPARE_MAX_REPORTS)
    {
      status = ssdb_cli_usage_error ("compare takes 2 to %u reports, not %d",
                                     SSDB_COMPARE_MAX_REPORTS, n);
      goto out;
    }
  if (o.png == NULL && o.svg == NULL && o.pdf == NULL)
    {
      status = ssdb_cli_usage_error ("compare needs an output: --png, --svg or --pdf");
      goto out;
    }
  if (labels != NULL && g_strv_length (labels) != (guint)n)
    {
      guint given = g_strv_length (labels);
      g_autofree char *times = given == 1 ? g_strdup ("once") : g_strdup_printf ("%u times", given);

      status = ssdb_cli_usage_error ("--label: given %s for %d reports (once per report, in "
                                     "their order)",
                                     times, n);
      goto out;
    }
  if (!chart_options_parse (&o, &status))
    goto out;
  if (o.have_view && !ssdb_compare_view_supported (o.view))
    {
      status = ssdb_cli_usage_error ("--view: %s cannot be compared (expected one of %s)", o.view_s,
                                     names);
      goto out;
    }
  if (!ssdb_cli_check_output_extension ("--png", o.png, "png", &status)
      || !ssdb_cli_check_output_extension ("--svg", o.svg, "svg", &status)
      || !ssdb_cli_check_output_extension ("--pdf", o.pdf, "pdf", &status))
    goto out;
  if (!check_output ("--png", o.png, &status) || !check_output ("--svg", o.svg, &status)
      || !check_output ("--pdf", o.pdf, &status))
    goto out;

  for (int i = 1; i <= n; i++)
    {
      SsdbReport *r = load_report (argv[i], &status);

      if (r == NULL)
        goto out;
      g_ptr_array_add (reports, r);
    }
  if (!o.have_view)
    {
      for (guint v = 0; v < SSDB_TEST_KIND_N && !o.have_view; v++)
        {
          gboolean all = ssdb_compare_view_supported ((SsdbTestKind)v);

          for (guint i = 0; i < reports->len && all; i++)
            all = ssdb_report_has_test (g_ptr_array_index (reports, i), (SsdbTestKind)v);
          if (all)
            {
              o.view = (SsdbTestKind)v;
              o.have_view = TRUE;
            }
        }
      if (!o.have_view)
        {
          g_autoptr (GPtrArray) shared = g_ptr_array_new ();
          g_autoptr (GPtrArray) drawn = g_ptr_array_new ();
          g_autofree char *shared_s = NULL, *drawn_s = NULL;

          for (guint v = 0; v < SSDB_TEST_KIND_N; v++)
            {
              gboolean all = TRUE;
              const char *name = ssdb_test_kind_to_string ((SsdbTestKind)v);

              for (guint i = 0; i < reports->len && all; i++)
                all = ssdb_report_has_test (g_ptr_array_index (reports, i), (SsdbTestKind)v);
              if (all)
                g_ptr_array_add (shared, (gpointer)name);
              if (ssdb_compare_view_supported ((SsdbTestKind)v))
                g_ptr_array_add (drawn, (gpointer)name);
            }
          shared_s = join_words (shared, "and");
          drawn_s = join_words (drawn, "or");
          if (shared->len == 0)
            g_printerr ("ssdbench-cli: the reports hold no test they all share; compare draws "
                        "%s\n",
                        drawn_s);
          else
            g_printerr ("ssdbench-cli: the reports share only %s, which compare cannot draw "
                        "(it draws %s); export draws each report's %s\n",
                        shared_s, drawn_s, shared_s);
          status = 1;
          goto out;
        }
    }
  for (guint i = 0; i < reports->len; i++)
    if (!ssdb_report_has_test (g_ptr_array_index (reports, i), o.view))
      {
        g_printerr ("ssdbench-cli: %s: the report holds no %s test\n", argv[i + 1],
                    ssdb_test_kind_to_string (o.view));
        status = 1;
        goto out;
      }

  d.reports = reports;
  d.labels = (const char *const *)labels;
  d.flags = o.no_caption ? SSDB_EXPORT_NO_CAPTION : 0;
  write_charts (&o, compare_one, &d, &status);
out:
  chart_options_clear (&o);
  return status;
}
