/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-io.h"
#include "ssdb-error.h"

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* How long a worker may wait in io_getevents() before looking at the stop flag again. */
#define WAIT_SLICE_NS (50 * G_GUINT64_CONSTANT (1000000))
/* The monitor's wake-up period for cancellation and samples. */
#define MONITOR_PERIOD_US (20 * G_TIME_SPAN_MILLISECOND)
/* After a stop, how long requests still in flight may take before the device is declared not
 * responding and the job returns without them (cancel takes effect within 250 ms). */
#define STOP_GRACE_US (100 * G_TIME_SPAN_MILLISECOND)
/* In the message of a job left to a device that does not answer. */
#define NOT_RESPONDING_TEXT ", but the device is not responding: "
/* Data pool size: writes take their bytes from a random page of it, so consecutive requests
 * rarely carry the same data (4096 distinct pages in 16 MiB). */
#define POOL_MIN_BYTES (16u * 1024 * 1024)

static inline guint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (guint64)ts.tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64)ts.tv_nsec;
}

static guint64
timeval_ns (const struct timeval *tv)
{
  return (guint64)tv->tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64)tv->tv_usec * 1000;
}

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

static const char *
rw_verb (SsdbRw rw)
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

gboolean
ssdb_job_spec_validate (const SsdbJobSpec *spec, SsdbTarget *target, GError **error)
{
  const SsdbTargetInfo *info;
  const char *name;
  guint64 slice, buffers;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);

  info = ssdb_target_get_info (target);
  name = ssdb_target_get_display_name (target);

#define INVALID(...)                                                                               \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, __VA_ARGS__);                     \
    return FALSE;                                                                                  \
  }                                                                                                \
  G_STMT_END

  if (spec->queue_depth < 1 || spec->queue_depth > SSDB_MAX_QUEUE_DEPTH)
    INVALID ("Queue depth %u is out of range (1 to %u)", spec->queue_depth, SSDB_MAX_QUEUE_DEPTH);
  if (spec->threads < 1 || spec->threads > SSDB_MAX_THREADS)
    INVALID ("Thread count %u is out of range (1 to %u)", spec->threads, SSDB_MAX_THREADS);
  if (spec->rw > SSDB_RW_MIX || spec->access > SSDB_ACCESS_RANDOM)
    INVALID ("Unknown I/O kind");
  if (spec->rw == SSDB_RW_MIX && spec->read_percent > 100)
    INVALID ("Read share %u %% is out of range (0 to 100)", spec->read_percent);
  if (spec->block_size == 0 || spec->block_size > SSDB_MAX_BLOCK_SIZE)
    INVALID ("Transfer size %u bytes is out of range (logical block size to 64 MiB)",
             spec->block_size);
  if (spec->block_size < info->logical_block_size)
    INVALID ("Transfer size %u bytes is smaller than the logical block size of %s (%u bytes)",
             spec->block_size, name, info->logical_block_size);
  if (spec->block_size % info->logical_block_size != 0
      || spec->block_size % info->dio_offset_align != 0)
    INVALID ("Transfer size %u bytes is not a multiple of the block size of %s (%u bytes)",
             spec->block_size, name, MAX (info->logical_block_size, info->dio_offset_align));
  if (spec->offset % info->dio_offset_align != 0)
    INVALID ("Offset %" G_GUINT64_FORMAT " is not a multiple of the block size of %s (%u bytes)",
             spec->offset, name, info->dio_offset_align);
  if (spec->length == 0)
    INVALID ("The test size must be larger than 0");
  if (spec->offset > info->size_bytes || spec->length > info->size_bytes - spec->offset)
    INVALID ("The test region (%" G_GUINT64_FORMAT " bytes from offset %" G_GUINT64_FORMAT
             ") ends beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
             spec->length, spec->offset, name, info->size_bytes);
  slice = spec->length / spec->threads;
  if (slice < spec->block_size)
    INVALID ("The test size (%" G_GUINT64_FORMAT " bytes) is too small for %u threads of "
             "%u-byte transfers",
             spec->length, spec->threads, spec->block_size);
  if (spec->duration_ns == 0 && spec->total_bytes == 0)
    INVALID ("A job needs a duration or an amount of data to transfer");
  if (spec->mark_bytes && (spec->threads != 1 || spec->mark_func == NULL))
    INVALID ("Progress marks need one thread and a callback");
  if (spec->random_percent > 100)
    INVALID ("Random share %u %% is out of range (0 to 100)", spec->random_percent);
  if (spec->n_size_mix > SSDB_MAX_SIZE_MIX)
    INVALID ("A size distribution has at most %u sizes", SSDB_MAX_SIZE_MIX);
  if (spec->align_bytes
      && (spec->align_bytes % info->logical_block_size != 0
          || spec->align_bytes % info->dio_offset_align != 0 || spec->align_bytes > slice))
    INVALID ("Alignment %u bytes must be a multiple of the block size of %s (%u bytes)",
             spec->align_bytes, name, MAX (info->logical_block_size, info->dio_offset_align));
  {
    guint64 total_weight = 0;

    for (guint k = 0; k < spec->n_size_mix; k++)
      {
        guint sz = spec->size_mix[k].size;

        if (sz == 0 || sz > spec->block_size || sz % info->logical_block_size != 0
            || sz % info->dio_offset_align != 0)
          INVALID ("Transfer size %u bytes in the size distribution must be a multiple of the "
                   "block size of %s (%u bytes) and at most %u bytes",
                   sz, name, MAX (info->logical_block_size, info->dio_offset_align),
                   spec->block_size);
        total_weight += spec->size_mix[k].weight;
      }
    if (spec->n_size_mix > 0 && total_weight == 0)
      INVALID ("The size distribution has no weight");
  }
  if (spec->data.kind > SSDB_DATA_COMPRESSIBLE || spec->data.compressible_percent > 100)
    INVALID ("Unknown data pattern");
  buffers = (guint64)spec->threads * spec->queue_depth * spec->block_size;
  if (spec->rw != SSDB_RW_WRITE && buffers > SSDB_MAX_BUFFER_BYTES)
    INVALID ("%u threads × QD %u × %u bytes needs %" G_GUINT64_FORMAT " bytes of buffers, more "
             "than the limit of %" G_GUINT64_FORMAT,
             spec->threads, spec->queue_depth, spec->block_size, buffers, SSDB_MAX_BUFFER_BYTES);
