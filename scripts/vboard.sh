#!/usr/bin/env bash
# Virtual boards: a real Linux kernel under qemu-system (32-bit PowerPC
# machines, and x86-64 with Debian's own kernel), the static harness the
# initrd's program.  What runs there sees a real kernel's /proc/cpuinfo,
# auxiliary vector, signals, timer, tracefs and network stack; its
# timings are an emulator's and mean nothing.
#
#   vboard.sh list                     the machines (boards/*.board)
#   vboard.sh preset MACHINE           its CPU= preset; exit 2 if unknown
#   vboard.sh arch MACHINE             its architecture: ppc32, x86_64
#   vboard.sh kernel MACHINE           the cached kernel's path (built once)
#   vboard.sh initrd MACHINE OUT CMDS NAME=FILE...
#                                      packs init, CMDS and the files
#   vboard.sh boot MACHINE INITRD LOG  boots; the console goes to LOG
#   vboard.sh fetch LOG DIR            the files the board printed, checked
#   vboard.sh run MACHINE DIR CMDS NAME=FILE...
#                                      initrd, boot, fetch: the whole job
#
# The ppc kernels are built from Debian's linux-source-6.1 with the
# machine's defconfig and boards/vboard.config, and cached in
# ${CSUMBENCH_CACHE:-~/.cache/csumbench}/vboard/<machine>-<version>-<hash>,
# with its source and objects: tree/ the source, tree/obj the build
# (O=, a folder of the source, so every path kbuild keeps is relative and
# the tree can be moved), and build, a link to it: what an out-of-tree
# module such as csumbench.ko is built against (make module
# KDIR=.../build).  VBOARD_PATCH="A.patch B.patch" (-p1, applied in
# order) builds a patched kernel beside it, keyed by the patches' content
# too: the plain one's source is linked (a patched file gets a copy of
# its own), its objects copied, and make rebuilds only what the patches
# touch; the CSVs its runs fetch gain "# vboard_patch: NAME SHA256".
# One build (or download) at a time: its holder writes into the cache's
# .lock its pid, since when (seconds since 1970) and what for, and a run
# that must wait says so.  A build runs in a process group of its own,
# in .build-<key>-<pid>/, and shows the files compiled of those make's
# dry run lists.
# A board with kernel_deb= (x86_64) boots that Debian package's kernel
# instead: downloaded (apt-get download), taken apart and cached in
# <machine>-<package>-<version>/ with vmlinuz, its tun.ko, a version
# file and build, a link to the matching linux-headers (installed).
# VBOARD_PATCH is refused there: nothing is built to patch.
# Every initrd holds the board's init and boards/traffic.c, built static
# for its architecture.
# VBOARD_TIMEOUT (seconds, default 1800) bounds a boot; VBOARD_JOBS
# (default: every core) is the kernel build's make -j.
set -eu -o pipefail
shopt -s inherit_errexit
here=$(cd "$(dirname "$0")/.." && pwd)
boards=$here/boards
cache=${CSUMBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/csumbench}/vboard
cross=${VBOARD_CROSS_COMPILE:-powerpc-linux-gnu-}
src_tar=/usr/src/linux-source-6.1.tar.xz
src_pkg=linux-source-6.1

die() { echo "vboard: $*" >&2; exit 2; }

