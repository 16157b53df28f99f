/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-io-private.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"

#include <stdio.h>
#include <string.h>

void
ssdb_job_spec_init (SsdbJobSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->rw = SSDB_RW_READ;
  spec->read_percent = 70;
  spec->access = SSDB_ACCESS_SEQUENTIAL;
  spec->block_size = 1u << 20;
  spec->queue_depth = 1;
  spec->threads = 1;
  spec->length = G_GUINT64_CONSTANT (1) << 30;
  spec->duration_ns = 5 * G_GUINT64_CONSTANT (1000000000);
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->seed = 1;
  spec->random_percent = 100;
}

SsdbIoTrace *
ssdb_io_trace_new (guint capacity, guint64 seed)
{
  SsdbIoTrace *trace = g_new0 (SsdbIoTrace, 1);

  trace->capacity = capacity;
  trace->entries = g_new0 (SsdbIoTraceEntry, MAX (capacity, 1u));
  ssdb_rng_init (&trace->rng, seed);
  return trace;
}

void
ssdb_io_trace_free (SsdbIoTrace *trace)
{
  if (trace == NULL)
    return;
  g_free (trace->entries);
  g_free (trace);
}

void
ssdb_io_trace_add (SsdbIoTrace *trace, guint64 offset, guint64 latency_ns, guint size,
                   gboolean is_read)
{
  SsdbIoTraceEntry e = { offset, latency_ns, size, is_read };
  guint64 k;

  g_return_if_fail (trace != NULL);

  trace->seen++;
  if (trace->n_entries < trace->capacity)
    {
      trace->entries[trace->n_entries++] = e;
      return;
    }
  if (trace->capacity == 0)
    return;
  /* Algorithm R: the seen-th request replaces a random entry with probability capacity/seen. */
  k = ssdb_rng_below (&trace->rng, trace->seen);
  if (k < trace->capacity)
    trace->entries[k] = e;
}

const char *
ssdb_rw_verb (SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_READ:
        return "read";
      case SSDB_RW_WRITE:
        return "write";
      case SSDB_RW_MIX:
        return "mixed read/write";
      default:
        return "I/O";
    }
}

/* Whether block device @major:@minor polls for completions (its queue's io_poll is 1; a
 * partition's queue is its disk's). The last answer is kept: jobs follow each other on one
 * device. */
static gboolean
device_polls (guint major, guint minor)
{
  static GMutex lock;
  static guint last_major, last_minor;
  static gboolean last_known, last_polls;
  gboolean polls = FALSE;

  g_mutex_lock (&lock);
  if (last_known && last_major == major && last_minor == minor)
    {
      polls = last_polls;
      g_mutex_unlock (&lock);
      return polls;
    }
  g_mutex_unlock (&lock);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_strdup_printf ("/sys/dev/block/%u:%u/%squeue/io_poll", major, minor,
                                               i == 0 ? "" : "../");
      g_autofree char *text = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL))
        {
          polls = g_ascii_strtoull (text, NULL, 10) == 1;
          break;
        }
    }

  g_mutex_lock (&lock);
  last_major = major;
  last_minor = minor;
  last_polls = polls;
  last_known = TRUE;
  g_mutex_unlock (&lock);
  return polls;
}

SsdbIoEngine
ssdb_job_spec_engine (const SsdbJobSpec *spec, SsdbTarget *target, gboolean *polled)
{
  const SsdbTargetInfo *info;
  SsdbIoEngine engine;

  if (polled != NULL)
    *polled = FALSE;
  g_return_val_if_fail (spec != NULL, SSDB_IO_ENGINE_LIBAIO);
  g_return_val_if_fail (SSDB_IS_TARGET (target), SSDB_IO_ENGINE_LIBAIO);

  /* At QD 1 a request is submitted and reaped alone: libaio's two calls around it cost more
   * than one synchronous call (fio's pvsync2). */
  engine = spec->queue_depth == 1 ? SSDB_IO_ENGINE_PVSYNC2 : SSDB_IO_ENGINE_LIBAIO;
  info = ssdb_target_get_info (target);
  if (engine == SSDB_IO_ENGINE_PVSYNC2 && polled != NULL && info->kind == SSDB_TARGET_DEVICE
      && info->major != 0)
    *polled = device_polls (info->major, info->minor);
  return engine;
}

const char *
ssdb_io_engine_to_string (SsdbIoEngine engine)
{
  return engine == SSDB_IO_ENGINE_PVSYNC2 ? "pvsync2" : "libaio";
}

