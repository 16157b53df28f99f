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
 *
 * One reading of a drive's own host-write counter. @source is owned by whoever fills it.
 */
typedef struct
{
  char *source;
  SsdbDriveCounterUnit unit;
  guint64 value;
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
 * SsdbHostWrites:
 * @source: the counter read (SsdbDriveCounter.source)
 * @unit: its unit
 * @before: its value before the run
 * @after: its value after the run
 * @kernel_bytes: bytes the kernel completed writing to the target's device during the run (its
 *   stat counters), to set the drive's count against
 * @kernel_valid: %FALSE when the device has no such counters
 *
 * The drive's own count of the host's writes before and after one run. Free with
 * ssdb_host_writes_free().
 */
typedef struct
{
  char *source;
  SsdbDriveCounterUnit unit;
  guint64 before;
  guint64 after;
  guint64 kernel_bytes;
  gboolean kernel_valid;
} SsdbHostWrites;

void
ssdb_host_writes_free (SsdbHostWrites *writes);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbHostWrites, ssdb_host_writes_free)

/** ssdb_host_writes_dup: Returns: (transfer full) (nullable): a copy of @writes. */
SsdbHostWrites *
ssdb_host_writes_dup (const SsdbHostWrites *writes);

/** ssdb_host_writes_assign: makes *@to a copy of @from (%NULL for %NULL), freeing what it held. */
void
ssdb_host_writes_assign (SsdbHostWrites **to, const SsdbHostWrites *from);

/**
 * ssdb_host_writes_words:
 * @writes: (nullable): the counts
 *
 * What the drive counted in one or two sentences. In bytes: "The drive counted 12.3 GB of host
 * writes during this run (NVMe Data Units Written, in units of 512 000 bytes, rounded up); the
 * kernel wrote 12.3 GB to it." In a vendor's unit: the counter's rise in the unit UDisks2 shows,
 * that it is not taken as bytes and, when the counter rose by at least 10, the size of one unit
 * the kernel's count implies.
 *
 * Returns: (transfer full) (nullable): the words, %NULL for %NULL.
 */
char *
ssdb_host_writes_words (const SsdbHostWrites *writes);

G_END_DECLS
