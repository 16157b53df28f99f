/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "render/ssdb-export.h"
#include "ssdb-chart-view.h"
#include "ssdb-test-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_BEHAVIOUR_PAGE (ssdb_behaviour_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbBehaviourPage, ssdb_behaviour_page, SSDB, BEHAVIOUR_PAGE, GtkBox)

/**
 * SsdbBehaviourPage:
 *
 * The "SSD Behaviour" page: the tests that show what vendors' figures hide, one at a time,
 * chosen in a drop-down:
 * - Idle Recovery (%SSDB_TEST_KIND_RECOVERY): write, pause, write again; fast-write capacity
 *   restored after each pause;
 * - Compressibility (%SSDB_TEST_KIND_COMPRESSION): write and read MB/s with random, 25..100 %
 *   compressible data and zeros (AS SSD's compression benchmark);
 * - TRIM (%SSDB_TEST_KIND_TRIM): summary tests before and after rounds of fill and delete, with
 *   or without discard;
 * - Free Space (%SSDB_TEST_KIND_FREESPACE): summary tests after each 10 % filled;
 * - Steady State (%SSDB_TEST_KIND_CONSISTENCY): 4 KiB random-write IOPS per second, the SNIA
 *   PTS steady-state rule, AnandTech's mean and mean / standard deviation;
 * - Read After Write (%SSDB_TEST_KIND_READBACK): read rate of data written by pass 1 and by
 *   pass 2 of a fill.
 *
 * Each test has its settings, its chart (the painters of the render library) and its finding
 * in words; the page keeps the latest result of every test, so switching tests shows each
 * one's result. Every test writes: on a device the window asks for the confirmation naming the
 * device, with ssdb_behaviour_page_dup_confirm_body() as its text, before calling
 * ssdb_behaviour_page_start(). One run at a time (one #SsdbPageRun).
 */

GtkWidget *
ssdb_behaviour_page_new (void);

/**
 * ssdb_behaviour_view_is_behaviour:
 * @view: a view
 *
 * Returns: %TRUE for the six views of this page (%SSDB_TEST_KIND_RECOVERY ..
 *   %SSDB_TEST_KIND_READBACK).
 */
gboolean
ssdb_behaviour_view_is_behaviour (SsdbTestKind view);

/**
 * ssdb_behaviour_page_set_target:
 * @title: (nullable): header line of the charts ("/dev/zram0 · 268 MB · zram")
 * @device_bytes: size of the device (0 for a test file)
 *
 * The size gives the estimate of a run and the time axis of a planned steady-state run; the
 * settings are checked against the target a start is given (ssdb_behaviour_page_check()).
 */
void
ssdb_behaviour_page_set_target (SsdbBehaviourPage *self, const char *title, guint64 device_bytes);

/**
 * ssdb_behaviour_page_set_cache_bytes:
 * @cache_bytes: the write-cache size a whole-drive fill found, bytes (0 changes nothing)
 *
 * Sets Idle Recovery's write per pass to 1.5 × @cache_bytes (rounded up to 0.01 GB), so that
 * every write runs past the cache, as `ssdbench-cli run recovery --cache-from` does.
 */
void
ssdb_behaviour_page_set_cache_bytes (SsdbBehaviourPage *self, guint64 cache_bytes);

/* Settings. Each setter sets the controls the page shows (and starts with), as if typed;
 * values outside a control's range are clamped to it, and a value between a control's steps is
 * rounded to its precision. Changing them while a run is in progress affects the next run. */

/**
 * ssdb_behaviour_page_set_compression_span:
 * @span_bytes: Compressibility's span, bytes (the "Span, MiB" setting; rounded down to 1 MiB)
 */
void
ssdb_behaviour_page_set_compression_span (SsdbBehaviourPage *self, guint64 span_bytes);

/**
 * ssdb_behaviour_page_set_trim:
 * @rounds: fill-and-delete rounds (the "Rounds" setting)
 * @discard: delete with discard (TRIM) (the "Discard" switch)
 */
