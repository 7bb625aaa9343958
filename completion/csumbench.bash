# shellcheck shell=bash
# shellcheck disable=SC2207,SC2046 # completions are words (names, keys, options), split as compgen and complete expect
# bash completion for csumbench and csumreport.  Everything offered is
# read from the program itself, so it never disagrees with it: the
# commands from --help, each command's options from CMD --help, the
# kernels from "csumbench list --names", the config keys and their
# values from "csumbench run --help"; configs from configs/*.conf, here
# or where make install put them.
# (install: source it, or copy it to share/bash-completion/completions/)

# _csumbench_prog: the program the line names, as typed.
_csumbench_prog() {
	local p=${COMP_WORDS[0]}
	p=${p/#\~/$HOME}
	command -v -- "$p" > /dev/null 2>&1 && printf '%s' "$p"
}

# _csumbench_opts PROG CMD: the long and short options CMD --help lists.
_csumbench_opts() {
	"$1" "$2" --help 2> /dev/null |
		sed -n 's/^  \(-[a-zA-Z0-9]\)\{0,1\}[, ]*\(--[a-z][a-z0-9-]*\).*/\1 \2/p'
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

# _csumbench_list_item CANDIDATES...: completes the last item of a
# comma list in $cur.
_csumbench_list_item() {
	local head='' last=$cur
	if [[ $cur == *,* ]]; then
		head=${cur%,*},
		last=${cur##*,}
	fi
	local c
	COMPREPLY=()
	for c in "$@"; do
		[[ $c == "$last"* ]] && COMPREPLY+=("$head$c")
	done
}

_csumbench_configs() {
	local d f
	declare -A seen=()
	COMPREPLY=($(compgen -f -X '!*.conf' -- "$cur") $(compgen -d -- "$cur"))
	for f in "${COMPREPLY[@]}"; do seen[$f]=1; done
	for d in configs /usr/local/share/csumbench/configs /usr/share/csumbench/configs; do
		for f in "$d"/*.conf; do
			[ -f "$f" ] && [[ $f == "$cur"* ]] && [ -z "${seen[$f]:-}" ] &&
				COMPREPLY+=("$f") && seen[$f]=1
		done
	done
}

_csumbench() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local prog cmd i key
	prog=$(_csumbench_prog) || return 0
	[ -n "$prog" ] || return 0
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in -*) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac
	done
	if [ -z "${cmd:-}" ]; then
		COMPREPLY=($(compgen -W "$("$prog" --help 2> /dev/null |
			sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p') --help --version" -- "$cur"))
		return 0
	fi
	# --set KEY=VALUE and --set=KEY=VALUE: bash splits words at "=".
	if [ "$prev" = = ] && [ "$COMP_CWORD" -ge 3 ]; then
		key=${COMP_WORDS[COMP_CWORD-2]}
		case ${COMP_WORDS[COMP_CWORD-3]} in
		-s|--set|=)
			case $key in
			kernels) _csumbench_list_item all $("$prog" list --names 2> /dev/null) ;;
			roofline) _csumbench_list_item auto none $("$prog" list --csv 2> /dev/null |
					awk -F, '$3 == "load" && $NF == "yes" { print $1 }') ;;
			sizes) _csumbench_list_item mix: ;;
			*) _csumbench_list_item $(_csumbench_values "$prog" "$key") ;;
			esac
			return 0 ;;
		esac
	fi
	case $prev in
	-c|--config) _csumbench_configs; return 0 ;;
	-s|--set)
		COMPREPLY=($(compgen -W "$("$prog" run --list-keys 2> /dev/null)" -- "$cur"))
		COMPREPLY=("${COMPREPLY[@]/%/=}")
		compopt -o nospace 2> /dev/null
		return 0 ;;
	-k|--kernel)
		COMPREPLY=($(compgen -W "$("$prog" list --names 2> /dev/null)" -- "$cur"))
		return 0 ;;
	-o|--output|--align|--window) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_csumbench_opts "$prog" "$cmd")" -- "$cur"))
		return 0
	fi
	case $cmd in
	sum) COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
	return 0
}

_csumreport() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local prog cmd i csv
	prog=$(_csumbench_prog) || return 0
	[ -n "$prog" ] || return 0
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*.csv) [ -z "${csv:-}" ] && csv=${COMP_WORDS[i]} ;;
		*) [ -z "${cmd:-}" ] && cmd=${COMP_WORDS[i]} ;;
		esac
	done
	if [ -z "${cmd:-}" ]; then
		COMPREPLY=($(compgen -W "$("$prog" --help 2> /dev/null |
			sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p') --help" -- "$cur"))
		return 0
	fi
	case $prev in
	--kernel|--before-kernel|--after-kernel)
		[ -n "${csv:-}" ] &&
			COMPREPLY=($(compgen -W "$(_csumbench_kernels_in "$csv")" -- "$cur"))
		return 0 ;;
	--csv|--data|--load-data|--rx-data) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_csumbench_opts "$prog" "$cmd" |
			sed 's/csumbench/csumreport/')" -- "$cur"))
		return 0
	fi
	COMPREPLY=($(compgen -f -X '!*.csv' -- "$cur") $(compgen -d -- "$cur"))
	return 0
}

complete -F _csumbench csumbench
complete -F _csumreport csumreport
