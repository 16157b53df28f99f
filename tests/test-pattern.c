/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Write-data pool and argument parsing. */
#include <gio/gio.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-pattern.h"
#include "engine/ssdb-units.h"

/* Compresses @len bytes with zlib (level 9); returns the compressed size in bytes. */
static gsize
deflated_size (const guint8 *data, gsize len)
{
  g_autoptr (GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 9);
  gsize out_cap = len + len / 100 + 4096, total = 0, consumed = 0;
  g_autofree guint8 *out = g_malloc (out_cap);

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      gsize bytes_read = 0, bytes_written = 0;
      GConverterResult r;

      r = g_converter_convert (G_CONVERTER (z), data + consumed, len - consumed, out + total,
                               out_cap - total, G_CONVERTER_INPUT_AT_END, &bytes_read,
                               &bytes_written, &error);
      g_assert_no_error (error);
      consumed += bytes_read;
      total += bytes_written;
      if (r == G_CONVERTER_FINISHED)
        break;
    }
  return total;
}

static void
test_random_pool_incompressible (void)
{
  SsdbDataPattern p = { SSDB_DATA_RANDOM, 0 };
  g_autoptr (SsdbDataPool) pool = ssdb_data_pool_new (&p, 8u << 20, 1, NULL);
  const guint8 *d = ssdb_data_pool_get_data (pool);
  gsize z;

  g_assert_nonnull (pool);
  g_assert_cmpuint ((guintptr)d % 4096, ==, 0);
  /* Random data does not compress: deflate adds a little framing. */
  z = deflated_size (d, 4u << 20);
  g_assert_cmpuint (z, >=, (4u << 20));
  /* Every 4 KiB block differs from the next (no short repeating period). */
  for (gsize off = 0; off + 8192 <= (8u << 20); off += 4096)
    g_assert_true (memcmp (d + off, d + off + 4096, 4096) != 0);
}

static void
test_zero_and_compressible_pools (void)
{
  SsdbDataPattern zero = { SSDB_DATA_ZERO, 0 };
  SsdbDataPattern half = { SSDB_DATA_COMPRESSIBLE, 50 };
  SsdbDataPattern most = { SSDB_DATA_COMPRESSIBLE, 75 };
  g_autoptr (SsdbDataPool) pz = ssdb_data_pool_new (&zero, 1u << 20, 1, NULL);
  g_autoptr (SsdbDataPool) ph = ssdb_data_pool_new (&half, 1u << 20, 1, NULL);
  g_autoptr (SsdbDataPool) pm = ssdb_data_pool_new (&most, 1u << 20, 1, NULL);
  gsize zz = deflated_size (ssdb_data_pool_get_data (pz), 1u << 20);
  gsize zh = deflated_size (ssdb_data_pool_get_data (ph), 1u << 20);
  gsize zm = deflated_size (ssdb_data_pool_get_data (pm), 1u << 20);

  g_assert_cmpuint (zz, <, (1u << 20) / 100);
  /* 50 % compressible: about half the size (random half plus a little). */
  g_assert_cmpfloat ((double)zh / (1u << 20), >, 0.48);
  g_assert_cmpfloat ((double)zh / (1u << 20), <, 0.53);
  g_assert_cmpfloat ((double)zm / (1u << 20), >, 0.23);
  g_assert_cmpfloat ((double)zm / (1u << 20), <, 0.28);
}

/* 100 % compressible data compresses like zeros but is neither zeros nor one repeated 8-byte
 * word (what zram and zero-detecting controllers store without compressing). */
static void
test_fully_compressible_pool (void)
{
  SsdbDataPattern full = { SSDB_DATA_COMPRESSIBLE, 100 };
  g_autoptr (SsdbDataPool) pool = ssdb_data_pool_new (&full, 1u << 20, 1, NULL);
  const guint8 *d = ssdb_data_pool_get_data (pool);
  gsize z = deflated_size (d, 1u << 20);

  g_assert_cmpuint (z, <, (1u << 20) / 50);
  for (gsize off = 0; off < (1u << 20); off += 4096)
    {
      guint64 first, second;
      gboolean zero = TRUE;

      for (gsize k = 0; k < 4096 && zero; k++)
        zero = d[off + k] == 0;
      g_assert_false (zero);
      memcpy (&first, d + off, 8);
      memcpy (&second, d + off + 8, 8);
      g_assert_cmpuint (first, !=, second);
      /* Blocks differ from each other too. */
      if (off > 0)
        g_assert_true (memcmp (d + off - 4096, d + off, 16) != 0);
    }
}

