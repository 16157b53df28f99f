/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * Large sample arrays of a report, read without a JSON tree.
 *
 * A tree node per number costs json-glib hundreds of bytes: a report of 10^5 surface samples
 * would take a hundred megabytes as a tree. Before the tree is built, the arrays of flat sample
 * objects (surface samples and access dots, fill points, consistency rounds) are read straight
 * from the text into compact arrays of numbers, and the text handed to json-glib has each of
 * them replaced by a one-element array holding a marker string. The loader reads such an array
 * element by element through ssdb_packed_element(), which gives it the same JSON object the
 * tree would have held, so every check and every message stays the same. Arrays that are not
 * in exactly that shape (other members, strings, nesting, a different member order from one
 * element to the next, integers beyond 64 bits) are left in the text for json-glib.
 */

typedef struct _SsdbPacked SsdbPacked;
typedef struct _SsdbPackedArray SsdbPackedArray;

/**
 * ssdb_packed_text:
 * @text: JSON text, already checked to be valid (NUL-terminated at @length)
 * @length: its length
 * @packed: (out): the arrays read, or %NULL when there were none
 * @out_length: (out): the length of the returned text
 *
 * Returns: (transfer full) (nullable): the text with the packed arrays replaced by markers, or
 *   %NULL (and @packed %NULL) when no array was packed: parse @text itself.
 */
char *
ssdb_packed_text (const char *text, gsize length, SsdbPacked **packed, gsize *out_length);

/** ssdb_packed_free: frees @packed (%NULL is ignored). */
void
ssdb_packed_free (SsdbPacked *packed);

/**
 * ssdb_packed_find:
 * @packed: (nullable): the arrays of a text
 * @array: an array of the parsed tree
 *
 * Returns: (nullable) (transfer none): the packed array @array stands for, or %NULL when it is
 *   an ordinary array.
 */
const SsdbPackedArray *
ssdb_packed_find (const SsdbPacked *packed, JsonArray *array);

/** ssdb_packed_length: Returns: the elements of @array. */
guint
ssdb_packed_length (const SsdbPackedArray *array);

/**
 * ssdb_packed_element:
 * @array: a packed array
 * @index: an element, < ssdb_packed_length()
 * @object: (nullable) (transfer full): an object from an earlier call to reuse, or %NULL
 *
 * Returns: (transfer full): element @index as the JSON object the tree would hold (integers as
 *   integers, other numbers as doubles, members in order); pass it back as @object next time.
 */
JsonObject *
ssdb_packed_element (const SsdbPackedArray *array, guint index, JsonObject *object);

G_END_DECLS
