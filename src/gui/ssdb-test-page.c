/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-test-page.h"

#include <string.h>

#include <glib/gi18n.h>

G_DEFINE_INTERFACE (SsdbTestPage, ssdb_test_page, GTK_TYPE_WIDGET)

static guint write_requested_signal;
static guint loaded_dropped_signal;

static void
ssdb_test_page_default_init (SsdbTestPageInterface *iface)
{
  write_requested_signal
      = g_signal_new ("write-requested", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  loaded_dropped_signal
      = g_signal_new ("loaded-dropped", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

#define IFACE(self) SSDB_TEST_PAGE_GET_IFACE (self)

G_DEFINE_QUARK (ssdb - test - page - run, run)
G_DEFINE_QUARK (ssdb - test - page - kind, kind)

void
ssdb_test_page_attach_run (SsdbTestPage *self, SsdbPageRun *run, SsdbTestKind kind)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_return_if_fail (SSDB_IS_PAGE_RUN (run));
  g_object_set_qdata (G_OBJECT (self), run_quark (), run);
  g_object_set_qdata (G_OBJECT (self), kind_quark (), GUINT_TO_POINTER ((guint)kind));
}

SsdbPageRun *
ssdb_test_page_get_run (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  if (IFACE (self)->get_run != NULL)
    return IFACE (self)->get_run (self);
  return g_object_get_qdata (G_OBJECT (self), run_quark ());
}

gboolean
ssdb_test_page_get_running (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  return ssdb_page_run_get_running (ssdb_test_page_get_run (self));
}

gboolean
ssdb_test_page_has_kind (SsdbTestPage *self, SsdbTestKind kind)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  if (IFACE (self)->has_kind == NULL)
    return ssdb_test_page_get_kind (self) == kind;
  return IFACE (self)->has_kind (self, kind);
}

SsdbTestKind
ssdb_test_page_get_kind (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), SSDB_TEST_KIND_SUMMARY);
  if (IFACE (self)->get_kind != NULL)
    return IFACE (self)->get_kind (self);
  return (SsdbTestKind)GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (self), kind_quark ()));
}

void
ssdb_test_page_set_target (SsdbTestPage *self, const SsdbTestPageTarget *target)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_return_if_fail (target != NULL);
  IFACE (self)->set_target (self, target);
}

SsdbTestPageWrites
ssdb_test_page_get_writes (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), SSDB_TEST_PAGE_WRITES_NONE);
  if (IFACE (self)->get_writes == NULL)
    return SSDB_TEST_PAGE_WRITES_NONE;
  return IFACE (self)->get_writes (self);
}

void
ssdb_test_page_start_target_info (const SsdbTestPageStart *start, SsdbTargetInfo *out)
{
  g_return_if_fail (start != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->kind = start->is_device ? SSDB_TARGET_DEVICE : SSDB_TARGET_FILE;
  out->path = (char *)start->path;
  /* A test file's size is the page's to choose (a sweep makes it as long as its span), and its
   * block size is known once its file system is opened. */
  out->size_bytes = start->is_device ? start->device_bytes : 0;
  out->logical_block_size = start->is_device ? start->block_size : 0;
  out->dio_offset_align = out->logical_block_size;
}

gboolean
ssdb_test_page_check_settings (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error)
{
  SsdbTargetInfo info;
  gpointer settings;
  SsdbTestKind kind;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  g_return_val_if_fail (start != NULL, FALSE);
  if (IFACE (self)->dup_settings == NULL)
    return TRUE;
  settings = IFACE (self)->dup_settings (self, error);
  if (settings == NULL)
    return FALSE;
  kind = ssdb_test_page_get_kind (self);
  ssdb_test_page_start_target_info (start, &info);
  ok = ssdb_test_kind_check (kind, settings, &info, error);
  ssdb_test_kind_result_free (kind, settings);
  return ok;
}

gboolean
ssdb_test_page_check (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  g_return_val_if_fail (start != NULL, FALSE);
  if (IFACE (self)->check != NULL)
    return IFACE (self)->check (self, start, error);
  return ssdb_test_page_check_settings (self, start, error);
}

char *
ssdb_test_page_dup_confirm_body (SsdbTestPage *self, const char *title, const char *capacity,
                                 const char *node)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  g_return_val_if_fail (title != NULL && capacity != NULL && node != NULL, NULL);
  g_return_val_if_fail (IFACE (self)->dup_confirm_body != NULL, NULL);
  return IFACE (self)->dup_confirm_body (self, title, capacity, node);
}

gboolean
ssdb_test_page_start (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  g_return_val_if_fail (start != NULL && start->path != NULL, FALSE);
  return IFACE (self)->start (self, start, error);
}

