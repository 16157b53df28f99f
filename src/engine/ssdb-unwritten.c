/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-unwritten.h"

#include "ssdb-error.h"
#include "ssdb-loop.h"
#include "ssdb-pattern.h"
#include "ssdb-sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const source_names[] = { "unknown", "zram", "allocation", "zero-sample" };
G_STATIC_ASSERT (G_N_ELEMENTS (source_names) == SSDB_UNWRITTEN_ZERO_SAMPLE + 1);

const char *
ssdb_unwritten_source_to_string (SsdbUnwrittenSource source)
{
  g_return_val_if_fail (source <= SSDB_UNWRITTEN_ZERO_SAMPLE, "unknown");
  return source_names[source];
}

gboolean
ssdb_unwritten_source_from_string (const char *text, SsdbUnwrittenSource *out)
{
  g_return_val_if_fail (text != NULL && out != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (source_names); i++)
    if (strcmp (text, source_names[i]) == 0)
      {
        *out = (SsdbUnwrittenSource)i;
        return TRUE;
      }
  return FALSE;
}

static guint
percent_of (guint64 part, guint64 whole)
{
  if (whole == 0)
    return 0;
  part = MIN (part, whole);
  /* Rounded up: "0 %" only when nothing at all is unwritten. */
  return (guint)((part * 100 + whole - 1) / whole);
}

/* zram: the bytes it stores (orig_data_size) and its same-filled pages, against the region: at
 * least what the device as a whole does not hold is unwritten. */
static gboolean
zram_unwritten (const char *name, guint64 length, guint *percent)
{
  g_autofree char *stat = NULL;
  g_auto (GStrv) fields = NULL;
  guint64 orig = 0, same = 0, written;
  long page = sysconf (_SC_PAGESIZE);

  if (!g_str_has_prefix (name, "zram"))
    return FALSE;
  stat = ssdb_block_read_attr (NULL, name, "mm_stat");
  if (stat == NULL)
    return FALSE;
  fields = g_strsplit_set (stat, " \t", -1);
  {
    guint n = 0;
    guint64 v[6] = { 0 };

    for (guint i = 0; fields[i] != NULL && n < G_N_ELEMENTS (v); i++)
      if (*fields[i] != '\0')
        {
          if (!g_ascii_string_to_unsigned (fields[i], 10, 0, G_MAXUINT64, &v[n], NULL))
            return FALSE;
          n++;
        }
    if (n < 6)
      return FALSE;
    orig = v[0];
    same = v[5];
  }
  written = orig + same * (guint64)(page > 0 ? page : 4096);
  *percent = written >= length ? 0 : percent_of (length - written, length);
  return TRUE;
}

/* The data bytes of [start, start + length) of the file open on @fd, by SEEK_DATA/SEEK_HOLE. */
static gboolean
file_data_bytes (int fd, guint64 start, guint64 length, guint64 *data)
{
  guint64 end = start + length, pos = start;

  *data = 0;
  while (pos < end)
    {
      off_t d = lseek (fd, (off_t)pos, SEEK_DATA);
      off_t h;

      if (d < 0)
        {
          if (errno == ENXIO)
            return TRUE; /* only a hole up to the end of the file */
          return FALSE;
        }
      if ((guint64)d >= end)
        return TRUE;
      h = lseek (fd, d, SEEK_HOLE);
      if (h < 0)
        return FALSE;
      *data += MIN ((guint64)h, end) - (guint64)d;
      pos = (guint64)h;
    }
  return TRUE;
}

static gboolean
allocation_unwritten (SsdbTarget *target, guint64 offset, guint64 length, guint *percent)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  guint64 data = 0;
  gboolean ok;

  if (info->kind == SSDB_TARGET_FILE)
    ok = file_data_bytes (ssdb_target_get_fd (target), offset, length, &data);
  else
    {
      g_autoptr (SsdbLoopBacking) loop = NULL;
      int fd;

      if (info->name == NULL || (loop = ssdb_loop_backing_read (NULL, info->name)) == NULL
          || loop->have_rdev || loop->backing_file == NULL
          || g_str_has_suffix (loop->backing_file, " (deleted)"))
        return FALSE;
      fd = open (loop->backing_file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
      if (fd < 0)
        return FALSE;
      ok = file_data_bytes (fd, loop->offset + offset, length, &data);
      close (fd);
    }
  if (!ok)
    return FALSE;
  *percent = percent_of (length - MIN (data, length), length);
  return TRUE;
}