void
ssdb_behaviour_page_set_trim (SsdbBehaviourPage *self, guint rounds, gboolean discard);

/**
 * ssdb_behaviour_page_set_stress:
 * @view: TRIM or Free Space
 * @stress: write the span's size in random 4 KiB writes before the test (the "Stress First"
 *   switch)
 */
void
ssdb_behaviour_page_set_stress (SsdbBehaviourPage *self, SsdbTestKind view, gboolean stress);

/**
 * ssdb_behaviour_page_set_next_span:
 * @next_span: Idle Recovery writes the next span after each pause (the "Next Span" switch)
 */
void
ssdb_behaviour_page_set_next_span (SsdbBehaviourPage *self, gboolean next_span);

/**
 * ssdb_behaviour_page_set_freespace_step:
 * @step_percent: share of the target each Free Space step fills, 1..100 % (the "Step, %"
 *   setting)
 */
void
ssdb_behaviour_page_set_freespace_step (SsdbBehaviourPage *self, guint step_percent);

/**
 * ssdb_behaviour_page_set_summary:
 * @view: %SSDB_TEST_KIND_TRIM or %SSDB_TEST_KIND_FREESPACE
 * @test_mask: the summary tests that run, bit i for the default profile's test i (SEQ1M Q8T1,
 *   SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1); 0 for all
 * @test_size: bytes each summary test runs over (the "Test size, MiB" setting, rounded down
 *   to 1 MiB); 0 keeps the setting
 * @duration_ns: length of each summary test, ns (the "Seconds per test" setting, 0.1 s
 *   precision);
 *   0 keeps the setting
 *
 * Sets the summary tests that TRIM or Free Space runs between its steps.
 *
 * Returns: %TRUE, or %FALSE (nothing changed) for another @view.
 */
gboolean
ssdb_behaviour_page_set_summary (SsdbBehaviourPage *self, SsdbTestKind view, guint test_mask,
                                 guint64 test_size, guint64 duration_ns);

/**
 * ssdb_behaviour_page_set_consistency:
 * @duration_ns: length of the Steady State run, ns (the "Duration, min" setting, 0.1 min
 *   precision)
 * @round_ns: one IOPS value per round, ns (the "Round, s" setting, 0.1 s precision); 0 keeps
 *   the setting
 * @precondition_passes: sequential writes over the whole target before the run, 0..2 (the
 *   "Preconditioning passes" setting)
 */
void
ssdb_behaviour_page_set_consistency (SsdbBehaviourPage *self, guint64 duration_ns, guint64 round_ns,
                                     guint precondition_passes);

/**
 * ssdb_behaviour_page_select:
 * @view: one of the six behaviour views
 *
 * Shows that test's settings, chart and result (not while running).
 *
 * Returns: %FALSE (nothing changed) for another view or while a run is in progress.
 */
gboolean
ssdb_behaviour_page_select (SsdbBehaviourPage *self, SsdbTestKind view);

/** ssdb_behaviour_page_get_selected: Returns: the behaviour view shown. */
SsdbTestKind
ssdb_behaviour_page_get_selected (SsdbBehaviourPage *self);

/**
 * ssdb_behaviour_page_dup_confirm_body:
 * @device_title: the device as the confirmation names it ("/dev/sdb (Samsung SSD 870, 1.0 TB)")
 *
 * Returns: (transfer full): what the selected test writes on @device_title, with its settings
 *   (span, rounds, pauses), for the confirmation shown before every start on a device.
 */
char *
ssdb_behaviour_page_dup_confirm_body (SsdbBehaviourPage *self, const char *device_title);

