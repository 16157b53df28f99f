/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "engine/ssdb-workload.h"

G_BEGIN_DECLS

#define SSDB_TYPE_WORKLOAD_EDITOR (ssdb_workload_editor_get_type ())
G_DECLARE_FINAL_TYPE (SsdbWorkloadEditor, ssdb_workload_editor, SSDB, WORKLOAD_EDITOR, AdwWindow)

/**
 * SsdbWorkloadEditorFunc:
 * @spec: the validated specification
 * @data: user data
 *
 * Called when the user saves a valid specification.
 */
typedef void (*SsdbWorkloadEditorFunc) (const SsdbWorkloadSpec *spec, gpointer data);

/**
 * SsdbWorkloadEditor:
 *
 * A dialog that edits one IOMeter-style access specification: name, sizes with weights
 * (fio's bssplit text, "4k/60:64k/40"), % read, % random, alignment, queue depth, workers,
 * ramp-up and run time. Save checks every field with the engine's own parser and validation;
 * an invalid value is refused with the engine's message (naming the field and the allowed
 * range) and nothing is saved.
 */

/**
 * ssdb_workload_editor_new:
 * @parent: (nullable): the window it is modal for
 * @initial: the values the fields start with
 * @taken_names: (nullable) (array zero-terminated=1): names already used by other workloads
 * @func: called with the specification on a successful save (the dialog then closes)
 * @data: for @func
 *
 * Returns: (transfer none): the dialog (destroyed when closed).
 */
SsdbWorkloadEditor *
ssdb_workload_editor_new (GtkWindow *parent, const SsdbWorkloadSpec *initial,
                          const char *const *taken_names, SsdbWorkloadEditorFunc func,
                          gpointer data);

/**
 * ssdb_workload_editor_get_editable:
 * @field: "name", "sizes", "align" or "cycle" (the queue depths run in turn, "1,2,4,8"; empty
 *   for none)
 *
 * Returns: (transfer none) (nullable): the text field.
 */
GtkEditable *
ssdb_workload_editor_get_editable (SsdbWorkloadEditor *self, const char *field);

/**
 * ssdb_workload_editor_get_spin:
 * @field: "read", "random", "depth", "workers", "ramp" or "duration" (seconds)
 *
 * Returns: (transfer none) (nullable): the number field.
 */
GtkSpinButton *
ssdb_workload_editor_get_spin (SsdbWorkloadEditor *self, const char *field);

/**
 * ssdb_workload_editor_save:
 *
 * What the Save button does: checks the fields; on success calls the save function and
 * closes the dialog.
 *
 * Returns: %TRUE when saved; %FALSE with the reason shown (ssdb_workload_editor_get_error()).
 */
gboolean
ssdb_workload_editor_save (SsdbWorkloadEditor *self);

/** ssdb_workload_editor_get_error: Returns: the message shown under the fields, "" if none. */
const char *
ssdb_workload_editor_get_error (SsdbWorkloadEditor *self);

G_END_DECLS
