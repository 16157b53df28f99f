/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-behaviour-painter.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

/* Colours of the free-space lines after the style's three: Okabe-Ito orange, sky blue,
 * reddish purple, yellow, then the foreground. */
static const SsdbRgba extra_colors[] = {
  { 0.902, 0.624, 0.0, 1 },
  { 0.337, 0.706, 0.914, 1 },
  { 0.8, 0.475, 0.655, 1 },
  { 0.941, 0.894, 0.259, 1 },
};

void
ssdb_behaviour_view_init (SsdbBehaviourView *view, SsdbBehaviourChart chart)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->chart = chart;
}

static double
rate_or_none (double v)
{
  return isfinite (v) && v > 0 ? v : -1;
}

/* The model: groups of two bars, or lines ------------------------------------------------ */

typedef struct
{
  char *label;
  char *sublabel;
  double value[2];
  char *note;
} Group;

typedef struct
{
  char *label;
  SsdbRgba color;
  gboolean dashed;
  GArray *x; /* % used */
  GArray *y; /* B/s, -1 for none */
} Line;

typedef struct
{
  gboolean bars;
  GPtrArray *groups;
  GPtrArray *lines;
  const char *series[2];
  SsdbRgba series_color[2];
  char *words; /* in the chart's language */
  const char *empty;
  double max_rate;
  const char *x_title; /* the lines' axis title, NULL for "Span used" */
  double zero_rate[2]; /* compression lines: zeros' write and read rates, -1 when none */
} Model;

static void
group_free (gpointer data)
{
  Group *g = data;

  g_free (g->label);
  g_free (g->sublabel);
  g_free (g->note);
  g_free (g);
}

static void
line_free (gpointer data)
{
  Line *l = data;

  g_free (l->label);
  g_array_unref (l->x);
  g_array_unref (l->y);
  g_free (l);
}

static Group *
add_group (Model *m, char *label, char *sublabel, double a, double b)
{
  Group *g = g_new0 (Group, 1);

  g->label = label;
  g->sublabel = sublabel;
  g->value[0] = rate_or_none (a);
  g->value[1] = rate_or_none (b);
  m->max_rate = MAX (m->max_rate, MAX (g->value[0], g->value[1]));
  g_ptr_array_add (m->groups, g);
  return g;
}

static char *
level_label (const SsdbDataPattern *data)
{
  switch (data->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup (_ ("Zeros"));
      case SSDB_DATA_COMPRESSIBLE:
        /* Translators: a level of data compressibility, "50 %" */
        return g_strdup_printf (_ ("%u %%"), data->compressible_percent);
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup (_ ("0 %"));
    }
}

static const char *
rw_label (SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_WRITE:
        return _ ("write");
      case SSDB_RW_MIX:
        return _ ("mix");
      case SSDB_RW_READ:
      default:
        return _ ("read");
    }
}

/* A compression test of a step other than the default, as AS SSD draws it: a write line and a
 * read line over the 0-100 % compressibility axis, zeros (off that axis) kept as two rates for
 * the legend. */
/* The engine's words again, in the chart's language (SsdbChartWordsFunc). */
static char *
compression_words (gconstpointer result)
{
  return ssdb_compression_result_dup_words (result);
}

static char *
trim_words (gconstpointer result)
{
  return ssdb_trim_result_dup_words (result);
}

static char *
readback_words (gconstpointer result)
{
  return ssdb_readback_result_dup_words (result);
}

static char *
freespace_words (gconstpointer result)
{
  return ssdb_freespace_result_dup_words (result);
}

