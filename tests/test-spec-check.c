/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The settings check of each test kind (ssdb_test_kind_check()) against hand-made target facts:
 * a 64 MiB device with 4096-byte blocks, the same with 8192-byte blocks, a 32 MiB test file, and
 * a target whose size and block size are not known (0), which are then not checked. For each
 * kind, settings that are refused with the exact message, and settings that are accepted.
 * Tests of a kind are named /spec-check/KIND/...; a kind's tests go with its own function. */
#include <string.h>

#include "engine/ssdb-access.h"
#include "engine/ssdb-compression.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-scan.h"
#include "engine/ssdb-spec-check.h"
#include "engine/ssdb-summary.h"
#include "engine/ssdb-surface.h"
#include "engine/ssdb-sweep.h"
#include "engine/ssdb-test-kind.h"
#include "engine/ssdb-trim.h"
#include "engine/ssdb-workload.h"

#define KiB (G_GUINT64_CONSTANT (1) << 10)
#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define S G_GUINT64_CONSTANT (1000000000)

/* ---- targets -------------------------------------------------------------------------------- */

/* A device of @size bytes with logical blocks (and direct-I/O alignment) of @block bytes. */
static SsdbTargetInfo
device (guint64 size, guint block)
{
  SsdbTargetInfo info;

  memset (&info, 0, sizeof info);
  info.kind = SSDB_TARGET_DEVICE;
  info.path = (char *)"/dev/loop9";
  info.size_bytes = size;
  info.logical_block_size = block;
  info.dio_offset_align = block;
  return info;
}

/* The device of these tests: 64 MiB, 4096-byte blocks. */
static SsdbTargetInfo
loop9 (void)
{
  return device (64 * MiB, 4096);
}

/* A device whose size and block size are not known yet. */
static SsdbTargetInfo
unknown (void)
{
  return device (0, 0);
}

/* A test file of @size bytes in /tmp, as the window knows it: its block size is not known. */
static SsdbTargetInfo
test_file (guint64 size)
{
  SsdbTargetInfo info;

  memset (&info, 0, sizeof info);
  info.kind = SSDB_TARGET_FILE;
  info.path = (char *)"/tmp";
  info.size_bytes = size;
  return info;
}

/* ---- assertions ----------------------------------------------------------------------------- */

/* @result, of @kind, is refused on @target with exactly @message; it is freed. */
static void
assert_refused (SsdbTestKind kind, gpointer result, SsdbTargetInfo target, const char *message)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (ssdb_test_kind_check (kind, result, &target, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, message);
  ssdb_test_kind_result_free (kind, result);
}

/* @result, of @kind, is accepted on @target, and the check changed nothing in it; it is
 * freed. */
static void
assert_accepted (SsdbTestKind kind, gpointer result, SsdbTargetInfo target)
{
  g_autoptr (GError) error = NULL;
  gpointer before = ssdb_test_kind_result_dup (kind, result);

  g_assert_true (ssdb_test_kind_check (kind, result, &target, &error));
  g_assert_no_error (error);
  /* every kind's settings come first in its result */
  switch (kind)
    {
      case SSDB_TEST_KIND_RECOVERY:
        g_assert_cmpmem (result, sizeof (SsdbRecoverySpec), before, sizeof (SsdbRecoverySpec));
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        g_assert_cmpmem (result, sizeof (SsdbCompressionSpec), before,
                         sizeof (SsdbCompressionSpec));
        break;
      case SSDB_TEST_KIND_TRIM:
        g_assert_cmpmem (result, sizeof (SsdbTrimSpec), before, sizeof (SsdbTrimSpec));
        break;
      case SSDB_TEST_KIND_FREESPACE:
        g_assert_cmpmem (result, sizeof (SsdbFreespaceSpec), before, sizeof (SsdbFreespaceSpec));
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        g_assert_cmpmem (result, sizeof (SsdbConsistencySpec), before,
                         sizeof (SsdbConsistencySpec));
        break;
      case SSDB_TEST_KIND_READBACK:
        g_assert_cmpmem (result, sizeof (SsdbFillSpec), before, sizeof (SsdbFillSpec));
        break;
      default:
        break;
    }
  ssdb_test_kind_result_free (kind, before);
  ssdb_test_kind_result_free (kind, result);
}

