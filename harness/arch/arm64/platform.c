/* 64-bit Arm: its name, and a key its /proc/cpuinfo always has. */
#include "lib/platform.h"

const char platform_arch[] = "arm64";
const char platform_cpuinfo_marker[] = "CPU implementer";
