#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ssdbench-cli health on an ATA drive, against a UDisks2 stand-in (udisks2-ata.py, run by
# python3-dbusmock) on a private bus given as DBUS_SYSTEM_BUS_ADDRESS: no SATA disk exists on
# the machines these tests run on, so the real udisksd cannot be asked for SMART here. The
# stand-in binds a real block device of this machine (read only: health never writes) to one
# mock drive, with a profile whose answer is known:
#   profile             asserted
#   healthy             good; temperature 35 °C, 1234 h, 10 rows in their units (4158 ms,
#                       1234 h, 35 °C, MB); host writes unknown (ATA's raw unit varies)
#   reallocated         warning naming 8 reallocated and 2 pending sectors
#   failing-attribute   warning (the drive's own assessment passes), naming raw-read-error-rate
#                       at its threshold; its row failing
#   failing-overall     failing: the drive's own assessment
#   selftest-failed     warning naming the failed self-test
#   no-smart            unknown: no SMART support
#   asleep              --update on a sleeping disk: UDisks2's last reading, and it says so
#   denied              --update refused by polkit: exit 1, the call named, nothing printed
# and with no UDisks2 on the bus, the device's health is "none" with the reason.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
# shellcheck source-path=SCRIPTDIR source=standin.sh
source "$here/standin.sh"
ssdb_find_cli
standin_begin
block=$STANDIN_BLOCK

# health NAME ARGS...: runs `health` on the stand-in's device as NAME with ARGS; output in $J.
J=
health ()
{
  local name=$1
  shift
  ssdb_cli "$name" health "/dev/$block" "$@"
  J=$SSDB_OUT
}

# -- healthy -------------------------------------------------------------------------------
standin_start healthy
health healthy --json
ssdb_assert_rc 0 "health --json (healthy)"
ssdb_assert_json "$J" 'd["format"] == "ssdbench-health" and d["source"] == "ata-smart"' "format"
ssdb_assert_json "$J" 'd["assessment"] == "good"' "healthy: good"
ssdb_assert_json "$J" 'abs(d["temperature_c"] - 35.0) < 1e-6' "healthy: 308.15 K is 35 °C"
ssdb_assert_json "$J" 'd["power_on_hours"] == 1234' "healthy: power-on hours"
ssdb_assert_json "$J" 'd["host_bytes_written"] is None and d["host_bytes_read"] is None' \
  "healthy: ATA host writes are not taken as bytes"
ssdb_assert_json "$J" 'd["read_at"] == 1764633600' "healthy: when UDisks2 read the drive"
ssdb_assert_json "$J" '[r["id"] for r in d["rows"]] == [1, 3, 5, 9, 12, 194, 197, 198, 241, 242]' \
  "healthy: every attribute, in order"
ssdb_assert_json "$J" '[r["text"] for r in d["rows"] if r["id"] in (3, 241)] == ["4158 ms", "12288000 MB"]' \
  "healthy: a spin-up time in ms, total LBAs written in UDisks2's MB"
ssdb_assert_json "$J" '[(r["value"], r["worst"], r["threshold"], r["text"]) for r in d["rows"] if r["id"] == 9] == [(99, 99, 0, "1234 h")]' \
  "healthy: power-on-hours row (ms to h)"
ssdb_assert_json "$J" '[r["text"] for r in d["rows"] if r["id"] == 194] == ["35 °C"]' \
  "healthy: temperature row (mK to °C)"
ssdb_assert_json "$J" 'all(r["assessment"] == "good" for r in d["rows"])' "healthy: every row good"
ssdb_assert_json "$J" 'd["selftest_status"] == "success" and d["selftest_percent_remaining"] is None' \
  "healthy: the last self-test"
ssdb_assert_json "$J" 'd["features"] == {"write_cache": True, "read_lookahead": True, "power_management": True, "apm": False, "aam": None}' \
  "healthy: write cache, look-ahead and power features as UDisks2 reports them"

health healthy-text
ssdb_assert_rc 0 "health (healthy, text)"
ssdb_assert_contains "$SSDB_OUT" "Health of /dev/$block: GOOD" "Temperature: 35 °C" \
  "Powered on: 1234 h" "Read by UDisks2: 2025-12-02 00:00 UTC" "reallocated-sector-count" \
  "Write cache: on" "Read look-ahead: on" "Power management feature set: on" \
  "Advanced power management (APM): off"
ssdb_assert_not_contains "$SSDB_OUT" "Acoustic management"
ssdb_assert_not_contains "$SSDB_OUT" "Host writes"
[[ $(head -n 1 "$SSDB_OUT") == "Health of /dev/$block: GOOD" ]] || ssdb_fail "the assessment comes first"