gboolean
ssdb_job_spec_check (const SsdbJobSpec *spec, const SsdbTargetInfo *info, GError **error)
{
  g_autofree char *name = NULL;
  guint64 slice, buffers;
  guint lbs, align;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  name = ssdb_target_info_dup_display_name (info);
  /* 1 where not known yet: every size is a multiple of it. */
  lbs = MAX (info->logical_block_size, 1u);
  align = MAX (info->dio_offset_align, 1u);

  if (!ssdb_spec_check_queue_depth (spec->queue_depth, error))
    return FALSE;
  if (spec->threads < 1 || spec->threads > SSDB_MAX_THREADS)
    SSDB_SPEC_INVALID ("Thread count %u is out of range (1 to %u)", spec->threads,
                       SSDB_MAX_THREADS);
  if (spec->rw > SSDB_RW_MIX || spec->access > SSDB_ACCESS_RANDOM)
    SSDB_SPEC_INVALID ("Unknown I/O kind");
  if (spec->rw == SSDB_RW_MIX && spec->read_percent > 100)
    SSDB_SPEC_INVALID ("Read share %u %% is out of range (0 to 100)", spec->read_percent);
  if (!ssdb_spec_check_block (spec->block_size, info, NULL, error))
    return FALSE;
  if (spec->offset % align != 0)
    SSDB_SPEC_INVALID ("Offset %" G_GUINT64_FORMAT
                       " is not a multiple of the block size of %s (%u bytes)",
                       spec->offset, name, align);
  if (spec->length == 0)
    SSDB_SPEC_INVALID ("The test size must be larger than 0");
  if (info->size_bytes > 0
      && (spec->offset > info->size_bytes || spec->length > info->size_bytes - spec->offset))
    SSDB_SPEC_INVALID ("The test region (%" G_GUINT64_FORMAT " bytes from offset %" G_GUINT64_FORMAT
                       ") ends beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
                       spec->length, spec->offset, name, info->size_bytes);
  slice = spec->length / spec->threads;
  if (slice < spec->block_size)
    SSDB_SPEC_INVALID ("The test size (%" G_GUINT64_FORMAT " bytes) is too small for %u threads of "
                       "%u-byte transfers",
                       spec->length, spec->threads, spec->block_size);
  if (spec->duration_ns == 0 && spec->total_bytes == 0 && spec->total_ios == 0)
    SSDB_SPEC_INVALID ("A job needs a duration, an amount of data or a number of requests");
  if (spec->mark_bytes && (spec->threads != 1 || spec->mark_func == NULL))
    SSDB_SPEC_INVALID ("Progress marks need one thread and a callback");
  if (spec->trace != NULL && spec->threads != 1)
    SSDB_SPEC_INVALID ("A request trace needs one thread, not %u", spec->threads);
  if (spec->random_percent > 100)
    SSDB_SPEC_INVALID ("Random share %u %% is out of range (0 to 100)", spec->random_percent);
  if (spec->n_size_mix > SSDB_MAX_SIZE_MIX)
    SSDB_SPEC_INVALID ("A size distribution has at most %u sizes", SSDB_MAX_SIZE_MIX);
  if (spec->align_bytes
      && (spec->align_bytes % lbs != 0 || spec->align_bytes % align != 0
          || spec->align_bytes > slice))
    SSDB_SPEC_INVALID ("Alignment %u bytes must be a multiple of the block size of %s (%u bytes)",
                       spec->align_bytes, name, MAX (lbs, align));
  {
    guint64 total_weight = 0;

    for (guint k = 0; k < spec->n_size_mix; k++)
      {
        guint sz = spec->size_mix[k].size;

        if (sz == 0 || sz > spec->block_size || sz % lbs != 0 || sz % align != 0)
          SSDB_SPEC_INVALID (
              "Transfer size %u bytes in the size distribution must be a multiple of the "
              "block size of %s (%u bytes) and at most %u bytes",
              sz, name, MAX (lbs, align), spec->block_size);
        total_weight += spec->size_mix[k].weight;
        if (spec->line_shares)
          {
            guint al = spec->size_mix[k].align_bytes;

            if (spec->size_mix[k].read_percent > 100 || spec->size_mix[k].random_percent > 100)
              SSDB_SPEC_INVALID (
                  "The read share %u %% and random share %u %% of %u-byte transfers must be "
                  "0 to 100",
                  spec->size_mix[k].read_percent, spec->size_mix[k].random_percent, sz);
            if (al && (al % lbs != 0 || al % align != 0 || al > slice))
              SSDB_SPEC_INVALID (
                  "Alignment %u bytes of %u-byte transfers must be a multiple of the block "
                  "size of %s (%u bytes)",
                  al, sz, name, MAX (lbs, align));
          }
      }
    if (spec->n_size_mix > 0 && total_weight == 0)
      SSDB_SPEC_INVALID ("The size distribution has no weight");
    if (spec->line_shares && (spec->n_size_mix == 0 || spec->access != SSDB_ACCESS_RANDOM))
      SSDB_SPEC_INVALID (
          "Shares of reads and random offsets per transfer size need a size distribution "
          "and random access%s",
          "");
  }
  if (spec->data.kind > SSDB_DATA_COMPRESSIBLE || spec->data.compressible_percent > 100)
    SSDB_SPEC_INVALID ("Unknown data pattern");
  buffers = (guint64)spec->threads * spec->queue_depth * spec->block_size;
  if (spec->rw != SSDB_RW_WRITE && buffers > SSDB_MAX_BUFFER_BYTES)
    SSDB_SPEC_INVALID (
        "%u threads × QD %u × %u bytes needs %" G_GUINT64_FORMAT " bytes of buffers, more "
        "than the limit of %" G_GUINT64_FORMAT,
        spec->threads, spec->queue_depth, spec->block_size, buffers, SSDB_MAX_BUFFER_BYTES);
  return TRUE;
}

