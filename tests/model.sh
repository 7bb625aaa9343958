#!/usr/bin/env bash
# The ppc32 core model (docs/model.md): its counts exact on kernels
# whose counts are known by construction and on a real kernel at 0 and
# 64 bytes; its outputs marked as a model's; its refusals.
# usage: tests/model.sh PLUGIN BUILD-DIR (a CPU=8xx build: csumbench and
#   model-counts)
set -u
PLUGIN=$1 B=$2
SUITE=model
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
REPORT=build/host/csumreport
run8xx() { scripts/model.sh "$PLUGIN" 8xx none "$@"; }

# results_csv STEM: the results file (not -samples) $T/res holds for STEM
results_csv() {
	local f
	for f in "$T"/res/"$1"-*.csv; do
		case $f in *-samples.csv) ;; *) [ -f "$f" ] && printf '%s\n' "$f" && return ;; esac
	done
}

# counts: "NAME key=value ..." lines; field LINE KEY
field() { tr ' ' '\n' <<< "$1" | sed -n "s/^$2=//p"; }
counts_are() { # counts_are LINE KEY=VALUE...
	local line=$1 kv; shift
	for kv in "$@"; do
		[ "$(field "$line" "${kv%%=*}")" = "${kv#*=}" ] || {
			echo "$kv: got $(field "$line" "${kv%%=*}") in: $line" >&2
			return 1
		}
	done
}

run8xx "$B/model-counts" > "$T/counts" 2> "$T/err"; rc=$?
ok "the constructed kernels run under the plugin (exit $rc)" [ $rc = 0 ] ||
	diag "$(cat "$T/err")"
for n in 1 2 10 1000; do
	line=$(grep "^loop$n " "$T/counts")
	ok "a loop of $n: integer $((1 + 2 * n)), mtctr 1, taken $n, not taken 1, nothing else" \
		counts_are "$line" int=$((1 + 2 * n)) other=1 taken="$n" not_taken=1 \
		carry=0 load=0 store=0 dcbt=0 dcbz=0 dcbf=0
	# 8xx: each iteration two adds and a taken bdnz (2 cycles)
	ok "a loop of $n: 4 cycles an iteration on 8xx plus a constant" \
		[ "$(( $(field "$line" cycles) - 4 * n ))" = "$(( $(field "$(grep '^loop1 ' "$T/counts")" cycles) - 4 ))" ]
done
line=$(grep '^mem ' "$T/counts")
ok "one of each memory class: 2 loads, a store, dcbt, dcbz, dcbf, adde" \
	counts_are "$line" load=2 store=1 dcbt=1 dcbz=1 dcbf=1 carry=1 int=3 taken=1 \
	not_taken=0 other=0 unknown=0
ok "their data addresses, in order: 0, 4, 12, dcbt 36, dcbz 32, dcbf 4" \
	[ "$(grep '^mem ea' "$T/counts" | sed 's/.*offset=//' | tr '\n' ' ')" = "0 4 12 36 32 4 " ]

# A real kernel at 0 and 64 bytes: v0's path through its source
# (kernels/ppc32/csum-v0.S), with the loop's alignment nops counted
# from the binary.
nops=$(powerpc-linux-gnu-objdump -d "$B/csumbench" |
	awk '/<csum_ppc32_v0>:/ { on = 1; next } on && /^$/ { exit } on && /\tnop/ { n++ } END { print n + 0 }')
model_counts() { # model_counts SIZE: v0's counts, one line
	run8xx "$B/csumbench" model -k v0 -s "$1" > "$T/m$1" 2> "$T/err" || return 1
	awk '/^  integer/ { i = $2 } /^  carry/ { c = $3 } /^  load/ { l = $2 }
		/^  branch taken/ { t = $3 } /^  branch not taken/ { n = $4 } /^  other/ { o = $2 }
		END { printf "int=%d carry=%d load=%d taken=%d not_taken=%d other=%d\n", i, c, l, t, n, o }' "$T/m$1"
}
line=$(model_counts 0)
ok "v0 on 0 bytes: 6 integer, addze, 4 taken branches, nothing else ($line)" \
	counts_are "$line" int=6 carry=1 load=0 taken=4 not_taken=0 other=0
line=$(model_counts 64)
ok "v0 on 64 bytes: 16 lwzu, 16 adde + addze, 15 + 4 taken, 2 not taken, mtctr, $nops nops ($line)" \
	counts_are "$line" int=$((7 + nops)) carry=17 load=16 taken=19 not_taken=2 other=1
ok "csumbench model names the model on its first line" \
	first_is "$T/m64" '# MODEL: estimate from the 8xx model (.*), not measured'
