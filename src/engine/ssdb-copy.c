/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The copy test (AS SSD's Copy-Benchmark): three file sets made in a test folder on the target's
 * file system, each copied to a second folder and timed up to the last fsync(). */
#include "config.h"

#include "ssdb-copy.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "ssdb-error.h"
#include "ssdb-pattern.h"
#include "ssdb-test-kind.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define KIB (G_GUINT64_CONSTANT (1) << 10)
/* Bytes of one read() or write() of a copy, and of the data pool the sources are cut from. */
#define CHUNK ((gsize)MIB)
#define POOL_SIZE ((gsize)(8 * MIB))
/* Groups of the Program and Game sets at scale 100. */
#define GROUPS 32
/* Program groups under one dNN/ folder. */
#define PROGRAM_GROUPS_PER_DIR 8

static const guint64 program_group[]
    = { 700,   1500,  2900,  4096,   6000,      9000,      12288, 20000,
        33000, 50000, 70000, 100000, 256 * KIB, 512 * KIB, MIB,   6244116 };
static const guint64 game_group[]
    = { 4096, 15000, 65536, 256 * KIB, MIB, 2 * MIB, 4 * MIB, 9090408 };

static const char *const set_names[] = { "iso", "program", "game" };
static const char *const set_labels[] = { "ISO", "Program", "Game" };
static const char *const method_names[] = { "direct", "cached" };

const char *
ssdb_copy_set_to_string (SsdbCopySet set)
{
  g_return_val_if_fail ((guint)set < SSDB_COPY_N_SETS, set_names[0]);
  return set_names[set];
}

gboolean
ssdb_copy_set_from_string (const char *name, SsdbCopySet *set)
{
  for (guint i = 0; name != NULL && i < SSDB_COPY_N_SETS; i++)
    if (g_str_equal (name, set_names[i]))
      {
        *set = (SsdbCopySet)i;
        return TRUE;
      }
  return FALSE;
}

const char *
ssdb_copy_set_label (SsdbCopySet set)
{
  g_return_val_if_fail ((guint)set < SSDB_COPY_N_SETS, set_labels[0]);
  return set_labels[set];
}

const char *
ssdb_copy_method_to_string (SsdbCopyMethod method)
{
  g_return_val_if_fail ((guint)method < G_N_ELEMENTS (method_names), method_names[0]);
  return method_names[method];
}

gboolean
ssdb_copy_method_from_string (const char *name, SsdbCopyMethod *method)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (method_names); i++)
    if (g_str_equal (name, method_names[i]))
      {
        *method = (SsdbCopyMethod)i;
        return TRUE;
      }
  return FALSE;
}

static guint
n_groups (guint scale)
{
  return MAX (1, (GROUPS * scale + 50) / 100);
}

static guint64
iso_file_size (guint scale)
{
  return (512 * MIB * scale / 100) / (64 * KIB) * (64 * KIB);
}

static guint64
sum_of (const guint64 *sizes, guint n)
{
  guint64 s = 0;

  for (guint i = 0; i < n; i++)
    s += sizes[i];
  return s;
}

void
ssdb_copy_set_shape (SsdbCopySet set, guint scale, SsdbCopySetShape *out)
{
  guint g = n_groups (scale);

  g_return_if_fail (out != NULL);
  memset (out, 0, sizeof *out);
  g_return_if_fail (scale >= SSDB_COPY_MIN_SCALE && scale <= SSDB_COPY_MAX_SCALE);
  switch (set)
    {
      case SSDB_COPY_SET_ISO:
        out->files = 2;
        out->bytes = 2 * iso_file_size (scale);
        out->largest = iso_file_size (scale);
        break;
      case SSDB_COPY_SET_PROGRAM:
        out->files = g * G_N_ELEMENTS (program_group);
        out->dirs = g + (g + PROGRAM_GROUPS_PER_DIR - 1) / PROGRAM_GROUPS_PER_DIR;
        out->bytes = g * sum_of (program_group, G_N_ELEMENTS (program_group));
        out->largest = program_group[G_N_ELEMENTS (program_group) - 1];
        break;
      case SSDB_COPY_SET_GAME:
        out->files = g * G_N_ELEMENTS (game_group);
        out->dirs = g;
        out->bytes = g * sum_of (game_group, G_N_ELEMENTS (game_group));
        out->largest = game_group[G_N_ELEMENTS (game_group) - 1];
        break;
      default:
        g_return_if_reached ();
    }
}