# Temporary files and folders go however the script ends.  A kernel
# build (minutes, gigabytes) runs in a process group of its own, beside a
# watcher in a session of its own: stopped (TERM, INT, HUP, a timeout
# that signals this process group), this script stops the build whole
# and the watcher removes its tree; killed outright, the watcher does
# both once this script's end of their pipe closes.
temps=() build_pid='' watch_pid='' alive='' lock_wait='' locked='' child=''
cleanup() {
	trap '' INT TERM HUP
	if [ -n "$child" ]; then
		kill -TERM "$child" 2> /dev/null || true
		wait "$child" 2> /dev/null || true
	fi
	[ -z "$lock_wait" ] || kill "$lock_wait" 2> /dev/null || true
	[ -z "$build_pid" ] || { stop_group "$build_pid"; build_pid=; }
	# (the build gone, a run waiting for the cache need not wait for
	# its tree to go too)
	[ -z "$locked" ] || unlock_cache
	[ -z "$watch_pid" ] || end_watch stopped
	[ ${#temps[@]} = 0 ] || rm -rf -- "${temps[@]}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# waited COMMAND...: run in the background and waited for, so that a
# signal to this script ends the wait at once (cleanup stops it: a
# kernel build, a board).
waited() {
	local st=0
	"$@" &
	child=$!
	wait "$child" || st=$?
	child=
	return $st
}

# kernel_dir MACHINE: the kernel's folder (kernel, waited) in kdir.
kernel_dir() {
	local out
	out=$(mktemp)
	temps+=("$out")
	waited kernel "$1" > "$out" || exit
	kdir=$(cat "$out")
}

# stop_group PGID: every process of the group gone, a compiler its
# shell left too (TERM, then KILL after 10 s), before its files go.
stop_group() {
	local i=0
	kill -TERM -- -"$1" 2> /dev/null || true
	wait "$1" 2> /dev/null || true
	while kill -0 -- -"$1" 2> /dev/null; do
		i=$((i + 1))
		[ $i != 100 ] || kill -KILL -- -"$1" 2> /dev/null || true
		sleep 0.1
	done
}

# watch_build PGID TMP: the watcher (its own session, the pipe on its
# stdin).  "kept": the build is in the cache; "stopped": its group is
# gone, its tree is to go; nothing (this script was killed): the group
# is stopped first.
watch_build() {
	local word=''
	read -r word || true
	[ "$word" != kept ] || exit 0
	[ "$word" = stopped ] || stop_group "$1"
	rm -rf -- "$2"
}

# end_watch WORD: says WORD to the watcher and waits for it.
end_watch() {
	echo "$1" >&"$alive" || true
	exec {alive}>&-
	wait "$watch_pid" || true
	watch_pid=
}

machines() {
	local f
	for f in "$boards"/*.board; do
		basename "$f" .board
	done
}

load_board() { # load_board MACHINE: its settings into this shell
	local m=$1
	[ -f "$boards/$m.board" ] ||
		die "no virtual board '$m'; expected one of: $(machines | tr '\n' ' ')"
	describe='' defconfig='' qemu_machine='' qemu_args='' console='' cpu_preset=''
	qemu_cpu='' kernel_image=vmlinux arch=ppc32 kernel_deb=''
	# shellcheck disable=SC1090 # boards/*.board, the machine named
	. "$boards/$m.board"
	[ -n "$defconfig$kernel_deb" ] && [ -n "$qemu_machine" ] && [ -n "$console" ] ||
		die "$boards/$m.board: expected defconfig (or kernel_deb), qemu_machine and console"
	case $arch in
	ppc32) qemu_system=qemu-system-ppc qemu_pkg=qemu-system-ppc ;;
	x86_64) qemu_system=qemu-system-x86_64 qemu_pkg=qemu-system-x86 ;;
	*) die "$boards/$m.board: arch=$arch: expected ppc32 or x86_64" ;;
	esac
	[ -z "$kernel_deb" ] || kernel_image=vmlinuz
}

# What the kernel is made of, for the cache's name: the source package's
# version, the defconfig, both fragments and the cross compiler; and,
# patched, the patches' bytes (-p and their hash: a patched kernel is
# never taken for the plain one).
kernel_key() { # kernel_key MACHINE [PATCH...]
	local m=$1 ver hash phash
	shift
	ver=$(dpkg-query -W -f='${Version}' "$src_pkg" 2> /dev/null) ||
		die "Debian's $src_pkg is not installed (apt-get install $src_pkg)"
	hash=$({ echo "$defconfig"; cat "$boards/vboard.config"
		[ ! -f "$boards/$m.config" ] || cat "$boards/$m.config"
		"${cross}gcc" --version | head -n 1; } | sha256sum | cut -c1-12)
	if [ $# -gt 0 ]; then
		phash=$(for f in "$@"; do sha256sum < "$f"; done | patch_hash)
		echo "$m-$ver-$hash-p$phash"
	else
		echo "$m-$ver-$hash"
	fi
}

# The patches' part of a patched kernel's key, from sha256sum's lines
# for each ("HASH  -")
patch_hash() { sha256sum | cut -c1-12; }

# The patches VBOARD_PATCH names, checked: each a readable file (words:
# a name with a space cannot be given), by its full path in patches and
# as given in patch_names.
patches=() patch_names=()
read_patches() {
	local f
	patches=() patch_names=()
	for f in ${VBOARD_PATCH:-}; do
		[ -f "$f" ] && [ -r "$f" ] ||
			die "VBOARD_PATCH: $f: no such file (a patch for linux-source-6.1, -p1, expected)"
		patches+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
		patch_names+=("$f")
	done
}

# A cached kernel's folder is whole when its image, gen_init_cpio and
# built tree are all there (one is moved in only when all are made).
kernel_ready() { [ -f "$1/$kernel_image" ] && [ -x "$1/gen_init_cpio" ] && [ -d "$1/tree/obj" ]; }

# The cache's lock: one build or download at a time.  Its holder writes
# into the lock file who it is (its pid, since when, what for), so that a
# run that must wait says at once whose work it waits for.
lock_cache() { # lock_cache WHAT
	local t0
	mkdir -p "$cache"
	exec 9<> "$cache/.lock"
	if ! flock -n 9; then
		echo "vboard: waiting for the kernel cache: $(lock_holder)" >&2
		t0=$(date +%s)
		# (in the background: a signal ends the wait at once)
		flock 9 &
		lock_wait=$!
		wait "$lock_wait" || die "flock $cache/.lock failed"
		lock_wait=
		echo "vboard: the kernel cache is ours after $(($(date +%s) - t0)) s" >&2
	fi
	printf '%s %s %s\n' "$BASHPID" "$(date +%s)" "$1" > "$cache/.lock"
	locked=1
}

unlock_cache() { : > "$cache/.lock"; exec 9>&-; locked=; }

lock_holder() { # who holds the lock, as its holder wrote it
	local pid since what age
	if read -r pid since what < "$cache/.lock" && [[ $pid =~ ^[1-9][0-9]*$ ]] &&
		[[ $since =~ ^[0-9]+$ ]] && kill -0 "$pid" 2> /dev/null; then
		age=$(($(date +%s) - since))
		if [ $age -lt 120 ]; then age="$age s"; else age="$((age / 60)) min"; fi
		echo "process $pid, since $(date -d "@$since" +%H:%M:%S) ($age ago), is $what"
	else
		echo "another process holds $cache/.lock (it did not say which;" \
			"a csumbench older than this one?)"
	fi
}

# Under the lock no other build runs: a .build-* or .deb-* folder there
# is one a stopped run is removing (the pid it ends in runs), or one a
# run killed with its watcher left.
sweep_cache() {
	local d
	for d in "$cache"/.build-* "$cache"/.deb-*; do
		[ -e "$d" ] && ! kill -0 "${d##*-}" 2> /dev/null || continue
		echo "vboard: removing $d, left by a run that was killed" >&2
		rm -rf -- "$d"
	done
}

# The build, in its process group (its leader): the tree in TMP, from
# the source package or, patched, from BASE's tree; for a whole build,
# the files make will compile or assemble (its dry run: 20 to 30 s, in
# TMP/pending) for the progress line; then vmlinux and the modules
# (Module.symvers, which an out-of-tree module's link checks its
# symbols against).
build_tree() { # build_tree MACHINE TMP [BASE]
	local m=$1 tmp=$2 base=${3:-} p frags
	mk() { make -C "$tmp/tree" O=obj ARCH=powerpc CROSS_COMPILE="$cross" "$@"; }
	if [ -n "$base" ]; then
		# the source as hard links (patch writes a new file, so the
		# plain tree keeps its own), the objects copied
		cp -al "$base/tree" "$tmp/tree"
		rm -rf "$tmp/tree/obj"
		cp -a "$base/tree/obj" "$tmp/tree/obj"
		for p in "${patches[@]}"; do
			echo "vboard: applying $p"
			if ! patch -d "$tmp/tree" -p1 --batch --forward \
				--no-backup-if-mismatch -i "$p"; then
				echo "@@vboard-patch-failed $p"
				exit 1
			fi
		done
	else
		tar -C "$tmp" -xf "$src_tar"
		mv "$tmp/linux-source-6.1" "$tmp/tree"
		mk "$defconfig"
		frags=("$boards/vboard.config")
		[ ! -f "$boards/$m.config" ] || frags+=("$boards/$m.config")
		(cd "$tmp/tree" && scripts/kconfig/merge_config.sh -m -O obj obj/.config "${frags[@]}")
		mk olddefconfig
	fi
	if [ -z "$base" ]; then
		{ mk -n -k "$kernel_image" modules 2> /dev/null || true; } |
			sed -n "s/.*echo '  \(CC\|AS\) [^']* \([^' ]*\)';.*/\2/p" > "$tmp/pending.new"
		mv "$tmp/pending.new" "$tmp/pending"
	fi
	mk -j"${VBOARD_JOBS:-$(nproc)}" "$kernel_image" modules
}

# The progress line: the files of the dry run's list compiled so far
# (the link's own few are not in it); a patched build's make has no list
# (its dry run would take as long as the build), so its count alone.  On
# a terminal kept up to date, otherwise once a minute and once when the
# list is made.
said=''
progress() { # progress MACHINE TMP T0
	local s line='preparing the tree' key=prep n
	s=$(($(date +%s) - $3))
	if [ -f "$2/pending" ]; then
		line=$(awk 'FILENAME == ARGV[1] { if (!($0 in pending)) t++; pending[$0]; next }
			($1 == "CC" || $1 == "AS") && $NF in pending && !($NF in done) { done[$NF]; n++ }
			END { printf "%d of %d files compiled", n, t }' "$2/pending" "$2/build.log")
		key=count
	elif n=$(grep -cE '^  (CC|AS) ' "$2/build.log"); then
		line="$n files compiled"
		key=count
	fi
	if [ -t 2 ]; then
		printf '\rvboard: %s: %s, %d s \033[K' "$1" "$line" "$s" >&2
	elif [ "$key|$((s / 60))" != "$said" ]; then
		echo "vboard: $1: $line, $s s" >&2
		said="$key|$((s / 60))"
	fi
}

# Prints the kernel's folder (vmlinux, gen_init_cpio, config, build.log,
# tree/ and build), building it first where the cache has none: plain
# from the source package; patched from the plain one's tree, which make
# then brings up to date.
kernel() { # kernel MACHINE
	local m=$1 key dir tmp t0 log base='' what p kdir
	# (kernel_dir runs it in a subshell, where the script's traps are
	# reset: its own build must still go on exit, and only its own: the
	# caller's temporaries are the caller's)
	temps=()
	trap cleanup EXIT
	trap 'exit 130' INT TERM HUP
	load_board "$m"
	if [ -n "$kernel_deb" ]; then
		p=${VBOARD_PATCH:-}
		[ -z "${p//[[:space:]]/}" ] ||
			die "VBOARD_PATCH: the $m board boots Debian's own kernel" \
				"($kernel_deb, as packaged): nothing is built here to patch." \
				"Patch a ppc board's kernel (RUNNER=vboard:sam460ex), or boot" \
				"the x86-64 one without VBOARD_PATCH"
		deb_kernel "$m"
		return
	fi
	read_patches
	key=$(kernel_key "$m" ${patches[@]+"${patches[@]}"})
	dir=$cache/$key
	if kernel_ready "$dir"; then
		echo "$dir"
		return
	fi
	if [ ${#patches[@]} -gt 0 ]; then
		command -v patch > /dev/null || die "no patch (apt-get install patch)"
		VBOARD_PATCH='' kernel_dir "$m"
		base=$kdir
		# the first patch tried on the plain source first: one that
		# does not apply is said before anything is copied
		if ! p=$(patch -d "$base/tree" -p1 --dry-run --batch --forward \
			-i "${patches[0]}" 2>&1); then
			printf '%s\n' "$p" | tail -n 15 >&2
			die "VBOARD_PATCH: ${patches[0]} does not apply to $src_pkg" \
				"$(dpkg-query -W -f='${Version}' $src_pkg) (patch -p1, above)"
		fi
	fi
	command -v "${cross}gcc" > /dev/null ||
		die "no ${cross}gcc (apt-get install gcc-powerpc-linux-gnu)"
	for t in bison flex bc; do
		command -v $t > /dev/null || die "no $t (apt-get install bison flex bc libssl-dev)"
	done
	[ -f "$src_tar" ] || die "no $src_tar (apt-get install $src_pkg)"
	# One build at a time; a second caller waits and then finds it.
	tmp=$cache/.build-$key-$BASHPID
	log=$tmp/build.log
	lock_cache "building the $m kernel ($key) for $here; its log: $log"
	if kernel_ready "$dir"; then
		unlock_cache
		echo "$dir"
		return
	fi
	sweep_cache
	mkdir "$tmp"
	temps+=("$tmp")
	t0=$(date +%s)
	if [ -n "$base" ]; then
		what="the $m kernel with ${#patches[@]} patch(es) (VBOARD_PATCH), from $base"
	else
		what="the $m kernel once ($src_pkg $(dpkg-query -W -f='${Version}' $src_pkg),"
		what+=" $defconfig + boards/vboard.config), a few minutes"
	fi
	# (the lock's descriptor is neither's to hold, nor the pipe's
	# writing end the watcher's or the build's)
	mkfifo "$tmp/.alive"
	exec {alive}<> "$tmp/.alive"
	set -m
	build_tree "$m" "$tmp" "$base" < /dev/null > "$log" 2>&1 9>&- {alive}>&- &
	build_pid=$!
	set +m
	setsid "$BASH" -c "$(declare -f stop_group watch_build); watch_build \"\$@\"" \
		watch "$build_pid" "$tmp" < "$tmp/.alive" > /dev/null 9>&- {alive}>&- &
	watch_pid=$!
	# (the watcher apart before anything is said: from here on, no way
	# this script ends leaves the build running)
	until [ "$(ps -o sid= -p "$watch_pid")" -eq "$watch_pid" ] 2> /dev/null; do
		kill -0 "$watch_pid" || die "the build's watcher did not start"
		sleep 0.01
	done
	echo "vboard: building $what; cached in $dir" >&2
	while kill -0 "$build_pid" 2> /dev/null; do
		sleep 2 &
		wait $! || true
		progress "$m" "$tmp" "$t0"
	done
	[ ! -t 2 ] || printf '\n' >&2
	if ! wait "$build_pid"; then
		build_pid=
		p=$(sed -n 's/^@@vboard-patch-failed //p' "$log")
		if [ -n "$p" ]; then
			grep -v '^@@vboard' "$log" | tail -n 15 >&2
			die "VBOARD_PATCH: $p does not apply to $src_pkg" \
				"$(dpkg-query -W -f='${Version}' $src_pkg) (patch -p1, above)"
		fi
		tail -n 30 "$log" >&2
		mkdir -p "$cache/failed"
		cp "$log" "$cache/failed/$key.log"
		die "the $m kernel did not build; the log is $cache/failed/$key.log"
	fi
	build_pid=
	mkdir -p "$tmp/out"
	echo "built in $(($(date +%s) - t0)) s on $(nproc) cores" >> "$log"
	{ [ ${#patches[@]} = 0 ] || printf 'patch %s\n' "${patches[@]}" > "$tmp/out/patches"; } &&
		cp "$tmp/tree/obj/$kernel_image" "$tmp/tree/obj/usr/gen_init_cpio" "$log" "$tmp/out/" &&
		cp "$tmp/tree/obj/.config" "$tmp/out/config" &&
		mv "$tmp/tree" "$tmp/out/tree" && ln -s tree/obj "$tmp/out/build" &&
		rm -rf "$dir" && mv "$tmp/out" "$dir" ||
		die "could not keep the $m kernel in $dir"
	end_watch kept
	rm -rf "$tmp"
	unlock_cache
	echo "vboard: $m kernel built in $(($(date +%s) - t0)) s" >&2
	echo "$dir"
}

# A Debian kernel package's kernel (kernel_deb=, the package that
# names it: linux-image-amd64 depends on linux-image-<release>), its
# tun.ko, and gen_init_cpio built here from linux-source-6.1's usr/.
# csumbench.ko is built against linux-headers-<release>, which must be
# the same version (installed: apt-get install linux-headers-amd64).
deb_kernel() { # deb_kernel MACHINE
	local m=$1 pkg ver release key dir hdr
	command -v apt-get > /dev/null || die "no apt-get: the $m board takes Debian's $kernel_deb"
	# (awk reads to the end: apt-cache, cut short, dies of SIGPIPE)
	pkg=$(apt-cache depends "$kernel_deb" 2> /dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-/ && !p { p = $2 } END { print p }')
	[ -n "$pkg" ] || die "apt-cache knows no $kernel_deb (apt-get update?)"
	ver=$(apt-cache show --no-all-versions "$pkg" 2> /dev/null |
		awk '$1 == "Version:" && !v { v = $2 } END { print v }')
	[[ $ver =~ ^[A-Za-z0-9.+~:-]+$ ]] || die "apt-cache gives no version of $pkg"
	release=${pkg#linux-image-}
	key=$m-$release-$ver
	dir=$cache/$key
	if ! deb_ready "$dir"; then
		[ -f "$src_tar" ] || die "no $src_tar (apt-get install $src_pkg): its usr/gen_init_cpio.c packs the initrd"
		lock_cache "fetching $pkg $ver for the $m board, for $here"
		deb_ready "$dir" || deb_fetch "$m" "$pkg" "$ver" "$dir"
		unlock_cache
	fi
	hdr=/usr/src/linux-headers-$release
	if [ -d "$hdr" ]; then
		ln -sfn "$hdr" "$dir/build"
	else
		rm -f "$dir/build"
	fi
	echo "$dir"
}

deb_ready() { [ -f "$1/$kernel_image" ] && [ -x "$1/gen_init_cpio" ]; }

deb_fetch() { # deb_fetch MACHINE PACKAGE VERSION DIR, under the lock
	local m=$1 pkg=$2 ver=$3 dir=$4 release=${2#linux-image-} tmp
	sweep_cache
	tmp=$cache/.deb-${dir##*/}-$BASHPID
	mkdir -p "$tmp/out"
	temps+=("$tmp")
	echo "vboard: fetching $pkg $ver (apt-get download) for the $m board" >&2
	(cd "$tmp" && apt-get download "$pkg=$ver" > download.log 2>&1) ||
		{ cat "$tmp/download.log" >&2; die "apt-get download $pkg=$ver failed"; }
	dpkg-deb -x "$tmp"/linux-image-*.deb "$tmp/x" ||
		die "dpkg-deb could not take $pkg apart"
	cp "$tmp/x/boot/vmlinuz-$release" "$tmp/out/vmlinuz" &&
		cp "$tmp/x/boot/config-$release" "$tmp/out/config" &&
		cp "$tmp/x/lib/modules/$release/kernel/drivers/net/tun.ko" "$tmp/out/tun.ko" ||
		die "$pkg has no vmlinuz-$release, config or tun.ko where expected"
	tar -C "$tmp" -xJf "$src_tar" linux-source-6.1/usr/gen_init_cpio.c &&
		gcc -O2 -o "$tmp/out/gen_init_cpio" "$tmp/linux-source-6.1/usr/gen_init_cpio.c" ||
		die "could not build gen_init_cpio from $src_tar"
	echo "$pkg $ver" > "$tmp/out/version"
	rm -rf "$dir" && mv "$tmp/out" "$dir" || die "could not keep the $m kernel in $dir"
	rm -rf "$tmp"
}

# The board's programs, built static for its architecture: init, and
# the traffic it can make (boards/traffic.c).
board_cc() {
	case $arch in
	ppc32) echo "${cross}gcc -mcpu=powerpc" ;;
	*) echo "gcc" ;;
	esac
}

board_bin() { # board_bin NAME: boards/NAME.c built, its path
	local out name=$1 cc
	out=$cache/$name-$arch-$(sha256sum < "$boards/$name.c" | cut -c1-12)
	if [ ! -x "$out" ]; then
		mkdir -p "$cache"
		read -r -a cc <<< "$(board_cc)"
		command -v "${cc[0]}" > /dev/null || die "no ${cc[0]} to build boards/$name.c"
		"${cc[@]}" -static -O2 -Wall -Wextra -o "$out.$$" \
			"$boards/$name.c" && mv -f "$out.$$" "$out" ||
			die "boards/$name.c did not build for $arch"
	fi
	echo "$out"
}

initrd() { # initrd MACHINE OUT CMDS NAME=FILE...
	local m=$1 out=$2 cmds=$3 kdir init traffic stage f name path i=0
	shift 3
	load_board "$m"
	kernel_dir "$m"
	init=$(board_bin init)
	traffic=$(board_bin traffic)
	[ -f "$cmds" ] || die "initrd: $cmds: no such file"
	# gen_init_cpio reads a list of space-separated words, one of them
	# the host path: every file is copied under a name of ours into one
	# folder, and named relative to it, so any path (spaces, anything)
	# packs.  Names on the board are words the init can split.
	stage=$(mktemp -d)
	temps+=("$stage")
	cp "$init" "$stage/init" && cp "$traffic" "$stage/traffic" && cp "$cmds" "$stage/cmds" ||
		die "initrd: cannot copy into $stage"
	echo "vboard-$m" > "$stage/host"
	date +%s > "$stage/epoch"
	{
		echo "dir /dev 755 0 0"
		echo "nod /dev/console 600 0 0 c 5 1"
		echo "dir /proc 755 0 0"
		echo "dir /sys 755 0 0"
		echo "dir /results 755 0 0"
		echo "dir /csumbench 755 0 0"
		echo "file /init init 755 0 0"
		echo "file /csumbench/cmds cmds 644 0 0"
		echo "file /csumbench/traffic traffic 755 0 0"
		echo "file /csumbench/hostname host 644 0 0"
		echo "file /csumbench/epoch epoch 644 0 0"
		# a distribution kernel's tun, for the traffic (init loads it)
		if [ -f "$kdir/tun.ko" ]; then
			cp "$kdir/tun.ko" "$stage/tun.ko" || die "initrd: cannot copy $kdir/tun.ko"
			echo "file /csumbench/tun.ko tun.ko 644 0 0"
		fi
		for f in "$@"; do
			name=${f%%=*} path=${f#*=}
			[[ $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] ||
				die "initrd: '$name': a plain file name of A-Z a-z 0-9 . _ - expected"
			[ -f "$path" ] || die "initrd: $path: no such file"
			i=$((i + 1))
			cp "$path" "$stage/f$i" || die "initrd: cannot copy $path into $stage"
			echo "file /csumbench/$name f$i $([ -x "$path" ] && echo 755 || echo 644) 0 0"
		done
	} > "$stage/list"
	(cd "$stage" && "$kdir/gen_init_cpio" list) | gzip -1 > "$out.$$" ||
		{ rm -f "$out.$$"; die "initrd: gen_init_cpio could not pack $stage/list"; }
	mv -f "$out.$$" "$out"
	rm -rf "$stage"
}

# Whether qemu-system-x86_64 can run a guest under KVM here: a nested
# guest may have a /dev/kvm that cannot set up a CPU (this machine's
# aborts on an MSR).  Asked with a kernel that will not load: a KVM that
# works gets as far as saying so.  VBOARD_KVM=no takes TCG.
kvm_works() {
	local out
	[ "${VBOARD_KVM:-auto}" != no ] && [ -w /dev/kvm ] || return 1
	out=$(timeout 20 qemu-system-x86_64 -accel kvm -M pc -cpu max -m 64 -nodefaults \
		-display none -no-reboot -kernel /dev/null < /dev/null 2>&1) || true
	grep -q 'could not load kernel' <<< "$out"
}

# Boots with the console on stdio into LOG and a hard limit; returns
# QEMU's status (124: the limit was reached).
boot() { # boot MACHINE INITRD LOG
	local m=$1 rd=$2 log=$3 kdir limit=${VBOARD_TIMEOUT:-1800}
	kernel_dir "$m"
	command -v $qemu_system > /dev/null ||
		die "no $qemu_system (apt-get install $qemu_pkg)"
	# x86-64 under KVM where /dev/kvm takes a virtual machine here
	if [ "$arch" = x86_64 ] && [ -z "$qemu_cpu" ]; then
		if kvm_works; then
			qemu_cpu=max qemu_args+=" -accel kvm"
			echo "vboard: $m under KVM" >&2
		else
			qemu_cpu=max qemu_args+=" -accel tcg"
			echo "vboard: $m under TCG (no usable KVM here)" >&2
		fi
	fi
	# shellcheck disable=SC2086 # qemu_args is the board file's words
	waited timeout -k 5 "$limit" $qemu_system -M "$qemu_machine" \
		${qemu_cpu:+-cpu "$qemu_cpu"} $qemu_args \
		-kernel "$kdir/$kernel_image" -initrd "$rd" \
		-append "console=$console quiet rdinit=/init panic=-1" \
		-nographic -no-reboot < /dev/null > "$log" 2>&1
}

# The files between marker lines, each checked against its length and
# cksum.  A file cut short, damaged or never ended is refused, as is a
# marker that is not one (a kernel message run into it) and a board
# that framed more files than arrived.  Files that pass go into DIR
# through scripts/place.sh (whole, never over a file there).  Prints the
# names fetched; exit 1 if anything was refused, could not be placed,
# or the board never finished; 0 otherwise.
# intact FILE LEN CKSUM: whether FILE is LEN bytes with that POSIX cksum
# as it came, or once a console's carriage returns are taken off, or
# once the newline the init adds to a file that lacked one is taken off
# (or both); FILE is left as the one that is.
intact() {
	local f=$1 len=$2 ck=$3 t=$1.try how
	for how in as-is no-cr; do
		if [ $how = as-is ]; then cp "$f" "$t"; else sed 's/\r$//' "$f" > "$t"; fi
		if [ "$(wc -c < "$t")" = $((len + 1)) ] && [ -z "$(tail -c 1 "$t")" ] &&
			[ "$(head -c "$len" "$t" | cksum | cut -d' ' -f1)" = "$ck" ]; then
			truncate -s "$len" "$t"
		fi
		if [ "$(wc -c < "$t")" = "$len" ] && [ "$(cksum < "$t" | cut -d' ' -f1)" = "$ck" ]; then
			mv -f "$t" "$f"
			return 0
		fi
	done
	rm -f "$t"
	return 1
}

# The lines "# vboard_patch: NAME SHA256", one a patch, that the CSVs
# of a patched kernel's run gain (fetch adds them), checked against the
# key of the kernel that boots: a patch changed since is refused.
stamp=()
patch_stamp() { # patch_stamp KERNEL-DIR
	local i sums=()
	stamp=()
	read_patches
	[ ${#patches[@]} -gt 0 ] || return 0
	for i in "${!patches[@]}"; do
		sums+=("$(sha256sum < "${patches[$i]}" | cut -c1-64)")
		stamp+=("# vboard_patch: ${patch_names[$i]} ${sums[$i]}")
	done
	[ "${1##*-p}" = "$(printf '%s  -\n' "${sums[@]}" | patch_hash)" ] ||
		die "VBOARD_PATCH: a patch changed after $1 was built from it; run again"
}

# stamp_csv FILE OUT: a harness CSV (its first line "# csumbench: ...")
# with the stamp lines after its "# runner:" line, or else at the end of
# its "#" lines, into OUT; other files as they are.
stamp_csv() {
	local first=''
	IFS= read -r first < "$1" || true
	if [[ $first != "# csumbench: "* ]]; then
		cp -- "$1" "$2"
		return
	fi
	STAMP=$(printf '%s\n' "${stamp[@]}") awk '
		function put() { if (!done) print ENVIRON["STAMP"]; done = 1 }
		!/^#/ { put() }
		{ print }
		/^# runner: / { put() }
		END { put() }' "$1" > "$2"
}

fetch() { # fetch LOG DIR
	local log=$1 dir=$2 st=0 what name len ck got work n=0 want='' i
	[ -f "$log" ] || die "fetch: $log: no such file"
	mkdir -p -- "$dir" || die "fetch: cannot make $dir"
	work=$(mktemp -d)
	temps+=("$work")
	mkdir "$work/named"
	# Frame N is unpacked as frame-N whatever it is called, so that no
	# name (a long one, one like another's temporary) can stop the
	# others.  Markers may end in the carriage return a console adds;
	# file lines are kept as they came, and checked as they came and
	# without it.
	if ! awk -v dir="$work" '
		function bad(why) { print "bad " NR " " why > (dir "/manifest") }
		{ raw = $0; sub(/\r$/, "") }
		!inside && /^@@csumbench-file / {
			name = $2; len = $3; ck = $4
			if (NF != 4 || name !~ /^[A-Za-z0-9][A-Za-z0-9._-]*$/ ||
			    len !~ /^(0|[1-9][0-9]*)$/ || ck !~ /^[0-9]+$/) {
				bad("a malformed file marker"); next
			}
			if (name in seen) { bad("a second " name); next }
			seen[name] = 1
			out = dir "/frame-" ++frames; printf "" > out; inside = 1; next
		}
		inside && $0 == "@@csumbench-file-end " name {
			close(out)
			print "file " frames " " name " " len " " ck > (dir "/manifest")
			inside = 0; next
		}
		inside { print raw > out; next }
		/^@@csumbench-done [0-9]+ files [0-9]+ / {
			print "done " $2 " " $4 > (dir "/manifest"); next
		}
		/@@csumbench-(file|done)/ { bad("a marker not at the start of its line or malformed") }
		END { if (inside) print "cut " frames " " name > (dir "/manifest") }' "$log"; then
		echo "vboard: $log: could not unpack it into $work (a full disk?)" >&2
		rm -rf "$work"
		return 1
	fi
	touch "$work/manifest"
	while read -r what i name len ck; do
		case $what in
		bad)
			echo "vboard: $log: line $i: $name${len:+ $len}${ck:+ $ck}" >&2; st=1 ;;
		cut)
			echo "vboard: $log: $name: the console ended inside it (truncated); refused" >&2
			st=1 ;;
		done)
			want=$name
			[ "$i" = 0 ] || { echo "vboard: the board's commands exited $i" >&2; st=1; } ;;
		file)
			n=$((n + 1))
			f=$work/frame-$i
			if ! intact "$f" "$len" "$ck"; then
				got=$(wc -c < "$f")
				echo "vboard: $log: $name: $got bytes arrived of $len, or its" \
					"cksum is not $ck; refused" >&2
				st=1
			elif ! mv -- "$f" "$work/named/$name" 2> /dev/null; then
				echo "vboard: $log: $name: a name this filesystem cannot" \
					"hold ($work); refused" >&2
				st=1
			elif [ ${#stamp[@]} -gt 0 ] && ! { stamp_csv "$work/named/$name" "$work/stamped" &&
				mv -f "$work/stamped" "$work/named/$name"; }; then
				echo "vboard: $name: could not add its vboard_patch lines in $work" >&2
				st=1
			elif ! "$here/scripts/place.sh" --each "$dir" "$work/named/$name" > /dev/null; then
				st=1
			else
				echo "$name"
			fi ;;
		esac
	done < "$work/manifest"
	if [ -z "$want" ]; then
		echo "vboard: $log: the board never finished (no @@csumbench-done line)" >&2
		st=1
	elif [ "$want" != "$n" ]; then
		echo "vboard: $log: the board framed $want file(s), $n arrived whole" >&2
		st=1
	fi
	rm -rf "$work"
	return $st
}

run() { # run MACHINE DIR CMDS NAME=FILE...
	local m=$1 dir=$2 cmds=$3 tmp st=0 t0 kdir
	shift 3
	load_board "$m"
	tmp=$(mktemp -d)
	temps+=("$tmp")
	initrd "$m" "$tmp/initrd.gz" "$cmds" "$@"
	kernel_dir "$m"
	[ -n "$kernel_deb" ] || patch_stamp "$kdir"
	t0=$(date +%s.%N)
	echo "vboard: booting $m ($qemu_system -M $qemu_machine): emulated," \
		"its timings are not real" >&2
	[ ! -f "$kdir/version" ] ||
		echo "vboard: $m runs Debian's $(cat "$kdir/version")" >&2
	boot "$m" "$tmp/initrd.gz" "$tmp/console.log" || st=$?
	mkdir -p "$dir"
	cp "$tmp/console.log" "$dir/.console-$m.log"
	if [ $st = 124 ] || [ $st = 137 ]; then
		tail -n 20 "$tmp/console.log" >&2
		echo "vboard: $m did not finish within ${VBOARD_TIMEOUT:-1800} s" \
			"(VBOARD_TIMEOUT); stopped it, nothing fetched; its console is" \
			"$dir/.console-$m.log" >&2
		return 1
	fi
	# What the harness said there, less the files and the markers, and
	# its progress line as a terminal would have left it.
	sed -e 's/.*\r//' -e 's/\x1b\[K//g' "$tmp/console.log" | awk '
		/@@csumbench-up / { up = 1; next }
		/^@@csumbench-file / { infile = 1; next }
		/^@@csumbench-file-end / { infile = 0; next }
		up && !infile && !/^@@csumbench-/ {
			# the board'"'"'s "wrote" lines, apart from "fetched" here
			if (/^wrote / || /^  and /) $0 = "board: " $0
			print
		}' >&2
	[ $st = 0 ] || echo "vboard: $qemu_system exited with status $st" >&2
	echo "vboard: $m ran for $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s" >&2
	st=0
	fetch "$tmp/console.log" "$dir" || st=$?
	if [ $st != 0 ]; then
		grep -v '^@@csumbench-file\|^[^@]*,' "$tmp/console.log" | tail -n 25 >&2
	fi
	return $st
}

# One line runs it all: bash reads a script as it goes, and a kernel
# build is long enough for the file to be edited under it.
main() {
	cmd=${1:-}
	[ $# -gt 0 ] && shift
	case $cmd in
	list)
		for m in $(machines); do
			load_board "$m"
			printf '%-10s CPU=%-7s %s\n' "$m" "$cpu_preset" "$describe"
		done ;;
	preset) [ $# = 1 ] || die "usage: vboard.sh preset MACHINE"; load_board "$1"; echo "$cpu_preset" ;;
	arch) [ $# = 1 ] || die "usage: vboard.sh arch MACHINE"; load_board "$1"; echo "$arch" ;;
	kernel) [ $# = 1 ] || die "usage: vboard.sh kernel MACHINE"; kernel "$1" ;;
	initrd) [ $# -ge 3 ] || die "usage: vboard.sh initrd MACHINE OUT CMDS NAME=FILE..."; initrd "$@" ;;
	boot) [ $# = 3 ] || die "usage: vboard.sh boot MACHINE INITRD LOG"; load_board "$1"; boot "$@" ;;
	fetch) [ $# = 2 ] || die "usage: vboard.sh fetch LOG DIR"; fetch "$@" ;;
	run) [ $# -ge 3 ] || die "usage: vboard.sh run MACHINE DIR CMDS NAME=FILE..."; run "$@" ;;
	*) die "usage: vboard.sh list|preset|arch|kernel|initrd|boot|fetch|run ... (see the top of $0)" ;;
	esac
}
main "$@"; exit