#undef INVALID

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
                   rw_verb (spec->rw), name, why ? why : "writes are not allowed");
      return FALSE;
    }
  return TRUE;
}

typedef struct _Shared Shared;

typedef struct
{
  Shared *shared;
  guint index;
  GThread *thread;

  guint64 region_start;
  guint64 region_blocks;
  guint64 seq_next;
  /* Size-mix / partly random jobs. */
  gboolean general;
  guint64 region_bytes;
  guint64 seq_pos;
  guint64 align;
  guint64 mix_cum[SSDB_MAX_SIZE_MIX];
  guint64 mix_total;
  guint8 *slot_size_index;
  guint8 *slot_random;
  guint64 random_ios;
  guint64 size_ios[SSDB_MAX_SIZE_MIX];
  guint64 quota_bytes; /* size-based: bytes this worker issues; 0 = unlimited */
  guint64 issued_bytes;
  guint64 next_mark;

  io_context_t ctx;
  struct iocb *iocbs;
  struct iocb **batch;
  struct io_event *events;
  guint64 *submit_ns;
  guint8 *read_buffers;
  SsdbRng rng;

  SsdbHistogram *read_h;
  SsdbHistogram *write_h;

  /* Published for the monitor (relaxed atomics). */
  guint64 done_bytes;
  guint64 done_ios;

  /* Guards everything below and the histograms: taken once per batch of completions, and by
   * the caller when it gathers the results (possibly while the thread still waits for a device
   * that does not answer). */
  GMutex lock;
  gboolean abandoned; /* the caller gathered and left: record nothing more, call nothing */
  guint64 read_ios, read_bytes, write_ios, write_bytes;
  guint64 last_completion_ns;
  guint64 cpu_user_ns, cpu_system_ns;
  guint inflight;
  GError *error;

  gboolean finished; /* under Shared.mutex */
} Worker;

/* Owned jointly by the caller and every started worker (refs): a worker that waits for a device
 * that does not answer outlives ssdb_io_run() and frees the job when it ends. */
struct _Shared
{
  gint refs;
  SsdbJobSpec spec_copy;
  const SsdbJobSpec *spec;
  SsdbTarget *target;
  int fd;
  char *display_name;
  SsdbDataPool *pool_ref;
  const guint8 *pool;
  guint64 pool_slots; /* pool positions a write may start at, in mem-align units */
  guint pool_align;
  guint8 *source_copy; /* the job's own copy of SsdbJobSpec.write_source */
  Worker *workers;
  guint n_workers;

  GMutex mutex;
  GCond cond;
  guint ready;
  guint finished;
  gboolean go;
  gboolean abort_start;

  gint stop;
  guint64 t0;
  guint64 deadline;
};

static void
worker_free (Worker *w);

static Shared *
shared_ref (Shared *sh)
{
  g_atomic_int_inc (&sh->refs);
  return sh;
}

