# shellcheck shell=bash
# bash completion for csumbench and csumreport.  Everything offered is
# read from the program itself, so it never disagrees with it: the
# commands from --help, each command's options from CMD --help, the
# kernels from "csumbench list --names", the config keys and their
# values from "csumbench run --help"; configs from configs/*.conf, here
# or where make install put them beside the program.
# What it reads (a results CSV's kernel names too) is only ever
# compared with what was typed, never expanded or run: no compgen -W.
# (install: source it, or copy it to share/bash-completion/completions/)

# _csumbench_prog: the program the line names, as typed.
_csumbench_prog() {
	local p=${COMP_WORDS[0]}
	p=${p/#\~/$HOME}
	command -v -- "$p" > /dev/null 2>&1 && printf '%s' "$p"
}

# _csumbench_offer [PREFIX]: the words on stdin that start with $cur's
# last list item, each after PREFIX, into COMPREPLY.
_csumbench_offer() {
	local head=${1:-} w
	local last=${cur#"$head"}
	COMPREPLY=()
	while IFS= read -r w; do
		[ -n "$w" ] && [[ $w == "$last"* ]] && COMPREPLY+=("$head$w")
	done
}

# _csumbench_head: what $cur has up to its last comma (a list's items
# before the one being typed), or nothing.
_csumbench_head() {
	[[ $cur == *,* ]] && printf '%s,' "${cur%,*}"
}

# _csumbench_files [GLOB]: file names (and folders) for $cur.
_csumbench_files() {
	if [ -n "${1:-}" ]; then
		mapfile -t COMPREPLY < <(compgen -f -X "!$1" -- "$cur"; compgen -d -- "$cur")
	else
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	fi
}

# _csumbench_opts PROG CMD: the long and short options CMD --help lists.
_csumbench_opts() {
	"$1" "$2" --help 2> /dev/null |
		sed -n 's/^  \(-[a-zA-Z0-9]\)\{0,1\}[, ]*\(--[a-z][a-z0-9-]*\).*/\1\n\2/p'
}

# _csumbench_cmds PROG: the commands PROG --help lists.
_csumbench_cmds() {
	"$1" --help 2> /dev/null | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'
	echo --help
}

# _csumbench_values PROG KEY: the words a key takes, from run --help's
# "VALUES: help" line under "  KEY = default".
_csumbench_values() {
	"$1" run --help 2> /dev/null | awk -v k="$2" '
		found { sub(/^ +/, ""); sub(/: .*/, ""); n = split($0, w, /, */)
			for (i = 1; i <= n; i++) { sub(/^or /, "", w[i])
				if (w[i] ~ /^[a-z][a-z0-9_.-]*$/) print w[i] }
			exit }
		$0 ~ "^  " k " = " { found = 1 }'
}

# _csumbench_kernels_in CSV: the kernel column's names of a results CSV.
_csumbench_kernels_in() {
	awk -F, '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == "kernel") c = i; h = 1; next }
		c && !seen[$c]++ { print $c }' "$1" 2> /dev/null
}

# _csumbench_configs PROG: configs/*.conf here and beside PROG's
# share/csumbench/configs, and any .conf file.
_csumbench_configs() {
	local d f bin
	declare -A seen=()
	_csumbench_files '*.conf'
	for f in "${COMPREPLY[@]}"; do seen[$f]=1; done
	bin=$(command -v -- "$1")
	for d in configs "${bin%/*}/../share/csumbench/configs"; do
		for f in "$d"/*.conf; do
			[ -f "$f" ] && [[ $f == "$cur"* ]] && [ -z "${seen[$f]:-}" ] &&
				COMPREPLY+=("$f") && seen[$f]=1
		done
	done
}

_csumbench() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local prog cmd='' i key
	prog=$(_csumbench_prog) || return 0
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in -*|=) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac
	done
	if [ -z "$cmd" ]; then
		_csumbench_offer < <(_csumbench_cmds "$prog"; echo --version)
		return 0
	fi
	# --set KEY=VALUE and --set=KEY=VALUE: bash splits words at "=".
	if [ "$prev" = = ] && [ "$COMP_CWORD" -ge 2 ]; then
		key=${COMP_WORDS[COMP_CWORD-2]}
		case $key in
		-s|--set) prev=--set ;;	# --set=KEY
		*)
			case ${COMP_WORDS[COMP_CWORD-3]:-} in
			-s|--set|=)
				case $key in
				kernels) _csumbench_offer "$(_csumbench_head)" < <(echo all; "$prog" list --names 2> /dev/null) ;;
				roofline) _csumbench_offer "$(_csumbench_head)" < <(echo auto; echo none
						"$prog" list --csv 2> /dev/null | awk -F, '$3 == "load" && $NF == "yes" { print $1 }') ;;
				sizes) _csumbench_offer < <(echo mix:) ;;
				*) _csumbench_offer "$(_csumbench_head)" < <(_csumbench_values "$prog" "$key") ;;
				esac
				return 0 ;;
			esac ;;
		esac
	fi
	case $prev in
	-c|--config) _csumbench_configs "$prog"; return 0 ;;
	-s|--set)
		_csumbench_offer < <("$prog" run --list-keys 2> /dev/null | sed 's/$/=/')
		compopt -o nospace 2> /dev/null
		return 0 ;;
	-k|--kernel) _csumbench_offer < <("$prog" list --names 2> /dev/null); return 0 ;;
	-o|--output) _csumbench_files; return 0 ;;
	--align|--window|--cpu) return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		_csumbench_offer < <(_csumbench_opts "$prog" "$cmd")
		return 0
	fi
	case $cmd in
	sum) _csumbench_files ;;
	show) _csumbench_files '*.csv' ;;
	esac
	return 0
}

_csumreport() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local prog cmd='' i csv=''
	prog=$(_csumbench_prog) || return 0
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*|=) ;;
		*.csv) [ -z "$csv" ] && csv=${COMP_WORDS[i]} ;;
		*) [ -z "$cmd" ] && cmd=${COMP_WORDS[i]} ;;
		esac
	done
	if [ -z "$cmd" ]; then
		_csumbench_offer < <(_csumbench_cmds "$prog")
		return 0
	fi
	case $prev in
	--kernel|--before-kernel|--after-kernel)
		[ -n "$csv" ] && _csumbench_offer < <(_csumbench_kernels_in "$csv")
		return 0 ;;
	--csv|--data|--load-data|--rx-data|--before|--after) _csumbench_files; return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		_csumbench_offer < <(_csumbench_opts "$prog" "$cmd")
		return 0
	fi
	_csumbench_files '*.csv'
	return 0
}

complete -F _csumbench csumbench
complete -F _csumreport csumreport