/**
 * ssdb_behaviour_page_check:
 * @start: the target as the window gives it to a start: the block device or the folder for a
 *   test file, the device's size and logical block size, the test file's size
 * @error: the reason the settings would be refused: SSDB_ERROR_INVALID_ARGUMENT from a control
 *   whose text is no setting ("Pauses: …"), from the engine's check of the settings against the
 *   target (ssdb_test_kind_check(): "The span (268435456 bytes from 0) ends beyond the end of
 *   /dev/zram0 (134217728 bytes)"), or for discard on a device without it; SSDB_ERROR_FAILED
 *   when a test is running
 *
 * Checks the selected test's settings against @start the way ssdb_behaviour_page_start() does,
 * without starting anything: a confirmation is asked only for settings that will run.
 *
 * Returns: %TRUE when ssdb_behaviour_page_start() would accept them
 */
gboolean
ssdb_behaviour_page_check (SsdbBehaviourPage *self, const SsdbTestPageStart *start, GError **error);

/**
 * ssdb_behaviour_page_start:
 * @start: the target: block device node or folder (test file) and what the window knows of it
 *   (as ssdb_behaviour_page_check() takes it), and the medium the user confirmed may be
 *   overwritten (the engine refuses a device without it)
 * @error: as ssdb_behaviour_page_check(); SSDB_ERROR_FAILED also while a previous run's worker
 *   is still ending
 *
 * Starts the selected test with the page's settings, after the same check as
 * ssdb_behaviour_page_check().
 *
 * Returns: %TRUE, or %FALSE with @error.
 */
gboolean
ssdb_behaviour_page_start (SsdbBehaviourPage *self, const SsdbTestPageStart *start, GError **error);

/** ssdb_behaviour_page_get_run: Returns: (transfer none): the page's run (all six tests). */
SsdbPageRun *
ssdb_behaviour_page_get_run (SsdbBehaviourPage *self);

/**
 * ssdb_behaviour_page_get_result:
 * @view: a behaviour view
 *
 * Returns: (transfer none) (nullable): the latest result of that test shown by the page (live
 *   or finished or loaded): an #SsdbRecoveryResult, #SsdbCompressionResult, #SsdbTrimResult,
 *   #SsdbFreespaceResult, #SsdbConsistencyResult or #SsdbReadbackResult as @view says.
 */
gconstpointer
ssdb_behaviour_page_get_result (SsdbBehaviourPage *self, SsdbTestKind view);

/**
 * ssdb_behaviour_page_show_result:
 * @view: a behaviour view
 * @result: (nullable): a result of the type @view names (from a loaded report); copied;
 *   %NULL clears that test's result
 * @title: (nullable): the target's title for the chart
 *
 * Shows @result as the page would after a live run, drawn by the same painter, and selects
 * @view when @result is not %NULL.
 *
 * Returns: %TRUE, or %FALSE (nothing changed) while a run is in progress.
 */
gboolean
ssdb_behaviour_page_show_result (SsdbBehaviourPage *self, SsdbTestKind view, gconstpointer result,
                                 const char *title);

/** ssdb_behaviour_page_get_chart: Returns: (transfer none): the chart. */
SsdbChartView *
ssdb_behaviour_page_get_chart (SsdbBehaviourPage *self);

/** ssdb_behaviour_page_get_status: Returns: the status line of the selected test. */
const char *
ssdb_behaviour_page_get_status (SsdbBehaviourPage *self);

/**
 * ssdb_behaviour_page_get_words:
 *
 * Returns: the selected test's finding in words, as the engine's analysis gives it ("" before a
 *   result).
 */
const char *
ssdb_behaviour_page_get_words (SsdbBehaviourPage *self);

/**
 * ssdb_behaviour_page_export_png:
 * @path: PNG file
 *
 * Renders the selected test's result with the fixed review style at 1200 × 700 logical pixels,
 * scale 2.
 *
 * Returns: %TRUE, or %FALSE with @error naming @path (also when there is no result).
 */
gboolean
ssdb_behaviour_page_export_png (SsdbBehaviourPage *self, const char *path, GError **error);

G_END_DECLS
