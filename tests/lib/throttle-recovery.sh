#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Emulates a drive whose fast-write cache fills up and comes back when the drive is left idle,
# on a device throttled by a cgroup v1 blkio group:
#
#   throttle-recovery.sh CGROUP_DIR MAJ:MIN NAME FAST_BPS SLOW_BPS CACHE_MIB IDLE_MS RESTORE_MIB...
#
# Sets the write limit of CGROUP_DIR for MAJ:MIN to FAST_BPS bytes per second. Once CACHE_MIB
# MiB have been written to device NAME (its own counters in /sys/block/NAME/stat) it lowers the
# limit to SLOW_BPS (the cliff). When no write has completed for IDLE_MS ms (the writer is
# idle), it raises the limit to FAST_BPS again for the next RESTORE_MIB MiB (the cache that came
# back), then lowers it again; once per RESTORE_MIB argument. A RESTORE_MIB of the form
# rate=R (R a whole number) is a cache that refills at R MiB per second of idle time, up to
# CACHE_MIB: the amount is R times the time from the last write before the pause to the first
# one after it, counted when the writes resume. Prints one line per cliff:
#
#   cliff 0 after BYTES      (BYTES: written at the fast limit since the limit was raised,
#                             counted 20 ms after the change: requests the throttle had let
#                             through before it complete fast)
#
# and "restored K" when the limit goes up again ("restored K after MS ms idle: BYTES" for a
# rate). Polls every 2 ms with shell builtins only (no
# process per poll). Exits 0 after the last cliff, 1 on timeout (SSDB_THROTTLE_TIMEOUT_S, 300).
set -euo pipefail
# EPOCHREALTIME's radix is the locale's: a point only in C
export LC_ALL=C
cg=$1 devnum=$2 name=$3 fast=$4 slow=$5 cache_mib=$6 idle_ms=$7
shift 7
restores=("$@")
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

echo "$devnum $fast" > "$limit"
written
start=$REPLY
budget=$((cache_mib * 2048))
phase=0
while :; do
  # fast until the budget is written
  while :; do
    written
    if ((REPLY - start >= budget)); then
      echo "$devnum $slow" > "$limit"
      # Requests the throttle let through before the change still complete at once; count them
      # (20 ms is less than one request takes at the slow limit in the tests).
      read -r -t 0.02 -u "$tick" || true
      written
      echo "cliff $phase after $(((REPLY - start) * 512))"
      break
    fi
    ((SECONDS < deadline)) || { echo "timeout waiting for write $phase" >&2; exit 1; }
    read -r -t 0.002 -u "$tick" || true
  done
  ((phase < ${#restores[@]})) || exit 0
  # slow until the writer has been idle for idle_ms
  last=$REPLY
  quiet_since=${EPOCHREALTIME/./}
  quiet=0
  while ((quiet < idle_ms)); do
    read -r -t 0.002 -u "$tick" || true
    written
    now=${EPOCHREALTIME/./}
    if ((REPLY != last)); then
      last=$REPLY
      quiet_since=$now
    fi
    quiet=$(((now - quiet_since) / 1000))
    ((SECONDS < deadline)) || { echo "timeout waiting for idle after write $phase" >&2; exit 1; }
  done
  echo "$devnum $fast" > "$limit"
  start=$REPLY
  if [[ ${restores[phase]} == rate=* ]]; then
    # the refill lasts until the writer starts again: the idle time ends at its first write
    rate=${restores[phase]#rate=}
    while :; do
      written
      ((REPLY == last)) || break
      ((SECONDS < deadline)) || { echo "timeout waiting for write $((phase + 1))" >&2; exit 1; }
      read -r -t 0.002 -u "$tick" || true
    done
    now=${EPOCHREALTIME/./}
    idle_us=$((now - quiet_since))
    budget=$((rate * idle_us * 2048 / 1000000))
    ((budget <= cache_mib * 2048)) || budget=$((cache_mib * 2048))
    echo "restored $((phase + 1)) after $((idle_us / 1000)) ms idle: $((budget * 512))"
  else
    budget=$((restores[phase] * 2048))
    echo "restored $((phase + 1))"
  fi
  phase=$((phase + 1))
done
