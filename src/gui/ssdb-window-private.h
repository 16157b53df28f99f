/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window's state, shared by its files: ssdb-window.c (construction, the pages, the
 * target and the shared write permission), ssdb-window-actions.c (the win.* actions: start
 * and stop on every page, the write confirmations, the file choosers) and
 * ssdb-window-report.c (report build, open, save, image export, compare, drag and drop); and
 * the getters the GUI tests read the window's state with. */
#pragma once

#include "ssdb-window.h"

#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"

G_BEGIN_DECLS

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

/* The test pages: Summary, Surface, Fill, Access Time, Transfer Sizes, Workloads, SSD
 * Behaviour, Error Scan, Random Access (the switcher shows it after Access Time). */
#define N_TEST_PAGES 11

struct _SsdbWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  AdwSqueezer *switcher_squeezer;
  GtkWidget *narrow_switcher;
  AdwWindowTitle *window_title;
  AdwViewSwitcherBar *switcher_bar;
  GtkScrolledWindow *switcher_scroller;
  GtkImage *report_icon;
  GtkMenuButton *target_button;
  GtkPopover *target_popover;
  GtkListBox *target_list;
  GtkImage *target_icon;
  GtkLabel *target_label;
  GtkButton *start_button;
  AdwButtonContent *start_content;
  GtkProgressBar *progress_bar;
  AdwViewStack *stack;
  SsdbDriveInfo *drive_info;
  SsdbHealthPage *health_page;
  SsdbSummaryPage *summary_page;
  SsdbSurfacePage *surface_page;
  SsdbFillPage *fill_page;
  SsdbAccessPage *access_page;
  SsdbSweepPage *sweep_page;
  SsdbWorkloadPage *workload_page;
  SsdbBehaviourPage *behaviour_page;
  SsdbScanPage *scan_page;
  SsdbRandomAccessPage *randomaccess_page;
  SsdbAsssdPage *asssd_page;
  SsdbCopyPage *copy_page;

  /* Every test page, through its interface: the window knows no page but by it. */
  SsdbTestPage *pages[N_TEST_PAGES];
  SsdbTestKind run_kinds[N_TEST_PAGES]; /* the test each page's latest start ran (the behaviour
                                         * page shows another when its selection changes) */

  GSettings *settings;
  SsdbDeviceMonitor *monitor;

  /* target */
  SsdbDevice *device;
  char *directory;
  /* The medium the user agreed may be overwritten by the pages' shared write permission (the
   * Write Tests switch, the write surface), read when they agreed; and the one the open
   * confirmation names, read when it was shown. */
  SsdbDeviceIdentity *confirmed;
  SsdbDeviceIdentity *confirm_identity;
  char *write_refusal; /* why writing to the device is refused, as last read from sysfs */
  AdwMessageDialog *confirm_dialog;
  GtkCheckButton *confirm_session_check; /* in the open confirmation, or NULL */
  /* Media the user allowed one page's test to overwrite for the rest of the session (from a
   * confirmation of a test that asks at every start): SessionAllowance, compared with the
   * medium behind the device and the page at each start. */
  GPtrArray *session_allowed;
  SsdbTestPage *confirm_page; /* the page the open confirmation asks for */
  char *confirm_body;         /* what the open confirmation says the test writes */
  gboolean confirm_shared;    /* it asks for the shared write permission, not one start */

  /* a loaded report */
  SsdbReport *report;
  guint report_views; /* bits of SsdbTestKind: the pages that show @report */
  char *report_file;  /* its file name */
  char *report_text;  /* what the header says of it ("Report FILE · DATE"), or NULL */
  GtkDropTarget *drop_target;

  guint inhibit_cookie;
  gboolean inhibit_requested;
  char *last_toast;
  GtkFileChooserNative *chooser;
};

