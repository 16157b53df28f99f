/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-target.h"

G_BEGIN_DECLS

/**
 * SsdbUnwrittenSource:
 * @SSDB_UNWRITTEN_UNKNOWN: not looked at (the region was filled first, or there are no reads)
 * @SSDB_UNWRITTEN_ZRAM: zram's own statistics (mm_stat: the bytes it stores and its
 *   same-filled pages against its size): a lower bound for a region smaller than the device
 * @SSDB_UNWRITTEN_ALLOCATION: the allocation of the file behind the region (a test file, a loop
 *   device's backing file): holes and unwritten extents, found with SEEK_DATA and SEEK_HOLE
 * @SSDB_UNWRITTEN_ZERO_SAMPLE: a sample of 64 blocks of 4 KiB at random places in the region,
 *   read and found entirely zero
 *
 * How the share of a region that was never written (or was trimmed) was found.
 */
typedef enum
{
  SSDB_UNWRITTEN_UNKNOWN,
  SSDB_UNWRITTEN_ZRAM,
  SSDB_UNWRITTEN_ALLOCATION,
  SSDB_UNWRITTEN_ZERO_SAMPLE,
} SsdbUnwrittenSource;

/* Blocks read by the zero sample. */
#define SSDB_UNWRITTEN_SAMPLE_BLOCKS 64

/**
 * ssdb_target_measure_unwritten:
 * @target: an open target
 * @offset: start of the region, bytes
 * @length: its size, bytes
 * @seed: seed of the sample's places
 * @percent: (out): the share of the region that holds no written data, 0..100
 * @source: (out): how it was found
 * @error: SSDB_ERROR_IO when the sample cannot be read
 *
 * Whether a region to be read holds data. Never-written and trimmed blocks are read back
 * without touching the medium (zram's empty pages, a file's holes, an SSD's unmapped blocks),
 * which inflates read rates: HD Tune on an empty SSD shows it. Uses what the target's stack
 * can tell exactly (zram's statistics, a file's allocation), else reads a sample of blocks.
 *
 * Returns: %TRUE with @percent and @source, %FALSE with @error.
 */
gboolean
ssdb_target_measure_unwritten (SsdbTarget *target, guint64 offset, guint64 length, guint64 seed,
                               guint *percent, SsdbUnwrittenSource *source, GError **error);

/**
 * ssdb_unwritten_dup_note:
 * @percent: the share found, 0..100
 * @source: how it was found
 *
 * Returns: (transfer full) (nullable): the warning every read result on the region carries,
 *   with the remedy ("87 % of the test region was never written or was trimmed (zram
 *   statistics): the device may return it without reading its medium, so read rates are
 *   inflated; allow write tests to fill it first"), or %NULL when @percent is 0 or @source
 *   is %SSDB_UNWRITTEN_UNKNOWN.
 */
char *
ssdb_unwritten_dup_note (guint percent, SsdbUnwrittenSource source);

/** ssdb_unwritten_source_to_string: Returns: "zram", "allocation", "zero-sample" or "unknown". */
const char *
ssdb_unwritten_source_to_string (SsdbUnwrittenSource source);

/**
 * ssdb_unwritten_source_from_string:
 * @text: a name from ssdb_unwritten_source_to_string()
 * @out: (out): the source
 *
 * Returns: %TRUE when @text names a source.
 */
gboolean
ssdb_unwritten_source_from_string (const char *text, SsdbUnwrittenSource *out);

G_END_DECLS
