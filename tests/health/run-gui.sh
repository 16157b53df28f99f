#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a GUI test with the UDisks2 stand-in (profile "reallocated") on a private bus given as
# DBUS_SYSTEM_BUS_ADDRESS, and STANDIN_BLOCK naming the device it answers for.
# Usage: run-gui.sh COMMAND [ARGS...] (normally tests/gui/run-xvfb.sh SCHEMA PROGRAM --tap)
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
# shellcheck source-path=SCRIPTDIR source=standin.sh
source "$here/standin.sh"
# The test speaks TAP: a skip is a TAP plan of nothing.
ssdb_skip ()
{
  echo "1..0 # SKIP $*"
  exit 0
}
standin_begin
standin_start reallocated
"$@"
