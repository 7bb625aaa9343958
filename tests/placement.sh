#!/usr/bin/env bash
# Code placement, read from the built binary and objects: every kernel
# entry on 64 bytes; a prefetching kernel and its variant without
# prefetch have the same hot loop, at the same alignment, but for the
# prefetch instruction; kernel objects carry no relocations in their
# code, so a copy moved for code_offset is the same program.
# usage: tests/placement.sh BUILD-DIR ARCH [CROSS_COMPILE-prefix]
set -u
BUILD=$1 ARCH=$2 CROSS=${3:-}
BIN=$BUILD/csumbench
SUITE=placement-$ARCH
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
LOOP_ALIGN=$(sed -n 's/^LOOP_ALIGN := //p' "harness/arch/$ARCH/arch.mk")

# defs FILE...: the kernels.def rows, one a line (a row's continuation
# lines joined to it)
defs() {
	awk '/^KERNEL/ { r = $0
		while (r !~ /\)$/ && (getline l) > 0) { sub(/^[ \t]+/, " ", l); r = r l }
		print r }' "$@"
}

# sym: name size, from the symbol table
addr() { ${CROSS}nm -S --defined-only "$BIN" | awk -v s="$1" '$4 == s { print $1, $2 }'; }

# loop SYM: the hot loop of SYM, the largest one closed by a conditional
# backward branch to a head on LOOP_ALIGN bytes: its head's address, then
# one mnemonic per line
loop() {
	local a s
	read -r a s < <(addr "$1")
	${CROSS}objdump -d --no-show-raw-insn --start-address=0x$a \
		--stop-address="$(printf '0x%x' $((0x$a + 0x$s)))" "$BIN" |
	awk -v lo=$((0x$a)) -v align="$LOOP_ALIGN" '
		function hex(h,   v, i) { v = 0
			for (i = 1; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v }
		/^ *[0-9a-f]+:\t/ {
			line = $0; sub(/^ */, "", line); at = hex(substr(line, 1, index(line, ":") - 1))
			sub(/^[0-9a-f]+:[ \t]*/, "", line); split(line, m, /[ \t]+/)
			n++; addr[n] = at; op[n] = m[1]
			if (m[1] ~ /^(jmp|b|bl|br)$/ || !match(line, /[0-9a-f]+ </))
				next
			t = hex(substr(line, RSTART, RLENGTH - 2))
			if (t >= at || t < lo || t % align)
				next
			for (i = n; i > 0 && addr[i] > t; i--)
				;
			if (addr[i] == t && n - i > best) { best = n - i; s = i; e = n } }
		END { if (!best) exit 1; printf "%d\n", addr[s]
			for (i = s; i <= e; i++) print op[i] }'
}

# Entries on 64 bytes: every kernel in the tables.
for def in kernels/generic/kernels.def kernels/$ARCH/kernels.def; do
	[ -f "$def" ] || continue
	for sym in $(defs "$def" | sed -n 's/^KERNEL[A-Z_]*([a-z_]*, "[^"]*", \([a-z0-9_]*\),.*/\1/p'); do
		read -r a s < <(addr "$sym")
		ok "$sym starts on 64 bytes (at 0x$a)" [ $((0x${a:-1} % 64)) = 0 ]
	done
done

# Prefetching kernels against their variant without prefetch.
for def in kernels/generic/kernels.def kernels/$ARCH/kernels.def; do
	[ -f "$def" ] || continue
	while read -r name sym nopf; do
		nsym=$(defs kernels/*/kernels.def | sed -n "s/^KERNEL[A-Z_]*([a-z_]*, \"$nopf\", \\([a-z0-9_]*\\),.*/\\1/p" | head -n 1)
		loop "$sym" > "$T/pf"; loop "$nsym" > "$T/nopf"
		if ! [ -s "$T/pf" ] || ! [ -s "$T/nopf" ]; then
			ok "$name and $nopf: hot loops found" false
			continue
		fi
		ok "$name and $nopf: hot loops on $LOOP_ALIGN bytes" \
			[ $(( $(head -n 1 "$T/pf") % LOOP_ALIGN + $(head -n 1 "$T/nopf") % LOOP_ALIGN )) = 0 ]
		tail -n +2 "$T/pf" | grep -Ev '^(prefetch|dcbt|prfm)' > "$T/pf.ops"
		tail -n +2 "$T/nopf" > "$T/nopf.ops"
		ok "$name is $nopf's loop plus one prefetch: $(tr '\n' ' ' < "$T/nopf.ops")" \
			bash -c "cmp -s '$T/pf.ops' '$T/nopf.ops' &&
				[ \$(( \$(wc -l < '$T/pf') - \$(wc -l < '$T/nopf') )) = 1 ]"
	# (not those with .needs: a vector loop covers 128 to 512 bytes, with
	# a prefetch per 64)
	done < <(defs "$def" | grep -v '\.needs = ' |
		sed -n 's/^KERNEL_PF([a-z_]*, "\([^"]*\)", \([a-z0-9_]*\), .*\.nopf = "\([^"]*\)".*/\1 \2 \3/p')
done

# The loop the dcbt patch changed: mainline's, software-pipelined (each
# lwz beside the adde of the load before it), with one dcbt rA,rB.
# (Plain objdump names that word by its e500mc alias, dcbtct.)
if [ "$ARCH" = ppc32 ]; then
	loop csum_ppc32_pipelined_dcbt > "$T/pd"
	ok "pipelined-dcbt: dcbt, then lwz/adde interleaved, 10 per 16 bytes: $(tail -n +2 "$T/pd" | tr '\n' ' ')" \
		[ "$(tail -n +2 "$T/pd" | tr '\n' ' ')" = "dcbtct lwz adde lwz adde lwz adde lwzu adde bdnz " ]
fi

# No relocations in kernel code: nothing a copy would get wrong.  Those
# declared .sym = NULL (KERNEL_FIXED) call other code and are never copied.
fixed=$(defs kernels/*/kernels.def | sed -n 's/^KERNEL([a-z_]*, "[^"]*", \([a-z0-9_]*\),.*\.sym = NULL.*/\1/p')
for o in "$BUILD"/obj/kernels/*/*.o; do
	f=
	for sym in $fixed; do
		${CROSS}nm --defined-only "$o" | grep -q " T $sym\$" && f=$sym
	done
	if [ -n "$f" ]; then
		ok "$(basename "$o"): $f is KERNEL_FIXED: timed in place only" \
			bash -c "${EMULATOR:+$EMULATOR }'$BIN' run -n --set kernels=$(defs kernels/*/kernels.def | sed -n "s/^KERNEL([a-z_]*, \"\\([^\"]*\\)\", $f,.*/\\1/p") --set code_offset=none,0,16 --set roofline=none | head -n 1 | grep -q '^2 points'"
		continue
	fi
	ok "$(basename "$o"): no relocations in its code" \
		bash -c "! ${CROSS}readelf -rW '$o' | grep -q \"'.rela\\?.text\""
done
finish
