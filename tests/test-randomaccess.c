/* SPDX-License-Identifier: GPL-3.0-or-later */
/* HD Tune Pro's random-access table on hand-built results: the settings' defaults and rows,
 * the check's refusals word for word, the deep copy, the report round trip field by field with
 * the loader refusing numbers that contradict each other, the text and CSV tables, the
 * estimate, and the engine's request sample (Algorithm R) drawing every request alike. The run
 * on a real device is tests/real/cli-randomaccess.sh. */
#include <math.h>
#include <string.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-randomaccess.h"
#include "engine/ssdb-report.h"

#define KiB 1024u
#define MiB (1024u * 1024u)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

static const SsdbTargetInfo disk512 = {
  .kind = SSDB_TARGET_DEVICE,
  .path = (char *)"/dev/loop9",
  .name = (char *)"loop9",
  .disk_name = (char *)"loop9",
  .size_bytes = 64 * MiB,
  .logical_block_size = 512,
  .physical_block_size = 512,
  .dio_mem_align = 512,
  .dio_offset_align = 512,
  .direct_io = TRUE,
};

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

static void
test_defaults (void)
{
  SsdbRandomAccessSpec spec;
  g_autoptr (SsdbRandomAccessResult) r = NULL;
  static const guint sizes[] = { 0, 4 * KiB, 64 * KiB, 1 * MiB };

  ssdb_random_access_spec_init (&spec);
  g_assert_cmpuint (spec.n_sizes, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (spec.sizes[i], ==, sizes[i]);
  g_assert_true (spec.mixed);
  g_assert_true (spec.do_read);
  g_assert_false (spec.do_write);
  g_assert_cmpuint (spec.span_offset, ==, 0);
  g_assert_cmpuint (spec.span_length, ==, 0);
  g_assert_cmpuint (spec.row_duration_ns, ==, 3 * NS_PER_S);
  g_assert_cmpuint (spec.row_ios, ==, 0);
  g_assert_cmpuint (spec.max_dots, ==, 2000);
  g_assert_false (spec.fill);
  g_assert_cmpint (spec.data.kind, ==, SSDB_DATA_RANDOM);
  g_assert_cmpuint (spec.seed, ==, 1);

  /* reads: each size, then the mix (the largest size), all pending */
  r = ssdb_random_access_result_new (&spec);
  g_assert_cmpuint (r->rows->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);

      g_assert_cmpuint (row->size, ==, i < 4 ? sizes[i] : 1 * MiB);
      g_assert_cmpint (row->mixed, ==, i == 4);
      g_assert_cmpint (row->rw, ==, SSDB_RW_READ);
      g_assert_cmpint (row->state, ==, SSDB_ENTRY_PENDING);
      g_assert_cmpuint (row->dots->len, ==, 0);
    }
  g_clear_pointer (&r, ssdb_random_access_result_free);

  /* reads then writes; one size has no mixed row */
  spec.do_write = TRUE;
  r = ssdb_random_access_result_new (&spec);
  g_assert_cmpuint (r->rows->len, ==, 10);
  g_assert_cmpint (g_array_index (r->rows, SsdbRandomAccessRow, 4).rw, ==, SSDB_RW_READ);
  g_assert_cmpint (g_array_index (r->rows, SsdbRandomAccessRow, 5).rw, ==, SSDB_RW_WRITE);
  g_assert_true (g_array_index (r->rows, SsdbRandomAccessRow, 9).mixed);
  g_clear_pointer (&r, ssdb_random_access_result_free);
  spec.n_sizes = 1;
  spec.sizes[0] = 4 * KiB;
  r = ssdb_random_access_result_new (&spec);
  g_assert_cmpuint (r->rows->len, ==, 2);
  g_assert_false (g_array_index (r->rows, SsdbRandomAccessRow, 1).mixed);
}

