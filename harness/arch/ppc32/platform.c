/* 32-bit PowerPC: its name, and a key its /proc/cpuinfo always has. */
#include "lib/platform.h"

const char platform_arch[] = "ppc32";
const char platform_cpuinfo_marker[] = "timebase";
