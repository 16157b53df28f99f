/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-io-private.h"
#include "ssdb-units.h"
#include "ssdb-error.h"

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/uio.h>
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

/* A crew: I/O threads, each with its aio context, slots and buffers, kept from job to job. The
 * jobs of a run follow each other on the same crew, so a test made of many short jobs (a surface
 * of thousands of samples) does not pay for a new context (io_destroy() waits for an RCU grace
 * period, tens of ms) and new threads at every job. An idle crew waits in a small pool for the
 * next job and ends on its own after CREW_IDLE_US. */
#define CREW_IDLE_US (2 * G_TIME_SPAN_SECOND)
/* Idle crews kept for reuse, at most. */
#define POOL_MAX_CREWS 4
/* Every aio context holds at least this many events, so that jobs of QD 1 to 32 in one run share
 * one context. */
#define MIN_CTX_DEPTH 32u
/* Read buffers above this size are given back when a job needs less than a quarter of them. */
#define KEEP_BUFFER_BYTES ((gsize)64 * 1024 * 1024)

typedef struct _Crew Crew;

typedef struct
{
  Crew *crew;
  guint index;
  GThread *thread;

  /* Kept from job to job. */
  io_context_t ctx;
  guint ctx_depth;
  gboolean ctx_broken; /* io_getevents() failed on it: a new one before the next job */
  guint slots;         /* capacity of the per-slot arrays below */
  struct iocb *iocbs;
  struct iocb **batch;
  struct io_event *events;
  guint64 *submit_ns;
  guint8 *slot_size_index;
  guint8 *slot_random;
  guint8 *read_buffers;
  gsize read_capacity;
  SsdbHistogram *read_h;
  SsdbHistogram *write_h;

  /* The current job, set by worker_prepare(). */
  gboolean active;
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
  guint64 random_ios;
  guint64 size_ios[SSDB_MAX_SIZE_MIX];
  guint64 quota_bytes; /* size-based: bytes this worker issues; 0 = unlimited */
  guint64 issued_bytes;
  guint64 quota_ios; /* count-based: requests this worker issues; 0 = unlimited */
  guint64 issued_ios;
  guint64 next_mark;
  SsdbRng rng;

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

  gboolean finished; /* under Crew.mutex */
} Worker;

/* Owned by the pool or by the caller running a job, and by every started thread (refs): a crew
 * whose job left requests at a device that does not answer is retired; its threads end, and the
 * last one frees it with the job's data, when the device completes them. */
struct _Crew
{
  gint refs;
  Worker *workers;
  guint n_workers;

  GMutex mutex;
  GCond cond;
  guint started;    /* threads that reached their loop */
  guint generation; /* one more for each job */
  guint active;     /* threads taking part in the current job */
  guint finished;   /* of those, how many are done */
  gboolean quit;
  gboolean in_pool; /* under pool_lock and mutex */
  gint64 idle_since_us;

  /* The current job: set before its generation starts, cleared when it ended normally, kept
   * until the crew ends when requests are still in flight. */
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
  guint mem_align;
  SsdbIoEngine engine;
  int rw_flags; /* of preadv2() and pwritev2() */

  gint stop;
  guint64 t0;
  guint64 deadline;
};

static GMutex pool_lock;
static Crew *idle_crews[POOL_MAX_CREWS]; /* oldest first */
static guint n_idle_crews;

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

/* Drops what the crew holds of its last job. */
static void
crew_clear_job (Crew *c)
{
  g_clear_pointer (&c->pool_ref, ssdb_data_pool_unref);
  c->pool = NULL;
  g_clear_pointer (&c->source_copy, free);
  g_clear_object (&c->target);
  g_clear_pointer (&c->display_name, g_free);
  c->fd = -1;
}

static void
crew_unref (Crew *c)
{
  if (!g_atomic_int_dec_and_test (&c->refs))
    return;
  for (guint i = 0; i < c->n_workers; i++)
    {
      if (c->workers[i].thread != NULL)
        g_thread_unref (c->workers[i].thread);
      worker_free (&c->workers[i]);
    }
  g_free (c->workers);
  crew_clear_job (c);
  g_mutex_clear (&c->mutex);
  g_cond_clear (&c->cond);
  g_free (c);
}

/* Tells the threads to end (each when its job is done) and drops the caller's reference. */
static void
crew_retire (Crew *c)
{
  g_mutex_lock (&c->mutex);
  c->quit = TRUE;
  g_cond_broadcast (&c->cond);
  g_mutex_unlock (&c->mutex);
  crew_unref (c);
}

/* Called by thread 0 of an idle crew whose idle time ran out: takes it out of the pool unless a
 * job took it meanwhile. */
