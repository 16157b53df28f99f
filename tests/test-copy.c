/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The copy test (AS SSD's Copy-Benchmark) without a run: the file sets' exact shapes, the space a
 * run needs, the settings check's refusals, and the report round trip with its refusals. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/ssdb-copy.h"
#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "render/ssdb-compare-painter.h"
#include "render/ssdb-export.h"

#include <glib/gstdio.h>

#define MIB (G_GUINT64_CONSTANT (1) << 20)

/* Hand-computed shapes: at scale 100 the sets are 1 GiB, 256 MiB and 512 MiB. */
static void
test_shapes (void)
{
  static const struct
  {
    SsdbCopySet set;
    guint scale;
    guint files, dirs;
    guint64 bytes, largest;
  } cases[] = {
    { SSDB_COPY_SET_ISO, 100, 2, 0, 1024 * MIB, 512 * MIB },
    { SSDB_COPY_SET_PROGRAM, 100, 512, 36, 256 * MIB, 6244116 },
    { SSDB_COPY_SET_GAME, 100, 256, 32, 512 * MIB, 9090408 },
    /* 10 %: 3 groups; an ISO file of 53 687 091 bytes rounds down to 819 × 64 KiB */
    { SSDB_COPY_SET_ISO, 10, 2, 0, 2 * 53673984, 53673984 },
    { SSDB_COPY_SET_PROGRAM, 10, 48, 4, 24 * MIB, 6244116 },
    { SSDB_COPY_SET_GAME, 10, 24, 3, 48 * MIB, 9090408 },
    /* 1 %: one group each; 5 368 709 bytes round down to 81 × 64 KiB */
    { SSDB_COPY_SET_ISO, 1, 2, 0, 2 * 5308416, 5308416 },
    { SSDB_COPY_SET_PROGRAM, 1, 16, 2, 8 * MIB, 6244116 },
    { SSDB_COPY_SET_GAME, 1, 8, 1, 16 * MIB, 9090408 },
    /* 50 %: 16 groups, two dNN/ folders of eight */
    { SSDB_COPY_SET_PROGRAM, 50, 256, 18, 128 * MIB, 6244116 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SsdbCopySetShape s;
      g_autoptr (GHashTable) dirs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      guint64 sum = 0, largest = 0;
      guint below_100k = 0;

      ssdb_copy_set_shape (cases[i].set, cases[i].scale, &s);
      g_assert_cmpuint (s.files, ==, cases[i].files);
      g_assert_cmpuint (s.dirs, ==, cases[i].dirs);
      g_assert_cmpuint (s.bytes, ==, cases[i].bytes);
      g_assert_cmpuint (s.largest, ==, cases[i].largest);
      /* the files the run makes add up to the shape, in as many folders */
      for (guint f = 0; f < s.files; f++)
        {
          guint64 size;
          g_autofree char *rel = ssdb_copy_set_file (cases[i].set, cases[i].scale, f, &size);
          g_autofree char *dir = g_path_get_dirname (rel);

          sum += size;
          largest = MAX (largest, size);
          below_100k += size <= 100000 ? 1 : 0;
          /* each folder and its parents */
          while (!g_str_equal (dir, "."))
            {
              char *parent = g_path_get_dirname (dir);

              g_hash_table_add (dirs, g_steal_pointer (&dir));
              dir = parent;
            }
        }
      g_assert_cmpuint (sum, ==, s.bytes);
      g_assert_cmpuint (largest, ==, s.largest);
      g_assert_cmpuint (g_hash_table_size (dirs), ==, s.dirs);
      if (cases[i].set == SSDB_COPY_SET_PROGRAM)
        g_assert_cmpuint (below_100k * 4, ==,
                          s.files * 3); /* three files in four are at most 100 kB */
    }
}

static void
test_names (void)
{
  SsdbCopySet set;
  SsdbCopyMethod method;

  g_assert_cmpstr (ssdb_copy_set_to_string (SSDB_COPY_SET_PROGRAM), ==, "program");
  g_assert_true (ssdb_copy_set_from_string ("game", &set));
  g_assert_cmpint (set, ==, SSDB_COPY_SET_GAME);
  g_assert_false (ssdb_copy_set_from_string ("ISO", &set));
  g_assert_true (ssdb_copy_method_from_string ("cached", &method));
  g_assert_cmpint (method, ==, SSDB_COPY_CACHED);
  g_assert_false (ssdb_copy_method_from_string ("buffered", &method));
  g_assert_cmpstr (ssdb_test_kind_to_string (SSDB_TEST_KIND_COPY), ==, "copy");
}

/* The space needed: the largest set twice, 4 KiB per file and folder (and its top), plus 1 %. */
static void
test_space (void)
{
  SsdbCopySpec spec;
  guint64 iso = 2 * (1024 * MIB + 4096 * 3);
  guint64 game = 2 * (16 * MIB + 4096 * (8 + 1 + 1));

  ssdb_copy_spec_init (&spec);
  g_assert_cmpuint (ssdb_copy_spec_space_needed (&spec), ==, iso + iso / 100);
  spec.scale = 1;
  spec.sets[SSDB_COPY_SET_ISO] = FALSE;
  g_assert_cmpuint (ssdb_copy_spec_space_needed (&spec), ==, game + game / 100);
}

static void
test_check (void)
{
  SsdbCopySpec spec;
  SsdbTargetInfo info = { 0 };
  g_autoptr (SsdbCopyResult) r = NULL;
  g_autoptr (SsdbCopyResult) none = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *need = NULL;

  ssdb_copy_spec_init (&spec);
  r = ssdb_copy_result_new (&spec);
  g_assert_cmpuint (r->n_rows, ==, 3);
  info.kind = SSDB_TARGET_DEVICE;
  info.path = "/dev/sdz";
  g_assert_false (ssdb_copy_result_check (r, &info, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "/dev/sdz is a device"));
  g_assert_nonnull (strstr (error->message, "directory on a mounted file system"));
  g_clear_error (&error);

  info.kind = SSDB_TARGET_FILE;
  info.path = "/mnt/x";
  info.free_bytes = ssdb_copy_spec_space_needed (&spec) - 1;
  g_assert_false (ssdb_copy_result_check (r, &info, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NO_SPACE);
  need = g_strdup_printf ("needs %" G_GUINT64_FORMAT " bytes", ssdb_copy_spec_space_needed (&spec));
  g_assert_nonnull (strstr (error->message, "/mnt/x"));
  g_assert_nonnull (strstr (error->message, need));
  g_clear_error (&error);
  info.free_bytes++;
  g_assert_true (ssdb_copy_result_check (r, &info, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < SSDB_COPY_N_SETS; i++)
    spec.sets[i] = FALSE;
  none = ssdb_copy_result_new (&spec);
  g_assert_false (ssdb_copy_result_check (none, &info, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
}

/* A hand-built result: Program and Game at 1 %, the Game cancelled. */
static SsdbCopyResult *
hand_result (void)
{
  SsdbCopySpec spec;
  SsdbCopyResult *r;

  ssdb_copy_spec_init (&spec);
  spec.scale = 1;
  spec.method = SSDB_COPY_CACHED;
  spec.sets[SSDB_COPY_SET_ISO] = FALSE;
  r = ssdb_copy_result_new (&spec);
  r->rows[0] = (SsdbCopyRow){ SSDB_COPY_SET_PROGRAM,   SSDB_ENTRY_DONE, 16, 2, 8 * MIB, 40000000,
                              8 * MIB * 1e9 / 40000000 };
  r->rows[1] = (SsdbCopyRow){ SSDB_COPY_SET_GAME, SSDB_ENTRY_CANCELLED, 3, 1, 84632, 0, 0 };
  r->cancelled = TRUE;
  r->prepare_ns = 123;
  return r;
}

static char *
replace (const char *text, const char *from, const char *to)
{
  g_auto (GStrv) parts = g_strsplit (text, from, 2);

  g_assert_nonnull (parts[1]);
  return g_strjoin (to, parts[0], parts[1], NULL);
}

static void
test_report (void)
{
  SsdbTargetInfo info = { 0 };
  g_autoptr (SsdbCopyResult) r = hand_result ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL, *table = NULL, *csv = NULL;
  static const struct
  {
    const char *from, *to, *message;
  } bad[] = {
    { "\"files\" : 16", "\"files\" : 15",
      "tests[0].rows[0]: copied 15 files, 2 folders, 8388608 bytes; the program set at scale 1 "
      "holds 16 files, 2 folders, 8388608 bytes" },
    { "\"method\" : \"cached\"", "\"method\" : \"mmap\"", "tests[0].method: unknown value" },
    { "\"set\" : \"game\"", "\"set\" : \"program\"", "“program” comes after “program”" },
    { "\"scale\" : 1,", "\"scale\" : 0,", "tests[0].scale: 0 is out of range (1..100)" },
    { "\"elapsed_ns\" : 40000000", "\"elapsed_ns\" : 40100000",
      "tests[0].rows[0].bytes_per_second" },
    { "\"elapsed_ns\" : 40000000", "\"elapsed_ns\" : 0",
      "tests[0].rows[0].elapsed_ns: a finished row took some time" },
    { "\"bytes\" : 84632", "\"bytes\" : 99999999", "copied more than the game set holds" },
  };

  info.kind = SSDB_TARGET_FILE;
  info.path = "/mnt/x";
  info.fs_type = "ext4";
  report = ssdb_report_new (&info, NULL);
  ssdb_report_set_result (report, SSDB_TEST_KIND_COPY, r);
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "copy.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->copy);
  g_assert_cmpuint (loaded->copy->n_rows, ==, 2);
  g_assert_cmpint (loaded->copy->spec.method, ==, SSDB_COPY_CACHED);
  g_assert_true (loaded->copy->spec.sets[SSDB_COPY_SET_GAME]);
  g_assert_false (loaded->copy->spec.sets[SSDB_COPY_SET_ISO]);
  g_assert_true (memcmp (loaded->copy->rows, r->rows, sizeof r->rows) == 0);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *edited = replace (text, bad[i].from, bad[i].to);
      g_autoptr (SsdbReport) refused
          = ssdb_report_load_from_data (edited, strlen (edited), "copy.json", &error);

      g_assert_null (refused);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("case %u: “%s” lacks “%s”", i, error->message, bad[i].message);
      g_clear_error (&error);
    }

  table = ssdb_csv_format_text (report, SSDB_TEST_KIND_COPY, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (table, "method: cached"));
  g_assert_nonnull (strstr (table, "Target: /mnt/x, ext4, "));
  g_assert_nonnull (
      strstr (table, "  Program         16        2       8388608      209.7       0.04"));
  g_assert_nonnull (strstr (table, "  Game             3        1         84632  cancelled"));
  csv = ssdb_csv_format (report, SSDB_TEST_KIND_COPY, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (csv, "program,cached,1,done,16,2,8388608,40000000,0.040,209.715"));
  g_assert_nonnull (strstr (csv, "\r\ngame,cached,1,cancelled,3,1,84632,,,\r\n"));
}

/* Two reports compare, a bar per set and report, drawn to a PNG. */
static void
test_compare (void)
{
  g_autoptr (SsdbCopyResult) r = hand_result ();
  g_autoptr (SsdbReport) a = NULL;
  g_autoptr (SsdbReport) b = NULL;
  SsdbTargetInfo info = { 0 };
  SsdbReport *reports[2];
  SsdbCompareView view = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "ssdb-copy-compare.png", NULL);

  info.kind = SSDB_TARGET_FILE;
  info.path = "/mnt/x";
  a = ssdb_report_new (&info, NULL);
  b = ssdb_report_new (&info, NULL);
  ssdb_report_set_result (a, SSDB_TEST_KIND_COPY, r);
  ssdb_report_set_result (b, SSDB_TEST_KIND_COPY, r);
  reports[0] = a;
  reports[1] = b;
  g_assert_true (ssdb_compare_view_supported (SSDB_TEST_KIND_COPY));
  view.reports = reports;
  view.n_reports = 2;
  view.view = SSDB_TEST_KIND_COPY;
  g_assert_true (ssdb_compare_check (&view, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_export_compare (reports, NULL, 2, SSDB_TEST_KIND_COPY, SSDB_EXPORT_PNG, 800,
                                      600, 1, SSDB_THEME_REVIEW, 0, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  g_unlink (out);
}

/* Reports at other scales and by other methods: still a group per file set, their bars side by
 * side, and the legend names each report's settings; reports alike name none. */
static void
test_compare_mixed (void)
{
  g_autoptr (SsdbCopyResult) r = hand_result ();
  g_autoptr (SsdbCopyResult) other = NULL;
  g_autoptr (SsdbReport) a = NULL;
  g_autoptr (SsdbReport) b = NULL;
  SsdbTargetInfo info = { 0 };
  SsdbReport *reports[2];
  SsdbCompareView view = { 0 };
  SsdbCopySpec spec;
  cairo_rectangle_t plot;
  double x0, y0, x1, y1;
  g_autoptr (GError) error = NULL;

  ssdb_copy_spec_init (&spec);
  spec.scale = 10;
  spec.method = SSDB_COPY_DIRECT;
  spec.sets[SSDB_COPY_SET_ISO] = FALSE;
  other = ssdb_copy_result_new (&spec);
  other->rows[0]
      = (SsdbCopyRow){ SSDB_COPY_SET_PROGRAM,     SSDB_ENTRY_DONE, 48, 6, 24 * MIB, 100000000,
                       24 * MIB * 1e9 / 100000000 };
  other->rows[1] = (SsdbCopyRow){ SSDB_COPY_SET_GAME, SSDB_ENTRY_DONE,           24, 3, 48 * MIB,
                                  200000000,          48 * MIB * 1e9 / 200000000 };
  info.kind = SSDB_TARGET_FILE;
  info.path = "/mnt/x";
  a = ssdb_report_new (&info, NULL);
  b = ssdb_report_new (&info, NULL);
  ssdb_report_set_result (a, SSDB_TEST_KIND_COPY, r);
  ssdb_report_set_result (b, SSDB_TEST_KIND_COPY, other);
  reports[0] = a;
  reports[1] = b;
  view.reports = reports;
  view.n_reports = 2;
  view.view = SSDB_TEST_KIND_COPY;
  g_assert_true (ssdb_compare_check (&view, &error));
  g_assert_no_error (error);

  {
    g_autofree char *first = ssdb_compare_view_dup_label (&view, 0);
    g_autofree char *second = ssdb_compare_view_dup_label (&view, 1);

    g_assert_nonnull (g_strrstr (first, "scale 1 % · cached"));
    g_assert_nonnull (g_strrstr (second, "scale 10 % · direct"));
  }

  /* Program: the first bar of each report (the first report's Game was cancelled), in one
   * group: closer than a group's width (a third of the plot: ISO is in neither) */
  g_assert_true (ssdb_compare_painter_get_plot_rect (&view, 1200, 800, 0, &plot));
  g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 0, 0, &x0, &y0));
  g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 1, 0, &x1, &y1));
  g_assert_cmpfloat (fabs (x1 - x0), <, plot.width / 2 / 2);
  g_assert_cmpfloat (x1, >, x0);
  /* Game of the second report: the group after Program */
  g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 1, 1, &x1, &y1));
  g_assert_cmpfloat (x1 - x0, >, plot.width / 2 * 0.75);

  /* alike: no settings in the legend */
  reports[1] = a;
  {
    g_autofree char *first = ssdb_compare_view_dup_label (&view, 0);

    g_assert_null (g_strrstr (first, "scale"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/copy/shapes", test_shapes);
  g_test_add_func ("/copy/names", test_names);
  g_test_add_func ("/copy/space", test_space);
  g_test_add_func ("/copy/check", test_check);
  g_test_add_func ("/copy/report", test_report);
  g_test_add_func ("/copy/compare", test_compare);
  g_test_add_func ("/copy/compare-mixed", test_compare_mixed);
  return g_test_run ();
}
