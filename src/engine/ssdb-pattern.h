/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * SsdbDataKind:
 * @SSDB_DATA_RANDOM: incompressible pseudo-random bytes (xoshiro256**)
 * @SSDB_DATA_ZERO: all-zero bytes
 * @SSDB_DATA_COMPRESSIBLE: each 4 KiB block is random for (100 - percent) % of its length and
 *   zero for the rest, so a compressor shrinks it to about (100 - percent) % (AS SSD's method);
 *   at 100 % each block is one random 16-byte sequence repeated 256 times: a compressor keeps
 *   under 1 % of it, but it is neither zeros nor one repeated machine word, so a drive (or zram)
 *   that only recognises zero- or same-filled blocks does not shortcut it as it does zeros
 */
typedef enum
{
  SSDB_DATA_RANDOM,
  SSDB_DATA_ZERO,
  SSDB_DATA_COMPRESSIBLE,
} SsdbDataKind;

/**
 * SsdbDataPattern:
 * @kind: the data kind
 * @compressible_percent: for %SSDB_DATA_COMPRESSIBLE, 0..100
 *
 * What a write test writes; recorded in every result.
 */
typedef struct
{
  SsdbDataKind kind;
  guint compressible_percent;
} SsdbDataPattern;

/**
 * ssdb_data_pattern_to_string:
 *
 * Returns: "random", "zero" or "compressible-NN" (C string owned by the caller).
 */
char *ssdb_data_pattern_to_string (const SsdbDataPattern *pattern);

/**
 * ssdb_data_pattern_parse:
 * @text: "random", "zero", "compressible-NN" or "NN%" (NN in 0..100)
 *
 * Returns: %TRUE on success, else %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT) naming @text.
 */
gboolean ssdb_data_pattern_parse (const char *text, SsdbDataPattern *out, GError **error);

/**
 * SsdbDataPool:
 *
 * A pre-generated, page-aligned buffer of write data. Write requests point into the pool
 * (at a block-aligned offset chosen per request) instead of copying or regenerating data, so the
 * I/O loop never touches the bytes it writes. The pool is never refilled after creation.
 */
typedef struct _SsdbDataPool SsdbDataPool;

/**
 * ssdb_data_pool_new:
 * @pattern: the data pattern
 * @size: pool size in bytes, a multiple of 4096; at least the largest transfer size
 * @seed: PRNG seed (same seed, same bytes)
 *
 * Returns: (transfer full): the pool, or %NULL with @error when memory cannot be allocated.
 */
SsdbDataPool *ssdb_data_pool_new (const SsdbDataPattern *pattern, gsize size, guint64 seed,
                                  GError **error);
void ssdb_data_pool_free (SsdbDataPool *pool);

/**
 * ssdb_data_pool_get_shared:
 * @pattern: the data pattern
 * @size: pool size in bytes (multiple of 4096)
 * @seed: PRNG seed
 *
 * Like ssdb_data_pool_new(), but the most recently used pools (same pattern, size and seed) are
 * kept and handed out again, so the passes of a test do not regenerate their data. Thread-safe.
 *
 * Returns: (transfer full): a reference; release with ssdb_data_pool_unref().
 */
SsdbDataPool *ssdb_data_pool_get_shared (const SsdbDataPattern *pattern, gsize size, guint64 seed,
                                         GError **error);
/** ssdb_data_pool_ref: Returns: @pool, with one more reference. */
SsdbDataPool *ssdb_data_pool_ref (SsdbDataPool *pool);
/** ssdb_data_pool_unref: drops a reference (ssdb_data_pool_free() is the same). */
void ssdb_data_pool_unref (SsdbDataPool *pool);

/** ssdb_data_pool_get_data: Returns: the pool's bytes (4096-aligned). */
const guint8 *ssdb_data_pool_get_data (const SsdbDataPool *pool);
/** ssdb_data_pool_get_size: Returns: the pool's size in bytes. */
gsize ssdb_data_pool_get_size (const SsdbDataPool *pool);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbDataPool, ssdb_data_pool_free)

/**
 * SsdbRng:
 *
 * xoshiro256** (Blackman & Vigna, 2018): the engine's PRNG for random offsets and data,
 * seeded through splitmix64 so any 64-bit seed gives a well-mixed state.
 */
typedef struct
{
  guint64 s[4];
} SsdbRng;

void ssdb_rng_init (SsdbRng *rng, guint64 seed);

static inline guint64
ssdb_rng_rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

/** ssdb_rng_next: Returns: the next 64 random bits. */
static inline guint64
ssdb_rng_next (SsdbRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = ssdb_rng_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = ssdb_rng_rotl (s[3], 45);
  return result;
}

/**
 * ssdb_rng_below:
 * @bound: exclusive upper bound, > 0
 *
 * Returns: a uniform integer in [0, bound) (Lemire's multiply-shift, bias below 2^-64 * bound).
 */
static inline guint64
ssdb_rng_below (SsdbRng *rng, guint64 bound)
{
  return (guint64) (((unsigned __int128) ssdb_rng_next (rng) * bound) >> 64);
}

/** ssdb_rng_fill: fills @len bytes of @buf with random bytes. */
void ssdb_rng_fill (SsdbRng *rng, guint8 *buf, gsize len);

G_END_DECLS
