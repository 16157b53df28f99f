/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the comparison painter draws for a view other than the summary: panels of one series of
 * points per report, built from the reports (ssdb-compare-data.c). Private to src/render. */

#include "ssdb-compare-painter.h"

G_BEGIN_DECLS

typedef enum
{
  XAXIS_LINEAR,   /* value axis: GB or % */
  XAXIS_LOG2,     /* sizes or depths: one tick per power of two present */
  XAXIS_CATEGORY, /* groups of bars at 0, 1, 2, ..., one label each */
} XAxisKind;

/* The most groups of bars (compression: the data levels of every report, at most random data,
 * 5 to 100 % in steps of 5 % and zeros; TRIM: the tests of a summary). */
#define MAX_CATEGORIES 24

typedef struct
{
  double x, y;
} Point;

typedef struct
{
  const char *title;
  GArray *series[SSDB_COMPARE_MAX_REPORTS]; /* of Point; NULL: not in this panel */
  gboolean not_run[SSDB_COMPARE_MAX_REPORTS]; /* CATEGORY: the report did not measure this
                                               * panel; its slots say "not run" */
} Panel;

typedef struct
{
  guint n_panels;
  Panel panels[2];
  XAxisKind xkind;
  double x_divisor;
  const char *x_unit;
  gboolean x_sizes; /* LOG2: label ticks as transfer sizes, else "QDn" / "Tn" */
  gboolean x_threads;
  double x_lo, x_hi;
  gboolean y_latency;    /* y in ms from ns, else a rate */
  gboolean y_iops;       /* y in IOPS */
  gboolean y_percent;    /* y in % (0 ..) */
  gboolean y_mbps;       /* a rate always in MB/s with two decimals (AS SSD's unit) */
  char *owned_titles[2]; /* panel titles made for these reports (test names) */
  guint n_categories;    /* XAXIS_CATEGORY: the groups' labels */
  char *categories[MAX_CATEGORIES];
} Data;

/* Fills @d from @view's reports; free with ssdb_compare_data_clear(). */
void
ssdb_compare_data_build (Data *d, const SsdbCompareView *view);

void
ssdb_compare_data_clear (Data *d);

G_END_DECLS
