/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Results of other tools read into reports (ssdb-import.c). The three fixtures in
 * fixtures/import (CrystalDiskMark 8 with a mix and a comment, CrystalDiskMark 6 with CRLF line
 * ends and no sequential block size, KDiskMark) opened with ssdb_report_open(): every entry's
 * name, direction, rate (the MB/s as written, × 1e6), IOPS and stated mean latency, the source
 * the summary records, the target; saved, loaded and saved again to the same bytes. The same
 * text as UTF-16LE and UTF-8 with a byte order mark. What ssdb_import_sniff() recognises. fio
 * JSON built here: the mapping of rw, bs, iodepth, numjobs and rwmix, jobs of one name added up,
 * the p99 of lat_ns or clat_ns, a client/server run. Every refusal with its exact message. */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-import.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-text.h"

/* -- the fixtures ----------------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  SsdbRw rw;
  SsdbAccess access;
  guint block_size;
  guint queue_depth;
  guint threads;
  const char *mbs;  /* the rate as the file writes it, MB/s */
  const char *iops; /* NULL: the file states none (the rate over the block size) */
  const char *us;   /* NULL: no latency stated */
} Line;

typedef struct
{
  const char *file;
  const char *tool;
  const char *version;
  const char *date;
  const char *system;
  const char *settings;
  const char *target;
  const char *model;
  gint64 created_unix;
  guint64 size;
  guint count;
  guint64 duration_ns;
  gboolean do_write;
  gboolean do_mix;
  const Line *lines;
  guint n_lines;
} Fixture;

#define SEQ SSDB_ACCESS_SEQUENTIAL
#define RND SSDB_ACCESS_RANDOM
#define R SSDB_RW_READ
#define W SSDB_RW_WRITE
#define M SSDB_RW_MIX
#define MIB (1024 * 1024)

static const Line cdm8_lines[] = {
  { "SEQ1M Q8T1", R, SEQ, MIB, 8, 1, "3512.345", "3349.6", "2385.77" },
  { "SEQ1M Q1T1", R, SEQ, MIB, 1, 1, "2101.500", "2004.1", "498.62" },
  { "RND4K Q32T1", R, RND, 4096, 32, 1, "612.250", "149475.1", "213.88" },
  { "RND4K Q1T1", R, RND, 4096, 1, 1, "58.125", "14190.7", "70.33" },
  { "SEQ1M Q8T1", W, SEQ, MIB, 8, 1, "2987.654", "2849.3", "2804.15" },
  { "SEQ1M Q1T1", W, SEQ, MIB, 1, 1, "1876.000", "1789.1", "558.41" },
  { "RND4K Q32T1", W, RND, 4096, 32, 1, "455.500", "111206.1", "287.40" },
  { "RND4K Q1T1", W, RND, 4096, 1, 1, "142.750", "34851.1", "28.61" },
  { "SEQ1M Q8T1", M, SEQ, MIB, 8, 1, "2654.321", "2531.3", "3155.20" },
  { "SEQ1M Q1T1", M, SEQ, MIB, 1, 1, "1543.210", "1471.7", "679.02" },
  { "RND4K Q32T1", M, RND, 4096, 32, 1, "398.765", "97354.7", "328.36" },
  { "RND4K Q1T1", M, RND, 4096, 1, 1, "61.234", "14949.7", "66.80" },
};

/* CrystalDiskMark 6 states no size for its sequential tests: "Sequential Read (Q= 32,T= 1)" is
 * its Seq Q32T1, 128 KiB blocks, and no IOPS. */
static const Line cdm6_lines[] = {
  { "SEQ128K Q32T1", R, SEQ, 128 * 1024, 32, 1, "559.294", NULL, NULL },
  { "SEQ128K Q32T1", W, SEQ, 128 * 1024, 32, 1, "522.097", NULL, NULL },
  { "RND4K Q8T8", R, RND, 4096, 8, 8, "391.988", "95700.2", NULL },
  { "RND4K Q8T8", W, RND, 4096, 8, 8, "363.066", "88639.2", NULL },
  { "RND4K Q32T1", R, RND, 4096, 32, 1, "287.123", "70098.4", NULL },
  { "RND4K Q32T1", W, RND, 4096, 32, 1, "250.012", "61038.1", NULL },
  { "RND4K Q1T1", R, RND, 4096, 1, 1, "32.845", "8018.8", NULL },
  { "RND4K Q1T1", W, RND, 4096, 1, 1, "80.530", "19660.6", NULL },
};

static const Line kdiskmark_lines[] = {
  { "SEQ1M Q8T1", R, SEQ, MIB, 8, 1, "3286.837", "3209.8", "2489.44" },
  { "SEQ1M Q1T1", R, SEQ, MIB, 1, 1, "1912.480", "1867.7", "534.97" },
  { "RND4K Q32T1", R, RND, 4096, 32, 1, "745.018", "181889.5", "175.84" },
  { "RND4K Q1T1", R, RND, 4096, 1, 1, "62.911", "15359.2", "64.94" },
  { "SEQ1M Q8T1", W, SEQ, MIB, 8, 1, "2714.213", "2650.6", "3014.15" },
  { "SEQ1M Q1T1", W, SEQ, MIB, 1, 1, "2014.077", "1966.9", "507.80" },
  { "RND4K Q32T1", W, RND, 4096, 32, 1, "512.734", "125179.2", "255.53" },
  { "RND4K Q1T1", W, RND, 4096, 1, 1, "181.212", "44241.2", "22.50" },
};

static const Fixture fixtures[] = {
  {
      "cdm8-default.txt",
      "CrystalDiskMark",
      "8.0.4 x64",
      "2024/03/15 21:04:33",
      "Windows 11 Professional [10.0 Build 22631] (x64)",
      "Profile: Default · Test: 1 GiB (x5) [C: 46% (110/238GiB)] · Mode: [Admin] · Time: "
      "Measure 5 sec / Interval 5 sec · Comment: Samsung 980 PRO 250GB",
      "C:",
      NULL, /* the comment is the user's words, kept with the settings, not a model */
      1710536673,
      1024 * MIB,
      5,
      5 * G_GUINT64_CONSTANT (1000000000),
      TRUE,
      TRUE,
      cdm8_lines,
      G_N_ELEMENTS (cdm8_lines),
  },
  {
      "cdm6.txt",
      "CrystalDiskMark",
      "6.0.2 x64",
      "2018/06/20 21:06:04",
      "Windows 10 Professional [10.0 Build 17134] (x64)",
      "Test: 1024 MiB [C: 40.5% (96.5/238.2 GiB)] (x5)  [Interval=5 sec]",
      "C:",
      NULL,
      1529528764,
      1024 * MIB,
      5,
      0,
      TRUE,
      FALSE,
      cdm6_lines,
      G_N_ELEMENTS (cdm6_lines),
  },
  {
      "kdiskmark.txt",
      "KDiskMark",
      "3.1.4",
      "2022-01-16 19:35:42",
      "debian 12 [linux 6.1.0-18-amd64]",
      "Profile: Default · Test: 1 GiB (x5) [Measure: 5 sec / Interval: 5 sec]",
      "", /* KDiskMark before 3.2 names no target */
      NULL,
      1642361742,
      1024 * MIB,
      5,
      5 * G_GUINT64_CONSTANT (1000000000), /* "Measure: 5 sec" inside the Test line */
      TRUE,
      FALSE,
      kdiskmark_lines,
      G_N_ELEMENTS (kdiskmark_lines),
  },
};

static char *
fixture_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "import", file, NULL);
}

static char *
fixture_contents (const char *file, gsize *length)
{
  g_autofree char *path = fixture_path (file);
  g_autoptr (GError) error = NULL;
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, length, &error));
  g_assert_no_error (error);
  return data;
}

