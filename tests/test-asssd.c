/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The AS SSD-style suite on hand-built results: AS SSD Benchmark's score arithmetic against
 * published results whose six rates and three scores are all given, the defaults and the
 * check's refusals, the scores of a result (and no total without the writes), the report round
 * trip byte for byte with the loader refusing numbers that contradict each other or the
 * settings, and the text and CSV tables. The run on a real device is tests/real/cli-asssd.sh. */
#include <math.h>
#include <string.h>

#include "engine/ssdb-asssd.h"
#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"

#define MiB (1024u * 1024u)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

static const SsdbTargetInfo zram4k = {
  .kind = SSDB_TARGET_DEVICE,
  .path = (char *)"/dev/zram9",
  .name = (char *)"zram9",
  .disk_name = (char *)"zram9",
  .size_bytes = 256 * MiB,
  .logical_block_size = 4096,
  .physical_block_size = 4096,
  .dio_mem_align = 4096,
  .dio_offset_align = 4096,
  .direct_io = TRUE,
};

/* A published AS SSD result: the six rates (MB/s) and the three scores as shown. */
typedef struct
{
  const char *what;
  double seq_r, seq_w, k4_r, k4_w, k64_r, k64_w;
  double read, write, total;
  double rate_step; /* the rounding step of the rates as published */
} Published;

/* The weights of the total, for the bound rounding puts on it. */
static const double total_weights[6] = { 0.1, 0.15, 2, 1, 1.5, 1 };

