# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The UDisks2 stand-in with one ATA drive (udisks2-ata.py, run by python3-dbusmock) on a
# private bus exported as DBUS_SYSTEM_BUS_ADDRESS. No SATA disk exists on the machines the tests
# run on, so the real udisksd cannot be asked for SMART there. Sourced after tests/lib/targets.sh.
#   standin_begin [BLOCK]: skips without dbus-daemon or python3-dbusmock; picks STANDIN_BLOCK,
#     BLOCK or else a block device of this machine that is neither NVMe (read through its own log
#     page) nor a device with a dash in its name (the stand-in drive answers for it; health only
#     reads), and starts the private bus
#   standin_start PROFILE: (re)starts the stand-in with that profile (see udisks2-ata.py)
#   standin_stop: stops it (the bus stays: UDisks2 is then absent from it)
standin_dir=$(dirname "${BASH_SOURCE[0]}")
STANDIN_BLOCK=
standin_pid=

standin_begin ()
{
  local b
  ssdb_require_cmd dbus-daemon gdbus
  "$SSDB_PYTHON" -c 'import dbusmock' 2> /dev/null || ssdb_skip "python3-dbusmock is not installed"
  ssdb_tmpdir
  STANDIN_BLOCK=${1:-}
  for b in /sys/block/*; do
    [[ -z $STANDIN_BLOCK ]] || break
    b=${b##*/}
    if [[ -b /dev/$b && $b =~ ^(loop|zram|ram|vd|xvd|sd|hd|mmcblk)[0-9a-z]*$ ]]; then
      STANDIN_BLOCK=$b
      break
    fi
  done
  [[ -n $STANDIN_BLOCK ]] || ssdb_skip "no block device on this machine"
  ssdb_log "the stand-in drive answers for /dev/$STANDIN_BLOCK"
  dbus-daemon --session --nofork --nopidfile --print-address=3 3> "$SSDB_TMPDIR/bus" 2> /dev/null &
  ssdb_cleanup_push kill "$!"
  for _ in $(seq 1 100); do
    [[ -s $SSDB_TMPDIR/bus ]] && break
    sleep 0.1
  done
  DBUS_SYSTEM_BUS_ADDRESS=$(head -n 1 "$SSDB_TMPDIR/bus")
  [[ -n $DBUS_SYSTEM_BUS_ADDRESS ]] || ssdb_fail "the private bus did not start"
  export DBUS_SYSTEM_BUS_ADDRESS STANDIN_BLOCK
  ssdb_cleanup_push standin_stop
}

standin_start ()
{
  standin_stop
  "$SSDB_PYTHON" -m dbusmock --system --template "$standin_dir/udisks2-ata.py" \
    -p "{\"block\": \"$STANDIN_BLOCK\", \"profile\": \"$1\"}" > "$SSDB_TMPDIR/standin-$1.log" 2>&1 &
  standin_pid=$!
  for _ in $(seq 1 100); do
    gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
      --method org.freedesktop.DBus.NameHasOwner org.freedesktop.UDisks2 2> /dev/null |
      grep -q true && return 0
    sleep 0.1
  done
  cat "$SSDB_TMPDIR/standin-$1.log" >&2
  ssdb_fail "the UDisks2 stand-in did not start ($1)"
}

standin_stop ()
{
  if [[ -n $standin_pid ]]; then
    kill "$standin_pid" 2> /dev/null || true
    wait "$standin_pid" 2> /dev/null || true
    standin_pid=
  fi
}
