/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ssdbench-faultfs: a FUSE file system that serves one image file as MOUNTPOINT/disk and fails,
 * slows down or holds its reads and writes on command. A loop device over MOUNTPOINT/disk is a
 * block device with real kernel-level faults: EIO, added latency, requests that never complete.
 *
 *   ssdbench-faultfs IMAGE MOUNTPOINT [-f] [-o FUSE_OPTIONS]
 *
 * Commands are written to MOUNTPOINT/control, one per line (see tests/fault/README.md):
 *
 *   eio   read|write|rw START LENGTH     requests touching [START, START+LENGTH) fail with EIO
 *   delay read|write|rw START LENGTH US [JITTER]
 *                                        ... are answered US microseconds late, plus a random
 *                                        0..JITTER microseconds more (uniform, per request)
 *   hang  read|write|rw START LENGTH     ... are not answered until "release" or "clear"
 *   flip  read|write|rw START LENGTH     ... succeed, but the bytes of [START, START+LENGTH)
 *                                        they carry are inverted (silent corruption: a read
 *                                        returns them so, a write stores them so)
 *   release                              answer every held request (served normally)
 *   forget                               remove every rule; held requests stay held
 *   clear                                remove every rule, then release
 *
 * Reading MOUNTPOINT/control gives counters, one "name value" per line: rules, reads, writes,
 * errors, delayed, held (requests held now), released.
 */
#define FUSE_USE_VERSION 312

#include <errno.h>
#include <fcntl.h>
#include <fuse_lowlevel.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define INO_DISK 2
#define INO_CONTROL 3
#define MAX_RULES 64
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

enum
{
  OP_READ = 1,
  OP_WRITE = 2,
};

typedef enum
{
  ACT_EIO,
  ACT_DELAY,
  ACT_HANG,
  ACT_FLIP,
} Action;

typedef struct
{
  Action action;
  int ops;
  uint64_t start;
  uint64_t length;
  uint64_t delay_us;
  uint64_t jitter_us;
} Rule;

typedef struct Held Held;
struct Held
{
  Held *next;
  fuse_req_t req;
  int op;
  uint64_t offset;
  size_t size;
  char *data; /* a held write's bytes */
};

static struct
{
  int fd;
  uint64_t size;
  pthread_mutex_t lock;
  Rule rules[MAX_RULES];
  int n_rules;
  Held *held;
  uint64_t n_held;
  uint64_t reads, writes, errors, delayed, released;
  uint64_t random; /* state of the jitter's generator */
} fs = { .fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER, .random = 0x9e3779b97f4a7c15u };

static int
overlaps (const Rule *r, int op, uint64_t offset, size_t size)
{
  return (r->ops & op) && offset < r->start + r->length && r->start < offset + size;
}

/* With fs.lock held: the first rule of @action that matches, or NULL. */
static const Rule *
match (Action action, int op, uint64_t offset, size_t size)
{
  for (int i = 0; i < fs.n_rules; i++)
    if (fs.rules[i].action == action && overlaps (&fs.rules[i], op, offset, size))
      return &fs.rules[i];
  return NULL;
}

static void
fill_attr (fuse_ino_t ino, struct stat *st)
{
  memset (st, 0, sizeof *st);
  st->st_ino = ino;
  st->st_uid = getuid ();
  st->st_gid = getgid ();
  switch (ino)
    {
      case FUSE_ROOT_ID:
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
        break;
      case INO_DISK:
        st->st_mode = S_IFREG | 0600;
        st->st_nlink = 1;
        st->st_size = (off_t)fs.size;
        st->st_blocks = (blkcnt_t)(fs.size / 512);
        break;
      default:
        st->st_mode = S_IFREG | 0600;
        st->st_nlink = 1;
        st->st_size = 4096;
        break;
    }
}

static void
op_lookup (fuse_req_t req, fuse_ino_t parent, const char *name)
{
  struct fuse_entry_param e;

  memset (&e, 0, sizeof e);
  if (parent != FUSE_ROOT_ID)
    {
      fuse_reply_err (req, ENOENT);
      return;
    }
  if (strcmp (name, "disk") == 0)
    e.ino = INO_DISK;
  else if (strcmp (name, "control") == 0)
    e.ino = INO_CONTROL;
  else
    {
      fuse_reply_err (req, ENOENT);
      return;
    }
  e.attr_timeout = 1.0;
  e.entry_timeout = 1.0;
  fill_attr (e.ino, &e.attr);
  fuse_reply_entry (req, &e);
}

static void
op_getattr (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  struct stat st;

  if (ino != FUSE_ROOT_ID && ino != INO_DISK && ino != INO_CONTROL)
    {
      fuse_reply_err (req, ENOENT);
      return;
    }
  fill_attr (ino, &st);
  fuse_reply_attr (req, &st, 1.0);
}