static void
test_published_scores (void)
{
  static const Published results[] = {
    /* gist.github.com/nwgat/603c455cb46392789f76d34c56e9be6f: AS SSD 1.9.5986, Samsung 960
     * EVO 500 GB, rates with two decimals */
    { "Samsung 960 EVO", 1353.82, 1178.03, 37.38, 80.51, 671.87, 720.75, 845, 919, 2196, 0.01 },
    /* A table of AS SSD 2.0.7316.34247 results in a public notes repository (1 GB test), rates
     * as whole numbers */
    { "Crucial MX500 500 GB", 520, 471, 33, 76, 374, 323, 460, 447, 1152, 1 },
    { "Samsung 860 EVO 250 GB", 508, 479, 43, 91, 375, 328, 469, 468, 1192, 1 },
    { "Samsung 870 EVO 1 TB", 510, 480, 43, 93, 374, 343, 469, 485, 1209, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      const Published *p = &results[i];
      double read = ssdb_asssd_score_of_rates (p->seq_r, p->k4_r, p->k64_r);
      double write = ssdb_asssd_score_of_rates (p->seq_w, p->k4_w, p->k64_w);
      double total
          = ssdb_asssd_total_of_rates (p->seq_r, p->seq_w, p->k4_r, p->k4_w, p->k64_r, p->k64_w);
      /* each published rate is off by at most half its step, the score by half a point */
      double score_slack = p->rate_step / 2 * (0.1 + 1 + 1) + 0.5;
      double total_slack = 0.5;

      for (guint k = 0; k < 6; k++)
        total_slack += p->rate_step / 2 * total_weights[k];
      g_test_message ("%s: read %.2f (%g), write %.2f (%g), total %.2f (%g)", p->what, read,
                      p->read, write, p->write, total, p->total);
      g_assert_cmpfloat (fabs (read - p->read), <=, score_slack);
      g_assert_cmpfloat (fabs (write - p->write), <=, score_slack);
      g_assert_cmpfloat (fabs (total - p->total), <=, total_slack);
    }
  /* The 960 EVO's rates have two decimals: its scores come out exactly, once rounded. */
  g_assert_cmpfloat (round (ssdb_asssd_score_of_rates (1353.82, 37.38, 671.87)), ==, 845);
  g_assert_cmpfloat (round (ssdb_asssd_score_of_rates (1178.03, 80.51, 720.75)), ==, 919);
  g_assert_cmpfloat (
      round (ssdb_asssd_total_of_rates (1353.82, 1178.03, 37.38, 80.51, 671.87, 720.75)), ==, 2196);
  /* The other weighting in circulation (4K and 4K-64Thrd writes × 1.5, 4K read × 1) does not
   * give the published total: 2223, not 2196. */
  g_assert_cmpfloat (
      round (0.1 * 1353.82 + 0.15 * 1178.03 + 37.38 + 1.5 * 80.51 + 671.87 + 1.5 * 720.75), ==,
      2223);
}

static void
test_defaults_and_check (void)
{
  SsdbAsssdSpec spec;
  g_autoptr (SsdbAsssdResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbTargetInfo small = zram4k, ro = zram4k;
  SsdbRunEstimate e;

  ssdb_asssd_spec_init (&spec);
  g_assert_true (spec.do_read);
  g_assert_false (spec.do_write);
  g_assert_cmpuint (spec.test_duration_ns, ==, 3 * NS_PER_S);
  g_assert_cmpuint (spec.span_length, ==, 0);
  r = ssdb_asssd_result_new (&spec);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *x = &r->entries[i];

      g_assert_cmpuint (ssdb_asssd_index (x->test, x->rw), ==, i);
      g_assert_cmpint (x->state, ==,
                       x->rw == SSDB_RW_READ ? SSDB_ENTRY_PENDING : SSDB_ENTRY_SKIPPED);
      g_assert_cmpuint (x->threads, ==, x->test == SSDB_ASSSD_4K64 ? 64 : 1);
    }
  g_assert_cmpuint (r->entries[0].block_size, ==, 16 * MiB);
  g_assert_cmpuint (r->entries[2].block_size, ==, 4096);
  g_assert_cmpstr (ssdb_asssd_test_name (SSDB_ASSSD_4K64), ==, "4K-64Thrd");
  g_assert_true (ssdb_asssd_result_check (r, &zram4k, &error));
  g_assert_no_error (error);
  /* four read measurements of 3 s; no fill */
  g_assert_true (ssdb_asssd_estimate (r, zram4k.size_bytes, &e));
  g_assert_cmpuint (e.timed_ns, ==, 12 * NS_PER_S);
  g_assert_cmpuint (e.write_bytes, ==, 0);

  /* a target too small for one 16 MiB transfer */
  small.size_bytes = 8 * MiB;
  g_assert_false (ssdb_asssd_result_check (r, &small, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  /* writes on a read-only device */
  spec.do_write = TRUE;
  ssdb_asssd_result_free (g_steal_pointer (&r));
  r = ssdb_asssd_result_new (&spec);
  ro.read_only = TRUE;
  g_assert_false (ssdb_asssd_result_check (r, &ro, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);

  /* a duration out of range */
  r->spec.test_duration_ns = 0;
  g_assert_false (ssdb_asssd_result_check (r, &zram4k, &error));
  g_assert_nonnull (strstr (error->message, "duration"));
}

/* A finished run with hand-set figures: the 960 EVO's rates on a span of 64 MiB. */
static SsdbAsssdResult *
finished_result (gboolean writes)
{
  static const double mbps[SSDB_ASSSD_N_ENTRIES]
      = { 1353.82, 1178.03, 37.38, 80.51, 671.87, 720.75, 99.9, 90.1 };
  SsdbAsssdSpec spec;
  SsdbAsssdResult *r;

  ssdb_asssd_spec_init (&spec);
  spec.do_write = writes;
  spec.span_length = 64 * MiB;
  spec.test_duration_ns = NS_PER_S;
  r = ssdb_asssd_result_new (&spec);
  r->filled = writes;
  r->prepare_ns = writes ? 123456789 : 0;
  if (!writes)
    {
      r->unwritten_percent = 40;
      r->unwritten_source = SSDB_UNWRITTEN_ZRAM;
    }
  r->entries[ssdb_asssd_index (SSDB_ASSSD_ACCESS, SSDB_RW_WRITE)].block_size = 4096;
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      SsdbAsssdEntry *e = &r->entries[i];

      if (e->state == SSDB_ENTRY_SKIPPED)
        continue;
      /* whole requests over exactly 1 s, the rate as near the published one as they make */
      e->ios = (guint64)llround (mbps[i] * 1e6 / e->block_size);
      e->bytes = e->ios * e->block_size;
      e->window_ns = NS_PER_S;
      e->iops = (double)e->ios;
      e->bytes_per_second = (double)e->bytes;
      e->max_ns = 900000;
      e->mean_ns = 41000;
      e->p99_ns = 80000;
      e->engine = SSDB_IO_ENGINE_PVSYNC2;
      e->fio_command = g_strdup_printf ("fio --name=asssd_%u", i);
      e->state = SSDB_ENTRY_DONE;
    }
  return r;
}

static void
test_result_scores (void)
{
  g_autoptr (SsdbAsssdResult) both = finished_result (TRUE);
  g_autoptr (SsdbAsssdResult) reads = finished_result (FALSE);
  g_autoptr (SsdbAsssdResult) copy = NULL;
  double read, write, total;

  /* the rates are whole requests near the published ones: within a point */
  g_assert_true (ssdb_asssd_result_score (both, SSDB_RW_READ, &read));
  g_assert_true (ssdb_asssd_result_score (both, SSDB_RW_WRITE, &write));
  g_assert_true (ssdb_asssd_result_total (both, &total));
  g_assert_cmpfloat (fabs (read - 844.63), <, 1);
  g_assert_cmpfloat (fabs (write - 919.06), <, 1);
  g_assert_cmpfloat (fabs (total - 2195.91), <, 2);

  /* a read-only run: a read score, no write score and no total */
  g_assert_true (ssdb_asssd_result_score (reads, SSDB_RW_READ, &read));
  g_assert_false (ssdb_asssd_result_score (reads, SSDB_RW_WRITE, &write));
  g_assert_false (ssdb_asssd_result_total (reads, &total));

  /* a stopped measurement has no score */
  copy = ssdb_asssd_result_dup (both);
  g_assert_true (copy->entries[0].fio_command != both->entries[0].fio_command);
  g_assert_cmpstr (copy->entries[0].fio_command, ==, both->entries[0].fio_command);
  copy->entries[ssdb_asssd_index (SSDB_ASSSD_4K64, SSDB_RW_WRITE)].state = SSDB_ENTRY_CANCELLED;
  g_assert_false (ssdb_asssd_result_score (copy, SSDB_RW_WRITE, &write));
  g_assert_false (ssdb_asssd_result_total (copy, &total));
}

static void
test_round_trip (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&zram4k, NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (SsdbAsssdResult) r = finished_result (TRUE);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;
  /* each: text to find, what to put instead, what the refusal names */
  static const char *const breaks[] = {
    "\"bytes\" : 1358954496,",
    "\"bytes\" : 1358954497,",
    "tests[0].entries[0].bytes: 1358954497 is not 81 requests of 16777216 bytes",
    "\"block_size\" : 16777216",
    "\"block_size\" : 1048576",
    "tests[0].entries[0].block_size: 1048576 bytes is not the transfer size of Seq",
    "\"threads\" : 64",
    "\"threads\" : 32",
    "tests[0].entries[4].threads: 32 is not the threads of 4K-64Thrd",
    "\"test\" : \"4K\"",
    "\"test\" : \"Seq\"",
    "tests[0].entries[2]: is not the entry the suite puts here (4K read, found Seq read)",
    "\"iops\" : 81",
    "\"iops\" : 82",
    "tests[0].entries[0].iops: 82 is not the bytes over the window",
    "\"write\" : true",
    "\"write\" : false",
    "tests[0].entries[1].state: “done” for write the settings do not ask for",
    "\"state\" : \"done\"",
    "\"state\" : \"pending\"",
    "tests[0].entries[0].ios: an entry that never ran has no requests",
    "\"filled\" : true,",
    "\"filled\" : true,\n  \"unwritten\" : { \"percent\" : 10, \"source\" : \"zram\" },",
    "tests[0].unwritten: a span filled before the reads has no unwritten part",
    "\"span_length\" : 67108864",
    "\"span_length\" : 0",
    "tests[0].span_length: 0 is allowed only in a test that never ran; entry 0 is done",
  };

  ssdb_report_set_result (report, SSDB_TEST_KIND_ASSSD, r);
  g_assert_true (ssdb_report_has_test (report, SSDB_TEST_KIND_ASSSD));
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "asssd.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->asssd);
  g_assert_cmpmem (loaded->asssd->entries, sizeof (SsdbAsssdEntry) - sizeof (char *), r->entries,
                   sizeof (SsdbAsssdEntry) - sizeof (char *));
  g_assert_true (loaded->asssd->filled);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i += 3)
    {
      g_autoptr (GString) bad = g_string_new (text);
      g_autoptr (SsdbReport) refused = NULL;

      g_test_message ("break: %s", breaks[i + 1]);
      g_assert_cmpuint (g_string_replace (bad, breaks[i], breaks[i + 1], 1), ==, 1);
      refused = ssdb_report_load_from_data (bad->str, bad->len, "asssd.json", &error);
      g_assert_null (refused);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, breaks[i + 2]));
      g_clear_error (&error);
    }
}