static void
crew_expire (Crew *c)
{
  gboolean removed = FALSE;

  g_mutex_lock (&pool_lock);
  for (guint i = 0; i < n_idle_crews; i++)
    {
      if (idle_crews[i] != c)
        continue;
      g_mutex_lock (&c->mutex);
      if (g_get_monotonic_time () >= c->idle_since_us + CREW_IDLE_US)
        {
          memmove (&idle_crews[i], &idle_crews[i + 1], (n_idle_crews - i - 1) * sizeof (Crew *));
          n_idle_crews--;
          c->in_pool = FALSE;
          c->quit = TRUE;
          g_cond_broadcast (&c->cond);
          removed = TRUE;
        }
      g_mutex_unlock (&c->mutex);
      break;
    }
  g_mutex_unlock (&pool_lock);
  if (removed)
    crew_unref (c); /* the pool's; the calling thread holds its own */
}

static inline gboolean
should_stop (Crew *c)
{
  return g_atomic_int_get (&c->stop) != 0;
}

/* Offset and size of the next request of a size-mix or partly random job (IOMeter's access
 * specifications): byte-granular within the thread's slice, aligned to the job's alignment. */
static void
next_general (Worker *w, guint slot, guint64 *offset, guint *size)
{
  const SsdbJobSpec *spec = w->crew->spec;
  guint64 align = w->align;
  guint sz = spec->block_size, random_percent = spec->random_percent;
  gboolean random;

  if (spec->n_size_mix > 0)
    {
      guint64 r = ssdb_rng_below (&w->rng, w->mix_total);
      guint k = 0;

      while (k + 1 < spec->n_size_mix && r >= w->mix_cum[k])
        k++;
      sz = spec->size_mix[k].size;
      w->slot_size_index[slot] = (guint8)k;
      if (spec->line_shares)
        {
          random_percent = spec->size_mix[k].random_percent;
          if (spec->size_mix[k].align_bytes)
            align = spec->size_mix[k].align_bytes;
        }
    }
  random = spec->access == SSDB_ACCESS_RANDOM
           && (random_percent >= 100 || ssdb_rng_below (&w->rng, 100) < random_percent);
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

/* The next request of @w in slot @slot: offset, size, direction and buffer. */
typedef struct
{
  guint64 offset;
  guint size;
  gboolean is_read;
  void *buf;
} Request;

static inline void
next_request (Worker *w, guint slot, Request *rq)
{
  Crew *c = w->crew;
  const SsdbJobSpec *spec = c->spec;

  rq->size = spec->block_size;
  if (G_UNLIKELY (w->general))
    next_general (w, slot, &rq->offset, &rq->size);
  else if (spec->access == SSDB_ACCESS_RANDOM)
    rq->offset = w->region_start + ssdb_rng_below (&w->rng, w->region_blocks) * spec->block_size;
  else
    {
      rq->offset = w->region_start + w->seq_next * spec->block_size;
      if (++w->seq_next == w->region_blocks)
        w->seq_next = 0;
    }

  switch (spec->rw)
    {
      case SSDB_RW_READ:
        rq->is_read = TRUE;
        break;
      case SSDB_RW_WRITE:
        rq->is_read = FALSE;
        break;
      default:
        rq->is_read = ssdb_rng_below (&w->rng, 100)
                      < (G_UNLIKELY (spec->line_shares)
                             ? spec->size_mix[w->slot_size_index[slot]].read_percent
                             : spec->read_percent);
        break;
    }

  if (rq->is_read)
    rq->buf = w->read_buffers + (gsize)slot * spec->block_size;
  else if (G_UNLIKELY (spec->write_source != NULL))
    rq->buf = (void *)(spec->write_source + (rq->offset - spec->offset));
  else
    rq->buf = (void *)(c->pool + (gsize)ssdb_rng_below (&w->rng, c->pool_slots) * c->pool_align);
  w->issued_bytes += rq->size;
  w->issued_ios++;
}

static inline void
prepare_io (Worker *w, guint slot, guint64 now)
{
  struct iocb *cb = &w->iocbs[slot];
  Request rq;

  next_request (w, slot, &rq);
  if (rq.is_read)
    io_prep_pread (cb, w->crew->fd, rq.buf, rq.size, (long long)rq.offset);
  else
    io_prep_pwrite (cb, w->crew->fd, rq.buf, rq.size, (long long)rq.offset);
  w->submit_ns[slot] = now;
}

static gboolean
may_issue (Worker *w, guint64 now)
{
  Crew *c = w->crew;

  if (should_stop (c))
    return FALSE;
  if (c->spec->duration_ns && now >= c->deadline)
    return FALSE;
  if (w->quota_bytes && w->issued_bytes >= w->quota_bytes)
    return FALSE;
  if (w->quota_ios && w->issued_ios >= w->quota_ios)
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
        {
          g_set_error (&w->error, SSDB_ERROR, errsv == ENOSPC ? SSDB_ERROR_NO_SPACE : SSDB_ERROR_IO,
                       "I/O error on %s: %s of %u bytes at offset %" G_GUINT64_FORMAT
                       " failed: %s (errno %d)",
                       w->crew->display_name, op, len, offset, g_strerror (errsv), errsv);
          ssdb_error_set_io (w->error, errsv, offset);
        }
      else
        g_set_error (&w->error, SSDB_ERROR, SSDB_ERROR_IO,
                     "I/O error on %s: %s of %u bytes at offset %" G_GUINT64_FORMAT
                     " transferred only %d bytes",
                     w->crew->display_name, op, len, offset, -errsv);
    }
  g_atomic_int_set (&w->crew->stop, 1);
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

/* With w->lock held: marks of a fill crossed by the bytes completed so far. */
static inline void
call_marks (Worker *w, guint64 now)
{
  Crew *c = w->crew;
  const SsdbJobSpec *spec = c->spec;
  guint64 done = w->read_bytes + w->write_bytes;

  if (!spec->mark_bytes || w->abandoned)
    return;
  while (done >= w->next_mark)
    {
      spec->mark_func ((guint)(w->next_mark / spec->mark_bytes), now - c->t0, spec->mark_data);
      w->next_mark += spec->mark_bytes;
    }
}

/* Runs the current job with libaio; returns the requests left in flight (only after the context
 * failed). */
static guint
run_aio (Worker *w)
{
  Crew *c = w->crew;
  const SsdbJobSpec *spec = c->spec;
  guint qd = spec->queue_depth;
  guint inflight = 0, n;
  struct timespec slice = { 0, (long)WAIT_SLICE_NS };
  guint free_slots[SSDB_MAX_QUEUE_DEPTH];
  guint n_free = 0;

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
      {
        w->issued_bytes -= (guint64)w->iocbs[i].u.c.nbytes;
        w->issued_ios--;
      }
  }

  for (guint i = inflight; i < qd; i++)
    free_slots[n_free++] = i;

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
              w->ctx_broken = TRUE;
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
          if (G_UNLIKELY (spec->trace != NULL) && !w->abandoned)
            ssdb_io_trace_add (spec->trace, (guint64)cb->u.c.offset, lat, (guint)res, is_read);
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
          call_marks (w, now);
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
              w->issued_ios--;
            }
          if (accepted == 0 && inflight == 0 && w->error == NULL)
            g_usleep (1000); /* EAGAIN with nothing in flight: the kernel is short of slots */
        }
    }
  return inflight;
}

