#!/bin/sh
# A build's progress line on a terminal (the Makefile's $(PROGRESS)):
#   progress.sh BUILD-DIR T0 TARGET OBJECT...
# the binary's OBJECTs made so far of all of them, the one now made, and
# the time left at this build's pace (the objects made since T0, make's
# start, in epoch seconds).
dir=$1 t0=$2 target=$3
shift 3
total=$# made=0
for f; do [ ! -f "$f" ] || made=$((made + 1)); done
new=$(find "$@" -maxdepth 0 -newermt "@$t0" 2> /dev/null | wc -l)
left=$(awk -v t0="$t0" -v now="$(date +%s)" -v n="$new" -v m="$made" -v all="$total" \
	'BEGIN { if (n > 0 && all > m) printf ", about %d s left", (now - t0) / n * (all - m) + 0.5 }')
printf '\rbuild %s: %d of %d objects%s (%s)\033[K' "${dir#build/}" "$made" "$total" "$left" \
	"${target#"$dir"/obj/}" >&2
