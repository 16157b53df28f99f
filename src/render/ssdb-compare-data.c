/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The comparison's series: for each view, what each report contributes to each panel. */
#include "config.h"

#include "ssdb-compare-data-private.h"

#include "engine/ssdb-units.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

#include "ssdb-copy-painter.h"
#include "ssdb-surface-painter.h"

void
ssdb_compare_data_clear (Data *d)
{
  for (guint c = 0; c < MAX_CATEGORIES; c++)
    g_clear_pointer (&d->categories[c], g_free);
  for (guint p = 0; p < 2; p++)
    g_clear_pointer (&d->owned_titles[p], g_free);
  for (guint p = 0; p < 2; p++)
    for (guint i = 0; i < SSDB_COMPARE_MAX_REPORTS; i++)
      g_clear_pointer (&d->panels[p].series[i], g_array_unref);
}

static GArray *
points_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (Point));
}

static void
points_add (GArray *a, double x, double y)
{
  Point p = { x, y };

  if (isfinite (x) && isfinite (y) && y >= 0)
    g_array_append_val (a, p);
}

static gboolean
same_spans (const SsdbCompareView *view)
{
  const SsdbSurfaceResult *first = view->reports[0]->surface;

  for (guint i = 1; i < view->n_reports; i++)
    {
      const SsdbSurfaceResult *r = view->reports[i]->surface;

      if (r->spec.span_offset != first->spec.span_offset
          || r->spec.span_length != first->spec.span_length)
        return FALSE;
    }
  return TRUE;
}

/* The index of @data in @levels, or @n when it is not there. */
static guint
compression_level (const SsdbDataPattern *levels, guint n, const SsdbDataPattern *data)
{
  for (guint c = 0; c < n; c++)
    if (levels[c].kind == data->kind
        && (data->kind != SSDB_DATA_COMPRESSIBLE
            || levels[c].compressible_percent == data->compressible_percent))
      return c;
  return n;
}

/* Where a level sits on the compressibility axis: random data, then by percent, zeros last. */
static guint
compression_level_rank (const SsdbDataPattern *data)
{
  return data->kind == SSDB_DATA_RANDOM ? 0
         : data->kind == SSDB_DATA_ZERO ? 1000
                                        : 1 + data->compressible_percent;
}

/* Puts the first @n @levels and their @labels in order of rising compressibility: reports of
 * different steps (25 % and AS SSD's 10 %) interleave their levels on one axis. */
static void
compression_levels_sort (SsdbDataPattern *levels, char **labels, guint n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i;
         j > 0 && compression_level_rank (&levels[j - 1]) > compression_level_rank (&levels[j]);
         j--)
      {
        SsdbDataPattern t = levels[j];
        char *label = labels[j];

        levels[j] = levels[j - 1];
        labels[j] = labels[j - 1];
        levels[j - 1] = t;
        labels[j - 1] = label;
      }
}

/* "Random", "50 %", "Zeros": a group's label. */
static char *
compression_level_label (const SsdbDataPattern *data)
{
  switch (data->kind)
    {
      case SSDB_DATA_RANDOM:
        return g_strdup (_ ("Random"));
      case SSDB_DATA_ZERO:
        return g_strdup (_ ("Zeros"));
      case SSDB_DATA_COMPRESSIBLE:
      default:
        return g_strdup_printf ("%u %%", data->compressible_percent);
    }
}

/* "4K", "64K", "1M", "512B": a size as test names write it. */
static char *
short_size (guint bytes)
{
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
    return g_strdup_printf ("%uM", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0)
    return g_strdup_printf ("%uK", bytes >> 10);
  return g_strdup_printf ("%uB", bytes);
}

/* A row's category: its size, or "Random" for the mix; "Random 4K–64K" when the reports mix
 * different sizes, so that only like mixes share a group. */
