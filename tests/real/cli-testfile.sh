#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Test-file mode in a directory on ext4 (on a loop device): the run works and reaches the device,
# and nothing is left in the directory or taken from the free space afterwards: after a normal
# run, after SIGKILL in the middle of a run, after SIGINT and SIGTERM (which end the run within
# a second with exit status 128 + the signal number: 130, 143). Too big a test file is refused
# with the numbers.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_ext4_create DEV D 160M
ssdb_tmpdir
sync
ls_before=$(ls -lAn --time-style=+ "$D")
used_before=$(ssdb_df_used "$D")

# nothing left: same listing, used space back within 1 MiB
check_clean ()
{
  local what=$1 used ls_now
  sync
  ls_now=$(ls -lAn --time-style=+ "$D")
  if [[ $ls_now != "$ls_before" ]]; then
    diff <(echo "$ls_before") <(echo "$ls_now") >&2 || true
    ssdb_fail "$what: the directory changed"
  fi
  used=$(ssdb_df_used "$D")
  ((used - used_before < 1048576)) ||
    ssdb_fail "$what: $((used - used_before)) bytes still used on the file system"
  ssdb_log "$what: directory unchanged, used space $used_before -> $used bytes"
}

# wait_for_test_file PID: until PID holds an open file in $D and the file has space allocated.
wait_for_test_file ()
{
  local pid=$1 i fd
  for ((i = 0; i < 500; i++)); do
    for fd in "/proc/$pid/fd"/*; do
      # an O_TMPFILE file shows as "$D/#12 (deleted)"
      if [[ $(readlink "$fd" 2> /dev/null) == "$D/"* ]] &&
        (($(ssdb_df_used "$D") - used_before > 16777216)); then
        return 0
      fi
    done
    kill -0 "$pid" 2> /dev/null || { ssdb_show_output; ssdb_fail "run ended early"; }
    sleep 0.02
  done
  ssdb_fail "no test file appeared in $D within 10 s"
}

# wait_for_measuring PID: until the device counters show reads of a measured pass (after the fill).
wait_for_measuring ()
{
  local pid=$1 name=${DEV#/dev/} i r0 st
  read -r -a st < "/sys/block/$name/stat"
  r0=${st[2]}
  for ((i = 0; i < 1000; i++)); do
    read -r -a st < "/sys/block/$name/stat"
    # 16 MiB read: only the measured read passes read (the fill writes)
    ((st[2] - r0 > 32768)) && return 0
    kill -0 "$pid" 2> /dev/null || { ssdb_show_output; ssdb_fail "run ended early"; }
    sleep 0.02
  done
  ssdb_fail "no measured reads on $DEV within 20 s"
}

# 1. a normal run
J=$SSDB_TMPDIR/summary.json
ssdb_cli summary run summary "$D" --size 32M --count 1 --duration 1 --json "$J"
ssdb_assert_rc 0 "summary in $D"
ssdb_assert_contains "$SSDB_OUT" "Target: test file in $D (ext4 on ${DEV#/dev/})"
ssdb_assert_json "$J" "d['target']['kind'] == 'file' and d['target']['path'] == '$D' and d['target']['fs_type'] == 'ext4'" \
  "test-file target"
ssdb_assert_json "$J" "d['target']['name'] == '${DEV#/dev/}' and d['target']['size_bytes'] == 33554432 and d['target']['direct_io']" \
  "test file on ${DEV#/dev/}"
ssdb_assert_json "$J" 'len(d["tests"]) == 8 and all(t["state"] == "done" and t["bytes_per_second"] > 0 for t in d["tests"])' \
  "all tests done"
ssdb_assert_json "$J" 'all(t["device_bytes"]["counters_valid"] and t["device_bytes"]["reached_device"] for t in d["tests"])' \
  "I/O reached the loop device"
ssdb_assert_json "$J" 'd["summary"]["prepare_ns"] > 0' "the test file was filled before reading"
check_clean "after a normal run"

# 2. SIGKILL during a measured pass: O_TMPFILE leaves nothing behind
ssdb_cli_bg kill9 run summary "$D" --size 64M --count 3 --duration 5
pid=$SSDB_PID
wait_for_test_file "$pid"
wait_for_measuring "$pid"
ssdb_log "test file in use: $(($(ssdb_df_used "$D") - used_before)) bytes allocated"
kill -9 "$pid"
rc=0
wait "$pid" || rc=$?
ssdb_assert_eq "$rc" 137 "exit status after SIGKILL"
check_clean "after SIGKILL"

# 3. SIGINT and SIGTERM: cancelled within a second, exit 128 + signal (130, 143), nothing left
for sig in INT TERM; do
  ssdb_cli_bg "sig$sig" run summary "$D" --size 64M --count 3 --duration 5 \
    --json "$SSDB_TMPDIR/sig$sig.json"
  pid=$SSDB_PID
  wait_for_test_file "$pid"
  wait_for_measuring "$pid"
  t0=$(ssdb_now_ns)
  kill "-$sig" "$pid"
  rc=0
  wait "$pid" || rc=$?
  t1=$(ssdb_now_ns)
  ms=$(((t1 - t0) / 1000000))
  ssdb_log "SIG$sig during a measured pass: exit status $rc after $ms ms"
  echo "SIG$sig to exit: $ms ms"
  SSDB_RC=$rc
  expected=130
  [[ $sig == TERM ]] && expected=143
  ssdb_assert_rc "$expected" "after SIG$sig"
  ((ms < 1000)) || ssdb_fail "SIG$sig took $ms ms to end the run (limit 1000 ms)"
  ssdb_assert_contains "$SSDB_ERR" "cancelled"
  ssdb_assert_json "$SSDB_TMPDIR/sig$sig.json" 'any(t["state"] == "cancelled" for t in d["tests"]) and not any(t["state"] == "pending" for t in d["tests"])' \
    "cancelled entries in the JSON written on SIG$sig"
  check_clean "after SIG$sig"
done

# 4. SIGINT while the test file is being filled (before the first pass)
ssdb_cli_bg fillint run summary "$D" --size 128M --count 1 --duration 1
pid=$SSDB_PID
wait_for_test_file "$pid"
t0=$(ssdb_now_ns)
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
t1=$(ssdb_now_ns)
ms=$(((t1 - t0) / 1000000))
echo "SIGINT during the fill to exit: $ms ms"
SSDB_RC=$rc
ssdb_assert_rc 130 "after SIGINT during the fill"
((ms < 1000)) || ssdb_fail "SIGINT during the fill took $ms ms (limit 1000 ms)"
check_clean "after SIGINT during the fill"

# 5. not enough free space: refused before anything is written, with both numbers
read -r bavail bsize < <(stat -f -c '%a %S' "$D")
avail=$((bavail * bsize))
ssdb_cli nospace run summary "$D" --size 1G --count 1 --duration 1
ssdb_assert_rc 1 "a 1 GiB test file in a 160 MiB file system"
ssdb_assert_contains "$SSDB_ERR" "$D" "free space" "1073741824 bytes" "$avail bytes"
ssdb_log "refusal: $(cat "$SSDB_ERR")"
ssdb_cli nospace-job run job "$D" --size 200M --duration 1
ssdb_assert_rc 1 "a 200 MiB job file in a 160 MiB file system"
ssdb_assert_contains "$SSDB_ERR" "$D" "209715200 bytes" "$avail bytes"
check_clean "after the refusals"
echo "PASS"
