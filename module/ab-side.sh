#!/bin/sh
# ab-side.sh NM OBJCOPY SIDE IN OUT: IN, a Linux checksum file compiled
# in the module's build (Kbuild's ab-%.o), as OUT with each function it
# defines renamed csb_SIDE_NAME and its exports (EXPORT_SYMBOL's
# ___ksymtab+NAME and __kcrctab+NAME sections, __ksymtab_NAME,
# __kstrtab_NAME and __crc_NAME) dropped: the running kernel exports
# those names, and a module that exported them again would not load.
set -eu
nm=$1 objcopy=$2 side=$3 in=$4 out=$5
set --
for sym in $($nm -g --defined-only "$in" | awk '$2 == "T" { print $3 }'); do
	set -- "$@" --redefine-sym "$sym=csb_${side}_$sym"
done
# shellcheck disable=SC2086 # the tools are make's, word by word
$objcopy --wildcard --remove-section='___ksymtab*' --remove-section='__kcrctab*' \
	--strip-symbol='__ksymtab_*' --strip-symbol='__kstrtab*' --strip-symbol='__crc_*' \
	"$@" "$in" "$out"