static void
compression_lines (Model *m, const SsdbCompressionResult *r, const SsdbStyle *style)
{
  Line *lines[2];

  m->bars = FALSE;
  m->empty = _ ("No data level measured yet");
  m->x_title = _ ("Data compressibility");
  m->zero_rate[0] = m->zero_rate[1] = -1;
  for (guint s = 0; s < 2; s++)
    {
      lines[s] = g_new0 (Line, 1);
      lines[s]->label = g_strdup (s == 0 ? _ ("Write") : _ ("Read"));
      lines[s]->color = s == 0 ? style->accent2 : style->accent;
      lines[s]->dashed = s == 0;
      lines[s]->x = g_array_new (FALSE, FALSE, sizeof (double));
      lines[s]->y = g_array_new (FALSE, FALSE, sizeof (double));
      g_ptr_array_add (m->lines, lines[s]);
    }
  for (guint k = 0; k < r->points->len; k++)
    {
      const SsdbCompressionPoint *q = &g_array_index (r->points, SsdbCompressionPoint, k);
      double y[2]
          = { rate_or_none (q->write_bytes_per_second), rate_or_none (q->read_bytes_per_second) };
      double x = q->data.kind == SSDB_DATA_COMPRESSIBLE ? q->data.compressible_percent : 0;

      /* The rate axis spans the lines: zeros, often far faster, are given as figures. */
      for (guint s = 0; s < 2; s++)
        if (q->data.kind == SSDB_DATA_ZERO)
          m->zero_rate[s] = y[s];
        else
          {
            m->max_rate = MAX (m->max_rate, y[s]);
            g_array_append_val (lines[s]->x, x);
            g_array_append_val (lines[s]->y, y[s]);
          }
    }
  m->words = ssdb_chart_words_in_language (r->words, compression_words, r);
}