static void
shared_unref (Shared *sh)
{
  if (!g_atomic_int_dec_and_test (&sh->refs))
    return;
  for (guint i = 0; i < sh->n_workers; i++)
    worker_free (&sh->workers[i]);
  g_free (sh->workers);
  g_clear_pointer (&sh->pool_ref, ssdb_data_pool_unref);
  free (sh->source_copy);
  g_clear_object (&sh->target);
  g_free (sh->display_name);
  g_mutex_clear (&sh->mutex);
  g_cond_clear (&sh->cond);
  g_free (sh);
}

static inline gboolean
should_stop (Shared *shared)
{
  return g_atomic_int_get (&shared->stop) != 0;
}

/* Offset and size of the next request of a size-mix or partly random job (IOMeter's access
 * specifications): byte-granular within the thread's slice, aligned to the job's alignment. */
static void
next_general (Worker *w, guint slot, guint64 *offset, guint *size)
{
  const SsdbJobSpec *spec = w->shared->spec;
  guint64 align = w->align;
  guint sz = spec->block_size;
  gboolean random;

  if (spec->n_size_mix > 0)
    {
      guint64 r = ssdb_rng_below (&w->rng, w->mix_total);
      guint k = 0;

      while (k + 1 < spec->n_size_mix && r >= w->mix_cum[k])
        k++;
      sz = spec->size_mix[k].size;
      w->slot_size_index[slot] = (guint8)k;
    }
  random = spec->access == SSDB_ACCESS_RANDOM
           && (spec->random_percent >= 100 || ssdb_rng_below (&w->rng, 100) < spec->random_percent);
  w->slot_random[slot] = (guint8)random;
  if (random)
    {
      guint64 positions = (w->region_bytes - sz) / align + 1;

      *offset = ssdb_rng_below (&w->rng, positions) * align;
    }
  else
    {
      if (w->seq_pos + sz > w->region_bytes)
        w->seq_pos = 0;
      *offset = w->seq_pos;
    }
  w->seq_pos = (*offset + sz + align - 1) / align * align;
  *offset += w->region_start;
  *size = sz;
}

static inline void
prepare_io (Worker *w, guint slot, guint64 now)
{
  const SsdbJobSpec *spec = w->shared->spec;
  struct iocb *cb = &w->iocbs[slot];
  guint64 offset;
  guint size = spec->block_size;
  gboolean is_read;

  if (G_UNLIKELY (w->general))
    next_general (w, slot, &offset, &size);
  else if (spec->access == SSDB_ACCESS_RANDOM)
    offset = w->region_start + ssdb_rng_below (&w->rng, w->region_blocks) * spec->block_size;
  else
    {
      offset = w->region_start + w->seq_next * spec->block_size;
      if (++w->seq_next == w->region_blocks)
        w->seq_next = 0;
    }

  switch (spec->rw)
    {
      case SSDB_RW_READ:
        is_read = TRUE;
        break;
      case SSDB_RW_WRITE:
        is_read = FALSE;
        break;
      default:
        is_read = ssdb_rng_below (&w->rng, 100) < spec->read_percent;
        break;
    }

  if (is_read)
    io_prep_pread (cb, w->shared->fd, w->read_buffers + (gsize)slot * spec->block_size, size,
                   (long long)offset);
  else
    {
      Shared *sh = w->shared;
      const guint8 *src;

      if (G_UNLIKELY (spec->write_source != NULL))
        src = spec->write_source + (offset - spec->offset);
      else
        src = sh->pool + (gsize)ssdb_rng_below (&w->rng, sh->pool_slots) * sh->pool_align;
      io_prep_pwrite (cb, sh->fd, (void *)src, size, (long long)offset);
    }
  w->submit_ns[slot] = now;
  w->issued_bytes += size;
}

static gboolean
may_issue (Worker *w, guint64 now)
{
  Shared *sh = w->shared;

  if (should_stop (sh))
    return FALSE;
  if (sh->spec->duration_ns && now >= sh->deadline)
    return FALSE;
  if (w->quota_bytes && w->issued_bytes >= w->quota_bytes)
    return FALSE;
  return TRUE;
}

/* With w->lock held. */
static void
worker_fail (Worker *w, const char *op, guint64 offset, guint len, int errsv)
{
  if (w->error == NULL)
    {
      if (errsv > 0)
        g_set_error (&w->error, SSDB_ERROR, errsv == ENOSPC ? SSDB_ERROR_NO_SPACE : SSDB_ERROR_IO,
                     "I/O error on %s: %s of %u bytes at offset %" G_GUINT64_FORMAT
                     " failed: %s (errno %d)",
                     w->shared->display_name, op, len, offset, g_strerror (errsv), errsv);
      else
        g_set_error (&w->error, SSDB_ERROR, SSDB_ERROR_IO,
                     "I/O error on %s: %s of %u bytes at offset %" G_GUINT64_FORMAT
                     " transferred only %d bytes",
                     w->shared->display_name, op, len, offset, -errsv);
    }
  g_atomic_int_set (&w->shared->stop, 1);
}