char *
ssdb_copy_set_file (SsdbCopySet set, guint scale, guint index, guint64 *size)
{
  guint g, k;

  switch (set)
    {
      case SSDB_COPY_SET_ISO:
        *size = iso_file_size (scale);
        return g_strdup_printf ("disc%u.iso", index + 1);
      case SSDB_COPY_SET_PROGRAM:
        g = index / G_N_ELEMENTS (program_group);
        k = index % G_N_ELEMENTS (program_group);
        *size = program_group[k];
        return g_strdup_printf ("d%02u/s%u/f%02u.bin", g / PROGRAM_GROUPS_PER_DIR,
                                g % PROGRAM_GROUPS_PER_DIR, k);
      case SSDB_COPY_SET_GAME:
        g = index / G_N_ELEMENTS (game_group);
        k = index % G_N_ELEMENTS (game_group);
        *size = game_group[k];
        return g_strdup_printf ("g%02u/asset%u.pak", g, k);
      default:
        *size = 0;
        g_return_val_if_reached (NULL);
    }
}

void
ssdb_copy_spec_init (SsdbCopySpec *spec)
{
  memset (spec, 0, sizeof *spec);
  spec->scale = 100;
  spec->method = SSDB_COPY_DIRECT;
  for (guint i = 0; i < SSDB_COPY_N_SETS; i++)
    spec->sets[i] = TRUE;
  spec->seed = 1;
}

guint64
ssdb_copy_spec_space_needed (const SsdbCopySpec *spec)
{
  guint64 need = 0;

  for (guint i = 0; i < SSDB_COPY_N_SETS; i++)
    if (spec->sets[i] && spec->scale >= SSDB_COPY_MIN_SCALE && spec->scale <= SSDB_COPY_MAX_SCALE)
      {
        SsdbCopySetShape s;
        guint64 one;

        ssdb_copy_set_shape ((SsdbCopySet)i, spec->scale, &s);
        one = 2 * (s.bytes + 4 * KIB * ((guint64)s.files + s.dirs + 1));
        need = MAX (need, one + one / 100);
      }
  return need;
}

SsdbCopyResult *
ssdb_copy_result_new (const SsdbCopySpec *spec)
{
  SsdbCopyResult *r = g_new0 (SsdbCopyResult, 1);

  r->spec = *spec;
  for (guint i = 0; i < SSDB_COPY_N_SETS; i++)
    if (spec->sets[i])
      r->rows[r->n_rows++] = (SsdbCopyRow){ .set = (SsdbCopySet)i, .state = SSDB_ENTRY_PENDING };
  return r;
}

void
ssdb_copy_result_free (SsdbCopyResult *result)
{
  if (result == NULL)
    return;
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbCopyResult *
ssdb_copy_result_dup (const SsdbCopyResult *result)
{
  SsdbCopyResult *r;

  if (result == NULL)
    return NULL;
  r = g_memdup2 (result, sizeof *result);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

static gboolean
check_space (const char *dir, guint64 free_bytes, guint64 need, GError **error)
{
  if (free_bytes >= need)
    return TRUE;
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_NO_SPACE,
               "Not enough free space in %s for the copy test: it needs %" G_GUINT64_FORMAT
               " bytes (%.1f MiB: its largest set and the copy of it) and %s has %" G_GUINT64_FORMAT
               " bytes (%.1f MiB) free; choose a smaller --scale or fewer sets",
               dir, need, need / (double)MIB, dir, free_bytes, free_bytes / (double)MIB);
  return FALSE;
}

gboolean
ssdb_copy_result_check (const SsdbCopyResult *result, const SsdbTargetInfo *target, GError **error)
{
  const SsdbCopySpec *spec = &result->spec;

  g_return_val_if_fail (result != NULL && target != NULL, FALSE);
  if (target->kind != SSDB_TARGET_FILE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s is a device: the copy test copies files, so it needs a directory on a "
                   "mounted file system (mount the device and give a directory on it)",
                   target->path ? target->path : "The target");
      return FALSE;
    }
  if (spec->scale < SSDB_COPY_MIN_SCALE || spec->scale > SSDB_COPY_MAX_SCALE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Invalid scale %u %%: the copy test's sets scale from %u to %u %%", spec->scale,
                   SSDB_COPY_MIN_SCALE, SSDB_COPY_MAX_SCALE);
      return FALSE;
    }
  if (result->n_rows == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The copy test has no set to copy (expected iso, program or game)");
      return FALSE;
    }
  if (target->free_bytes > 0)
    return check_space (target->path, target->free_bytes, ssdb_copy_spec_space_needed (spec),
                        error);
  return TRUE;
}