static char *
randomaccess_category (const SsdbCompareView *view, guint report, const SsdbRandomAccessRow *row)
{
  const SsdbRandomAccessSpec *spec = &view->reports[report]->randomaccess->spec;
  g_autofree char *lo = NULL, *hi = NULL;

  if (!row->mixed)
    return ssdb_format_transfer_size (row->size);
  for (guint i = 0; i < MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS); i++)
    {
      const SsdbRandomAccessSpec *o = &view->reports[i]->randomaccess->spec;

      if (o->n_sizes != spec->n_sizes
          || memcmp (o->sizes, spec->sizes,
                     MIN (spec->n_sizes, SSDB_RANDOM_ACCESS_MAX_SIZES) * sizeof spec->sizes[0])
                 != 0)
        {
          lo = short_size (spec->n_sizes > 0 ? spec->sizes[0] : row->size);
          hi = short_size (row->size);
          return g_strdup_printf (_ ("Random %s–%s"), lo, hi);
        }
    }
  return g_strdup (_ ("Random"));
}

/* Random access: a group of bars per transfer size (and the mix), the mean access time of each
 * report's row (HD Tune's "avg. access time"), reads in the first panel and writes in the
 * second when a report measured them. */
static void
build_randomaccess (Data *d, const SsdbCompareView *view)
{
  guint n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);
  gboolean writes = FALSE;

  d->panels[0].title = _ ("Read: mean access time");
  d->panels[1].title = _ ("Write: mean access time");
  d->xkind = XAXIS_CATEGORY;
  d->x_unit = _ ("Transfer size");
  d->y_latency = TRUE;
  for (guint i = 0; i < n; i++)
    {
      const SsdbRandomAccessResult *r = view->reports[i]->randomaccess;

      for (guint k = 0; r->rows != NULL && k < r->rows->len; k++)
        {
          const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, k);
          g_autofree char *label = randomaccess_category (view, i, row);
          guint c;

          writes |= row->rw == SSDB_RW_WRITE;
          for (c = 0; c < d->n_categories && !g_str_equal (d->categories[c], label); c++)
            ;
          if (c == d->n_categories && c < MAX_CATEGORIES)
            d->categories[d->n_categories++] = g_steal_pointer (&label);
        }
    }
  d->n_panels = writes ? 2 : 1;
  for (guint i = 0; i < n; i++)
    {
      const SsdbRandomAccessResult *r = view->reports[i]->randomaccess;

      for (guint p = 0; p < d->n_panels; p++)
        d->panels[p].series[i] = points_new ();
      for (guint k = 0; r->rows != NULL && k < r->rows->len; k++)
        {
          const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, k);
          g_autofree char *label = randomaccess_category (view, i, row);
          guint p = row->rw == SSDB_RW_WRITE ? 1 : 0;

          if (row->ios == 0 || !isfinite (row->mean_ns) || p >= d->n_panels)
            continue;
          for (guint c = 0; c < d->n_categories; c++)
            if (g_str_equal (d->categories[c], label))
              points_add (d->panels[p].series[i], c, row->mean_ns);
        }
    }
  d->x_lo = -0.5;
  d->x_hi = MAX (d->n_categories, 1) - 0.5;
}

/* AS SSD: a group of bars per test (Seq, 4K, 4K-64Thrd), each report's MB/s, reads in the first
 * panel and writes in the second when a report measured them. The access times are left out:
 * they are not a rate, and the random-access comparison draws access times. */
