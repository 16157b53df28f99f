#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SIGINT, SIGTERM and SIGKILL at random points of runs:
#  - a test-file run (ext4 on a loop device): nothing is left in the directory (ls -a) and the
#    used space (df) is back to what it was;
#  - a device run that may write (zram, --destroy-data, a region in the middle of the device):
#    every byte outside the region is unchanged (sha256 of the parts before and after it), and
#    on SIGINT/SIGTERM the CLI says which region was written.
# Exit status: 130 after SIGINT, 143 after SIGTERM, 137 after SIGKILL.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

MiB=1048576
ROUNDS=${SSDB_KILL_ROUNDS:-2}

# random_delay MIN_MS MAX_MS: sleeps a random time between the two.
random_delay ()
{
  local ms=$(($1 + RANDOM % ($2 - $1 + 1)))
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
  echo "$ms"
}

expected_status ()
{
  case $1 in
    INT) echo 130 ;;
    TERM) echo 143 ;;
    KILL) echo 137 ;;
  esac
}

# -- test file ---------------------------------------------------------------------------------
ssdb_ext4_create DEV D 160M
sync
ls_before=$(ls -la --time-style=+ "$D")
used_before=$(ssdb_df_used "$D")

for ((round = 0; round < ROUNDS; round++)); do
  for sig in INT TERM KILL; do
    ssdb_cli_bg "file-$sig" run summary "$D" --size 48M --count 2 --duration 0.5
    pid=$SSDB_PID
    # anywhere from the creation of the test file to the measured passes
    ms=$(random_delay 50 3000)
    kill -0 "$pid" 2> /dev/null || { ssdb_show_output; ssdb_fail "the run ended within $ms ms"; }
    kill "-$sig" "$pid"
    rc=0
    wait "$pid" || rc=$?
    ssdb_log "test file: SIG$sig after $ms ms, exit status $rc"
    SSDB_RC=$rc
    ssdb_assert_rc "$(expected_status $sig)" "test-file run after SIG$sig at $ms ms"
    sync
    ls_now=$(ls -la --time-style=+ "$D")
    if [[ $ls_now != "$ls_before" ]]; then
      diff <(echo "$ls_before") <(echo "$ls_now") >&2 || true
      ssdb_fail "SIG$sig at $ms ms: the directory changed"
    fi
    used=$(ssdb_df_used "$D")
    ((used - used_before < MiB)) ||
      ssdb_fail "SIG$sig at $ms ms: $((used - used_before)) bytes still used in $D"
    # (a signal in the first milliseconds, before the run started, ends the process at once)
    if [[ $sig != KILL ]] && ((ms >= 300)); then
      ssdb_assert_contains "$SSDB_ERR" "cancelled"
    fi
  done
done
echo "test file: SIGINT, SIGTERM, SIGKILL x $ROUNDS: nothing left, used space unchanged"

# -- device ------------------------------------------------------------------------------------
# 128 MiB of random data; the run may write [32 MiB, 64 MiB) only.
ssdb_zram_create Z 128M
ssdb_fill_random "$Z"
part_sum ()
{
  dd if="$Z" bs=1M skip="$1" count="$2" iflag=direct status=none | sha256sum | cut -d' ' -f1
}
head_sum=$(part_sum 0 32)
tail_sum=$(part_sum 64 64)

for ((round = 0; round < ROUNDS; round++)); do
  for sig in INT TERM KILL; do
    if ((RANDOM % 2)); then
      ssdb_cli_bg "dev-$sig" run summary "$Z" --destroy-data "$Z" --offset 32M --size 32M \
        --count 2 --duration 0.5
    else
      ssdb_cli_bg "dev-$sig" run job "$Z" --destroy-data "$Z" --offset 32M --size 32M \
        --rw write --access rand --bs 4K --qd 8 --duration 5
    fi
    pid=$SSDB_PID
    ms=$(random_delay 50 2500)
    kill -0 "$pid" 2> /dev/null || { ssdb_show_output; ssdb_fail "the run ended within $ms ms"; }
    kill "-$sig" "$pid"
    rc=0
    wait "$pid" || rc=$?
    ssdb_log "device: SIG$sig after $ms ms, exit status $rc"
    SSDB_RC=$rc
    ssdb_assert_rc "$(expected_status $sig)" "device run after SIG$sig at $ms ms"
    if [[ $sig != KILL ]] && ((ms >= 300)); then
      ssdb_assert_contains "$SSDB_ERR" "cancelled" "$Z" "left as the run left it" \
        "bytes 33554432 to 67108864"
      ssdb_log "$(grep 'left as' "$SSDB_ERR")"
    fi
    ssdb_assert_eq "$(part_sum 0 32)" "$head_sum" "sha256 of $Z before the region after SIG$sig"
    ssdb_assert_eq "$(part_sum 64 64)" "$tail_sum" "sha256 of $Z after the region after SIG$sig"
    # the device is free again: nothing holds it open
    ssdb_retry 50 "$SSDB_PYTHON" -c 'import os,sys; os.close(os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL))' "$Z" ||
      ssdb_fail "$Z is still held after SIG$sig"
  done
done

# a read-only run on the device says it is unchanged
ssdb_cli_bg dev-ro run job "$Z" --size 32M --duration 5
pid=$SSDB_PID
random_delay 200 800 > /dev/null
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
SSDB_RC=$rc
ssdb_assert_rc 130 "read-only device run after SIGINT"
ssdb_assert_contains "$SSDB_ERR" "$Z was only read"
echo "device: SIGINT, SIGTERM, SIGKILL x $ROUNDS: outside the region unchanged"
echo "PASS"
