#!/bin/sh
# /init of the ramdisk scripts/lava-qemu.sh packs (busybox-static and
# the static csumbench): mounts what csumbench reads (/proc, /sys, /dev)
# and gives LAVA a shell on the console, with the prompt its job expects
# (boards/lava/job-qemu-x86_64.yaml: "root@csumbench-lava:~# ", fixed: LAVA
# wants a ':' in it).  The ramdisk has no /dev/console (it is packed
# without root), so the kernel starts this with no standard streams:
# they are opened on the console once devtmpfs is mounted.
# POSIX sh (busybox).
/bin/busybox mkdir -p /dev /proc /sys /tmp /sbin /usr/bin /usr/sbin
/bin/busybox --install -s
mount -t devtmpfs devtmpfs /dev
exec < /dev/console > /dev/console 2>&1
mount -t proc proc /proc
mount -t sysfs sysfs /sys
# Kernel messages no longer interleave with the test shell's output.
echo 1 > /proc/sys/kernel/printk
hostname csumbench-lava
echo "csumbench LAVA ramdisk: $(uname -r), $(grep -c '^processor' /proc/cpuinfo) CPU(s)," \
	"$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
export PS1='root@csumbench-lava:~# ' HOME=/root PATH=/usr/bin:/usr/sbin:/bin:/sbin
mkdir -p "$HOME"
cd "$HOME" || exit 1
# A shell with the console as its controlling terminal (cttyhack), so
# that LAVA's Ctrl-C reaches what it runs; when it exits, power off.
setsid cttyhack sh
poweroff -f