/* @report holds exactly what @f's file states; @file is the name it was read as. */
static void
check_fixture (const SsdbReport *report, const Fixture *f, const char *file)
{
  const SsdbSummaryResult *s = report->summary;

  g_assert_nonnull (s);
  g_assert_nonnull (s->imported);
  g_assert_cmpstr (s->imported->tool, ==, f->tool);
  g_assert_cmpstr (s->imported->version, ==, f->version);
  g_assert_cmpstr (s->imported->file, ==, file);
  g_assert_cmpstr (s->imported->date, ==, f->date);
  g_assert_cmpstr (s->imported->system, ==, f->system);
  g_assert_cmpstr (s->imported->settings, ==, f->settings);
  /* The drive letter CrystalDiskMark names; KDiskMark names none: the file. */
  g_assert_cmpstr (report->target.path, ==, f->target);
  g_assert_cmpstr (report->target.model, ==, f->model);
  g_assert_cmpint (report->created_unix, ==, f->created_unix);
  g_assert_cmpint (s->started_unix, ==, f->created_unix);
  g_assert_cmpstr (report->host, ==, "");
  g_assert_cmpuint (s->spec.size, ==, f->size);
  g_assert_cmpuint (s->spec.count, ==, f->count);
  g_assert_cmpuint (s->spec.duration_ns, ==, f->duration_ns);
  g_assert_cmpuint (s->spec.mix_read_percent, ==, 70);
  g_assert_true (s->spec.do_read);
  g_assert_cmpint (s->spec.do_write, ==, f->do_write);
  g_assert_cmpint (s->spec.do_mix, ==, f->do_mix);
  /* Nothing else of SSD Bench's own: no other test, no temperature, no drive counts. */
  g_assert_null (report->surface);
  g_assert_null (s->temperature);
  g_assert_null (s->drive_counts);

  g_assert_cmpuint (s->entries->len, ==, f->n_lines);
  for (guint i = 0; i < f->n_lines; i++)
    {
      const Line *l = &f->lines[i];
      const SsdbSummaryEntry *e = g_ptr_array_index (s->entries, i);
      const double rate = g_ascii_strtod (l->mbs, NULL) * 1e6;

      g_test_message ("%s: %s %d: %s MB/s", file, l->name, l->rw, l->mbs);
      g_assert_cmpstr (e->test.name, ==, l->name);
      g_assert_cmpint (e->rw, ==, l->rw);
      g_assert_cmpint (e->job.rw, ==, l->rw);
      g_assert_cmpint (e->test.access, ==, l->access);
      g_assert_cmpuint (e->test.block_size, ==, l->block_size);
      g_assert_cmpuint (e->test.queue_depth, ==, l->queue_depth);
      g_assert_cmpuint (e->test.threads, ==, l->threads);
      g_assert_cmpuint (e->job.block_size, ==, l->block_size);
      g_assert_cmpuint (e->job.queue_depth, ==, l->queue_depth);
      g_assert_cmpuint (e->job.threads, ==, l->threads);
      g_assert_cmpuint (e->job.read_percent, ==, l->rw == R ? 100 : l->rw == W ? 0 : 70);
      g_assert_cmpuint (e->job.length, ==, f->size);
      g_assert_cmpint (e->state, ==, SSDB_ENTRY_DONE);
      g_assert_null (e->message);
      /* The rate exactly as written, in bytes per second. */
      g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, rate);
      /* No IOPS where the file states none: nothing made up. */
      g_assert_cmpfloat (e->aggregate.iops, ==,
                         l->iops != NULL ? g_ascii_strtod (l->iops, NULL) : 0);
      g_assert_cmpfloat (e->quoted.mean_ns, ==,
                         l->us != NULL ? g_ascii_strtod (l->us, NULL) * 1e3 : 0);
      g_assert_cmpfloat (e->quoted.p99_ns, ==, 0);
      g_assert_cmpfloat (e->quoted.max_ns, ==, 0);
      g_assert_cmpfloat (ssdb_summary_entry_mean_latency_ns (e), ==, e->quoted.mean_ns);
      /* One pass: the figure the file states; no samples. */
      g_assert_cmpuint (e->passes->len, ==, 1);
      g_assert_cmpfloat (g_array_index (e->passes, SsdbIoResult, 0).bytes_per_second, ==, rate);
      g_assert_cmpuint (e->aggregate.latency.count, ==, 0);
      g_assert_cmpuint (e->aggregate.window_ns, ==, f->duration_ns);
    }
}

static void
test_fixtures (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      const Fixture *f = &fixtures[i];
      g_autofree char *path = fixture_path (f->file);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = ssdb_report_open (path, &error);

      g_assert_no_error (error);
      g_assert_nonnull (report);
      check_fixture (report, f, f->file);
    }
  /* CDM 6's sequential line states no IOPS: the text says so, and IOPS shows none. */
  {
    g_autofree char *path = fixture_path ("cdm6.txt");
    g_autoptr (SsdbReport) report = ssdb_report_open (path, NULL);
    SsdbSummaryEntry *e = ssdb_summary_result_find (report->summary, "SEQ128K Q32T1", R);
    g_autofree char *text = ssdb_summary_format_text (&report->target, report->summary);

    g_assert_nonnull (e);
    g_assert_cmpfloat (e->aggregate.iops, ==, 0);
    g_assert_nonnull (strstr (text, "  SEQ 128 KiB (Q= 32, T= 1):   559.294 MB/s [IOPS not stated] "
                                    "< latency not stated>\n"));
    g_assert_null (ssdb_summary_result_find (report->summary, "SEQ1M Q32T1", R));
  }
}