/* Runs the current job with synchronous preadv2() / pwritev2() calls, one request at a time
 * (queue depth 1). */
static void
run_sync (Worker *w)
{
  Crew *c = w->crew;
  int fd = c->fd, flags = c->rw_flags;
  guint64 now = now_ns ();

  while (may_issue (w, now))
    {
      Request rq;
      struct iovec iov;
      guint64 start;
      ssize_t n;
      int errsv = 0;

      next_request (w, 0, &rq);
      iov.iov_base = rq.buf;
      iov.iov_len = rq.size;
      __atomic_store_n (&w->inflight, 1, __ATOMIC_RELAXED);
      start = now_ns ();
      do
        n = rq.is_read ? preadv2 (fd, &iov, 1, (off_t)rq.offset, flags)
                       : pwritev2 (fd, &iov, 1, (off_t)rq.offset, flags);
      while (n < 0 && errno == EINTR);
      if (n < 0)
        errsv = errno;
      now = now_ns ();

      g_mutex_lock (&w->lock);
      __atomic_store_n (&w->inflight, 0, __ATOMIC_RELAXED);
      if (G_UNLIKELY (n != (ssize_t)rq.size))
        {
          worker_fail (w, rq.is_read ? "read" : "write", rq.offset, rq.size,
                       n < 0 ? errsv : -(int)n);
          g_mutex_unlock (&w->lock);
          break;
        }
      if (G_UNLIKELY (w->general))
        {
          w->random_ios += w->slot_random[0];
          w->size_ios[w->slot_size_index[0]]++;
        }
      if (G_UNLIKELY (c->spec->trace != NULL) && !w->abandoned)
        ssdb_io_trace_add (c->spec->trace, rq.offset, now - start, rq.size, rq.is_read);
      if (rq.is_read)
        {
          ssdb_histogram_record (w->read_h, now - start);
          w->read_ios++;
          w->read_bytes += rq.size;
        }
      else
        {
          ssdb_histogram_record (w->write_h, now - start);
          w->write_ios++;
          w->write_bytes += rq.size;
        }
      call_marks (w, now);
      w->last_completion_ns = now;
      __atomic_store_n (&w->done_bytes, w->read_bytes + w->write_bytes, __ATOMIC_RELAXED);
      __atomic_store_n (&w->done_ios, w->read_ios + w->write_ios, __ATOMIC_RELAXED);
      g_mutex_unlock (&w->lock);
    }
}