/* The logical-block row: 512 bytes on a 512-byte drive, left out where the block is 4 KiB. */
static void
test_fit (void)
{
  SsdbRandomAccessSpec spec;
  SsdbTargetInfo unknown = disk512;

  ssdb_random_access_spec_init (&spec);
  ssdb_random_access_spec_fit (&spec, &disk512);
  g_assert_cmpuint (spec.n_sizes, ==, 4);
  g_assert_cmpuint (spec.sizes[0], ==, 512);

  ssdb_random_access_spec_init (&spec);
  ssdb_random_access_spec_fit (&spec, &zram4k);
  g_assert_cmpuint (spec.n_sizes, ==, 3);
  g_assert_cmpuint (spec.sizes[0], ==, 4 * KiB);
  g_assert_cmpuint (spec.sizes[1], ==, 64 * KiB);
  g_assert_cmpuint (spec.sizes[2], ==, 1 * MiB);
  g_assert_cmpuint (spec.sizes[3], ==, 0);

  unknown.logical_block_size = 0;
  unknown.dio_offset_align = 0;
  ssdb_random_access_spec_init (&spec);
  ssdb_random_access_spec_fit (&spec, &unknown);
  g_assert_cmpuint (spec.n_sizes, ==, 4);
  g_assert_cmpuint (spec.sizes[0], ==, 0);
}

typedef void (*SpecEdit) (SsdbRandomAccessSpec *spec);