/* Saved, loaded with ssdb_report_load() and saved again: the same bytes. */
static void
test_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-import-XXXXXX", NULL);

  g_assert_nonnull (dir);
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      const Fixture *f = &fixtures[i];
      g_autofree char *path = fixture_path (f->file);
      g_autofree char *saved = g_build_filename (dir, "saved.json", NULL);
      g_autofree char *data = NULL, *first = NULL, *again = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = ssdb_report_open (path, &error);
      g_autoptr (SsdbReport) loaded = NULL;
      gsize length = 0, first_length = 0, again_length = 0;

      g_assert_no_error (error);
      first = ssdb_report_to_data (report, &first_length);
      g_assert_true (ssdb_report_save (report, saved, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (saved, &data, &length, NULL));
      g_assert_cmpmem (data, length, first, first_length);
      loaded = ssdb_report_load (saved, &error);
      g_assert_no_error (error);
      g_assert_nonnull (loaded);
      /* The loaded report holds the same figures and source. */
      check_fixture (loaded, f, f->file);
      again = ssdb_report_to_data (loaded, &again_length);
      g_assert_cmpmem (again, again_length, data, length);
      /* The file holds the source and the stated latencies. */
      g_assert_nonnull (strstr (data, "\"imported\""));
      if (fixtures[i].lines[0].us != NULL)
        g_assert_nonnull (strstr (data, "\"quoted_latency_ns\""));
      else
        g_assert_null (strstr (data, "\"quoted_latency_ns\""));
      g_assert_cmpint (g_remove (saved), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* -- sniffing and encodings ------------------------------------------------------------------- */

static const char fio_minimal[]
    = "{\"fio version\": \"fio-3.33\", \"timestamp\": 1700000000, \"jobs\": []}";

static void
test_sniff (void)
{
  g_autofree char *valid = NULL;
  g_autofree char *valid_path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid.json", NULL);
  gsize length = 0;
  g_autofree char *notes = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *data = fixture_contents (fixtures[i].file, &length);

      g_assert_cmpint (ssdb_import_sniff (data, length), ==, SSDB_IMPORT_CDM_TEXT);
    }
  g_assert_true (g_file_get_contents (valid_path, &valid, &length, NULL));
  g_assert_cmpint (ssdb_import_sniff (valid, length), ==, SSDB_IMPORT_NONE);
  g_assert_cmpint (ssdb_import_sniff (fio_minimal, strlen (fio_minimal)), ==, SSDB_IMPORT_FIO_JSON);
  notes = g_strconcat ("note: both iodepth >= 1 and synchronous I/O engine are selected, queue "
                       "depth will be capped at 1\n",
                       fio_minimal, NULL);
  g_assert_cmpint (ssdb_import_sniff (notes, strlen (notes)), ==, SSDB_IMPORT_FIO_JSON);
  g_assert_cmpint (ssdb_import_sniff ("", 0), ==, SSDB_IMPORT_NONE);
  g_assert_cmpint (ssdb_import_sniff ("hello\n", 6), ==, SSDB_IMPORT_NONE);
  g_assert_cmpint (ssdb_import_sniff ("{\"a\": 1}", 8), ==, SSDB_IMPORT_NONE);
  /* A JSON object naming the tools is no text result. */
  g_assert_cmpint (
      ssdb_import_sniff ("{\"CrystalDiskMark\": 1}", strlen ("{\"CrystalDiskMark\": 1}")), ==,
      SSDB_IMPORT_NONE);
  g_assert_cmpint (ssdb_import_sniff ("\xff\xfe\x00\xd8", 4), ==, SSDB_IMPORT_NONE);
}

/* CrystalDiskMark on Windows may save UTF-16 with a byte order mark: cdm8 as UTF-16LE and as
 * UTF-8 with a BOM, sniffed, imported from data and opened as files, give the same report as the
 * UTF-8 file. */
static void
test_encodings (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-import-XXXXXX", NULL);
  gsize length = 0, u16_length = 0;
  g_autofree char *utf8 = fixture_contents ("cdm8-default.txt", &length);
  g_autofree char *u16 = g_convert (utf8, length, "UTF-16LE", "UTF-8", NULL, &u16_length, NULL);
  g_autofree char *bom16 = g_malloc (u16_length + 2);
  g_autofree char *bom8 = g_strconcat ("\xef\xbb\xbf", utf8, NULL);
  g_autofree char *path_plain = fixture_path ("cdm8-default.txt");
  g_autoptr (SsdbReport) plain = ssdb_report_open (path_plain, NULL);
  g_autofree char *plain_data = NULL;
  struct
  {
    const char *file;
    const char *data;
    gsize length;
  } cases[] = {
    { "cdm8-utf16le.txt", bom16, u16_length + 2 },
    { "cdm8-utf8bom.txt", bom8, length + 3 },
  };

  g_assert_nonnull (u16);
  g_assert_nonnull (plain);
  memcpy (bom16, "\xff\xfe", 2);
  memcpy (bom16 + 2, u16, u16_length);
  plain_data = ssdb_report_to_data (plain, NULL);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *path = g_build_filename (dir, cases[c].file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) from_data = NULL, from_file = NULL;
      g_autofree char *a = NULL, *b = NULL, *quoted = NULL;
      g_autoptr (GString) renamed = NULL;

      g_assert_cmpint (ssdb_import_sniff (cases[c].data, cases[c].length), ==,
                       SSDB_IMPORT_CDM_TEXT);
      from_data = ssdb_import_from_data (SSDB_IMPORT_CDM_TEXT, cases[c].data, cases[c].length,
                                         cases[c].file, &error);
      g_assert_no_error (error);
      check_fixture (from_data, &fixtures[0], cases[c].file);
      g_assert_true (g_file_set_contents (path, cases[c].data, cases[c].length, NULL));
      from_file = ssdb_report_open (path, &error);
      g_assert_no_error (error);
      check_fixture (from_file, &fixtures[0], cases[c].file);
      /* The same report as the UTF-8 file's, but for the file's name. */
      a = ssdb_report_to_data (from_data, NULL);
      b = ssdb_report_to_data (from_file, NULL);
      g_assert_cmpstr (a, ==, b);
      /* ... which, with the UTF-8 file's name put back (imported.file), is the UTF-8 one's. */
      quoted = g_strdup_printf ("\"%s\"", cases[c].file);
      renamed = g_string_new (a);
      g_assert_cmpuint (g_string_replace (renamed, quoted, "\"cdm8-default.txt\"", 0), ==, 1);
      g_assert_cmpstr (renamed->str, ==, plain_data);
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* -- CrystalDiskMark text built here ---------------------------------------------------------- */

#define CDM8_HEAD                                                                                  \
  "------------------------------------------------------------------------------\n"               \
  "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\n"                                             \
  "                                  Crystal Dew World: https://crystalmark.info/\n"               \
  "------------------------------------------------------------------------------\n"               \
  "* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]\n"                                  \
  "* KB = 1000 bytes, KiB = 1024 bytes\n"                                                          \
  "\n"

static SsdbReport *
cdm (const char *text, GError **error)
{
  return ssdb_import_from_data (SSDB_IMPORT_CDM_TEXT, text, strlen (text), "t.txt", error);
}

/* @error is SSDB_ERROR_REPORT naming @file and @line with @reason: "t.txt:9: …". */
static void
assert_line_error (const GError *error, const char *file, guint line, const char *reason)
{
  g_autofree char *want = g_strdup_printf ("%s:%u: %s", file, line, reason);

  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_assert_cmpstr (error->message, ==, want);
}

static void
test_cdm_text (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) r = NULL;
  SsdbSummaryEntry *e;

  /* A mix of 60 % reads, a decimal comma, KDiskMark's spelling, no IOPS in a CDM 6 line, a
   * 512-byte CDM 6 random size, CRLF and stray blank lines; the time from "Time:". */
  r = cdm (CDM8_HEAD
           "[Read]\r\n"
           "  SEQ  128KiB (Q= 32, T= 1):  1234,567 MB/s [   9418.8 IOPS] <  3394.72 us>\r\n"
           "\r\n"
           "[Mix] Read 60%/Write 40%\n"
           "Sequential 1 MiB (Q=  8, T= 1):  2000.000 MB/s [   1907.3 IOPS] <  4194.30 us>\n"
           "  Random Write 512KiB (Q=  4,T= 2) :   100.000 MB/s\n"
           "\n"
           "   Time: Measure 10 sec / Interval 0 sec\n",
           &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->summary->entries->len, ==, 3);
  g_assert_cmpuint (r->summary->spec.mix_read_percent, ==, 60);
  g_assert_cmpuint (r->summary->spec.duration_ns, ==, 10 * G_GUINT64_CONSTANT (1000000000));
  e = ssdb_summary_result_find (r->summary, "SEQ128K Q32T1", R);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 1234.567 * 1e6);
  g_assert_cmpfloat (e->aggregate.iops, ==, 9418.8);
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 3394.72 * 1e3);
  e = ssdb_summary_result_find (r->summary, "SEQ1M Q8T1", M);
  g_assert_nonnull (e);
  g_assert_cmpuint (e->job.read_percent, ==, 60);
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 2000.0 * 1e6);
  /* "Random Write" names its own direction, whatever section it is in. */
  e = ssdb_summary_result_find (r->summary, "RND512K Q4T2", W);
  g_assert_nonnull (e);
  g_assert_cmpuint (e->test.block_size, ==, 512 * 1024);
  g_assert_cmpfloat (e->aggregate.iops, ==, 0);
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 0);
  g_assert_null (r->summary->imported->date);
  g_assert_cmpstr (r->summary->imported->settings, ==, "Time: Measure 10 sec / Interval 0 sec");
  g_assert_cmpstr (r->target.path, ==, ""); /* named nowhere in the file */
  g_clear_pointer (&r, ssdb_report_unref);

  /* A second line of one shape and direction gets a number. */
  r = cdm (CDM8_HEAD
           "[Read]\n"
           "  RND    4KiB (Q=  1, T= 1):    58.125 MB/s [  14190.7 IOPS] <    70.33 us>\n"
           "  RND    4KiB (Q=  1, T= 1):    60.000 MB/s [  14648.4 IOPS] <    68.10 us>\n",
           &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->summary->entries->len, ==, 2);
  e = ssdb_summary_result_find (r->summary, "RND4K Q1T1 #2", R);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 60.0 * 1e6);
  g_clear_pointer (&r, ssdb_report_unref);
}

