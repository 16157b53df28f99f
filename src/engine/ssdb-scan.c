/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-scan.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-test-kind.h"
#include "ssdb-units.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define NS_PER_MS G_GUINT64_CONSTANT (1000000)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)
/* A group of blocks is read as one job, with a progress report after each. Its size adapts so
 * that a group takes about 50 to 200 ms (a live grid on a slow or failing drive, few jobs on a
 * fast one), at most 64 MiB. */
#define GROUP_BYTES (64 * MiB)
#define GROUP_FAST_NS (50 * NS_PER_MS)
#define GROUP_SLOW_NS (200 * NS_PER_MS)
/* The slow threshold's upper limit: a read that takes a minute has failed. */
#define MAX_SLOW_NS (60 * NS_PER_S)

void
ssdb_scan_spec_init (SsdbScanSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->block_size = 1u << 20;
  spec->slow_ns = 100 * NS_PER_MS;
  spec->cells = 2000;
  spec->seed = 1;
}

gboolean
ssdb_scan_spec_validate (const SsdbScanSpec *spec, guint64 target_bytes, guint logical_block_size,
                         GError **error)
{
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (logical_block_size > 0, FALSE);

  if (spec->block_size == 0 || spec->block_size % logical_block_size != 0
      || spec->block_size > SSDB_MAX_BLOCK_SIZE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Scan block size %u bytes is refused: it must be a multiple of the logical "
                   "block size (%u bytes), from %u to %u bytes",
                   spec->block_size, logical_block_size, logical_block_size, SSDB_MAX_BLOCK_SIZE);
      return FALSE;
    }
  if (spec->span_offset % logical_block_size != 0 || spec->span_length % logical_block_size != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Scan span (offset %" G_GUINT64_FORMAT ", length %" G_GUINT64_FORMAT
                   " bytes) is not aligned to the logical block size, %u bytes",
                   spec->span_offset, spec->span_length, logical_block_size);
      return FALSE;
    }
  if (spec->span_length == 0 || spec->span_offset > target_bytes
      || spec->span_length > target_bytes - spec->span_offset)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Scan span (offset %" G_GUINT64_FORMAT ", length %" G_GUINT64_FORMAT
                   " bytes) is empty or runs past the end of the target (%" G_GUINT64_FORMAT
                   " bytes)",
                   spec->span_offset, spec->span_length, target_bytes);
      return FALSE;
    }
  if (spec->slow_ns == 0 || spec->slow_ns > MAX_SLOW_NS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Slow threshold %" G_GUINT64_FORMAT " ns is out of range (1 ns to 60 s)",
                   spec->slow_ns);
      return FALSE;
    }
  if (spec->cells == 0 || spec->cells > SSDB_SCAN_MAX_CELLS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Scan grid of %u cells is out of range (1 to %u)", spec->cells,
                   SSDB_SCAN_MAX_CELLS);
      return FALSE;
    }
  return TRUE;
}

SsdbScanResult *
ssdb_scan_result_new (const SsdbScanSpec *spec)
{
  SsdbScanResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbScanResult, 1);
  r->spec = *spec;
  r->logical_block_size = 512;
  r->cells = g_array_new (FALSE, TRUE, sizeof (SsdbScanCell));
  r->bad = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
  r->slow = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
  return r;
}

void
ssdb_scan_result_free (SsdbScanResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->cells);
  g_array_unref (result->bad);
  g_array_unref (result->slow);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbScanResult *
