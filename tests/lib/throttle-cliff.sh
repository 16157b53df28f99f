#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Emulates an SLC-cache cliff on a throttled block device: waits until device NAME has had
# AFTER_MIB MiB written (its own counters in /sys/block/NAME/stat), then sets the cgroup v1 blkio
# write limit of CGROUP_DIR for MAJ:MIN to BPS bytes per second.
#
#   throttle-cliff.sh CGROUP_DIR MAJ:MIN NAME AFTER_MIB BPS [TIMEOUT_S]
#
# Polls every 2 ms with shell builtins only (no process per poll). Prints "cliff at BYTES" with
# the bytes written when the limit changed; exits 1 on timeout.
set -euo pipefail
cg=$1 devnum=$2 name=$3 after_mib=$4 bps=$5 timeout=${6:-120}
stat=/sys/block/$name/stat
read -r -a f < "$stat"
start=${f[6]}
want=$(( after_mib * 1024 * 1024 / 512 ))
exec {tick}<> <(:)
polls=$(( timeout * 500 ))
for (( i = 0; i < polls; i++ )); do
  read -r -a f < "$stat"
  if (( f[6] - start >= want )); then
    echo "$devnum $bps" > "$cg/blkio.throttle.write_bps_device"
    echo "cliff at $(( (f[6] - start) * 512 ))"
    exit 0
  fi
  read -t 0.002 -u "$tick" || true
done
echo "timeout waiting for $after_mib MiB written to $name" >&2
exit 1
