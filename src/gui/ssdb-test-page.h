/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-test-kind.h"
#include "ssdb-page-run.h"

G_BEGIN_DECLS

#define SSDB_TYPE_TEST_PAGE (ssdb_test_page_get_type ())
G_DECLARE_INTERFACE (SsdbTestPage, ssdb_test_page, SSDB, TEST_PAGE, GtkWidget)

/**
 * SsdbTestPageTarget:
 * @title: what the charts call the target ("Model · /dev/sda · 512.11 GB", "Test file in
 *   DIR")
 * @path: (nullable): the block device node or the folder of the test file; %NULL when none is
 *   chosen
 * @is_device: @path is a block device (else a folder for a test file)
 * @device_bytes: the device's capacity, 0 for a test file
 * @block_size: the device's logical block size, 0 for a test file
 * @write_refusal: (nullable): why writing to the device is refused (mounted, swap,
 *   read-only), as last read
 *
 * The target the window has selected, as every page is told of it. Strings are the window's,
 * valid for the call only.
 */
typedef struct
{
  const char *title;
  const char *path;
  gboolean is_device;
  guint64 device_bytes;
  guint block_size;
  const char *write_refusal;
} SsdbTestPageTarget;

/**
 * SsdbTestPageWrites:
 * @SSDB_TEST_PAGE_WRITES_NONE: the next start only reads (a device is never asked about)
 * @SSDB_TEST_PAGE_WRITES_EVERY_START: the next start writes; the window asks at every start
 *   (naming the device, with ssdb_test_page_dup_confirm_body()), unless the user allowed this
 *   page on this medium for the session
 * @SSDB_TEST_PAGE_WRITES_SHARED: the next start writes under the window's one write
 *   permission, the medium the user allowed with the Write Tests switch or the write surface:
 *   asked once, until the target or its medium changes
 *
 * What the next start of a page writes on a block device, and how the user is asked.
 */
typedef enum
{
  SSDB_TEST_PAGE_WRITES_NONE,
  SSDB_TEST_PAGE_WRITES_EVERY_START,
  SSDB_TEST_PAGE_WRITES_SHARED,
} SsdbTestPageWrites;

/**
 * SsdbTestPageStart:
 * @path: the block device node or the folder for a test file
 * @is_device: @path is a block device
 * @permission: (nullable): the medium the user confirmed may be overwritten; %NULL for reads
 *   only and for a test file
 * @file_size: the test file's size for a folder, bytes
 * @device_bytes: the device's capacity, bytes; 0 for a test file
 * @block_size: the device's logical block size, bytes; 0 for a test file
 *
 * What a start (and the settings check before it) is given by the window.
 */
typedef struct
{
  const char *path;
  gboolean is_device;
  const SsdbDeviceIdentity *permission;
  guint64 file_size;
  guint64 device_bytes;
  guint block_size;
} SsdbTestPageStart;

