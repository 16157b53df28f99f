#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Devices that vanish, on loop devices over ssdbench-faultfs:
# 1. the file system behind the loop device dies in the middle of a run (its process is
#    killed): the run ends with a clear I/O error naming device, operation, offset and errno,
#    and keeps what it measured;
# 2. a listed loop device is detached: the device monitor (sysfs poll, and UDisks2 on the system
#    bus) drops it, and opening it again says it has no medium (test-fault-monitor);
# 3. the CLI on the detached device refuses with the same message.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir
T='d["tests"]'

# 1. The file system process is killed while every read takes 20 ms.
ssdb_faultfs_create D 64M
ssdb_fill_random "$D"
ssdb_faultfs_ctl delay read 0 $((64 * 1048576)) 20000
J=$SSDB_TMPDIR/killed.json
ssdb_cli_bg killed run summary "$D" --size 64M --count 1 --duration 5 --read-only --json "$J"
# Wait for measured data (the first pass runs), then kill the file system. The count is of
# the file system's reads, which the kernel may cut each 1 MiB request into: wait for 64 of
# them, then half a second more, so that whole requests have completed (each read takes 20 ms)
# also on a slow (sanitizer) build.
for ((i = 0; i < 200; i++)); do
  (($(ssdb_faultfs_stat delayed) >= 64)) && break
  sleep 0.05
done
sleep 0.5
kill -9 "$SSDB_FAULTFS_PID"
rc=0
wait "$SSDB_PID" || rc=$?
SSDB_RC=$rc
ssdb_assert_rc 1 "run summary when the file system behind the loop device dies"
ssdb_assert_contains "$SSDB_ERR" "I/O error on $D: read of 1048576 bytes at offset " \
  " failed: Input/output error (errno 5)"
ssdb_assert_json "$J" "${T}[0]['state'] == 'failed' and ${T}[0]['message'].startswith('I/O error on $D: read of 1048576 bytes at offset ')" \
  "failed test named"
ssdb_assert_json "$J" "len(${T}[0]['passes']) == 1 and ${T}[0]['passes'][0]['cancelled'] and ${T}[0]['passes'][0]['read_bytes'] > 0" \
  "what was measured before is kept"
ssdb_assert_json "$J" "all(t['state'] == 'skipped' for t in ${T}[1:])" "other tests skipped"

# 2. A listed loop device is detached (a fresh one: the first is broken now).
ssdb_faultfs_create D2 64M
if [[ -z ${SSDBENCH_FAULT_MONITOR:-} || ! -x $SSDBENCH_FAULT_MONITOR ]]; then
  ssdb_skip "test-fault-monitor was not built"
fi
HERE=$(dirname "$(readlink -f "$0")")
"$HERE/../gui/run-system-bus.sh" "$SSDBENCH_FAULT_MONITOR" "$D2" ||
  ssdb_fail "the device monitor kept a vanished device (test-fault-monitor failed)"

# 3. The CLI on the detached device.
ssdb_cli detached run summary "$D2" --size 64M --count 1 --duration 1 --read-only
ssdb_assert_rc 1 "run summary on a detached loop device"
ssdb_assert_contains "$SSDB_ERR" "$D2 has no medium: its size is 0 bytes (detached, removed or empty)"
echo "ok: vanished devices give clear errors and leave the device list"
