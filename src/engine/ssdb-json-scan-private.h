/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "ssdb-report-pack.h"

G_BEGIN_DECLS

/*
 * The strict syntax check of report text (RFC 8259) and the parse that follows it, for
 * ssdb-report.c.
 */

/**
 * parse_text:
 * @text: the report text, NUL-terminated at @length (an initial UTF-8 byte order mark is skipped)
 * @length: bytes of @text before the NUL
 * @name: what errors call the text (a file name)
 * @packed: (out): the large sample arrays of the document, taken out of the tree (see
 *   ssdb-report-pack.h); free with ssdb_packed_free() (also after an error)
 * @error: SSDB_ERROR_REPORT for text that is not UTF-8, not strict JSON, truncated, nested deeper
 *   than %SSDB_REPORT_MAX_DEPTH or holding more than %SSDB_REPORT_MAX_VALUES values, with a
 *   message naming @name and the line and column ("report.json:14:3: malformed JSON: expected ','
 *   or '}'"), or for an empty text
 *
 * Checks @text and parses it into a tree; its large sample arrays go to @packed instead.
 *
 * Returns: (transfer full) (nullable): the root node, or %NULL with @error.
 */
JsonNode *
parse_text (const char *text, gsize length, const char *name, SsdbPacked **packed, GError **error);

G_END_DECLS