static void
model_build (Model *m, const SsdbBehaviourView *view, const SsdbStyle *style)
{
  memset (m, 0, sizeof *m);
  m->groups = g_ptr_array_new_with_free_func (group_free);
  m->lines = g_ptr_array_new_with_free_func (line_free);

  switch (view->chart)
    {
      case SSDB_BEHAVIOUR_COMPRESSION:
        {
          const SsdbCompressionResult *r = view->compression;
          SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
          guint n
              = ssdb_compression_levels (r ? r->spec.step_percent : SSDB_COMPRESSION_DEFAULT_STEP,
                                         r ? r->spec.include_zero : TRUE, levels);

          /* Finer steps than the default: AS SSD's lines over the 0-100 % axis. */
          if (r != NULL && r->spec.step_percent != SSDB_COMPRESSION_DEFAULT_STEP)
            {
              compression_lines (m, r, style);
              break;
            }
          m->bars = TRUE;
          m->series[0] = _ ("Write");
          m->series[1] = _ ("Read");
          m->series_color[0] = style->accent2;
          m->series_color[1] = style->accent;
          m->empty = _ ("No data level measured yet");
          for (guint i = 0; i < n; i++)
            {
              const SsdbCompressionPoint *p = NULL;

              for (guint k = 0; r != NULL && k < r->points->len; k++)
                {
                  const SsdbCompressionPoint *q
                      = &g_array_index (r->points, SsdbCompressionPoint, k);

                  if (q->data.kind == levels[i].kind
                      && q->data.compressible_percent == levels[i].compressible_percent)
                    p = q;
                }
              add_group (m, level_label (&levels[i]),
                         g_strdup (levels[i].kind == SSDB_DATA_ZERO ? "" : _ ("compressible")),
                         p ? p->write_bytes_per_second : -1, p ? p->read_bytes_per_second : -1);
            }
          if (r != NULL)
            m->words = ssdb_chart_words_in_language (r->words, compression_words, r);
          break;
        }
      case SSDB_BEHAVIOUR_TRIM:
        {
          const SsdbTrimResult *r = view->trim;

          m->bars = TRUE;
          m->series[0] = _ ("Before");
          m->series[1] = _ ("After");
          m->series_color[0] = ssdb_chart_mix (&style->accent, &style->background, 0.6);
          m->series_color[1] = style->accent;
          m->empty = _ ("No test measured yet");
          for (guint i = 0; r != NULL && i < r->tests->len; i++)
            {
              const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);
              Group *g = add_group (m, g_strdup (t->name), g_strdup (rw_label (t->rw)),
                                    t->before_bytes_per_second, t->after_bytes_per_second);

              if (isfinite (t->retention_percent) && t->retention_percent > 0)
                g->note = g_strdup_printf ("%.0f %%", t->retention_percent);
            }
          if (r != NULL)
            m->words = ssdb_chart_words_in_language (r->words, trim_words, r);
          break;
        }
      case SSDB_BEHAVIOUR_READBACK:
        {
          const SsdbReadbackResult *r = view->readback;

          m->bars = TRUE;
          m->series[0] = _ ("Write");
          m->series[1] = _ ("Read");
          m->series_color[0] = style->accent2;
          m->series_color[1] = style->accent;
          m->empty = _ ("No pass measured yet");
          for (guint pass = 1; pass <= 2; pass++)
            {
              double rate[2] = { -1, -1 };

              /* The read bar: both reads of the pass's data together. */
              if (r != NULL)
                ssdb_readback_pass_rates (r, pass, &rate[0], &rate[1]);
              add_group (m, g_strdup_printf (_ ("Pass %u"), pass),
                         g_strdup (pass == 1 ? _ ("first write") : _ ("over pass 1")), rate[0],
                         rate[1]);
            }
          if (r != NULL)
            m->words = ssdb_chart_words_in_language (r->words, readback_words, r);
          break;
        }
      case SSDB_BEHAVIOUR_FREESPACE:
      default:
        {
          const SsdbFreespaceResult *r = view->freespace;
          const SsdbFreespaceStep *first;
          const SsdbRgba *base[3] = { &style->accent, &style->accent2, &style->accent3 };
          GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

          m->bars = FALSE;
          m->empty = _ ("No step measured yet");
          if (r == NULL || r->steps->len == 0)
            {
              g_ptr_array_unref (names);
              break;
            }
          first = &g_array_index (r->steps, SsdbFreespaceStep, 0);
          /* One colour per test; reads solid, writes dashed. */
          for (guint j = 0; j < first->rates->len; j++)
            {
              const SsdbTestRate *tr = &g_array_index (first->rates, SsdbTestRate, j);
              Line *line = g_new0 (Line, 1);
              guint c = 0;

              for (; c < names->len; c++)
                if (g_str_equal (g_ptr_array_index (names, c), tr->name))
                  break;
              if (c == names->len)
                g_ptr_array_add (names, g_strdup (tr->name));
              line->color = c < 3                                 ? *base[c]
                            : c - 3 < G_N_ELEMENTS (extra_colors) ? extra_colors[c - 3]
                                                                  : style->foreground;
              line->dashed = tr->rw == SSDB_RW_WRITE;
              line->label = g_strdup_printf ("%s %s", tr->name, rw_label (tr->rw));
              line->x = g_array_new (FALSE, FALSE, sizeof (double));
              line->y = g_array_new (FALSE, FALSE, sizeof (double));
              for (guint s = 0; s < r->steps->len; s++)
                {
                  const SsdbFreespaceStep *st = &g_array_index (r->steps, SsdbFreespaceStep, s);
                  double x = st->used_percent;
                  double y = j < st->rates->len ? rate_or_none (
                                 g_array_index (st->rates, SsdbTestRate, j).bytes_per_second)
                                                : -1;

                  g_array_append_val (line->x, x);
                  g_array_append_val (line->y, y);
                  m->max_rate = MAX (m->max_rate, y);
                }
              g_ptr_array_add (m->lines, line);
            }
          g_ptr_array_unref (names);
          m->words = ssdb_chart_words_in_language (r->words, freespace_words, r);
          break;
        }
    }
  if (m->words != NULL && *m->words == '\0')
    g_clear_pointer (&m->words, g_free);
}

static void
model_clear (Model *m)
{
  g_ptr_array_unref (m->groups);
  g_ptr_array_unref (m->lines);
  g_free (m->words);
}

/* Lines for the words: translations run longer than English, which keeps its three. */
static int
words_lines (void)
{
  return ssdb_render_language_is_english (ssdb_render_get_language ()) ? 3 : 4;
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px, value_px;
  cairo_rectangle_t title, subtitle, legend, footer, words, plot;
  SsdbAxis rate;
  SsdbAxis used;
} Layout;