static void
assert_refused (const SsdbTargetInfo *target, SpecEdit edit, const char *message)
{
  SsdbRandomAccessSpec spec;
  g_autoptr (SsdbRandomAccessResult) r = NULL;
  g_autoptr (GError) error = NULL;

  ssdb_random_access_spec_init (&spec);
  edit (&spec);
  r = ssdb_random_access_result_new (&spec);
  g_assert_false (ssdb_random_access_result_check (r, target, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, message);
  g_clear_error (&error);
  /* the table of kinds makes the same check */
  g_assert_false (ssdb_test_kind_check (SSDB_TEST_KIND_RANDOMACCESS, r, target, &error));
  g_assert_cmpstr (error->message, ==, message);
}

static void
no_direction (SsdbRandomAccessSpec *s)
{
  s->do_read = FALSE;
}
static void
no_sizes (SsdbRandomAccessSpec *s)
{
  s->n_sizes = 0;
}
static void
nine_sizes (SsdbRandomAccessSpec *s)
{
  s->n_sizes = 9;
}
static void
odd_size (SsdbRandomAccessSpec *s)
{
  s->sizes[1] = 1000;
}
static void
small_size (SsdbRandomAccessSpec *s)
{
  s->sizes[0] = 512;
}
static void
falling (SsdbRandomAccessSpec *s)
{
  s->sizes[2] = 2048;
}
static void
huge (SsdbRandomAccessSpec *s)
{
  s->sizes[3] = 128 * MiB;
}
static void
short_span (SsdbRandomAccessSpec *s)
{
  s->span_length = 512 * KiB;
}
static void
span_beyond (SsdbRandomAccessSpec *s)
{
  s->span_offset = 32 * MiB;
  s->span_length = 48 * MiB;
}
static void
too_many_dots (SsdbRandomAccessSpec *s)
{
  s->max_dots = SSDB_RANDOM_ACCESS_MAX_DOTS + 1;
}
static void
no_length (SsdbRandomAccessSpec *s)
{
  s->row_duration_ns = 0;
  s->row_ios = 0;
}
static void
writes (SsdbRandomAccessSpec *s)
{
  s->do_write = TRUE;
}
static void
dots_for_ten_rows (SsdbRandomAccessSpec *s)
{
  s->do_write = TRUE;
  s->max_dots = SSDB_RANDOM_ACCESS_MAX_DOTS;
}

static void
test_check (void)
{
  SsdbTargetInfo ro = disk512;
  SsdbRandomAccessSpec spec;
  g_autoptr (SsdbRandomAccessResult) r = NULL;
  g_autoptr (GError) error = NULL;

  ro.read_only = TRUE;
  assert_refused (&disk512, no_direction, "The random-access test needs reads, writes or both");
  assert_refused (&disk512, no_sizes, "The number of transfer sizes 0 is out of range (1 to 8)");
  assert_refused (&disk512, nine_sizes, "The number of transfer sizes 9 is out of range (1 to 8)");
  assert_refused (&disk512, odd_size,
                  "Transfer size 1000 bytes is not a multiple of the block size of /dev/loop9 "
                  "(512 bytes)");
  assert_refused (&zram4k, small_size,
                  "Transfer size 512 bytes is smaller than the logical block size of /dev/zram9 "
                  "(4096 bytes)");
  assert_refused (&disk512, falling, "Transfer sizes must rise: 2048 bytes follows 4096 bytes");
  assert_refused (&disk512, huge,
                  "Transfer size 134217728 bytes is out of range (logical block size to 64 MiB)");
  assert_refused (&disk512, short_span,
                  "The span (524288 bytes from 0 on /dev/loop9) holds no 1048576-byte transfer");
  assert_refused (&disk512, span_beyond,
                  "The span (50331648 bytes from 33554432) ends beyond the end of /dev/loop9 "
                  "(67108864 bytes)");
  assert_refused (&disk512, too_many_dots, "Dots per row 100001 is out of range (0 to 100000)");
  assert_refused (&disk512, no_length, "Each row needs a duration or a number of requests");
  assert_refused (&ro, writes, "Writes were asked for, but /dev/loop9 is read-only");
  assert_refused (&disk512, dots_for_ten_rows,
                  "Dots per row 100000 × 10 rows is more than the 200000 dots a report holds");

  /* the defaults fit both, before and after the fit to the target (the run leaves the
   * logical-block row out on zram4k) */
  ssdb_random_access_spec_init (&spec);
  r = ssdb_random_access_result_new (&spec);
  g_assert_true (ssdb_random_access_result_check (r, &disk512, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_random_access_result_check (r, &zram4k, &error));
  g_assert_no_error (error);
  g_clear_pointer (&r, ssdb_random_access_result_free);
  ssdb_random_access_spec_fit (&spec, &zram4k);
  r = ssdb_random_access_result_new (&spec);
  g_assert_true (ssdb_random_access_result_check (r, &zram4k, &error));
  g_assert_no_error (error);
}

/* A finished run of 512 B, 4 KiB and the mix of both, reads and writes, over 1 MiB from 1 MiB
 * on disk512, each row with three dots. */
static SsdbRandomAccessResult *
finished_result (void)
{
  SsdbRandomAccessSpec spec;
  SsdbRandomAccessResult *r;

  ssdb_random_access_spec_init (&spec);
  spec.sizes[0] = 512;
  spec.sizes[1] = 4 * KiB;
  spec.n_sizes = 2;
  spec.do_write = TRUE;
  spec.span_offset = 1 * MiB;
  spec.span_length = 1 * MiB;
  spec.row_duration_ns = NS_PER_S / 2;
  spec.max_dots = 3;
  spec.fill = TRUE;
  spec.seed = 42;
  r = ssdb_random_access_result_new (&spec);
  r->filled = TRUE;
  r->prepare_ns = 12345678;
  for (guint i = 0; i < r->rows->len; i++)
    {
      SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
      guint64 ios = 1000 + 100 * i;
      SsdbRandomAccessDot dots[3] = {
        { 1 * MiB, 20000, row->mixed ? 512 : row->size },
        { 1 * MiB + 64 * KiB, 90000 + i, row->mixed ? 4 * KiB : row->size },
        { 2 * MiB - 4 * KiB, 50000, row->mixed ? 4 * KiB : row->size },
      };

      row->state = SSDB_ENTRY_DONE;
      row->ios = ios;
      row->bytes = row->mixed ? 500 * 512 + (ios - 500) * 4 * KiB : ios * row->size;
      row->window_ns = NS_PER_S / 2 + i;
      row->iops = (double)row->ios * 1e9 / (double)row->window_ns;
      row->bytes_per_second = (double)row->bytes * 1e9 / (double)row->window_ns;
      row->mean_ns = 40000.5 + i;
      row->p99_ns = 80000;
      row->max_ns = 100000 + i;
      row->engine = SSDB_IO_ENGINE_PVSYNC2;
      row->fio_command = g_strdup_printf ("fio --name=row%u", i);
      g_array_append_vals (row->dots, dots, 3);
    }
  return r;
}

static void
assert_same_result (const SsdbRandomAccessResult *a, const SsdbRandomAccessResult *b)
{
  g_assert_cmpuint (a->spec.n_sizes, ==, b->spec.n_sizes);
  for (guint i = 0; i < a->spec.n_sizes; i++)
    g_assert_cmpuint (a->spec.sizes[i], ==, b->spec.sizes[i]);
  g_assert_cmpint (a->spec.mixed, ==, b->spec.mixed);
  g_assert_cmpint (a->spec.do_read, ==, b->spec.do_read);
  g_assert_cmpint (a->spec.do_write, ==, b->spec.do_write);
  g_assert_cmpuint (a->spec.span_offset, ==, b->spec.span_offset);
  g_assert_cmpuint (a->spec.span_length, ==, b->spec.span_length);
  g_assert_cmpuint (a->spec.row_duration_ns, ==, b->spec.row_duration_ns);
  g_assert_cmpuint (a->spec.row_ios, ==, b->spec.row_ios);
  g_assert_cmpuint (a->spec.max_dots, ==, b->spec.max_dots);
  g_assert_cmpint (a->spec.fill, ==, b->spec.fill);
  g_assert_cmpint (a->spec.data.kind, ==, b->spec.data.kind);
  g_assert_cmpuint (a->spec.seed, ==, b->spec.seed);
  g_assert_cmpuint (a->prepare_ns, ==, b->prepare_ns);
  g_assert_cmpint (a->filled, ==, b->filled);
  g_assert_cmpuint (a->unwritten_percent, ==, b->unwritten_percent);
  g_assert_cmpint (a->unwritten_source, ==, b->unwritten_source);
  g_assert_cmpint (a->cancelled, ==, b->cancelled);
  g_assert_cmpuint (a->rows->len, ==, b->rows->len);
  for (guint i = 0; i < a->rows->len; i++)
    {
      const SsdbRandomAccessRow *x = &g_array_index (a->rows, SsdbRandomAccessRow, i);
      const SsdbRandomAccessRow *y = &g_array_index (b->rows, SsdbRandomAccessRow, i);

      g_assert_cmpuint (x->size, ==, y->size);
      g_assert_cmpint (x->mixed, ==, y->mixed);
      g_assert_cmpint (x->rw, ==, y->rw);
      g_assert_cmpint (x->state, ==, y->state);
      g_assert_cmpuint (x->ios, ==, y->ios);
      g_assert_cmpuint (x->bytes, ==, y->bytes);
      g_assert_cmpuint (x->window_ns, ==, y->window_ns);
      g_assert_cmpfloat (x->iops, ==, y->iops);
      g_assert_cmpfloat (x->bytes_per_second, ==, y->bytes_per_second);
      g_assert_cmpfloat (x->mean_ns, ==, y->mean_ns);
      g_assert_cmpuint (x->p99_ns, ==, y->p99_ns);
      g_assert_cmpuint (x->max_ns, ==, y->max_ns);
      g_assert_cmpint (x->engine, ==, y->engine);
      g_assert_cmpstr (x->fio_command, ==, y->fio_command);
      g_assert_cmpuint (x->dots->len, ==, y->dots->len);
      for (guint k = 0; k < x->dots->len; k++)
        {
          const SsdbRandomAccessDot *d = &g_array_index (x->dots, SsdbRandomAccessDot, k);
          const SsdbRandomAccessDot *e = &g_array_index (y->dots, SsdbRandomAccessDot, k);

          g_assert_cmpuint (d->offset, ==, e->offset);
          g_assert_cmpuint (d->latency_ns, ==, e->latency_ns);
          g_assert_cmpuint (d->size, ==, e->size);
        }
    }
}

static void
test_dup (void)
{
  g_autoptr (SsdbRandomAccessResult) r = finished_result ();
  g_autoptr (SsdbRandomAccessResult) copy = ssdb_random_access_result_dup (r);
  SsdbRandomAccessRow *a = &g_array_index (r->rows, SsdbRandomAccessRow, 0);
  SsdbRandomAccessRow *b = &g_array_index (copy->rows, SsdbRandomAccessRow, 0);

  g_assert_null (ssdb_random_access_result_dup (NULL));
  assert_same_result (r, copy);
  g_assert_true (a->dots != b->dots);
  g_assert_true (a->fio_command != b->fio_command);
  g_array_index (b->dots, SsdbRandomAccessDot, 0).latency_ns = 1;
  g_assert_cmpuint (g_array_index (a->dots, SsdbRandomAccessDot, 0).latency_ns, ==, 20000);
  /* freeing the copy leaves the original whole */
  g_clear_pointer (&copy, ssdb_random_access_result_free);
  g_assert_cmpstr (a->fio_command, ==, "fio --name=row0");
}

static void
test_round_trip (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&disk512, NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (SsdbRandomAccessResult) r = finished_result ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;
  /* each: text to find, what to put instead, what the refusal names */
  static const char *const breaks[] = {
    /* row 0 (512 B reads): 1000 requests of 512 bytes are 512000 bytes */
    "\"bytes\" : 512000,",
    "\"bytes\" : 512001,",
    "tests[0].rows[0].bytes: 512001 is not 1000 requests of the row's size",
    "\"sizes\" : [\n        512,\n        4096\n      ]",
    "\"sizes\" : [\n        4096,\n        512\n      ]",
    "tests[0].sizes[1]: 512 does not rise above 4096",
    /* a dot 512 bytes into the 4 KiB row's span is not on a 4 KiB step */
    "\"offset\" : 1114112,\n              \"latency_ns\" : 90001",
    "\"offset\" : 1114624,\n              \"latency_ns\" : 90001",
    "tests[0].rows[1].dots[1].offset: 1114624 is not a 4096-byte step",
    /* a dot slower than the row's slowest request */
    "\"latency_ns\" : 90001",
    "\"latency_ns\" : 200000",
    "tests[0].rows[1].dots[1].latency_ns: 200000 is out of range",
    "\"iops\" : 2000",
    "\"iops\" : 2001",
    "tests[0].rows[0].iops: 2001 is not the bytes over the window",
    "\"engine\" : \"pvsync2\"",
    "\"engine\" : \"spdk\"",
    "tests[0].rows[0].engine: unknown value “spdk”",
    "\"state\" : \"done\"",
    "\"state\" : \"pending\"",
    "tests[0].rows[0].ios: a row that never ran has no requests",
    "\"max_dots\" : 3",
    "\"max_dots\" : 2",
    "tests[0].rows[0].dots: ",
    "\"mixed\" : true",
    "\"mixed\" : false",
    "tests[0].rows: holds 6 rows; the settings make 4",
    "\"filled\" : true,",
    "\"filled\" : true,\n  \"unwritten\" : { \"percent\" : 10, \"source\" : \"zram\" },",
    "tests[0].unwritten: a span filled before the reads has no unwritten part",
  };

  ssdb_report_set_result (report, SSDB_TEST_KIND_RANDOMACCESS, r);
  g_assert_true (ssdb_report_has_test (report, SSDB_TEST_KIND_RANDOMACCESS));
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "randomaccess.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->randomaccess);
  assert_same_result (r, loaded->randomaccess);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i += 3)
    {
      g_autoptr (GString) bad = g_string_new (text);
      g_autoptr (SsdbReport) refused = NULL;

      g_test_message ("break: %s", breaks[i + 1]);
      g_assert_cmpuint (g_string_replace (bad, breaks[i], breaks[i + 1], 1), ==, 1);
      refused = ssdb_report_load_from_data (bad->str, bad->len, "randomaccess.json", &error);
      g_assert_null (refused);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, breaks[i + 2]));
      g_clear_error (&error);
    }
}