gboolean
ssdb_job_spec_validate (const SsdbJobSpec *spec, SsdbTarget *target, GError **error)
{
  const SsdbTargetInfo *info;
  const char *name;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);

  info = ssdb_target_get_info (target);
  name = ssdb_target_get_display_name (target);
  if (!ssdb_job_spec_check (spec, info, error))
    return FALSE;

  if (spec->write_source != NULL
      && (spec->rw != SSDB_RW_WRITE || spec->n_size_mix > 0
          || (guintptr)spec->write_source % MAX (info->dio_mem_align, 1u) != 0))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "A rewrite-in-place job writes fixed-size blocks from an aligned buffer");
      return FALSE;
    }
  if (spec->rw != SSDB_RW_READ && !ssdb_target_is_writable (target)
      && !(spec->write_source != NULL && ssdb_target_can_rewrite (target)))
    {
      const char *why = ssdb_target_get_write_refusal (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "A %s test on %s was refused: %s",
                   ssdb_rw_verb (spec->rw), name, why ? why : "writes are not allowed");
      return FALSE;
    }
  /* A write goes only to the medium the permission named: it may have been swapped since the
   * target was opened. */
  if (spec->rw != SSDB_RW_READ && !ssdb_target_check_medium (target, error))
    return FALSE;
  return TRUE;
}