ssdb_scan_result_dup (const SsdbScanResult *result)
{
  SsdbScanResult *r;

  if (result == NULL)
    return NULL;
  r = g_new (SsdbScanResult, 1);
  *r = *result;
  r->cells = g_array_copy (result->cells);
  r->bad = g_array_copy (result->bad);
  r->slow = g_array_copy (result->slow);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

guint64
ssdb_scan_block_count (const SsdbScanSpec *spec)
{
  g_return_val_if_fail (spec != NULL && spec->block_size > 0, 0);

  return spec->span_length / spec->block_size + (spec->span_length % spec->block_size != 0);
}

guint64
ssdb_scan_cell_blocks (const SsdbScanSpec *spec)
{
  guint64 blocks = ssdb_scan_block_count (spec), cells = MAX (spec->cells, 1u);

  return MAX (blocks / cells + (blocks % cells != 0), G_GUINT64_CONSTANT (1));
}

guint
ssdb_scan_cell_count (const SsdbScanSpec *spec)
{
  guint64 blocks = ssdb_scan_block_count (spec), per = ssdb_scan_cell_blocks (spec);

  return (guint)(blocks / per + (blocks % per != 0));
}

/* Appends @range to @ranges, or extends the last range when it ends where @range starts and is
 * of the same kind; counts in @truncated what does not fit. */
static void
add_range (GArray *ranges, const SsdbScanRange *range, gboolean *truncated)
{
  if (ranges->len > 0)
    {
      SsdbScanRange *last = &g_array_index (ranges, SsdbScanRange, ranges->len - 1);

      if (last->offset + last->length == range->offset && last->op == range->op
          && last->errsv == range->errsv)
        {
          last->length += range->length;
          last->worst_ns = MAX (last->worst_ns, range->worst_ns);
          return;
        }
    }
  if (ranges->len >= SSDB_SCAN_MAX_RANGES)
    {
      *truncated = TRUE;
      return;
    }
  g_array_append_val (ranges, *range);
}

void
ssdb_scan_add_block (SsdbScanResult *result, guint64 read_ns, GArray *bad_sectors)
{
  const SsdbScanSpec *spec;
  guint64 offset, length, block_index, per;
  SsdbScanCell *cell;
  gboolean bad;

  g_return_if_fail (result != NULL);
  spec = &result->spec;
  g_return_if_fail (result->scanned_bytes < spec->span_length);

  offset = spec->span_offset + result->scanned_bytes;
  length = MIN ((guint64)spec->block_size, spec->span_length - result->scanned_bytes);
  block_index = result->scanned_bytes / spec->block_size;
  per = ssdb_scan_cell_blocks (spec);
  if (result->cells->len <= block_index / per)
    g_array_set_size (result->cells, (guint)(block_index / per) + 1);
  cell = &g_array_index (result->cells, SsdbScanCell, block_index / per);
  cell->blocks++;

  bad = bad_sectors != NULL && bad_sectors->len > 0;
  if (bad)
    {
      cell->bad_blocks++;
      for (guint i = 0; i < bad_sectors->len; i++)
        {
          const SsdbScanRange *s = &g_array_index (bad_sectors, SsdbScanRange, i);

          g_return_if_fail (s->offset >= offset && s->offset + s->length <= offset + length);
          result->bad_bytes += s->length;
          add_range (result->bad, s, &result->ranges_truncated);
        }
    }
  else
    {
      cell->worst_ns = MAX (cell->worst_ns, read_ns);
      result->worst_ns = MAX (result->worst_ns, read_ns);
      if (read_ns > spec->slow_ns)
        {
          SsdbScanRange s = { offset, length, SSDB_SCAN_OP_READ, 0, read_ns };

          cell->slow_blocks++;
          result->slow_blocks++;
          add_range (result->slow, &s, &result->ranges_truncated);
        }
    }
  result->read_ns += read_ns;
  result->scanned_bytes += length;
}

static char *
format_ns (guint64 ns)
{
  if (ns >= 10 * NS_PER_S)
    return g_strdup_printf ("%.0f s", ns / 1e9);
  if (ns >= NS_PER_S)
    return g_strdup_printf ("%.1f s", ns / 1e9);
  if (ns >= 10 * NS_PER_MS)
    return g_strdup_printf ("%.0f ms", ns / 1e6);
  if (ns >= 100000)
    return g_strdup_printf ("%.1f ms", ns / 1e6);
  return g_strdup_printf ("%.0f µs", ns / 1e3);
}

void
ssdb_scan_summarize (SsdbScanResult *result)
{
  const SsdbScanSpec *spec;
  g_autoptr (GString) w = g_string_new (NULL);
  g_autofree char *scanned = NULL, *span = NULL, *took = NULL, *slow = NULL;
  gboolean complete;

  g_return_if_fail (result != NULL);
  spec = &result->spec;
  complete = result->scanned_bytes >= spec->span_length && spec->span_length > 0;

  g_clear_pointer (&result->words, g_free);
  if (result->scanned_bytes == 0)
    {
      result->verdict = SSDB_VERDICT_NONE;
      return;
    }
  if (result->bad_bytes > 0)
    result->verdict = SSDB_VERDICT_FOUND;
  else
    result->verdict = complete ? SSDB_VERDICT_NO_EFFECT : SSDB_VERDICT_INCONCLUSIVE;

  scanned = ssdb_format_capacity (result->scanned_bytes);
  span = ssdb_format_capacity (spec->span_length);
  took = format_ns (result->read_ns);
  slow = format_ns (spec->slow_ns);
  g_string_append_printf (
      w, spec->verify ? W_ ("Wrote and read back %s of %s in %s") : W_ ("Read %s of %s in %s"),
      scanned, span, took);
  if (result->read_ns > 0)
    g_string_append_printf (w, W_ (" (%.0f MB/s)"),
                            result->scanned_bytes / (result->read_ns / 1e9) / 1e6);
  if (result->bad_bytes > 0 && result->bad->len > 0)
    {
      const SsdbScanRange *first = &g_array_index (result->bad, SsdbScanRange, 0);
      g_autofree char *bad = ssdb_format_transfer_size (result->bad_bytes);
      g_autofree char *at = g_strdup_printf ("%" G_GUINT64_FORMAT, first->offset);
      guint n_bad = result->bad->len;

      if (spec->verify)
        g_string_append_printf (w,
                                n_bad == 1
                                    ? W_ (": %u bad range, %s in all (the first at byte %s)")
                                    : W_ (": %u bad ranges, %s in all (the first at byte %s)"),
                                n_bad, bad, at);
      else
        g_string_append_printf (
            w,
            n_bad == 1 ? W_ (": %u unreadable range, %s in all (the first at byte %s)")
                       : W_ (": %u unreadable ranges, %s in all (the first at byte %s)"),
            n_bad, bad, at);
      if (spec->verify)
        {
          guint n[3] = { 0, 0, 0 };

          for (guint i = 0; i < result->bad->len; i++)
            n[MIN ((guint)g_array_index (result->bad, SsdbScanRange, i).op, 2u)]++;
          g_string_append_printf (w, W_ (", %u unwritable, %u unreadable, %u read back wrong"),
                                  n[1], n[0], n[2]);
        }
    }
  else if (result->bad_bytes > 0)
    {
      g_autofree char *bad = ssdb_format_transfer_size (result->bad_bytes);

      g_string_append_printf (
          w, spec->verify ? W_ (": %s bad in all") : W_ (": %s unreadable in all"), bad);
    }
  else
    g_string_append (w, spec->verify ? W_ (": no bad sector") : W_ (": no unreadable sector"));
  if (result->slow_blocks > 0)
    {
      g_autofree char *worst = format_ns (result->worst_ns);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, result->slow_blocks);

      g_string_append_printf (w,
                              result->slow_blocks == 1
                                  ? W_ ("; %s block slower than %s (the slowest %s)")
                                  : W_ ("; %s blocks slower than %s (the slowest %s)"),
                              count, slow, worst);
    }
  else
    g_string_append_printf (w, W_ ("; no block slower than %s"), slow);
  g_string_append (w, W_ ("."));
  if (result->ranges_truncated)
    g_string_append_printf (w, W_ (" Only the first %u ranges of each kind are listed."),
                            SSDB_SCAN_MAX_RANGES);
  if (!complete)
    {
      double at = 100.0 * result->scanned_bytes / spec->span_length;

      if (spec->verify)
        g_string_append_printf (w,
                                result->bad_bytes > 0
                                    ? W_ (" The scan stopped at %.0f %% of the span: the rest was "
                                          "not written or read.")
                                    : W_ (" The scan stopped at %.0f %% of the span: the rest was "
                                          "not written or read, and may hold errors."),
                                at);
      else
        g_string_append_printf (w,
                                result->bad_bytes > 0
                                    ? W_ (" The scan stopped at %.0f %% of the span: the rest was "
                                          "not read.")
                                    : W_ (" The scan stopped at %.0f %% of the span: the rest was "
                                          "not read, and may hold errors."),
                                at);
    }
  result->words = g_string_free (g_steal_pointer (&w), FALSE);
}

