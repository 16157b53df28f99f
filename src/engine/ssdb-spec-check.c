/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-spec-check.h"

#include "ssdb-error.h"
#include "ssdb-io.h"

char *
ssdb_target_info_dup_display_name (const SsdbTargetInfo *target)
{
  g_return_val_if_fail (target != NULL, NULL);

  if (target->kind == SSDB_TARGET_FILE)
    return g_strdup_printf ("test file in %s", target->path ? target->path : "?");
  return g_strdup (target->path ? target->path : target->name ? target->name : "the target");
}

gboolean
ssdb_spec_check_block (guint64 block_size, const SsdbTargetInfo *target, const char *what,
                       GError **error)
{
  g_autofree char *name = NULL;
  guint lbs, align;

  g_return_val_if_fail (target != NULL, FALSE);

  what = what ? what : "Transfer size";
  lbs = target->logical_block_size;
  align = MAX (lbs, target->dio_offset_align);
  if (block_size == 0 || block_size > SSDB_MAX_BLOCK_SIZE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s %" G_GUINT64_FORMAT " bytes is out of range (logical block size to 64 MiB)",
                   what, block_size);
      return FALSE;
    }
  name = ssdb_target_info_dup_display_name (target);
  if (lbs > 0 && block_size < lbs)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s %" G_GUINT64_FORMAT " bytes is smaller than the logical block size of %s "
                   "(%u bytes)",
                   what, block_size, name, lbs);
      return FALSE;
    }
  if (align > 0 && block_size % align != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s %" G_GUINT64_FORMAT " bytes is not a multiple of the block size of %s "
                   "(%u bytes)",
                   what, block_size, name, align);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_spec_check_span (guint64 offset, guint64 length, const SsdbTargetInfo *target, GError **error)
{
  g_autofree char *name = NULL;
  guint64 size;

  g_return_val_if_fail (target != NULL, FALSE);

  name = ssdb_target_info_dup_display_name (target);
  size = target->size_bytes;
  if (size > 0 && offset >= size)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span starts at %" G_GUINT64_FORMAT
                   ", beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
                   offset, name, size);
      return FALSE;
    }
  if (size > 0 && length > size - offset)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span (%" G_GUINT64_FORMAT " bytes from %" G_GUINT64_FORMAT
                   ") ends beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
                   length, offset, name, size);
      return FALSE;
    }
  if (target->dio_offset_align > 0 && offset % target->dio_offset_align != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span must start on a %u-byte boundary of %s", target->dio_offset_align,
                   name);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_spec_check_directions (gboolean do_read, gboolean do_write, const char *test,
                            const SsdbTargetInfo *target, GError **error)
{
  if (!do_read && !do_write)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s needs reads, writes or both",
                   test);
      return FALSE;
    }
  if (do_write && target->read_only)
    {
      g_autofree char *name = ssdb_target_info_dup_display_name (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Writes were asked for, but %s is read-only", name);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_spec_check_queue_depth (guint queue_depth, GError **error)
{
  if (queue_depth >= 1 && queue_depth <= SSDB_MAX_QUEUE_DEPTH)
    return TRUE;
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "Queue depth %u is out of range (1 to %u)", queue_depth, SSDB_MAX_QUEUE_DEPTH);
  return FALSE;
}

gboolean
ssdb_spec_check_span_holds (guint64 offset, guint64 length, guint block_size,
                            const SsdbTargetInfo *target, GError **error)
{
  g_autofree char *name = NULL;
  guint64 span = length;

  g_return_val_if_fail (target != NULL, FALSE);

  if (span == 0 && target->size_bytes > 0)
    span = target->size_bytes - offset;
  if ((target->size_bytes == 0 && length == 0) || span >= block_size)
    return TRUE;
  name = ssdb_target_info_dup_display_name (target);
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "The span (%" G_GUINT64_FORMAT " bytes from %" G_GUINT64_FORMAT
               " on %s) holds no %u-byte transfer",
               span, offset, name, block_size);
  return FALSE;
}

gboolean
ssdb_spec_check_read_back_buffers (guint queue_depth, guint block_size, GError **error)
{
  guint64 buffers = (guint64)queue_depth * block_size;

  if (buffers <= SSDB_MAX_BUFFER_BYTES)
    return TRUE;
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "QD %u × %u bytes needs %" G_GUINT64_FORMAT " bytes of buffers to read back, "
               "more than the limit of %" G_GUINT64_FORMAT,
               queue_depth, block_size, buffers, SSDB_MAX_BUFFER_BYTES);
  return FALSE;
}

gboolean
ssdb_spec_check_summary_fits (guint64 summary_size, guint64 span, GError **error)
{
  if (span == 0 || summary_size <= span)
    return TRUE;
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "The summary's test size (%" G_GUINT64_FORMAT " bytes) must fit in the span "
               "(%" G_GUINT64_FORMAT " bytes)",
               summary_size, span);
  return FALSE;
}
