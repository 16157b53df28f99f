/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-verdict.h"

#include "ssdb-report.h"
#include "ssdb-report-pack.h"

G_BEGIN_DECLS

/*
 * What the parts of the report code share: the limits of loaded numbers, the names of
 * enumerations in the file, the JSON writers (ssdb-report-io.c), the loader and its readers
 * (ssdb-report-io.c), and the writer and loader of each family of tests (ssdb-report-summary.c,
 * ssdb-report-surface.c, ssdb-report-access.c, ssdb-report-behaviour.c).
 */

/* Most segments of a recovery write whose analysis a reader recomputes: a run cuts a write into
 * about 256 by default (ssdb-fill.c), more only with a small --segment. */
#define MAX_REANALYSED_SEGMENTS 8192

/* Plausibility limits for loaded numbers: far above any real device, far below overflow. */
#define MAX_BYTES_PER_SECOND 1e13 /* 10 TB/s */
#define MAX_IOPS 1e10
#define MAX_MEAN_INFLIGHT ((double)SSDB_MAX_QUEUE_DEPTH * SSDB_MAX_THREADS)
#define MAX_RUN_NS (G_GUINT64_CONSTANT (86400) * G_USEC_PER_SEC * 1000)          /* a day */
#define MAX_WINDOW_NS (G_GUINT64_CONSTANT (366 * 86400) * G_USEC_PER_SEC * 1000) /* a year */
#define MAX_PASSES 9
#define MAX_TEST_NAME 64
#define MAX_BLOCK_ALIGN (1024 * 1024)
#define MAX_SURFACE_SAMPLES 100000u
#define MAX_ACCESS_SAMPLES 1000000u
#define MAX_FILL_PASSES 4u
#define MAX_FILL_PHASES SSDB_FILL_MAX_PHASES
#define MAX_WORDS 4096
/* Relative tolerance of a derived mean against the one recomputed from the samples. */
#define MEAN_TOLERANCE 1e-9

/* Names of enumerations in the file shared by several tests (ssdb-report-io.c). */
extern const char *const rw_names[SSDB_RW_MIX + 1];
extern const char *const state_names[SSDB_ENTRY_FAILED + 1];
extern const char *const profile_names[SSDB_PROFILE_NVME + 1];
extern const char *const aggregate_names[SSDB_AGGREGATE_MEAN + 1];

G_STATIC_ASSERT (SSDB_RW_READ == 0 && SSDB_RW_WRITE == 1);

typedef struct
{
  const char *name;    /* what errors call the file */
  GString *path;       /* the member being read: "tests[2].latency_ns.p99" */
  SsdbPacked *packed;  /* the large sample arrays, read without a tree */
  JsonObject *scratch; /* the packed element being read */
} Loader;

/* -------------------------------------------------------------------------------------------- */
/* Shared writers and readers (ssdb-report-io.c)                                                */

const char *
enum_name (const char *const *names, guint n_names, guint value);

char *
pattern_to_string (const SsdbDataPattern *pattern);

JsonNode *
json_safe_copy (JsonNode *node);

void
add_int (JsonBuilder *b, const char *key, gint64 value);

void
add_u64 (JsonBuilder *b, const char *key, guint64 value);

void
add_double (JsonBuilder *b, const char *key, double value);

void
add_bool (JsonBuilder *b, const char *key, gboolean value);

void
add_string (JsonBuilder *b, const char *key, const char *value);

void
add_seed (JsonBuilder *b, const char *key, guint64 seed);

void
add_pattern (JsonBuilder *b, const char *key, const SsdbDataPattern *pattern);

void
build_latency_summary (JsonBuilder *b, const char *key, const SsdbHistogram *h);

void
build_buckets (JsonBuilder *b, const char *key, const SsdbHistogram *h);

void
build_io_result (JsonBuilder *b, const SsdbIoResult *io, SsdbRw rw);

