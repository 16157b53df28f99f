#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# I/O errors in the middle of a run, on a loop device over ssdbench-faultfs (real EIO from the
# kernel): the failed test names the device, the operation, the offset in bytes and the errno,
# keeps what it measured (the interrupted pass marked cancelled), and the other tests are
# skipped (--on-error stop, the default) or run (--on-error continue). Exit status 1.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_faultfs_create D 64M
ssdb_fill_random "$D"
ssdb_tmpdir
MIB=1048576
BAD=$((8 * MIB))

# 1. A read error at 8 MiB: SEQ1M Q8T1 (sequential from 0) reaches it in its first pass.
ssdb_faultfs_ctl eio read "$BAD" 4096
J=$SSDB_TMPDIR/read-stop.json
ssdb_cli read-stop run summary "$D" --size 64M --count 2 --duration 2 --read-only --json "$J"
ssdb_assert_rc 1 "run summary with a read error"
MSG="I/O error on $D: read of 1048576 bytes at offset $BAD failed: Input/output error (errno 5)"
ssdb_assert_contains "$SSDB_ERR" "$MSG"
errors=$(ssdb_faultfs_stat errors)
((errors >= 1)) || ssdb_fail "the file system returned no error (errors: $errors)"
T='d["tests"]'
ssdb_assert_json "$J" "${T}[0]['name'] == 'SEQ1M Q8T1' and ${T}[0]['state'] == 'failed'" \
  "first test failed"
ssdb_assert_json "$J" "${T}[0]['message'] == '$MSG'" "failed test's message"
# The pass cut short is kept, marked cancelled, with what completed before the error: at least
# the requests below 8 MiB, never the failed one.
ssdb_assert_json "$J" "len(${T}[0]['passes']) == 1 and ${T}[0]['passes'][0]['cancelled']" \
  "partial pass kept and marked"
ssdb_assert_json "$J" "${T}[0]['passes'][0]['read_bytes'] >= $MIB and ${T}[0]['passes'][0]['read_bytes'] % $MIB == 0" \
  "partial pass counts whole completed requests"
ssdb_assert_json "$J" "all(t['state'] == 'skipped' and t['message'] == 'not run after an earlier error' and t['passes'] == [] for t in ${T}[1:])" \
  "other tests skipped (--on-error stop)"
ssdb_assert_contains "$SSDB_OUT" "failed, partial: 1 measured pass" "skipped"

# 2. The same with --on-error continue: every test runs; the sequential ones fail at 8 MiB,
# the random ones fail only if they happen to touch the 4 KiB that fails.
J=$SSDB_TMPDIR/read-continue.json
ssdb_cli read-continue run summary "$D" --size 64M --count 1 --duration 1 --read-only \
  --on-error continue --json "$J"
ssdb_assert_rc 1 "run summary --on-error continue with a read error"
ssdb_assert_contains "$SSDB_ERR" "$MSG"
ssdb_assert_json "$J" "[t['state'] for t in ${T}[:2]] == ['failed', 'failed']" \
  "both sequential tests failed"
ssdb_assert_json "$J" "${T}[1]['message'] == '$MSG'" "second test's message"
ssdb_assert_json "$J" "all((t['state'] == 'done' and len(t['passes']) == 1) or (t['state'] == 'failed' and len(t['passes']) <= 1) for t in ${T}[2:])" \
  "random tests ran after the failures"
ssdb_assert_json "$J" "all(t['passes'][0]['read_bytes'] > 0 for t in ${T}[:2])" \
  "the failed sequential tests kept what they measured"

# 3. Bad --on-error values are refused before anything runs.
ssdb_cli bad-policy run summary "$D" --size 64M --count 1 --duration 1 --on-error maybe
ssdb_assert_rc 2 "run summary --on-error maybe"
ssdb_assert_contains "$SSDB_ERR" "--on-error"