gboolean
ssdb_copy_estimate (const SsdbCopyResult *result, guint64 target_bytes, SsdbRunEstimate *out)
{
  (void)target_bytes;
  memset (out, 0, sizeof *out);
  for (guint i = 0; i < result->n_rows; i++)
    {
      SsdbCopySetShape s;

      ssdb_copy_set_shape (result->rows[i].set, result->spec.scale, &s);
      out->write_bytes += 2 * s.bytes;
      out->read_bytes += s.bytes;
    }
  return TRUE;
}

/* ---- the run ---------------------------------------------------------------------------- */

typedef struct
{
  SsdbCopyResult *result;
  SsdbCopyProgressFunc progress;
  gpointer user_data;
  GCancellable *cancellable;
  guint8 *buf;
  guint align;
  int row;
  gboolean preparing;
  guint64 done;
  guint64 total;
  gint64 last_progress_us;
} Run;

static gboolean
io_fail (GError **error, int errsv, const char *what, const char *path)
{
  g_set_error (error, SSDB_ERROR, errsv == ENOSPC ? SSDB_ERROR_NO_SPACE : SSDB_ERROR_IO,
               "Copy test: cannot %s %s: %s", what, path, g_strerror (errsv));
  return FALSE;
}

static gboolean
step (Run *run, guint64 bytes, GError **error)
{
  gint64 now = g_get_monotonic_time ();

  run->done += bytes;
  if (run->progress != NULL && now - run->last_progress_us >= 100000)
    {
      run->last_progress_us = now;
      run->progress (run->result, run->row, run->preparing,
                     run->total ? MIN (1.0, (double)run->done / run->total) : 0, run->user_data);
    }
  return !g_cancellable_set_error_if_cancelled (run->cancellable, error);
}

static gboolean
write_all (int fd, const guint8 *data, gsize len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = EIO;
          return FALSE;
        }
      data += n;
      len -= (gsize)n;
    }
  return TRUE;
}

/* Writes the set's source files under @top from the pool, each made durable and dropped from
 * the page cache, so the timed copy reads them from the drive. */
static gboolean
make_source (Run *run, const char *top, SsdbCopySet set, const guint8 *pool, SsdbRng *rng,
             GError **error)
{
  SsdbCopySetShape shape;

  ssdb_copy_set_shape (set, run->result->spec.scale, &shape);
  if (g_mkdir (top, 0755) != 0)
    return io_fail (error, errno, "create the folder", top);
  for (guint i = 0; i < shape.files; i++)
    {
      guint64 size, left;
      g_autofree char *rel = ssdb_copy_set_file (set, run->result->spec.scale, i, &size);
      g_autofree char *path = g_build_filename (top, rel, NULL);
      g_autofree char *dir = g_path_get_dirname (path);
      int fd;

      if (g_mkdir_with_parents (dir, 0755) != 0)
        return io_fail (error, errno, "create the folder", dir);
      fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      if (fd < 0)
        return io_fail (error, errno, "create", path);
      for (left = size; left > 0;)
        {
          gsize off = (gsize)ssdb_rng_below (rng, POOL_SIZE / 4096) * 4096;
          gsize len = (gsize)MIN (left, (guint64)(POOL_SIZE - off));

          len = MIN (len, CHUNK);
          if (!write_all (fd, pool + off, len))
            {
              int errsv = errno;

              close (fd);
              return io_fail (error, errsv, "write", path);
            }
          left -= len;
          if (!step (run, len, error))
            {
              close (fd);
              return FALSE;
            }
        }
      if (fsync (fd) != 0)
        {
          int errsv = errno;

          close (fd);
          return io_fail (error, errsv, "flush", path);
        }
      posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
      close (fd);
    }
  return TRUE;
}