gboolean
ssdb_scan_estimate (const SsdbScanResult *result, guint64 target_bytes, SsdbRunEstimate *out)
{
  guint64 span;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  span = result->spec.span_length;
  if (span == 0)
    {
      if (target_bytes == 0 || result->spec.span_offset >= target_bytes)
        return FALSE;
      span = target_bytes - result->spec.span_offset;
    }
  out->read_bytes = span > result->scanned_bytes ? span - result->scanned_bytes : 0;
  if (result->spec.verify)
    out->write_bytes = out->read_bytes;
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* The run */

/* The completion times of the blocks of one group, from the engine's marks. */
typedef struct
{
  guint64 *elapsed_ns;
  guint n;
  guint max;
} Marks;

static void
on_mark (guint index, guint64 elapsed_ns, gpointer user_data)
{
  Marks *m = user_data;

  if (index >= 1 && index <= m->max)
    {
      m->elapsed_ns[index - 1] = elapsed_ns;
      m->n = MAX (m->n, index);
    }
}

/* An error of the medium, worth a retry at sector granularity and then going on. Other errors
 * (the device went away, a permission, a bad request) stop the scan. */
static gboolean
is_medium_error (int errsv)
{
  switch (errsv)
    {
      case EIO:
      case ENODATA:
      case EILSEQ:
      case EBADMSG:
      case EREMOTEIO:
        return TRUE;
      default:
        return FALSE;
    }
}

/* One read job of [offset, offset + length) in requests of @block bytes at queue depth 1. */
static gboolean
read_job (SsdbTarget *target, guint64 offset, guint64 length, guint block, Marks *marks,
          GCancellable *cancellable, SsdbIoResult *io, GError **error)
{
  SsdbJobSpec job;

  ssdb_job_spec_init (&job);
  job.rw = SSDB_RW_READ;
  job.access = SSDB_ACCESS_SEQUENTIAL;
  job.block_size = block;
  job.queue_depth = 1;
  job.threads = 1;
  job.offset = offset;
  job.length = length;
  job.total_bytes = length;
  job.duration_ns = 0;
  if (marks != NULL)
    {
      job.mark_bytes = block;
      job.mark_func = on_mark;
      job.mark_data = marks;
    }
  return ssdb_io_run (target, &job, NULL, NULL, cancellable, io, error);
}

/* Appends the bad sector at @at to @bad, merged with the last range when it continues it. */
static void
add_bad_sector (GArray *bad, guint64 at, guint sector, SsdbScanOp op, int errsv)
{
  SsdbScanRange s = { at, sector, op, errsv, 0 };
  SsdbScanRange *last = bad->len ? &g_array_index (bad, SsdbScanRange, bad->len - 1) : NULL;

  if (last != NULL && last->offset + last->length == at && last->op == op && last->errsv == errsv)
    last->length += sector;
  else
    g_array_append_val (bad, s);
}

/* Reads the failed block [offset, offset + length) again one sector at a time; the sectors that
 * fail with a medium error go into @bad (merged). Returns FALSE on any other error. */
static gboolean
retry_block (SsdbTarget *target, guint64 offset, guint64 length, guint sector, GArray *bad,
             guint64 *took_ns, GCancellable *cancellable, GError **error)
{
  for (guint64 at = offset; at < offset + length; at += sector)
    {
      SsdbIoResult io;
      g_autoptr (GError) local = NULL;
      int errsv;

      if (read_job (target, at, sector, sector, NULL, cancellable, &io, &local))
        {
          *took_ns += io.window_ns;
          continue;
        }
      *took_ns += io.window_ns;
      errsv = ssdb_error_get_io (local, NULL);
      if (!g_error_matches (local, SSDB_ERROR, SSDB_ERROR_IO) || !is_medium_error (errsv))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      add_bad_sector (bad, at, sector, SSDB_SCAN_OP_READ, errsv);
    }
  return TRUE;
}

/* ---- the verifying scan ---- */

/* Buffers of a verifying scan: the data written and the data read back, DIO-aligned. */
typedef struct
{
  guint8 *write;
  guint8 *read;
} VerifyBuffers;

static guint64
mono_ns (void)
{
  return (guint64)g_get_monotonic_time () * 1000;
}

/* The random data of the block at @offset: seeded by the scan's seed and the offset. */
static void
block_data (guint64 seed, guint64 offset, guint8 *buf, gsize len)
{
  SsdbRng rng;

  ssdb_rng_init (&rng, seed ^ (offset * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)));
  ssdb_rng_fill (&rng, buf, len);
}

