/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * SsdbDriveCounterUnit:
 * @SSDB_DRIVE_COUNTER_BYTES: bytes (NVMe Data Units Written x 512 000)
 * @SSDB_DRIVE_COUNTER_VENDOR: the unit UDisks2 shows for ATA attribute 241 ("MB"), which is
 *   libatasmart's guess: drives count 512-byte sectors, 32 MiB or GiB there, by vendor
 */
typedef enum
{
  SSDB_DRIVE_COUNTER_BYTES,
  SSDB_DRIVE_COUNTER_VENDOR,
} SsdbDriveCounterUnit;

/**
 * SsdbDriveCounter:
 * @source: what was read ("NVMe Data Units Written", "ATA attribute 241 (total-lbas-written)")
 * @unit: the unit of @value
 * @value: the drive's count of what the host wrote to it over its life
 * @throttle_seconds: the time the drive has spent slowing itself down for heat over its life
 *   (NVMe Thermal Management Temperature 1 and 2 Total Time, seconds), or -1 when it does not
 *   say (ATA drives)
 *
 * One reading of a drive's own counters. @source is owned by whoever fills it.
 */
typedef struct
{
  char *source;
  SsdbDriveCounterUnit unit;
  guint64 value;
  gint64 throttle_seconds;
} SsdbDriveCounter;

/**
 * SsdbDriveCounterFunc:
 * @data: the function's data
 * @out: (out caller-allocates): the reading, its @source newly allocated
 *
 * Reads a drive's host-write counter now (from its SMART / health log, asking the drive afresh).
 *
 * Returns: %FALSE when the drive has none or it cannot be read.
 */
typedef gboolean (*SsdbDriveCounterFunc) (gpointer data, SsdbDriveCounter *out);

/**
 * SsdbDriveCounts:
 * @source: the counter read (SsdbDriveCounter.source)
 * @unit: its unit
 * @before: its value before the run
 * @after: its value after the run
 * @kernel_bytes: bytes the kernel completed writing during the run to the devices at the bottom
 *   of the target's stack (their stat counters, ssdb_target_read_counters()), to set the drive's
 *   count against
 * @kernel_valid: %FALSE when the device has no such counters
 * @throttle_before_s: the drive's thermal throttling time before the run, s, or -1 when it does
 *   not say (SsdbDriveCounter.throttle_seconds)
 * @throttle_after_s: the same after the run, or -1
 *
 * The drive's own counts before and after one run: of the host's writes and, where it keeps
 * one, of its time throttled for heat. Free with ssdb_drive_counts_free().
 */
typedef struct
{
  char *source;
  SsdbDriveCounterUnit unit;
  guint64 before;
  guint64 after;
  guint64 kernel_bytes;
  gboolean kernel_valid;
  gint64 throttle_before_s;
  gint64 throttle_after_s;
} SsdbDriveCounts;

void
ssdb_drive_counts_free (SsdbDriveCounts *writes);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbDriveCounts, ssdb_drive_counts_free)

/** ssdb_drive_counts_dup: Returns: (transfer full) (nullable): a copy of @writes. */
SsdbDriveCounts *
ssdb_drive_counts_dup (const SsdbDriveCounts *writes);

/** ssdb_drive_counts_assign: makes *@to a copy of @from (%NULL for %NULL), freeing what it held. */
void
ssdb_drive_counts_assign (SsdbDriveCounts **to, const SsdbDriveCounts *from);

/**
 * ssdb_drive_counts_words:
 * @writes: (nullable): the counts
 *
 * What the drive counted in one or two sentences. In bytes: "The drive counted 12.3 GB of host
 * writes during this run (NVMe Data Units Written, in units of 512 000 bytes, rounded up); the
 * kernel wrote 12.3 GB to it." In a vendor's unit: the counter's rise in the unit UDisks2 shows,
 * that it is not taken as bytes and, when the counter rose by at least 10, the size of one unit
 * the kernel's count implies. Where the drive keeps a throttling time, whether it grew during
 * the run: the one place the words say a drive throttled, since it is the drive's own account.
 *
 * Returns: (transfer full) (nullable): the words, %NULL for %NULL.
 */
char *
ssdb_drive_counts_words (const SsdbDriveCounts *writes);

G_END_DECLS
