#!/usr/bin/env bash
# usage: scripts/need.sh PACKAGE...  Installs missing Debian packages with
# apt-get when it can (root, or sudo without a password); otherwise says
# which are missing.  Exit 0 when all are installed at the end.
#
# Another apt-get or dpkg may hold the package locks (unattended upgrades
# on a board or a CI runner, a second make test): it waits for them, up
# to CSUMBENCH_APT_WAIT seconds (default 900), saying so, rather than
# giving up at once.
set -u
wait_max=${CSUMBENCH_APT_WAIT:-900}
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} = 0 ] && exit 0

as_root=()
if [ "$(id -u)" != 0 ]; then
	if command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
		as_root=(sudo -n)
	else
		echo "missing packages: ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
		exit 1
	fi
fi
if ! command -v apt-get > /dev/null; then
	echo "missing packages: ${missing[*]}, and no apt-get to install them" >&2
	exit 1
fi

# apt ARGS...: apt-get ARGS, retried every 2 s while another process
# holds a lock it needs (dpkg's, or the package lists'), saying so; not
# apt's own DPkg::Lock::Timeout, which waits in silence and not for the
# lists' lock that apt-get update takes.
apt() {
	local t0 now said=0 holder st
	t0=$(date +%s)
	while :; do
		"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
			apt-get "$@" > "$try" 2>&1
		st=$?
		cat "$try" >> "$log"
		[ $st = 0 ] && return 0
		grep -q 'Could not get lock' "$try" || return 1
		now=$(date +%s)
		holder=$(sed -n 's/.*It is held by process \([0-9]* ([^)]*)\).*/\1/p' "$try" | tail -n 1)
		if [ $((now - t0)) -ge "$wait_max" ]; then
			echo "need.sh: gave up after ${wait_max} s waiting for the package lock" \
				"(held by ${holder:-another process}; CSUMBENCH_APT_WAIT)" >&2
			return 1
		fi
		if [ $said = 0 ] || [ $((now - said)) -ge 60 ]; then
			echo "need.sh: waiting for the package lock, held by" \
				"${holder:-another process} (up to ${wait_max} s; CSUMBENCH_APT_WAIT)" >&2
			said=$now
		fi
		sleep 2
	done
}

echo "installing ${missing[*]} (apt-get)" >&2
# apt-get's words, kept on a failure: files made by mktemp, never a
# name another user could have made first in a shared /tmp.
log=$(mktemp "${TMPDIR:-/tmp}/csumbench-apt.XXXXXX") &&
	try=$(mktemp "${TMPDIR:-/tmp}/csumbench-apt.XXXXXX") || {
	rm -f "${log:-}"
	echo "need.sh: cannot make a log file in ${TMPDIR:-/tmp}; missing packages: ${missing[*]}" >&2
	exit 1
}
trap 'rm -f "$try"' EXIT
# The package lists are fetched first unless they were within the last
# 6 hours (a run that installs several times fetches them once); a
# package they do not know makes them fetched all the same.  Where they
# cannot be fetched, the ones there may do.
update() {
	apt update -qq || echo "need.sh: apt-get update failed; trying the package lists there are" >&2
	updated=1
}
updated=0
[ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -360 2> /dev/null)" ] || update
install() { apt install -y -qq --no-install-recommends "${missing[@]}"; }
if install || { [ $updated = 0 ] &&
	grep -q 'Unable to locate package\|has no installation candidate' "$try" &&
	update && install; }; then
	rm -f "$log"
	exit 0
fi
echo "apt-get failed; see $log:" >&2
tail -n 5 "$try" | sed 's/^/  /' >&2
echo "missing packages: ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
exit 1