/* Runs the current job on @w's thread. Returns the requests left in flight. */
static guint
worker_run_job (Worker *w)
{
  struct rusage ru0, ru1;
  guint left = 0;

  getrusage (RUSAGE_THREAD, &ru0);
  if (w->crew->engine == SSDB_IO_ENGINE_PVSYNC2)
    run_sync (w);
  else
    left = run_aio (w);
  getrusage (RUSAGE_THREAD, &ru1);
  g_mutex_lock (&w->lock);
  w->cpu_user_ns = timeval_ns (&ru1.ru_utime) - timeval_ns (&ru0.ru_utime);
  w->cpu_system_ns = timeval_ns (&ru1.ru_stime) - timeval_ns (&ru0.ru_stime);
  g_mutex_unlock (&w->lock);
  return left;
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;
  Crew *c = w->crew;
  guint seen = 0, left = 0;

  g_mutex_lock (&c->mutex);
  c->started++;
  g_cond_broadcast (&c->cond);
  for (;;)
    {
      while (!c->quit && c->generation == seen)
        {
          if (w->index == 0 && c->in_pool)
            {
              gint64 end = c->idle_since_us + CREW_IDLE_US;

              if (g_get_monotonic_time () >= end)
                {
                  g_mutex_unlock (&c->mutex);
                  crew_expire (c);
                  g_mutex_lock (&c->mutex);
                  continue;
                }
              g_cond_wait_until (&c->cond, &c->mutex, end);
            }
          else
            g_cond_wait (&c->cond, &c->mutex);
        }
      if (c->generation == seen)
        break; /* quit while idle */
      seen = c->generation;
      if (!w->active)
        continue;
      g_mutex_unlock (&c->mutex);

      left = worker_run_job (w);

      g_mutex_lock (&c->mutex);
      w->finished = TRUE;
      c->finished++;
      g_cond_broadcast (&c->cond);
      if (left > 0)
        break; /* the crew is retired: its context still holds requests */
    }
  g_mutex_unlock (&c->mutex);

  /* io_destroy() waits for an RCU grace period (tens of ms), and for requests still in flight:
   * here, in parallel with the other threads, never in the caller. */
  if (w->ctx)
    {
      io_destroy (w->ctx);
      w->ctx = 0;
    }
  /* Last use of @w: this may free the whole crew. */
  crew_unref (c);
  return NULL;
}

static void
on_cancelled (GCancellable *cancellable, gpointer user_data)
{
  Crew *c = user_data;

  g_atomic_int_set (&c->stop, 1);
  g_mutex_lock (&c->mutex);
  g_cond_broadcast (&c->cond);
  g_mutex_unlock (&c->mutex);
}

static Crew *
crew_new (guint n, GError **error)
{
  Crew *c = g_new0 (Crew, 1);
  guint started = 0;

  c->refs = 1;
  c->fd = -1;
  g_mutex_init (&c->mutex);
  g_cond_init (&c->cond);
  c->workers = g_new0 (Worker, n);
  c->n_workers = n;
  for (guint i = 0; i < n; i++)
    {
      Worker *w = &c->workers[i];

      w->crew = c;
      w->index = i;
      g_mutex_init (&w->lock);
      w->read_h = ssdb_histogram_new ();
      w->write_h = ssdb_histogram_new ();
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *tname = g_strdup_printf ("ssdb-io-%u", i);

      g_atomic_int_inc (&c->refs);
      c->workers[i].thread = g_thread_try_new (tname, worker_main, &c->workers[i], error);
      if (c->workers[i].thread == NULL)
        {
          g_atomic_int_add (&c->refs, -1);
          crew_retire (c);
          return NULL;
        }
      started++;
    }
  /* The first job's window opens with every thread waiting for it. */
  g_mutex_lock (&c->mutex);
  while (c->started < started)
    g_cond_wait (&c->cond, &c->mutex);
  g_mutex_unlock (&c->mutex);
  return c;
}

/* An idle crew of at least @threads threads from the pool, the smallest that fits, or a new one. */
static Crew *
crew_take (guint threads, GError **error)
{
  Crew *c = NULL;
  guint best = G_MAXUINT;

  g_mutex_lock (&pool_lock);
  for (guint i = 0; i < n_idle_crews; i++)
    {
      if (idle_crews[i]->n_workers >= threads
          && (best == G_MAXUINT || idle_crews[i]->n_workers < idle_crews[best]->n_workers))
        best = i;
    }
  if (best != G_MAXUINT)
    {
      c = idle_crews[best];
      memmove (&idle_crews[best], &idle_crews[best + 1],
               (n_idle_crews - best - 1) * sizeof (Crew *));
      n_idle_crews--;
      g_mutex_lock (&c->mutex);
      c->in_pool = FALSE;
      g_mutex_unlock (&c->mutex);
    }
  g_mutex_unlock (&pool_lock);
  return c != NULL ? c : crew_new (threads, error);
}

