#!/usr/bin/env bash
# The tree's layers (docs/contributing.md, "Layout"): every folder of harness/ and
# plot/ ranked, includes and calls only to the same rank or below, no
# circle, and a port reached only through its interfaces.  The calls are
# read from the objects each build made (nm), so a header that declares
# another folder's functions cannot hide a circle.
# usage: tests/layers.sh BUILD...   (build/x86_64 build/ppc32 ...: those present)
set -u
SUITE=layers
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
L=$(cd "$(dirname "$0")" && pwd)/layers.py

for tree in harness plot; do
	ok "$tree/: every folder has a rank, every rank a folder" python3 "$L" ranks "$tree"
	ok "$tree/: includes look down, no include circle" python3 "$L" includes "$tree"
done
# The first build (the native one) must be there; the others where made.
ok "$1 has objects to check" test -d "$1/obj/harness"
for b in "$@"; do
	[ -d "$b/obj/harness" ] || continue
	ok "$b: harness/ calls look down, no call circle" \
		python3 "$L" objects harness "$b/obj/harness"
done

# csumreport's objects, one per source, as its one compile line builds it
# (with the version header make writes for csumreport --version).
make -s build/host/version.h
nobj=0 nbad=0
for f in plot/*.c plot/*/*.c; do
	[ -f "$f" ] || continue
	o=$T/plot-obj/${f#plot/}
	mkdir -p "$(dirname "$o")"
	if ${HOST_CC:-cc} -c -O0 -D_GNU_SOURCE -Iplot -Iharness -Ibuild/host "$f" -o "${o%.c}.o"; then
		nobj=$((nobj + 1))
	else
		nbad=$((nbad + 1)); echo "$f does not compile alone"
	fi
done
ok "plot/: every source compiles alone ($nobj, $nbad not)" test "$nbad" = 0 -a "$nobj" -gt 10
ok "plot/: calls look down, no call circle" python3 "$L" objects plot "$T/plot-obj"

# A wrong ARCH fails at once with one line, and so does a port with a
# settings file but no sources in harness/arch/<arch>/ (a copy of the
# Makefile).
make -s ARCH=mips print-bin > "$T/arch.out" 2>&1
ok "ARCH=mips is refused with the arches there are" \
	grep -q 'ARCH=mips is not supported; expected one of: arm64 ppc32 x86_64' "$T/arch.out"
mkdir -p "$T/port/harness/arch/riscv64" && cp Makefile "$T/port/" &&
	printf 'LOOP_ALIGN := 16\n' > "$T/port/harness/arch/riscv64/arch.mk"
make -s -C "$T/port" ARCH=riscv64 print-bin > "$T/port.out" 2>&1
ok "a port with no sources in harness/arch/<arch>/ is refused by name" \
	grep -q 'ARCH=riscv64 has harness/arch/riscv64/arch.mk but no sources there' "$T/port.out"

# The check can fail: a tree with a circle, an upward include and a port
# included by name.
F=$T/fake
mkdir -p "$F/harness/lib" "$F/harness/timer" "$F/harness/arch/x" "$F/harness/cmd"
for d in model events tracefs cache call op kspace registry workload config sweep report; do
	mkdir -p "$F/harness/$d"; echo 'int x;' > "$F/harness/$d/$d.c"
done
printf '#include "timer/timer.h"\n' > "$F/harness/lib/up.h"
printf '#include "lib/self.h"\n' > "$F/harness/lib/self.h"
printf '#include "timer/b.h"\n' > "$F/harness/timer/a.h"
printf '#include "timer/a.h"\n' > "$F/harness/timer/b.h"
: > "$F/harness/timer/timer.h"
printf '#include "arch/x/timer.c"\n' > "$F/harness/cmd/run.c"
: > "$F/harness/arch/x/timer.c"
# a unit circle: u.c includes v.h, v.h includes u.h (no file circle)
printf '#include "sweep/v.h"\n' > "$F/harness/sweep/u.c"
printf '#include "sweep/u.h"\n' > "$F/harness/sweep/v.h"
: > "$F/harness/sweep/u.h"
(cd "$F" && python3 "$L" includes harness) > "$T/fake.out"
ok "an upward include is found" grep -q 'lib/up.h:1: includes harness/timer/timer.h: timer/ is above lib/' "$T/fake.out"
ok "an include circle is found" grep -q 'include circle: harness/timer/a.h -> harness/timer/b.h' "$T/fake.out"
ok "a .c and .h circle is found" grep -q 'include circle (a .c and its .h as one): harness/sweep/[uv].\[ch\] -> harness/sweep/[uv].\[ch\]' "$T/fake.out"
ok "a header that includes itself is found" grep -q 'lib/self.h:1: includes itself' "$T/fake.out"
ok "a port included by name is found" grep -q "cmd/run.c:1: includes harness/arch/x/timer.c, a port's file" "$T/fake.out"
mkdir -p "$F/harness/extra" && : > "$F/harness/extra/new.c"
ok "a folder with no rank is found" bash -c "cd '$F' && ! python3 '$L' ranks harness | grep -v 'harness/extra/: a folder with no rank' | grep -q . && ! python3 '$L' ranks harness >/dev/null"
# calls: a.o calls b.o and back, lib calls up into cmd
mkdir -p "$T/fobj/lib" "$T/fobj/cmd" "$T/fobj/timer"
printf 'int b(void);\nint a(void) { return b(); }\n' > "$F/harness/timer/a.c"
printf 'int a(void);\nint b(void) { return a(); }\n' > "$F/harness/timer/b.c"
printf 'int run(void);\nint base(void) { return run(); }\n' > "$F/harness/lib/base.c"
printf 'int run(void) { return 0; }\n' > "$F/harness/cmd/run.c"
for f in timer/a timer/b lib/base cmd/run; do
	${HOST_CC:-cc} -c "$F/harness/$f.c" -o "$T/fobj/$f.o"
done
(cd "$F" && python3 "$L" objects harness "$T/fobj") > "$T/fobj.out"
ok "a call circle is found" grep -q 'call circle: harness/timer/a.c -> harness/timer/b.c' "$T/fobj.out"
ok "an empty object folder is no pass" bash -c "cd '$F' && ! python3 '$L' objects harness '$T/nothing' > /dev/null"
ok "an upward call is found" grep -q 'harness/lib/base.c calls run in harness/cmd/run.c: cmd/ is above lib/' "$T/fobj.out"
finish
