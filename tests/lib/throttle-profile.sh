#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A device whose write rate follows a scripted profile of the bytes written to it, from real
# kernel parts: a cgroup v1 blkio group's write limit, changed as the device's own counters
# (/sys/block/NAME/stat) pass each given amount.
#
#   throttle-profile.sh CGROUP_DIR MAJ:MIN NAME BPS0 [MIB1 BPS1 [MIB2 BPS2 ...]] 
#
# Sets the write limit of CGROUP_DIR for MAJ:MIN to BPS0 bytes per second; once MIB1 MiB have
# been written to NAME since the start, sets it to BPS1; once MIB2 MiB, to BPS2; and so on
# (MIBk ascending). Prints "level K at BYTES" when it sets level K (K >= 1), BYTES written then,
# counted 20 ms after the change (requests the throttle had let through before complete fast).
# Polls every 2 ms with shell builtins only (no process per poll). Exits 0 after the last level,
# 1 on timeout (SSDB_THROTTLE_TIMEOUT_S, 300).
set -euo pipefail
cg=$1 devnum=$2 name=$3 bps0=$4
shift 4
stat=/sys/block/$name/stat
limit=$cg/blkio.throttle.write_bps_device
timeout=${SSDB_THROTTLE_TIMEOUT_S:-300}
exec {tick}<> <(:)
deadline=$((SECONDS + timeout))

written ()
{
  local f
  read -r -a f < "$stat"
  REPLY=${f[6]}
}

echo "$devnum $bps0" > "$limit"
written
start=$REPLY
level=0
while (($# >= 2)); do
  want=$(($1 * 2048)) bps=$2
  shift 2
  level=$((level + 1))
  while :; do
    written
    if ((REPLY - start >= want)); then
      echo "$devnum $bps" > "$limit"
      read -r -t 0.02 -u "$tick" || true
      written
      echo "level $level at $(((REPLY - start) * 512))"
      break
    fi
    ((SECONDS < deadline)) || { echo "timeout waiting for $((want / 2048)) MiB written" >&2; exit 1; }
    read -r -t 0.002 -u "$tick" || true
  done
done
exit 0
