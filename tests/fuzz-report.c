/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target for the report loader and the importers of other tools' results: any input
 * is either refused with SSDB_ERROR_REPORT naming the input, or loads (as a report, or as the
 * report of an imported fio JSON or CrystalDiskMark / KDiskMark text) and then saves and
 * reloads to the same bytes. */
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-import.h"
#include "engine/ssdb-report.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) again = NULL;
  g_autofree char *a = NULL, *b = NULL;
  gsize len = 0;

  SsdbImportFormat format = ssdb_import_sniff ((const char *) data, size);

  if (format != SSDB_IMPORT_NONE)
    report = ssdb_import_from_data (format, (const char *) data, size, "fuzz", &error);
  else
    report = ssdb_report_load_from_data ((const char *) data, size, "fuzz", &error);
  if (report == NULL)
    {
      g_assert (error != NULL);
      g_assert (error->domain == SSDB_ERROR && error->code == SSDB_ERROR_REPORT);
      g_assert (g_str_has_prefix (error->message, "fuzz"));
      return 0;
    }
  a = ssdb_report_to_data (report, &len);
  again = ssdb_report_load_from_data (a, len, "again", &error);
  g_assert_no_error (error);
  b = ssdb_report_to_data (again, NULL);
  g_assert (strcmp (a, b) == 0);
  return 0;
}
