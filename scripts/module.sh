#!/usr/bin/env bash
# make module: csumbench.ko for a kernel build tree (module/,
# docs/kernel-space.md).
#
#   module.sh ARCH KDIR CROSS_COMPILE LOOP_ALIGN
#
# ARCH is the harness's (ppc32, x86_64, arm64); KDIR a configured and
# built kernel tree (or Debian's linux-headers-*); the module is built
# in build/module/ARCH-HASH (HASH of KDIR's real path) from a copy of
# module/ and kernels/ARCH/, and its path printed.
#
# CSB_AB_DIR (make ab SPACE=kernel): a folder holding linux-old.S (or
# .c), linux-new.* and ab.def, the sides of make ab; they are compiled
# in the module's build as the kernel compiles its own (module/Kbuild),
# in build/module/ARCH-HASH-ab-KEY, KEY the folder's name.
set -eu -o pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "make module: $*" >&2; exit 2; }
[ $# = 4 ] || die "usage: module.sh ARCH KDIR CROSS_COMPILE LOOP_ALIGN"
arch=$1 kdir=$2 cross=$3 align=$4

case $arch in
ppc32) karch=powerpc
	# every ppc32 kernel: integer registers only
	objs=$(cd "$here/kernels/ppc32" && ls ./*.S | sed 's|^\./||; s|\.S$|.o|') ;;
x86_64) karch=x86
	# the scalar ones: the vector kernels would need kernel_fpu_begin()
	objs="csum-adc1.o csum-adc2.o ipcsum-adc.o" ;;
arm64) karch=arm64
	objs="csum-ldp-adcs.o" ;;
*) die "ARCH=$arch: expected ppc32, x86_64 or arm64" ;;
esac
[ -n "$kdir" ] || die "give KDIR=/path/to/the/kernel/build"
[ -f "$kdir/Makefile" ] && [ -f "$kdir/.config" ] ||
	die "KDIR=$kdir: no configured kernel build tree there (a Makefile and" \
		".config expected: the tree the running kernel was built in," \
		"/lib/modules/\$(uname -r)/build, or Debian's linux-headers-*)"
grep -q '^CONFIG_MODULES=y' "$kdir/.config" ||
	die "KDIR=$kdir: that kernel has no CONFIG_MODULES: it cannot load csumbench.ko"
command -v "${cross}gcc" > /dev/null ||
	die "no ${cross}gcc: give CROSS_COMPILE=prefix- for ARCH=$arch"

real=$(cd "$kdir" && pwd -P)
out=$here/build/module/$arch-$(printf '%s' "$real" | sha256sum | cut -c1-12)
ab_dir=${CSB_AB_DIR:-} ab_objs=
[ -z "$ab_dir" ] || out=$out-ab-$(basename -- "$ab_dir")
mkdir -p "$out"
# (copies that keep their times: make rebuilds only what changed)
cp -p "$here"/module/*.c "$here"/module/*.h "$here"/module/Kbuild \
	"$here/kernels/$arch"/*.S "$here/kernels/$arch"/*.h \
	"$here/kernels/$arch/kernels.def" "$out/"
echo "$real" > "$out/kdir"
if [ -n "$ab_dir" ]; then
	cp -p "$here/module/ab-side.sh" "$ab_dir/ab.def" "$out/"
	for f in "$ab_dir"/linux-*.[cS]; do
		cmp -s "$f" "$out/${f##*/}" || cp "$f" "$out/"
		b=${f##*/linux-}
		ab_objs+=" ab-${b%.*}.o"
	done
fi
# shellcheck disable=SC2086 # objs is words
make -C "$kdir" M="$out" ARCH="$karch" CROSS_COMPILE="$cross" \
	CSB_KERNEL_OBJS="$(echo $objs)" CSB_LOOP_ALIGN="$align" \
	CSB_AB_OBJS="${ab_objs# }" modules >&2 ||
	die "csumbench.ko did not build against $kdir (above)"
[ -f "$out/csumbench.ko" ] || die "no $out/csumbench.ko after the build"
echo "$out/csumbench.ko"