/* Submits @n prepared iocbs from w->batch; returns how many were accepted. */
static guint
submit_batch (Worker *w, guint n)
{
  guint done = 0;

  while (done < n)
    {
      int r = io_submit (w->ctx, (long)(n - done), w->batch + done);

      if (r > 0)
        done += (guint)r;
      else if (r == -EAGAIN || r == -EINTR)
        break;
      else
        {
          struct iocb *cb = w->batch[done];

          g_mutex_lock (&w->lock);
          worker_fail (w, cb->aio_lio_opcode == IO_CMD_PREAD ? "submit read" : "submit write",
                       (guint64)cb->u.c.offset, (guint)cb->u.c.nbytes, r < 0 ? -r : EIO);
          g_mutex_unlock (&w->lock);
          break;
        }
    }
  return done;
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;
  Shared *sh = w->shared;
  const SsdbJobSpec *spec = sh->spec;
  guint qd = spec->queue_depth;
  guint inflight = 0, n;
  struct rusage ru0, ru1;
  struct timespec slice = { 0, (long)WAIT_SLICE_NS };

  g_mutex_lock (&sh->mutex);
  sh->ready++;
  g_cond_broadcast (&sh->cond);
  while (!sh->go && !sh->abort_start)
    g_cond_wait (&sh->cond, &sh->mutex);
  g_mutex_unlock (&sh->mutex);
  if (sh->abort_start)
    goto out;

  getrusage (RUSAGE_THREAD, &ru0);

  /* Fill the queue. */
  {
    guint64 now = now_ns ();

    for (n = 0; n < qd && may_issue (w, now); n++)
      {
        prepare_io (w, n, now);
        w->batch[n] = &w->iocbs[n];
      }
    inflight = submit_batch (w, n);
    __atomic_store_n (&w->inflight, inflight, __ATOMIC_RELAXED);
    /* Slots that were not accepted are simply not in flight; they are refilled below. */
    for (guint i = inflight; i < n; i++)
      w->issued_bytes -= (guint64)w->iocbs[i].u.c.nbytes;
  }

  {
    guint free_slots[SSDB_MAX_QUEUE_DEPTH];
    guint n_free = 0;

    for (guint i = inflight; i < qd; i++)
      free_slots[n_free++] = i;
    /* Map slot -> whether in flight is implied: free_slots lists the idle ones. */

    while (inflight > 0 || (n_free > 0 && may_issue (w, now_ns ())))
      {
        int got = 0;
        guint64 now;

        if (inflight > 0)
          {
            got = io_getevents (w->ctx, 1, (long)qd, w->events, &slice);
            if (got < 0 && got != -EINTR)
              {
                g_mutex_lock (&w->lock);
                worker_fail (w, "wait for", 0, 0, -got);
                g_mutex_unlock (&w->lock);
                /* The context is unusable; leave what is in flight to io_destroy(). */
                break;
              }
          }
        now = now_ns ();

        if (got > 0)
          g_mutex_lock (&w->lock);
        for (int i = 0; i < got; i++)
          {
            struct io_event *ev = &w->events[i];
            struct iocb *cb = ev->obj;
            guint slot = (guint)(cb - w->iocbs);
            guint64 lat = now - w->submit_ns[slot];
            long res = (long)ev->res;
            gboolean is_read = cb->aio_lio_opcode == IO_CMD_PREAD;

            inflight--;
            free_slots[n_free++] = slot;
            if (res != (long)cb->u.c.nbytes)
              {
                worker_fail (w, is_read ? "read" : "write", (guint64)cb->u.c.offset,
                             (guint)cb->u.c.nbytes, res < 0 ? (int)-res : -(int)res);
                continue;
              }
            if (G_UNLIKELY (w->general))
              {
                w->random_ios += w->slot_random[slot];
                w->size_ios[w->slot_size_index[slot]]++;
              }
            if (is_read)
              {
                ssdb_histogram_record (w->read_h, lat);
                w->read_ios++;
                w->read_bytes += (guint64)res;
              }
            else
              {
                ssdb_histogram_record (w->write_h, lat);
                w->write_ios++;
                w->write_bytes += (guint64)res;
              }
          }
        if (got > 0)
          {
            if (spec->mark_bytes && !w->abandoned)
              {
                guint64 done = w->read_bytes + w->write_bytes;

                while (done >= w->next_mark)
                  {
                    spec->mark_func ((guint)(w->next_mark / spec->mark_bytes), now - sh->t0,
                                     spec->mark_data);
                    w->next_mark += spec->mark_bytes;
                  }
              }
            w->last_completion_ns = now;
            __atomic_store_n (&w->done_bytes, w->read_bytes + w->write_bytes, __ATOMIC_RELAXED);
            __atomic_store_n (&w->done_ios, w->read_ios + w->write_ios, __ATOMIC_RELAXED);
            __atomic_store_n (&w->inflight, inflight, __ATOMIC_RELAXED);
            g_mutex_unlock (&w->lock);
          }

        /* Refill the free slots. */
        n = 0;
        while (n_free > 0 && may_issue (w, now))
          {
            guint slot = free_slots[--n_free];

            prepare_io (w, slot, now);
            w->batch[n++] = &w->iocbs[slot];
          }
        if (n > 0)
          {
            guint accepted = submit_batch (w, n);

            inflight += accepted;
            __atomic_store_n (&w->inflight, inflight, __ATOMIC_RELAXED);
            for (guint i = accepted; i < n; i++)
              {
                free_slots[n_free++] = (guint)(w->batch[i] - w->iocbs);
                w->issued_bytes -= (guint64)w->batch[i]->u.c.nbytes;
              }
            if (accepted == 0 && inflight == 0 && w->error == NULL)
              g_usleep (1000); /* EAGAIN with nothing in flight: the kernel is short of slots */
          }
      }
  }

  getrusage (RUSAGE_THREAD, &ru1);
  g_mutex_lock (&w->lock);
  w->cpu_user_ns = timeval_ns (&ru1.ru_utime) - timeval_ns (&ru0.ru_utime);
  w->cpu_system_ns = timeval_ns (&ru1.ru_stime) - timeval_ns (&ru0.ru_stime);
  g_mutex_unlock (&w->lock);

  /* io_destroy() waits for an RCU grace period (tens of ms): do it here, in parallel with the
   * other workers, not one after another in the caller. */
  if (inflight == 0)
    {
      io_destroy (w->ctx);
      w->ctx = 0;
    }

out:
  g_mutex_lock (&sh->mutex);
  w->finished = TRUE;
  sh->finished++;
  g_cond_broadcast (&sh->cond);
  g_mutex_unlock (&sh->mutex);
  /* Last use of @w: when the caller has returned, this may free the whole job. */
  shared_unref (sh);
  return NULL;
}

