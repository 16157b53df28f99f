/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-summary.h"

G_BEGIN_DECLS

/**
 * ssdb_summary_format_text:
 * @info: (nullable): the target's facts
 * @result: a summary run (complete, partial or loaded from a report)
 *
 * Formats the run as CrystalDiskMark's text result does: one block per read / write / mix, a line
 * per test with MB/s (10^6 B/s), IOPS and mean latency in µs, then the settings. Numbers use the
 * C locale ('.' decimals) whatever the user's locale, so the text can be pasted into reviews and
 * parsed by scripts.
 *
 * Returns: (transfer full): the text, ending in a newline.
 */
char *ssdb_summary_format_text (const SsdbTargetInfo *info, const SsdbSummaryResult *result);

/**
 * ssdb_summary_entry_label:
 * @entry: an entry
 *
 * Returns: (transfer full): "SEQ    1MiB (Q=  8, T= 1)" — CrystalDiskMark's test label.
 */
char *ssdb_summary_entry_label (const SsdbSummaryEntry *entry);

/** ssdb_entry_state_to_string: Returns: "pending", "running", "done", "skipped", "cancelled" or "failed". */
const char *ssdb_entry_state_to_string (SsdbEntryState state);

G_END_DECLS