gboolean
load_fail (Loader *l, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

gsize
path_push_member (Loader *l, const char *key);

gsize
path_push_index (Loader *l, guint index);

void
path_pop (Loader *l, gsize mark);

const char *
describe_node (JsonNode *node);

gboolean
node_has_type (JsonNode *node, GType type);

gboolean
node_get_number (JsonNode *node, double *out);

JsonNode *
member (Loader *l, JsonObject *object, const char *key, gsize *mark, GError **error);

gboolean
check_int (Loader *l, JsonNode *node, gint64 min, gint64 max, gint64 *out, GError **error);

gboolean
read_int (Loader *l, JsonObject *object, const char *key, gint64 min, gint64 max, gint64 *out,
          GError **error);

gboolean
read_u64 (Loader *l, JsonObject *object, const char *key, guint64 max, guint64 *out,
          GError **error);

gboolean
read_uint (Loader *l, JsonObject *object, const char *key, guint min, guint max, guint *out,
           GError **error);

gboolean
read_alignment (Loader *l, JsonObject *object, const char *key, guint *out, GError **error);

gboolean
read_number (Loader *l, JsonObject *object, const char *key, double max, double *out,
             GError **error);

gboolean
read_bool (Loader *l, JsonObject *object, const char *key, gboolean *out, GError **error);

gboolean
read_string (Loader *l, JsonObject *object, const char *key, gboolean nullable, char **out,
             GError **error);

gboolean
read_enum (Loader *l, JsonObject *object, const char *key, const char *const *names, guint n_names,
           guint *out, GError **error);

gboolean
read_seed (Loader *l, JsonObject *object, const char *key, guint64 *out, GError **error);

gboolean
read_pattern (Loader *l, JsonObject *object, const char *key, SsdbDataPattern *out, GError **error);

JsonObject *
enter_object (Loader *l, JsonObject *object, const char *key, gsize *mark, GError **error);

guint
array_length (Loader *l, JsonArray *array);

JsonArray *
enter_array (Loader *l, JsonObject *object, const char *key, guint max_length, gsize *mark,
             GError **error);

gboolean
load_histogram (Loader *l, JsonObject *object, const char *summary_key, const char *buckets_key,
                SsdbHistogram *h, GError **error);

gboolean
load_io_result (Loader *l, JsonObject *object, SsdbRw rw, SsdbIoResult *io, GError **error);

gboolean
mean_matches (double stored, double computed);

gboolean
fail_mean (Loader *l, const char *key, double stored, double computed, const char *of,
           GError **error);

gboolean
read_block_size (Loader *l, JsonObject *object, const char *key, guint *out, GError **error);

gboolean
read_span (Loader *l, JsonObject *object, guint64 target_bytes, guint64 *offset, guint64 *length,
           GError **error);

gboolean
read_span_or_rest (Loader *l, JsonObject *object, guint64 target_bytes, guint64 *offset,
                   guint64 *length, GError **error);

JsonObject *
array_object (Loader *l, JsonArray *array, guint i, gsize *mark, GError **error);

gboolean
read_signed_number (Loader *l, JsonObject *object, const char *key, double max, double *out,
                    GError **error);

gboolean
read_words (Loader *l, JsonObject *object, const char *key, char **out, GError **error);

gboolean
check_derived (Loader *l, const char *key, double value, double expected, GError **error);

/* Writes "verdict" (its name, see ssdb_verdict_name()) and @noise_key (@noise, -1 when not
 * measured) of a behaviour analysis. */
/* @value as json-glib can print it valid (0 for NaN or infinity). */
double
json_safe_double (double value);

void
add_verdict (JsonBuilder *b, SsdbVerdict verdict, const char *noise_key, double noise);

/* The verdict named @name, read from a "verdict" member, in *out; an error at that member for a
 * name that is not "found", "no-effect", "inconclusive" or "none". */
gboolean
parse_verdict (Loader *l, const char *name, SsdbVerdict *out, GError **error);

/* Checks the optional "verdict" member of @object and, unless @noise_key is %NULL, the optional
 * @noise_key (reports of earlier versions have neither): a verdict name, and a number of at most
 * @max_noise (or -1). @out (nullable) gets the verdict when the member is there. The behaviour
 * tests' verdicts are derived: the analysis recomputed on load gives the values they keep. */
gboolean
read_verdict_opt (Loader *l, JsonObject *object, const char *noise_key, double max_noise,
                  SsdbVerdict *out, GError **error);

gboolean
check_words (Loader *l, const char *words, const char *expected, GError **error);

gboolean
check_rate (Loader *l, const char *key, double rate, guint64 bytes, guint64 window_ns,
            GError **error);

/* -------------------------------------------------------------------------------------------- */
/* Summary tests (ssdb-report-summary.c)                                                        */

void
loaded_entry_free (gpointer data);

void
build_summary_settings (JsonBuilder *b, const SsdbSummaryResult *result);

void
build_summary_test (JsonBuilder *b, const SsdbSummaryEntry *entry);

gboolean
load_summary_test (Loader *l, JsonObject *object, guint max_passes, SsdbSummaryEntry *entry,
                   GError **error);

gboolean
load_summary_settings (Loader *l, JsonObject *object, SsdbSummaryResult *result, GError **error);

void
build_summary_tests (JsonBuilder *b, const SsdbSummaryResult *summary);

gboolean
load_summary_entry (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSummaryResult *summary,
                    GError **error);

/* -------------------------------------------------------------------------------------------- */
/* Surface, fill and read-after-write tests (ssdb-report-surface.c)                             */

void
build_surface_test (JsonBuilder *b, const SsdbSurfaceResult *r);

void
build_fill_points (JsonBuilder *b, const char *key, GArray *points);

/* The "analysis" member of a fill (and of an idle recovery's first write): phases, cache,
 * verdict and words; the twin of load_fill_analysis(). */
void
build_fill_analysis (JsonBuilder *b, const SsdbFillAnalysis *a);

void
build_fill_test (JsonBuilder *b, const SsdbFillResult *r);

void
build_readback_test (JsonBuilder *b, const SsdbReadbackResult *r);

gboolean
load_surface_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSurfaceResult *r,
                   GError **error);