static void
on_cancelled (GCancellable *cancellable, gpointer user_data)
{
  Shared *sh = user_data;

  g_atomic_int_set (&sh->stop, 1);
  g_mutex_lock (&sh->mutex);
  g_cond_broadcast (&sh->cond);
  g_mutex_unlock (&sh->mutex);
}

static void
worker_free (Worker *w)
{
  if (w->ctx)
    io_destroy (w->ctx);
  g_free (w->iocbs);
  g_free (w->batch);
  g_free (w->events);
  g_free (w->submit_ns);
  free (w->read_buffers);
  g_free (w->read_h);
  g_free (w->write_h);
  g_free (w->slot_size_index);
  g_free (w->slot_random);
  g_clear_error (&w->error);
  g_mutex_clear (&w->lock);
}

static gboolean
worker_setup (Worker *w, guint index, Shared *sh, GError **error)
{
  const SsdbJobSpec *spec = sh->spec;
  guint64 slice_blocks = (spec->length / spec->threads) / spec->block_size;
  int r;

  w->shared = sh;
  w->index = index;
  g_mutex_init (&w->lock);
  w->region_blocks = slice_blocks;
  w->region_start = spec->offset + (guint64)index * slice_blocks * spec->block_size;
  w->seq_next = 0;
  w->next_mark = spec->mark_bytes ? spec->mark_bytes : G_MAXUINT64;
  w->general
      = spec->n_size_mix > 0 || (spec->access == SSDB_ACCESS_RANDOM && spec->random_percent < 100);
  if (w->general)
    {
      const SsdbTargetInfo *info = ssdb_target_get_info (sh->target);
      guint64 slice = spec->length / spec->threads;

      w->align = spec->align_bytes ? spec->align_bytes : info->logical_block_size;
      w->region_bytes = slice / w->align * w->align;
      w->region_start = spec->offset + (guint64)index * w->region_bytes;
      for (guint k = 0; k < spec->n_size_mix; k++)
        {
          w->mix_total += spec->size_mix[k].weight;
          w->mix_cum[k] = w->mix_total;
        }
      w->slot_size_index = g_new0 (guint8, spec->queue_depth);
      w->slot_random = g_new0 (guint8, spec->queue_depth);
    }
  if (spec->total_bytes)
    {
      guint64 share = spec->total_bytes / spec->threads;

      if (index == spec->threads - 1)
        share = spec->total_bytes - share * (spec->threads - 1);
      /* Whole transfers, at least one. */
      w->quota_bytes
          = MAX ((share + spec->block_size - 1) / spec->block_size, 1) * (guint64)spec->block_size;
    }
  ssdb_rng_init (&w->rng, spec->seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (index + 1));
  w->iocbs = g_new0 (struct iocb, spec->queue_depth);
  w->batch = g_new0 (struct iocb *, spec->queue_depth);
  w->events = g_new0 (struct io_event, spec->queue_depth);
  w->submit_ns = g_new0 (guint64, spec->queue_depth);
  w->read_h = ssdb_histogram_new ();
  w->write_h = ssdb_histogram_new ();

  if (spec->rw != SSDB_RW_WRITE)
    {
      void *mem = NULL;
      gsize bytes = (gsize)spec->queue_depth * spec->block_size;
      guint align = MAX (4096u, ssdb_target_get_info (sh->target)->dio_mem_align);

      r = posix_memalign (&mem, align, bytes);
      if (r != 0)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                       "Cannot allocate %" G_GSIZE_FORMAT " bytes of read buffers: %s", bytes,
                       g_strerror (r));
          return FALSE;
        }
      memset (mem, 0, bytes);
      w->read_buffers = mem;
    }

  r = io_setup ((int)spec->queue_depth, &w->ctx);
  if (r < 0)
    {
      w->ctx = 0;
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "Cannot create an asynchronous I/O context of depth %u: %s%s", spec->queue_depth,
                   g_strerror (-r), r == -EAGAIN ? " (raise /proc/sys/fs/aio-max-nr)" : "");
      return FALSE;
    }
  return TRUE;
}