/* Copies the file @name of @sfd's folder to @dfd's folder by the run's method and fsyncs it. */
static gboolean
copy_file (Run *run, int sfd, int dfd, const char *name, const char *path, GError **error)
{
  gboolean direct = run->result->spec.method == SSDB_COPY_DIRECT;
  int extra = direct ? O_DIRECT : 0;
  int in, out;
  gboolean ok = FALSE, out_direct = direct;

  in = openat (sfd, name, O_RDONLY | O_CLOEXEC | extra);
  if (in < 0)
    {
      if (errno == EINVAL && direct)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_NO_DIRECT_IO,
                       "Copy test: the file system of %s does not support direct I/O "
                       "(O_DIRECT); use the cached method",
                       path);
          return FALSE;
        }
      return io_fail (error, errno, "open", path);
    }
  out = openat (dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | extra, 0644);
  if (out < 0)
    {
      int errsv = errno;

      close (in);
      return io_fail (error, errsv, "create the copy of", path);
    }
  for (;;)
    {
      ssize_t n = read (in, run->buf, CHUNK);
      gsize whole;

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          io_fail (error, errno, "read", path);
          goto out;
        }
      if (n == 0)
        break;
      /* direct: the aligned part through O_DIRECT, a last partial block through the cache */
      whole = out_direct ? (gsize)n / run->align * run->align : (gsize)n;
      if (whole > 0 && !write_all (out, run->buf, whole))
        {
          io_fail (error, errno, "write the copy of", path);
          goto out;
        }
      if (whole < (gsize)n)
        {
          int flags = fcntl (out, F_GETFL);

          if (flags < 0 || fcntl (out, F_SETFL, flags & ~O_DIRECT) != 0)
            {
              io_fail (error, errno, "turn off direct I/O for the tail of", path);
              goto out;
            }
          out_direct = FALSE;
          if (!write_all (out, run->buf + whole, (gsize)n - whole))
            {
              io_fail (error, errno, "write the copy of", path);
              goto out;
            }
        }
      if (!step (run, (guint64)n, error))
        goto out;
      run->result->rows[run->row].bytes += (guint64)n;
    }
  if (fsync (out) != 0)
    {
      io_fail (error, errno, "flush the copy of", path);
      goto out;
    }
  ok = TRUE;
out:
  close (in);
  close (out);
  return ok;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