/* ---- idle recovery -------------------------------------------------------------------------- */

static SsdbRecoveryResult *
recovery (guint64 write_bytes, gboolean next_span)
{
  SsdbRecoverySpec spec;

  ssdb_recovery_spec_init (&spec);
  spec.write_bytes = write_bytes;
  spec.next_span = next_span;
  return ssdb_recovery_result_new (&spec);
}

static void
test_recovery_refused (void)
{
  SsdbRecoveryResult *r;

  assert_refused (SSDB_TEST_KIND_RECOVERY, recovery (128 * MiB, FALSE), loop9 (),
                  "Write size 134217728 bytes is more than the 67108864 bytes of /dev/loop9 from "
                  "byte 0");
  /* 4 writes (3 pauses) of 48 MiB, each after the last */
  assert_refused (SSDB_TEST_KIND_RECOVERY, recovery (48 * MiB, TRUE), loop9 (),
                  "4 writes of 50331648 bytes, each on the next span, do not fit in the 67108864 "
                  "bytes of /dev/loop9 from byte 0");
  assert_refused (SSDB_TEST_KIND_RECOVERY, recovery (512 * KiB, FALSE), loop9 (),
                  "Write size 524288 bytes is less than one 1048576-byte transfer");
  r = recovery (16 * MiB, FALSE);
  r->spec.n_pauses = SSDB_RECOVERY_MAX_PAUSES + 1;
  assert_refused (SSDB_TEST_KIND_RECOVERY, r, loop9 (), "Pause count 9 is out of range (1 to 8)");
  r = recovery (16 * MiB, FALSE);
  r->spec.block_size = 512;
  assert_refused (SSDB_TEST_KIND_RECOVERY, r, loop9 (),
                  "Transfer size 512 bytes is smaller than the logical block size of /dev/loop9 "
                  "(4096 bytes)");
  r = recovery (0, FALSE);
  r->spec.span_offset = 64 * MiB;
  assert_refused (SSDB_TEST_KIND_RECOVERY, r, loop9 (),
                  "The span starts at 67108864, beyond the end of /dev/loop9 (67108864 bytes)");
  /* to the end of the target from its last 512 KiB: not one 1 MiB transfer */
  r = recovery (0, FALSE);
  r->spec.span_offset = 64 * MiB - 512 * KiB;
  assert_refused (SSDB_TEST_KIND_RECOVERY, r, loop9 (),
                  "Write size 524288 bytes is less than one 1048576-byte transfer");
}

static void
test_recovery_accepted (void)
{
  /* 4 writes of 16 MiB fill the 64 MiB exactly */
  assert_accepted (SSDB_TEST_KIND_RECOVERY, recovery (16 * MiB, TRUE), loop9 ());
  assert_accepted (SSDB_TEST_KIND_RECOVERY, recovery (64 * MiB, FALSE), loop9 ());
  /* 0: to the end of the target, resolved by the run, not by the check */
  assert_accepted (SSDB_TEST_KIND_RECOVERY, recovery (0, TRUE), loop9 ());
  /* a size and block size not known are not checked */
  assert_accepted (SSDB_TEST_KIND_RECOVERY, recovery (128 * MiB, TRUE), unknown ());
  {
    SsdbRecoveryResult *r = recovery (0, FALSE);

    r->spec.block_size = 512;
    assert_accepted (SSDB_TEST_KIND_RECOVERY, r, unknown ());
  }
}

/* ---- compression ---------------------------------------------------------------------------- */

static SsdbCompressionResult *
compression (guint64 span_length)
{
  SsdbCompressionSpec spec;

  ssdb_compression_spec_init (&spec);
  spec.span_length = span_length;
  return ssdb_compression_result_new (&spec);
}

