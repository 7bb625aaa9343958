#!/usr/bin/env bash
# usage: scripts/need.sh PACKAGE...  Installs missing Debian packages with
# apt-get when it can (root); otherwise says which are missing.  Exit 0 when
# all are installed at the end.
set -u
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
	echo "installing ${missing[*]} (apt-get)" >&2
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } > /tmp/csumbench-apt.log 2>&1 && exit 0
	echo "apt-get failed; see /tmp/csumbench-apt.log" >&2
fi
echo "missing packages: ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
exit 1