run8xx "$B/csumbench" model -k v0 -s 64 > "$T/again" 2>&1
ok "the model is deterministic: the same call twice, the same cycles" \
	[ "$(sed -n 2p "$T/m64")" = "$(sed -n 2p "$T/again")" ]

# --explain: the causes add up to the call's cycles
run8xx "$B/csumbench" model -k unroll4-dcbt -s 1500 --cache cold --prefetch 64 --explain \
	> "$T/ex" 2> "$T/err"; rc=$?
ok "--explain runs (exit $rc)" [ $rc = 0 ]
total=$(sed -n 's/.*: \([0-9]*\) cycles,.*/\1/p' "$T/ex")
sum=$(awk '/^cycles by cause/ { on = 1; next } on && /^  / { s += $(NF - 1) } /^lines/ { on = 0 } END { print s }' "$T/ex")
ok "--explain: the causes add up to the call's $total cycles ($sum)" [ -n "$total" ] && [ "$total" = "$sum" ]
ok "cold with dcbt at 64: lines filled and every dcbt's address known" \
	has_ere "$T/ex" '^lines filled: [1-9][0-9]*; cache ops whose address the model could not tell: 0$'
warm=$(run8xx "$B/csumbench" model -k unroll4 -s 1500 | sed -n 's/.*: \([0-9]*\) cycles,.*/\1/p')
cold=$(run8xx "$B/csumbench" model -k unroll4 -s 1500 --cache cold | sed -n 's/.*: \([0-9]*\) cycles,.*/\1/p')
ok "cold costs more than warm ($cold > $warm cycles)" [ "$cold" -gt "$warm" ]
pf=$(sed -n 's/.*: \([0-9]*\) cycles,.*/\1/p' "$T/ex")
nopf=$(run8xx "$B/csumbench" model -k unroll4-dcbt -s 1500 --cache cold --prefetch 0 | sed -n 's/.*: \([0-9]*\) cycles,.*/\1/p')
ok "cold, dcbt 64 bytes ahead beats none on 8xx ($pf < $nopf cycles)" [ "$pf" -lt "$nopf" ]

# docs/model.md's examples, as written: each preset's config, marked
# throughout; the 464's dcbt curve holds the validation's shape; make
# model prints what the page shows; make ab of Linux's file (figures
# only, exit 3).
marked() { # marked CSV OUT PRESET
	all has "$1" "^# model: MODEL: estimate from the $3 model" -- has "$1" '^# emulated: yes' \
		-- first_is "$2" "MODEL: estimate from the $3 model .*" -- \
		bash -c "[ \$(grep -c '^[^#k].*,ppc32,' '$1') -gt 0 ] && ! grep '^[^#k].*,ppc32,' '$1' | grep -vq ',model,'"
}
rm -rf "$T/res"
CSUMBENCH_RESULTS_DIR=$T/res make -s bench ARCH=ppc32 CPU=8xx RUNNER=model CONFIG=configs/mpc885.conf > "$T/out" 2> "$T/err"; rc=$?
csv=$(results_csv mpc885)
ok "docs/model.md: the 8xx model of configs/mpc885.conf (exit $rc), marked" \
	all exit_is 0 -- marked "$csv" "$T/out" 8xx
cp "$T/out" "$T/out8xx"
CSUMBENCH_RESULTS_DIR=$T/res make -s bench ARCH=ppc32 CPU=e300c2 RUNNER=model CONFIG=configs/mpc8323.conf > "$T/out" 2> "$T/err"; rc=$?
csv=$(results_csv mpc8323)
ok "docs/model.md: the e300c2 model of configs/mpc8323.conf (exit $rc), marked" \
	all exit_is 0 -- marked "$csv" "$T/out" e300c2
CSUMBENCH_RESULTS_DIR=$T/res make -s bench ARCH=ppc32 CPU=464 RUNNER=model CONFIG=configs/apm82181.conf > "$T/out" 2> "$T/err"; rc=$?
csv=$(results_csv apm82181)
ok "docs/model.md: the 464 model of configs/apm82181.conf (exit $rc), marked" \
	all exit_is 0 -- marked "$csv" "$T/out" 464
# pipelined-dcbt, 1500 B cold, by distance: the APM82181 shape
grep '^pipelined-dcbt,ppc32,csum,1500,0,cold,' "$csv" | cut -d, -f7,18 > "$T/curve"
at() { awk -F, -v d="$1" '$1 == d { print int($2) }' "$T/curve"; }
best=$(awk -F, '$1 == 64 || $1 == 96 || $1 == 128 || $1 == 160 { if (!b || $2 < b) b = $2 } END { print int(b) }' "$T/curve")
ok "the 464's dcbt curve: falls from none to 64, lowest from 64 to 160, up again at 256 ($(tr '\n' ' ' < "$T/curve"))" \
	bash -c "[ $(at none) -gt $(at 64) ] && [ $best -lt $(at none) ] && [ $(at 256) -gt $best ] &&
		[ $best -le $(at 256) ] && [ $(at 96) -ge $best ]"