/* Truncation (an O_TRUNC open of the control file) changes nothing. */
static void
op_setattr (fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
            struct fuse_file_info *fi)
{
  op_getattr (req, ino, fi);
}

static void
op_readdir (fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
  static const struct
  {
    const char *name;
    fuse_ino_t ino;
  } entries[] = {
    { ".", FUSE_ROOT_ID }, { "..", FUSE_ROOT_ID }, { "disk", INO_DISK }, { "control", INO_CONTROL }
  };
  char buf[1024];
  size_t used = 0;

  if (ino != FUSE_ROOT_ID)
    {
      fuse_reply_err (req, ENOTDIR);
      return;
    }
  for (size_t i = (size_t)off; i < sizeof entries / sizeof entries[0]; i++)
    {
      struct stat st;
      size_t n;

      fill_attr (entries[i].ino, &st);
      n = fuse_add_direntry (req, buf + used, MIN (size, sizeof buf) - used, entries[i].name, &st,
                             (off_t)i + 1);
      if (n > MIN (size, sizeof buf) - used)
        break;
      used += n;
    }
  fuse_reply_buf (req, buf, used);
}

static void
op_open (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  if (ino != INO_DISK && ino != INO_CONTROL)
    {
      fuse_reply_err (req, EISDIR);
      return;
    }
  /* Every request reaches the file system: no page cache between the loop device and here. */
  fi->direct_io = 1;
  fi->keep_cache = 0;
  fuse_reply_open (req, fi);
}

/* Does the I/O of a request that is not held and replies. */
/* Inverts the bytes of @buf (the data of [@offset, @offset + @size)) that a flip rule for @op
 * covers. */
static void
flip_bytes (int op, uint64_t offset, size_t size, char *buf)
{
  pthread_mutex_lock (&fs.lock);
  for (int i = 0; i < fs.n_rules; i++)
    {
      const Rule *r = &fs.rules[i];
      uint64_t from, to;

      if (r->action != ACT_FLIP || !overlaps (r, op, offset, size))
        continue;
      from = r->start > offset ? r->start : offset;
      to = MIN (r->start + r->length, offset + size);
      for (uint64_t at = from; at < to; at++)
        buf[at - offset] = (char)~buf[at - offset];
    }
  pthread_mutex_unlock (&fs.lock);
}

static void
serve (fuse_req_t req, int op, uint64_t offset, size_t size, const char *data)
{
  int fail;

  pthread_mutex_lock (&fs.lock);
  fail = match (ACT_EIO, op, offset, size) != NULL;
  if (fail)
    fs.errors++;
  pthread_mutex_unlock (&fs.lock);
  if (fail)
    {
      fuse_reply_err (req, EIO);
      return;
    }

  if (op == OP_READ)
    {
      char *buf;
      ssize_t n;

      if (offset >= fs.size)
        {
          fuse_reply_buf (req, NULL, 0);
          return;
        }
      size = (size_t)MIN ((uint64_t)size, fs.size - offset);
      buf = malloc (size ? size : 1);
      if (buf == NULL)
        {
          fuse_reply_err (req, ENOMEM);
          return;
        }
      n = pread (fs.fd, buf, size, (off_t)offset);
      if (n < 0)
        fuse_reply_err (req, errno);
      else
        {
          flip_bytes (OP_READ, offset, (size_t)n, buf);
          fuse_reply_buf (req, buf, (size_t)n);
        }
      free (buf);
    }
  else
    {
      ssize_t n;

      if (offset + size > fs.size)
        {
          fuse_reply_err (req, ENOSPC);
          return;
        }
      char *copy = malloc (size ? size : 1);

      if (copy == NULL)
        {
          fuse_reply_err (req, ENOMEM);
          return;
        }
      memcpy (copy, data, size);
      flip_bytes (OP_WRITE, offset, size, copy);
      n = pwrite (fs.fd, copy, size, (off_t)offset);
      free (copy);
      if (n < 0)
        fuse_reply_err (req, errno);
      else
        fuse_reply_write (req, (size_t)n);
    }
}

/* Applies the delay and hang rules, then serves. Takes ownership of nothing; copies a held
 * write's data. */