static void
test_cdm_errors (void)
{
  static const struct
  {
    const char *text;
    guint line; /* 0: no line named */
    const char *reason;
  } cases[] = {
    /* line 8: the first after the head */
    { CDM8_HEAD "  SEQ    1MiB (Q=  8, T= 1):  3512.345 MB/s [   3349.6 IOPS] <  2385.77 us>\n", 8,
      "a result before any [Read], [Write] or [Mix]" },
    { CDM8_HEAD
      "[Read]\n  SEQ  128MiB (Q=  1, T= 1):  3512.345 MB/s [   26.8 IOPS] <  2385.77 us>\n",
      9, "a transfer size of 128 MiB is out of range" },
    { CDM8_HEAD
      "[Read]\n  SEQ    1MiB (Q=300, T= 1):  3512.345 MB/s [   3349.6 IOPS] <  2385.77 us>\n",
      9, "a queue depth or thread count out of range" },
    { CDM8_HEAD "[Write]\n\n  RND    4KiB (Q=  1, T=65):    58.125 MB/s [  14190.7 IOPS]\n", 10,
      "a queue depth or thread count out of range" },
    { CDM8_HEAD "[Read]\n  RND    4KiB (Q=  1, T= 1): 1,058.125 MB/s [  14190.7 IOPS]\n", 9,
      "a rate, IOPS or latency that is not a number" },
    { CDM8_HEAD
      "[Read]\n  RND    4KiB (Q=  1, T= 1):    58.125 MB/s [  14190.7 IOPS] <  1.2.3 us>\n",
      9, "a rate, IOPS or latency that is not a number" },
    { CDM8_HEAD
      "[Read]\n  SEQ    1MiB (Q=  8, T= 1):  3512.345 fast [   3349.6 IOPS] <  2385.77 us>\n",
      9,
      "not a result line of CrystalDiskMark 6-8 or KDiskMark: “SEQ    1MiB (Q=  8, T= 1):  "
      "3512.345 fast [   3349.6 IOPS] <  2385.77 us>”" },
    /* CRLF: the line counted the same, the quote without its '\r' */
    { "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\r\n\r\n[Mix] Read 70%/Write 30%\r\n"
      "  hello\r\n",
      4, "not a result line of CrystalDiskMark 6-8 or KDiskMark: “hello”" },
    /* outside any section, a rate in a form not known */
    { "KDiskMark (3.1.4): https://github.com/JonMagon/KDiskMark\n\n"
      "Sequential 1 MiB (Q=  8):  3286.837 MB/s [   3209.8 IOPS]\n",
      3,
      "not a result line of CrystalDiskMark 6-8 or KDiskMark: “Sequential 1 MiB (Q=  8):  "
      "3286.837 MB/s [   3209.8 IOPS]”" },
    { CDM8_HEAD "[Read]\n\nProfile: Default\n", 0,
      "holds no result of a read, write or mixed test" },
    { "Some other benchmark\n  SEQ 1MiB (Q= 8, T= 1): 1.000 MB/s [ 1.0 IOPS]\n", 0,
      "names neither CrystalDiskMark nor KDiskMark" },
    { "CrystalDiskMark 8 \xe9t\xe9\n", 0, "neither UTF-8 nor UTF-16 text" },
    { "", 0, "names neither CrystalDiskMark nor KDiskMark" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) r = NULL;

      g_test_message ("case %u: %s", c, cases[c].reason);
      r = cdm (cases[c].text, &error);
      g_assert_null (r);
      if (cases[c].line > 0)
        assert_line_error (error, "t.txt", cases[c].line, cases[c].reason);
      else
        {
          g_autofree char *expected = g_strdup_printf ("t.txt: %s", cases[c].reason);

          g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
          g_assert_cmpstr (error->message, ==, expected);
        }
    }
}

/* -- fio JSON built here ---------------------------------------------------------------------- */

/* One direction of a job: rate, IOPS, counts, runtime (ms), total latency (mean, N, max), p99 of
 * the completion latency and, when @lat_p99 > 0, of the total latency (--lat_percentiles=1). */
static char *
fio_dir (double bw, double iops, guint64 ios, guint64 bytes, guint64 runtime_ms, double mean,
         guint64 n, guint64 max, guint64 clat_p99, guint64 lat_p99)
{
  g_autofree char *lat_pct
      = lat_p99 > 0
            ? g_strdup_printf (", \"percentile\": {\"99.000000\": %" G_GUINT64_FORMAT "}", lat_p99)
            : g_strdup ("");

  return g_strdup_printf ("{\"io_bytes\": %" G_GUINT64_FORMAT ", \"bw_bytes\": %.17g, \"iops\": "
                          "%.17g, \"runtime\": %" G_GUINT64_FORMAT ", \"total_ios\": "
                          "%" G_GUINT64_FORMAT ", \"clat_ns\": {\"min\": 1, \"max\": "
                          "%" G_GUINT64_FORMAT ", \"mean\": %.17g, \"N\": %" G_GUINT64_FORMAT
                          ", \"percentile\": {\"1.000000\": 100, \"99.000000\": %" G_GUINT64_FORMAT
                          "}}, \"lat_ns\": {\"min\": 1, \"max\": %" G_GUINT64_FORMAT
                          ", \"mean\": %.17g, \"stddev\": 1.5, \"N\": %" G_GUINT64_FORMAT "%s}}",
                          bytes, bw, iops, runtime_ms, ios, max, mean, n, clat_p99, max, mean, n,
                          lat_pct);
}