static void
test_seeded (void)
{
  SsdbDataPattern p = { SSDB_DATA_RANDOM, 0 };
  g_autoptr (SsdbDataPool) a = ssdb_data_pool_new (&p, 65536, 5, NULL);
  g_autoptr (SsdbDataPool) b = ssdb_data_pool_new (&p, 65536, 5, NULL);
  g_autoptr (SsdbDataPool) c = ssdb_data_pool_new (&p, 65536, 6, NULL);

  g_assert_true (memcmp (ssdb_data_pool_get_data (a), ssdb_data_pool_get_data (b), 65536) == 0);
  g_assert_false (memcmp (ssdb_data_pool_get_data (a), ssdb_data_pool_get_data (c), 65536) == 0);
}

static void
test_rng_below_uniform (void)
{
  SsdbRng rng;
  guint counts[10] = { 0 };

  ssdb_rng_init (&rng, 3);
  for (int i = 0; i < 1000000; i++)
    counts[ssdb_rng_below (&rng, 10)]++;
  /* Expected 100000 each; 5 sigma is about 1500. */
  for (int i = 0; i < 10; i++)
    g_assert_cmpuint (ABS ((int)counts[i] - 100000), <, 1500);
}

static void
test_pattern_parse (void)
{
  SsdbDataPattern p;
  g_autoptr (GError) error = NULL;
  g_autofree char *s = NULL;

  g_assert_true (ssdb_data_pattern_parse ("random", &p, NULL));
  g_assert_cmpint (p.kind, ==, SSDB_DATA_RANDOM);
  g_assert_true (ssdb_data_pattern_parse ("zero", &p, NULL));
  g_assert_cmpint (p.kind, ==, SSDB_DATA_ZERO);
  g_assert_true (ssdb_data_pattern_parse ("compressible-25", &p, NULL));
  g_assert_cmpint (p.kind, ==, SSDB_DATA_COMPRESSIBLE);
  g_assert_cmpuint (p.compressible_percent, ==, 25);
  s = ssdb_data_pattern_to_string (&p);
  g_assert_cmpstr (s, ==, "compressible-25");
  /* 100 % compressible is its own pattern, not zeros; 0 % is random data. */
  g_assert_true (ssdb_data_pattern_parse ("100%", &p, NULL));
  g_assert_cmpint (p.kind, ==, SSDB_DATA_COMPRESSIBLE);
  g_assert_cmpuint (p.compressible_percent, ==, 100);
  g_assert_true (ssdb_data_pattern_parse ("compressible-0", &p, NULL));
  g_assert_cmpint (p.kind, ==, SSDB_DATA_RANDOM);
  g_assert_false (ssdb_data_pattern_parse ("compressible-101", &p, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "compressible-101"));
}

static void
test_parse_size (void)
{
  const struct
  {
    const char *text;
    guint64 want;
  } good[] = {
    { "4096", 4096 },
    { "4K", 4096 },
    { "4k", 4096 },
    { "4KiB", 4096 },
    { "4KB", 4000 },
    { "1M", 1048576 },
    { "1MiB", 1048576 },
    { "1MB", 1000000 },
    { "1G", G_GUINT64_CONSTANT (1073741824) },
    { "1GB", G_GUINT64_CONSTANT (1000000000) },
    { "3T", G_GUINT64_CONSTANT (3) << 40 },
    { "0", 0 },
  };
  const char *bad[]
      = { "",     "-1",  "1.5G", "1X", "G", "1 G", "4K ", "18446744073709551616", "9999999999T",
          "0x10", "1\n", "１G" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      guint64 v = 1;
      g_autoptr (GError) error = NULL;

      g_assert_true (ssdb_parse_size (good[i].text, "--size", &v, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (v, ==, good[i].want);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      guint64 v = 7;
      g_autoptr (GError) error = NULL;

      g_assert_false (ssdb_parse_size (bad[i], "--size", &v, &error));
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "--size"));
      g_assert_cmpuint (v, ==, 7);
    }
}