/* Largest piece of one transfer: a Stop is seen between pieces, so a slow device holds it back
 * by one piece at most. */
#define TRANSFER_PIECE (G_GUINT64_CONSTANT (1) << 20)

/* One O_DIRECT transfer of [@offset, @offset + @len), in pieces of at most TRANSFER_PIECE:
 * 0, ECANCELED after a Stop, or the errno. */
static int
transfer (int fd, gboolean write, guint8 *buf, gsize len, guint64 offset, GCancellable *cancellable)
{
  gsize done = 0;

  while (done < len)
    {
      gsize piece = MIN (len - done, (gsize)TRANSFER_PIECE);
      ssize_t n;

      if (g_cancellable_is_cancelled (cancellable))
        return ECANCELED;
      n = write ? pwrite (fd, buf + done, piece, (off_t)(offset + done))
                : pread (fd, buf + done, piece, (off_t)(offset + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno;
      if (n == 0)
        return EIO;
      done += (gsize)n;
    }
  return 0;
}

/* FALSE with the I/O error of a failed transfer, worded as the engine's and with the errno
 * and offset recorded (ssdb_error_set_io()). */
static gboolean
transfer_failed (SsdbTarget *target, gboolean write, guint64 length, guint64 offset, int errsv,
                 GError **error)
{
  GError *e = g_error_new (SSDB_ERROR, SSDB_ERROR_IO,
                           "I/O error on %s: %s of %" G_GUINT64_FORMAT
                           " bytes at offset %" G_GUINT64_FORMAT " failed: %s (errno %d)",
                           ssdb_target_get_display_name (target), write ? "write" : "read", length,
                           offset, g_strerror (errsv), errsv);

  ssdb_error_set_io (e, errsv, offset);
  g_propagate_error (error, e);
  return FALSE;
}

/* FALSE with the error of a Stop (SSDB_ERROR_CANCELLED). */
static gboolean
stopped (SsdbTarget *target, GError **error)
{
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The error scan on %s was stopped",
               ssdb_target_get_display_name (target));
  return FALSE;
}

/* The failed transfer of a block, again one sector at a time (the block's data at its place in
 * @buf): the sectors that fail with a medium error go into @bad. FALSE with @error for any other
 * error, or a Stop. */
static gboolean
retry_sectors (SsdbTarget *target, int fd, gboolean write, guint8 *buf, guint64 offset,
               guint64 length, guint sector, GArray *bad, GCancellable *cancellable, GError **error)
{
  for (guint64 at = offset; at < offset + length; at += sector)
    {
      int errsv = transfer (fd, write, buf + (at - offset), sector, at, cancellable);

      if (errsv == ECANCELED)
        return stopped (target, error);
      if (errsv != 0 && !is_medium_error (errsv))
        return transfer_failed (target, write, sector, at, errsv, error);
      if (errsv != 0)
        add_bad_sector (bad, at, sector, write ? SSDB_SCAN_OP_WRITE : SSDB_SCAN_OP_READ, errsv);
      if (g_cancellable_is_cancelled (cancellable))
        return stopped (target, error);
    }
  return TRUE;
}

/* Writes the block at @offset with its data, reads it back and compares, sector by sector where
 * a transfer failed; its bad ranges go into @bad (in order) and its time into *@took_ns. */
static gboolean
verify_block (SsdbTarget *target, int fd, const SsdbScanSpec *spec, guint sector, VerifyBuffers *b,
              guint64 offset, guint64 length, GArray *bad, guint64 *took_ns,
              GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) unreadable = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
  guint64 t0;
  int errsv;

  block_data (spec->seed, offset, b->write, length);
  /* the block's time is its write and its read, not the making of its data */
  t0 = mono_ns ();
  errsv = transfer (fd, TRUE, b->write, length, offset, cancellable);
  if (errsv == ECANCELED)
    return stopped (target, error);
  if (errsv != 0 && !is_medium_error (errsv))
    return transfer_failed (target, TRUE, length, offset, errsv, error);
  if (errsv != 0
      && !retry_sectors (target, fd, TRUE, b->write, offset, length, sector, bad, cancellable,
                         error))
    return FALSE;
  errsv = transfer (fd, FALSE, b->read, length, offset, cancellable);
  if (errsv == ECANCELED)
    return stopped (target, error);
  if (errsv != 0 && !is_medium_error (errsv))
    return transfer_failed (target, FALSE, length, offset, errsv, error);
  if (errsv != 0
      && !retry_sectors (target, fd, FALSE, b->read, offset, length, sector, unreadable,
                         cancellable, error))
    return FALSE;
  *took_ns = mono_ns () - t0;

  /* Sector by sector, in order: unwritable (already in @bad), unreadable, or read back wrong. */
  {
    g_autoptr (GArray) merged = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
    guint wi = 0, ri = 0;

    for (guint64 at = offset; at < offset + length; at += sector)
      {
        const SsdbScanRange *w = wi < bad->len ? &g_array_index (bad, SsdbScanRange, wi) : NULL;
        const SsdbScanRange *r
            = ri < unreadable->len ? &g_array_index (unreadable, SsdbScanRange, ri) : NULL;

        while (w != NULL && at >= w->offset + w->length)
          w = ++wi < bad->len ? &g_array_index (bad, SsdbScanRange, wi) : NULL;
        while (r != NULL && at >= r->offset + r->length)
          r = ++ri < unreadable->len ? &g_array_index (unreadable, SsdbScanRange, ri) : NULL;
        if (w != NULL && at >= w->offset)
          add_bad_sector (merged, at, sector, SSDB_SCAN_OP_WRITE, w->errsv);
        else if (r != NULL && at >= r->offset)
          add_bad_sector (merged, at, sector, SSDB_SCAN_OP_READ, r->errsv);
        else if (memcmp (b->write + (at - offset), b->read + (at - offset), sector) != 0)
          add_bad_sector (merged, at, sector, SSDB_SCAN_OP_VERIFY, 0);
      }
    g_array_set_size (bad, 0);
    g_array_append_vals (bad, merged->data, merged->len);
  }
  return TRUE;
}

