/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SSD Behaviour page's state, shared by its files: ssdb-behaviour-page.c (the page: its
 * controls, settings, API and construction), ssdb-behaviour-results.c (the results of the six
 * tests: copies, words, subtitles and drawing) and ssdb-behaviour-run.c (the worker that runs a
 * test, and its phase in words for the status line). */
#pragma once

#include "ssdb-behaviour-page.h"

#include "engine/ssdb-compression.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-trim.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-behaviour-painter.h"
#include "render/ssdb-consistency-painter.h"
#include "ssdb-gui-util.h"
#include "ssdb-page-parts.h"

G_BEGIN_DECLS

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define NS_S G_GUINT64_CONSTANT (1000000000)
#define FIRST_VIEW SSDB_TEST_KIND_RECOVERY
#define N_TESTS (SSDB_TEST_KIND_READBACK - SSDB_TEST_KIND_RECOVERY + 1)
#define MAX_SUMMARY_TESTS 8

/* The choices of the page's drop-downs (a report's other values are an extra entry). */
/* Transfer sizes of the compression test. */
static const guint block_sizes[]
    = { 128 * 1024, 256 * 1024, 512 * 1024, 1 << 20, 2 << 20, 4 << 20 };
#define DEFAULT_BLOCK_INDEX 3

/* Steps of the compression test the page offers: today's 25 % and AS SSD's 10 %. */
static const guint compression_steps[]
    = { SSDB_COMPRESSION_DEFAULT_STEP, SSDB_COMPRESSION_AS_SSD_STEP };

/* Data of the steady-state test. */
static const SsdbDataPattern data_patterns[] = {
  { SSDB_DATA_RANDOM, 0 },        { SSDB_DATA_COMPRESSIBLE, 25 }, { SSDB_DATA_COMPRESSIBLE, 50 },
  { SSDB_DATA_COMPRESSIBLE, 75 }, { SSDB_DATA_ZERO, 0 },
};

/* A data pattern that is none of data_patterns[], as the extra entry's value. */
#define DATA_EXTRA_VALUE(p) (((guint64)(p).kind << 8) | (p).compressible_percent)
#define DATA_EXTRA_KIND(v) ((SsdbDataKind)((v) >> 8))
#define DATA_EXTRA_PERCENT(v) ((guint)((v)&0xff))

/* What a control held before a loaded report's settings were shown in it. */
typedef struct
{
  GtkWidget *control;
  double value;  /* spin button */
  guint digits;  /* spin button */
  guint index;   /* drop-down, switch, check button */
  guint n_items; /* drop-down: its choices; spin button: its width in characters + 1 */
  char *text;    /* entry */
} UserValue;

/* The run's result: which test, and its result. */
typedef struct
{
  SsdbTestKind view;
  gpointer result;
} Tagged;

typedef enum
{
  PHASE_NONE,
  PHASE_PREPARE,
  PHASE_WRITE,
  PHASE_READ,
  PHASE_PAUSE,
  PHASE_SUMMARY_BEFORE,
  PHASE_FILL,
  PHASE_DELETE,
  PHASE_SUMMARY_AFTER,
  PHASE_SUMMARY,
} Phase;

/* Written by the worker, read by the main thread, under @lock; shared by reference. */
typedef struct
{
  GMutex lock;
  Phase phase;
  guint index;                  /* write, level, round, step or pass (0-based) */
  guint pass;                   /* the compression test's pass (1-based) */
  double rate;                  /* B/s, or IOPS for the steady-state test */
  gint64 pause_end_us;          /* monotonic time the pause ends */
  SsdbBehaviourRunning running; /* the summary test of TRIM or Free Space */
} Live;

typedef struct
{
  SsdbTestKind view;
  gpointer result;
  Live *live;
} Work;

/* The summary tests of TRIM or Free Space, in a popover of a menu button. */
typedef struct
{
  GtkMenuButton *button;
  GtkCheckButton *checks[MAX_SUMMARY_TESTS];
  guint n_tests;
  GtkSpinButton *size_mib;
  GtkSpinButton *seconds;
} SummaryControls;

static inline guint
test_index (SsdbTestKind view)
{
  return (guint)(view - FIRST_VIEW);
}

struct _SsdbBehaviourPage
{
  GtkBox parent_instance;

  SsdbPageParts parts;
  GtkDropDown *test_dropdown;
  GPtrArray *test_rows[N_TESTS]; /* the flow box children of each test's settings */
  GtkLabel *words;

