# shellcheck shell=bash
# Sourced by scripts/bench.sh, scripts/trace.sh and scripts/ab.sh: how
# they run on a board: names and folders there, reached through
# runner_cmd (ssh and its arguments), what is sent and fetched, and a
# virtual board's checks.

# q WORD: WORD quoted for a POSIX shell (the board's sh, dropbear's or
# busybox's): in single quotes, each ' written as '\''.
q() {
	local s=${1//\'/\'\\\'\'}
	printf "'%s'" "$s"
}

# safe NAME: NAME in the characters a board's files may have
# ([A-Za-z0-9._-], starting with a letter or digit): the virtual board's
# init splits its commands at spaces, and its frames allow no others.
safe() {
	local s=${1//[^A-Za-z0-9._-]/_}
	case $s in [A-Za-z0-9]*) ;; *) s=x$s ;; esac
	printf '%s' "$s"
}

# board_send BIN: sets board_dir to a new folder on the board holding BIN
# as csumbench, and a results/ folder.  The folder is made there by
# mktemp -d (busybox has it), or where the board lacks mktemp by a mkdir
# that fails on a name that is there; umask 077 keeps it the runner's
# alone, so nothing is written through a name or a link someone else
# made first, and no one swaps the binary before it runs.  board_dir is
# set as soon as the folder exists (the caller's cleanup removes it),
# and only to a name of that one shape: a name from the board is never
# a word of a command.  Returns non-zero, saying why, when it fails.
# shellcheck disable=SC2034 # read by the script that sources this
board_dir=
board_send() {
	local got st
	# shellcheck disable=SC2154 # runner_cmd is the sourcing script's
	got=$("${runner_cmd[@]}" "umask 077
		d=\$(mktemp -d /tmp/csumbench.XXXXXX 2> /dev/null) ||
			{ d=/tmp/csumbench.$$x$RANDOM && mkdir \"\$d\"; } || exit 1
		echo \"\$d\"
		mkdir \"\$d/results\" && cat > \"\$d/csumbench\" && chmod 700 \"\$d/csumbench\"" < "$1")
	st=$?
	got=${got%%$'\n'*}
	if [[ $got =~ ^/tmp/csumbench\.[A-Za-z0-9]+$ ]]; then
		# shellcheck disable=SC2034 # read by the script that sources this
		board_dir=$got
	elif [ $st = 0 ]; then
		st=1
	fi
	if [ $st != 0 ]; then
		echo "could not make a new folder on the board (mktemp -d" \
			"/tmp/csumbench.XXXXXX) and copy $1 into it" >&2
		return 1
	fi
}

# board_fetch DIR PATTERN LOCAL: the files in the board's DIR whose
# names match PATTERN (an ERE: only names the harness gives, so that a
# name from the board is never a word of a command) into the folder
# LOCAL, each under its name and checked against its length as the board
# counts it (a full disk here, a dropped link).  A file that fails is
# removed here and said; returns 1 if any did.
board_fetch() {
	local dir=$1 re=$2 local_dir=$3 names f len st=0
	names=$("${runner_cmd[@]}" "cd $dir && ls" < /dev/null) || names=
	for f in $names; do
		if [[ ! $f =~ $re ]]; then
			echo "$dir/$f on the board is not a result; not fetched" >&2
			continue
		fi
		len=$("${runner_cmd[@]}" "wc -c < $dir/$f" < /dev/null) || len=
		len=${len//[[:space:]]/}
		if [[ ! $len =~ ^[0-9]+$ ]] ||
			! "${runner_cmd[@]}" "cat $dir/$f" < /dev/null > "$local_dir/$f"; then
			echo "could not fetch $f from the board" >&2
			rm -f "$local_dir/$f"
			st=1
		elif [ "$(wc -c < "$local_dir/$f")" != "$len" ]; then
			echo "$f: $(wc -c < "$local_dir/$f") of its $len bytes arrived; not placed" >&2
			rm -f "$local_dir/$f"
			st=1
		fi
	done
	return $st
}

# config_mix WHO CONFIG: the size mix CONFIG replays (its last "sizes
# = mix:FILE", FILE relative to the config's folder): its path here, or
# nothing; returns 2 when that file is missing, WHO saying so.
config_mix() {
	local who=$1 mix
	shift
	mix=$(sed -n -e 's/#.*//' -e 's/^[[:space:]]*sizes[[:space:]]*=[[:space:]]*mix:\([^[:space:]]*\)[[:space:]]*$/\1/p' \
		"$1" | tail -n 1)
	[ -n "$mix" ] || return 0
	case $mix in /*) ;; *) mix=$(dirname -- "$1")/$mix ;; esac
	if [ ! -f "$mix" ]; then
		echo "$who: $1: sizes = mix:$mix: no such file" >&2
		return 2
	fi
	printf '%s\n' "$mix"
}

# board_config CONFIG MIX OUT: CONFIG as a board gets it, into OUT: its
# mix (if MIX is not empty) named sizes.mix, beside it there.
board_config() {
	if [ -n "$2" ]; then
		sed 's/^\([[:space:]]*sizes[[:space:]]*=[[:space:]]*\)mix:[^[:space:]#]*/\1mix:sizes.mix/' \
			"$1" > "$3"
	else
		cp -- "$1" "$3"
	fi
}

# board_name RUNNER: the board's name in results: BOARD= if given, else
# RUNNER's last word without its user@, in the characters safe() keeps.
board_name() {
	local b=${BOARD:-${1##* }}
	safe "${b##*@}"
}

# board_open WHO BIN: an ssh run's start: here, a new folder on this
# machine; BIN in a new folder on the board (board_send); and on every
# way out the board's folder removed, and ours unless keep is set (it
# holds results that could not be placed).  WHO names the command in
# its messages.
board_who=
board_open() {
	board_who=$1
	here=$(mktemp -d) || return 1
	trap board_close EXIT
	trap 'exit 130' INT TERM HUP
	board_send "$2"
}
board_close() {
	[ -z "$board_dir" ] || "${runner_cmd[@]}" "rm -rf $board_dir" < /dev/null ||
		echo "$board_who: could not remove $board_dir on the board" >&2
	# shellcheck disable=SC2154 # keep is the sourcing script's
	[ -n "$keep" ] || rm -rf "$here"
}

# vboard_for WHO RUNNER ARCH: sets machine, cpu (its preset) and
# board_arch for RUNNER=vboard:MACHINE (scripts/vboard.sh names the
# machines); returns 2, WHO saying what to build, when the build's ARCH
# is not the board's.
vboard_for() {
	local who=$1
	machine=${2#vboard:}
	# shellcheck disable=SC2154 # here_dir is the sourcing script's
	cpu=$("$here_dir/vboard.sh" preset "$machine") || return 2
	board_arch=$("$here_dir/vboard.sh" arch "$machine") || return 2
	if [ "$3" != "$board_arch" ]; then
		echo "$who: RUNNER=$2 boots a $board_arch kernel;" \
			"build for it: $who ARCH=$board_arch${cpu:+ CPU=$cpu} RUNNER=$2" >&2
		return 2
	fi
}

# vboard_keep_console WHO: after a failed run on a virtual board, its
# console (what says most about what went wrong) is kept, and named.
vboard_keep_console() {
	[ -f "$here/out/.console-$machine.log" ] || return 0
	keep=$here
	echo "$1: the board's console is kept: $here/out/.console-$machine.log" >&2
}