static void
build_asssd (Data *d, const SsdbCompareView *view)
{
  guint n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);
  gboolean writes = FALSE;

  d->panels[0].title = _ ("Read");
  d->panels[1].title = _ ("Write");
  d->xkind = XAXIS_CATEGORY;
  /* Translators: the axis title under the AS SSD tests (Seq, 4K, 4K-64Thrd) in a comparison */
  d->x_unit = _ ("Test");
  for (guint t = 0; t < SSDB_ASSSD_ACCESS; t++)
    d->categories[d->n_categories++] = g_strdup (ssdb_asssd_test_name ((SsdbAsssdTest)t));
  for (guint i = 0; i < n; i++)
    writes |= view->reports[i]->asssd->spec.do_write;
  d->n_panels = writes ? 2 : 1;
  /* AS SSD shows MB/s: its 4K results (tens of MB/s) would read "0.02" under GB/s */
  d->y_mbps = TRUE;
  for (guint i = 0; i < n; i++)
    {
      const SsdbAsssdResult *r = view->reports[i]->asssd;

      for (guint p = 0; p < d->n_panels; p++)
        d->panels[p].series[i] = points_new ();
      d->panels[1].not_run[i] = writes && !r->spec.do_write;
      for (guint t = 0; t < SSDB_ASSSD_ACCESS; t++)
        for (guint p = 0; p < d->n_panels; p++)
          {
            const SsdbAsssdEntry *e = &r->entries[ssdb_asssd_index (
                (SsdbAsssdTest)t, p ? SSDB_RW_WRITE : SSDB_RW_READ)];

            if (e->ios > 0 && isfinite (e->bytes_per_second))
              points_add (d->panels[p].series[i], t, e->bytes_per_second);
          }
    }
  d->x_lo = -0.5;
  d->x_hi = SSDB_ASSSD_ACCESS - 0.5;
}

/* The copy test: a group per file set (ISO, Program, Game), a bar per report, whatever each
 * report's scale and method: the legend names them when the reports differ
 * (ssdb_compare_view_dup_label()). */
static void
build_copy (Data *d, const SsdbCompareView *view)
{
  guint n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);

  /* Translators: the panel of the copy benchmark's MB/s in a comparison */
  d->panels[0].title = _ ("Copy rate");
  d->xkind = XAXIS_CATEGORY;
  /* Translators: the axis title under AS SSD's file sets (ISO, Program, Game) */
  d->x_unit = _ ("File set");
  for (guint i = 0; i < n; i++)
    {
      const SsdbCopyResult *r = view->reports[i]->copy;

      d->panels[0].series[i] = points_new ();
      for (guint k = 0; k < r->n_rows; k++)
        {
          const SsdbCopyRow *row = &r->rows[k];
          const char *label = ssdb_copy_set_chart_name (row->set);
          guint c;

          for (c = 0; c < d->n_categories && !g_str_equal (d->categories[c], label); c++)
            ;
          if (c == d->n_categories && c < MAX_CATEGORIES)
            d->categories[d->n_categories++] = g_strdup (label);
          if (c < d->n_categories && row->state == SSDB_ENTRY_DONE)
            points_add (d->panels[0].series[i], c, row->bytes_per_second);
        }
    }
  d->x_lo = -0.5;
  d->x_hi = MAX (d->n_categories, 1) - 0.5;
}