/* A run stopped in its second row, never filled, on a span zram found three quarters empty. */
static void
test_cancelled_round_trip (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&disk512, NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (SsdbRandomAccessResult) r = finished_result ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *table = NULL;

  r->filled = FALSE;
  r->prepare_ns = 0;
  r->unwritten_percent = 75;
  r->unwritten_source = SSDB_UNWRITTEN_ZRAM;
  r->cancelled = TRUE;
  g_array_index (r->rows, SsdbRandomAccessRow, 1).state = SSDB_ENTRY_CANCELLED;
  for (guint i = 2; i < r->rows->len; i++)
    {
      SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);

      row->state = SSDB_ENTRY_PENDING;
      row->ios = row->bytes = row->window_ns = row->p99_ns = row->max_ns = 0;
      row->iops = row->bytes_per_second = row->mean_ns = 0;
      g_array_set_size (row->dots, 0);
    }
  ssdb_report_set_result (report, SSDB_TEST_KIND_RANDOMACCESS, r);
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "randomaccess.json", &error);
  g_assert_no_error (error);
  assert_same_result (r, loaded->randomaccess);

  table = ssdb_csv_format_text (loaded, SSDB_TEST_KIND_RANDOMACCESS, &error);
  g_assert_no_error (error);
  g_test_message ("%s", table);
  g_assert_nonnull (strstr (table, "The span was not filled first.\nAt least 75 % of the test "
                                   "region was never written or was trimmed (zram's statistics)"));
  /* 1100 requests of 4 KiB in 0.5 s: 2200 IOPS, 9.0 MB/s; stopped, its numbers kept */
  g_assert_nonnull (strstr (table, "4 KiB                              2200    0.0400 ms    0.1000 "
                                   "ms        9.0 (stopped)\n"));
  g_assert_nonnull (strstr (table, "Random (mix of 512 B–4 KiB)           - (not run)\n"));
  g_assert_nonnull (strstr (table, "The run was cancelled: the numbers above are partial."));
}

