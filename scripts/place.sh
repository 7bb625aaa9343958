#!/usr/bin/env bash
# Puts result files into a folder whole or not at all, never over a file
# that is there: the one way make bench (ssh, virtual boards), vboard.sh
# fetch and boards/labgrid/test_csumbench.py place what they bring back.
#
#   place.sh DEST STEM FILE...   a set: FILEs are STEM.csv, STEM-samples.csv,
#                                ...; they go in as STEM..., or STEM-2...,
#                                the first suffix free for the whole set
#   place.sh --each DEST FILE... each under its own name, or not at all
#
# Each file is copied to a temporary name in DEST, flushed to disk
# (sync), compared with its source byte for byte, and only then renamed
# onto its name, which was claimed first with O_EXCL (noclobber): so a
# full disk, a read-only folder or a name too long for the filesystem
# never leaves a file cut short under a result's name, and nothing there
# is replaced.  A set goes in all together or not at all.
#
# Prints each placed file's path.  Sources are left as they are.  Exit 0
# when all were placed; 1 otherwise, with a line on stderr for each file
# not placed saying why and that its source is kept, and where.
set -u
me=place
each=0
if [ "${1:-}" = --each ]; then
	each=1
	shift
fi
if [ $# -lt $((3 - each)) ]; then
	echo "usage: place.sh DEST STEM FILE... | place.sh --each DEST FILE..." >&2
	exit 2
fi
dest=$1
shift
stem=
if [ $each = 0 ]; then
	stem=$1
	shift
fi
kept() { # kept WHY FILE...: why these were not placed, and where they are
	local why=$1 f
	shift
	echo "$me: $why; not placed:" >&2
	for f in "$@"; do
		echo "$me: kept $f" >&2
	done
}

if [ ! -d "$dest" ] && ! mkdir -p -- "$dest" 2> /dev/null; then
	kept "cannot make the folder $dest" "$@"
	exit 1
fi

temps=() claims=()
cleanup() {
	[ ${#temps[@]} = 0 ] || rm -f -- "${temps[@]}"
	[ ${#claims[@]} = 0 ] || rm -f -- "${claims[@]}"
	temps=() claims=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# claim NAME: creates NAME empty, only if nothing is there (whatever it
# is: a file, a pipe, a link).  Prints why not on failure.
claim() {
	local err
	if [ -e "$1" ] || [ -L "$1" ]; then
		echo "$1 is there already"
		return 1
	fi
	if ! err=$( (set -C; : > "$1") 2>&1); then
		[ -e "$1" ] && { echo "$1 is there already"; return 1; }
		echo "cannot create $1: ${err##*: }"
		return 1
	fi
}

new_mode=$(printf '%o' $((0666 & ~$(umask))))

# copy SRC: a flushed, verified copy of SRC at a temporary name in dest,
# printed; on failure, why, and no copy left.  (It runs in a subshell:
# the caller adds the copy to temps.)
copy() {
	local src=$1 tmp err
	if ! tmp=$(mktemp -- "$dest/.place.XXXXXX" 2>&1); then
		echo "cannot write in $dest: ${tmp##*: }"
		return 1
	fi
	# (the mode a file written here gets, as csumbench's own: mktemp
	# made it 0600)
	if ! err=$(cp -- "$src" "$tmp" 2>&1) || ! err=$(chmod -- "$new_mode" "$tmp" 2>&1) ||
		! err=$(sync -- "$tmp" 2>&1); then
		rm -f -- "$tmp"
		echo "cannot copy it into $dest: ${err##*: }"
		return 1
	fi
	if ! cmp -s -- "$src" "$tmp"; then
		echo "the copy in $dest is not the file ($(wc -c < "$tmp") of $(wc -c < "$src") bytes)"
		rm -f -- "$tmp"
		return 1
	fi
	echo "$tmp"
}

st=0
if [ $each = 1 ]; then
	for f in "$@"; do
		final=$dest/$(basename -- "$f")
		if ! why=$(claim "$final"); then
			kept "$why" "$f"; st=1; continue
		fi
		claims=("$final")
		if ! tmp=$(copy "$f"); then
			kept "$(basename -- "$f"): $tmp" "$f"; cleanup; st=1; continue
		fi
		temps=("$tmp")
		if ! why=$(mv -f -- "$tmp" "$final" 2>&1); then
			kept "cannot rename onto $final: ${why##*: }" "$f"; cleanup; st=1; continue
		fi
		temps=() claims=()
		sync -- "$dest" 2> /dev/null
		echo "$final"
	done
	exit $st
fi

for f in "$@"; do
	case $(basename -- "$f") in
	"$stem"*) ;;
	*) echo "$me: $f is not named $stem...; nothing placed" >&2; exit 2 ;;
	esac
done
# The first suffix under which every name of the set is free.
n=1
while :; do
	s=$stem
	[ $n -gt 1 ] && s=$stem-$n
	claims=() taken=0
	for f in "$@"; do
		b=$(basename -- "$f")
		final=$dest/$s${b#"$stem"}
		if ! why=$(claim "$final"); then
			case $why in
			*"is there already") taken=1 ;;
			*) kept "$why" "$@"; exit 1 ;;
			esac
			break
		fi
		claims+=("$final")
	done
	[ $taken = 0 ] && break
	cleanup
	n=$((n + 1))
	if [ $n -gt 999 ]; then
		kept "$dest/$stem and 998 suffixes of it are taken" "$@"
		exit 1
	fi
done
# Every copy whole before any name is given.
copies=()
for f in "$@"; do
	if ! tmp=$(copy "$f"); then
		kept "$(basename -- "$f"): $tmp" "$@"
		exit 1
	fi
	temps+=("$tmp")
	copies+=("$tmp")
done
i=0 placed=()
for f in "$@"; do
	b=$(basename -- "$f")
	final=$dest/$s${b#"$stem"}
	if ! why=$(mv -f -- "${copies[$i]}" "$final" 2>&1); then
		# (a rename in one folder onto a name of ours: this is a folder
		# that changed under us)
		kept "cannot rename onto $final: ${why##*: }" "$@"
		[ ${#placed[@]} = 0 ] || rm -f -- "${placed[@]}"
		exit 1
	fi
	placed+=("$final")
	i=$((i + 1))
done
temps=() claims=()
sync -- "$dest" 2> /dev/null
printf '%s\n' "${placed[@]}"