/* Puts a crew whose job ended cleanly back into the pool (the oldest idle one retires when the
 * pool is full). */
static void
crew_give_back (Crew *c)
{
  Crew *evicted = NULL;

  crew_clear_job (c);
  g_mutex_lock (&pool_lock);
  if (n_idle_crews == POOL_MAX_CREWS)
    {
      evicted = idle_crews[0];
      memmove (&idle_crews[0], &idle_crews[1], (n_idle_crews - 1) * sizeof (Crew *));
      n_idle_crews--;
      g_mutex_lock (&evicted->mutex);
      evicted->in_pool = FALSE;
      g_mutex_unlock (&evicted->mutex);
    }
  idle_crews[n_idle_crews++] = c;
  g_mutex_lock (&c->mutex);
  c->in_pool = TRUE;
  c->idle_since_us = g_get_monotonic_time ();
  g_cond_broadcast (&c->cond);
  g_mutex_unlock (&c->mutex);
  g_mutex_unlock (&pool_lock);
  if (evicted != NULL)
    crew_retire (evicted);
}

void
ssdb_io_release_idle (void)
{
  Crew *crews[POOL_MAX_CREWS];
  guint n;

  g_mutex_lock (&pool_lock);
  n = n_idle_crews;
  memcpy (crews, idle_crews, n * sizeof (Crew *));
  n_idle_crews = 0;
  for (guint i = 0; i < n; i++)
    {
      g_mutex_lock (&crews[i]->mutex);
      crews[i]->in_pool = FALSE;
      g_mutex_unlock (&crews[i]->mutex);
    }
  g_mutex_unlock (&pool_lock);
  for (guint i = 0; i < n; i++)
    {
      Crew *c = crews[i];
      guint n_threads = c->n_workers;
      GThread **threads = g_new0 (GThread *, n_threads);

      /* Joined, so that nothing of the crew is left when this returns (the last thread frees
       * it: @c is not used after the retire). */
      for (guint k = 0; k < n_threads; k++)
        threads[k] = g_thread_ref (c->workers[k].thread);
      crew_retire (c);
      for (guint k = 0; k < n_threads; k++)
        g_thread_join (threads[k]);
      g_free (threads);
    }
}

/* Makes @w ready for the crew's current job (on the caller's thread, while @w waits). */
static gboolean
worker_prepare (Worker *w, GError **error)
{
  Crew *c = w->crew;
  const SsdbJobSpec *spec = c->spec;
  guint qd = spec->queue_depth;
  guint64 slice_blocks = (spec->length / spec->threads) / spec->block_size;
  guint index = w->index;
  gsize need;

  w->active = TRUE;
  w->finished = FALSE;
  w->abandoned = FALSE;
  w->read_ios = w->read_bytes = w->write_ios = w->write_bytes = 0;
  w->last_completion_ns = 0;
  w->cpu_user_ns = w->cpu_system_ns = 0;
  w->inflight = 0;
  w->done_bytes = w->done_ios = 0;
  w->random_ios = 0;
  memset (w->size_ios, 0, sizeof w->size_ios);
  w->issued_bytes = 0;
  w->quota_bytes = 0;
  w->issued_ios = 0;
  w->quota_ios = 0;
  ssdb_histogram_reset (w->read_h);
  ssdb_histogram_reset (w->write_h);

  w->region_blocks = slice_blocks;
  w->region_start = spec->offset + (guint64)index * slice_blocks * spec->block_size;
  w->seq_next = 0;
  w->seq_pos = 0;
  w->next_mark = spec->mark_bytes ? spec->mark_bytes : G_MAXUINT64;
  w->general
      = spec->n_size_mix > 0 || (spec->access == SSDB_ACCESS_RANDOM && spec->random_percent < 100);
  w->mix_total = 0;
  if (w->general)
    {
      const SsdbTargetInfo *info = ssdb_target_get_info (c->target);
      guint64 slice = spec->length / spec->threads;

      w->align = spec->align_bytes ? spec->align_bytes : info->logical_block_size;
      w->region_bytes = slice / w->align * w->align;
      w->region_start = spec->offset + (guint64)index * w->region_bytes;
      for (guint k = 0; k < spec->n_size_mix; k++)
        {
          w->mix_total += spec->size_mix[k].weight;
          w->mix_cum[k] = w->mix_total;
        }
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
  if (spec->total_ios)
    {
      guint64 share = spec->total_ios / spec->threads;

      if (index == spec->threads - 1)
        share = spec->total_ios - share * (spec->threads - 1);
      w->quota_ios = MAX (share, 1);
    }
  ssdb_rng_init (&w->rng, spec->seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (index + 1));

  if (w->slots < qd)
    {
      g_free (w->iocbs);
      g_free (w->batch);
      g_free (w->events);
      g_free (w->submit_ns);
      g_free (w->slot_size_index);
      g_free (w->slot_random);
      w->iocbs = g_new0 (struct iocb, qd);
      w->batch = g_new0 (struct iocb *, qd);
      w->events = g_new0 (struct io_event, qd);
      w->submit_ns = g_new0 (guint64, qd);
      w->slot_size_index = g_new0 (guint8, qd);
      w->slot_random = g_new0 (guint8, qd);
      w->slots = qd;
    }

  need = spec->rw != SSDB_RW_WRITE ? (gsize)qd * spec->block_size : 0;
  if (need > w->read_capacity
      || (w->read_capacity > KEEP_BUFFER_BYTES && need < w->read_capacity / 4))
    {
      g_clear_pointer (&w->read_buffers, free);
      w->read_capacity = 0;
      if (need > 0)
        {
          void *mem = NULL;
          int r = posix_memalign (&mem, c->mem_align, need);

          if (r != 0)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                           "Cannot allocate %" G_GSIZE_FORMAT " bytes of read buffers: %s", need,
                           g_strerror (r));
              return FALSE;
            }
          /* Touched now, not during the measured window. */
          memset (mem, 0, need);
          w->read_buffers = mem;
          w->read_capacity = need;
        }
    }

  if (c->engine != SSDB_IO_ENGINE_LIBAIO)
    return TRUE;
  if (w->ctx != 0 && (w->ctx_broken || w->ctx_depth < qd))
    {
      io_destroy (w->ctx);
      w->ctx = 0;
    }
  w->ctx_broken = FALSE;
  if (w->ctx == 0)
    {
      guint depth = MAX (qd, MIN_CTX_DEPTH);
      int r = io_setup ((int)depth, &w->ctx);

      if (r == -EAGAIN && depth > qd)
        r = io_setup ((int)(depth = qd), &w->ctx);
      if (r < 0)
        {
          w->ctx = 0;
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                       "Cannot create an asynchronous I/O context of depth %u: %s%s", qd,
                       g_strerror (-r), r == -EAGAIN ? " (raise /proc/sys/fs/aio-max-nr)" : "");
          return FALSE;
        }
      w->ctx_depth = depth;
    }
  return TRUE;
}

