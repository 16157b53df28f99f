/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-pattern.h"
#include "ssdb-error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct _SsdbDataPool
{
  guint8 *data;
  gsize size;
  SsdbDataPattern pattern;
  guint64 seed;
  gatomicrefcount ref_count;
};

/* The last few pools handed out by ssdb_data_pool_get_shared(), most recent first. */
#define SHARED_POOLS 2
static GMutex shared_lock;
static SsdbDataPool *shared_pools[SHARED_POOLS];

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
ssdb_rng_init (SsdbRng *rng, guint64 seed)
{
  g_return_if_fail (rng != NULL);

  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&seed);
}

void
ssdb_rng_fill (SsdbRng *rng, guint8 *buf, gsize len)
{
  gsize i = 0;

  g_return_if_fail (rng != NULL);
  g_return_if_fail (buf != NULL || len == 0);

  for (; i + 8 <= len; i += 8)
    {
      guint64 v = ssdb_rng_next (rng);
      memcpy (buf + i, &v, 8);
    }
  if (i < len)
    {
      guint64 v = ssdb_rng_next (rng);
      memcpy (buf + i, &v, len - i);
    }
}

char *
ssdb_data_pattern_to_string (const SsdbDataPattern *pattern)
{
  g_return_val_if_fail (pattern != NULL, NULL);

  switch (pattern->kind)
    {
      case SSDB_DATA_RANDOM:
        return g_strdup ("random");
      case SSDB_DATA_ZERO:
        return g_strdup ("zero");
      case SSDB_DATA_COMPRESSIBLE:
        return g_strdup_printf ("compressible-%u", pattern->compressible_percent);
      default:
        g_return_val_if_reached (NULL);
    }
}

gboolean
ssdb_data_pattern_parse (const char *text, SsdbDataPattern *out, GError **error)
{
  const char *num = NULL;
  guint64 v;
  char *end = NULL;

  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL)
    text = "";
  if (g_str_equal (text, "random"))
    {
      *out = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
      return TRUE;
    }
  if (g_str_equal (text, "zero") || g_str_equal (text, "zeros"))
    {
      *out = (SsdbDataPattern){ SSDB_DATA_ZERO, 0 };
      return TRUE;
    }
  if (g_str_has_prefix (text, "compressible-"))
    num = text + strlen ("compressible-");
  else if (g_str_has_suffix (text, "%"))
    num = text;

  if (num != NULL && g_ascii_isdigit (*num))
    {
      errno = 0;
      v = g_ascii_strtoull (num, &end, 10);
      if (errno == 0 && v <= 100 && end != NULL && (*end == '\0' || g_str_equal (end, "%")))
        {
          if (v == 0)
            *out = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
          else
            *out = (SsdbDataPattern){ SSDB_DATA_COMPRESSIBLE, (guint)v };
          return TRUE;
        }
    }

  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "Unknown data pattern “%s”: expected random, zero or compressible-N (N = 0..100)",
               text);
  return FALSE;
}

SsdbDataPool *
ssdb_data_pool_new (const SsdbDataPattern *pattern, gsize size, guint64 seed, GError **error)
{
  g_autoptr (SsdbDataPool) pool = NULL;
  SsdbRng rng;
  void *mem = NULL;
  int r;

  g_return_val_if_fail (pattern != NULL, NULL);
  g_return_val_if_fail (size > 0 && size % 4096 == 0, NULL);

  r = posix_memalign (&mem, 4096, size);
  if (r != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "Cannot allocate a %" G_GSIZE_FORMAT " byte data pool: %s", size,
                   g_strerror (r));
      return NULL;
    }

  pool = g_new0 (SsdbDataPool, 1);
  pool->data = mem;
  pool->size = size;
  pool->pattern = *pattern;
  pool->seed = seed;
  g_atomic_ref_count_init (&pool->ref_count);

  ssdb_rng_init (&rng, seed);
  switch (pattern->kind)
    {
      case SSDB_DATA_ZERO:
        memset (pool->data, 0, size);
        break;
      case SSDB_DATA_RANDOM:
        ssdb_rng_fill (&rng, pool->data, size);
        break;
      case SSDB_DATA_COMPRESSIBLE:
        {
          gsize random_part = 4096 * (100 - MIN (pattern->compressible_percent, 100)) / 100;

          for (gsize off = 0; off < size; off += 4096)
            {
              if (random_part == 0)
                {
                  /* Fully compressible, but not zeros: 16 random bytes, repeated. */
                  ssdb_rng_fill (&rng, pool->data + off, 16);
                  for (gsize k = 16; k < 4096; k += 16)
                    memcpy (pool->data + off + k, pool->data + off, 16);
                  continue;
                }
              ssdb_rng_fill (&rng, pool->data + off, random_part);
              memset (pool->data + off + random_part, 0, 4096 - random_part);
            }
        }
        break;
      default:
        g_assert_not_reached ();
    }

  return g_steal_pointer (&pool);
}

SsdbDataPool *
ssdb_data_pool_ref (SsdbDataPool *pool)
{
  g_return_val_if_fail (pool != NULL, NULL);

  g_atomic_ref_count_inc (&pool->ref_count);
  return pool;
}

void
ssdb_data_pool_unref (SsdbDataPool *pool)
{
  if (pool == NULL)
    return;
  if (!g_atomic_ref_count_dec (&pool->ref_count))
    return;
  free (pool->data);
  g_free (pool);
}

void
ssdb_data_pool_free (SsdbDataPool *pool)
{
  ssdb_data_pool_unref (pool);
}

SsdbDataPool *
ssdb_data_pool_get_shared (const SsdbDataPattern *pattern, gsize size, guint64 seed, GError **error)
{
  SsdbDataPool *pool = NULL;
  SsdbDataPool *evicted = NULL;

  g_return_val_if_fail (pattern != NULL, NULL);

  g_mutex_lock (&shared_lock);
  for (guint i = 0; i < SHARED_POOLS; i++)
    {
      SsdbDataPool *p = shared_pools[i];

      if (p != NULL && p->size == size && p->seed == seed && p->pattern.kind == pattern->kind
          && p->pattern.compressible_percent == pattern->compressible_percent)
        {
          pool = ssdb_data_pool_ref (p);
          /* Move to the front. */
          memmove (&shared_pools[1], &shared_pools[0], i * sizeof shared_pools[0]);
          shared_pools[0] = p;
          break;
        }
    }
  g_mutex_unlock (&shared_lock);
  if (pool != NULL)
    return pool;

  pool = ssdb_data_pool_new (pattern, size, seed, error);
  if (pool == NULL)
    return NULL;

  g_mutex_lock (&shared_lock);
  evicted = shared_pools[SHARED_POOLS - 1];
  memmove (&shared_pools[1], &shared_pools[0], (SHARED_POOLS - 1) * sizeof shared_pools[0]);
  shared_pools[0] = ssdb_data_pool_ref (pool);
  g_mutex_unlock (&shared_lock);
  ssdb_data_pool_unref (evicted);
  return pool;
}

const guint8 *
ssdb_data_pool_get_data (const SsdbDataPool *pool)
{
  g_return_val_if_fail (pool != NULL, NULL);
  return pool->data;
}

gsize
ssdb_data_pool_get_size (const SsdbDataPool *pool)
{
  g_return_val_if_fail (pool != NULL, 0);
  return pool->size;
}