static void
test_compression_refused (void)
{
  SsdbCompressionResult *r;

  assert_refused (SSDB_TEST_KIND_COMPRESSION, compression (128 * MiB), loop9 (),
                  "The span (134217728 bytes from 0) ends beyond the end of /dev/loop9 "
                  "(67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_COMPRESSION, compression (64 * MiB), test_file (32 * MiB),
                  "The span (67108864 bytes from 0) ends beyond the end of test file in /tmp "
                  "(33554432 bytes)");
  assert_refused (SSDB_TEST_KIND_COMPRESSION, compression (3 * MiB + 4096), loop9 (),
                  "The region (3149824 bytes) must be a whole number of 1048576-byte transfers");
  r = compression (16 * MiB);
  r->spec.passes = 10;
  assert_refused (SSDB_TEST_KIND_COMPRESSION, r, loop9 (),
                  "Pass count 10 is out of range (1 to 9)");
  /* whole transfers whatever is known of the target */
  r = compression (16 * MiB);
  r->spec.block_size = 6 * 1024;
  assert_refused (SSDB_TEST_KIND_COMPRESSION, r, unknown (),
                  "The region (16777216 bytes) must be a whole number of 6144-byte transfers");
  r = compression (12 * MiB);
  r->spec.block_size = 6 * 1024;
  assert_refused (SSDB_TEST_KIND_COMPRESSION, r, loop9 (),
                  "Transfer size 6144 bytes is not a multiple of the block size of /dev/loop9 "
                  "(4096 bytes)");
  r = compression (64 * MiB);
  r->spec.queue_depth = 256;
  r->spec.block_size = 16 * MiB;
  assert_refused (SSDB_TEST_KIND_COMPRESSION, r, loop9 (),
                  "QD 256 × 16777216 bytes needs 4294967296 bytes of buffers to read back, more "
                  "than the limit of 2147483648");
}

static void
test_compression_accepted (void)
{
  assert_accepted (SSDB_TEST_KIND_COMPRESSION, compression (64 * MiB), loop9 ());
  assert_accepted (SSDB_TEST_KIND_COMPRESSION, compression (32 * MiB), test_file (32 * MiB));
  /* a size and block size not known are not checked */
  assert_accepted (SSDB_TEST_KIND_COMPRESSION, compression (128 * MiB), unknown ());
  {
    SsdbCompressionResult *r = compression (12 * MiB);

    r->spec.block_size = 6 * 1024;
    assert_accepted (SSDB_TEST_KIND_COMPRESSION, r, test_file (32 * MiB));
  }
}

/* ---- TRIM ----------------------------------------------------------------------------------- */

static SsdbTrimResult *
trim (guint64 span_offset, guint64 span_length, guint64 summary_size)
{
  SsdbTrimSpec spec;

  ssdb_trim_spec_init (&spec);
  spec.span_offset = span_offset;
  spec.span_length = span_length;
  spec.summary.size = summary_size;
  return ssdb_trim_result_new (&spec);
}

static void
test_trim_refused (void)
{
  SsdbTrimResult *r;

  /* the span is the whole device */
  assert_refused (SSDB_TEST_KIND_TRIM, trim (0, 0, 128 * MiB), loop9 (),
                  "The summary's test size (134217728 bytes) must fit in the span (67108864 "
                  "bytes)");
  assert_refused (SSDB_TEST_KIND_TRIM, trim (0, 32 * MiB, 48 * MiB), loop9 (),
                  "The summary's test size (50331648 bytes) must fit in the span (33554432 "
                  "bytes)");
  assert_refused (SSDB_TEST_KIND_TRIM, trim (32 * MiB, 64 * MiB, 16 * MiB), loop9 (),
                  "The span (67108864 bytes from 33554432) ends beyond the end of /dev/loop9 "
                  "(67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_TRIM, trim (0, 16 * MiB + 512, 16 * MiB), unknown (),
                  "The span (16777728 bytes at 0) must start and end on a multiple of 4096 bytes");
  r = trim (0, 0, 16 * MiB);
  r->spec.rounds = 0;
  assert_refused (SSDB_TEST_KIND_TRIM, r, loop9 (), "Round count 0 is out of range (1 to 100)");
  /* the summary's 4 KiB tests on 8192-byte blocks */
  assert_refused (SSDB_TEST_KIND_TRIM, trim (0, 0, 16 * MiB), device (64 * MiB, 8192),
                  "The RND4K Q32T1 test's transfer size 4096 bytes is smaller than the logical "
                  "block size of /dev/loop9 (8192 bytes)");
  r = trim (0, 0, 16 * MiB);
  r->spec.summary.count = 0;
  assert_refused (SSDB_TEST_KIND_TRIM, r, loop9 (),
                  "The summary's pass count 0 is out of range (1 to 9)");
}