/* Gives the crew @spec on @target; on failure the crew holds no job. */
static gboolean
crew_set_job (Crew *c, SsdbTarget *target, const SsdbJobSpec *spec, GError **error)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  c->spec_copy = *spec;
  c->spec = &c->spec_copy;
  c->target = g_object_ref (target);
  c->fd = ssdb_target_get_fd (target);
  c->display_name = g_strdup (ssdb_target_get_display_name (target));
  c->mem_align = MAX (4096u, info->dio_mem_align);
  c->stop = 0;
  {
    gboolean polled;

    c->engine = ssdb_job_spec_engine (spec, target, &polled);
    c->rw_flags = polled ? RWF_HIPRI : 0;
  }

  if (spec->write_source != NULL)
    {
      /* Requests still in flight when a device stops answering outlive the job: they must
       * write the job's own copy, never memory the caller frees and reuses. */
      void *mem = NULL;
      int r = posix_memalign (&mem, c->mem_align, (gsize)spec->length);

      if (r != 0)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                       "Cannot allocate %" G_GUINT64_FORMAT " bytes for the data to write back: %s",
                       spec->length, g_strerror (r));
          crew_clear_job (c);
          return FALSE;
        }
      memcpy (mem, spec->write_source, (gsize)spec->length);
      c->source_copy = mem;
      c->spec_copy.write_source = mem;
    }

  if (spec->rw != SSDB_RW_READ && spec->write_source == NULL)
    {
      gsize pool_size = MAX ((gsize)POOL_MIN_BYTES, (gsize)spec->block_size * 2);

      c->pool_ref = ssdb_data_pool_get_shared (&spec->data, pool_size, spec->seed, error);
      if (c->pool_ref == NULL)
        {
          crew_clear_job (c);
          return FALSE;
        }
      c->pool = ssdb_data_pool_get_data (c->pool_ref);
      /* Page-aligned sources: a buffer that straddles pages splits each request into partial
       * pages, which some devices (zram: read-modify-write) serve far more slowly. */
      c->pool_align = MAX (info->dio_mem_align, 4096u);
      c->pool_slots = (pool_size - spec->block_size) / c->pool_align + 1;
    }

  for (guint i = 0; i < c->n_workers; i++)
    {
      c->workers[i].active = FALSE;
      c->workers[i].finished = FALSE;
    }
  for (guint i = 0; i < spec->threads; i++)
    {
      if (!worker_prepare (&c->workers[i], error))
        {
          for (guint k = 0; k <= i; k++)
            c->workers[k].active = FALSE;
          crew_clear_job (c);
          return FALSE;
        }
    }
  return TRUE;
}