gboolean
load_fill_points (Loader *l, JsonObject *object, const char *key, const SsdbFillSpec *spec,
                  guint max_points, gboolean strict_time, GArray *out, GError **error);

gboolean
load_fill_analysis (Loader *l, JsonObject *object, const SsdbFillSpec *spec, SsdbFillAnalysis *a,
                    GError **error);

gboolean
load_fill_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbFillResult *r,
                GError **error);

gpointer
surface_load_new (void);

gpointer
fill_load_new (void);

gpointer
readback_load_new (void);

gboolean
load_readback_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbReadbackResult *r,
                    GError **error);

/* The error scan (ssdb-report-scan.c) */
void
build_scan_test (JsonBuilder *b, const SsdbScanResult *r);

gpointer
scan_load_new (void);

gboolean
load_scan_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbScanResult *r,
                GError **error);

/* Shared by the random-access table and the AS SSD suite: the names of SsdbIoEngine and the
 * members of an entry's measure (ssdb-report-io.c), and the optional "unwritten" object
 * (ssdb-report-randomaccess.c). */
extern const char *const io_engine_names[2];

void
build_io_measure (JsonBuilder *b, const SsdbIoMeasure *m);

gboolean
load_io_measure (Loader *l, JsonObject *item, SsdbIoMeasure *m, GError **error);

void
build_unwritten_opt (JsonBuilder *b, guint percent, SsdbUnwrittenSource source);

gboolean
load_unwritten_opt (Loader *l, JsonObject *object, gboolean filled, guint *percent,
                    SsdbUnwrittenSource *source, GError **error);

/* The AS SSD-style suite (ssdb-report-asssd.c) */
void
build_asssd_test (JsonBuilder *b, const SsdbAsssdResult *r);

gpointer
asssd_load_new (void);

gboolean
load_asssd_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbAsssdResult *r,
                 GError **error);