static void
handle_io (fuse_req_t req, int op, uint64_t offset, size_t size, const char *data)
{
  const Rule *r;
  uint64_t delay_us = 0;

  pthread_mutex_lock (&fs.lock);
  if (op == OP_READ)
    fs.reads++;
  else
    fs.writes++;
  if (match (ACT_HANG, op, offset, size) != NULL)
    {
      Held *h = calloc (1, sizeof *h);

      if (h != NULL && op == OP_WRITE)
        {
          h->data = malloc (size ? size : 1);
          if (h->data == NULL)
            {
              free (h);
              h = NULL;
            }
          else
            memcpy (h->data, data, size);
        }
      if (h != NULL)
        {
          h->req = req;
          h->op = op;
          h->offset = offset;
          h->size = size;
          h->next = fs.held;
          fs.held = h;
          fs.n_held++;
          pthread_mutex_unlock (&fs.lock);
          return;
        }
    }
  r = match (ACT_DELAY, op, offset, size);
  if (r != NULL)
    {
      delay_us = r->delay_us;
      if (r->jitter_us)
        {
          /* xorshift64: a reproducible sequence, drawn under the lock */
          fs.random ^= fs.random << 13;
          fs.random ^= fs.random >> 7;
          fs.random ^= fs.random << 17;
          delay_us += fs.random % (r->jitter_us + 1);
        }
      fs.delayed++;
    }
  pthread_mutex_unlock (&fs.lock);

  if (delay_us)
    {
      struct timespec ts = { (time_t)(delay_us / 1000000), (long)(delay_us % 1000000) * 1000 };

      while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
        ;
    }
  serve (req, op, offset, size, data);
}

/* Answers every held request. */
static void
release_all (void)
{
  Held *list, *next;

  pthread_mutex_lock (&fs.lock);
  list = fs.held;
  fs.held = NULL;
  fs.released += fs.n_held;
  fs.n_held = 0;
  pthread_mutex_unlock (&fs.lock);

  for (Held *h = list; h != NULL; h = next)
    {
      next = h->next;
      serve (h->req, h->op, h->offset, h->size, h->data);
      free (h->data);
      free (h);
    }
}

static char *
status_text (size_t *len)
{
  char *text = NULL;
  FILE *f = open_memstream (&text, len);

  if (f == NULL)
    return NULL;
  pthread_mutex_lock (&fs.lock);
  fprintf (f,
           "rules %d\nreads %" PRIu64 "\nwrites %" PRIu64 "\nerrors %" PRIu64 "\ndelayed %" PRIu64
           "\nheld %" PRIu64 "\nreleased %" PRIu64 "\n",
           fs.n_rules, fs.reads, fs.writes, fs.errors, fs.delayed, fs.n_held, fs.released);
  pthread_mutex_unlock (&fs.lock);
  fclose (f);
  return text;
}

static void
op_read (fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
  if (ino == INO_CONTROL)
    {
      size_t len = 0;
      char *text = status_text (&len);

      if (text == NULL)
        fuse_reply_err (req, ENOMEM);
      else if ((size_t)off >= len)
        fuse_reply_buf (req, NULL, 0);
      else
        fuse_reply_buf (req, text + off, MIN (size, len - (size_t)off));
      free (text);
      return;
    }
  handle_io (req, OP_READ, (uint64_t)off, size, NULL);
}

static int
parse_u64 (const char *s, uint64_t *out)
{
  char *end;

  if (s == NULL || *s == '\0' || *s == '-')
    return 0;
  errno = 0;
  *out = strtoull (s, &end, 0);
  return errno == 0 && *end == '\0';
}

/* Runs one command line; returns 0 or an errno. */
static int
run_command (char *line)
{
  char *words[8];
  int n = 0;
  char *save = NULL;
  Rule r;

  for (char *w = strtok_r (line, " \t", &save); w != NULL && n < 8;
       w = strtok_r (NULL, " \t", &save))
    words[n++] = w;
  if (n == 0)
    return 0;
  if (strcmp (words[0], "release") == 0 && n == 1)
    {
      release_all ();
      return 0;
    }
  if (strcmp (words[0], "forget") == 0 && n == 1)
    {
      pthread_mutex_lock (&fs.lock);
      fs.n_rules = 0;
      pthread_mutex_unlock (&fs.lock);
      return 0;
    }
  if (strcmp (words[0], "clear") == 0 && n == 1)
    {
      pthread_mutex_lock (&fs.lock);
      fs.n_rules = 0;
      pthread_mutex_unlock (&fs.lock);
      release_all ();
      return 0;
    }

  memset (&r, 0, sizeof r);
  if (strcmp (words[0], "eio") == 0 && n == 4)
    r.action = ACT_EIO;
  else if (strcmp (words[0], "hang") == 0 && n == 4)
    r.action = ACT_HANG;
  else if (strcmp (words[0], "flip") == 0 && n == 4)
    r.action = ACT_FLIP;
  else if (strcmp (words[0], "delay") == 0 && (n == 5 || n == 6))
    {
      r.action = ACT_DELAY;
      if (!parse_u64 (words[4], &r.delay_us) || (n == 6 && !parse_u64 (words[5], &r.jitter_us)))
        return EINVAL;
    }
  else
    return EINVAL;
  if (strcmp (words[1], "read") == 0)
    r.ops = OP_READ;
  else if (strcmp (words[1], "write") == 0)
    r.ops = OP_WRITE;
  else if (strcmp (words[1], "rw") == 0)
    r.ops = OP_READ | OP_WRITE;
  else
    return EINVAL;
  if (!parse_u64 (words[2], &r.start) || !parse_u64 (words[3], &r.length) || r.length == 0)
    return EINVAL;

  pthread_mutex_lock (&fs.lock);
  if (fs.n_rules == MAX_RULES)
    {
      pthread_mutex_unlock (&fs.lock);
      return ENOSPC;
    }
  fs.rules[fs.n_rules++] = r;
  pthread_mutex_unlock (&fs.lock);
  return 0;
}

