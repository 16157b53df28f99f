#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Without --destroy-data a summary on a device only reads: writes are skipped with the reason in
# the text output, on stderr and in the JSON, and not one byte of the device changes.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_zram_create Z 64M
ssdb_fill_random "$Z"
N=${Z#/dev/}
sum_before=$(ssdb_checksum "$Z")
read -r -a st_before < "/sys/block/$N/stat"

ssdb_tmpdir
J=$SSDB_TMPDIR/summary.json
ssdb_cli summary run summary "$Z" --size 64M --count 1 --duration 1 --json "$J"
ssdb_assert_rc 0 "run summary without --destroy-data"

read -r -a st_after < "/sys/block/$N/stat"
sum_after=$(ssdb_checksum "$Z")
ssdb_assert_eq "$sum_after" "$sum_before" "sha256 of $Z after a read-only summary"
# field 7: sectors written
ssdb_assert_eq "${st_after[6]}" "${st_before[6]}" "sectors written to $Z"
((st_after[2] > st_before[2])) || ssdb_fail "no sectors were read from $Z"

reason="writing to $Z destroys its data and needs a permission naming that device"
ssdb_assert_contains "$SSDB_OUT" "Write tests skipped: $reason" "[Read]"
ssdb_assert_contains "$SSDB_ERR" "write tests skipped" "$Z"
ssdb_assert_json "$J" "d['summary']['writes_skipped_reason'] == '$reason'" "writes_skipped_reason"
ssdb_assert_json "$J" 'len(d["tests"]) == 8' "eight entries"
ssdb_assert_json "$J" 'all(t["state"] == "done" and t["bytes_per_second"] > 0 for t in d["tests"] if t["rw"] == "read")' \
  "reads done"
ssdb_assert_json "$J" 'all(t["state"] == "skipped" and t["ios"] == 0 and "destroys its data" in t["message"] for t in d["tests"] if t["rw"] == "write")' \
  "writes skipped with the reason"
ssdb_assert_json "$J" 'sum(t["rw"] == "write" for t in d["tests"]) == 4' "four write entries"
ssdb_assert_json "$J" 'd["summary"]["prepare_ns"] == 0' "no fill on a read-only run"
ssdb_log "sha256 $sum_after unchanged; ${st_after[6]} sectors written before and after"
echo "PASS"