static void
test_tables (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&disk512, NULL);
  g_autoptr (SsdbRandomAccessResult) r = finished_result ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *csv = NULL;
  g_auto (GStrv) lines = NULL;

  ssdb_report_set_result (report, SSDB_TEST_KIND_RANDOMACCESS, r);
  g_assert_true (ssdb_csv_table_has_text (SSDB_TEST_KIND_RANDOMACCESS));
  text = ssdb_csv_format_text (report, SSDB_TEST_KIND_RANDOMACCESS, &error);
  g_assert_no_error (error);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Random access (HD Tune Pro's Random Access test)\n"
                                         "Target: /dev/loop9 (67.11 MB)\n"));
  g_assert_nonnull (
      strstr (text, "One request at a time (QD1) at random places over 1.05 MB from 1.05 MB · "
                    "0.5 s per row · pvsync2\n"
                    "The span was filled with random data first (0.012 s).\n"
                    "\n"
                    "Read\n"
                    "Transfer size                      IOPS   Avg access   Max access       "
                    "MB/s\n"
                    "512 B                              2000    0.0400 ms    0.1000 ms        "
                    "1.0\n"
                    "4 KiB                              2200    0.0400 ms    0.1000 ms        "
                    "9.0\n"
                    /* 500 × 512 B + 700 × 4 KiB = 3123200 bytes in 0.5 s */
                    "Random (mix of 512 B–4 KiB)        2400    0.0400 ms    0.1000 ms        "
                    "6.2\n"
                    "\n"
                    "Write\n"));
  /* no sentence beyond the plain facts */
  g_assert_null (strstr (text, "cancelled"));

  csv = ssdb_csv_format (report, SSDB_TEST_KIND_RANDOMACCESS, &error);
  g_assert_no_error (error);
  lines = g_strsplit (csv, "\r\n", -1);
  /* header, 6 rows, 18 dots, and the empty string after the last line end */
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 6 + 18 + 1);
  g_assert_cmpstr (lines[0], ==,
                   "series,row,rw,mixed,transfer_bytes,state,iops,mb_per_s,mean_latency_ns,"
                   "p99_latency_ns,max_latency_ns,ios,bytes,window_ns,offset_bytes,latency_ns,"
                   "engine,fio_command");
  g_assert_cmpstr (lines[1], ==,
                   "row,0,read,0,512,done,2000.000,1.024,40000.5,80000,100000,1000,512000,"
                   "500000000,,,pvsync2,fio --name=row0");
  g_assert_cmpstr (lines[7], ==, "dot,0,read,0,512,,,,,,,,,,1048576,20000,,");
  g_assert_cmpstr (lines[7 + 3 * 2 + 1], ==, "dot,2,read,1,4096,,,,,,,,,,1114112,90002,,");
}