  /* Idle Recovery */
  GtkSpinButton *recovery_write_gb;
  GtkEntry *recovery_pauses;
  GtkSwitch *recovery_next_span;
  /* Compressibility */
  GtkSpinButton *compression_span_mib;
  GtkDropDown *compression_block;
  GtkSwitch *compression_zero;
  GtkDropDown *compression_step;
  GtkSpinButton *compression_passes;
  /* TRIM */
  GtkSpinButton *trim_rounds;
  GtkSwitch *trim_discard;
  GtkSwitch *trim_stress;
  SummaryControls trim_tests;
  /* Free Space */
  GtkSpinButton *freespace_step;
  GtkSwitch *freespace_stress;
  SummaryControls freespace_tests;
  /* Steady State */
  GtkSpinButton *consistency_minutes;
  GtkSpinButton *consistency_round_s;
  GtkSpinButton *consistency_precondition;
  GtkDropDown *consistency_data;
  /* Read After Write */
  GtkSpinButton *readback_span_gb;

  GPtrArray *controls; /* every setting control, in the order they were made */
  GArray *user_values; /* (nullable) the user's own values while a report's are shown */

  SsdbTestKind selected;
  SsdbTestKind running_view;
  gpointer results[N_TESTS];
  char *titles[N_TESTS];
  char *status[N_TESTS];
  char *title;
  guint64 device_bytes;
  gboolean test_file; /* the target is a folder for a test file of the "size-mib" setting */
  GSettings *settings;

  SsdbPageRun *run;
  Live *live;
  gint64 started_us;
};

/* ssdb-behaviour-page.c */
gconstpointer
_ssdb_behaviour_shown_result (SsdbBehaviourPage *self, SsdbTestKind view);

/* ssdb-behaviour-results.c */
const char *
_ssdb_behaviour_result_words (SsdbTestKind view, gconstpointer result);
void
_ssdb_behaviour_result_set_cancelled (SsdbTestKind view, gpointer result);
gpointer
_ssdb_behaviour_tagged_dup (gconstpointer data);
void
_ssdb_behaviour_tagged_free (gpointer data);
char *
_ssdb_behaviour_format_mbps (double bytes_per_second);
char *
_ssdb_behaviour_format_duration (guint64 ns);
char *
_ssdb_behaviour_format_estimate (guint64 ns);
char *
_ssdb_behaviour_format_pauses (const SsdbRecoverySpec *spec);
char *
_ssdb_behaviour_format_pattern (const SsdbDataPattern *p);
char *
_ssdb_behaviour_format_tests (SsdbProfile profile, guint mask);
void
_ssdb_behaviour_draw_result (SsdbTestKind view, gconstpointer result, const char *title,
                             const char *caption, gboolean running, gboolean with_words,
                             const SsdbStyle *style, cairo_t *cr, int width, int height);

/* ssdb-behaviour-controls.c: the number controls */
/* Nanoseconds of a duration spin button in @unit_s seconds, as it shows them (to the ms). */
guint64
_ssdb_behaviour_spin_ns (GtkSpinButton *spin, double unit_s);
/* Bytes of a GB spin button, a whole number of @align (at least one when it is not 0). */
guint64
_ssdb_behaviour_spin_gb_bytes (GtkSpinButton *spin, guint64 align);
/* A numeric spin button of that range, step, digits and value. */
GtkSpinButton *
_ssdb_behaviour_spin_new (double min, double max, double step, guint digits, double value);
/* The template's @spin given that range, step, digits and value. */
void
_ssdb_behaviour_spin_setup (GtkSpinButton *spin, double min, double max, double step, guint digits,
                            double value);
/* A GB spin button that holds whole @align units and shows "whole" at 0. */
void
_ssdb_behaviour_whole_spin_setup (GtkSpinButton *spin, double max, guint64 align);

/* ssdb-behaviour-controls.c: a loaded result's settings in the controls */
/* The controls of @view show the settings of @result (a loaded result of @view); the user's own
 * values are kept first, once, until _ssdb_behaviour_restore_user_values(). */
void
_ssdb_behaviour_show_settings (SsdbBehaviourPage *self, SsdbTestKind view, gconstpointer result);
/* The controls hold the user's own values again (those before a report's were shown). */
void
_ssdb_behaviour_restore_user_values (SsdbBehaviourPage *self);
void
_ssdb_behaviour_user_values_free (SsdbBehaviourPage *self);

/* ssdb-behaviour-run.c */
Live *
_ssdb_behaviour_live_new (void);
void
_ssdb_behaviour_live_release (Live *live);
void
_ssdb_behaviour_work_free (gpointer data);
gpointer
_ssdb_behaviour_work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data,
                      GCancellable *cancellable, GError **error);
guint
_ssdb_behaviour_compression_n_levels (const SsdbCompressionSpec *spec);
char *
_ssdb_behaviour_dup_live_status (SsdbBehaviourPage *self);

G_END_DECLS
