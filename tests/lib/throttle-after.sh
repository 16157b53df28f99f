#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A device that changes speed after something has happened to it, from real kernel parts: a
# cgroup v1 blkio group's read and write limits, changed once the device's own counters
# (/sys/block/NAME/stat) show the event.
#
#   throttle-after.sh CGROUP_DIR MAJ:MIN NAME READ_BPS WRITE_BPS EVENT COUNT READ_BPS2 WRITE_BPS2
#                     [COUNT READ_BPS WRITE_BPS]...
#
# Sets the limits of CGROUP_DIR for MAJ:MIN to READ_BPS and WRITE_BPS bytes per second (0: no
# limit). Once the event has happened COUNT times since the start, sets them to READ_BPS2 and
# WRITE_BPS2; then at each further COUNT (rising) to the limits that follow it (a device that
# slows step by step as it fills). EVENT is
#   written    COUNT is MiB written to NAME (a drive whose reads slow once it is overwritten)
#   discards   COUNT is discard requests completed by NAME (a drive that slows once deleted from)
# Prints "changed after COUNT EVENT" each time it changes the limits. Polls every 2 ms with shell
# builtins only (no process per poll). Exits 0 after the last change, 1 on timeout
# (SSDB_THROTTLE_TIMEOUT_S, 300).
set -euo pipefail
cg=$1 devnum=$2 name=$3 rbps=$4 wbps=$5 event=$6
shift 6
changes=("$@")
((${#changes[@]} >= 3 && ${#changes[@]} % 3 == 0)) || {
  echo "throttle-after.sh: give COUNT READ_BPS WRITE_BPS after the event, once or more" >&2
  exit 2
}
stat=/sys/block/$name/stat
timeout=${SSDB_THROTTLE_TIMEOUT_S:-300}
exec {tick}<> <(:)
deadline=$((SECONDS + timeout))

case $event in
  written) field=6 unit=2048 ;; # sectors written, per MiB
  discards) field=11 unit=1 ;;  # discard requests completed
  *)
    echo "throttle-after.sh: unknown event '$event' (written or discards)" >&2
    exit 2
    ;;
esac

counter ()
{
  local f
  read -r -a f < "$stat"
  REPLY=${f[$field]:-0}
}

limits ()
{
  echo "$devnum $1" > "$cg/blkio.throttle.read_bps_device"
  echo "$devnum $2" > "$cg/blkio.throttle.write_bps_device"
}

limits "$rbps" "$wbps"
counter
start=$REPLY
for ((c = 0; c < ${#changes[@]}; c += 3)); do
  count=${changes[c]}
  while :; do
    counter
    if ((REPLY - start >= count * unit)); then
      limits "${changes[c + 1]}" "${changes[c + 2]}"
      echo "changed after $count $event"
      break
    fi
    ((SECONDS < deadline)) || { echo "timeout waiting for $count $event" >&2; exit 1; }
    read -r -t 0.002 -u "$tick" || true
  done
done
exit 0