static char *
fio_idle_dir (void)
{
  return fio_dir (0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}

/* A job entry: its name, its options (a JSON object's members), extra members ("" or ",
 * \"hostname\": …"), and its read and write directions (trim: idle). */
/* Whether the jobs fio_job() makes name libaio themselves: fio's default engine, psync, keeps
 * one request in flight whatever iodepth says. Off where the global options name it. */
static gboolean jobs_name_libaio = TRUE;

static char *
fio_job (const char *name, const char *options, const char *extra, char *read, char *write)
{
  g_autofree char *rd = read, *wr = write, *trim = fio_idle_dir ();
  const char *engine = !jobs_name_libaio || options[0] == '\0' || strstr (options, "ioengine")
                           ? ""
                           : "\"ioengine\": \"libaio\", ";

  return g_strdup_printf ("{\"jobname\": \"%s\", \"groupid\": 0, \"error\": 0%s, \"job options\": "
                          "{%s%s}, \"read\": %s, \"write\": %s, \"trim\": %s}",
                          name, extra, engine, options, rd, wr, trim);
}

static SsdbReport *
fio (const char *text, GError **error)
{
  return ssdb_import_from_data (SSDB_IMPORT_FIO_JSON, text, strlen (text), "run.json", error);
}

static void
test_fio (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) r = NULL;
  g_autofree char *text = NULL;
  g_autofree char *j0 = NULL, *j1 = NULL, *j2 = NULL, *j3 = NULL, *j4 = NULL, *j5 = NULL,
                  *j6 = NULL;
  SsdbSummaryEntry *e;

  jobs_name_libaio = FALSE; /* the global options do */
  j0 = fio_job ("seqread", "\"rw\": \"read\", \"bs\": \"1M\", \"iodepth\": \"8\"", "",
                fio_dir (3500000000.0, 3337.86, 66760, G_GUINT64_CONSTANT (70003589120), 20000,
                         2396000.5, 66760, 5000000, 3000000, 0),
                fio_idle_dir ());
  /* 80 % reads from rwmixwrite=20; mean weighted by N: (50000 × 700 + 80000 × 300) / 1000 */
  j1 = fio_job (
      "mixed",
      "\"rw\": \"randrw\", \"rwmixwrite\": \"20\", \"bs\": \"4k\", "
      "\"iodepth\": \"32\"",
      "", fio_dir (400000000.0, 97656.25, 700, 2867200, 2000, 50000, 700, 900000, 70000, 0),
      fio_dir (100000000.0, 24414.0625, 300, 1228800, 2001, 80000, 300, 1200000, 95000, 0));
  /* numjobs=2 without group_reporting: two entries of one name, added up; a write job's size
   * is the second of bs=R,W */
  j2 = fio_job (
      "multi", "\"rw\": \"randwrite\", \"bs\": \"4k,64k\", \"numjobs\": \"2\"", "", fio_idle_dir (),
      fio_dir (100000000.0, 1525.875, 100, 6553600, 1000, 300000, 100, 700000, 500000, 0));
  j3 = fio_job (
      "multi", "\"rw\": \"randwrite\", \"bs\": \"4k,64k\", \"numjobs\": \"2\"", "", fio_idle_dir (),
      fio_dir (50000000.0, 762.9375, 200, 13107200, 3000, 600000, 200, 2500000, 800000, 0));
  /* total-latency percentiles: their p99, not the completion latency's; an offset modifier;
   * fio's defaults (4 KiB, QD 1, 1 thread) */
  j4 = fio_job (
      "lat", "\"rw\": \"randread:8\", \"lat_percentiles\": \"1\"", "",
      fio_dir (60000000.0, 14648.4375, 29297, 120000000, 2000, 68000.25, 29297, 900000, 999, 12345),
      fio_idle_dir ());
  /* the same shape again: the job's name after it */
  j5 = fio_job (
      "lat2", "\"rw\": \"randread\"", "",
      fio_dir (61000000.0, 14892.578125, 29785, 122000000, 2000, 67000, 29785, 800000, 88000, 0),
      fio_idle_dir ());
  j6 = fio_job ("failed", "\"rw\": \"write\", \"bs\": \"128k\"", "", fio_idle_dir (),
                fio_dir (1000000.0, 7.62939453125, 8, 1048576, 1000, 1000, 8, 2000, 1500, 0));
  /* fio reported an I/O error for the last job */
  {
    char *p = strstr (j6, "\"error\": 0");

    g_assert_nonnull (p);
    p[9] = '5';
  }
  jobs_name_libaio = TRUE;
  text = g_strdup_printf ("note: both iodepth >= 1 and synchronous I/O engine are selected, queue "
                          "depth will be capped at 1\n"
                          "note: another note\n"
                          "{\n  \"fio version\" : \"fio-3.33\",\n  \"timestamp\" : 1700000000,\n"
                          "  \"timestamp_ms\" : 1700000000123,\n"
                          "  \"time\" : \"Tue Nov 14 22:13:20 2023\",\n"
                          "  \"global options\" : {\"filename\": \"/dev/nvme0n1\", \"ioengine\": "
                          "\"libaio\", \"direct\": \"1\", \"size\": \"1G\"},\n"
                          "  \"jobs\" : [%s, %s, %s, %s, %s, %s, %s]\n}\n",
                          j0, j1, j2, j3, j4, j5, j6);
  g_assert_cmpint (ssdb_import_sniff (text, strlen (text)), ==, SSDB_IMPORT_FIO_JSON);
  r = fio (text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);

  g_assert_cmpstr (r->summary->imported->tool, ==, "fio");
  g_assert_cmpstr (r->summary->imported->version, ==, "fio-3.33");
  g_assert_cmpstr (r->summary->imported->file, ==, "run.json");
  g_assert_cmpstr (r->summary->imported->date, ==, "Tue Nov 14 22:13:20 2023");
  g_assert_null (r->summary->imported->system);
  g_assert_cmpstr (r->summary->imported->settings, ==,
                   "global options: --filename=/dev/nvme0n1 --ioengine=libaio --direct=1 "
                   "--size=1G");
  g_assert_cmpstr (r->target.path, ==, "/dev/nvme0n1");
  g_assert_cmpint (r->created_unix, ==, 1700000000);
  g_assert_cmpstr (r->host, ==, "");
  g_assert_cmpuint (r->summary->spec.mix_read_percent, ==, 80);
  g_assert_cmpuint (r->summary->spec.size, ==, G_GUINT64_CONSTANT (1073741824));
  g_assert_cmpuint (r->summary->spec.duration_ns, ==, G_GUINT64_CONSTANT (20000000000));
  g_assert_cmpuint (r->summary->entries->len, ==, 6);

  e = g_ptr_array_index (r->summary->entries, 0);
  g_assert_cmpstr (e->test.name, ==, "SEQ1M Q8T1");
  g_assert_cmpint (e->rw, ==, R);
  g_assert_cmpint (e->test.access, ==, SEQ);
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 3500000000.0);
  g_assert_cmpfloat (e->aggregate.iops, ==, 3337.86);
  g_assert_cmpuint (e->aggregate.read_ios, ==, 66760);
  g_assert_cmpuint (e->aggregate.read_bytes, ==, G_GUINT64_CONSTANT (70003589120));
  g_assert_cmpuint (e->aggregate.window_ns, ==, G_GUINT64_CONSTANT (20000000000));
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 2396000.5);
  g_assert_cmpfloat (e->quoted.max_ns, ==, 5000000);
  g_assert_cmpfloat (e->quoted.p99_ns, ==, 3000000);
  g_assert_cmpuint (e->job.length, ==, G_GUINT64_CONSTANT (1073741824));
  g_assert_cmpstr (e->fio_command, ==,
                   "fio --filename=/dev/nvme0n1 --ioengine=libaio --direct=1 --size=1G --rw=read "
                   "--bs=1M --iodepth=8");

  e = g_ptr_array_index (r->summary->entries, 1);
  g_assert_cmpstr (e->test.name, ==, "RND4K Q32T1");
  g_assert_cmpint (e->rw, ==, M);
  g_assert_cmpuint (e->job.read_percent, ==, 80);
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 500000000.0);
  g_assert_cmpfloat (e->aggregate.iops, ==, 97656.25 + 24414.0625);
  g_assert_cmpuint (e->aggregate.read_ios, ==, 700);
  g_assert_cmpuint (e->aggregate.write_ios, ==, 300);
  g_assert_cmpuint (e->aggregate.ios, ==, 1000);
  g_assert_cmpuint (e->aggregate.bytes, ==, 2867200 + 1228800);
  g_assert_cmpuint (e->aggregate.window_ns, ==, G_GUINT64_CONSTANT (2001000000));
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 59000);
  g_assert_cmpfloat (e->quoted.max_ns, ==, 1200000);
  g_assert_cmpfloat (e->quoted.p99_ns, ==, 0); /* no p99 for a mix */

  e = g_ptr_array_index (r->summary->entries, 2);
  g_assert_cmpstr (e->test.name, ==, "RND64K Q1T2");
  g_assert_cmpint (e->rw, ==, W);
  g_assert_cmpuint (e->test.block_size, ==, 65536);
  g_assert_cmpuint (e->test.threads, ==, 2);
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 150000000.0);
  g_assert_cmpfloat (e->aggregate.iops, ==, 1525.875 + 762.9375);
  g_assert_cmpuint (e->aggregate.write_ios, ==, 300);
  g_assert_cmpuint (e->aggregate.write_bytes, ==, 6553600 + 13107200);
  g_assert_cmpuint (e->aggregate.window_ns, ==, G_GUINT64_CONSTANT (3000000000));
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 500000); /* (300000 × 100 + 600000 × 200) / 300 */
  g_assert_cmpfloat (e->quoted.max_ns, ==, 2500000);
  g_assert_cmpfloat (e->quoted.p99_ns, ==, 0); /* percentiles of two jobs do not add up */

  e = g_ptr_array_index (r->summary->entries, 3);
  g_assert_cmpstr (e->test.name, ==, "RND4K Q1T1");
  g_assert_cmpint (e->rw, ==, R);
  g_assert_cmpfloat (e->quoted.p99_ns, ==, 12345);
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 68000.25);

  e = g_ptr_array_index (r->summary->entries, 4);
  g_assert_cmpstr (e->test.name, ==, "RND4K Q1T1 (lat2)");
  g_assert_cmpfloat (e->quoted.p99_ns, ==, 88000);

  e = g_ptr_array_index (r->summary->entries, 5);
  g_assert_cmpstr (e->test.name, ==, "SEQ128K Q1T1");
  g_assert_cmpint (e->rw, ==, W);
  g_assert_cmpint (e->state, ==, SSDB_ENTRY_FAILED);
  g_assert_cmpstr (e->message, ==, "fio reported error 5 (Input/output error) for this job");
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 1000000.0);
}