/* With @so_far: first the reads and the writes apart, each thread's part under its own lock
 * (taken once a sample, as the thread takes it once per batch of completions). */
static void
publish_sample (Crew *c, guint n, SsdbIoSampleFunc func, SsdbIoSoFar *so_far, gpointer data)
{
  guint64 bytes = 0, ios = 0, now = now_ns ();

  if (so_far != NULL)
    {
      memset (so_far, 0, G_STRUCT_OFFSET (SsdbIoSoFar, read_latency));
      ssdb_histogram_reset (&so_far->read_latency);
      ssdb_histogram_reset (&so_far->write_latency);
      for (guint i = 0; i < n; i++)
        {
          Worker *w = &c->workers[i];

          g_mutex_lock (&w->lock);
          so_far->read_ios += w->read_ios;
          so_far->read_bytes += w->read_bytes;
          so_far->write_ios += w->write_ios;
          so_far->write_bytes += w->write_bytes;
          ssdb_histogram_merge (&so_far->read_latency, w->read_h);
          ssdb_histogram_merge (&so_far->write_latency, w->write_h);
          g_mutex_unlock (&w->lock);
        }
      so_far->elapsed_ns = now_ns () - c->t0;
      c->spec->so_far_func (so_far, data);
    }
  for (guint i = 0; i < n; i++)
    {
      bytes += __atomic_load_n (&c->workers[i].done_bytes, __ATOMIC_RELAXED);
      ios += __atomic_load_n (&c->workers[i].done_ios, __ATOMIC_RELAXED);
    }
  func (now - c->t0, bytes, ios, data);
}

/* Moves what @w measured into @result and tells it to record nothing more. */
static void
gather_worker (Worker *w, SsdbIoResult *result, guint64 *t_end, GError **first_error)
{
  const SsdbJobSpec *spec = w->crew->spec;

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
  Crew *c;
  SsdbDeviceCounters before, after;
  guint nthreads, stuck = 0;
  guint64 stuck_requests = 0;
  gulong cancel_id = 0;
  guint64 t_end = 0, last_sample;
  gint64 stop_seen_us = 0;
  GError *first_error = NULL;
  gboolean ok = TRUE, reusable = TRUE;
  g_autofree SsdbIoSoFar *so_far = NULL;

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
  if (g_cancellable_is_cancelled (cancellable))
    {
      /* the engine's own code for a Stop, as a stop during the job gives */
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "Stopped before the I/O on %s began",
                   ssdb_target_get_display_name (target));
      result->cancelled = TRUE;
      return FALSE;
    }

  if (sample_func && spec->sample_interval_ns && spec->so_far_func)
    so_far = g_new (SsdbIoSoFar, 1);
  nthreads = spec->threads;
  c = crew_take (nthreads, error);
  if (c == NULL)
    return FALSE;
  if (!crew_set_job (c, target, spec, error))
    {
      crew_give_back (c);
      return FALSE;
    }

  if (cancellable)
    cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), c, NULL);

  /* Start all threads at once: the window opens as they are woken. */
  g_mutex_lock (&c->mutex);
  c->active = nthreads;
  c->finished = 0;
  ssdb_target_read_counters (target, &before);
  c->t0 = now_ns ();
  c->deadline = c->t0 + spec->duration_ns;
  c->generation++;
  g_cond_broadcast (&c->cond);
  last_sample = c->t0;

  while (c->finished < nthreads)
    {
      gint64 wake = g_get_monotonic_time () + MONITOR_PERIOD_US;

      g_cond_wait_until (&c->cond, &c->mutex, wake);
      if (c->finished == nthreads)
        break;
      /* Stopped (cancel or an error) but requests are still in flight: a device that does not
       * answer keeps them forever, and the caller must get control back. */
      if (g_atomic_int_get (&c->stop))
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
              g_mutex_unlock (&c->mutex);
              publish_sample (c, nthreads, sample_func, so_far, user_data);
              g_mutex_lock (&c->mutex);
            }
        }
    }
  /* Decide under the lock which threads ended and which still wait in the kernel (the crew is
   * then retired: they end on their own, and free it when the last one ends). */
  for (guint i = 0; i < nthreads; i++)
    {
      Worker *w = &c->workers[i];

      if (!w->finished)
        {
          stuck++;
          stuck_requests += __atomic_load_n (&w->inflight, __ATOMIC_RELAXED);
          reusable = FALSE;
        }
      else if (__atomic_load_n (&w->inflight, __ATOMIC_RELAXED) > 0)
        reusable = FALSE; /* its context failed with requests in it */
    }
  g_mutex_unlock (&c->mutex);

  if (cancel_id)
    g_cancellable_disconnect (cancellable, cancel_id);

  /* Gathered before the crew goes back or retires: a stuck thread holds its own reference. */
  for (guint i = 0; i < nthreads; i++)
    gather_worker (&c->workers[i], result, &t_end, &first_error);

  ssdb_target_read_counters (target, &after);

  result->engine = c->engine;
  result->polled = c->rw_flags != 0;

  ssdb_histogram_merge (&result->latency, &result->read_latency);
  ssdb_histogram_merge (&result->latency, &result->write_latency);
  result->ios = result->read_ios + result->write_ios;
  result->bytes = result->read_bytes + result->write_bytes;
  result->window_ns = t_end > c->t0 ? t_end - c->t0 : 0;
  if (result->window_ns > 0)
    {
      double secs = (double)result->window_ns / 1e9;

      result->bytes_per_second = (double)result->bytes / secs;
      result->iops = (double)result->ios / secs;
      result->mean_inflight = (double)result->latency.sum_ns / (double)result->window_ns / nthreads;
    }

  if (before.times_valid && after.times_valid && after.busy_ns >= before.busy_ns
      && after.queue_ns >= before.queue_ns)
    {
      result->device_busy_ns = after.busy_ns - before.busy_ns;
      result->device_queue_ns = after.queue_ns - before.queue_ns;
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
                                         ssdb_rw_verb (spec->rw), c->display_name, stuck_requests,
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
                   ssdb_rw_verb (spec->rw), c->display_name);
      ok = FALSE;
    }

  if (reusable)
    crew_give_back (c);
  else
    crew_retire (c);
  return ok;
}

