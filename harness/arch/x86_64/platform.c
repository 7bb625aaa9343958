/* x86-64: its name, and a key its /proc/cpuinfo always has. */
#include "lib/platform.h"

const char platform_arch[] = "x86_64";
const char platform_cpuinfo_marker[] = "vendor_id";
