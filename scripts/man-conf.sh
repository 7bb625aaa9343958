#!/usr/bin/env bash
# make man: csumbench.conf(5)'s KEYS section, from the binary's one
# table of keys (csumbench run --man-keys), between the page's two
# marker lines; the rest of the page is kept as it is.
#   scripts/man-conf.sh CSUMBENCH PAGE [OUT]   (OUT: the page, rewritten
#   whole or not at all; without OUT, the new page on standard output)
set -u
bin=$1 page=$2 out=${3:-}
begin='.\" keys: from csumbench run --man-keys (make man); do not edit by hand'
end='.\" end of keys'
for m in "$begin" "$end"; do
	if [ "$(grep -cxF -- "$m" "$page")" != 1 ]; then
		echo "$page: expected one line '$m'" >&2
		exit 2
	fi
done
keys=$(mktemp) || exit 2
trap 'rm -f "$keys"' EXIT
"$bin" run --man-keys > "$keys" || { echo "$bin run --man-keys failed" >&2; exit 2; }
gen() {
	# (through the environment: awk -v would read the \" as an escape)
	B=$begin E=$end K=$keys awk '
		$0 == ENVIRON["B"] { print; while ((getline l < ENVIRON["K"]) > 0) print l; skip = 1; next }
		$0 == ENVIRON["E"] { skip = 0 }
		!skip' "$page"
}
if [ -z "$out" ]; then
	gen
	exit
fi
tmp=$(mktemp "$out.XXXXXX") || exit 2
if gen > "$tmp"; then
	chmod 644 "$tmp" && mv -f "$tmp" "$out"
else
	rm -f "$tmp"
	exit 2
fi