/**
 * SsdbTestPageInterface:
 * @get_run: (optional, default: the run given to ssdb_test_page_attach_run()) returns
 *   (transfer none) the page's #SsdbPageRun: its "running" property, ::updated, ::finished
 *   (GError, nullable; SSDB_ERROR_CANCELLED after a stop), fraction and "busy" are the page's;
 *   the window connects to them
 * @has_kind: (optional, default: @kind is get_kind()) whether @kind is one of the tests the
 *   page shows (one for most pages, the six SSD behaviour tests for one)
 * @get_kind: (optional, default: the kind given to ssdb_test_page_attach_run()) the test the
 *   page shows now: what Save, Export and Copy take from it first, and the one a start runs
 * @set_target: (required) a new target was selected (or the write refusal read again): the
 *   page drops any result, also a loaded one, and shows its empty state for @target
 * @get_writes: (optional, default %SSDB_TEST_PAGE_WRITES_NONE) what the next start writes on
 *   a device (called only with a device selected)
 * @check: (optional, default: ssdb_test_kind_check() of dup_settings(), where the page has
 *   it) refuses settings that the start would refuse, before the user is asked anything;
 *   %FALSE with @error (shown as a toast)
 * @dup_settings: (optional) returns (transfer full) a new result of get_kind() holding the
 *   settings the next start runs (as ssdb_surface_result_new() makes one), or %NULL with
 *   @error when a control holds no valid setting
 * @dup_confirm_body: (optional) returns (transfer full) the body of the "Overwrite Data"
 *   confirmation for the next start (or for the shared permission the page asks for): what
 *   it writes where, on the device @title (its model), @capacity and @node, the last two
 *   already safe from line breaks inside them. Required when get_writes() can be other than
 *   NONE
 * @start: (required) starts the test the page shows; %FALSE with @error (a toast), and
 *   nothing changed. The page's run says when it ends
 * @get_result: (required) returns (transfer none) (nullable) the finished result of @kind
 *   (an #SsdbTestKind result, as the report holds it), loaded or measured, or %NULL when there
 *   is none; called only for a kind of the page, and not for the kind that runs
 * @show_result: (required) shows the result of @kind that @report holds (the caller checked
 *   that it holds one): read-only, with the report's own settings, under @title (the report's
 *   target); called only for a kind of the page, and not while it runs. @report stays the caller's;
 * the page copies what it keeps. Returns %FALSE when the page cannot show it (then it shows nothing
 * of it)
 * @export_png: (required) writes the chart of the test the page shows to the PNG @path, in
 *   the review style; %FALSE with @error
 * @reset: (optional, default set_target()) puts the page back to @target without a result
 *   of @kind (loaded or measured), keeping those of its other kinds
 * @writes_refused: (optional) the shared write permission the page asked for with
 *   #SsdbTestPage::write-requested was refused, withdrawn or cannot be asked for: the page
 *   goes back to reading only
 * @set_settings: (optional) the application's settings, once: the page binds what it keeps
 *   there
 * @report_opened: (optional) a report was opened onto the window, whether or not it holds
 *   the page's tests; @when is its date as the window shows it
 * @target_changed: (optional) the facts of the selected target changed (its title, the
 *   write refusal read again) without another target being selected: the page keeps its
 *   results
 * @writes_granted: (optional) the shared write permission the page asked for was given
 * @writes_withdrawn: (optional) the shared write permission ended (another medium behind the
 *   device): a page that shows it as on turns it off
 * @set_locked: (optional) a test runs on some page of the window (@locked) or none does any
 *   more: the settings a run fixes are insensitive meanwhile
 * @get_target_info: (optional) returns (transfer none) (nullable) the facts of the target the
 *   page's latest run opened (its stack, block sizes), for the report of its results
 * @get_created: (optional) returns (transfer none) (nullable) when the page's latest live
 *   run ended (ISO 8601, UTC): the stamp of a report of live results
 * @dup_finished_toast: (optional) returns (transfer full) (nullable) what the window says in
 *   a toast once a run of the page has completed without an error
 * @get_stopped_text: (optional) returns (transfer none) the toast after a stop ("Test stopped;
 *   the results measured so far are kept" when not given)
 * @result_finished: (optional) another page's run of @kind finished with @result (transfer
 *   none, valid for the call): what a page learns from another (the cache size a fill found)
 * @can_start: (optional, default %TRUE) whether the page's test can run on the selected
 *   target at all (the copy test: not on a device); the window keeps Start off while the page
 *   shows and this is %FALSE, and the page says why in its own words
 *
 * The operations the window needs of each of its test pages. Everything is called on the main
 * thread.
 *
 * Signals: ::write-requested (gboolean on), emitted by a page with
 * ssdb_test_page_request_writes() when the user chose writes that need the window's shared
 * write permission (the Write Tests switch, the destructive write surface): the window asks
 * for it now, naming the device, and calls writes_granted() or writes_refused(); with %FALSE
 * the user gave the permission up. ::loaded-dropped (guint, an #SsdbTestKind) when the page
 * stopped showing a loaded result on its own.
 */
struct _SsdbTestPageInterface
{
  GTypeInterface g_iface;

  SsdbPageRun *(*get_run) (SsdbTestPage *self);
  gboolean (*has_kind) (SsdbTestPage *self, SsdbTestKind kind);
  SsdbTestKind (*get_kind) (SsdbTestPage *self);
  void (*set_target) (SsdbTestPage *self, const SsdbTestPageTarget *target);
  SsdbTestPageWrites (*get_writes) (SsdbTestPage *self);
  gboolean (*check) (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error);
  gpointer (*dup_settings) (SsdbTestPage *self, GError **error);
  char *(*dup_confirm_body) (SsdbTestPage *self, const char *title, const char *capacity,
                             const char *node);
  gboolean (*start) (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error);
  gconstpointer (*get_result) (SsdbTestPage *self, SsdbTestKind kind);
  gboolean (*show_result) (SsdbTestPage *self, SsdbTestKind kind, const SsdbReport *report,
                           const char *title);
  gboolean (*export_png) (SsdbTestPage *self, const char *path, GError **error);
  void (*reset) (SsdbTestPage *self, SsdbTestKind kind, const SsdbTestPageTarget *target);
  void (*writes_refused) (SsdbTestPage *self);
  void (*set_settings) (SsdbTestPage *self, GSettings *settings);
  void (*report_opened) (SsdbTestPage *self, const SsdbReport *report, const char *when);
  void (*target_changed) (SsdbTestPage *self, const SsdbTestPageTarget *target);
  void (*writes_granted) (SsdbTestPage *self);
  void (*writes_withdrawn) (SsdbTestPage *self);
  void (*set_locked) (SsdbTestPage *self, gboolean locked);
  const SsdbTargetInfo *(*get_target_info) (SsdbTestPage *self);
  const char *(*get_created) (SsdbTestPage *self);
  char *(*dup_finished_toast) (SsdbTestPage *self);
  const char *(*get_stopped_text) (SsdbTestPage *self);
  void (*result_finished) (SsdbTestPage *self, SsdbTestKind kind, gconstpointer result);
  gboolean (*can_start) (SsdbTestPage *self);
};