static void
publish_sample (Shared *sh, Worker *workers, guint n, SsdbIoSampleFunc func, gpointer data)
{
  guint64 bytes = 0, ios = 0, now = now_ns ();

  for (guint i = 0; i < n; i++)
    {
      bytes += __atomic_load_n (&workers[i].done_bytes, __ATOMIC_RELAXED);
      ios += __atomic_load_n (&workers[i].done_ios, __ATOMIC_RELAXED);
    }
  func (now - sh->t0, bytes, ios, data);
}

/* Moves what @w measured into @result and tells it to record nothing more. */
static void
gather_worker (Worker *w, SsdbIoResult *result, guint64 *t_end, GError **first_error)
{
  const SsdbJobSpec *spec = w->shared->spec;

  g_mutex_lock (&w->lock);
  ssdb_histogram_merge (&result->read_latency, w->read_h);
  ssdb_histogram_merge (&result->write_latency, w->write_h);
  result->read_ios += w->read_ios;
  result->read_bytes += w->read_bytes;
  result->write_ios += w->write_ios;
  result->write_bytes += w->write_bytes;
  result->cpu_user_ns += w->cpu_user_ns;
  result->cpu_system_ns += w->cpu_system_ns;
  result->random_ios += w->general                           ? w->random_ios
                        : spec->access == SSDB_ACCESS_RANDOM ? w->read_ios + w->write_ios
                                                             : 0;
  for (guint k = 0; k < spec->n_size_mix; k++)
    result->size_ios[k] += w->size_ios[k];
  *t_end = MAX (*t_end, w->last_completion_ns);
  if (w->error && *first_error == NULL)
    *first_error = g_steal_pointer (&w->error);
  w->abandoned = TRUE;
  g_mutex_unlock (&w->lock);
}