static gboolean
block_is_zero (const guint8 *block, gsize len)
{
  return block[0] == 0 && memcmp (block, block + 1, len - 1) == 0;
}

static gboolean
sample_unwritten (SsdbTarget *target, guint64 offset, guint64 length, guint64 seed, guint *percent,
                  GError **error)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  gsize blk = MAX (4096u, MAX (info->logical_block_size, info->dio_offset_align));
  guint64 blocks = length / blk;
  guint zero = 0, n;
  void *buf = NULL;
  SsdbRng rng;

  if (blocks == 0)
    {
      *percent = 0;
      return TRUE;
    }
  if (posix_memalign (&buf, MAX (4096u, info->dio_mem_align), blk) != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Cannot allocate a read buffer");
      return FALSE;
    }
  ssdb_rng_init (&rng, seed ^ G_GUINT64_CONSTANT (0x2e7011e5));
  n = (guint)MIN ((guint64)SSDB_UNWRITTEN_SAMPLE_BLOCKS, blocks);
  for (guint i = 0; i < n; i++)
    {
      guint64 at = offset + ssdb_rng_below (&rng, blocks) * blk;
      ssize_t r;

      do
        r = pread (ssdb_target_get_fd (target), buf, blk, (off_t)at);
      while (r < 0 && errno == EINTR);
      if (r != (ssize_t)blk)
        {
          int errsv = r < 0 ? errno : EIO;

          free (buf);
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_IO,
                       "I/O error on %s: read of %" G_GSIZE_FORMAT
                       " bytes at offset %" G_GUINT64_FORMAT " failed: %s (errno %d)",
                       ssdb_target_get_display_name (target), blk, at, g_strerror (errsv), errsv);
          return FALSE;
        }
      if (block_is_zero (buf, blk))
        zero++;
    }
  free (buf);
  *percent = percent_of (zero, n);
  return TRUE;
}

gboolean
ssdb_target_measure_unwritten (SsdbTarget *target, guint64 offset, guint64 length, guint64 seed,
                               guint *percent, SsdbUnwrittenSource *source, GError **error)
{
  const SsdbTargetInfo *info;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (percent != NULL && source != NULL, FALSE);

  info = ssdb_target_get_info (target);
  if (info->kind == SSDB_TARGET_DEVICE && info->name != NULL
      && zram_unwritten (info->name, length, percent))
    {
      *source = SSDB_UNWRITTEN_ZRAM;
      return TRUE;
    }
  if (allocation_unwritten (target, offset, length, percent))
    {
      *source = SSDB_UNWRITTEN_ALLOCATION;
      return TRUE;
    }
  if (!sample_unwritten (target, offset, length, seed, percent, error))
    return FALSE;
  *source = SSDB_UNWRITTEN_ZERO_SAMPLE;
  return TRUE;
}

char *
ssdb_unwritten_dup_note (guint percent, SsdbUnwrittenSource source)
{
  static const char *const how[] = {
    NULL,
    "zram's statistics",
    "the allocation of the file behind it",
    "blocks of a sample of 64 that read back as zeros",
  };

  if (percent == 0 || source == SSDB_UNWRITTEN_UNKNOWN || source > SSDB_UNWRITTEN_ZERO_SAMPLE)
    return NULL;
  return g_strdup_printf ("%s%u %% of the test region was never written or was trimmed (%s): "
                          "the device may return it without reading its medium, so read rates "
                          "are inflated; allow write tests so that it is filled first, or fill "
                          "it before reading",
                          source == SSDB_UNWRITTEN_ZRAM && percent < 100 ? "at least " : "",
                          MIN (percent, 100u), how[source]);
}
