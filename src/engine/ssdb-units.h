/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ssdb_parse_size:
 * @text: a size: a whole number of bytes ("4096"), or with a binary suffix as fio reads it
 *   ("4K", "4k", "4KiB" = 4096; "1M", "1MiB" = 2^20; "1G", "1GiB"; "1T", "1TiB"), or with a
 *   decimal suffix ("1KB" = 1000, "1MB" = 10^6, "1GB" = 10^9, "1TB" = 10^12); an optional
 *   trailing "B" after a binary letter is accepted ("4KB" is decimal, "4kB" too)
 * @what: what the size is for, for the message ("--size")
 * @out: (out): the size in bytes
 *
 * Rejects negative numbers, fractions, empty text, unknown units, trailing garbage and values
 * above 2^63.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT) naming @what and @text.
 */
gboolean
ssdb_parse_size (const char *text, const char *what, guint64 *out, GError **error);

/**
 * ssdb_parse_uint:
 * @text: a decimal whole number
 * @what: what it is for ("--count")
 * @min: smallest allowed
 * @max: largest allowed
 * @out: (out): the value
 *
 * Returns: %TRUE, or %FALSE with @error naming @what, @text and the range.
 */
gboolean
ssdb_parse_uint (const char *text, const char *what, guint64 min, guint64 max, guint64 *out,
                 GError **error);

/**
 * ssdb_parse_seconds:
 * @text: a duration: seconds as a decimal number with up to 9 decimals and '.' as separator
 *   ("5", "0.5"), optionally followed by "s"; or milliseconds with "ms" ("500ms"); or minutes
 *   with "m" or "min" ("1m")
 * @what: what it is for ("--duration")
 * @min_ns: smallest allowed, ns
 * @max_ns: largest allowed, ns
 * @out_ns: (out): the duration in ns
 *
 * Rejects signs, exponents, "nan", "inf", empty text, unknown units and values out of range.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT) naming @what, @text and
 *   the range in seconds.
 */
gboolean
ssdb_parse_seconds (const char *text, const char *what, guint64 min_ns, guint64 max_ns,
                    guint64 *out_ns, GError **error);

/**
 * ssdb_format_transfer_size:
 * @bytes: a transfer size
 *
 * Returns: (transfer full): binary units with a space, as the field writes transfer sizes:
 *   "512 B", "4 KiB", "1 MiB", "128 KiB"; a size that is not a whole number of KiB in bytes
 *   ("1536 B").
 */
char *
ssdb_format_transfer_size (guint64 bytes);

/**
 * ssdb_format_capacity:
 * @bytes: a capacity
 *
 * Returns: (transfer full): decimal units as drives are labelled, C locale: "2.15 GB",
 *   "512.1 GB", "3.00 TB", "64.0 MB".
 */
char *
ssdb_format_capacity (guint64 bytes);

G_END_DECLS