void
ssdb_compare_data_build (Data *d, const SsdbCompareView *view)
{
  guint n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);

  memset (d, 0, sizeof *d);
  d->n_panels = 1;
  d->xkind = XAXIS_LINEAR;
  d->x_divisor = 1;
  if (n == 0)
    return;

  switch (view->view)
    {
      case SSDB_TEST_KIND_SURFACE:
        {
          gboolean gb = same_spans (view);
          gboolean any_write = FALSE;

          d->panels[0].title = _ ("Read");
          d->panels[1].title = _ ("Write");
          d->x_divisor = gb ? 1e9 : 1;
          d->x_unit = gb ? "GB" : "%";
          if (gb)
            {
              const SsdbSurfaceResult *r = view->reports[0]->surface;

              d->x_lo = (double)r->spec.span_offset;
              d->x_hi = (double)r->spec.span_offset + (double)r->spec.span_length;
            }
          else
            {
              d->x_lo = 0;
              d->x_hi = 100;
            }
          for (guint i = 0; i < n; i++)
            {
              const SsdbSurfaceResult *r = view->reports[i]->surface;
              GArray *curves[2] = { r->read, r->write };

              for (guint c = 0; c < 2; c++)
                {
                  d->panels[c].series[i] = points_new ();
                  for (guint k = 0; curves[c] != NULL && k < curves[c]->len; k++)
                    {
                      const SsdbSurfaceSample *s = &g_array_index (curves[c], SsdbSurfaceSample, k);
                      double pos = ssdb_surface_sample_position (r, s);

                      if (!gb)
                        pos = r->spec.span_length > 0 ? (pos - (double)r->spec.span_offset) * 100.0
                                                            / (double)r->spec.span_length
                                                      : 0;
                      points_add (d->panels[c].series[i], pos, s->bytes_per_second);
                    }
                }
              if (r->write != NULL && r->write->len > 0)
                any_write = TRUE;
            }
          d->n_panels = any_write ? 2 : 1;
          break;
        }
      case SSDB_TEST_KIND_FILL:
        {
          gboolean any_read = FALSE;

          /* Every write pass, one after the other over the bytes written (as the fill chart
           * draws them); the read-back by position in its own panel. */
          d->panels[0].title = _ ("Write passes");
          d->panels[1].title = _ ("Read-back");
          d->x_divisor = 1e9;
          d->x_unit = "GB";
          d->x_lo = 0;
          for (guint i = 0; i < n; i++)
            {
              const SsdbFillResult *r = view->reports[i]->fill;
              guint64 written = 0;

              d->panels[0].series[i] = points_new ();
              d->panels[1].series[i] = points_new ();
              for (guint p = 0; p < r->passes->len; p++)
                {
                  const SsdbFillPass *pass = g_ptr_array_index (r->passes, p);
                  gboolean write = pass->rw == SSDB_RW_WRITE;
                  GArray *out = d->panels[write ? 0 : 1].series[i];
                  guint64 base = write ? written : 0, end = 0;

                  for (guint k = 0; pass->segments != NULL && k < pass->segments->len; k++)
                    {
                      const SsdbFillPoint *pt = &g_array_index (pass->segments, SsdbFillPoint, k);
                      guint64 start = k > 0 ? g_array_index (pass->segments, SsdbFillPoint, k - 1)
                                                  .position_bytes
                                            : 0;

                      /* Each segment as a step, as the fill chart draws it. */
                      points_add (out, (double)(base + start), pt->bytes_per_second);
                      points_add (out, (double)(base + pt->position_bytes), pt->bytes_per_second);
                      end = pt->position_bytes;
                    }
                  if (write)
                    written += end;
                  else
                    any_read = any_read || end > 0;
                  d->x_hi = MAX (d->x_hi, (double)(base + end));
                }
              d->x_hi = MAX (d->x_hi, (double)r->spec.span_length);
            }
          d->n_panels = any_read ? 2 : 1;
          if (d->x_hi <= 0)
            d->x_hi = 1e9;
          break;
        }
      case SSDB_TEST_KIND_RECOVERY:
        {
          /* The fast-write capacity each write found, in % of the first write's, against the
           * idle time before it. */
          d->panels[0].title = _ ("Fast-write capacity restored after each pause");
          d->x_unit = _ ("Idle time (s)");
          d->y_percent = TRUE;
          d->x_lo = 0;
          for (guint i = 0; i < n; i++)
            {
              const SsdbRecoveryResult *r = view->reports[i]->recovery;

              d->panels[0].series[i] = points_new ();
              for (guint k = 0; r->writes != NULL && k < r->writes->len; k++)
                {
                  const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, k);

                  d->x_hi = MAX (d->x_hi, (double)w->pause_ns / 1e9);
                  points_add (d->panels[0].series[i], (double)w->pause_ns / 1e9,
                              w->restored_percent);
                }
            }
          d->x_hi = d->x_hi > 0 ? d->x_hi * 1.04 : 1;
          break;
        }
      case SSDB_TEST_KIND_FREESPACE:
        {
          const SsdbFreespaceStep *step0 = NULL;

          /* The tests of the first step that measured any (in report order). */
          for (guint i = 0; i < n && step0 == NULL; i++)
            {
              const SsdbFreespaceResult *r = view->reports[i]->freespace;

              for (guint k = 0; r->steps != NULL && k < r->steps->len && step0 == NULL; k++)
                {
                  const SsdbFreespaceStep *st = &g_array_index (r->steps, SsdbFreespaceStep, k);

                  if (st->rates != NULL && st->rates->len > 0)
                    step0 = st;
                }
            }
          /* Its first two tests, each in a panel, by how full the span was. */
          d->n_panels = step0 != NULL ? MIN (step0->rates->len, 2) : 1;
          /* xgettext:no-c-format */
          d->x_unit = _ ("% full");
          d->x_lo = 0;
          d->x_hi = 100;
          for (guint p = 0; p < d->n_panels; p++)
            {
              const SsdbTestRate *t = step0 != NULL && step0->rates != NULL
                                          ? &g_array_index (step0->rates, SsdbTestRate, p)
                                          : NULL;

              d->owned_titles[p]
                  = t != NULL ? g_strdup_printf ("%s %s", t->name, ssdb_rw_to_string (t->rw))
                              : g_strdup (_ ("No test measured"));
              d->panels[p].title = d->owned_titles[p];
              for (guint i = 0; i < n; i++)
                {
                  const SsdbFreespaceResult *r = view->reports[i]->freespace;

                  d->panels[p].series[i] = points_new ();
                  for (guint k = 0; t != NULL && r->steps != NULL && k < r->steps->len; k++)
                    {
                      const SsdbFreespaceStep *st = &g_array_index (r->steps, SsdbFreespaceStep, k);

                      for (guint q = 0; st->rates != NULL && q < st->rates->len; q++)
                        {
                          const SsdbTestRate *rate = &g_array_index (st->rates, SsdbTestRate, q);

                          if (rate->rw == t->rw && g_str_equal (rate->name, t->name)
                              && rate->bytes_per_second > 0)
                            points_add (d->panels[p].series[i], st->used_percent,
                                        rate->bytes_per_second);
                        }
                    }
                }
            }
          break;
        }
      case SSDB_TEST_KIND_TRIM:
        {
          /* A group of bars per test, before and after the rounds. */
          d->n_panels = 2;
          d->panels[0].title = _ ("Before the rounds");
          d->panels[1].title = _ ("After the rounds");
          d->xkind = XAXIS_CATEGORY;
          d->x_unit = _ ("Summary test");
          for (guint i = 0; i < n; i++)
            {
              const SsdbTrimResult *r = view->reports[i]->trim;

              for (guint k = 0; r->tests != NULL && k < r->tests->len; k++)
                {
                  const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, k);
                  g_autofree char *label
                      = g_strdup_printf ("%s %s", t->name, ssdb_rw_to_string (t->rw));
                  guint c;

                  for (c = 0; c < d->n_categories && !g_str_equal (d->categories[c], label); c++)
                    ;
                  if (c == d->n_categories && c < MAX_CATEGORIES)
                    d->categories[d->n_categories++] = g_steal_pointer (&label);
                }
            }
          for (guint i = 0; i < n; i++)
            {
              const SsdbTrimResult *r = view->reports[i]->trim;

              d->panels[0].series[i] = points_new ();
              d->panels[1].series[i] = points_new ();
              for (guint k = 0; r->tests != NULL && k < r->tests->len; k++)
                {
                  const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, k);
                  g_autofree char *label
                      = g_strdup_printf ("%s %s", t->name, ssdb_rw_to_string (t->rw));

                  for (guint c = 0; c < d->n_categories; c++)
                    if (g_str_equal (d->categories[c], label))
                      {
                        points_add (d->panels[0].series[i], c, t->before_bytes_per_second);
                        points_add (d->panels[1].series[i], c, t->after_bytes_per_second);
                      }
                }
            }
          d->x_lo = -0.5;
          d->x_hi = MAX (d->n_categories, 1) - 0.5;
          break;
        }
      case SSDB_TEST_KIND_READBACK:
        {
          /* The two sequential reads of what was written: right after, then again. */
          d->panels[0].title = _ ("Sequential read of the data written");
          d->xkind = XAXIS_CATEGORY;
          d->x_unit = _ ("Data read");
          d->n_categories = 2;
          d->categories[0] = g_strdup (_ ("Data of pass 1 (empty drive)"));
          d->categories[1] = g_strdup (_ ("Data of pass 2 (rewritten)"));
          for (guint i = 0; i < n; i++)
            {
              const SsdbReadbackResult *r = view->reports[i]->readback;

              d->panels[0].series[i] = points_new ();
              if (r->first_read_bytes_per_second > 0)
                points_add (d->panels[0].series[i], 0, r->first_read_bytes_per_second);
              if (r->second_read_bytes_per_second > 0)
                points_add (d->panels[0].series[i], 1, r->second_read_bytes_per_second);
            }
          d->x_lo = -0.5;
          d->x_hi = 1.5;
          break;
        }
      case SSDB_TEST_KIND_RANDOMACCESS:
        build_randomaccess (d, view);
        break;
      case SSDB_TEST_KIND_ASSSD:
        build_asssd (d, view);
        break;
      case SSDB_TEST_KIND_COPY:
        build_copy (d, view);
        break;
      case SSDB_TEST_KIND_SWEEP:
        {
          d->n_panels = 2;
          d->panels[0].title = _ ("Read");
          d->panels[1].title = _ ("Write");
          d->xkind = XAXIS_LOG2;
          d->x_sizes = TRUE;
          d->x_lo = G_MAXDOUBLE;
          d->x_hi = 0;
          for (guint i = 0; i < n; i++)
            {
              const SsdbSweepResult *r = view->reports[i]->sweep;
              GArray *curves[2] = { r->read, r->write };

              for (guint c = 0; c < 2; c++)
                {
                  d->panels[c].series[i] = points_new ();
                  for (guint k = 0; curves[c] != NULL && k < curves[c]->len; k++)
                    {
                      const SsdbSweepPoint *p = &g_array_index (curves[c], SsdbSweepPoint, k);

                      if (p->size == 0)
                        continue;
                      points_add (d->panels[c].series[i], log2 (p->size), p->bytes_per_second);
                    }
                }
              for (guint k = 0; k < r->n_sizes; k++)
                if (r->sizes[k] > 0)
                  {
                    d->x_lo = MIN (d->x_lo, log2 (r->sizes[k]));
                    d->x_hi = MAX (d->x_hi, log2 (r->sizes[k]));
                  }
            }
          break;
        }
      case SSDB_TEST_KIND_ACCESS:
        {
          d->n_panels = 2;
          d->panels[0].title = _ ("Mean access time");
          d->panels[1].title = _ ("99th percentile access time");
          d->xkind = XAXIS_LOG2;
          d->y_latency = TRUE;
          d->x_lo = G_MAXDOUBLE;
          d->x_hi = 0;
          d->x_threads = view->reports[0]->access->spec.mode == SSDB_ACCESS_MODE_THREADS;
          for (guint i = 0; i < n; i++)
            {
              const SsdbAccessResult *r = view->reports[i]->access;

              d->panels[0].series[i] = points_new ();
              d->panels[1].series[i] = points_new ();
              for (guint k = 0; k < r->steps->len; k++)
                {
                  const SsdbAccessStep *st = &g_array_index (r->steps, SsdbAccessStep, k);
                  double x;

                  if (st->depth == 0)
                    continue;
                  x = log2 (st->depth);
                  d->x_lo = MIN (d->x_lo, x);
                  d->x_hi = MAX (d->x_hi, x);
                  if (st->state != SSDB_ENTRY_DONE && st->state != SSDB_ENTRY_CANCELLED)
                    continue;
                  if (st->io.ios == 0)
                    continue;
                  points_add (d->panels[0].series[i], x, st->mean_ns);
                  points_add (d->panels[1].series[i], x, (double)st->p99_ns);
                }
            }
          break;
        }
      case SSDB_TEST_KIND_CONSISTENCY:
        {
          d->panels[0].title = _ ("IOPS per round");
          d->x_unit = _ ("Time (s)");
          d->y_iops = TRUE;
          d->x_lo = 0;
          for (guint i = 0; i < n; i++)
            {
              const SsdbConsistencyResult *r = view->reports[i]->consistency;

              d->x_hi = MAX (d->x_hi, (double)r->spec.duration_ns / 1e9);
              d->panels[0].series[i] = points_new ();
              for (guint k = 0; r->rounds != NULL && k < r->rounds->len; k++)
                {
                  const SsdbConsistencyRound *rd
                      = &g_array_index (r->rounds, SsdbConsistencyRound, k);

                  d->x_hi = MAX (d->x_hi, (double)rd->elapsed_ns / 1e9);
                  points_add (d->panels[0].series[i], (double)rd->elapsed_ns / 1e9, rd->iops);
                }
            }
          /* Room for the last round's marker, as the consistency chart leaves. */
          d->x_hi = d->x_hi > 0 ? d->x_hi * 1.02 : 1;
          break;
        }
      case SSDB_TEST_KIND_COMPRESSION:
        {
          SsdbDataPattern levels[MAX_CATEGORIES];

          d->n_panels = 2;
          d->panels[0].title = _ ("Write");
          d->panels[1].title = _ ("Read");
          d->xkind = XAXIS_CATEGORY;
          d->x_unit = _ ("Data compressibility");
          /* The groups: the data levels of every report, in order of compressibility. */
          for (guint i = 0; i < n; i++)
            {
              const SsdbCompressionResult *r = view->reports[i]->compression;

              for (guint k = 0; r->points != NULL && k < r->points->len; k++)
                {
                  const SsdbCompressionPoint *pt
                      = &g_array_index (r->points, SsdbCompressionPoint, k);
                  guint c = compression_level (levels, d->n_categories, &pt->data);

                  if (c == d->n_categories && c < MAX_CATEGORIES)
                    {
                      levels[c] = pt->data;
                      d->categories[c] = compression_level_label (&pt->data);
                      d->n_categories++;
                    }
                }
            }
          compression_levels_sort (levels, d->categories, d->n_categories);
          /* Finer steps (AS SSD's 10 %, or reports of different steps together) make more
           * groups than "Random" and "50 %" leave room for: the percent alone, its unit in
           * the axis' title. */
          if (d->n_categories > 8)
            {
              for (guint c = 0; c < d->n_categories; c++)
                if (levels[c].kind != SSDB_DATA_ZERO)
                  {
                    g_free (d->categories[c]);
                    d->categories[c]
                        = g_strdup_printf ("%u", levels[c].kind == SSDB_DATA_COMPRESSIBLE
                                                     ? levels[c].compressible_percent
                                                     : 0);
                  }
              /* Translators: the compression comparison's axis title when its groups are
               * bare percentages (10 % steps) */
              d->x_unit = _ ("Data compressibility, %");
            }
          for (guint i = 0; i < n; i++)
            {
              const SsdbCompressionResult *r = view->reports[i]->compression;

              d->panels[0].series[i] = points_new ();
              d->panels[1].series[i] = points_new ();
              for (guint k = 0; r->points != NULL && k < r->points->len; k++)
                {
                  const SsdbCompressionPoint *pt
                      = &g_array_index (r->points, SsdbCompressionPoint, k);
                  guint c = compression_level (levels, d->n_categories, &pt->data);

                  if (c == d->n_categories)
                    continue;
                  points_add (d->panels[0].series[i], c, pt->write_bytes_per_second);
                  points_add (d->panels[1].series[i], c, pt->read_bytes_per_second);
                }
            }
          d->x_lo = -0.5;
          d->x_hi = MAX (d->n_categories, 1) - 0.5;
          break;
        }
      case SSDB_TEST_KIND_SUMMARY:
      case SSDB_TEST_KIND_WORKLOAD:
      default:
        break;
    }
  if (d->xkind == XAXIS_LOG2)
    {
      if (d->x_hi < d->x_lo)
        {
          d->x_lo = 0;
          d->x_hi = 5;
        }
      /* Room for the first and last tick labels and markers. */
      d->x_lo -= 0.3;
      d->x_hi += 0.3;
    }
}