static void
test_trim_accepted (void)
{
  SsdbTrimResult *r;
  g_autoptr (GError) error = NULL;

  /* the defaults: a summary of 64 MiB over the whole 64 MiB */
  r = trim (0, 0, 64 * MiB);
  assert_accepted (SSDB_TEST_KIND_TRIM, r, loop9 ());
  assert_accepted (SSDB_TEST_KIND_TRIM, trim (16 * MiB, 32 * MiB, 16 * MiB), loop9 ());
  /* only the 1 MiB tests on 8192-byte blocks */
  r = trim (0, 0, 16 * MiB);
  g_assert_true (ssdb_behaviour_tests_parse (r->spec.summary.profile, "SEQ1M Q8T1,SEQ1M Q1T1",
                                             &r->spec.test_mask, &error));
  g_assert_no_error (error);
  assert_accepted (SSDB_TEST_KIND_TRIM, r, device (64 * MiB, 8192));
  /* a size and block size not known are not checked */
  assert_accepted (SSDB_TEST_KIND_TRIM, trim (0, 0, 128 * MiB), unknown ());
  assert_accepted (SSDB_TEST_KIND_TRIM, trim (128 * MiB, 0, 16 * MiB), unknown ());
}

/* ---- free space ----------------------------------------------------------------------------- */

static SsdbFreespaceResult *
freespace (guint64 span_length, guint64 summary_size, guint step_percent)
{
  SsdbFreespaceSpec spec;

  ssdb_freespace_spec_init (&spec);
  spec.span_length = span_length;
  spec.summary.size = summary_size;
  spec.step_percent = step_percent;
  return ssdb_freespace_result_new (&spec);
}

static void
test_freespace_refused (void)
{
  assert_refused (SSDB_TEST_KIND_FREESPACE, freespace (0, 8 * MiB, 0), loop9 (),
                  "Step 0 % is out of range (1 to 100 %)");
  assert_refused (SSDB_TEST_KIND_FREESPACE, freespace (0, 8 * MiB, 101), loop9 (),
                  "Step 101 % is out of range (1 to 100 %)");
  assert_refused (SSDB_TEST_KIND_FREESPACE, freespace (128 * MiB, 8 * MiB, 10), loop9 (),
                  "The span (134217728 bytes from 0) ends beyond the end of /dev/loop9 "
                  "(67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_FREESPACE, freespace (0, 1000000, 10), loop9 (),
                  "The summary's test size (1000000 bytes) must be a multiple of 4096 bytes "
                  "larger than 0");
  assert_refused (SSDB_TEST_KIND_FREESPACE, freespace (0, 96 * MiB, 10), loop9 (),
                  "The summary's test size (100663296 bytes) must fit in the span (67108864 "
                  "bytes)");
  assert_refused (SSDB_TEST_KIND_FREESPACE, freespace (0, 8 * MiB, 10), device (64 * MiB, 8192),
                  "The RND4K Q32T1 test's transfer size 4096 bytes is smaller than the logical "
                  "block size of /dev/loop9 (8192 bytes)");
}

