/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-decimate.h"

#include <math.h>
#include <string.h>

/* Device pixels per user-space unit along x. */
static double
device_scale (cairo_t *cr)
{
  double dx = 1, dy = 0;

  cairo_user_to_device_distance (cr, &dx, &dy);
  dx = hypot (dx, dy);
  return dx > 0 && isfinite (dx) ? dx : 1;
}

gboolean
ssdb_columns_wanted (cairo_t *cr, double plot_width, guint n_samples)
{
  double cols;

  g_return_val_if_fail (cr != NULL, FALSE);

  cols = ceil (MAX (plot_width, 1) * device_scale (cr));
  return (double)n_samples > cols;
}

SsdbColumns *
ssdb_columns_new (cairo_t *cr, double x0, double width)
{
  SsdbColumns *c;
  double scale;

  g_return_val_if_fail (cr != NULL, NULL);

  c = g_new0 (SsdbColumns, 1);
  scale = device_scale (cr);
  /* Columns of exactly one device pixel, from a device pixel's edge. */
  {
    double dx = x0, dy = 0;

    cairo_user_to_device (cr, &dx, &dy);
    dx = floor (dx + 1e-6);
    cairo_device_to_user (cr, &dx, &dy);
    width += x0 - dx;
    x0 = dx;
  }
  c->n_cols = (guint)CLAMP (ceil (MAX (width, 1) * scale - 1e-6), 1, 65536);
  c->x0 = x0;
  c->col_w = 1 / scale;
  c->top = g_new (float, c->n_cols);
  c->bottom = g_new (float, c->n_cols);
  c->mean = g_new (float, c->n_cols);
  c->sum = g_new0 (double, c->n_cols);
  c->count = g_new0 (guint, c->n_cols);
  /* Unreached columns: an empty range until ssdb_columns_finish() marks them NAN. */
  for (guint i = 0; i < c->n_cols; i++)
    {
      c->top[i] = INFINITY;
      c->bottom[i] = -INFINITY;
      c->mean[i] = NAN;
    }
  return c;
}

void
ssdb_columns_free (SsdbColumns *columns)
{
  if (columns == NULL)
    return;
  g_free (columns->top);
  g_free (columns->bottom);
  g_free (columns->mean);
  g_free (columns->sum);
  g_free (columns->count);
  g_free (columns);
}

/* Column of @x, clamped to the plot. */
static inline guint
column_of (const SsdbColumns *c, double x)
{
  double f = (x - c->x0) / c->col_w;

  if (!(f > 0))
    return 0;
  if (f >= c->n_cols)
    return c->n_cols - 1;
  return (guint)f;
}

static inline void
extend (SsdbColumns *c, guint col, double y)
{
  float v = (float)y;

  if (v < c->top[col])
    c->top[col] = v;
  if (v > c->bottom[col])
    c->bottom[col] = v;
}

void
ssdb_columns_add_point (SsdbColumns *c, double x, double y)
{
  guint col;

  g_return_if_fail (c != NULL);

  if (!isfinite (x) || !isfinite (y))
    return;
  col = column_of (c, x);
  extend (c, col, y);
  c->sum[col] += y;
  c->count[col]++;
  /* From a vertex in the same column, the segment adds nothing: both ends are in already. */
  if (c->have_prev && col != c->prev_col)
    {
      guint from = c->prev_col;

      /* The segment from the previous vertex: in every column it crosses, the y where it
       * enters and leaves. */
      if (x > c->prev_x)
        {
          double slope = (y - c->prev_y) / (x - c->prev_x);
          guint lo = MIN (from, col), hi = MAX (from, col);

          for (guint k = lo; k <= hi; k++)
            {
              double xl = MAX (c->x0 + k * c->col_w, c->prev_x);
              double xr = MIN (c->x0 + (k + 1) * c->col_w, x);

              extend (c, k, c->prev_y + slope * (xl - c->prev_x));
              extend (c, k, c->prev_y + slope * (xr - c->prev_x));
            }
        }
      else
        {
          extend (c, from, y);
          extend (c, col, c->prev_y);
        }
    }
  c->have_prev = TRUE;
  c->prev_x = x;
  c->prev_y = y;
  c->prev_col = col;
}

