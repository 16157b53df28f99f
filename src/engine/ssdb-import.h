/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-report.h"

G_BEGIN_DECLS

/*
 * Results of other tools, read into reports: fio's JSON output and the text results of
 * CrystalDiskMark and KDiskMark. Each becomes a report holding one summary whose
 * SsdbSummaryResult.imported names the tool, so it can be drawn, exported and compared with
 * SSD Bench's own runs. The formats are described in docs/report-format.md ("Imported
 * results").
 */

/**
 * SsdbImportFormat:
 * @SSDB_IMPORT_NONE: not a result file of another tool (perhaps an SSD Bench report)
 * @SSDB_IMPORT_FIO_JSON: fio's `--output-format=json` output, of a local run or of a
 *   client/server run (`client_stats`)
 * @SSDB_IMPORT_CDM_TEXT: the text result of CrystalDiskMark 6 to 8 or of KDiskMark
 */
typedef enum
{
  SSDB_IMPORT_NONE,
  SSDB_IMPORT_FIO_JSON,
  SSDB_IMPORT_CDM_TEXT,
} SsdbImportFormat;

/**
 * ssdb_import_sniff:
 * @data: (array length=length): a file's bytes
 * @length: bytes in @data
 *
 * Recognises a result file by its signature: a JSON object with a "fio version" member (lines
 * fio printed before the object are allowed), or text (UTF-8, or UTF-16 with its byte order
 * mark) naming CrystalDiskMark or KDiskMark in its first lines.
 *
 * Returns: the format, %SSDB_IMPORT_NONE for anything else.
 */
SsdbImportFormat
ssdb_import_sniff (const char *data, gsize length);

/**
 * ssdb_import_from_data:
 * @format: what the file is (ssdb_import_sniff()); %SSDB_IMPORT_NONE is refused
 * @data: (array length=length): the file's bytes
 * @length: bytes in @data
 * @display_name: the file's name, for messages and for SsdbSummaryImport.file
 * @error: SSDB_ERROR_REPORT naming the file and the line (text: "cdm.txt:9: …"; malformed JSON:
 *   "run.json:31:22: …") or the member (fio: "run.json: jobs[1] (“trim”): rw=trim is not a
 *   read, write or mixed job")
 *
 * Reads a result file into a report, by the rules of docs/report-format.md ("Imported
 * results"). A fio job becomes one summary entry, read as fio reads its own options (its size
 * units with kb_base, `bs=R,W`, a job's option over a global one, depth 1 under a synchronous
 * engine; jobs of one name, host and group reported one by one without `group_reporting` are
 * added up); its rate and IOPS are fio's `bw_bytes` and `iops` of the directions it ran, added
 * up, and its latency fio's total latency (`lat_ns`: mean and max, and p99 where fio printed
 * total-latency percentiles, else the completion latency's p99; no p99 for a mixed job). A
 * CrystalDiskMark or KDiskMark line becomes one entry with the rate, IOPS and mean latency it
 * states; nothing it does not state is made up.
 *
 * Returns: (transfer full): the report, or %NULL with @error.
 */
SsdbReport *
ssdb_import_from_data (SsdbImportFormat format, const char *data, gsize length,
                       const char *display_name, GError **error);

/**
 * ssdb_report_open:
 * @path: an SSD Bench report, or a result file of fio, CrystalDiskMark or KDiskMark
 * @error: as ssdb_report_load() for a report; as ssdb_import_from_data() for a result file
 *
 * Opens what a user hands over as a report: an SSD Bench report is read by ssdb_report_load()'s
 * rules, a result file of another tool is imported.
 *
 * Returns: (transfer full): the report, or %NULL with @error.
 */
SsdbReport *
ssdb_report_open (const char *path, GError **error);

G_END_DECLS