/* A client/server run: each host's jobs, "All clients" left out, the hosts named. */
static void
test_fio_client_server (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) r = NULL;
  g_autofree char *a = NULL, *b = NULL, *all = NULL, *text = NULL;
  SsdbSummaryEntry *e;

  a = fio_job ("cs", "\"rw\": \"read\", \"bs\": \"1M\", \"iodepth\": \"8\"",
               ", \"hostname\": \"server1\", \"port\": 8765",
               fio_dir (3000000000.0, 2861.02294921875, 28610, 30000000000, 10000, 2700000, 28610,
                        6000000, 3100000, 0),
               fio_idle_dir ());
  b = fio_job ("cs", "\"rw\": \"read\", \"bs\": \"1M\", \"iodepth\": \"8\"",
               ", \"hostname\": \"server2\", \"port\": 8765",
               fio_dir (2000000000.0, 1907.3486328125, 19073, 20000000000, 10000, 4000000, 19073,
                        7000000, 4500000, 0),
               fio_idle_dir ());
  all = fio_job ("All clients", "", "",
                 fio_dir (5000000000.0, 4768.37158203125, 47683, 50000000000, 10000, 3200000, 47683,
                          7000000, 4000000, 0),
                 fio_idle_dir ());
  text = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"timestamp\": 1700000100, \"time\": "
                          "\"Tue Nov 14 22:15:00 2023\", \"global options\": {\"filename\": "
                          "\"/dev/sdb\"}, \"client_stats\": [%s, %s, %s]}",
                          a, b, all);
  r = fio (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->summary->entries->len, ==, 2);
  e = g_ptr_array_index (r->summary->entries, 0);
  g_assert_cmpstr (e->test.name, ==, "SEQ1M Q8T1");
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 3000000000.0);
  g_assert_cmpfloat (e->quoted.p99_ns, ==, 3100000);
  e = g_ptr_array_index (r->summary->entries, 1);
  g_assert_cmpstr (e->test.name, ==, "SEQ1M Q8T1 (server2)");
  g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 2000000000.0);
  g_assert_cmpfloat (e->quoted.mean_ns, ==, 4000000);
  g_assert_cmpstr (r->summary->imported->system, ==, "server1, server2");
  g_assert_cmpstr (r->host, ==, "server1, server2");
  g_assert_cmpstr (r->target.path, ==, "/dev/sdb");
  g_assert_cmpint (r->created_unix, ==, 1700000100);
}

static void
test_fio_errors (void)
{
  g_autofree char *good
      = fio_dir (1000000.0, 244.140625, 244, 1000000, 1000, 4000, 244, 9000, 5000, 0);
  static const struct
  {
    const char *options;
    const char *reason;
  } option_cases[] = {
    { "\"rw\": \"trim\"", "rw=trim is not a read, write or mixed job" },
    { "\"rw\": \"randtrim\"", "rw=randtrim is not a read, write or mixed job" },
    { "\"rw\": \"trimwrite\"", "rw=trimwrite is not a read, write or mixed job" },
    { "\"readwrite\": \"randtrim:4\"", "rw=randtrim is not a read, write or mixed job" },
    { "\"rw\": \"read\", \"bssplit\": \"4k/50:64k/50\"",
      "a job of several transfer sizes (bssplit, bsrange) has no one size to compare" },
    { "\"rw\": \"read\", \"bsrange\": \"4k-64k\"",
      "a job of several transfer sizes (bssplit, bsrange) has no one size to compare" },
    { "\"rw\": \"read\", \"bs\": \"1000\"",
      "a transfer size of 1000 bytes is not a multiple of 512 from 512 bytes to 64 MiB" },
    { "\"rw\": \"read\", \"bs\": \"128M\"",
      "a transfer size of 134217728 bytes is not a multiple of 512 from 512 bytes to 64 MiB" },
    { "\"rw\": \"read\", \"bs\": \"abc\"", "bs=abc is not a transfer size" },
    { "\"rw\": \"read\", \"iodepth\": \"0\"", "iodepth=0 is not a whole number from 1 to 256" },
    { "\"rw\": \"read\", \"iodepth\": \"4x\"", "iodepth=4x is not a whole number from 1 to 256" },
    { "\"rw\": \"read\", \"numjobs\": \"65\"", "numjobs=65 is not a whole number from 1 to 64" },
    { "\"rw\": \"randrw\", \"rwmixread\": \"101\"",
      "rwmixread=101 is not a whole number from 0 to 100" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (option_cases); c++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *ok
          = fio_job ("ok", "\"rw\": \"read\"", "", g_strdup (good), fio_idle_dir ());
      g_autofree char *job
          = fio_job ("t", option_cases[c].options, "", g_strdup (good), g_strdup (good));
      g_autofree char *text
          = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s, %s]}", ok, job);
      g_autofree char *expected
          = g_strdup_printf ("run.json: jobs[1] (“t”): %s", option_cases[c].reason);

      g_test_message ("option case %u: %s", c, option_cases[c].reason);
      g_assert_null (fio (text, &error));
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_assert_cmpstr (error->message, ==, expected);
    }

  /* The document and its members */
  {
    static const struct
    {
      const char *text;
      const char *message;
    } cases[] = {
      { "[1]", "run.json: not fio's JSON output: the document is not an object" },
      { "{}", "run.json: not fio's JSON output: no “fio version”" },
      { "{\"fio version\": \"fio-3.33\"}", "run.json: “jobs” is missing or not an array" },
      { "{\"fio version\": \"fio-3.33\", \"jobs\": {}}",
        "run.json: “jobs” is missing or not an array" },
      { "{\"fio version\": \"fio-3.33\", \"jobs\": [1]}", "run.json: jobs[0]: expected an object" },
      { "{\"fio version\": \"fio-3.33\", \"jobs\": []}",
        "run.json: holds no result of a read, write or mixed test" },
      { "{\"fio version\": \"fio-3.33\", \"client_stats\": [{\"jobname\": \"All clients\"}]}",
        "run.json: holds no result of a read, write or mixed test" },
    };

    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        g_autoptr (GError) error = NULL;

        g_assert_null (fio (cases[c].text, &error));
        g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
        g_assert_cmpstr (error->message, ==, cases[c].message);
      }
  }

  /* A direction missing or broken */
  {
    static const struct
    {
      const char *from;
      const char *to;
      const char *message;
    } cases[] = {
      { "\"read\": {", "\"reads\": {", "run.json: jobs[0] (“t”): no “read” object" },
      { "\"bw_bytes\": 1000000,", "\"bw_bytes\": \"fast\",",
        "run.json: jobs[0] (“t”): read.bw_bytes: expected a number" },
      { "\"iops\": 244.140625,", "\"iops\": -1,",
        "run.json: jobs[0] (“t”): read.iops: expected a number of 0 or more" },
      { "\"total_ios\": 244,", "", "run.json: jobs[0] (“t”): read.total_ios: expected a number" },
      { "\"runtime\": 1000,", "\"runtime\": null,",
        "run.json: jobs[0] (“t”): read.runtime: expected a number" },
      { "\"lat_ns\": {", "\"slat_ns\": {",
        "run.json: jobs[0] (“t”): read: no “lat_ns” object (fio before 3.0 is not read)" },
      { "\"stddev\": 1.5, \"N\": 244", "\"stddev\": 1.5",
        "run.json: jobs[0] (“t”): lat_ns.N: expected a number" },
    };

    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        g_autoptr (GError) error = NULL;
        g_autofree char *job
            = fio_job ("t", "\"rw\": \"read\"", "", g_strdup (good), fio_idle_dir ());
        g_autoptr (GString) s = NULL;
        g_autofree char *text = NULL;

        g_test_message ("direction case %u: %s", c, cases[c].message);
        s = g_string_new (job);
        /* only the first (the read direction's) */
        g_assert_nonnull (strstr (s->str, cases[c].from));
        g_string_replace (s, cases[c].from, cases[c].to, 1);
        text = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}", s->str);
        g_assert_null (fio (text, &error));
        g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
        g_assert_cmpstr (error->message, ==, cases[c].message);
      }
  }

  /* Malformed JSON: the file's line and column (the notes before the object counted), then
   * the parser's words */
  {
    g_autoptr (GError) error = NULL;

    g_assert_null (fio ("{\"fio version\": \"fio-3.33\", \"jobs\": [", &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
    g_assert_cmpstr (error->message, ==,
                     "run.json:1:37: malformed fio JSON: Parse error: unexpected end of file, "
                     "expected character `]'");
    g_clear_error (&error);
    g_assert_null (
        fio ("note: one\nnote: two\n{\"fio version\": \"fio-3.33\", \"jobs\": [", &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
    g_assert_true (g_str_has_prefix (error->message, "run.json:3:37: malformed fio JSON: "));
  }

  /* Neither format */
  {
    g_autoptr (GError) error = NULL;

    g_assert_null (ssdb_import_from_data (SSDB_IMPORT_NONE, "x", 1, "x.bin", &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
    g_assert_cmpstr (error->message, ==,
                     "x.bin: not an SSD Bench report, fio JSON output or CrystalDiskMark / "
                     "KDiskMark text result");
  }
}

/* Members of another type than fio writes (a damaged or hostile file): read as missing, without
 * a json-glib warning (G_DEBUG=fatal-criticals makes one fatal here). */
static void
test_fio_hostile_types (void)
{
  g_autofree char *good
      = fio_dir (1000000.0, 244.140625, 244, 1000000, 1000, 4000, 244, 9000, 5000, 0);
  static const struct
  {
    const char *from;
    const char *to;
    const char *message; /* NULL: imported */
  } cases[] = {
    { "\"jobname\": \"t\"", "\"jobname\": 5", NULL },
    { "\"jobname\": \"t\"", "\"jobname\": null", NULL },
    { "\"jobname\": \"t\"", "\"jobname\": [\"t\"]", NULL },
    { "\"error\": 0", "\"error\": \"x\"", NULL },
    { "\"job options\": {\"ioengine\": \"libaio\", \"rw\": \"read\"}", "\"job options\": \"x\"",
      NULL },
    { "\"percentile\": {\"1.000000\": 100, \"99.000000\": 5000}", "\"percentile\": 3", NULL },
    { "\"99.000000\": 5000", "\"99.000000\": \"abc\"", NULL },
    { "\"read\": {", "\"read\": 5, \"x\": {", "run.json: jobs[0] (“t”): no “read” object" },
    { "\"lat_ns\": {", "\"lat_ns\": [], \"x\": {",
      "run.json: jobs[0] (“t”): read: no “lat_ns” object (fio before 3.0 is not read)" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) r = NULL;
      g_autofree char *job
          = fio_job ("t", "\"rw\": \"read\"", "", g_strdup (good), fio_idle_dir ());
      g_autofree char *text = NULL;
      g_autoptr (GString) s = g_string_new (job);

      g_test_message ("case %u: %s", c, cases[c].to);
      g_assert_cmpuint (g_string_replace (s, cases[c].from, cases[c].to, 1), ==, 1);
      text = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}", s->str);
      r = fio (text, &error);
      if (cases[c].message == NULL)
        {
          SsdbSummaryEntry *e;

          g_assert_no_error (error);
          g_assert_cmpuint (r->summary->entries->len, ==, 1);
          e = g_ptr_array_index (r->summary->entries, 0);
          /* rw=read, or fio's default (read) where the options are unreadable; 4 KiB */
          g_assert_cmpstr (e->test.name, ==, "SEQ4K Q1T1");
          g_assert_cmpint (e->rw, ==, R);
          g_assert_cmpint (e->state, ==, SSDB_ENTRY_DONE);
          g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 1000000.0);
          g_assert_cmpfloat (e->quoted.p99_ns, ==, c >= 5 ? 0 : 5000);
        }
      else
        {
          g_assert_null (r);
          g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
          g_assert_cmpstr (error->message, ==, cases[c].message);
        }
    }

  /* The document's own members */
  {
    static const struct
    {
      const char *text;
      const char *message;
    } doc_cases[] = {
      { "{\"fio version\": {}, \"jobs\": []}",
        "run.json: not fio's JSON output: no “fio version”" },
      { "{\"fio version\": 3, \"jobs\": []}", "run.json: not fio's JSON output: no “fio version”" },
      { "{\"fio version\": \"fio-3.33\", \"jobs\": \"x\"}",
        "run.json: “jobs” is missing or not an array" },
    };

    for (guint c = 0; c < G_N_ELEMENTS (doc_cases); c++)
      {
        g_autoptr (GError) error = NULL;

        g_assert_null (fio (doc_cases[c].text, &error));
        g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
        g_assert_cmpstr (error->message, ==, doc_cases[c].message);
      }
  }

  /* "time", "timestamp" and "global options" of another type: left out; a timestamp beyond
   * the year 9999 is taken as its last second */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SsdbReport) r = NULL;
    g_autofree char *job = fio_job ("t", "\"rw\": \"read\"", "", g_strdup (good), fio_idle_dir ());
    g_autofree char *text
        = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"time\": 5, \"timestamp\": 1e300, "
                           "\"global options\": [\"x\"], \"jobs\": [%s]}",
                           job);

    r = fio (text, &error);
    g_assert_no_error (error);
    g_assert_null (r->summary->imported->date);
    g_assert_null (r->summary->imported->settings);
    g_assert_cmpint (r->created_unix, ==, G_GINT64_CONSTANT (253402300799));
  }
}