void
ssdb_columns_add_span (SsdbColumns *c, double x_from, double x_to, double y)
{
  guint a, b;

  g_return_if_fail (c != NULL);

  if (!isfinite (x_from) || !isfinite (x_to) || !isfinite (y))
    return;
  if (x_to < x_from)
    {
      double t = x_to;

      x_to = x_from;
      x_from = t;
    }
  a = column_of (c, x_from);
  b = column_of (c, x_to);
  /* The riser from the previous step. */
  if (c->have_prev)
    extend (c, a, c->prev_y);
  for (guint k = a; k <= b; k++)
    extend (c, k, y);
  /* The step's mean counts once, where most of it lies: its middle. */
  {
    guint mid = column_of (c, (x_from + x_to) / 2);

    c->sum[mid] += y;
    c->count[mid]++;
  }
  c->have_prev = TRUE;
  c->prev_x = x_to;
  c->prev_y = y;
  c->prev_col = b;
}

void
ssdb_columns_finish (SsdbColumns *c)
{
  g_return_if_fail (c != NULL);

  for (guint i = 0; i < c->n_cols; i++)
    {
      if (c->top[i] > c->bottom[i])
        c->top[i] = c->bottom[i] = NAN;
      else if (c->count[i] > 0)
        c->mean[i] = (float)(c->sum[i] / c->count[i]);
      else
        c->mean[i] = (c->top[i] + c->bottom[i]) / 2;
    }
  g_clear_pointer (&c->sum, g_free);
  g_clear_pointer (&c->count, g_free);
}

/* The top and bottom of the band of column @i: widened by half a line up and down and, through
 * the neighbours it takes in (@reach on each side), sideways, so a lone extreme reads as a line.
 * FALSE where the curve does not reach. */
static gboolean
band_at (const SsdbColumns *c, guint i, guint reach, double hw, double *top, double *bottom)
{
  double t = G_MAXDOUBLE, b = -G_MAXDOUBLE;

  for (guint k = i > reach ? i - reach : 0; k <= MIN (i + reach, c->n_cols - 1); k++)
    if (!isnan (c->top[k]))
      {
        t = MIN (t, c->top[k]);
        b = MAX (b, c->bottom[k]);
      }
  *top = t - hw;
  *bottom = b + hw;
  return t <= b;
}

/* The mean line in column @i: from the previous column's mean to its own, a line wide. */
static gboolean
mean_at (const SsdbColumns *c, guint i, double hw, double *top, double *bottom)
{
  float m = c->mean[i], prev = i > 0 ? c->mean[i - 1] : NAN;

  if (isnan (m))
    return FALSE;
  *top = (isnan (prev) ? m : MIN (m, prev)) - hw;
  *bottom = (isnan (prev) ? m : MAX (m, prev)) + hw;
  return TRUE;
}

typedef gboolean (*SpanFunc) (const SsdbColumns *c, guint i, guint reach, double hw, double *top,
                              double *bottom);

static gboolean
mean_span (const SsdbColumns *c, guint i, guint reach, double hw, double *top, double *bottom)
{
  return mean_at (c, i, hw, top, bottom);
}

/* Fills one span per column in @color: on an image, through a mask made pixel by pixel (time in
 * proportion to the pixels covered); elsewhere (SVG, PDF) as a union of rectangles. */