static void
test_freespace_accepted (void)
{
  assert_accepted (SSDB_TEST_KIND_FREESPACE, freespace (0, 8 * MiB, 10), loop9 ());
  assert_accepted (SSDB_TEST_KIND_FREESPACE, freespace (64 * MiB, 64 * MiB, 100), loop9 ());
  /* a size and block size not known are not checked */
  assert_accepted (SSDB_TEST_KIND_FREESPACE, freespace (128 * MiB, 96 * MiB, 10), unknown ());
  assert_accepted (SSDB_TEST_KIND_FREESPACE, freespace (0, 8 * MiB, 10), test_file (32 * MiB));
}

/* ---- steady state --------------------------------------------------------------------------- */

static SsdbConsistencyResult *
consistency (guint64 duration_ns, guint64 round_ns)
{
  SsdbConsistencySpec spec;

  ssdb_consistency_spec_init (&spec);
  spec.duration_ns = duration_ns;
  spec.round_ns = round_ns;
  return ssdb_consistency_result_new (&spec);
}

static void
test_consistency_refused (void)
{
  SsdbConsistencyResult *r;

  assert_refused (SSDB_TEST_KIND_CONSISTENCY, consistency (6 * S, 10 * S), loop9 (),
                  "Duration 6 s is shorter than one round (10 s)");
  assert_refused (SSDB_TEST_KIND_CONSISTENCY, consistency (8641 * S, S / 10), loop9 (),
                  "Duration 8641 s gives 86410 rounds of 0.1 s, more than 86400; make the rounds "
                  "longer");
  assert_refused (SSDB_TEST_KIND_CONSISTENCY, consistency (S, S / 20), loop9 (),
                  "Round length 0.05 s is shorter than 0.1 s");
  r = consistency (60 * S, S);
  r->spec.precondition_passes = 9;
  assert_refused (SSDB_TEST_KIND_CONSISTENCY, r, loop9 (),
                  "The preconditioning is 0 to 8 passes, not 9");
  r = consistency (60 * S, S);
  r->spec.span_offset = 64 * MiB;
  assert_refused (SSDB_TEST_KIND_CONSISTENCY, r, loop9 (),
                  "The span starts at 67108864, beyond the end of /dev/loop9 (67108864 bytes)");
  r = consistency (60 * S, S);
  r->spec.block_size = 6 * 1024;
  assert_refused (SSDB_TEST_KIND_CONSISTENCY, r, loop9 (),
                  "Transfer size 6144 bytes is not a multiple of the block size of /dev/loop9 "
                  "(4096 bytes)");
  r = consistency (60 * S, S);
  r->spec.span_length = 2048;
  r->spec.block_size = 4096;
  assert_refused (SSDB_TEST_KIND_CONSISTENCY, r, unknown (),
                  "The span (2048 bytes from 0 on /dev/loop9) holds no 4096-byte transfer");
}

static void
test_consistency_accepted (void)
{
  SsdbConsistencyResult *r;

  assert_accepted (SSDB_TEST_KIND_CONSISTENCY, consistency (300 * S, S), loop9 ());
  assert_accepted (SSDB_TEST_KIND_CONSISTENCY, consistency (8640 * S, S / 10), loop9 ());
  /* a size and block size not known are not checked */
  r = consistency (60 * S, S);
  r->spec.span_offset = 128 * MiB;
  r->spec.block_size = 512;
  assert_accepted (SSDB_TEST_KIND_CONSISTENCY, r, unknown ());
}

/* ---- read after write ----------------------------------------------------------------------- */

static SsdbReadbackResult *
readback (guint64 span_offset, guint64 span_length)
{
  SsdbFillSpec spec;

  ssdb_fill_spec_init (&spec);
  spec.span_offset = span_offset;
  spec.span_length = span_length;
  return ssdb_readback_result_new (&spec);
}

