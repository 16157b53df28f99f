#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A slow device from real kernel parts: a loop device throttled by a cgroup v1 blkio group. The
# engine must measure the limit (bytes per second and I/O per second), and a limit lowered in
# the middle of a write (an SLC-cache cliff) must show in the result.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

# on RAM: only the throttle may limit the rates, not a busy disk under /var/tmp
ssdb_loop_create L 128M 4096 random ram
ssdb_tmpdir

# 40 MB/s sequential reads
J=$SSDB_TMPDIR/bps.json
ssdb_blkio_create G
ssdb_blkio_limit "$G" "$L" 40000000 0 0 0
rc=0
ssdb_blkio_run "$G" "$SSDBENCH_CLI" run job "$L" --rw read --bs 1M --qd 4 --size 64M --duration 3 \
  --json "$J" > /dev/null || rc=$?
ssdb_assert_eq "$rc" 0 "read job in the throttled group"
mbps=$(ssdb_json "$J" 'round(d["tests"][0]["bytes_per_second"] / 1e6, 2)')
ssdb_log "40 MB/s read limit: measured $mbps MB/s"
ssdb_assert_json "$J" '34e6 <= d["tests"][0]["bytes_per_second"] <= 44e6' "rate at a 40 MB/s limit"

# 2000 IOPS random writes
J=$SSDB_TMPDIR/iops.json
ssdb_blkio_limit "$G" "$L" 0 0 0 2000
rc=0
ssdb_blkio_run "$G" "$SSDBENCH_CLI" run job "$L" --rw write --access rand --bs 4K --qd 8 --size 64M \
  --duration 3 --destroy-data "$L" --json "$J" > /dev/null || rc=$?
ssdb_assert_eq "$rc" 0 "write job in the throttled group"
iops=$(ssdb_json "$J" 'round(d["tests"][0]["iops"])')
ssdb_log "2000 IOPS write limit: measured $iops IOPS"
ssdb_assert_json "$J" '1700 <= d["tests"][0]["iops"] <= 2200' "IOPS at a 2000 IOPS limit"
# queue full all the time: requests wait in the throttle, latency = QD / IOPS
ssdb_assert_json "$J" 'd["tests"][0]["mean_inflight"] >= 7.2' "queue kept full while throttled"

# a cliff: 80 MB/s, dropping to 10 MB/s after 48 MiB written; a 4 s write must land between
ssdb_blkio_limit "$G" "$L" 0 80000000 0 0
J=$SSDB_TMPDIR/cliff.json
"$(dirname "$(readlink -f "$0")")/../lib/throttle-cliff.sh" "$G" "$(ssdb_majmin "$L")" "${L#/dev/}" 48 10000000 30 \
  > "$SSDB_TMPDIR/cliff.out" &
cliff_pid=$!
ssdb_track_pid "$cliff_pid"
rc=0
ssdb_blkio_run "$G" "$SSDBENCH_CLI" run job "$L" --rw write --bs 1M --qd 4 --size 128M --duration 4 \
  --destroy-data "$L" --json "$J" > /dev/null || rc=$?
ssdb_assert_eq "$rc" 0 "write job across the cliff"
wait "$cliff_pid" || ssdb_fail "the limit was not lowered: $(cat "$SSDB_TMPDIR/cliff.out")"
mbps=$(ssdb_json "$J" 'round(d["tests"][0]["bytes_per_second"] / 1e6, 2)')
ssdb_log "80 -> 10 MB/s after 48 MiB: measured $mbps MB/s over 4 s ($(cat "$SSDB_TMPDIR/cliff.out"))"
# about 0.6 s at 80 MB/s (48 MiB), 3.4 s at 10 MB/s: (50 + 34) MB / 4 s = 21 MB/s
ssdb_assert_json "$J" '15e6 <= d["tests"][0]["bytes_per_second"] <= 28e6' "rate across the cliff"
echo "PASS"