static void
test_parse_seconds (void)
{
  guint64 ns = 0;
  g_autoptr (GError) error = NULL;

  g_assert_true (ssdb_parse_seconds ("5", "--duration", 0, G_MAXUINT64, &ns, NULL));
  g_assert_cmpuint (ns, ==, G_GUINT64_CONSTANT (5000000000));
  g_assert_true (ssdb_parse_seconds ("0.25", "--duration", 0, G_MAXUINT64, &ns, NULL));
  g_assert_cmpuint (ns, ==, 250000000);
  g_assert_true (ssdb_parse_seconds ("2s", "--duration", 0, G_MAXUINT64, &ns, NULL));
  g_assert_cmpuint (ns, ==, G_GUINT64_CONSTANT (2000000000));
  g_assert_false (ssdb_parse_seconds ("-1", "--duration", 0, G_MAXUINT64, &ns, &error));
  g_assert_nonnull (strstr (error->message, "--duration"));
  g_clear_error (&error);
  g_assert_false (ssdb_parse_seconds ("1,5", "--duration", 0, G_MAXUINT64, &ns, &error));
  g_clear_error (&error);
  g_assert_false (ssdb_parse_seconds ("0", "--duration", 1, G_MAXUINT64, &ns, &error));
  g_clear_error (&error);
  g_assert_true (ssdb_parse_seconds ("500ms", "--duration", 0, G_MAXUINT64, &ns, NULL));
  g_assert_cmpuint (ns, ==, 500000000);
  g_assert_true (ssdb_parse_seconds ("1.5m", "--duration", 0, G_MAXUINT64, &ns, NULL));
  g_assert_cmpuint (ns, ==, G_GUINT64_CONSTANT (90000000000));
  g_assert_true (ssdb_parse_seconds ("2min", "--duration", 0, G_MAXUINT64, &ns, NULL));
  g_assert_cmpuint (ns, ==, G_GUINT64_CONSTANT (120000000000));
  for (guint i = 0; i < 8; i++)
    {
      const char *bad[] = { "nan", "inf", "1e3", "", "5 s", "1h", "0x1", ".5" };

      g_assert_false (ssdb_parse_seconds (bad[i], "--duration", 0, G_MAXUINT64, &ns, &error));
      g_assert_nonnull (strstr (error->message, "--duration"));
      g_clear_error (&error);
    }
}

static void
test_format (void)
{
  g_autofree char *a = ssdb_format_transfer_size (4096);
  g_autofree char *b = ssdb_format_transfer_size (1u << 20);
  g_autofree char *c = ssdb_format_transfer_size (512);
  g_autofree char *d = ssdb_format_capacity (G_GUINT64_CONSTANT (2147483648));
  g_autofree char *e = ssdb_format_capacity (G_GUINT64_CONSTANT (3298534883328));

  g_assert_cmpstr (a, ==, "4 KiB");
  g_assert_cmpstr (b, ==, "1 MiB");
  g_assert_cmpstr (c, ==, "512 B");
  {
    g_autofree char *odd = ssdb_format_transfer_size (1536);
    g_autofree char *k128 = ssdb_format_transfer_size (128 * 1024);

    g_assert_cmpstr (odd, ==, "1536 B");
    g_assert_cmpstr (k128, ==, "128 KiB");
  }
  g_assert_cmpstr (d, ==, "2.15 GB");
  g_assert_cmpstr (e, ==, "3.30 TB");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pattern/random-pool-incompressible", test_random_pool_incompressible);
  g_test_add_func ("/pattern/zero-and-compressible", test_zero_and_compressible_pools);
  g_test_add_func ("/pattern/fully-compressible", test_fully_compressible_pool);
  g_test_add_func ("/pattern/seeded", test_seeded);
  g_test_add_func ("/pattern/rng-below-uniform", test_rng_below_uniform);
  g_test_add_func ("/pattern/parse", test_pattern_parse);
  g_test_add_func ("/units/parse-size", test_parse_size);
  g_test_add_func ("/units/parse-seconds", test_parse_seconds);
  g_test_add_func ("/units/format", test_format);
  return g_test_run ();
}