static int
open_dir_at (int at, const char *name)
{
  return openat (at, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/* Copies the folder @sfd into @dfd (both open), as `cp -r` does, then fsyncs @dfd. */
static gboolean
copy_dir (Run *run, int sfd, int dfd, const char *path, GError **error)
{
  SsdbCopyRow *row = &run->result->rows[run->row];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  struct dirent *e;
  DIR *d;
  int fd2 = dup (sfd);

  if (fd2 < 0 || (d = fdopendir (fd2)) == NULL)
    {
      if (fd2 >= 0)
        close (fd2);
      return io_fail (error, errno, "read the folder", path);
    }
  while ((e = readdir (d)) != NULL)
    if (!g_str_equal (e->d_name, ".") && !g_str_equal (e->d_name, ".."))
      g_ptr_array_add (names, g_strdup (e->d_name));
  closedir (d);
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autofree char *sub = g_build_filename (path, name, NULL);
      struct stat st;

      if (fstatat (sfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return io_fail (error, errno, "read", sub);
      if (S_ISDIR (st.st_mode))
        {
          int s2, d2;
          gboolean ok;

          if (mkdirat (dfd, name, 0755) != 0)
            return io_fail (error, errno, "create the copy of the folder", sub);
          row->dirs++;
          if ((s2 = open_dir_at (sfd, name)) < 0)
            return io_fail (error, errno, "open the folder", sub);
          if ((d2 = open_dir_at (dfd, name)) < 0)
            {
              int errsv = errno;

              close (s2);
              return io_fail (error, errsv, "open the copy of the folder", sub);
            }
          ok = copy_dir (run, s2, d2, sub, error);
          close (s2);
          close (d2);
          if (!ok)
            return FALSE;
        }
      else if (S_ISREG (st.st_mode))
        {
          if (!copy_file (run, sfd, dfd, name, sub, error))
            return FALSE;
          row->files++;
        }
    }
  if (fsync (dfd) != 0)
    return io_fail (error, errno, "flush the copy of the folder", path);
  return TRUE;
}

/* Times the copy of @src to the new folder @dst (whose parent is @parent_fd). */
static gboolean
timed_copy (Run *run, int parent_fd, const char *src, const char *dst, GError **error)
{
  SsdbCopyRow *row = &run->result->rows[run->row];
  g_autofree char *dst_name = g_path_get_basename (dst);
  gint64 t0;
  int sfd, dfd;
  gboolean ok;

  if ((sfd = open (src, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
    return io_fail (error, errno, "open the folder", src);
  t0 = g_get_monotonic_time ();
  if (mkdirat (parent_fd, dst_name, 0755) != 0 || (dfd = open_dir_at (parent_fd, dst_name)) < 0)
    {
      int errsv = errno;

      close (sfd);
      return io_fail (error, errsv, "create the folder", dst);
    }
  ok = copy_dir (run, sfd, dfd, dst, error)
       && (fsync (parent_fd) == 0 || io_fail (error, errno, "flush the folder", dst));
  row->elapsed_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  close (sfd);
  close (dfd);
  if (row->elapsed_ns > 0)
    row->bytes_per_second = (double)row->bytes * 1e9 / (double)row->elapsed_ns;
  return ok;
}

static int
remove_one (const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st;
  (void)ftw;
  if (flag == FTW_DP || flag == FTW_D)
    rmdir (path);
  else
    unlink (path);
  return 0;
}

/* Removes @path and everything under it. */
static void
remove_tree (const char *path)
{
  nftw (path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* For tests only: with SSDB_COPY_TEST_HOLD naming a file, writes the source and copy folders
 * of each set into it once the set is copied, and waits until that file is removed, so a test
 * can compare them before they are removed. */
static gboolean
test_hold (const char *src, const char *dst, GCancellable *cancellable, GError **error)
{
  const char *hold = g_getenv ("SSDB_COPY_TEST_HOLD");
  g_autofree char *text = NULL;

  if (hold == NULL || *hold == '\0')
    return TRUE;
  text = g_strdup_printf ("%s\n%s\n", src, dst);
  if (!g_file_set_contents (hold, text, -1, error))
    return FALSE;
  while (g_file_test (hold, G_FILE_TEST_EXISTS))
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      g_usleep (20000);
    }
  return TRUE;
}

/* Removes the test folders of @dir left by copy tests whose process is gone (killed outright:
 * SIGKILL, a crash, a power cut), owned by this user: ".ssdbench-copy-PID-XXXXXX". */
static void
remove_stale_folders (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      char *end = NULL;
      guint64 pid;
      struct stat st;

      if (!g_str_has_prefix (name, ".ssdbench-copy-"))
        continue;
      pid = g_ascii_strtoull (name + strlen (".ssdbench-copy-"), &end, 10);
      if (end == NULL || *end != '-' || strlen (end + 1) != 6 || pid == 0 || pid > G_MAXINT)
        continue;
      if (kill ((pid_t)pid, 0) == 0 || errno != ESRCH)
        continue;
      path = g_build_filename (dir, name, NULL);
      if (lstat (path, &st) == 0 && S_ISDIR (st.st_mode) && st.st_uid == geteuid ())
        remove_tree (path);
    }
}

static gboolean
run_sets (Run *run, const char *folder, GError **error)
{
  SsdbCopyResult *r = run->result;
  SsdbDataPattern random = { SSDB_DATA_RANDOM, 0 };
  g_autoptr (SsdbDataPool) pool = NULL;
  SsdbRng rng;
  int folder_fd;
  gboolean ok = TRUE;

  pool = ssdb_data_pool_get_shared (&random, POOL_SIZE, r->spec.seed, error);
  if (pool == NULL)
    return FALSE;
  ssdb_rng_init (&rng, r->spec.seed);
  if ((folder_fd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
    return io_fail (error, errno, "open the folder", folder);
  for (guint i = 0; ok && i < r->n_rows; i++)
    {
      SsdbCopyRow *row = &r->rows[i];
      const char *name = ssdb_copy_set_to_string (row->set);
      g_autofree char *src_name = g_strconcat (name, "-source", NULL);
      g_autofree char *dst_name = g_strconcat (name, "-copy", NULL);
      g_autofree char *src = g_build_filename (folder, src_name, NULL);
      g_autofree char *dst = g_build_filename (folder, dst_name, NULL);
      gint64 t0 = g_get_monotonic_time ();

      run->row = (int)i;
      row->state = SSDB_ENTRY_RUNNING;
      run->preparing = TRUE;
      ok = make_source (run, src, row->set, ssdb_data_pool_get_data (pool), &rng, error)
           && (syncfs (folder_fd) == 0 || io_fail (error, errno, "flush the file system of", src));
      r->prepare_ns += (guint64)(g_get_monotonic_time () - t0) * 1000;
      if (ok)
        {
          run->preparing = FALSE;
          run->last_progress_us = 0;
          ok = timed_copy (run, folder_fd, src, dst, error)
               && test_hold (src, dst, run->cancellable, error);
        }
      row->state = ok ? SSDB_ENTRY_DONE
                   : g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                       ? SSDB_ENTRY_CANCELLED
                       : SSDB_ENTRY_FAILED;
      if (!ok)
        {
          row->elapsed_ns = 0;
          row->bytes_per_second = 0;
        }
      remove_tree (src);
      remove_tree (dst);
      if (run->progress != NULL)
        run->progress (r, (int)i, FALSE, run->total ? (double)run->done / run->total : 1,
                       run->user_data);
    }
  close (folder_fd);
  return ok;
}

gboolean
ssdb_copy_run (SsdbTarget *target, SsdbCopyResult *result, SsdbCopyProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **caller_error)
{
  GError **error = caller_error;
  const SsdbTargetInfo *info;
  g_autofree char *folder = NULL;
  g_autoptr (GError) local = NULL;
  SsdbRunRecording *recording;
  struct statvfs vfs;
  Run run = { 0 };
  gboolean ok;
  void *buf = NULL;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  recording = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_COPY, target, result, error);
  if (recording == NULL)
    return FALSE;
  error = &local;
  info = ssdb_target_get_info (target);
  remove_stale_folders (info->path);
  if (statvfs (info->path, &vfs) != 0)
    {
      ok = io_fail (error, errno, "read the free space of", info->path);
      goto done;
    }
  if (!check_space (info->path, (guint64)vfs.f_bavail * vfs.f_frsize,
                    ssdb_copy_spec_space_needed (&result->spec), error))
    {
      ok = FALSE;
      goto done;
    }
  {
    g_autofree char *name = g_strdup_printf (".ssdbench-copy-%d-XXXXXX", (int)getpid ());

    folder = g_build_filename (info->path, name, NULL);
  }
  if (g_mkdtemp_full (folder, 0755) == NULL)
    {
      ok = io_fail (error, errno, "create a test folder in", info->path);
      g_clear_pointer (&folder, g_free);
      goto done;
    }
  run.result = result;
  run.progress = progress;
  run.user_data = user_data;
  run.cancellable = cancellable;
  run.align = MAX (MAX (info->dio_offset_align, info->logical_block_size), 512);
  for (guint i = 0; i < result->n_rows; i++)
    {
      SsdbCopySetShape s;

      ssdb_copy_set_shape (result->rows[i].set, result->spec.scale, &s);
      run.total += 2 * s.bytes;
    }
  if (posix_memalign (&buf, MAX (4096, info->dio_mem_align), CHUNK) != 0)
    {
      ok = io_fail (error, ENOMEM, "allocate the copy buffer for", info->path);
      goto done;
    }
  run.buf = buf;
  ok = run_sets (&run, folder, error);
  free (buf);

done:
  if (folder != NULL)
    remove_tree (folder);
  if (!ok && g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      result->cancelled = TRUE;
      g_clear_error (error);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The copy test was stopped");
    }
  ssdb_test_kind_recording_end (SSDB_TEST_KIND_COPY, target, result, recording);
  if (!ok)
    g_propagate_error (caller_error, g_steal_pointer (&local));
  return ok;
}