static void
test_estimate (void)
{
  g_autoptr (SsdbRandomAccessResult) r = finished_result ();
  SsdbRunEstimate e;

  for (guint i = 0; i < r->rows->len; i++)
    g_array_index (r->rows, SsdbRandomAccessRow, i).state = SSDB_ENTRY_PENDING;
  g_assert_true (ssdb_test_kind_estimate (SSDB_TEST_KIND_RANDOMACCESS, r, 64 * MiB, &e));
  g_assert_cmpuint (e.timed_ns, ==, 6 * (NS_PER_S / 2));
  g_assert_cmpuint (e.write_bytes, ==, 1 * MiB);
  g_assert_cmpuint (e.read_bytes, ==, 0);
  /* a run reads the target unfilled: nothing written before it */
  r->spec.fill = FALSE;
  g_assert_true (ssdb_random_access_estimate (r, 64 * MiB, &e));
  g_assert_cmpuint (e.write_bytes, ==, 0);
}

/* Algorithm R: with 100 000 requests offered to a trace of 1000, each keeps a chance of 1 %.
 * Over 200 traces of different seeds, every tenth of the requests (10 000 each) gets close to
 * a tenth of the entries kept: 200 × 1000 / 10 = 20 000 each, a binomial with a standard
 * deviation of 134; 6 standard deviations (800) is far outside chance. A sample that kept the
 * first requests (no replacement) or the last would put them all in one tenth. */