# --update asks the drive for a fresh reading (the stand-in's drive is now 40 °C).
health healthy-update --update --json
ssdb_assert_rc 0 "health --update"
ssdb_assert_json "$J" 'abs(d["temperature_c"] - 40.0) < 1e-6' "--update reads SMART again"

# A self-test: started, then its progress; a type UDisks2 does not know is a usage error.
health selftest --selftest short
ssdb_assert_rc 0 "health --selftest short"
ssdb_assert_contains "$SSDB_OUT" "self-test started" "Self-test: inprogress, 90 % remaining"
health selftest-abort --selftest abort --json
ssdb_assert_rc 0 "health --selftest abort"
ssdb_assert_json "$J" 'd["selftest_status"] == "aborted"' "the self-test was aborted"
health selftest-bad --selftest long
ssdb_assert_rc 2 "health --selftest long"
ssdb_assert_contains "$SSDB_ERR" "long" "short, extended, conveyance or abort"

# -- the profiles whose answer is not "good" ---------------------------------------------------
standin_start reallocated
health reallocated --json
ssdb_assert_rc 0 "health (reallocated)"
ssdb_assert_json "$J" 'd["assessment"] == "warning"' "reallocated: warning"
ssdb_assert_json "$J" 'd["reason"] == "The drive reports 8 reallocated sectors, 2 sectors pending reallocation."' \
  "reallocated: the reason counts the sectors"
ssdb_assert_json "$J" '[r["assessment"] for r in d["rows"] if r["id"] in (5, 197)] == ["warning", "warning"]' \
  "reallocated: the rows are marked"

standin_start failing-attribute
health failing-attribute --json
ssdb_assert_rc 0 "health (failing attribute)"
ssdb_assert_json "$J" 'd["assessment"] == "warning"' "failing attribute: a warning while the drive passes"
ssdb_assert_json "$J" 'd["reason"] == "Attribute raw-read-error-rate is at or below its failure threshold, although the drive'"'"'s own SMART assessment passes."' \
  "failing attribute: named, with the drive's own assessment"
ssdb_assert_json "$J" '[r["assessment"] for r in d["rows"] if r["id"] == 1] == ["failing"]' \
  "failing attribute: its row"

standin_start failing-overall
health failing-overall
ssdb_assert_rc 0 "health (failing overall)"
ssdb_assert_contains "$SSDB_OUT" "Health of /dev/$block: FAILING" "own SMART assessment says it is likely to fail soon"

standin_start selftest-failed
health selftest-failed --json
ssdb_assert_rc 0 "health (failed self-test)"
ssdb_assert_json "$J" 'd["assessment"] == "warning" and d["reason"] == "The drive reports a last self-test that failed (error_read)."' \
  "failed self-test: a warning naming it"

standin_start no-smart
health no-smart --json
ssdb_assert_rc 0 "health (no SMART)"
ssdb_assert_json "$J" 'd["assessment"] == "unknown" and d["reason"] == "The drive does not support SMART." and d["rows"] == []' \
  "no SMART: unknown, and why"

# A sleeping disk is not woken: the last reading, said to be one.
standin_start asleep
health asleep --update --json
ssdb_assert_rc 0 "health --update (asleep)"
ssdb_assert_json "$J" 'd["assessment"] == "good" and abs(d["temperature_c"] - 35.0) < 1e-6' \
  "asleep: UDisks2's last reading"
ssdb_assert_json "$J" '"the disk was not woken" in d["reason"]' "asleep: said"

# A refusal by polkit: a clear error naming the device and the call, nothing on stdout.
standin_start denied
health denied --update
ssdb_assert_rc 1 "health --update (not authorised)"
ssdb_assert_contains "$SSDB_ERR" "/dev/$block" "UDisks2 SmartUpdate failed" "Not authorized"
[[ ! -s $SSDB_OUT ]] || ssdb_fail "nothing is printed after a refusal"

# -- no UDisks2 on the bus, a device that does not exist, a file -------------------------------
standin_stop
health none --json
ssdb_assert_rc 0 "health without UDisks2"
ssdb_assert_json "$J" 'd["source"] == "none" and d["assessment"] == "unknown" and len(d["reason"]) > 20' \
  "without UDisks2: none, with the reason"
ssdb_cli missing health /dev/ssdbench-no-such-disk
ssdb_assert_rc 1 "health on a missing device"
ssdb_assert_contains "$SSDB_ERR" "/dev/ssdbench-no-such-disk" "No such file"
ssdb_cli file health "$here/udisks2-ata.py"
ssdb_assert_rc 2 "health on a file"
ssdb_assert_contains "$SSDB_ERR" "not a block device"
ssdb_log "health-ata: all checks passed"
