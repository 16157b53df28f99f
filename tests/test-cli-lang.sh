#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `ssdbench-cli export --lang` on a saved report: French and Traditional Chinese charts (PDF
# text read back with pdftotext: translated legend and headings, decimal commas in French),
# English by default and with --lang en the same PNG bytes as without the option, a warning
# when no font has the language's characters, an unknown language refused by name with exit
# status 2, and text output that stays English.
# Needs the catalogs of the build tree (SSDBENCH_LOCALEDIR) and pdftotext (skipped without).
set -euo pipefail
cli=${SSDBENCH_CLI:?}
report=$(dirname "$(readlink -f "$0")")/fixtures/reports/valid-all-views.json
command -v pdftotext > /dev/null || { echo "pdftotext not installed"; exit 77; }
[[ -n ${SSDBENCH_LOCALEDIR:-} ]] || { echo "SSDBENCH_LOCALEDIR not set"; exit 77; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail () { echo "FAIL: $*" >&2; exit 1; }
has () { grep -qF -- "$2" "$1" || fail "“$2” not in $1: $(tr '\n' ' ' < "$1")"; }
hasnt () { ! grep -qF -- "$2" "$1" || fail "“$2” in $1"; }

"$cli" export "$report" --view summary --lang fr --pdf "$d/fr.pdf" --png "$d/fr.png" -q
pdftotext -layout "$d/fr.pdf" "$d/fr.txt"
for w in "Lecture (MB/s)" "Écriture (MB/s)" "Par défaut" "4198,50" "profil par défaut"; do
  has "$d/fr.txt" "$w"
done
hasnt "$d/fr.txt" "Read (MB/s)"

"$cli" export "$report" --view surface --lang zh_TW --pdf "$d/zh.pdf" -q
# Without a font for Han characters they are drawn as boxes, which no text is read from
if [[ -n $(fc-list :lang=zh-tw family 2> /dev/null) ]]; then
  pdftotext -layout "$d/zh.pdf" "$d/zh.txt"
  for w in "讀取" "寫入" "裝置上的位置（GB）" "突發速率"; do
    has "$d/zh.txt" "$w"
  done
else
  echo "no font for Traditional Chinese (fonts-noto-cjk): its text is not read back"
fi

# Fonts without Han characters: the export still works and warns that it draws boxes; French
# draws with them and does not warn
if [[ -d /usr/share/fonts/truetype/dejavu ]]; then
  cat > "$d/fonts.conf" << CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>$d/fc-cache</cachedir></fontconfig>
CONF
  FONTCONFIG_FILE=$d/fonts.conf "$cli" export "$report" --view summary --lang zh_TW \
    --png "$d/boxes.png" -q 2> "$d/warn"
  has "$d/warn" "no installed font has the characters of “zh_TW”"
  [[ -s $d/boxes.png ]] || fail "no PNG without a Chinese font"
  FONTCONFIG_FILE=$d/fonts.conf "$cli" export "$report" --view summary --lang fr \
    --png "$d/fr2.png" -q 2> "$d/warn"
  [[ ! -s $d/warn ]] || fail "a warning for French: $(cat "$d/warn")"
fi

# English by default and with --lang en: the same bytes
"$cli" export "$report" --view summary --png "$d/en.png" -q
"$cli" export "$report" --view summary --lang en --png "$d/en2.png" -q
LANGUAGE=fr "$cli" export "$report" --view summary --png "$d/en3.png" -q
cmp "$d/en.png" "$d/en2.png" || fail "--lang en changed the PNG"
cmp "$d/en.png" "$d/en3.png" || fail "LANGUAGE=fr changed the default English PNG"
! cmp -s "$d/en.png" "$d/fr.png" || fail "the French PNG is the English one"

# An unknown language: exit 2, the message names it and the available ones, nothing written
rc=0
"$cli" export "$report" --view summary --lang xx_YY --png "$d/bad.png" 2> "$d/err" || rc=$?
[[ $rc == 2 ]] || fail "--lang xx_YY exited $rc, expected 2"
has "$d/err" "--lang"
has "$d/err" "“xx_YY”"
has "$d/err" "fr"
has "$d/err" "zh_TW"
[[ ! -e $d/bad.png ]] || fail "a PNG was written for an unknown language"

# Text output stays English with '.' decimals
"$cli" export "$report" --lang fr --text - > "$d/text"
hasnt "$d/text" "Lecture"
echo "ok: export --lang"