make -s model ARCH=ppc32 CPU=8xx KERNEL=unroll4 SIZE=1500 CACHE=cold > "$T/out" 2> "$T/err"; rc=$?
awk '/^\$ make model ARCH=ppc32 CPU=8xx KERNEL=unroll4 SIZE=1500 CACHE=cold$/ { on = 1; next }
	on && /^```/ { exit } on' docs/model.md > "$T/want"
ok "docs/model.md's make model output is what it prints (exit $rc)" \
	all exit_is 0 -- cmp -s "$T/want" "$T/out" || diag "$(diff "$T/want" "$T/out" | head -5)"
L=$T/linux-source-6.1
tar -C "$T" -xJf /usr/src/linux-source-6.1.tar.xz linux-source-6.1/arch/powerpc/lib/checksum_32.S
CSUMBENCH_RESULTS_DIR=$T/res make -s ab ARCH=ppc32 CPU=8xx RUNNER=model OLD=$L/arch/powerpc/lib/checksum_32.S NEW=unroll4 SET="sizes=64,576,1500" > "$T/ab" 2> "$T/err"
ok "docs/model.md: make ab of Linux's checksum_32.S under the model: figures only, exit 3" \
	all has "$T/ab" '^ab: exit 3, inconclusive' -- has "$T/ab" '^MODEL RUN: figures only, no verdict' -- \
	has "$T/ab" '^1500 B cold .* model$' -- has "$T/ab" 'old:__csum_partial'
CSUMBENCH_RESULTS_DIR=$T/res MODEL_VERDICT=1 make -s ab ARCH=ppc32 CPU=8xx RUNNER=model \
	OLD=$L/arch/powerpc/lib/checksum_32.S NEW=unroll4 SET="sizes=1500 cache=warm" > "$T/ab" 2> "$T/err"
ok "MODEL_VERDICT=1: judged, and said to judge a model" \
	all has "$T/ab" 'MODEL, VERDICT FORCED' -- has_ere "$T/ab" '^ab: exit [01], '

# csumreport on a model's results: MODEL wherever a figure is
csv=$(results_csv mpc885)
ok "the summary: MODEL on every table's own line" \
	has "$T/out8xx" '^op csum: fastest kernel, .*; MODEL 8xx, an estimate):$'
"$REPORT" table "$csv" > "$T/table" 2>&1
ok "csumreport table: a MODEL RUN line" has "$T/table" 'MODEL RUN: estimate from the 8xx model'
"$REPORT" compare --before-kernel v0 --after-kernel unroll4 "$csv" "$csv" > "$T/cmp" 2>&1; rc=$?
ok "csumreport compare of model figures: no verdict, exit 3 ($rc)" \
	all exit_is 3 -- has "$T/cmp" '^MODEL RUN: figures only, no verdict'
"$REPORT" compare --force-verdict --before-kernel v0 --after-kernel unroll4 "$csv" "$csv" > "$T/cmpf" 2>&1
ok "--force-verdict: judged, and says it judges a model" has "$T/cmpf" 'MODEL, VERDICT FORCED'

# refusals
make -s bench ARCH=ppc32 RUNNER=model CONFIG=configs/mpc885.conf > "$T/out" 2> "$T/err"; rc=$?
ok "RUNNER=model without CPU: exit 2, says which presets" \
	all exit_is 2 -- has "$T/err" 'RUNNER=model needs a core: give CPU=8xx'
qemu-ppc -plugin "$PLUGIN,preset=z80" "$B/model-counts" > "$T/out" 2> "$T/err"; rc=$?
ok "an unknown preset: refused, the presets named" \
	all [ $rc != 0 ] -- has "$T/err" "no core preset 'z80'; the presets: 8xx, e300c2, e300c3, 464"
make -s bench RUNNER=model CONFIG=configs/quick.conf > "$T/out" 2> "$T/err"
ok "RUNNER=model for this machine's build: refused, the ppc32 presets named" \
	has "$T/err" 'RUNNER=model models 32-bit PowerPC cores: give ARCH=ppc32 CPU=8xx'
qemu-ppc "$B/csumbench" model -k v0 -s 64 > "$T/out" 2> "$T/err"; rc=$?
ok "csumbench model without the plugin: exit 2, says how to run it" \
	all exit_is 2 -- has "$T/err" "the core model's plugin is not there"
finish