static void
test_readback_refused (void)
{
  SsdbReadbackResult *r;

  assert_refused (SSDB_TEST_KIND_READBACK, readback (0, 128 * MiB), loop9 (),
                  "The span (134217728 bytes from 0) ends beyond the end of /dev/loop9 "
                  "(67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_READBACK, readback (64 * MiB - 512 * KiB, 0), loop9 (),
                  "The span (524288 bytes from 66584576 on /dev/loop9) holds no 1048576-byte "
                  "transfer");
  assert_refused (SSDB_TEST_KIND_READBACK, readback (1000, 0), loop9 (),
                  "The span must start on a 4096-byte boundary of /dev/loop9");
  r = readback (0, 0);
  r->spec.queue_depth = 0;
  assert_refused (SSDB_TEST_KIND_READBACK, r, loop9 (), "Queue depth 0 is out of range (1 to 256)");
  r = readback (0, 0);
  r->spec.block_size = 2048;
  assert_refused (SSDB_TEST_KIND_READBACK, r, loop9 (),
                  "Transfer size 2048 bytes is smaller than the logical block size of /dev/loop9 "
                  "(4096 bytes)");
}

static void
test_readback_accepted (void)
{
  assert_accepted (SSDB_TEST_KIND_READBACK, readback (0, 0), loop9 ());
  assert_accepted (SSDB_TEST_KIND_READBACK, readback (32 * MiB, 32 * MiB), loop9 ());
  /* a size and block size not known are not checked */
  assert_accepted (SSDB_TEST_KIND_READBACK, readback (0, 128 * MiB), unknown ());
  assert_accepted (SSDB_TEST_KIND_READBACK, readback (1000, 0), unknown ());
}

/* ---- summary -------------------------------------------------------------------------------- */

static SsdbSummaryResult *
summary (guint64 size, guint count)
{
  SsdbSummarySpec spec;

  ssdb_summary_spec_init (&spec);
  spec.size = size;
  spec.count = count;
  return ssdb_summary_result_new (&spec, NULL);
}

static void
test_summary (void)
{
  /* CrystalDiskMark's 1 GiB on a 64 MiB device: the first test's region names both sizes. */
  assert_refused (SSDB_TEST_KIND_SUMMARY, summary (1024 * MiB, 5), loop9 (),
                  "The test region (1073741824 bytes from offset 0) ends beyond the end of "
                  "/dev/loop9 (67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_SUMMARY, summary (32 * MiB, 0), loop9 (),
                  "Test count 0 is out of range (1 to 9)");
  /* RND4K on 8192-byte blocks */
  assert_refused (SSDB_TEST_KIND_SUMMARY, summary (32 * MiB, 1), device (64 * MiB, 8192),
                  "Transfer size 4096 bytes is smaller than the logical block size of "
                  "/dev/loop9 (8192 bytes)");
  assert_accepted (SSDB_TEST_KIND_SUMMARY, summary (32 * MiB, 5), loop9 ());
  assert_accepted (SSDB_TEST_KIND_SUMMARY, summary (1024 * MiB, 5), unknown ());
}

/* ---- surface -------------------------------------------------------------------------------- */

static SsdbSurfaceResult *
surface (guint block, guint64 offset, guint samples)
{
  SsdbSurfaceSpec spec;

  ssdb_surface_spec_init (&spec);
  spec.block_size = block;
  spec.span_offset = offset;
  spec.samples = samples;
  return ssdb_surface_result_new (&spec);
}

static void
test_surface (void)
{
  assert_refused (SSDB_TEST_KIND_SURFACE, surface (512, 0, 200), loop9 (),
                  "Transfer size 512 bytes is smaller than the logical block size of /dev/loop9 "
                  "(4096 bytes)");
  assert_refused (SSDB_TEST_KIND_SURFACE, surface (MiB, 64 * MiB, 200), loop9 (),
                  "The span starts at 67108864, beyond the end of /dev/loop9 (67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_SURFACE, surface (MiB, 0, 1), loop9 (),
                  "Sample count 1 is out of range (2 to 100000)");
  /* the default 64 MiB sample over the whole 64 MiB device */
  assert_accepted (SSDB_TEST_KIND_SURFACE, surface (MiB, 0, 200), loop9 ());
  assert_accepted (SSDB_TEST_KIND_SURFACE, surface (512, 0, 200), unknown ());
}

