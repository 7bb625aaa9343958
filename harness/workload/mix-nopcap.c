/* Builds without libpcap (static ppc32, PCAP=0): text mixes only. */
#include <stdio.h>

#include "workload/mix.h"

const char mix_capture_support[] = "no captures (built without libpcap)";

int mix_read_capture(struct mix *m, bool keep, char *err, size_t errlen)
{
	(void)keep;
	snprintf(err, errlen, "%s is a packet capture, and this build has no "
		 "libpcap (static and cross builds leave it out): give a text mix "
		 "of 'size weight' lines, or use a build with libpcap", m->path);
	return -1;
}