gboolean
ssdb_io_run (SsdbTarget *target, const SsdbJobSpec *spec, SsdbIoSampleFunc sample_func,
             gpointer user_data, GCancellable *cancellable, SsdbIoResult *result, GError **error)
{
  const SsdbTargetInfo *info;
  Shared *sh;
  Worker *workers;
  SsdbDeviceCounters before, after;
  guint nthreads, started = 0, stuck = 0;
  guint64 stuck_requests = 0;
  gulong cancel_id = 0;
  guint64 t_end = 0, last_sample;
  gint64 stop_seen_us = 0;
  GError *first_error = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (result, 0, sizeof *result);
  ssdb_histogram_reset (&result->latency);
  ssdb_histogram_reset (&result->read_latency);
  ssdb_histogram_reset (&result->write_latency);

  if (!ssdb_job_spec_validate (spec, target, error))
    return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      result->cancelled = TRUE;
      return FALSE;
    }

  info = ssdb_target_get_info (target);
  sh = g_new0 (Shared, 1);
  sh->refs = 1;
  sh->spec_copy = *spec;
  sh->spec = &sh->spec_copy;
  sh->target = g_object_ref (target);
  sh->fd = ssdb_target_get_fd (target);
  sh->display_name = g_strdup (ssdb_target_get_display_name (target));
  g_mutex_init (&sh->mutex);
  g_cond_init (&sh->cond);

  if (spec->write_source != NULL)
    {
      /* Requests still in flight when a device stops answering outlive this call: they must
       * write the job's own copy, never memory the caller frees and reuses. */
      void *mem = NULL;
      int r = posix_memalign (&mem, MAX (4096u, info->dio_mem_align), (gsize)spec->length);

      if (r != 0)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                       "Cannot allocate %" G_GUINT64_FORMAT " bytes for the data to write back: %s",
                       spec->length, g_strerror (r));
          shared_unref (sh);
          return FALSE;
        }
      memcpy (mem, spec->write_source, (gsize)spec->length);
      sh->source_copy = mem;
      sh->spec_copy.write_source = mem;
    }
  /* Marks are not called once the job has returned (their data may be gone). */

  if (spec->rw != SSDB_RW_READ && spec->write_source == NULL)
    {
      gsize pool_size = MAX ((gsize)POOL_MIN_BYTES, (gsize)spec->block_size * 2);

      sh->pool_ref = ssdb_data_pool_get_shared (&spec->data, pool_size, spec->seed, error);
      if (sh->pool_ref == NULL)
        {
          shared_unref (sh);
          return FALSE;
        }
      sh->pool = ssdb_data_pool_get_data (sh->pool_ref);
      /* Page-aligned sources: a buffer that straddles pages splits each request into partial
       * pages, which some devices (zram: read-modify-write) serve far more slowly. */
      sh->pool_align = MAX (info->dio_mem_align, 4096u);
      sh->pool_slots = (pool_size - spec->block_size) / sh->pool_align + 1;
    }

  nthreads = spec->threads;
  workers = sh->workers = g_new0 (Worker, nthreads);
  sh->n_workers = nthreads;
  for (guint i = 0; i < nthreads; i++)
    {
      if (!worker_setup (&workers[i], i, sh, error))
        {
          ok = FALSE;
          break;
        }
    }

  if (ok)
    {
      for (guint i = 0; i < nthreads; i++)
        {
          g_autofree char *tname = g_strdup_printf ("ssdb-io-%u", i);

          shared_ref (sh);
          workers[i].thread = g_thread_try_new (tname, worker_main, &workers[i], error);
          if (workers[i].thread == NULL)
            {
              g_atomic_int_add (&sh->refs, -1);
              ok = FALSE;
              break;
            }
          started++;
        }
    }

  if (!ok)
    {
      g_mutex_lock (&sh->mutex);
      sh->abort_start = TRUE;
      g_cond_broadcast (&sh->cond);
      g_mutex_unlock (&sh->mutex);
      for (guint i = 0; i < started; i++)
        g_thread_join (workers[i].thread);
      shared_unref (sh);
      return FALSE;
    }

  if (cancellable)
    cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), sh, NULL);

  /* Start all threads at once: the window opens when the last one is ready. */
  g_mutex_lock (&sh->mutex);
  while (sh->ready < nthreads)
    g_cond_wait (&sh->cond, &sh->mutex);
  ssdb_target_read_counters (target, &before);
  sh->t0 = now_ns ();
  sh->deadline = sh->t0 + spec->duration_ns;
  sh->go = TRUE;
  g_cond_broadcast (&sh->cond);
  last_sample = sh->t0;

  while (sh->finished < nthreads)
    {
      gint64 wake = g_get_monotonic_time () + MONITOR_PERIOD_US;

      g_cond_wait_until (&sh->cond, &sh->mutex, wake);
      if (sh->finished == nthreads)
        break;
      /* Stopped (cancel or an error) but requests are still in flight: a device that does not
       * answer keeps them forever, and the caller must get control back. */
      if (g_atomic_int_get (&sh->stop))
        {
          gint64 now_us = g_get_monotonic_time ();

          if (stop_seen_us == 0)
            stop_seen_us = now_us;
          else if (now_us - stop_seen_us >= STOP_GRACE_US)
            break;
        }
      if (sample_func && spec->sample_interval_ns)
        {
          guint64 now = now_ns ();

          if (now - last_sample >= spec->sample_interval_ns)
            {
              last_sample = now;
              g_mutex_unlock (&sh->mutex);
              publish_sample (sh, workers, nthreads, sample_func, user_data);
              g_mutex_lock (&sh->mutex);
            }
        }
    }
  /* Decide under the lock which threads ended (joined) and which still wait in the kernel
   * (left to finish on their own; they free the job when the last one ends). */
  for (guint i = 0; i < nthreads; i++)
    {
      if (!workers[i].finished)
        {
          stuck++;
          stuck_requests += __atomic_load_n (&workers[i].inflight, __ATOMIC_RELAXED);
        }
    }
  g_mutex_unlock (&sh->mutex);

  if (cancel_id)
    g_cancellable_disconnect (cancellable, cancel_id);

  for (guint i = 0; i < nthreads; i++)
    {
      gboolean finished;

      g_mutex_lock (&sh->mutex);
      finished = workers[i].finished;
      g_mutex_unlock (&sh->mutex);
      /* Gathered before a join or unref: the worker holds its own reference to the job. */
      gather_worker (&workers[i], result, &t_end, &first_error);
      if (finished)
        g_thread_join (workers[i].thread);
      else
        g_thread_unref (workers[i].thread);
      workers[i].thread = NULL;
    }

  ssdb_target_read_counters (target, &after);

  ssdb_histogram_merge (&result->latency, &result->read_latency);
  ssdb_histogram_merge (&result->latency, &result->write_latency);
  result->ios = result->read_ios + result->write_ios;
  result->bytes = result->read_bytes + result->write_bytes;
  result->window_ns = t_end > sh->t0 ? t_end - sh->t0 : 0;
  if (result->window_ns > 0)
    {
      double secs = (double)result->window_ns / 1e9;

      result->bytes_per_second = (double)result->bytes / secs;
      result->iops = (double)result->ios / secs;
      result->mean_inflight = (double)result->latency.sum_ns / (double)result->window_ns / nthreads;
    }

  result->counters_valid = before.valid && after.valid;
  if (result->counters_valid)
    {
      result->device_read_bytes = after.read_bytes - before.read_bytes;
      result->device_write_bytes = after.write_bytes - before.write_bytes;
      /* Allow 10 % for requests that completed at the device after the window closed and for
       * rounding to sectors; a page cache or a file system that ignores O_DIRECT shows far less. */
      result->reached_device = result->device_read_bytes >= result->read_bytes * 9 / 10
                               && result->device_write_bytes >= result->write_bytes * 9 / 10;
    }

  if (sample_func)
    sample_func (result->window_ns, result->bytes, result->ios, user_data);

  if (first_error != NULL)
    {
      /* The job ended early: what it measured covers the part that completed. */
      result->cancelled = TRUE;
      g_propagate_error (error, first_error);
      ok = FALSE;
    }
  else if (stuck > 0)
    {
      GError *stuck_error = g_error_new (SSDB_ERROR, SSDB_ERROR_CANCELLED,
                                         "The %s test on %s was cancelled" NOT_RESPONDING_TEXT
                                         "%" G_GUINT64_FORMAT " %s did not complete within %u ms",
                                         rw_verb (spec->rw), sh->display_name, stuck_requests,
                                         stuck_requests == 1 ? "request" : "requests",
                                         (guint)(STOP_GRACE_US / G_TIME_SPAN_MILLISECOND));

      result->cancelled = TRUE;
      ssdb_error_set_not_responding (stuck_error);
      g_propagate_error (error, stuck_error);
      ok = FALSE;
    }
  else if (g_cancellable_is_cancelled (cancellable))
    {
      result->cancelled = TRUE;
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The %s test on %s was cancelled",
                   rw_verb (spec->rw), sh->display_name);
      ok = FALSE;
    }

  shared_unref (sh);
  return ok;
}

gboolean
ssdb_io_error_is_not_responding (const GError *error)
{
  return g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED)
         && ssdb_error_is_not_responding (error);
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

char *
ssdb_job_spec_to_fio (const SsdbJobSpec *spec, SsdbTarget *target, const char *name)
{
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
  g_string_append_printf (s, " --name=%s --filename=%s --direct=1 --ioengine=libaio", quoted_name,
                          filename);
  g_string_append_printf (s, " --rw=%s", rw);
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
      g_string_append_printf (s, " --iodepth=%u --numjobs=%u", spec->queue_depth, spec->threads);
    }
  else
    g_string_append_printf (s, " --bs=%s --iodepth=%u --numjobs=%u", bs, spec->queue_depth,
                            spec->threads);
  if (spec->access == SSDB_ACCESS_RANDOM && spec->random_percent < 100)
    g_string_append_printf (s, " --percentage_random=%u", spec->random_percent);
  if (spec->n_size_mix > 0 || (spec->access == SSDB_ACCESS_RANDOM && spec->random_percent < 100))
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
  g_string_append (s, " --thread --group_reporting");
  return g_string_free (s, FALSE);
}