/* ssdb-window.c */
void
_ssdb_window_show_toast (SsdbWindow *self, const char *text);
SsdbTestPage *
_ssdb_window_page_for_kind (SsdbWindow *self, SsdbTestKind kind);
SsdbTestPage *
_ssdb_window_visible_page (SsdbWindow *self);
gboolean
_ssdb_window_any_running (SsdbWindow *self);
void
_ssdb_window_set_running_ui (SsdbWindow *self);
char *
_ssdb_window_dup_write_refusal (SsdbWindow *self);
SsdbDeviceIdentity *
_ssdb_window_read_selected_identity (SsdbWindow *self);
gboolean
_ssdb_window_confirmed_for_selected (SsdbWindow *self, gboolean tell);
void
_ssdb_window_inhibit_suspend (SsdbWindow *self);
void
_ssdb_window_update_write_controls (SsdbWindow *self, gboolean reread);

/* ssdb-window-target.c */
const char *
_ssdb_window_target_path (SsdbWindow *self);
guint
_ssdb_window_read_sysfs_uint (const char *name, const char *attr);
char *
_ssdb_window_dup_report_title (const SsdbReport *report);
char *
_ssdb_window_dup_target_title (SsdbWindow *self);
/* The selected target as the pages are told of it; strings valid until the target changes. */
void
_ssdb_window_get_page_target (SsdbWindow *self, SsdbTestPageTarget *target, char **title);
/* Tells every page of the selected target (after the write refusal was read again). */
void
_ssdb_window_update_page_targets (SsdbWindow *self);
/* Another target was selected (or none): the report goes, the pages start over on it. */
void
_ssdb_window_target_changed (SsdbWindow *self);
void
_ssdb_window_on_target_row_activated (GtkListBox *list, GtkListBoxRow *row, SsdbWindow *self);
/* Binds the drive list to the monitor and selects no target, from ssdb_window_new(). */
void
_ssdb_window_target_init (SsdbWindow *self);

/* ssdb-window-actions.c */
void
_ssdb_window_actions_init (SsdbWindow *self);
/* Asks before @page writes, naming the device: for the shared write permission (@shared) or
 * for one start. */
void
_ssdb_window_show_confirm_dialog (SsdbWindow *self, SsdbTestPage *page, gboolean shared);
/* Asks for the shared write permission for @page (a refusal is said, and the page goes back
 * to reads). */
void
_ssdb_window_request_shared_writes (SsdbWindow *self, SsdbTestPage *page);

/* ssdb-window-report.c */
void
_ssdb_window_report_init (SsdbWindow *self);
void
_ssdb_window_update_report_header (SsdbWindow *self);
void
_ssdb_window_drop_report_view (SsdbWindow *self, SsdbTestKind view);
/* What Open Report…, Save Report… and Compare Reports… do: a file chooser, then
 * ssdb_window_load_report(), ssdb_window_save_report_to() or ssdb_window_compare_files(). */
void
_ssdb_window_open_report (SsdbWindow *self);
void
_ssdb_window_save_report (SsdbWindow *self);
void
_ssdb_window_compare_reports (SsdbWindow *self);

/* ---- for the GUI tests ------------------------------------------------------------------- */

/**
 * ssdb_window_get_confirm_dialog:
 *
 * Returns: (transfer none) (nullable): the open "data will be destroyed" confirmation.
 */
AdwMessageDialog *
ssdb_window_get_confirm_dialog (SsdbWindow *self);

/** ssdb_window_get_summary_page: Returns: (transfer none): the Summary page. */
SsdbSummaryPage *
ssdb_window_get_summary_page (SsdbWindow *self);

/** ssdb_window_get_last_toast: Returns: (nullable): the title of the last toast shown. */
const char *
ssdb_window_get_last_toast (SsdbWindow *self);

/**
 * ssdb_window_is_inhibiting:
 *
 * Returns: %TRUE while a run asks the session not to suspend (the session may lack a manager
 *   or portal that can honour it).
 */
gboolean
ssdb_window_is_inhibiting (SsdbWindow *self);

/**
 * ssdb_window_get_drop_target:
 *
 * Returns: (transfer none): the window's drop target for files (a report, a folder or a device
 *   dropped onto the window is opened with ssdb_window_open_file()).
 */
GtkDropTarget *
ssdb_window_get_drop_target (SsdbWindow *self);

/**
 * ssdb_window_get_report_title:
 *
 * Returns: (transfer none) (nullable): what the header says of the loaded report ("Report
 *   FILE.json · DATE"), or %NULL when no page shows a loaded report.
 */
const char *
ssdb_window_get_report_title (SsdbWindow *self);

G_END_DECLS
