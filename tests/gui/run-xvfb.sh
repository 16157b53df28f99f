#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a GUI test under its own Xvfb display and session bus, with the settings schema compiled
# from the source tree into a temporary directory and an in-memory settings backend.
# Usage: run-xvfb.sh SCHEMA_XML TEST_PROGRAM [ARGS...]; a TAP skip when Xvfb is missing or does not start.
set -euo pipefail

schema_xml=$1
shift

for tool in Xvfb dbus-run-session glib-compile-schemas; do
  if ! command -v "$tool" >/dev/null; then
    echo "1..0 # SKIP $tool is not installed"
    exit 0
  fi
done

work=$(mktemp -d)
xvfb_pid=
cleanup() {
  if [[ -n $xvfb_pid ]]; then
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/schemas"
cp "$schema_xml" "$work/schemas/"
glib-compile-schemas --strict "$work/schemas"

# Let Xvfb pick a free display and tell us its number. On a loaded machine it can be slow to
# come up, or lose a race for a display number: wait up to 30 s, and try three times.
display=
for attempt in 1 2 3; do
  exec {dfd}<> <(:)
  Xvfb -displayfd "$dfd" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 1 300); do
    if read -r -t 0.1 display <&"$dfd" && [[ -n $display ]]; then
      break
    fi
    kill -0 "$xvfb_pid" 2>/dev/null || break
  done
  exec {dfd}<&-
  [[ -n $display ]] && break
  echo "# Xvfb did not start (attempt $attempt): $(tr '\n' ' ' < "$work/xvfb.log")"
  kill "$xvfb_pid" 2>/dev/null || true
  wait "$xvfb_pid" 2>/dev/null || true
  xvfb_pid=
done
if [[ -z $display ]]; then
  echo "1..0 # SKIP Xvfb did not start"
  exit 0
fi

export DISPLAY=":$display"
export GDK_BACKEND=x11
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$work/schemas"
export G_DEBUG=fatal-criticals
export NO_AT_BRIDGE=1
export GTK_A11Y=none
# Sanitizer builds draw with GTK's cairo renderer: the default GL renderer runs on llvmpipe here,
# whose JIT registers unwind tables under a lock that AddressSanitizer's full-stack unwinder
# (fast_unwind_on_malloc=0, see .ci/run) takes again on every allocation: a deadlock. The
# normal build of the same tests uses the default renderer.
if [[ -n ${SSDBENCH_SANITIZE:-} && ${SSDBENCH_SANITIZE} != none ]]; then
  export GSK_RENDERER=cairo
fi
set +e
dbus-run-session -- "$@"
status=$?
set -e
exit $status