gboolean
ssdb_io_error_is_not_responding (const GError *error)
{
  return g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED)
         && ssdb_error_is_not_responding (error);
}

void
ssdb_io_measure_set_result (SsdbIoMeasure *m, const SsdbIoResult *io)
{
  g_return_if_fail (m != NULL);
  g_return_if_fail (io != NULL);

  m->ios = io->ios;
  m->bytes = io->bytes;
  m->window_ns = io->window_ns;
  m->iops = io->iops;
  m->bytes_per_second = io->bytes_per_second;
  m->mean_ns = ssdb_histogram_mean_ns (&io->latency);
  m->p99_ns = ssdb_histogram_percentile_ns (&io->latency, 99);
  m->max_ns = io->latency.max_ns;
  m->engine = io->engine;
}

double
ssdb_io_result_device_depth (const SsdbIoResult *io)
{
  g_return_val_if_fail (io != NULL, 0);

  if (io->device_busy_ns == 0)
    return 0;
  return (double)io->device_queue_ns / (double)io->device_busy_ns;
}

char *
ssdb_io_result_dup_notes (const SsdbIoResult *io, const SsdbJobSpec *job)
{
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  guint depth;
  double engine, device;

  g_return_val_if_fail (io != NULL, NULL);
  g_return_val_if_fail (job != NULL, NULL);

  if (job->duration_ns > 0 && job->length > 0 && io->bytes < job->length && io->bytes > 0)
    {
      g_autofree char *region = ssdb_format_transfer_size (job->length);
      guint pct = (guint)MAX ((guint64)1, io->bytes * 100 / job->length);

      g_ptr_array_add (
          notes, g_strdup_printf ("%s %u %% of the %s region",
                                  job->access == SSDB_ACCESS_RANDOM ? "touched at most" : "covered",
                                  pct, region));
    }
  depth = job->queue_depth * MAX (job->threads, 1u);
  engine = io->mean_inflight * MAX (job->threads, 1u);
  device = ssdb_io_result_device_depth (io);
  if (depth >= 2 && io->window_ns > 0 && engine < 0.9 * depth)
    {
      char in_flight[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (in_flight, sizeof in_flight, "%.1f", engine);
      g_ptr_array_add (notes, g_strdup_printf ("queue depth %u not reached: %s in flight on "
                                               "average",
                                               depth, in_flight));
    }
  if (depth >= 4 && device > 0 && device < 1.5)
    {
      char held[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (held, sizeof held, "%.1f", device);
      g_ptr_array_add (notes, g_strdup_printf ("the device served about %s request%s at a time: "
                                               "queue depth %u had no effect",
                                               held, device < 1.05 ? "" : "s", depth));
    }
  else if (depth >= 2 && device > 0 && device < 0.75 * MIN (engine, (double)depth))
    {
      char held[G_ASCII_DTOSTR_BUF_SIZE], in_flight[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (held, sizeof held, "%.1f", device);
      g_ascii_formatd (in_flight, sizeof in_flight, "%.1f", engine);
      g_ptr_array_add (notes, g_strdup_printf ("the device held %s of the %s requests in flight "
                                               "on average",
                                               held, in_flight));
    }
  if (notes->len == 0)
    return NULL;
  g_ptr_array_add (notes, NULL);
  return g_strjoinv ("; ", (char **)notes->pdata);
}
