/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"

G_BEGIN_DECLS

/* "read", "write", "mixed read/write": the verb of a job's kind in messages. */
const char *
ssdb_rw_verb (SsdbRw rw);

G_END_DECLS