static void
op_write (fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
          struct fuse_file_info *fi)
{
  if (ino == INO_CONTROL)
    {
      char *text = strndup (buf, size);
      char *save = NULL;
      int err = 0;

      if (text == NULL)
        {
          fuse_reply_err (req, ENOMEM);
          return;
        }
      for (char *line = strtok_r (text, "\n", &save); line != NULL && err == 0;
           line = strtok_r (NULL, "\n", &save))
        err = run_command (line);
      free (text);
      if (err)
        fuse_reply_err (req, err);
      else
        fuse_reply_write (req, size);
      return;
    }
  handle_io (req, OP_WRITE, (uint64_t)off, size, buf);
}

static void
op_fsync (fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
  fuse_reply_err (req, ino == INO_DISK && fdatasync (fs.fd) != 0 ? errno : 0);
}

static void
op_flush (fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
  fuse_reply_err (req, 0);
}

static void
op_destroy (void *userdata)
{
  /* Unmounting: whatever is still held is answered, so nothing stays waiting. */
  release_all ();
}

static const struct fuse_lowlevel_ops ops = {
  .destroy = op_destroy,
  .lookup = op_lookup,
  .getattr = op_getattr,
  .setattr = op_setattr,
  .readdir = op_readdir,
  .open = op_open,
  .read = op_read,
  .write = op_write,
  .flush = op_flush,
  .fsync = op_fsync,
};

int
main (int argc, char **argv)
{
  struct fuse_args args;
  struct fuse_cmdline_opts opts;
  struct fuse_session *se;
  struct fuse_loop_config *cfg;
  struct stat st;
  char **fargv;
  int ret = 1;

  if (argc < 3 || argv[1][0] == '-')
    {
      fprintf (stderr, "usage: %s IMAGE MOUNTPOINT [-f] [-o FUSE_OPTIONS]\n", argv[0]);
      return 2;
    }
  fs.fd = open (argv[1], O_RDWR | O_CLOEXEC);
  if (fs.fd < 0 || fstat (fs.fd, &st) != 0)
    {
      fprintf (stderr, "%s: cannot open %s: %s\n", argv[0], argv[1], strerror (errno));
      return 1;
    }
  fs.size = (uint64_t)st.st_size;

  /* FUSE sees: argv[0] MOUNTPOINT OPTIONS... */
  fargv = calloc ((size_t)argc, sizeof *fargv);
  if (fargv == NULL)
    return 1;
  fargv[0] = argv[0];
  for (int i = 2; i < argc; i++)
    fargv[i - 1] = argv[i];
  args = (struct fuse_args)FUSE_ARGS_INIT (argc - 1, fargv);

  if (fuse_parse_cmdline (&args, &opts) != 0 || opts.mountpoint == NULL)
    {
      fprintf (stderr, "usage: %s IMAGE MOUNTPOINT [-f] [-o FUSE_OPTIONS]\n", argv[0]);
      free (fargv);
      return 2;
    }
  se = fuse_session_new (&args, &ops, sizeof ops, NULL);
  if (se == NULL)
    goto out;
  if (fuse_set_signal_handlers (se) != 0)
    goto out_session;
  if (fuse_session_mount (se, opts.mountpoint) != 0)
    goto out_signals;
  fuse_daemonize (opts.foreground);

  cfg = fuse_loop_cfg_create ();
  /* Held requests take no thread; delayed ones do, and the control file must always find one. */
  fuse_loop_cfg_set_max_threads (cfg, 64);
  fuse_loop_cfg_set_idle_threads (cfg, 8);
  ret = opts.singlethread ? fuse_session_loop (se) : fuse_session_loop_mt (se, cfg);
  fuse_loop_cfg_destroy (cfg);

  fuse_session_unmount (se);
out_signals:
  fuse_remove_signal_handlers (se);
out_session:
  fuse_session_destroy (se);
out:
  free (opts.mountpoint);
  fuse_opt_free_args (&args);
  free (fargv);
  close (fs.fd);
  return ret ? 1 : 0;
}