/* HD Tune Pro's random-access table (ssdb-report-randomaccess.c) */
void
build_randomaccess_test (JsonBuilder *b, const SsdbRandomAccessResult *r);

gpointer
randomaccess_load_new (void);

gboolean
load_randomaccess_test (Loader *l, JsonObject *object, guint64 target_bytes,
                        SsdbRandomAccessResult *r, GError **error);

/* AS SSD's copy benchmark (ssdb-report-copy.c) */
void
build_copy_test (JsonBuilder *b, const SsdbCopyResult *r);

gpointer
copy_load_new (void);

gboolean
load_copy_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbCopyResult *r,
                GError **error);

/* -------------------------------------------------------------------------------------------- */
/* Access, sweep and workload tests (ssdb-report-access.c)                                      */

void
build_access_test (JsonBuilder *b, const SsdbAccessResult *r);

void
build_sweep_test (JsonBuilder *b, const SsdbSweepResult *r);

void
build_workload_test (JsonBuilder *b, const SsdbWorkloadResult *r);

gboolean
load_access_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbAccessResult *r,
                  GError **error);

gboolean
load_sweep_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSweepResult *r,
                 GError **error);

gboolean
load_workload_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbWorkloadResult *r,
                    GError **error);

gpointer
access_load_new (void);

void
access_reanalyse (gpointer result, const SsdbReport *report);

gpointer
sweep_load_new (void);

gpointer
workload_load_new (void);

/* -------------------------------------------------------------------------------------------- */
/* Behaviour tests (ssdb-report-behaviour.c)                                                    */

void
build_recovery_test (JsonBuilder *b, const SsdbRecoveryResult *r);

void
build_consistency_test (JsonBuilder *b, const SsdbConsistencyResult *r);

void
build_compression_test (JsonBuilder *b, const SsdbCompressionResult *r);

void
build_trim_test (JsonBuilder *b, const SsdbTrimResult *r);

void
build_freespace_test (JsonBuilder *b, const SsdbFreespaceResult *r);

gpointer
recovery_load_new (void);

gpointer
consistency_load_new (void);

gboolean
load_recovery_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbRecoveryResult *r,
                    GError **error);

gboolean
load_consistency_test (Loader *l, JsonObject *object, guint64 target_bytes,
                       SsdbConsistencyResult *r, GError **error);

gpointer
compression_load_new (void);

gpointer
trim_load_new (void);

gpointer
freespace_load_new (void);

gboolean
load_compression_test (Loader *l, JsonObject *object, guint64 target_bytes,
                       SsdbCompressionResult *r, GError **error);

gboolean
load_trim_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbTrimResult *r,
                GError **error);

gboolean
load_freespace_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbFreespaceResult *r,
                     GError **error);

/* -------------------------------------------------------------------------------------------- */
/* The drive's own state during a run (ssdb-report-drive.c)                                     */

/* Adds a "temperature" member for @log; nothing for %NULL. */
void
build_temperature (JsonBuilder *b, const SsdbTemperatureLog *log);

/* Reads the optional "temperature" member of @object into *@out (%NULL when absent). */
gboolean
load_temperature (Loader *l, JsonObject *object, SsdbTemperatureLog **out, GError **error);

/* Adds a "drive_counts" member for @writes; nothing for %NULL. */
void
build_drive_counts (JsonBuilder *b, const SsdbDriveCounts *writes);

/* Reads the optional "drive_counts" member of @object into *@out (%NULL when absent). */
gboolean
load_drive_counts (Loader *l, JsonObject *object, SsdbDriveCounts **out, GError **error);

/* Ends a test's object: build_temperature() of @log, build_drive_counts() of @writes, then
 * closes the object. */
void
build_drive_state_end (JsonBuilder *b, const SsdbTemperatureLog *log,
                       const SsdbDriveCounts *writes);

/* load_temperature() into *@log, then load_drive_counts() into *@writes. */
gboolean
load_drive_state (Loader *l, JsonObject *object, SsdbTemperatureLog **log, SsdbDriveCounts **writes,
                  GError **error);

G_END_DECLS