/* ---- fill ----------------------------------------------------------------------------------- */

static SsdbFillResult *
fill (guint passes, guint block)
{
  SsdbFillSpec spec;

  ssdb_fill_spec_init (&spec);
  spec.passes = passes;
  spec.block_size = block;
  return ssdb_fill_result_new (&spec);
}

static void
test_fill (void)
{
  assert_refused (SSDB_TEST_KIND_FILL, fill (5, MiB), loop9 (),
                  "Pass count 5 is out of range (1 to 4)");
  assert_refused (SSDB_TEST_KIND_FILL, fill (1, 6 * KiB), loop9 (),
                  "Transfer size 6144 bytes is not a multiple of the block size of /dev/loop9 "
                  "(4096 bytes)");
  assert_accepted (SSDB_TEST_KIND_FILL, fill (2, MiB), loop9 ());
  assert_accepted (SSDB_TEST_KIND_FILL, fill (2, 6 * KiB), unknown ());
}

/* ---- access --------------------------------------------------------------------------------- */

static SsdbAccessResult *
access_time (guint block, guint first, guint second)
{
  SsdbAccessSpec spec;

  ssdb_access_spec_init (&spec);
  spec.block_size = block;
  spec.depths[0] = first;
  spec.depths[1] = second;
  spec.n_depths = 2;
  return ssdb_access_result_new (&spec);
}

static void
test_access (void)
{
  assert_refused (SSDB_TEST_KIND_ACCESS, access_time (512, 1, 4), loop9 (),
                  "Transfer size 512 bytes is smaller than the logical block size of /dev/loop9 "
                  "(4096 bytes)");
  assert_refused (SSDB_TEST_KIND_ACCESS, access_time (4096, 4, 2), loop9 (),
                  "Queue depths must rise: 2 follows 4");
  assert_accepted (SSDB_TEST_KIND_ACCESS, access_time (4096, 1, 4), loop9 ());
  assert_accepted (SSDB_TEST_KIND_ACCESS, access_time (512, 1, 4), test_file (32 * MiB));
}

/* ---- sweep ---------------------------------------------------------------------------------- */

static SsdbSweepResult *
sweep (guint start, guint64 span)
{
  SsdbSweepSpec spec;

  ssdb_sweep_spec_init (&spec);
  spec.start_size = start;
  spec.span_length = span;
  return ssdb_sweep_result_new (&spec);
}

static void
test_sweep (void)
{
  assert_refused (SSDB_TEST_KIND_SWEEP, sweep (512, 64 * MiB), loop9 (),
                  "Start size 512 bytes is not a multiple of the logical block size (4096 bytes)");
  /* the 64 MiB end size needs a span of 64 MiB */
  assert_refused (SSDB_TEST_KIND_SWEEP, sweep (4096, 32 * MiB), loop9 (),
                  "The span (33554432 bytes) is smaller than the end size (67108864 bytes)");
  assert_refused (SSDB_TEST_KIND_SWEEP, sweep (4096, 128 * MiB), loop9 (),
                  "The span (134217728 bytes from 0) ends beyond the end of /dev/loop9 "
                  "(67108864 bytes)");
  assert_accepted (SSDB_TEST_KIND_SWEEP, sweep (0, 64 * MiB), loop9 ());
  assert_accepted (SSDB_TEST_KIND_SWEEP, sweep (512, 256 * MiB), unknown ());
}

/* ---- workload ------------------------------------------------------------------------------- */

static SsdbWorkloadResult *
workload (SsdbWorkloadPreset preset)
{
  SsdbWorkloadSpec spec;

  ssdb_workload_spec_init_preset (&spec, preset);
  return ssdb_workload_result_new (&spec);
}

