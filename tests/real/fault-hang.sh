#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A device that stops answering (ssdbench-faultfs holds the requests of a loop device): SIGINT
# and SIGTERM return control within 250 ms although requests stay in flight in the kernel; the
# CLI prints what was measured, says the device is not responding, writes the JSON (the test
# cancelled with that message, its partial pass kept) and exits with 128 + the signal. The
# process itself can only end once the kernel completes its requests (Linux waits for in-flight
# asynchronous I/O when a process exits), so the test releases them before it waits.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_faultfs_create D 64M
ssdb_fill_random "$D"
ssdb_tmpdir
MIB=1048576
T='d["tests"]'

# signal_and_time PID SIG FILE TEXT: send SIG to PID and print the ms until FILE contains TEXT
# (polled every 2 ms in one process, so that the shell's own forks do not add to the time);
# fails after 10 s.
signal_and_time ()
{
  "$SSDB_PYTHON" -c '
import os, signal, sys, time
pid, sig, path, text = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4].encode()
t0 = time.monotonic()
os.kill(pid, getattr(signal, "SIG" + sig))
while time.monotonic() - t0 < 10:
    with open(path, "rb") as f:
        if text in f.read():
            print(int((time.monotonic() - t0) * 1000))
            sys.exit(0)
    time.sleep(0.002)
sys.exit(1)
' "$@"
}

# stop_hung NAME SIG EXPECTED_RC: stop the CLI started as NAME, time it, release, check status.
stop_hung ()
{
  local name=$1 sig=$2 expected=$3 pid=$SSDB_PID ms held rc=0
  ms=$(signal_and_time "$pid" "$sig" "$SSDB_ERR" "not responding") || {
    ssdb_show_output
    ssdb_fail "$name: no 'not responding' message 10 s after SIG$sig"
  }
  echo "$name: SIG$sig to the 'not responding' message: $ms ms"
  if [[ -z ${SSDBENCH_SANITIZE:-} || $SSDBENCH_SANITIZE == none ]]; then
    ((ms < 250)) || ssdb_fail "$name: SIG$sig took $ms ms to return control (limit 250 ms)"
  fi
  # Everything is printed while the requests are still held.
  ssdb_assert_contains "$SSDB_ERR" "cancelled"
  held=$(ssdb_faultfs_stat held)
  ((held >= 1)) || ssdb_fail "$name: nothing held any more before the release ($held)"
  # Remove the rule too: the kernel may still queue parts of the requests (FUSE sends at most
  # 12 in the background), which a remaining rule would hold again.
  ssdb_faultfs_ctl clear
  wait "$pid" || rc=$?
  SSDB_RC=$rc
  ssdb_assert_rc "$expected" "$name after SIG$sig"
}

# 1. Reads at 8 MiB hang in SEQ1M Q8T1 after some requests completed; SIGINT.
ssdb_faultfs_ctl hang read $((8 * MIB)) 4096
J=$SSDB_TMPDIR/hang-read.json
ssdb_faultfs_cli_bg hang-read run summary "$D" --size 64M --count 3 --duration 30 --read-only --json "$J"
ssdb_faultfs_wait_held 1
sleep 0.3
stop_hung hang-read INT 130
ssdb_assert_json "$J" "${T}[0]['name'] == 'SEQ1M Q8T1' and ${T}[0]['state'] == 'cancelled'" \
  "hung test cancelled"
ssdb_assert_json "$J" "${T}[0]['message'].startswith('The read test on $D was cancelled, but the device is not responding: ')" \
  "hung test says the device is not responding"
ssdb_assert_json "$J" "${T}[0]['message'].endswith('did not complete within 100 ms')" \
  "hung test names the requests left"
ssdb_assert_json "$J" "len(${T}[0]['passes']) == 1 and ${T}[0]['passes'][0]['cancelled'] and ${T}[0]['passes'][0]['read_bytes'] >= 8 * $MIB" \
  "partial pass kept: at least the 8 MiB before the hang"
ssdb_assert_json "$J" "all(t['state'] == 'cancelled' and t['passes'] == [] for t in ${T}[1:])" \
  "other tests cancelled"
ssdb_assert_contains "$SSDB_OUT" "(Q=  8, T= 1)" "cancelled, partial: 1 measured pass"

# 2. Every request hangs from the start (nothing measured); SIGTERM.
ssdb_faultfs_ctl clear
ssdb_faultfs_ctl hang rw 0 $((64 * MIB))
J=$SSDB_TMPDIR/hang-all.json
ssdb_faultfs_cli_bg hang-all run summary "$D" --size 64M --count 1 --duration 30 --read-only --json "$J"
ssdb_faultfs_wait_held 8
stop_hung hang-all TERM 143
ssdb_assert_json "$J" "${T}[0]['state'] == 'cancelled' and ${T}[0]['passes'] == []" \
  "nothing measured, nothing invented"
ssdb_assert_json "$J" "${T}[0]['message'] == 'The read test on $D was cancelled, but the device is not responding: 8 requests did not complete within 100 ms'" \
  "all eight requests named"

# 3. The device answers again: a new run works on the same device.
ssdb_faultfs_ctl clear
ssdb_cli after run summary "$D" --size 64M --count 1 --duration 1 --read-only --profile realworld
ssdb_assert_rc 0 "run summary after the release"
echo "ok: a hung device returns control within 250 ms of the stop"