static void
fill_spans (const SsdbColumns *c, cairo_t *cr, SpanFunc span, guint reach, double hw,
            const SsdbRgba *color, double alpha)
{
  double scale = device_scale (cr);
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, t, b;

  if (cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_IMAGE)
    {
      cairo_new_path (cr);
      for (guint i = 0; i < c->n_cols; i++)
        if (span (c, i, reach, hw, &t, &b))
          cairo_rectangle (cr, c->x0 + i * c->col_w, t, c->col_w, b - t);
      ssdb_render_set_source (cr, color, alpha);
      cairo_fill (cr);
      return;
    }

  for (guint i = 0; i < c->n_cols; i++)
    if (span (c, i, reach, hw, &t, &b))
      {
        lo = MIN (lo, t);
        hi = MAX (hi, b);
      }
  if (lo > hi)
    return;
  {
    double y0 = lo, dx = 0;
    int rows, stride;
    cairo_surface_t *mask;
    cairo_pattern_t *pattern;
    guint8 *data;

    /* From a device pixel's edge, so the mask lands on whole pixels. */
    dx = c->x0;
    cairo_user_to_device (cr, &dx, &y0);
    y0 = floor (y0 + 1e-6);
    cairo_device_to_user (cr, &dx, &y0);
    rows = (int)CLAMP (ceil ((hi - y0) * scale) + 1, 1, 65536);
    mask = cairo_image_surface_create (CAIRO_FORMAT_A8, (int)c->n_cols, rows);
    stride = cairo_image_surface_get_stride (mask);

    if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
      {
        cairo_surface_destroy (mask);
        return;
      }
    cairo_surface_flush (mask);
    data = cairo_image_surface_get_data (mask);
    for (guint i = 0; i < c->n_cols; i++)
      {
        double a, z;
        int ra, rz;

        if (!span (c, i, reach, hw, &t, &b))
          continue;
        a = (t - y0) * scale;
        z = (b - y0) * scale;
        ra = (int)floor (a);
        rz = (int)floor (z);
        ra = CLAMP (ra, 0, rows - 1);
        rz = CLAMP (rz, 0, rows - 1);
        for (int r = ra; r <= rz; r++)
          {
            guint8 *px = data + (gsize)r * stride + i;
            guint8 v = 255;

            /* Coverage of the first and last rows by [a, z]; the rows between are whole. */
            if (r == ra || r == rz)
              {
                double cov = MIN (z, r + 1.0) - MAX (a, (double)r);

                v = (guint8)CLAMP (cov * 255 + 0.5, 0, 255);
              }
            if (v > *px)
              *px = v;
          }
      }
    cairo_surface_mark_dirty (mask);
    cairo_save (cr);
    ssdb_render_set_source (cr, color, alpha);
    cairo_translate (cr, c->x0, y0);
    cairo_scale (cr, 1 / scale, 1 / scale);
    pattern = cairo_pattern_create_for_surface (mask);
    cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
    cairo_mask (cr, pattern);
    cairo_pattern_destroy (pattern);
    cairo_restore (cr);
    cairo_surface_destroy (mask);
  }
}

void
ssdb_columns_draw (const SsdbColumns *c, cairo_t *cr, const SsdbRgba *color, double line_width,
                   double alpha)
{
  double hw = line_width / 2;
  guint reach;

  g_return_if_fail (c != NULL && cr != NULL && color != NULL);

  reach = (guint)MIN (ceil (hw / MAX (c->col_w, 1e-9)), 8);
  cairo_save (cr);
  fill_spans (c, cr, band_at, reach, hw, color, 0.45 * alpha);
  fill_spans (c, cr, mean_span, 0, hw, color, alpha);
  cairo_restore (cr);
}

/* Dots ------------------------------------------------------------------------------------ */

struct _SsdbDotGrid
{
  cairo_rectangle_t rect;
  double cell, radius;
  guint cols, rows;
  guint8 *occupied;
};

SsdbDotGrid *
ssdb_dot_grid_new (const cairo_rectangle_t *rect, double radius)
{
  SsdbDotGrid *g;

  g_return_val_if_fail (rect != NULL, NULL);

  g = g_new0 (SsdbDotGrid, 1);
  g->rect = *rect;
  g->radius = MAX (radius, 0.1);
  g->cell = 2 * g->radius;
  g->cols = (guint)CLAMP (ceil (MAX (rect->width, 1) / g->cell), 1, 16384);
  g->rows = (guint)CLAMP (ceil (MAX (rect->height, 1) / g->cell), 1, 16384);
  g->occupied = g_new0 (guint8, (gsize)g->cols * g->rows);
  return g;
}

void
ssdb_dot_grid_free (SsdbDotGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->occupied);
  g_free (grid);
}

void
ssdb_dot_grid_add (SsdbDotGrid *g, double x, double y)
{
  double fx, fy;

  g_return_if_fail (g != NULL);

  fx = (x - g->rect.x) / g->cell;
  fy = (y - g->rect.y) / g->cell;
  /* A dot a little outside still shows its inner half, as a drawn circle would. */
  if (!(fx >= -0.5 && fy >= -0.5 && fx < g->cols + 0.5 && fy < g->rows + 0.5))
    return;
  g->occupied[(gsize)CLAMP ((int)fy, 0, (int)g->rows - 1) * g->cols
              + (gsize)CLAMP ((int)fx, 0, (int)g->cols - 1)]
      = 1;
}