static void
test_workload (void)
{
  /* IOMeter's File server asks for 512 B to 2 KiB requests among its sizes */
  assert_refused (SSDB_TEST_KIND_WORKLOAD, workload (SSDB_WORKLOAD_FILE_SERVER), loop9 (),
                  "Workload “File server”: Transfer size 512 bytes in the size distribution "
                  "must be a multiple of the block size of /dev/loop9 (4096 bytes) and at most "
                  "65536 bytes");
  assert_accepted (SSDB_TEST_KIND_WORKLOAD, workload (SSDB_WORKLOAD_DATABASE), loop9 ());
  assert_accepted (SSDB_TEST_KIND_WORKLOAD, workload (SSDB_WORKLOAD_FILE_SERVER),
                   device (64 * MiB, 512));
  assert_accepted (SSDB_TEST_KIND_WORKLOAD, workload (SSDB_WORKLOAD_FILE_SERVER), unknown ());
}

/* ---- error scan ----------------------------------------------------------------------------- */

static SsdbScanResult *
scan (guint block)
{
  SsdbScanSpec spec;

  ssdb_scan_spec_init (&spec);
  spec.block_size = block;
  return ssdb_scan_result_new (&spec);
}

static void
test_scan (void)
{
  assert_refused (SSDB_TEST_KIND_SCAN, scan (1000 * 1000), loop9 (),
                  "Scan block size 1000000 bytes is refused: it must be a multiple of the logical "
                  "block size (4096 bytes), from 4096 to 67108864 bytes");
  assert_accepted (SSDB_TEST_KIND_SCAN, scan (MiB), loop9 ());
  /* the whole of a device whose size is not known yet */
  assert_accepted (SSDB_TEST_KIND_SCAN, scan (MiB), unknown ());
}

/* A test that reads, writes or both: neither is refused naming the test, writes to a
 * read-only target are refused naming the target, reads of it are accepted. */
static void
test_directions (void)
{
  SsdbTargetInfo ro = loop9 ();
  g_autoptr (GError) error = NULL;

  ro.read_only = TRUE;
  g_assert_false (ssdb_spec_check_directions (FALSE, FALSE, "The X test", &ro, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The X test needs reads, writes or both");
  g_clear_error (&error);
  g_assert_false (ssdb_spec_check_directions (TRUE, TRUE, "The X test", &ro, &error));
  g_assert_cmpstr (error->message, ==, "Writes were asked for, but /dev/loop9 is read-only");
  g_clear_error (&error);
  g_assert_true (ssdb_spec_check_directions (TRUE, FALSE, "The X test", &ro, &error));
  g_assert_no_error (error);
  ro.read_only = FALSE;
  g_assert_true (ssdb_spec_check_directions (FALSE, TRUE, "The X test", &ro, &error));
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/spec-check/recovery/refused", test_recovery_refused);
  g_test_add_func ("/spec-check/recovery/accepted", test_recovery_accepted);
  g_test_add_func ("/spec-check/compression/refused", test_compression_refused);
  g_test_add_func ("/spec-check/compression/accepted", test_compression_accepted);
  g_test_add_func ("/spec-check/trim/refused", test_trim_refused);
  g_test_add_func ("/spec-check/trim/accepted", test_trim_accepted);
  g_test_add_func ("/spec-check/freespace/refused", test_freespace_refused);
  g_test_add_func ("/spec-check/freespace/accepted", test_freespace_accepted);
  g_test_add_func ("/spec-check/consistency/refused", test_consistency_refused);
  g_test_add_func ("/spec-check/consistency/accepted", test_consistency_accepted);
  g_test_add_func ("/spec-check/readback/refused", test_readback_refused);
  g_test_add_func ("/spec-check/readback/accepted", test_readback_accepted);
  g_test_add_func ("/spec-check/summary", test_summary);
  g_test_add_func ("/spec-check/surface", test_surface);
  g_test_add_func ("/spec-check/fill", test_fill);
  g_test_add_func ("/spec-check/access", test_access);
  g_test_add_func ("/spec-check/sweep", test_sweep);
  g_test_add_func ("/spec-check/workload", test_workload);
  g_test_add_func ("/spec-check/scan", test_scan);
  g_test_add_func ("/spec-check/directions", test_directions);
  return g_test_run ();
}
