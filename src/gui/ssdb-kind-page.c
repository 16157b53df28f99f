/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-kind-page.h"

typedef struct
{
  SsdbPageParts parts;
  SsdbPageRun *run;
  char *title;
  char *subtitle;
  gint64 started_us;
} SsdbKindPagePrivate;

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (SsdbKindPage, ssdb_kind_page, GTK_TYPE_BOX,
                                  G_ADD_PRIVATE (SsdbKindPage)
                                      G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE,
                                                             test_page_iface_init))

#define PRIV(self) ((SsdbKindPagePrivate *)ssdb_kind_page_get_instance_private (self))

GtkWidget *
ssdb_kind_page_build (SsdbKindPage *self, const char *chart_label)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  ssdb_page_parts_build (GTK_BOX (self), &PRIV (self)->parts, chart_label);
  return PRIV (self)->parts.settings;
}

void
ssdb_kind_page_attach_run (SsdbKindPage *self, SsdbPageRun *run, SsdbTestKind kind,
                           GCallback on_updated, GCallback on_tick, GCallback on_finished,
                           SsdbChartViewDrawFunc draw)
{
  SsdbKindPagePrivate *priv;

  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  priv = PRIV (self);
  g_return_if_fail (priv->run == NULL);
  priv->run = run;
  ssdb_page_parts_attach_run (priv->parts.chart, self, priv->run, kind, on_updated, on_tick,
                              on_finished, draw);
}

void
ssdb_kind_page_add_view_option (SsdbKindPage *self, const char *label, GtkSwitch *control,
                                const char *tooltip)
{
  GtkWidget *bottom;

  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  g_return_if_fail (GTK_IS_SWITCH (control));
  bottom = PRIV (self)->parts.bottom;
  ssdb_page_parts_add_setting (bottom, label, GTK_WIDGET (control), tooltip);
  gtk_box_reorder_child_after (GTK_BOX (bottom), gtk_widget_get_last_child (bottom), NULL);
  g_signal_connect_swapped (control, "notify::active", G_CALLBACK (ssdb_chart_view_invalidate),
                            PRIV (self)->parts.chart);
}

SsdbPageParts *
ssdb_kind_page_get_parts (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return &PRIV (self)->parts;
}

SsdbPageRun *
ssdb_kind_page_get_run (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return PRIV (self)->run;
}

SsdbChartView *
ssdb_kind_page_get_chart (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return PRIV (self)->parts.chart;
}

const char *
ssdb_kind_page_get_status (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return gtk_label_get_text (PRIV (self)->parts.status);
}

void
ssdb_kind_page_set_status (SsdbKindPage *self, const char *text)
{
  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  gtk_label_set_text (PRIV (self)->parts.status, text);
}

const char *
ssdb_kind_page_get_title (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return PRIV (self)->title;
}

void
ssdb_kind_page_set_title (SsdbKindPage *self, const char *title)
{
  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  g_free (PRIV (self)->title);
  PRIV (self)->title = g_strdup (title);
}

const char *
ssdb_kind_page_get_subtitle (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return PRIV (self)->subtitle;
}

void
ssdb_kind_page_take_subtitle (SsdbKindPage *self, char *subtitle)
{
  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  g_free (PRIV (self)->subtitle);
  PRIV (self)->subtitle = subtitle;
}

void
ssdb_kind_page_redraw (SsdbKindPage *self, const char *words)
{
  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  ssdb_page_parts_redraw (&PRIV (self)->parts, words);
}

void
ssdb_kind_page_started (SsdbKindPage *self, char *line)
{
  SsdbKindPagePrivate *priv;

  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  priv = PRIV (self);
  ssdb_page_parts_started (&priv->parts, &priv->started_us, &priv->subtitle, line);
}

void
ssdb_kind_page_show_progress (SsdbKindPage *self, char *status)
{
  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  ssdb_page_parts_show_progress (&PRIV (self)->parts, PRIV (self)->run, status);
}

char *
ssdb_kind_page_end_text (SsdbKindPage *self, const GError *error, const char *stopped)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return ssdb_page_parts_end_text (&PRIV (self)->parts, error, stopped);
}

char *
ssdb_kind_page_dup_took (SsdbKindPage *self)
{
  g_return_val_if_fail (SSDB_IS_KIND_PAGE (self), NULL);
  return ssdb_page_parts_dup_took (PRIV (self)->started_us);
}

void
ssdb_kind_page_show (SsdbKindPage *self, const char *title, char *line, gpointer result)
{
  SsdbKindPagePrivate *priv;

  g_return_if_fail (SSDB_IS_KIND_PAGE (self));
  priv = PRIV (self);
  ssdb_page_parts_show (&priv->parts, priv->run, &priv->title, title, &priv->subtitle, line,
                        result);
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  return ssdb_page_run_get_result (PRIV (SSDB_KIND_PAGE (page))->run);
}

static gboolean
test_page_export_png (SsdbTestPage *page, const char *path, GError **error)
{
  SsdbKindPage *self = SSDB_KIND_PAGE (page);
  SsdbStyle style;
  g_autofree char *caption = ssdb_page_parts_dup_caption ();

  ssdb_page_parts_export_style_init (&style);
  return SSDB_KIND_PAGE_GET_CLASS (self)->export_png (self, &style, caption, path, error);
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->get_result = test_page_get_result;
  iface->export_png = test_page_export_png;
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_kind_page_dispose (GObject *object)
{
  SsdbKindPage *self = SSDB_KIND_PAGE (object);

  ssdb_page_parts_dispose_run (&PRIV (self)->run, self);
  G_OBJECT_CLASS (ssdb_kind_page_parent_class)->dispose (object);
}

static void
ssdb_kind_page_finalize (GObject *object)
{
  SsdbKindPage *self = SSDB_KIND_PAGE (object);

  g_free (PRIV (self)->title);
  g_free (PRIV (self)->subtitle);
  G_OBJECT_CLASS (ssdb_kind_page_parent_class)->finalize (object);
}

static void
ssdb_kind_page_class_init (SsdbKindPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ssdb_kind_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = ssdb_kind_page_finalize;
}

static void
ssdb_kind_page_init (SsdbKindPage *self)
{
}