/* ssdb_report_open() on what is not an import: a report is loaded as one, a missing file is
 * said so. */
static void
test_open (void)
{
  g_autofree char *valid
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid.json", NULL);
  g_autofree char *missing = fixture_path ("no-such-file.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) r = ssdb_report_open (valid, &error);
  g_autoptr (SsdbReport) loaded = ssdb_report_load (valid, NULL);
  g_autofree char *a = NULL, *b = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_nonnull (r->summary);
  g_assert_null (r->summary->imported);
  a = ssdb_report_to_data (r, NULL);
  b = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (a, ==, b);
  g_assert_null (ssdb_report_open (missing, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
}

/* One read job of @options (and @extra members) at 1 GB/s, in a file of its own. */
static SsdbReport *
fio_one (const char *options, const char *extra, GError **error)
{
  g_autofree char *job
      = fio_job ("j", options, extra,
                 fio_dir (1e9, 244140.625, 244140, 1000000000, 1000, 4000, 244140, 9000, 5000, 0),
                 fio_idle_dir ());
  g_autofree char *text = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}", job);

  return fio (text, error);
}

/* fio's own rules where they differ from SSD Bench's: its size units (kb_base), its bs=R,W
 * fields, a job's option over a global one, a synchronous engine's depth, groups reported as
 * one, one mix ratio per summary, run lengths and counts a report cannot hold. */
static void
test_fio_rules (void)
{
  static const struct
  {
    const char *options;
    guint block_size; /* 0: refused with @message */
    guint queue_depth;
    const char *message;
  } cases[] = {
    /* kb_base=1024 (fio's default): "KB" is 1024, "KiB" 1000 */
    { "\"rw\": \"read\", \"bs\": \"4KB\"", 4096, 1, NULL },
    { "\"rw\": \"read\", \"bs\": \"512kb\"", 512 * 1024, 1, NULL },
    { "\"rw\": \"read\", \"bs\": \"4KiB\"", 0, 0,
      "run.json: jobs[0] (“j”): a transfer size of 4000 bytes is not a multiple of 512 from 512 "
      "bytes to 64 MiB" },
    { "\"rw\": \"read\", \"kb_base\": \"1000\", \"bs\": \"4KiB\"", 4096, 1, NULL },
    { "\"rw\": \"read\", \"kb_base\": \"1000\", \"bs\": \"4k\"", 0, 0,
      "run.json: jobs[0] (“j”): a transfer size of 4000 bytes is not a multiple of 512 from 512 "
      "bytes to 64 MiB" },
    /* bs=R,W: an empty field keeps fio's 4 KiB */
    { "\"rw\": \"read\", \"bs\": \",8k\"", 4096, 1, NULL },
    { "\"rw\": \"read\", \"bs\": \"8k,64k\"", 8192, 1, NULL },
    /* a synchronous engine keeps one request in flight; libaio keeps iodepth */
    { "\"rw\": \"read\", \"ioengine\": \"psync\", \"iodepth\": \"32\"", 4096, 1, NULL },
    { "\"rw\": \"read\", \"ioengine\": \"libaio\", \"iodepth\": \"32\"", 4096, 32, NULL },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) r = NULL;
  SsdbSummaryEntry *e;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (SsdbReport) one = NULL;

      g_clear_error (&error);
      g_test_message ("case %u: %s", c, cases[c].options);
      one = fio_one (cases[c].options, "", &error);
      if (cases[c].block_size == 0)
        {
          g_assert_null (one);
          g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
          g_assert_cmpstr (error->message, ==, cases[c].message);
          continue;
        }
      g_assert_no_error (error);
      e = g_ptr_array_index (one->summary->entries, 0);
      g_assert_cmpuint (e->test.block_size, ==, cases[c].block_size);
      g_assert_cmpuint (e->test.queue_depth, ==, cases[c].queue_depth);
    }

  /* A job's own rwmixwrite wins over a global rwmixread. */
  {
    g_autofree char *job
        = fio_job ("m", "\"rw\": \"randrw\", \"rwmixwrite\": \"30\"", "",
                   fio_dir (7e8, 170898.4375, 170898, 700000000, 1000, 4000, 170898, 9000, 5000, 0),
                   fio_dir (3e8, 73242.1875, 73242, 300000000, 1000, 4000, 73242, 9000, 5000, 0));
    g_autofree char *text = g_strdup_printf (
        "{\"fio version\": \"fio-3.33\", \"global options\": {\"rwmixread\": \"50\"}, \"jobs\": "
        "[%s]}",
        job);

    r = fio (text, &error);
    g_assert_no_error (error);
    e = g_ptr_array_index (r->summary->entries, 0);
    g_assert_cmpuint (e->job.read_percent, ==, 70);
    g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 1e9);
    g_clear_pointer (&r, ssdb_report_unref);
  }

  /* A mixed job whose reads and writes differ in size has no one size. */
  r = fio_one ("\"rw\": \"randrw\", \"bs\": \"4k,64k\"", "", &error);
  g_assert_null (r);
  g_assert_cmpstr (error->message, ==,
                   "run.json: jobs[0] (“j”): a mixed job of 4096-byte reads and 65536-byte writes "
                   "has no one transfer size to compare");
  g_clear_error (&error);

  /* Two groups of one name, each already the sum of its threads (group_reporting, stonewall):
   * two tests, not one of both. */
  {
    g_autofree char *a = fio_job (
        "x", "\"rw\": \"read\", \"numjobs\": \"2\", \"group_reporting\": \"\"", "",
        fio_dir (1.911e9, 1822.47, 18224, 19110000000, 10000, 1000000, 18224, 9e6, 5e6, 0),
        fio_idle_dir ());
    g_autofree char *b = fio_job (
        "x", "\"rw\": \"read\", \"numjobs\": \"2\", \"group_reporting\": \"\"", ", \"groupid\": 1",
        fio_dir (1.180e9, 1125.34, 11253, 11800000000, 10000, 1700000, 11253, 9e6, 5e6, 0),
        fio_idle_dir ());
    g_autofree char *text
        = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s, %s]}", a, b);

    r = fio (text, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->summary->entries->len, ==, 2);
    e = g_ptr_array_index (r->summary->entries, 0);
    g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 1.911e9);
    e = g_ptr_array_index (r->summary->entries, 1);
    g_assert_cmpfloat (e->aggregate.bytes_per_second, ==, 1.180e9);
    g_assert_cmpstr (e->test.name, ==, "SEQ4K Q1T2 (x)");
    g_clear_pointer (&r, ssdb_report_unref);
  }

  /* A read job that also wrote: a group over jobs of another kind. */
  {
    g_autofree char *job
        = fio_job ("g", "\"rw\": \"read\"", "",
                   fio_dir (1e9, 244140.625, 244140, 1000000000, 1000, 4000, 244140, 9000, 5000, 0),
                   fio_dir (1e8, 24414.0625, 24414, 100000000, 1000, 4000, 24414, 9000, 5000, 0));
    g_autofree char *text
        = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}", job);

    g_assert_null (fio (text, &error));
    g_assert_cmpstr (error->message, ==,
                     "run.json: jobs[0] (“g”): a read job that also wrote 100000000 bytes "
                     "(group_reporting over jobs of another kind?)");
    g_clear_error (&error);
  }

  /* Mixes of two ratios: one summary holds one. */
  {
    g_autofree char *a
        = fio_job ("m1", "\"rw\": \"randrw\", \"rwmixread\": \"70\"", "",
                   fio_dir (7e8, 170898.4375, 170898, 700000000, 1000, 4000, 170898, 9000, 5000, 0),
                   fio_dir (3e8, 73242.1875, 73242, 300000000, 1000, 4000, 73242, 9000, 5000, 0));
    g_autofree char *b = fio_job (
        "m2", "\"rw\": \"randrw\", \"rwmixread\": \"30\"", "",
        fio_dir (3e8, 73242.1875, 73242, 300000000, 1000, 4000, 73242, 9000, 5000, 0),
        fio_dir (7e8, 170898.4375, 170898, 700000000, 1000, 4000, 170898, 9000, 5000, 0));
    g_autofree char *text
        = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s, %s]}", a, b);

    g_assert_null (fio (text, &error));
    g_assert_cmpstr (error->message, ==,
                     "run.json: mixed jobs of 70 % and of 30 % reads: a summary holds one mix "
                     "ratio; import the jobs of each ratio from a file of their own");
    g_clear_error (&error);
  }

  /* A run longer than a report's test may last; an error code beyond any errno. */
  {
    g_autofree char *job = fio_job (
        "long", "\"rw\": \"read\"", "",
        fio_dir (1e9, 244140.625, 244140, 1000000000, 90000000, 4000, 244140, 9000, 5000, 0),
        fio_idle_dir ());
    g_autofree char *text
        = g_strdup_printf ("{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}", job);

    g_assert_null (fio (text, &error));
    g_assert_cmpstr (error->message, ==,
                     "run.json: jobs[0] (“long”): a run of 90000 s is longer than the day a "
                     "report's test may last");
    g_clear_error (&error);
  }
  r = fio_one ("\"rw\": \"read\"", ", \"error\": 1e300", &error);
  g_assert_no_error (error);
  e = g_ptr_array_index (r->summary->entries, 0);
  g_assert_cmpint (e->state, ==, SSDB_ENTRY_FAILED);
  g_clear_pointer (&r, ssdb_report_unref);
}