/* The verifying scan from span_offset + scanned_bytes to the end of the span. */
static gboolean
run_verify (SsdbTarget *target, SsdbScanResult *result, SsdbScanProgressFunc progress,
            gpointer user_data, GCancellable *cancellable, GError **error)
{
  const SsdbScanSpec *spec = &result->spec;
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  g_autoptr (GArray) bad = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
  VerifyBuffers b = { NULL, NULL };
  gsize align = MAX (4096u, info->dio_mem_align);
  guint64 last_progress = 0;
  int fd = ssdb_target_get_fd (target);
  gboolean ok = TRUE;

  if (!ssdb_target_check_writes (target, "The verifying error scan", error))
    {
      result->cancelled = TRUE;
      return FALSE;
    }
  if (posix_memalign ((void **)&b.write, align, spec->block_size) != 0
      || posix_memalign ((void **)&b.read, align, spec->block_size) != 0)
    {
      free (b.write);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Cannot allocate the scan's buffers");
      result->cancelled = TRUE;
      return FALSE;
    }
  while (ok && result->scanned_bytes < spec->span_length)
    {
      guint64 at = spec->span_offset + result->scanned_bytes;
      guint64 length = MIN ((guint64)spec->block_size, spec->span_length - result->scanned_bytes);
      guint64 took = 0;

      g_array_set_size (bad, 0);
      ok = verify_block (target, fd, spec, result->logical_block_size, &b, at, length, bad, &took,
                         cancellable, error);
      if (!ok)
        break;
      ssdb_scan_add_block (result, took, bad);
      if (progress != NULL
          && (mono_ns () - last_progress > 100 * NS_PER_MS
              || result->scanned_bytes == spec->span_length))
        {
          last_progress = mono_ns ();
          progress (result, (double)result->scanned_bytes / spec->span_length, user_data);
        }
      if (g_cancellable_is_cancelled (cancellable) && result->scanned_bytes < spec->span_length)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The error scan on %s was stopped",
                       ssdb_target_get_display_name (target));
          ok = FALSE;
        }
    }
  free (b.write);
  free (b.read);
  result->cancelled = !ok;
  ssdb_scan_summarize (result);
  return ok;
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_scan (SsdbTarget *target, SsdbScanResult *result, SsdbScanProgressFunc progress,
          gpointer user_data, GCancellable *cancellable, GError **error)
{
  const SsdbTargetInfo *info;
  SsdbScanSpec *spec;
  g_autofree guint64 *elapsed = NULL;
  g_autoptr (GArray) bad = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
  guint max_group, group_blocks = 1;

  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  info = ssdb_target_get_info (target);
  spec = &result->spec;
  if (!ssdb_scan_result_check (result, info, error))
    {
      result->cancelled = TRUE;
      return FALSE;
    }
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  if (result->scanned_bytes > 0 && result->logical_block_size != info->logical_block_size)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The scan to go on from was made with a logical block size of %u bytes; %s "
                   "has %u",
                   result->logical_block_size, ssdb_target_get_display_name (target),
                   info->logical_block_size);
      return FALSE;
    }
  result->logical_block_size = info->logical_block_size;
  result->cancelled = FALSE;
  if (spec->verify)
    return run_verify (target, result, progress, user_data, cancellable, error);
  max_group = (guint)MAX (GROUP_BYTES / spec->block_size, G_GUINT64_CONSTANT (1));
  elapsed = g_new0 (guint64, max_group);

  while (result->scanned_bytes < spec->span_length)
    {
      guint64 at = spec->span_offset + result->scanned_bytes;
      guint64 left = spec->span_length - result->scanned_bytes;
      /* whole blocks in the group; the span's short last block is a group of its own */
      guint64 whole = MIN (left / spec->block_size, (guint64)group_blocks);
      guint block = whole > 0 ? spec->block_size : (guint)left;
      guint64 length = whole > 0 ? whole * spec->block_size : left;
      Marks marks = { elapsed, 0, max_group };
      SsdbIoResult io;
      g_autoptr (GError) local = NULL;
      gboolean ok;
      guint64 before = 0;

      ok = read_job (target, at, length, block, &marks, cancellable, &io, &local);
      /* the blocks that completed, each timed from the completion before it */
      for (guint i = 0; i < marks.n; i++)
        {
          ssdb_scan_add_block (result, elapsed[i] - before, NULL);
          before = elapsed[i];
        }
      if (!ok)
        {
          guint64 failed_at = 0, took = 0;
          int errsv = ssdb_error_get_io (local, &failed_at);

          if (!g_error_matches (local, SSDB_ERROR, SSDB_ERROR_IO) || !is_medium_error (errsv)
              || failed_at != spec->span_offset + result->scanned_bytes)
            {
              result->cancelled = TRUE;
              ssdb_scan_summarize (result);
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          g_array_set_size (bad, 0);
          if (!retry_block (target, failed_at,
                            MIN ((guint64)block, spec->span_length - result->scanned_bytes),
                            result->logical_block_size, bad, &took, cancellable, error))
            {
              result->cancelled = TRUE;
              ssdb_scan_summarize (result);
              return FALSE;
            }
          /* The failed read's own time is not known (the engine times what completes): the
           * block's time is that of its retry. A block whose every sector read on the retry
           * has no bad range; it is timed, and may be slow, like any other. */
          ssdb_scan_add_block (result, took, bad);
        }
      if (ok && io.window_ns < GROUP_FAST_NS)
        group_blocks = MIN (group_blocks * 2, max_group);
      else if (io.window_ns > GROUP_SLOW_NS)
        group_blocks = MAX (group_blocks / 2, 1u);
      if (progress != NULL)
        progress (result, (double)result->scanned_bytes / spec->span_length, user_data);
      if (g_cancellable_is_cancelled (cancellable))
        {
          result->cancelled = result->scanned_bytes < spec->span_length;
          ssdb_scan_summarize (result);
          if (!result->cancelled)
            return TRUE;
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The error scan on %s was stopped",
                       ssdb_target_get_display_name (target));
          return FALSE;
        }
    }
  ssdb_scan_summarize (result);
  return TRUE;
}

