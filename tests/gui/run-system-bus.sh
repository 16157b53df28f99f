#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test with the real system bus, udevd and udisksd (see DESIGN.md), starting the ones that
# are not running yet. They are system services and are left running for later tests.
# Usage: run-system-bus.sh TEST_PROGRAM [ARGS...]
set -uo pipefail

if [[ $(id -u) -ne 0 ]]; then
  echo "1..0 # SKIP needs root to start the system bus and udisksd"
  exit 0
fi

if [[ -S /run/dbus/system_bus_socket ]] && ! pgrep -x dbus-daemon >/dev/null; then
  # Left over from a bus that is gone: dbus-daemon refuses to start over its pid file.
  rm -f /run/dbus/system_bus_socket /run/dbus/pid
fi
if [[ ! -S /run/dbus/system_bus_socket ]]; then
  mkdir -p /run/dbus
  dbus-daemon --system --fork || echo "could not start the system bus"
fi
if ! pgrep -x systemd-udevd >/dev/null && [[ -x /lib/systemd/systemd-udevd ]]; then
  /lib/systemd/systemd-udevd --daemon || echo "could not start udevd"
fi
# Also when udevd was already running: block devices older than it have no udev database entry,
# and udisksd leaves out what udev has not seen.
udevadm trigger --action=add --subsystem-match=block || true
udevadm settle --timeout=10 || true
if ! gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner org.freedesktop.UDisks2 2>/dev/null | grep -q true; then
  if [[ -x /usr/libexec/udisks2/udisksd ]]; then
    setsid /usr/libexec/udisks2/udisksd --no-debug >/dev/null 2>&1 </dev/null &
    for _ in $(seq 1 100); do
      gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner org.freedesktop.UDisks2 2>/dev/null |
        grep -q true && break
      sleep 0.1
    done
  fi
fi

exec "$@"
