/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "ssdb-error.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

/*
 * What every kind's settings check (ssdb_test_kind_check()) asks of a target: a transfer size
 * it can take and a span within it. The facts come from an #SsdbTargetInfo, of an opened target
 * or as far as the window knows them before it opens one; a block size or alignment of 0 is
 * not known and not checked.
 */

/**
 * SSDB_SPEC_INVALID:
 * @...: the message: a printf format and its arguments
 *
 * For a check of settings, a function that returns a #gboolean and has a `GError **error`
 * parameter: sets @error to an %SSDB_ERROR_INVALID_ARGUMENT with the message and returns
 * %FALSE.
 */
#define SSDB_SPEC_INVALID(...)                                                                     \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, __VA_ARGS__);                     \
    return FALSE;                                                                                  \
  }                                                                                                \
  G_STMT_END

/**
 * ssdb_target_info_dup_display_name:
 * @target: a target's facts
 *
 * How messages name the target: its path for a device ("/dev/sdb"), "test file in DIR" for a
 * test file (as ssdb_target_get_display_name() does for an opened one).
 *
 * Returns: (transfer full): the name
 */
char *
ssdb_target_info_dup_display_name (const SsdbTargetInfo *target);

/**
 * ssdb_spec_check_block:
 * @block_size: a transfer size, bytes
 * @target: the target's facts (logical_block_size and dio_offset_align, 0 when not known)
 * @what: (nullable): what the size is, capitalised, for the message ("Transfer size", "Start
 *   size"); %NULL for "Transfer size"
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the size, the target and why
 *
 * Whether @target takes transfers of @block_size with O_DIRECT: 1 byte to %SSDB_MAX_BLOCK_SIZE,
 * at least its logical block size and a multiple of it and of its direct-I/O offset alignment.
 *
 * Returns: %TRUE when it does
 */
gboolean
ssdb_spec_check_block (guint64 block_size, const SsdbTargetInfo *target, const char *what,
                       GError **error);

/**
 * ssdb_spec_check_span:
 * @offset: where the span starts, bytes from the target's start
 * @length: its length, bytes; 0 for the rest of the target
 * @target: the target's facts (size_bytes, 0 when not known; dio_offset_align, 0 when not
 *   known)
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the span, the target and why
 *
 * Whether the span lies within @target and starts on its direct-I/O offset alignment.
 *
 * Returns: %TRUE when it does
 */
gboolean
ssdb_spec_check_span (guint64 offset, guint64 length, const SsdbTargetInfo *target, GError **error);

/**
 * ssdb_spec_check_directions:
 * @do_read: the settings measure reads
 * @do_write: the settings measure writes
 * @test: the test's name as a sentence starts it ("The AS SSD suite")
 * @target: the target's facts (read_only)
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT: "@test needs reads, writes or both", or "Writes were
 *   asked for, but TARGET is read-only"
 *
 * Whether a test that reads, writes or both asks for at least one, and writes only to a
 * target that can be written.
 *
 * Returns: %TRUE when it does
 */
gboolean
ssdb_spec_check_directions (gboolean do_read, gboolean do_write, const char *test,
                            const SsdbTargetInfo *target, GError **error);

/**
 * ssdb_spec_check_queue_depth:
 * @queue_depth: requests in flight per thread
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the depth and the range
 *
 * Returns: %TRUE when @queue_depth is 1 to %SSDB_MAX_QUEUE_DEPTH
 */
gboolean
ssdb_spec_check_queue_depth (guint queue_depth, GError **error);

/**
 * ssdb_spec_check_span_holds:
 * @offset: where the span starts, bytes
 * @length: its length, bytes; 0 for the rest of the target
 * @block_size: the run's transfer size, bytes
 * @target: the target's facts (size_bytes 0 when not known: a span of 0 is then not checked)
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the span, the target and the transfer size
 *
 * Whether the span, resolved as the runs resolve it (0 is what follows @offset), holds at
 * least one transfer of @block_size bytes.
 *
 * Returns: %TRUE when it does
 */
gboolean
ssdb_spec_check_span_holds (guint64 offset, guint64 length, guint block_size,
                            const SsdbTargetInfo *target, GError **error);

/**
 * ssdb_spec_check_read_back_buffers:
 * @queue_depth: requests in flight
 * @block_size: their transfer size, bytes
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the depth, the size and the limit
 *
 * Whether a run that reads its data back can hold its requests' buffers: @queue_depth ×
 * @block_size within %SSDB_MAX_BUFFER_BYTES.
 *
 * Returns: %TRUE when they fit
 */
gboolean
ssdb_spec_check_read_back_buffers (guint queue_depth, guint block_size, GError **error);

/**
 * ssdb_spec_check_summary_fits:
 * @summary_size: the test size of the summaries a behaviour test runs, bytes
 * @span: the test's span, bytes (0 when not known: not checked)
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming both sizes
 *
 * Returns: %TRUE when the summaries' region fits in the span
 */
gboolean
ssdb_spec_check_summary_fits (guint64 summary_size, guint64 span, GError **error);

G_END_DECLS