/* A report saved by a run on zram opens and saves to the same bytes. */
static void
test_fixture_round_trip (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-asssd.json", NULL);
  g_autofree char *data = NULL, *saved = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;
  gsize length;
  double total;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  report = ssdb_report_load_from_data (data, length, "valid-asssd.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (report->asssd);
  g_assert_true (ssdb_asssd_result_total (report->asssd, &total));
  g_assert_cmpfloat (total, >, 0);
  saved = ssdb_report_to_data (report, NULL);
  g_assert_cmpstr (saved, ==, data);
}

static void
test_tables (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&zram4k, NULL);
  g_autoptr (SsdbAsssdResult) both = finished_result (TRUE);
  g_autoptr (SsdbAsssdResult) reads = finished_result (FALSE);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *csv = NULL, *ro = NULL, *stopped = NULL;
  double total;

  ssdb_report_set_result (report, SSDB_TEST_KIND_ASSSD, both);
  text = ssdb_csv_format_text (report, SSDB_TEST_KIND_ASSSD, &error);
  g_assert_no_error (error);
  g_test_message ("%s", text);
  g_assert_true (ssdb_asssd_result_total (both, &total));
  {
    g_autofree char *t = g_strdup_printf ("Total score %.0f\n", total);

    g_assert_nonnull (strstr (text, t));
  }
  g_assert_nonnull (strstr (text, "4K-64Thrd"));
  /* the chart's precision: ms with three decimals, MB/s with two */
  g_assert_nonnull (strstr (text, "Acc.time     0.041 ms"));
  {
    g_autofree char *seq
        = g_strdup_printf ("Seq          %.2f MB/s", both->entries[0].bytes_per_second / 1e6);

    g_assert_nonnull (strstr (text, seq));
  }
  g_assert_nonnull (strstr (text, "The span was filled with random data first (0.123 s)."));
  csv = ssdb_csv_format (report, SSDB_TEST_KIND_ASSSD, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (csv, "\nentry,4K-64Thrd,read,4096,64,done,"));
  g_assert_nonnull (strstr (csv, "\nscore,total,"));

  /* a stopped read keeps the Write column in line with the heading */
  both->entries[2].state = SSDB_ENTRY_CANCELLED;
  both->cancelled = TRUE;
  stopped = ssdb_csv_format_text (report, SSDB_TEST_KIND_ASSSD, &error);
  g_assert_no_error (error);
  g_test_message ("%s", stopped);
  g_assert_nonnull (strstr (stopped, " IOPS (stopped) "));
  {
    g_auto (GStrv) lines = g_strsplit (stopped, "\n", -1);
    gssize column = -1;
    guint rows = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      {
        const char *w = strstr (lines[i], " Write");

        if (column < 0 && w != NULL && lines[i][0] == ' ' && strstr (lines[i], "Read") != NULL)
          column = w - lines[i] + 1;
        else if (column > 0
                 && (g_str_has_prefix (lines[i], "Seq ") || g_str_has_prefix (lines[i], "4K")
                     || g_str_has_prefix (lines[i], "Acc.time ")
                     || g_str_has_prefix (lines[i], "Score ")))
          {
            g_assert_cmpint ((gssize)strlen (lines[i]), >, column);
            g_assert_cmpint (lines[i][column - 1], ==, ' ');
            g_assert_cmpint (lines[i][column - 2], ==, ' ');
            g_assert_cmpint (lines[i][column], !=, ' ');
            rows++;
          }
      }
    g_assert_cmpint (column, >, 0);
    g_assert_cmpuint (rows, ==, 5);
  }
  both->entries[2].state = SSDB_ENTRY_DONE;
  both->cancelled = FALSE;

  ssdb_report_set_result (report, SSDB_TEST_KIND_ASSSD, reads);
  ro = ssdb_csv_format_text (report, SSDB_TEST_KIND_ASSSD, &error);
  g_assert_no_error (error);
  g_test_message ("%s", ro);
  g_assert_nonnull (strstr (ro, "not run"));
  g_assert_nonnull (strstr (ro, "No total score"));
  g_assert_nonnull (strstr (ro, "The write column was not run"));
  g_assert_nonnull (strstr (ro, "40 % of the test region was never written"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/asssd/published-scores", test_published_scores);
  g_test_add_func ("/asssd/defaults-and-check", test_defaults_and_check);
  g_test_add_func ("/asssd/result-scores", test_result_scores);
  g_test_add_func ("/asssd/round-trip", test_round_trip);
  g_test_add_func ("/asssd/fixture-round-trip", test_fixture_round_trip);
  g_test_add_func ("/asssd/tables", test_tables);
  return g_test_run ();
}