static void
test_trace_uniform (void)
{
  guint64 per_tenth[10] = { 0 };

  for (guint t = 0; t < 200; t++)
    {
      g_autoptr (SsdbIoTrace) trace = ssdb_io_trace_new (1000, 7 + t);

      for (guint i = 0; i < 100000; i++)
        ssdb_io_trace_add (trace, (guint64)i * 4096, i, 4096, TRUE);
      g_assert_cmpuint (trace->seen, ==, 100000);
      g_assert_cmpuint (trace->n_entries, ==, 1000);
      for (guint k = 0; k < trace->n_entries; k++)
        {
          const SsdbIoTraceEntry *e = &trace->entries[k];

          /* every entry is a whole request as offered */
          g_assert_cmpuint (e->offset, ==, e->latency_ns * 4096);
          g_assert_cmpuint (e->size, ==, 4096);
          per_tenth[e->latency_ns / 10000]++;
        }
    }
  for (guint k = 0; k < 10; k++)
    {
      g_test_message ("tenth %u: %" G_GUINT64_FORMAT, k, per_tenth[k]);
      g_assert_cmpuint (per_tenth[k], >, 20000 - 800);
      g_assert_cmpuint (per_tenth[k], <, 20000 + 800);
    }

  /* fewer requests than room: all kept, in order; none kept at capacity 0 */
  {
    g_autoptr (SsdbIoTrace) small = ssdb_io_trace_new (10, 1);
    g_autoptr (SsdbIoTrace) none = ssdb_io_trace_new (0, 1);

    for (guint i = 0; i < 7; i++)
      {
        ssdb_io_trace_add (small, i, i, 512, FALSE);
        ssdb_io_trace_add (none, i, i, 512, FALSE);
      }
    g_assert_cmpuint (small->n_entries, ==, 7);
    for (guint i = 0; i < 7; i++)
      g_assert_cmpuint (small->entries[i].offset, ==, i);
    g_assert_false (small->entries[0].is_read);
    g_assert_cmpuint (none->n_entries, ==, 0);
    g_assert_cmpuint (none->seen, ==, 7);
  }
}

/* A traced job must run on one thread. */
static void
test_trace_one_thread (void)
{
  g_autoptr (SsdbIoTrace) trace = ssdb_io_trace_new (10, 1);
  g_autoptr (GError) error = NULL;
  SsdbJobSpec job;

  ssdb_job_spec_init (&job);
  job.length = 16 * MiB;
  job.trace = trace;
  job.threads = 2;
  g_assert_false (ssdb_job_spec_check (&job, &disk512, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "A request trace needs one thread, not 2");
  g_clear_error (&error);
  job.threads = 1;
  g_assert_true (ssdb_job_spec_check (&job, &disk512, &error));
  g_assert_no_error (error);
}

/* The fio command of a count-based row and of the mix. */
static void
test_row_label (void)
{
  g_autoptr (SsdbRandomAccessResult) r = finished_result ();
  g_autofree char *a
      = ssdb_random_access_row_label (r, &g_array_index (r->rows, SsdbRandomAccessRow, 0));
  g_autofree char *b
      = ssdb_random_access_row_label (r, &g_array_index (r->rows, SsdbRandomAccessRow, 2));

  g_assert_cmpstr (a, ==, "512 B");
  g_assert_cmpstr (b, ==, "Random (mix of 512 B–4 KiB)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/randomaccess/defaults", test_defaults);
  g_test_add_func ("/randomaccess/fit", test_fit);
  g_test_add_func ("/randomaccess/check", test_check);
  g_test_add_func ("/randomaccess/dup", test_dup);
  g_test_add_func ("/randomaccess/round-trip", test_round_trip);
  g_test_add_func ("/randomaccess/cancelled-round-trip", test_cancelled_round_trip);
  g_test_add_func ("/randomaccess/tables", test_tables);
  g_test_add_func ("/randomaccess/estimate", test_estimate);
  g_test_add_func ("/randomaccess/row-label", test_row_label);
  g_test_add_func ("/randomaccess/trace-uniform", test_trace_uniform);
  g_test_add_func ("/randomaccess/trace-one-thread", test_trace_one_thread);
  return g_test_run ();
}