static void
layout_compute (Layout *l, const SsdbBehaviourView *view, const Model *m, const SsdbStyle *style,
                PangoContext *pango, int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, axis_w = 0, x_labels_h;
  guint intervals;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  /* Free-space legends may need two rows. */
  if (!m->bars && m->lines->len > 4)
    l->legend.height *= 2;
  y += l->legend.height + l->gap + round (l->label_px * 0.6);

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, l->margin, l->gap, m->words,
                                    l->words_px, words_lines (), &l->words);
  x_labels_h = round (l->label_px * (m->bars ? 3.0 : 2.8));
  /* The compressibility levels have an axis title under their labels. */
  if (view->chart == SSDB_BEHAVIOUR_COMPRESSION)
    x_labels_h += round (l->label_px * 1.5);
  bottom -= x_labels_h;

  intervals = (guint)ssdb_chart_clamp (floor ((bottom - y) / (45 * l->u)), 2, 10);
  ssdb_axis_rate (&l->rate, m->max_rate, intervals);
  axis_w = MAX (axis_w, ssdb_chart_axis_labels_width (pango, style, &l->rate, l->label_px));
  {
    double tw;

    ssdb_chart_measure (pango, style, l->rate.unit ? l->rate.unit : "MB/s", l->label_px,
                        PANGO_WEIGHT_BOLD, &tw, NULL);
    axis_w = MAX (axis_w, tw);
  }
  {
    double x0 = round (l->margin + ceil (axis_w) + 10 * l->u);
    double x1 = round (w - l->margin - (m->bars ? 0 : 14 * l->u));

    l->plot = (cairo_rectangle_t){ x0, round (y), MAX (x1 - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  ssdb_axis_nice (&l->used, 0, 100, 10, FALSE);
  l->used.unit = "%";
  l->value_px = ssdb_chart_clamp (l->label_px * 0.92, 8, 26);
}

static double
layout_y (const Layout *l, double bps)
{
  return ssdb_chart_axis_y (&l->rate, &l->plot, bps);
}

static double
layout_x_used (const Layout *l, double percent)
{
  return l->plot.x + percent / 100.0 * l->plot.width;
}

static gboolean
layout_bar (const Layout *l, const Model *m, guint group, guint series, cairo_rectangle_t *rect)
{
  const Group *g;
  double slot, bw, x, top;

  if (!m->bars || group >= m->groups->len || series > 1)
    return FALSE;
  g = g_ptr_array_index (m->groups, group);
  slot = l->plot.width / m->groups->len;
  bw = MIN (slot * 0.34, 70 * l->u);
  x = l->plot.x + slot * group + slot / 2 - bw + series * bw;
  top = g->value[series] > 0 ? ssdb_chart_clamp (layout_y (l, g->value[series]), l->plot.y,
                                                 l->plot.y + l->plot.height)
                             : l->plot.y + l->plot.height;
  *rect = (cairo_rectangle_t){ x, top, bw, l->plot.y + l->plot.height - top };
  return TRUE;
}

typedef struct
{
  Model m;
  Layout l;
} Query;

static void
query_init (Query *q, const SsdbBehaviourView *view, int width, int height)
{
  SsdbStyle style;
  PangoContext *pango = ssdb_chart_scratch_context ();

  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  model_build (&q->m, view, &style);
  layout_compute (&q->l, view, &q->m, &style, pango, width, height);
  g_object_unref (pango);
}

void
ssdb_behaviour_painter_get_plot_rect (const SsdbBehaviourView *view, int width, int height,
                                      cairo_rectangle_t *rect)
{
  Query q;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);
  query_init (&q, view, width, height);
  *rect = q.l.plot;
  model_clear (&q.m);
}

void
ssdb_behaviour_painter_get_rate_axis (const SsdbBehaviourView *view, int width, int height,
                                      SsdbAxis *axis)
{
  Query q;

  g_return_if_fail (view != NULL);
  g_return_if_fail (axis != NULL);
  query_init (&q, view, width, height);
  *axis = q.l.rate;
  model_clear (&q.m);
}

gboolean
ssdb_behaviour_painter_get_bar_rect (const SsdbBehaviourView *view, int width, int height,
                                     guint group, guint series, cairo_rectangle_t *rect)
{
  Query q;
  gboolean ok;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  query_init (&q, view, width, height);
  ok = layout_bar (&q.l, &q.m, group, series, rect);
  model_clear (&q.m);
  return ok;
}

gboolean
ssdb_behaviour_painter_get_point (const SsdbBehaviourView *view, int width, int height, guint line,
                                  guint step, double *x, double *y)
{
  Query q;
  gboolean ok = FALSE;

  g_return_val_if_fail (view != NULL, FALSE);
  query_init (&q, view, width, height);
  if (!q.m.bars && line < q.m.lines->len)
    {
      const Line *ln = g_ptr_array_index (q.m.lines, line);

      if (step < ln->x->len && g_array_index (ln->y, double, step) > 0)
        {
          if (x)
            *x = layout_x_used (&q.l, g_array_index (ln->x, double, step));
          if (y)
            *y = layout_y (&q.l, g_array_index (ln->y, double, step));
          ok = TRUE;
        }
    }
  model_clear (&q.m);
  return ok;
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbBehaviourView *view;
  Model m;
  Layout l;
} Painter;

static void
set_dash (cairo_t *cr, gboolean dashed, double u)
{
  double d[2] = { 6 * u, 4 * u };

  cairo_set_dash (cr, d, dashed ? 2 : 0, 0);
}

static void
line_swatch (cairo_t *cr, guint index, double x, double cy, double width, gpointer user_data)
{
  const Painter *p = user_data;
  const Line *ln = g_ptr_array_index (p->m.lines, index);

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (2, 2.2 * p->l.u));
  set_dash (cr, ln->dashed, p->l.u * 0.6);
  cairo_move_to (cr, x, cy);
  cairo_line_to (cr, x + width, cy);
  ssdb_render_set_source (cr, &ln->color, 1.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* After the compression lines' legend: the zeros' rates, which sit off the 0-100 % axis. */
static void
draw_compression_zeros (Painter *p, double x, double cy)
{
  const Layout *l = &p->l;
  g_autofree char *w = NULL, *r = NULL, *text = NULL;

  if (p->m.zero_rate[0] <= 0 && p->m.zero_rate[1] <= 0)
    return;
  w = p->m.zero_rate[0] > 0
          ? ssdb_chart_format_double (p->m.zero_rate[0] / 1e6, 0, p->style->locale_numbers)
          : g_strdup ("–");
  r = p->m.zero_rate[1] > 0
          ? ssdb_chart_format_double (p->m.zero_rate[1] / 1e6, 0, p->style->locale_numbers)
          : g_strdup ("–");
  /* Translators: the compression chart's zero-data rates, "Zeros: write 910, read 1200 MB/s" */
  text = g_strdup_printf (_ ("Zeros: write %s, read %s MB/s"), w, r);
  ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, cy, l->label_px, PANGO_WEIGHT_NORMAL,
                        SSDB_CHART_ALIGN_START, l->plot.x + l->plot.width - x, &p->style->dim, 1.0);
}

static void
draw_legend (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  double row_h = round (l->label_px * 1.7);
  double sw = round (14 * l->u), x;
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_START,
    .x = l->plot.x,
    .cy = l->legend.y + row_h / 2,
    .label_px = l->label_px,
    .spacing = round (6 * l->u),
    .gap = round (18 * l->u),
  };

  if (p->m.bars)
    {
      SsdbChartLegendItem items[2];

      for (guint i = 0; i < 2; i++)
        items[i] = (SsdbChartLegendItem){
          p->m.series[i], SSDB_CHART_SWATCH_BAR, &p->m.series_color[i], 1.0, sw, 0, 0
        };
      x = ssdb_chart_draw_legend (p->cr, p->pango, style, &legend, items, 2);
      if (p->view->chart == SSDB_BEHAVIOUR_TRIM && p->view->trim != NULL)
        {
          const SsdbTrimSpec *s = &p->view->trim->spec;
          g_autofree char *text = g_strdup_printf (
              s->discard ? g_dngettext (GETTEXT_PACKAGE, "%u round of fill and delete with TRIM",
                                        "%u rounds of fill and delete with TRIM", s->rounds)
                         : g_dngettext (GETTEXT_PACKAGE, "%u round of fill and delete without TRIM",
                                        "%u rounds of fill and delete without TRIM", s->rounds),
              s->rounds);

          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, legend.cy, l->label_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START,
                                l->plot.x + l->plot.width - x, &style->dim, 1.0);
        }
      return;
    }

  {
    g_autofree SsdbChartLegendItem *items = g_new0 (SsdbChartLegendItem, MAX (p->m.lines->len, 1));

    for (guint i = 0; i < p->m.lines->len; i++)
      {
        const Line *ln = g_ptr_array_index (p->m.lines, i);

        items[i]
            = (SsdbChartLegendItem){ ln->label, SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, 2 * sw, 0, 0 };
      }
    legend.wrap_right = l->legend.x + l->legend.width;
    legend.wrap_bottom = l->legend.y + l->legend.height;
    legend.row_height = row_h;
    legend.draw_swatch = line_swatch;
    legend.user_data = p;
    x = ssdb_chart_draw_legend (p->cr, p->pango, style, &legend, items, p->m.lines->len);
    if (p->view->chart == SSDB_BEHAVIOUR_COMPRESSION)
      draw_compression_zeros (p, x, legend.cy);
  }
}