void
ssdb_test_page_stop (SsdbTestPage *self)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  ssdb_page_run_stop (ssdb_test_page_get_run (self));
}

gconstpointer
ssdb_test_page_get_result (SsdbTestPage *self, SsdbTestKind kind)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  /* The test that runs has no finished result yet; the page's others keep theirs. */
  if (!ssdb_test_page_has_kind (self, kind)
      || (ssdb_test_page_get_running (self) && ssdb_test_page_get_kind (self) == kind))
    return NULL;
  return IFACE (self)->get_result (self, kind);
}

gboolean
ssdb_test_page_show_result (SsdbTestPage *self, SsdbTestKind kind, const SsdbReport *report,
                            const char *title)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  g_return_val_if_fail (report != NULL && ssdb_report_has_test (report, kind), FALSE);
  if (!ssdb_test_page_has_kind (self, kind) || ssdb_test_page_get_running (self))
    return FALSE;
  return IFACE (self)->show_result (self, kind, report, title);
}

gboolean
ssdb_test_page_export_png (SsdbTestPage *self, const char *path, GError **error)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  return IFACE (self)->export_png (self, path, error);
}

#define OPTIONAL_VOID(name)                                                                        \
  void ssdb_test_page_##name (SsdbTestPage *self)                                                  \
  {                                                                                                \
    g_return_if_fail (SSDB_IS_TEST_PAGE (self));                                                   \
    if (IFACE (self)->name != NULL)                                                                \
      IFACE (self)->name (self);                                                                   \
  }
OPTIONAL_VOID (writes_granted)
OPTIONAL_VOID (writes_withdrawn)
#undef OPTIONAL_VOID

void
ssdb_test_page_set_locked (SsdbTestPage *self, gboolean locked)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  if (IFACE (self)->set_locked != NULL)
    IFACE (self)->set_locked (self, locked);
}

const SsdbTargetInfo *
ssdb_test_page_get_target_info (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  return IFACE (self)->get_target_info ? IFACE (self)->get_target_info (self) : NULL;
}

const char *
ssdb_test_page_get_created (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  return IFACE (self)->get_created ? IFACE (self)->get_created (self) : NULL;
}

char *
ssdb_test_page_dup_finished_toast (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  return IFACE (self)->dup_finished_toast ? IFACE (self)->dup_finished_toast (self) : NULL;
}

void
ssdb_test_page_reset (SsdbTestPage *self, SsdbTestKind kind, const SsdbTestPageTarget *target)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_return_if_fail (target != NULL);
  if (IFACE (self)->reset != NULL)
    IFACE (self)->reset (self, kind, target);
  else
    IFACE (self)->set_target (self, target);
}

void
ssdb_test_page_writes_refused (SsdbTestPage *self)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  if (IFACE (self)->writes_refused != NULL)
    IFACE (self)->writes_refused (self);
}

void
ssdb_test_page_request_writes (SsdbTestPage *self, gboolean on)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_signal_emit (self, write_requested_signal, 0, on);
}

void
ssdb_test_page_drop_loaded (SsdbTestPage *self, SsdbTestKind kind)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_signal_emit (self, loaded_dropped_signal, 0, (guint)kind);
}

void
ssdb_test_page_set_settings (SsdbTestPage *self, GSettings *settings)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  if (IFACE (self)->set_settings != NULL)
    IFACE (self)->set_settings (self, settings);
}

void
ssdb_test_page_report_opened (SsdbTestPage *self, const SsdbReport *report, const char *when)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  if (IFACE (self)->report_opened != NULL)
    IFACE (self)->report_opened (self, report, when);
}

void
ssdb_test_page_target_changed (SsdbTestPage *self, const SsdbTestPageTarget *target)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  g_return_if_fail (target != NULL);
  if (IFACE (self)->target_changed != NULL)
    IFACE (self)->target_changed (self, target);
}

const char *
ssdb_test_page_get_stopped_text (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), NULL);
  if (IFACE (self)->get_stopped_text != NULL)
    return IFACE (self)->get_stopped_text (self);
  return _ ("Test stopped; the results measured so far are kept");
}

void
ssdb_test_page_result_finished (SsdbTestPage *self, SsdbTestKind kind, gconstpointer result)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (self));
  if (IFACE (self)->result_finished != NULL)
    IFACE (self)->result_finished (self, kind, result);
}

gboolean
ssdb_test_page_can_start (SsdbTestPage *self)
{
  g_return_val_if_fail (SSDB_IS_TEST_PAGE (self), FALSE);
  return IFACE (self)->can_start == NULL || IFACE (self)->can_start (self);
}
