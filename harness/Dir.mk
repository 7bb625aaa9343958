# The harness is one folder per concern (harness/*/, docs/contributing.md "Layout")
# and one per architecture: harness/arch/$(ARCH)/ is what this port
# provides (timer, flush, fence, add chain, PMC read, signal PC...), its
# make settings in arch.mk.  A folder's new file needs no line here.
harness-opt := harness/workload/mix-pcap.c harness/workload/mix-nopcap.c \
	harness/events/pfm.c harness/events/nopfm.c
harness-y := $(filter-out harness/arch/% $(harness-opt),$(wildcard harness/*/*.c))
# Captures read with libpcap (PCAP), else a message saying why not.
harness-$(call yn,$(PCAP)) += harness/workload/mix-pcap.c
harness-$(call ny,$(PCAP)) += harness/workload/mix-nopcap.c
# Event names beyond perf list's generic ones from libpfm4 (LIBPFM).
harness-$(call yn,$(LIBPFM)) += harness/events/pfm.c
harness-$(call ny,$(LIBPFM)) += harness/events/nopfm.c
# (sorted: the order the objects have always been linked in)
HARNESS := $(sort $(harness-y)) $(wildcard harness/arch/$(ARCH)/*.c)
LIB_OBJS := $(patsubst %,$(BUILD)/obj/%.o,$(basename $(HARNESS) $(KERNELS)))
BIN := $(BUILD)/csumbench

# Objects, not an archive: timers and flushers are found through weak
# references, which do not pull members out of an archive.
$(BIN): $(BUILD)/obj/harness/main.o $(LIB_OBJS)
	$(PROGRESS_END)
	$(Q)$(call link_new,$(CC) $(LDFLAGS),$^ $(LDLIBS))