static char *
fio_size (guint64 bytes)
{
  if (bytes && bytes % (G_GUINT64_CONSTANT (1) << 30) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "g", bytes >> 30);
  if (bytes && bytes % (1u << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "m", bytes >> 20);
  if (bytes && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "k", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

/* Whole percentages of @weights (@n of them) that add up to 100 (largest remainders), in fio's
 * bssplit text "SIZE/PCT:..." for the sizes of @spec's lines; sizes of weight 0 left out.
 * Returns FALSE when a size of some weight rounds to 0 % (fio will not run it). */
static gboolean
append_split (GString *s, const SsdbJobSpec *spec, const double *weights)
{
  gboolean kept = TRUE;
  double total = 0;
  guint pct[SSDB_MAX_SIZE_MIX], given = 0;
  gboolean first = TRUE;

  for (guint k = 0; k < spec->n_size_mix; k++)
    total += weights[k];
  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      pct[k] = total > 0 ? (guint)(100 * weights[k] / total) : 0;
      given += pct[k];
    }
  while (total > 0 && given < 100)
    {
      guint best = 0;
      double best_rest = -1;

      for (guint k = 0; k < spec->n_size_mix; k++)
        {
          double rest = 100 * weights[k] / total - pct[k];

          if (weights[k] > 0 && rest > best_rest)
            best = k, best_rest = rest;
        }
      pct[best]++;
      given++;
    }
  for (guint k = 0; k < spec->n_size_mix; k++)
    if (pct[k] > 0)
      {
        g_autofree char *sz = fio_size (spec->size_mix[k].size);

        g_string_append_printf (s, "%s%s/%u", first ? "" : ":", sz, pct[k]);
        first = FALSE;
      }
    else
      kept &= weights[k] == 0;
  if (first)
    {
      g_autofree char *sz = fio_size (spec->size_mix[0].size);

      g_string_append_printf (s, "%s/100", sz);
    }
  return kept;
}

/* fio's options for a job whose lines carry their own shares (SsdbJobSpec.line_shares): fio
 * draws the direction first (rwmixread) and then the size from that direction's bssplit, which
 * gives each line the same share of reads and writes as the engine's line-first choice. fio has
 * one percentage_random and one blockalign for all sizes: where the lines differ in those, the
 * command uses their weighted mean and the largest alignment and says it is approximate. */
static gboolean
append_line_shares (GString *s, const SsdbJobSpec *spec, guint lbs)
{
  double reads[SSDB_MAX_SIZE_MIX], writes[SSDB_MAX_SIZE_MIX], total = 0, read = 0, random = 0;
  guint align = 0;
  gboolean same = TRUE;

  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      const SsdbSizeWeight *l = &spec->size_mix[k];
      guint al = l->align_bytes ? l->align_bytes : spec->align_bytes ? spec->align_bytes : lbs;

      reads[k] = (double)l->weight * l->read_percent;
      writes[k] = (double)l->weight * (100 - l->read_percent);
      total += l->weight;
      read += reads[k];
      random += (double)l->weight * l->random_percent;
      if (k > 0 && (l->random_percent != spec->size_mix[0].random_percent || al != align))
        same = FALSE;
      align = k == 0 ? al : MAX (align, al);
    }
  {
    guint mix = (guint)(read / total + 0.5);

    /* fio's whole percentages: a share that rounds a direction or a size away is not what the
     * engine runs. */
    if ((mix == 0 && read > 0) || (mix == 100 && read < 100 * total))
      same = FALSE;
    g_string_append_printf (s, " --rwmixread=%u --bssplit=", mix);
  }
  same &= append_split (s, spec, reads);
  g_string_append_c (s, ',');
  same &= append_split (s, spec, writes);
  g_string_append_printf (s, " --iodepth=%u --numjobs=%u", spec->queue_depth, spec->threads);
  if (random / total < 99.5)
    g_string_append_printf (s, " --percentage_random=%u", (guint)(random / total + 0.5));
  {
    g_autofree char *al = fio_size (align);

    g_string_append_printf (s, " --blockalign=%s", al);
  }
  return same;
}

char *
ssdb_job_spec_to_fio (const SsdbJobSpec *spec, SsdbTarget *target, const char *name)
{
  gboolean exact = TRUE;
  const SsdbTargetInfo *info;
  GString *s;
  const char *rw;
  guint64 slice;
  g_autofree char *bs = NULL, *size = NULL, *offset = NULL;
  g_autofree char *quoted_name = NULL;
  g_autofree char *filename = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (SSDB_IS_TARGET (target), NULL);

  info = ssdb_target_get_info (target);
  if (spec->access == SSDB_ACCESS_RANDOM)
    rw = spec->rw == SSDB_RW_READ ? "randread" : spec->rw == SSDB_RW_WRITE ? "randwrite" : "randrw";
  else
    rw = spec->rw == SSDB_RW_READ ? "read" : spec->rw == SSDB_RW_WRITE ? "write" : "rw";

  slice = (spec->length / spec->threads) / spec->block_size * spec->block_size;
  bs = fio_size (spec->block_size);
  size = fio_size (slice);
  offset = fio_size (spec->offset);

  {
    /* fio splits --filename at ':'; a literal one is written "\:". */
    g_autofree char *path = info->kind == SSDB_TARGET_FILE
                                ? g_build_filename (info->path, "ssdbench-fio.tmp", NULL)
                                : g_strdup (info->path);
    g_auto (GStrv) parts = g_strsplit (path, ":", -1);
    g_autofree char *escaped = g_strjoinv ("\\:", parts);

    filename = g_shell_quote (escaped);
  }
  quoted_name = g_shell_quote (name ? name : "job");

  s = g_string_new ("fio");
  {
    gboolean polled;
    SsdbIoEngine engine = ssdb_job_spec_engine (spec, target, &polled);

    g_string_append_printf (s, " --name=%s --filename=%s --direct=1 --ioengine=%s%s", quoted_name,
                            filename, ssdb_io_engine_to_string (engine), polled ? " --hipri" : "");
  }
  g_string_append_printf (s, " --rw=%s", rw);
  if (spec->line_shares)
    exact = append_line_shares (s, spec, info->logical_block_size);
  else
    {
      if (spec->rw == SSDB_RW_MIX)
        g_string_append_printf (s, " --rwmixread=%u", spec->read_percent);
      if (spec->n_size_mix > 0)
        {
          g_string_append (s, " --bssplit=");
          for (guint k = 0; k < spec->n_size_mix; k++)
            {
              g_autofree char *sz = fio_size (spec->size_mix[k].size);

              g_string_append_printf (s, "%s%s/%u", k ? ":" : "", sz, spec->size_mix[k].weight);
            }
          g_string_append_printf (s, " --iodepth=%u --numjobs=%u", spec->queue_depth,
                                  spec->threads);
        }
      else
        g_string_append_printf (s, " --bs=%s --iodepth=%u --numjobs=%u", bs, spec->queue_depth,
                                spec->threads);
    }
  if (spec->access == SSDB_ACCESS_RANDOM && spec->random_percent < 100 && !spec->line_shares)
    g_string_append_printf (s, " --percentage_random=%u", spec->random_percent);
  if (!spec->line_shares
      && (spec->n_size_mix > 0
          || (spec->access == SSDB_ACCESS_RANDOM && spec->random_percent < 100)))
    {
      g_autofree char *al
          = fio_size (spec->align_bytes ? spec->align_bytes
                                        : ssdb_target_get_info (target)->logical_block_size);

      g_string_append_printf (s, " --blockalign=%s", al);
    }
  /* The engine submits every free slot in one io_submit() and reaps up to the whole queue in one
   * io_getevents(); fio's default submits one request per call. */
  if (spec->queue_depth > 1)
    g_string_append_printf (s, " --iodepth_batch_submit=%u --iodepth_batch_complete_max=%u",
                            spec->queue_depth, spec->queue_depth);
  g_string_append_printf (s, " --offset=%s --size=%s", offset, size);
  if (spec->threads > 1)
    {
      g_autofree char *inc = fio_size (slice);

      g_string_append_printf (s, " --offset_increment=%s", inc);
    }
  if (spec->duration_ns)
    {
      if (spec->duration_ns % G_GUINT64_CONSTANT (1000000000) == 0)
        g_string_append_printf (s, " --runtime=%" G_GUINT64_FORMAT "s --time_based",
                                spec->duration_ns / G_GUINT64_CONSTANT (1000000000));
      else
        g_string_append_printf (s, " --runtime=%" G_GUINT64_FORMAT "ms --time_based",
                                MAX (spec->duration_ns / 1000000, 1));
      if (spec->total_bytes)
        {
          g_autofree char *io = fio_size (spec->total_bytes / spec->threads);

          g_string_append_printf (s, " --io_size=%s", io);
        }
    }
  else if (spec->total_bytes)
    {
      g_autofree char *io = fio_size (spec->total_bytes / spec->threads);

      g_string_append_printf (s, " --io_size=%s", io);
    }
  if (spec->total_ios)
    {
      /* fio stops a job at its size or io_size too: room for every request, at most. */
      if (spec->total_bytes == 0)
        {
          g_autofree char *io = fio_size (spec->total_ios * spec->block_size / spec->threads);

          g_string_append_printf (s, " --io_size=%s", io);
        }
      g_string_append_printf (s, " --number_ios=%" G_GUINT64_FORMAT,
                              spec->total_ios / spec->threads);
    }
  if (spec->access == SSDB_ACCESS_RANDOM)
    g_string_append (s, " --norandommap --randrepeat=0");
  if (spec->rw != SSDB_RW_READ)
    {
      /* The engine's requests carry different random bytes each (a random page of its data
       * pool); fio's default reuses one buffer with a few bytes changed, which a compressing
       * device handles at another speed. */
      if (spec->data.kind == SSDB_DATA_RANDOM)
        g_string_append (s, " --refill_buffers");
      else if (spec->data.kind == SSDB_DATA_ZERO)
        g_string_append (s, " --zero_buffers");
      else if (spec->data.kind == SSDB_DATA_COMPRESSIBLE)
        g_string_append_printf (s, " --buffer_compress_percentage=%u --buffer_compress_chunk=4k",
                                spec->data.compressible_percent);
    }
  /* A test file is fio's own file: removed when fio ends, as the engine's is. */
  if (info->kind == SSDB_TARGET_FILE)
    g_string_append (s, " --unlink=1");
  g_string_append (s, " --thread --group_reporting");
  if (!exact)
    g_string_append (s, "  # approximate: fio has one share of random offsets and one alignment "
                        "for all sizes, and shares in whole percent");
  return g_string_free (s, FALSE);
}