# 4. Every write fails once the region has been filled (64 writes of 1 MiB before the reads):
# the read tests complete, the first write test fails.
ssdb_faultfs_ctl clear
J=$SSDB_TMPDIR/write-stop.json
# fail_writes_after_fill W0: wait until the fill's 64 writes reached the file system (its write
# counter was W0 before) and the first read test has begun (the fill is over: its 1 MiB writes
# may reach the file system in smaller pieces), then make every write fail (the read tests that
# follow take seconds).
fail_writes_after_fill ()
{
  local w0=$1 r1 i
  for ((i = 0; i < 600; i++)); do
    (($(ssdb_faultfs_stat writes) >= w0 + 64)) && break
    sleep 0.05
  done
  r1=$(ssdb_faultfs_stat reads)
  for ((i = 0; i < 600; i++)); do
    (($(ssdb_faultfs_stat reads) > r1)) && break
    sleep 0.05
  done
  ssdb_faultfs_ctl eio write 0 $((64 * MIB))
}
w0=$(ssdb_faultfs_stat writes)
ssdb_cli_bg write-stop run summary "$D" --size 64M --count 1 --duration 1 --destroy-data "$D" \
  --json "$J"
fail_writes_after_fill "$w0"
SSDB_RC=0
wait "$SSDB_PID" || SSDB_RC=$?
ssdb_assert_rc 1 "run summary with write errors"
# Eight requests fail at once (QD 8): the first one reaped is named, one of the first 8 MiB.
WPRE="I/O error on $D: write of 1048576 bytes at offset "
WSUF=" failed: Input/output error (errno 5)"
# is_write_error EXPR LIMIT: a Python test that the message EXPR names a failed write on $D of
# 1 MiB or 4 KiB, at an offset below LIMIT aligned to the request size, with EIO.
is_write_error ()
{
  local p="I/O error on $D: write of "
  printf "%s.startswith('%s') and %s.endswith('%s') and %s[len('%s'):].split(' ')[0] in ('1048576', '4096') and int(%s.split(' at offset ')[1].split(' ')[0]) %% int(%s[len('%s'):].split(' ')[0]) == 0 and int(%s.split(' at offset ')[1].split(' ')[0]) < %d" \
    "$1" "$p" "$1" "$WSUF" "$1" "$p" "$1" "$1" "$p" "$1" "$2"
}
ssdb_assert_contains "$SSDB_ERR" "$WPRE" "$WSUF"
ssdb_assert_json "$J" "all(t['state'] == 'done' for t in ${T} if t['rw'] == 'read')" "reads done"
ssdb_assert_json "$J" "[t['state'] for t in ${T} if t['rw'] == 'write'] == ['failed', 'skipped', 'skipped', 'skipped']" \
  "first write failed, the others skipped"
ssdb_assert_json "$J" "$(is_write_error "[t for t in ${T} if t['rw'] == 'write'][0]['message']" $((8 * MIB)))" \
  "write failure message"

# ... and with --on-error continue, all four write tests fail (each at its first request).
ssdb_faultfs_ctl clear
J=$SSDB_TMPDIR/write-continue.json
w0=$(ssdb_faultfs_stat writes)
ssdb_cli_bg write-continue run summary "$D" --size 64M --count 1 --duration 1 \
  --destroy-data "$D" --on-error continue --json "$J"
fail_writes_after_fill "$w0"
SSDB_RC=0
wait "$SSDB_PID" || SSDB_RC=$?
ssdb_assert_rc 1 "run summary --on-error continue with write errors"
ssdb_assert_json "$J" "all(t['state'] == 'done' for t in ${T} if t['rw'] == 'read')" "reads done"
ssdb_assert_json "$J" "[t['state'] for t in ${T} if t['rw'] == 'write'] == ['failed'] * 4" \
  "every write test failed"
ssdb_assert_json "$J" "all($(is_write_error "t['message']" $((64 * MIB))) for t in ${T} if t['rw'] == 'write')" \
  "every write failure named"

# 5. Preparing the region (the fill before reads) fails: the reason is in every skipped test.
ssdb_faultfs_ctl eio write 0 $((64 * MIB))
J=$SSDB_TMPDIR/fill.json
ssdb_cli fill run summary "$D" --size 64M --count 1 --duration 1 --destroy-data "$D" --json "$J"
ssdb_assert_rc 1 "run summary whose fill fails"
ssdb_assert_contains "$SSDB_ERR" "$WPRE" "$WSUF"
FPRE="not run: preparing the test region failed: "
ssdb_assert_json "$J" "all(t['state'] == 'skipped' and t['message'].startswith('$FPRE') and $(is_write_error "t['message'][len('$FPRE'):]" $((4 * MIB))) for t in ${T})" \
  "fill failure named in every test"
echo "ok: I/O errors reported with device, operation, offset and errno"