guint
ssdb_dot_grid_path (const SsdbDotGrid *g, cairo_t *cr)
{
  guint n = 0;

  g_return_val_if_fail (g != NULL && cr != NULL, 0);

  /* A dot as wide as the cell: a square, which cairo fills far faster than a circle and which
   * looks the same at a few pixels; neighbours merge into the band they form. */
  for (guint r = 0; r < g->rows; r++)
    for (guint c = 0; c < g->cols; c++)
      if (g->occupied[(gsize)r * g->cols + c])
        {
          guint run = 1;

          while (c + run < g->cols && g->occupied[(gsize)r * g->cols + c + run])
            run++;
          cairo_rectangle (cr, g->rect.x + c * g->cell, g->rect.y + r * g->cell, run * g->cell,
                           g->cell);
          n += run;
          c += run - 1;
        }
  return n;
}

/* Stamped dots ----------------------------------------------------------------------------- */

#define PHASES 4

struct _SsdbDotStamp
{
  double x0, y0; /* user space of the mask's origin (a device pixel's corner) */
  double scale;
  int width, height, stride;
  cairo_surface_t *mask;
  guint8 *data;
  int size; /* sprite side, device pixels */
  int half; /* offset from a dot's centre pixel to its sprite's corner */
  guint8 *sprites[PHASES * PHASES];
};

SsdbDotStamp *
ssdb_dot_stamp_new (cairo_t *cr, const cairo_rectangle_t *rect, double radius)
{
  SsdbDotStamp *st;
  double x0, y0, x1, y1, r;

  g_return_val_if_fail (cr != NULL && rect != NULL, NULL);

  if (cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_IMAGE)
    return NULL;
  st = g_new0 (SsdbDotStamp, 1);
  st->scale = device_scale (cr);
  r = radius * st->scale;
  /* The plot plus a radius, from a device pixel's corner. */
  x0 = rect->x - radius;
  y0 = rect->y - radius;
  cairo_user_to_device (cr, &x0, &y0);
  x0 = floor (x0);
  y0 = floor (y0);
  x1 = x0 + ceil ((rect->width + 2 * radius) * st->scale) + 1;
  y1 = y0 + ceil ((rect->height + 2 * radius) * st->scale) + 1;
  st->width = (int)CLAMP (x1 - x0, 1, 32768);
  st->height = (int)CLAMP (y1 - y0, 1, 32768);
  cairo_device_to_user (cr, &x0, &y0);
  st->x0 = x0;
  st->y0 = y0;
  st->mask = cairo_image_surface_create (CAIRO_FORMAT_A8, st->width, st->height);
  if (cairo_surface_status (st->mask) != CAIRO_STATUS_SUCCESS)
    {
      ssdb_dot_stamp_free (st);
      return NULL;
    }
  cairo_surface_flush (st->mask);
  st->data = cairo_image_surface_get_data (st->mask);
  st->stride = cairo_image_surface_get_stride (st->mask);

  /* One sprite per quarter-pixel phase, each cairo's own circle. */
  st->half = (int)ceil (r) + 1;
  st->size = 2 * st->half + 1;
  for (int py = 0; py < PHASES; py++)
    for (int px = 0; px < PHASES; px++)
      {
        cairo_surface_t *sp = cairo_image_surface_create (CAIRO_FORMAT_A8, st->size, st->size);
        cairo_t *sc = cairo_create (sp);
        guint8 *copy = g_new (guint8, (gsize)st->size * st->size);
        int sstride = cairo_image_surface_get_stride (sp);
        const guint8 *sd;

        cairo_arc (sc, st->half + 0.5 + (double)px / PHASES, st->half + 0.5 + (double)py / PHASES,
                   r, 0, 2 * G_PI);
        cairo_fill (sc);
        cairo_destroy (sc);
        cairo_surface_flush (sp);
        sd = cairo_image_surface_get_data (sp);
        for (int yy = 0; yy < st->size; yy++)
          memcpy (copy + (gsize)yy * st->size, sd + (gsize)yy * sstride, st->size);
        cairo_surface_destroy (sp);
        st->sprites[py * PHASES + px] = copy;
      }
  return st;
}

void
ssdb_dot_stamp_free (SsdbDotStamp *st)
{
  if (st == NULL)
    return;
  for (guint i = 0; i < PHASES * PHASES; i++)
    g_free (st->sprites[i]);
  if (st->mask != NULL)
    cairo_surface_destroy (st->mask);
  g_free (st);
}

