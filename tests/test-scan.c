/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error scan on hand-built results: the grid's shape, ranges merged across blocks, the
 * verdict and its words, the CSV and text tables, the settings check, and the report round trip
 * with the loader refusing numbers that contradict each other. The scan of real faulty
 * devices is tests/real/fault-scan.sh. */
#include <errno.h>
#include <string.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-scan.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define MS G_GUINT64_CONSTANT (1000000)

static const SsdbTargetInfo fake_target = {
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

static SsdbScanResult *
new_scan (guint64 span, guint block, guint cells)
{
  SsdbScanSpec spec;
  SsdbScanResult *r;

  ssdb_scan_spec_init (&spec);
  spec.span_length = span;
  spec.block_size = block;
  spec.cells = cells;
  r = ssdb_scan_result_new (&spec);
  r->logical_block_size = 512;
  return r;
}

static void
add_bad (SsdbScanResult *r, guint64 read_ns, guint64 offset, guint64 length)
{
  g_autoptr (GArray) bad = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
  SsdbScanRange s = { offset, length, SSDB_SCAN_OP_READ, EIO, 0 };

  g_array_append_val (bad, s);
  ssdb_scan_add_block (r, read_ns, bad);
}

/* 64 blocks of 1 MiB: 4 KiB..12 KiB of block 8 unreadable, blocks 20 and 21 slow (150 and
 * 200 ms), block 40 unreadable whole and the first 4 KiB of block 41: the last two make one
 * range. Every other block reads in 1 ms. */
static SsdbScanResult *
faulty_scan (void)
{
  SsdbScanResult *r = new_scan (64 * MiB, MiB, 2000);

  for (guint b = 0; b < 64; b++)
    {
      guint64 at = b * MiB;

      if (b == 8)
        add_bad (r, 3 * MS, at + 4096, 8192);
      else if (b == 20)
        ssdb_scan_add_block (r, 150 * MS, NULL);
      else if (b == 21)
        ssdb_scan_add_block (r, 200 * MS, NULL);
      else if (b == 40)
        add_bad (r, 9 * MS, at, MiB);
      else if (b == 41)
        add_bad (r, 5 * MS, at, 4096);
      else
        ssdb_scan_add_block (r, MS, NULL);
    }
  ssdb_scan_summarize (r);
  return r;
}

static void
test_grid (void)
{
  SsdbScanSpec spec;

  ssdb_scan_spec_init (&spec);
  g_assert_cmpuint (spec.block_size, ==, MiB);
  g_assert_cmpuint (spec.slow_ns, ==, 100 * MS);
  g_assert_cmpuint (spec.cells, ==, 2000);

  /* 64 blocks, fewer than the cells: one block a cell */
  spec.span_length = 64 * MiB;
  g_assert_cmpuint (ssdb_scan_block_count (&spec), ==, 64);
  g_assert_cmpuint (ssdb_scan_cell_blocks (&spec), ==, 1);
  g_assert_cmpuint (ssdb_scan_cell_count (&spec), ==, 64);

  /* 1 GiB + 512 bytes: 1025 blocks (the last of 512 bytes); 100 cells of 11 blocks make 94 */
  spec.span_length = 1024 * MiB + 512;
  spec.cells = 100;
  g_assert_cmpuint (ssdb_scan_block_count (&spec), ==, 1025);
  g_assert_cmpuint (ssdb_scan_cell_blocks (&spec), ==, 11);
  g_assert_cmpuint (ssdb_scan_cell_count (&spec), ==, 94);
}

static void
test_ranges (void)
{
  g_autoptr (SsdbScanResult) r = faulty_scan ();
  const SsdbScanRange *b0, *b1, *s0;
  const SsdbScanCell *c;

  g_assert_cmpuint (r->scanned_bytes, ==, 64 * MiB);
  g_assert_cmpuint (r->cells->len, ==, 64);
  g_assert_cmpuint (r->bad->len, ==, 2);
  b0 = &g_array_index (r->bad, SsdbScanRange, 0);
  b1 = &g_array_index (r->bad, SsdbScanRange, 1);
  g_assert_cmpuint (b0->offset, ==, 8 * MiB + 4096);
  g_assert_cmpuint (b0->length, ==, 8192);
  g_assert_cmpint (b0->errsv, ==, EIO);
  g_assert_cmpuint (b1->offset, ==, 40 * MiB);
  g_assert_cmpuint (b1->length, ==, MiB + 4096);
  g_assert_cmpuint (r->bad_bytes, ==, 8192 + MiB + 4096);

  g_assert_cmpuint (r->slow->len, ==, 1);
  s0 = &g_array_index (r->slow, SsdbScanRange, 0);
  g_assert_cmpuint (s0->offset, ==, 20 * MiB);
  g_assert_cmpuint (s0->length, ==, 2 * MiB);
  g_assert_cmpuint (s0->worst_ns, ==, 200 * MS);
  g_assert_cmpuint (r->slow_blocks, ==, 2);
  /* the slowest block that read; the bad blocks' retries do not count */
  g_assert_cmpuint (r->worst_ns, ==, 200 * MS);
  g_assert_cmpuint (r->read_ns, ==, 59 * MS + 3 * MS + 150 * MS + 200 * MS + 9 * MS + 5 * MS);

  c = &g_array_index (r->cells, SsdbScanCell, 8);
  g_assert_cmpuint (c->bad_blocks, ==, 1);
  g_assert_cmpuint (c->worst_ns, ==, 0);
  c = &g_array_index (r->cells, SsdbScanCell, 21);
  g_assert_cmpuint (c->slow_blocks, ==, 1);
  g_assert_cmpuint (c->worst_ns, ==, 200 * MS);
  c = &g_array_index (r->cells, SsdbScanCell, 0);
  g_assert_cmpuint (c->slow_blocks + c->bad_blocks, ==, 0);
  g_assert_cmpuint (c->blocks, ==, 1);

  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_test_message ("%s", r->words);
  /* 64 MiB in 426 ms: 158 MB/s */
  g_assert_cmpstr (r->words, ==,
                   "Read 67.11 MB of 67.11 MB in 426 ms (158 MB/s): 2 unreadable ranges, "
                   "1036 KiB in all (the first at byte 8392704); 2 blocks slower than 100 ms "
                   "(the slowest 200 ms).");
}

/* Cells of several blocks: a cell is as bad as its worst block. */
static void
test_cells (void)
{
  /* 10 blocks of 1 MiB in 4 cells: 3 blocks a cell, the last cell 1 block */
  g_autoptr (SsdbScanResult) r = new_scan (10 * MiB, MiB, 4);

  for (guint b = 0; b < 10; b++)
    if (b == 4)
      add_bad (r, MS, 4 * MiB + 512, 512);
    else
      ssdb_scan_add_block (r, b == 7 ? 120 * MS : (b + 1) * MS, NULL);
  ssdb_scan_summarize (r);
  g_assert_cmpuint (r->cells->len, ==, 4);
  {
    const SsdbScanCell *c = (const SsdbScanCell *)r->cells->data;

    g_assert_cmpuint (c[0].blocks, ==, 3);
    g_assert_cmpuint (c[0].worst_ns, ==, 3 * MS);
    g_assert_cmpuint (c[1].bad_blocks, ==, 1);
    g_assert_cmpuint (c[1].worst_ns, ==, 6 * MS);
    g_assert_cmpuint (c[2].slow_blocks, ==, 1);
    g_assert_cmpuint (c[2].worst_ns, ==, 120 * MS);
    g_assert_cmpuint (c[3].blocks, ==, 1);
    g_assert_cmpuint (c[3].worst_ns, ==, 10 * MS);
  }
  g_assert_cmpuint (r->bad_bytes, ==, 512);
}

static void
test_verdicts (void)
{
  g_autoptr (SsdbScanResult) clean = new_scan (64 * MiB, MiB, 2000);
  g_autoptr (SsdbScanResult) stopped = new_scan (64 * MiB, MiB, 2000);
  g_autoptr (SsdbScanResult) empty = new_scan (64 * MiB, MiB, 2000);

  for (guint b = 0; b < 64; b++)
    ssdb_scan_add_block (clean, 2 * MS, NULL);
  ssdb_scan_summarize (clean);
  g_assert_cmpint (clean->verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_cmpstr (clean->words, ==,
                   "Read 67.11 MB of 67.11 MB in 128 ms (524 MB/s): no unreadable sector; no "
                   "block slower than 100 ms.");

  for (guint b = 0; b < 10; b++)
    ssdb_scan_add_block (stopped, 2 * MS, NULL);
  stopped->cancelled = TRUE;
  ssdb_scan_summarize (stopped);
  g_assert_cmpint (stopped->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  /* 10 of 64 blocks: 15.6 % */
  g_assert_nonnull (strstr (stopped->words, "The scan stopped at 16 % of the span: the rest was "
                                            "not read, and may hold errors."));

  ssdb_scan_summarize (empty);
  g_assert_cmpint (empty->verdict, ==, SSDB_VERDICT_NONE);
  g_assert_null (empty->words);
}

static void
test_validate (void)
{
  static const struct
  {
    guint64 offset, length;
    guint block;
    guint64 slow_ns;
    guint cells;
    const char *message;
  } cases[] = {
    { 0, 64 * MiB, 1000, 100 * MS, 10, "Scan block size 1000 bytes" },
    { 0, 64 * MiB, 128 * MiB, 100 * MS, 10, "Scan block size 134217728 bytes" },
    { 100, 64 * MiB, MiB, 100 * MS, 10, "not aligned to the logical block size, 512 bytes" },
    { MiB, 64 * MiB, MiB, 100 * MS, 10, "runs past the end of the target (67108864 bytes)" },
    { 0, 64 * MiB, MiB, 0, 10, "Slow threshold 0 ns" },
    { 0, 64 * MiB, MiB, 100 * MS, 0, "Scan grid of 0 cells" },
    { 0, 64 * MiB, MiB, 100 * MS, SSDB_SCAN_MAX_CELLS + 1, "Scan grid of 100001 cells" },
  };
  SsdbScanSpec spec;

  ssdb_scan_spec_init (&spec);
  spec.span_length = 64 * MiB;
  g_assert_true (ssdb_scan_spec_validate (&spec, 64 * MiB, 512, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      spec.span_offset = cases[i].offset;
      spec.span_length = cases[i].length;
      spec.block_size = cases[i].block;
      spec.slow_ns = cases[i].slow_ns;
      spec.cells = cases[i].cells;
      g_assert_false (ssdb_scan_spec_validate (&spec, 64 * MiB, 512, &error));
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* More ranges than a scan lists: counted, flagged, said. */
static void
test_truncated (void)
{
  guint n = 2 * SSDB_SCAN_MAX_RANGES + 4;
  g_autoptr (SsdbScanResult) r = new_scan ((guint64)n * 4096, 4096, 100);

  for (guint b = 0; b < n; b++)
    if (b % 2 == 0)
      add_bad (r, MS, (guint64)b * 4096, 512);
    else
      ssdb_scan_add_block (r, MS, NULL);
  ssdb_scan_summarize (r);
  g_assert_cmpuint (r->bad->len, ==, SSDB_SCAN_MAX_RANGES);
  g_assert_cmpuint (r->bad_bytes, ==, (guint64)(n / 2) * 512);
  g_assert_true (r->ranges_truncated);
  g_assert_nonnull (strstr (r->words, "Only the first 10000 ranges of each kind are listed."));
}

static void
test_tables (void)
{
  g_autoptr (SsdbScanResult) r = faulty_scan ();
  g_autoptr (SsdbReport) report = ssdb_report_new (&fake_target, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *csv = NULL, *text = NULL;

  ssdb_report_set_result (report, SSDB_TEST_KIND_SCAN, r);
  csv = ssdb_csv_format (report, SSDB_TEST_KIND_SCAN, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (csv, "series,index,offset_bytes,lba,length_bytes,blocks,"
                                        "worst_ms,slow_blocks,bad_blocks,errno\r\n"));
  g_assert_nonnull (strstr (csv, "\r\ncell,8,8388608,16384,1048576,1,0.000,0,1,\r\n"));
  g_assert_nonnull (strstr (csv, "\r\ncell,21,22020096,43008,1048576,1,200.000,1,0,\r\n"));
  g_assert_nonnull (strstr (csv, "\r\nbad,0,8392704,16392,8192,,,,,5\r\n"));
  g_assert_nonnull (strstr (csv, "\r\nbad,1,41943040,81920,1052672,,,,,5\r\n"));
  g_assert_nonnull (strstr (csv, "\r\nslow,0,20971520,40960,2097152,,200.000,,,\r\n"));

  text = ssdb_csv_format_text (report, SSDB_TEST_KIND_SCAN, &error);
  g_assert_no_error (error);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Verdict: found (unreadable sectors found)\n"));
  g_assert_nonnull (strstr (text, "8392704              16392                      8192  errno 5"));
  g_assert_nonnull (strstr (text, "20971520             40960                   2097152  200.0\n"));
  g_assert_nonnull (strstr (text, r->words));
}

/* Save, load, save: the same bytes; then edits that contradict the other numbers are refused
 * with the member named. */
static void
test_round_trip (void)
{
  g_autoptr (SsdbScanResult) r = faulty_scan ();
  g_autoptr (SsdbReport) report = ssdb_report_new (&fake_target, NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;
  static const char *const breaks[] = {
    "\"bad_bytes\" : 1060864",
    "\"bad_bytes\" : 1060352",
    "bad_bytes: contradicts bad_ranges",
    "\"slow_blocks\" : 2",
    "\"slow_blocks\" : 3",
    "slow_blocks: contradicts the grid",
    "\"verdict\" : \"found\"",
    "\"verdict\" : \"no-effect\"",
    "verdict: \"no-effect\" contradicts",
    "\"offset\" : 41943040",
    "\"offset\" : 8392704",
    "bad_ranges[1]: overlaps",
    "\"offset\" : 8392704",
    "\"offset\" : 8392705",
    "bad_ranges[0]: is not a non-empty range",
    "\"cancelled\" : false",
    "\"cancelled\" : true",
    "cancelled: contradicts scanned_bytes",
    "\"cells\" : 2000",
    "\"cells\" : 32",
    "grid: holds 64 cells; 64 blocks scanned make 32",
    "\"worst_ns\" : 200000000",
    "\"worst_ns\" : 100000000",
    "worst_ns: contradicts the grid",
    "\"block_size\" : 1048576",
    "\"block_size\" : 1000",
    "block_size",
    /* a cut list is a full one: without it, more bad bytes than listed are a contradiction */
    "\"ranges_truncated\" : false",
    "\"ranges_truncated\" : true",
    "ranges_truncated: neither list holds the 10000 ranges",
  };

  ssdb_report_set_result (report, SSDB_TEST_KIND_SCAN, r);
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "scan.json", &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpstr (loaded->scan->words, ==, r->words);
  g_assert_cmpuint (loaded->scan->bad->len, ==, 2);

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i += 3)
    {
      g_autoptr (GString) bad = g_string_new (text);
      g_autoptr (SsdbReport) refused = NULL;

      g_assert_cmpuint (g_string_replace (bad, breaks[i], breaks[i + 1], 1), ==, 1);
      refused = ssdb_report_load_from_data (bad->str, bad->len, "scan.json", &error);
      g_assert_null (refused);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, breaks[i + 2]));
      g_clear_error (&error);
    }
}

/* A stopped scan round-trips too, and says what it covers. */
/* A verifying scan: its bad ranges name what failed (a write, a read, data read back wrong),
 * it is marked in the report, and the loader refuses ranges a scan of its kind cannot have. */
static void
test_verify_round_trip (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&fake_target, NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL, *table = NULL;
  g_autoptr (SsdbScanResult) r = NULL;
  SsdbScanSpec spec;
  static const char *const breaks[] = {
    "\"errno\" : 0",
    "\"errno\" : 5",
    "errno: must be 0 for data read back wrong",
    "\"op\" : \"write\",\n          \"errno\" : 5",
    "\"op\" : \"write\",\n          \"errno\" : 0",
    "errno: must be 0 for data read back wrong",
    "\"verify\" : true",
    "\"verify\" : false",
    "op: a scan that only reads has no “write” range",
  };

  ssdb_scan_spec_init (&spec);
  spec.span_length = 8 * MiB;
  spec.verify = TRUE;
  spec.seed = 7;
  r = ssdb_scan_result_new (&spec);
  r->logical_block_size = 512;
  for (guint b = 0; b < 8; b++)
    {
      g_autoptr (GArray) bad = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
      SsdbScanRange w = { b * MiB, 4096, SSDB_SCAN_OP_WRITE, EIO, 0 };
      SsdbScanRange v = { b * MiB + 8192, 512, SSDB_SCAN_OP_VERIFY, 0, 0 };

      if (b == 2)
        {
          g_array_append_val (bad, w);
          g_array_append_val (bad, v);
        }
      ssdb_scan_add_block (r, 2 * MS, bad);
    }
  ssdb_scan_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (r->words, ==,
                   "Wrote and read back 8.39 MB of 8.39 MB in 16 ms (524 MB/s): 2 bad ranges, "
                   "4608 B in all (the first at byte 2097152), 1 unwritable, 0 unreadable, 1 "
                   "read back wrong; no block slower than 100 ms.");
  ssdb_report_set_result (report, SSDB_TEST_KIND_SCAN, r);
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "scan.json", &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);
  g_assert_true (loaded->scan->spec.verify);
  g_assert_cmpuint (loaded->scan->spec.seed, ==, 7);
  g_assert_cmpint (g_array_index (loaded->scan->bad, SsdbScanRange, 1).op, ==, SSDB_SCAN_OP_VERIFY);
  table = ssdb_csv_format_text (loaded, SSDB_TEST_KIND_SCAN, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (table, "2097152              4096                       4096  write: "
                                   "errno 5"));
  g_assert_nonnull (strstr (table, "2105344              4112                        512  read "
                                   "back other than written"));

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i += 3)
    {
      g_autoptr (GString) bad = g_string_new (text);
      g_autoptr (SsdbReport) refused = NULL;

      g_assert_cmpuint (g_string_replace (bad, breaks[i], breaks[i + 1], 1), ==, 1);
      refused = ssdb_report_load_from_data (bad->str, bad->len, "scan.json", &error);
      g_assert_null (refused);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, breaks[i + 2]));
      g_clear_error (&error);
    }
  /* a read scan's report has neither member */
  {
    g_autoptr (SsdbScanResult) plain = faulty_scan ();
    g_autoptr (SsdbReport) rp = ssdb_report_new (&fake_target, NULL);
    g_autofree char *json = NULL;

    ssdb_report_set_result (rp, SSDB_TEST_KIND_SCAN, plain);
    json = ssdb_report_to_data (rp, NULL);
    g_assert_null (strstr (json, "\"verify\""));
  }
}

static void
test_stopped_round_trip (void)
{
  g_autoptr (SsdbScanResult) r = new_scan (64 * MiB, MiB, 2000);
  g_autoptr (SsdbReport) report = ssdb_report_new (&fake_target, NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;

  for (guint b = 0; b < 16; b++)
    if (b == 3)
      add_bad (r, MS, 3 * MiB, 1024);
    else
      ssdb_scan_add_block (r, MS, NULL);
  r->cancelled = TRUE;
  ssdb_scan_summarize (r);
  ssdb_report_set_result (report, SSDB_TEST_KIND_SCAN, r);
  text = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (text, strlen (text), "scan.json", &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);
  g_assert_true (loaded->scan->cancelled);
  g_assert_cmpuint (loaded->scan->scanned_bytes, ==, 16 * MiB);
  g_assert_cmpint (loaded->scan->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_nonnull (strstr (loaded->scan->words, "The scan stopped at 25 % of the span: the "
                                                 "rest was not read."));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scan/grid", test_grid);
  g_test_add_func ("/scan/ranges", test_ranges);
  g_test_add_func ("/scan/cells", test_cells);
  g_test_add_func ("/scan/verdicts", test_verdicts);
  g_test_add_func ("/scan/validate", test_validate);
  g_test_add_func ("/scan/truncated", test_truncated);
  g_test_add_func ("/scan/tables", test_tables);
  g_test_add_func ("/scan/round-trip", test_round_trip);
  g_test_add_func ("/scan/stopped-round-trip", test_stopped_round_trip);
  g_test_add_func ("/scan/verify-round-trip", test_verify_round_trip);
  return g_test_run ();
}