/**
 * ssdb_test_page_attach_run:
 * @run: (transfer none): the page's run, alive as long as the page
 * @kind: the test the page shows (unless it implements get_kind())
 *
 * For pages, from their init: what get_run() and get_kind() answer by default.
 */
void
ssdb_test_page_attach_run (SsdbTestPage *self, SsdbPageRun *run, SsdbTestKind kind);
SsdbPageRun *
ssdb_test_page_get_run (SsdbTestPage *self);
gboolean
ssdb_test_page_get_running (SsdbTestPage *self);
gboolean
ssdb_test_page_has_kind (SsdbTestPage *self, SsdbTestKind kind);
SsdbTestKind
ssdb_test_page_get_kind (SsdbTestPage *self);
void
ssdb_test_page_set_target (SsdbTestPage *self, const SsdbTestPageTarget *target);
SsdbTestPageWrites
ssdb_test_page_get_writes (SsdbTestPage *self);
gboolean
ssdb_test_page_check (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error);

/**
 * ssdb_test_page_check_settings:
 * @start: the start to come
 * @error: the engine's reason (ssdb_test_kind_check())
 *
 * The default check: ssdb_test_kind_check() of the page's dup_settings() on @start's target,
 * for pages whose own check() adds to it. %TRUE for a page without dup_settings().
 */
gboolean
ssdb_test_page_check_settings (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error);

/**
 * ssdb_test_page_start_target_info:
 * @start: a start
 * @out: (out caller-allocates): the target's facts as far as the window knows them before it
 *   opens the target, for ssdb_test_kind_check(): a device's size and logical block size; a
 *   test file's size and block size are left 0 (not known), as each page sizes its file. Its
 *   path is @start's (borrowed: never clear @out)
 */
void
ssdb_test_page_start_target_info (const SsdbTestPageStart *start, SsdbTargetInfo *out);
char *
ssdb_test_page_dup_confirm_body (SsdbTestPage *self, const char *title, const char *capacity,
                                 const char *node);
gboolean
ssdb_test_page_start (SsdbTestPage *self, const SsdbTestPageStart *start, GError **error);
/** ssdb_test_page_stop: cancels the page's run and returns at once (nothing when idle). */
void
ssdb_test_page_stop (SsdbTestPage *self);
gconstpointer
ssdb_test_page_get_result (SsdbTestPage *self, SsdbTestKind kind);
gboolean
ssdb_test_page_show_result (SsdbTestPage *self, SsdbTestKind kind, const SsdbReport *report,
                            const char *title);
gboolean
ssdb_test_page_export_png (SsdbTestPage *self, const char *path, GError **error);
void
ssdb_test_page_set_settings (SsdbTestPage *self, GSettings *settings);
void
ssdb_test_page_report_opened (SsdbTestPage *self, const SsdbReport *report, const char *when);
void
ssdb_test_page_target_changed (SsdbTestPage *self, const SsdbTestPageTarget *target);
void
ssdb_test_page_writes_granted (SsdbTestPage *self);
void
ssdb_test_page_writes_withdrawn (SsdbTestPage *self);
void
ssdb_test_page_set_locked (SsdbTestPage *self, gboolean locked);
const SsdbTargetInfo *
ssdb_test_page_get_target_info (SsdbTestPage *self);
const char *
ssdb_test_page_get_created (SsdbTestPage *self);
char *
ssdb_test_page_dup_finished_toast (SsdbTestPage *self);
void
ssdb_test_page_reset (SsdbTestPage *self, SsdbTestKind kind, const SsdbTestPageTarget *target);
void
ssdb_test_page_writes_refused (SsdbTestPage *self);
/**
 * ssdb_test_page_request_writes:
 * @on: %TRUE to ask for the shared write permission, %FALSE to give it up
 *
 * For pages: emits #SsdbTestPage::write-requested.
 */
void
ssdb_test_page_request_writes (SsdbTestPage *self, gboolean on);

/**
 * ssdb_test_page_drop_loaded:
 *
 * For pages: emits #SsdbTestPage::loaded-dropped: the page no longer shows the loaded
 * report's result of @kind (other settings were chosen).
 */
void
ssdb_test_page_drop_loaded (SsdbTestPage *self, SsdbTestKind kind);
const char *
ssdb_test_page_get_stopped_text (SsdbTestPage *self);
void
ssdb_test_page_result_finished (SsdbTestPage *self, SsdbTestKind kind, gconstpointer result);
gboolean
ssdb_test_page_can_start (SsdbTestPage *self);

G_END_DECLS