void
ssdb_dot_stamp_add (SsdbDotStamp *st, double x, double y)
{
  double dx, dy;
  int ix, iy, ox, oy;
  const guint8 *sp;

  g_return_if_fail (st != NULL);

  if (!isfinite (x) || !isfinite (y))
    return;
  /* The dot's centre in mask pixels: its pixel and the nearest quarter within it. */
  dx = (x - st->x0) * st->scale - 0.5;
  dy = (y - st->y0) * st->scale - 0.5;
  ix = (int)floor (dx);
  iy = (int)floor (dy);
  ox = (int)lround ((dx - ix) * PHASES);
  oy = (int)lround ((dy - iy) * PHASES);
  if (ox == PHASES)
    {
      ix++;
      ox = 0;
    }
  if (oy == PHASES)
    {
      iy++;
      oy = 0;
    }
  sp = st->sprites[oy * PHASES + ox];
  for (int r = 0; r < st->size; r++)
    {
      int my = iy - st->half + r;

      if (my < 0 || my >= st->height)
        continue;
      for (int k = 0; k < st->size; k++)
        {
          int mx = ix - st->half + k;
          guint8 v = sp[r * st->size + k];
          guint8 *px;

          if (v == 0 || mx < 0 || mx >= st->width)
            continue;
          px = st->data + (gsize)my * st->stride + mx;
          /* Union of the circles: coverage adds up, as one filled path of them does. */
          *px = (guint8)MIN (255, *px + v);
        }
    }
}

void
ssdb_dot_stamp_draw (SsdbDotStamp *st, cairo_t *cr, const SsdbRgba *color, double alpha)
{
  cairo_pattern_t *pattern;

  g_return_if_fail (st != NULL && cr != NULL && color != NULL);

  cairo_surface_mark_dirty (st->mask);
  cairo_save (cr);
  ssdb_render_set_source (cr, color, alpha);
  cairo_translate (cr, st->x0, st->y0);
  cairo_scale (cr, 1 / st->scale, 1 / st->scale);
  pattern = cairo_pattern_create_for_surface (st->mask);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_mask (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
}

/* Cache ----------------------------------------------------------------------------------- */

#define CACHE_SLOTS 16
#define KEY_MAX 9

typedef struct
{
  gconstpointer data;
  guint n;
  double key[KEY_MAX];
  guint n_key;
  SsdbColumns *columns;
} Entry;

struct _SsdbPlotCache
{
  Entry slots[CACHE_SLOTS];
};

SsdbPlotCache *
ssdb_plot_cache_new (void)
{
  return g_new0 (SsdbPlotCache, 1);
}

void
ssdb_plot_cache_clear (SsdbPlotCache *cache)
{
  if (cache == NULL)
    return;
  for (guint i = 0; i < CACHE_SLOTS; i++)
    {
      ssdb_columns_free (cache->slots[i].columns);
      memset (&cache->slots[i], 0, sizeof cache->slots[i]);
    }
}

void
ssdb_plot_cache_free (SsdbPlotCache *cache)
{
  if (cache == NULL)
    return;
  ssdb_plot_cache_clear (cache);
  g_free (cache);
}

guint
ssdb_plot_key (cairo_t *cr, const cairo_rectangle_t *plot, double a, double b, double c, double d,
               double *key)
{
  g_return_val_if_fail (cr != NULL && plot != NULL && key != NULL, 0);

  key[0] = plot->x;
  key[1] = plot->y;
  key[2] = plot->width;
  key[3] = plot->height;
  key[4] = a;
  key[5] = b;
  key[6] = c;
  key[7] = d;
  key[8] = device_scale (cr);
  return KEY_MAX;
}

const SsdbColumns *
ssdb_plot_cache_lookup (SsdbPlotCache *cache, guint slot, gconstpointer data, guint n,
                        const double *key, guint n_key)
{
  const Entry *e;

  if (cache == NULL || slot >= CACHE_SLOTS || n_key > KEY_MAX)
    return NULL;
  e = &cache->slots[slot];
  if (e->columns == NULL || e->data != data || e->n != n || e->n_key != n_key
      || memcmp (e->key, key, n_key * sizeof (double)) != 0)
    return NULL;
  return e->columns;
}

const SsdbColumns *
ssdb_plot_cache_store (SsdbPlotCache *cache, guint slot, gconstpointer data, guint n,
                       const double *key, guint n_key, SsdbColumns *columns)
{
  Entry *e;

  g_return_val_if_fail (cache != NULL && slot < CACHE_SLOTS && n_key <= KEY_MAX, columns);

  e = &cache->slots[slot];
  ssdb_columns_free (e->columns);
  e->data = data;
  e->n = n;
  memcpy (e->key, key, n_key * sizeof (double));
  e->n_key = n_key;
  e->columns = columns;
  return columns;
}