/* CrystalDiskMark's hour without a leading zero, a file without a date (its time unknown, not
 * the import's), KDiskMark 3.2's Target line. */
static void
test_cdm_dates_targets (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) r = NULL;

  r = cdm (CDM8_HEAD "[Read]\n"
                     "  RND    4KiB (Q=  1, T= 1):    58.125 MB/s [  14190.7 IOPS] <    70.33 us>\n"
                     "\n   Date: 2024/03/15 9:04:33\n",
           &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->created_unix, ==, 1710493473); /* 2024-03-15 09:04:33 as written */
  g_assert_cmpstr (r->summary->imported->date, ==, "2024/03/15 9:04:33");
  g_clear_pointer (&r, ssdb_report_unref);

  r = cdm (CDM8_HEAD
           "[Read]\n"
           "  RND    4KiB (Q=  1, T= 1):    58.125 MB/s [  14190.7 IOPS] <    70.33 us>\n",
           &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->created_unix, ==, 0);
  g_assert_cmpint (r->summary->started_unix, ==, 0);
  g_clear_pointer (&r, ssdb_report_unref);

  r = cdm ("                            KDiskMark (3.2.0): https://github.com/JonMagon/KDiskMark\n"
           "[Read]\n"
           "    Random 4 KiB (Q= 32, T= 1):   745.018 MB/s [ 181889.5 IOPS] <   175.84 us>\n"
           "\n"
           " Target: /home (nvme0n1p2, 468.4GiB) [Samsung SSD 980 1TB]\n",
           &error);
  g_assert_no_error (error);
  g_assert_cmpstr (r->target.path, ==, "/home");
  g_assert_cmpstr (r->target.model, ==, "Samsung SSD 980 1TB");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/import/fixtures", test_fixtures);
  g_test_add_func ("/import/round-trip", test_round_trip);
  g_test_add_func ("/import/sniff", test_sniff);
  g_test_add_func ("/import/encodings", test_encodings);
  g_test_add_func ("/import/cdm-text", test_cdm_text);
  g_test_add_func ("/import/cdm-errors", test_cdm_errors);
  g_test_add_func ("/import/fio", test_fio);
  g_test_add_func ("/import/fio-client-server", test_fio_client_server);
  g_test_add_func ("/import/fio-errors", test_fio_errors);
  g_test_add_func ("/import/fio-hostile-types", test_fio_hostile_types);
  g_test_add_func ("/import/open", test_open);
  g_test_add_func ("/import/fio-rules", test_fio_rules);
  g_test_add_func ("/import/cdm-dates-targets", test_cdm_dates_targets);
  return g_test_run ();
}