static void
draw_frame (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *pr = &l->plot;

  ssdb_chart_draw_value_grid (cr, p->pango, style, pr, &l->rate, NULL, l->label_px, 6 * l->u);
  /* The unit above the axis. */
  ssdb_chart_draw_text (p->cr, p->pango, p->style, l->rate.unit, pr->x - 6 * l->u,
                        pr->y - l->label_px * 1.1, l->label_px, PANGO_WEIGHT_BOLD,
                        SSDB_CHART_ALIGN_END, 0, &style->foreground, 1.0);

  if (!p->m.bars)
    {
      for (guint i = 0; i < l->used.n_ticks; i++)
        {
          double v = ssdb_axis_tick (&l->used, i);
          double x = layout_x_used (l, v);
          g_autofree char *text = g_strdup_printf ("%.0f %%", v);

          if (i > 0 && i + 1 < l->used.n_ticks)
            {
              cairo_move_to (cr, floor (x) + 0.5, pr->y);
              cairo_line_to (cr, floor (x) + 0.5, pr->y + pr->height);
              ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style));
              cairo_stroke (cr);
            }
          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x,
                                pr->y + pr->height + l->label_px * 0.9, l->label_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
        }
      ssdb_chart_draw_text (
          p->cr, p->pango, p->style, p->m.x_title != NULL ? p->m.x_title : _ ("Span used"),
          pr->x + pr->width / 2, pr->y + pr->height + l->label_px * 2.2, l->label_px,
          PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, 0, &style->foreground, 1.0);
    }
}