gboolean
ssdb_scan_run (SsdbTarget *target, SsdbScanResult *result, SsdbScanProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_SCAN, target, result, error);
  gboolean ok
      = recording != NULL && run_scan (target, result, progress, user_data, cancellable, error);

  /* A refused scan cannot be resumed: it is marked as stopped. */
  if (recording == NULL)
    result->cancelled = TRUE;
  ssdb_test_kind_recording_end (SSDB_TEST_KIND_SCAN, target, result, recording);
  return ok;
}

gboolean
ssdb_scan_result_check (const SsdbScanResult *result, const SsdbTargetInfo *target, GError **error)
{
  SsdbScanSpec spec;
  guint64 size;
  guint lbs;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  /* A span of 0 bytes runs to the end of the target; what is not known is not checked (an
   * unknown size is taken as the largest whole number of blocks). */
  spec = result->spec;
  lbs = target->logical_block_size ? target->logical_block_size : 512;
  size = target->size_bytes ? target->size_bytes : G_MAXUINT64 / lbs * lbs;
  if (spec.span_length == 0 && spec.span_offset < size)
    spec.span_length = size - spec.span_offset;
  return ssdb_scan_spec_validate (&spec, size, lbs, error);
}

SSDB_WORDS_DEFINE_DUP (ssdb_scan_result_dup_words, SsdbScanResult, ssdb_scan_result_dup,
                       ssdb_scan_summarize, ssdb_scan_result_free)