static void
draw_bars (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  double slot = l->plot.width / MAX (p->m.groups->len, 1);

  for (guint i = 0; i < p->m.groups->len; i++)
    {
      const Group *g = g_ptr_array_index (p->m.groups, i);
      double cx = l->plot.x + slot * (i + 0.5), base = l->plot.y + l->plot.height;
      double note_y = base;

      for (guint s = 0; s < 2; s++)
        {
          cairo_rectangle_t r;
          g_autofree char *text = NULL;

          if (!layout_bar (l, &p->m, i, s, &r) || r.height <= 0)
            continue;
          cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          ssdb_render_set_source (cr, &p->m.series_color[s], 1.0);
          cairo_fill (cr);
          {
            /* In the rate axis' unit: "0.91" and "12.9" under GB/s, "910" under MB/s. */
            double v = g->value[s] / l->rate.divisor;

            text = ssdb_chart_format_double (v,
                                             v < 10    ? 2
                                             : v < 100 ? 1
                                                       : 0,
                                             style->locale_numbers);
          }
          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, r.x + r.width / 2,
                                r.y - l->value_px * 0.7, l->value_px, PANGO_WEIGHT_NORMAL,
                                SSDB_CHART_ALIGN_CENTER, slot / 2, &style->foreground, 1.0);
          note_y = MIN (note_y, r.y);
        }
      if (g->note != NULL && note_y < base)
        ssdb_chart_draw_text (p->cr, p->pango, p->style, g->note, cx, note_y - l->value_px * 2.0,
                              l->value_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, slot,
                              &style->foreground, 1.0);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, g->label, cx, base + l->label_px * 0.9,
                            l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, slot - 4,
                            &style->foreground, 1.0);
      if (g->sublabel != NULL && *g->sublabel)
        ssdb_chart_draw_text (p->cr, p->pango, p->style, g->sublabel, cx, base + l->label_px * 2.2,
                              l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, slot - 4,
                              &style->dim, 1.0);
    }
  /* The x axis' title, under the level labels. */
  if (p->view->chart == SSDB_BEHAVIOUR_COMPRESSION && p->m.groups->len > 0)
    ssdb_chart_draw_text (
        p->cr, p->pango, p->style, _ ("Data compressibility →"), l->plot.x + l->plot.width / 2,
        l->plot.y + l->plot.height + l->label_px * 3.6, l->label_px, PANGO_WEIGHT_NORMAL,
        SSDB_CHART_ALIGN_CENTER, l->plot.width, &style->dim, 1.0);
}

static void
draw_lines (Painter *p)
{
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  double r = MAX (2.5, 3 * l->u);

  cairo_save (cr);
  cairo_rectangle (cr, l->plot.x - r, l->plot.y - r, l->plot.width + 2 * r, l->plot.height + 2 * r);
  cairo_clip (cr);
  for (guint i = 0; i < p->m.lines->len; i++)
    {
      const Line *ln = g_ptr_array_index (p->m.lines, i);
      gboolean open = FALSE;

      cairo_set_line_width (cr, MAX (1.5, 2 * l->u));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_dash (cr, ln->dashed, l->u);
      for (guint k = 0; k < ln->x->len; k++)
        {
          double y = g_array_index (ln->y, double, k);

          if (y <= 0)
            {
              open = FALSE;
              continue;
            }
          if (open)
            cairo_line_to (cr, layout_x_used (l, g_array_index (ln->x, double, k)),
                           layout_y (l, y));
          else
            cairo_move_to (cr, layout_x_used (l, g_array_index (ln->x, double, k)),
                           layout_y (l, y));
          open = TRUE;
        }
      ssdb_render_set_source (cr, &ln->color, 1.0);
      cairo_stroke (cr);
      set_dash (cr, FALSE, l->u);
      for (guint k = 0; k < ln->x->len; k++)
        {
          double y = g_array_index (ln->y, double, k);

          if (y <= 0)
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, layout_x_used (l, g_array_index (ln->x, double, k)), layout_y (l, y), r, 0,
                     2 * G_PI);
        }
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
ssdb_behaviour_painter_draw (const SsdbBehaviourView *view, const SsdbStyle *style, cairo_t *cr,
                             int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  Painter p = { 0 };
  Layout *l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  p.cr = cr;
  p.style = style;
  p.view = view;
  p.pango = ssdb_render_create_pango_context (cr);
  model_build (&p.m, view, style);
  layout_compute (&p.l, view, &p.m, style, p.pango, width, height);
  l = &p.l;

  {
    SsdbChartHeading heading
        = { view->target_title, l->title,      l->title_px, view->target_subtitle, l->subtitle,
            l->subtitle_px,     view->caption, l->footer,   l->caption_px };

    ssdb_chart_draw_frame (cr, p.pango, style, width, height, &heading);
  }

  draw_legend (&p);
  draw_frame (&p);
  if (p.m.bars)
    draw_bars (&p);
  else
    draw_lines (&p);

  ssdb_chart_stroke_plot_border (cr, style, &l->plot);

  if (p.m.max_rate <= 0)
    ssdb_chart_draw_empty_note (p.cr, p.pango, p.style, p.m.empty, &l->plot, l->label_px);
  ssdb_chart_draw_words (cr, p.pango, style, p.m.words, l->words_px, &l->words, words_lines ());

  model_clear (&p.m);
  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_behaviour_png, SsdbBehaviourView,
                             ssdb_behaviour_painter_draw)
