# csumbench.  make [ARCH=x86_64|ppc32] [CROSS_COMPILE=prefix-] [CPU=preset]
#   make bench [CONFIG=configs/x.conf] [RUNNER=qemu-ppc|"ssh root@board"|vboard:sam460ex]
#   make test
HOST_ARCH := $(shell uname -m | sed -e 's/^ppc$$/ppc32/' -e 's/^aarch64$$/arm64/')
ARCH ?= $(HOST_ARCH)
# (the kernel's names for them, as make module is often given)
override ARCH := $(patsubst powerpc,ppc32,$(patsubst x86,x86_64,$(ARCH)))
# A port's make settings are the port's: harness/arch/<arch>/arch.mk.
ARCHES := $(patsubst harness/arch/%/arch.mk,%,$(wildcard harness/arch/*/arch.mk))
ifeq ($(filter $(ARCH),$(ARCHES)),)
$(error ARCH=$(ARCH) is not supported; expected one of: $(ARCHES))
endif
include harness/arch/$(ARCH)/arch.mk
ifeq ($(wildcard harness/arch/$(ARCH)/*.c),)
$(error ARCH=$(ARCH) has harness/arch/$(ARCH)/arch.mk but no sources there: see docs/contributing.md, "Porting to a new architecture")
endif
# A virtual board's initrd holds no libraries: what runs there is static.
ifneq ($(filter vboard:%,$(RUNNER)),)
STATIC := 1
endif

CC := $(CROSS_COMPILE)gcc
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Wshadow \
	-Wwrite-strings
# (C++ has prototypes: g++ warns at the two C-only flags)
WARN_CXX := $(filter-out -Wmissing-prototypes -Wstrict-prototypes,$(WARN))
BUILD := build/$(ARCH)$(if $(CPU),-$(CPU))$(if $(and $(STATIC),$(filter $(HOST_ARCH),$(ARCH))),-static)$(if $(SANITIZE),-sanitize)$(if $(filter command line environment,$(origin LIBPFM)),$(if $(filter 0,$(LIBPFM)),-nolibpfm))
comma := ,
SAN_FLAGS := $(if $(SANITIZE),-fsanitize=address$(comma)undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
ALL_CFLAGS = $(ARCH_CFLAGS) $(CFLAGS) $(WARN) $(SAN_FLAGS)
# Kernels start on a 64-byte boundary and their loops on LOOP_ALIGN (set
# per arch), so that where the linker happens to put them never decides a
# result.  Generic kernels stay the scalar loops they describe: the
# vectoriser would make c64 and c64-prefetch different programs.
KERNEL_CFLAGS = -falign-functions=64 -falign-loops=$(LOOP_ALIGN) -fno-tree-vectorize
ARCH_DEF := $(wildcard kernels/$(ARCH)/kernels.def)
CPPFLAGS += -D_GNU_SOURCE -Iharness -Ikernels -Imodule -I$(BUILD) \
	$(if $(ARCH_DEF),-DARCH_KERNELS_DEF='"$(ARCH)/kernels.def"') \
	$(if $(STATIC),-DCSUMBENCH_STATIC) $(if $(CPU),-DCSUMBENCH_CPU_PRESET)
LDFLAGS += $(if $(STATIC),-static) $(SAN_FLAGS)
LDLIBS += -lm $(if $(STATIC),,-ldl)

# Captures for sizes = mix:FILE are read with libpcap where the build finds
# it (Debian libpcap-dev); static and cross builds go without (PCAP=0).
HASH := \#
PCAP ?= $(if $(STATIC),0,$(shell echo '$(HASH)include <pcap/pcap.h>' | $(CC) -E -x c - >/dev/null 2>&1 && echo 1 || echo 0))
LDLIBS += $(if $(filter 1,$(PCAP)),-lpcap)

# Event names beyond perf list's generic ones come from libpfm4 where the
# build finds it (Debian libpfm4-dev; no pkg-config file); LIBPFM=0, and
# static and cross builds, go without (events/nopfm.c).
LIBPFM ?= $(if $(STATIC),0,$(shell echo '$(HASH)include <perfmon/pfmlib_perf_event.h>' | $(CC) -E -x c - >/dev/null 2>&1 && echo 1 || echo 0))
LDLIBS += $(if $(filter 1,$(LIBPFM)),-lpfm)

CONFIG ?= configs/default.conf
RUNNER ?=

GIT_REV := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

# Optional sources are chosen as Kbuild chooses them: a folder's
# Dir.mk adds each to DIR-$(call yn,SWITCH), and DIR-y is built.
# $(call yn,1) is y, anything else n; $(call ny,...) the other way.
yn = $(if $(filter 1,$(1)),y,n)
ny = $(if $(filter 1,$(1)),n,y)

# Variables given on make's command line or in the environment are taken
# literally in recipes (a quote, a $ or a backquote in a config's name is
# part of the name, never shell): $(call quote,TEXT) is TEXT in single
# quotes; $(call shell_vars,V...) sets each V, as given, in the recipe's
# shell (V='...';), and the default for one not given.
quote = '$(subst ','\'',$(1))'
given = $(if $(filter command% environment%,$(origin $(1))),$(value $(1)),$($(1)))
shell_vars = $(foreach v,$(1),$(v)=$(call quote,$(call given,$(v)));)

# Two makes may run in one tree at once (make bench beside make plot):
# a generated file is written to a name mktemp made and put in place only
# if it changed ($$t, in the recipe's shell), and a binary is linked
# beside itself and renamed over, so neither reads the other's half-file.
# (mktemp's 0600 made the mode a new file gets: umask's, as >$@ would)
umask_mode = chmod $$(printf %o $$(($(1) & ~0$$(umask)))) "$$t"
replace_if_changed = if cmp -s "$$t" $@; then rm -f "$$t"; else $(call umask_mode,0666) && mv -f "$$t" $@; fi
# $(call link_new,COMPILER AND FLAGS,INPUTS)
link_new = t=$$(mktemp $@.XXXXXX) && $(1) -o "$$t" $(2) && $(call umask_mode,0777) && mv -f "$$t" $@ || { rm -f "$$t"; exit 1; }
CC_VERSION := $(shell $(CC) --version 2>/dev/null | head -n 1)

# make plot/table/recommend/compare: RESULTS defaults to the newest results CSV.
NEWEST := $(shell ls -t results/*.csv 2>/dev/null | grep -v -- '-samples\.csv$$' | head -n 1)
RESULTS ?= $(NEWEST)

# The folders' own make files, as optimized-routines has them: their
# sources (found, so a new file needs no line), objects and binaries.
.DEFAULT_GOAL := all
include kernels/Dir.mk harness/Dir.mk tests/Dir.mk gbench/Dir.mk plot/Dir.mk model/Dir.mk

.PHONY: all help deps check man module model trace print-bin print-qemu-cpu bench ab ab-link test test-bin accuracy clean plot table recommend compare gbench install lava-qemu FORCE
all: $(BIN)

# make help: the targets and the variables they read.
help:
	@echo 'csumbench: make [TARGET] [VARIABLE=value...]   (README.md, docs/)'
	@echo
	@echo 'targets:'
	@echo '  all        build $(BIN) for ARCH (the default target)'
	@echo '  bench      build, verify every kernel, time CONFIG into results/'
	@echo '  ab         OLD against NEW, each in processes of its own: a verdict'
	@echo '  ab-link    (make ab'"'"'s step: its sides'"'"' binary in AB_DIR)'
	@echo '  test       build and run every test suite; ends "N passed, M failed"'
	@echo '  check      the fast tier: unit tests, command line, host tools'
	@echo '  deps       install every Debian package the builds and tests use'
	@echo '  table      a 72-column table of RESULTS for a commit message'
	@echo '  compare    BEFORE against AFTER, a test per point (FAIL_ABOVE: exit 1)'
	@echo '  recommend  the prefetch distance to use in RESULTS, tested'
	@echo '  plot       PNG and SVG figures beside RESULTS (BEFORE/AFTER: changes)'
	@echo '  gbench     gbench/gbc.h and csumbench-gb (Google Benchmark)'
	@echo '  accuracy   a kernel of known cost, five runs'
	@echo '  model      one call under a ppc32 core model, explained (RUNNER=model: bench)'
	@echo '  module     csumbench.ko for KDIR (space = kernel; docs/kernel-space.md)'
	@echo '  trace      the lengths the kernel checksums, as a size mix: RUNNER, SECONDS'
	@echo '  install    binaries, man pages, completion, configs: DESTDIR, PREFIX'
	@echo '  man        docs/man/csumbench.conf.5 from the keys the parser reads'
	@echo '  lava-qemu  a LAVA job through lava-run on an x86-64 QEMU PC (root)'
	@echo '  clean      remove build/'
	@echo '  help       this list'
	@echo
	@echo 'variables:'
	@echo '  build:    ARCH=$(ARCH) ($(ARCHES))  CROSS_COMPILE=prefix-  CPU=preset'
	@echo '            V=1 (each command, not a progress line, on a terminal)'
	@echo '            STATIC=1  SANITIZE=1  LIBPFM=0|1  PCAP=0|1  CFLAGS=...'
	@echo '  bench:    CONFIG=configs/x.conf  SPACE=user|kernel  SET="key=value ..."'
	@echo '            RUNNER=qemu-ppc|"ssh root@board"|vboard:sam460ex|vboard:x86_64'
	@echo '            RUNNER=model (ARCH=ppc32 CPU=preset: the core model, an estimate)'
	@echo '            VBOARD_PATCH="a.patch ..." (a virtual board'"'"'s kernel)'
	@echo '  ab:       OLD= NEW= (a kernel, K@D, lib.so:sym, a Linux checksum file)'
	@echo '            or KSRC=tree PATCH=file; CONFIG=configs/ab.conf RUNNER= (as'
	@echo '            bench'"'"'s) SPACE=kernel (KDIR= off a virtual board)'
	@echo '            SET="key=value ..." PROCESSES=P FAIL_ABOVE=PCT'
	@echo '            RUNNER=model (MODEL_VERDICT=1: judge the model'"'"'s deltas)'
	@echo '  model:    ARCH=ppc32 CPU=preset KERNEL= SIZE= CACHE=cold PREFETCH= TRACE=1'
	@echo '  module:   KDIR=$(KDIR)'
	@echo '  trace:    SECONDS=10  RUNNER="ssh root@board"|vboard:sam460ex|vboard:x86_64'
	@echo '  table:    RESULTS=r.csv KERNEL= OP= METRIC= BY= CACHE= SIZE= CODE_OFFSET='
	@echo '  recommend: RESULTS= KERNEL= OP='
	@echo '  compare:  BEFORE=a.csv AFTER=b.csv BEFORE_KERNEL= AFTER_KERNEL= OP='
	@echo '            BEFORE_ALIGN= AFTER_ALIGN= THRESHOLD=1 FAMILY=holm|bh'
	@echo '            FAIL_ABOVE=PCT  WITHIN_PROCESS=1'
	@echo '  plot:     RESULTS= KERNEL=K,K@D (the lines: K at each distance, K@D at D)'
	@echo '            OP= (OP=load: the roofline'"'"'s own) BEFORE= AFTER='
	@echo '            BEFORE_KERNEL= AFTER_KERNEL= ERRORBARS=iqr'
	@echo '  test:     T="cli recommend" (those suites alone; make check T= too)'
	@echo '  install:  PREFIX=$(PREFIX)  DESTDIR='

# The binary's path for these make arguments (boards/labgrid/test_csumbench.py),
# and the qemu-user CPU model it runs under (tests/run.sh).
print-bin:
	@echo $(BIN)
print-qemu-cpu:
	@echo $(QEMU_CPU)

$(BUILD)/buildinfo.h: FORCE
	@mkdir -p $(@D)
	@t=$$(mktemp $@.XXXXXX) || exit 1; \
	{ echo '#define CSUMBENCH_GIT "$(GIT_REV)"'; \
	   echo '#define CSUMBENCH_CC "$(CC_VERSION)"'; \
	   echo '#define CSUMBENCH_CFLAGS "$(strip $(ALL_CFLAGS))"'; \
	   echo '#define CSUMBENCH_KERNEL_CFLAGS "$(strip $(KERNEL_CFLAGS))"'; \
	   echo '#define CSUMBENCH_LOOP_ALIGN $(LOOP_ALIGN)'; \
	   echo '#define CSUMBENCH_FEATURES "pcap $(if $(filter 1,$(PCAP)),yes,no), libpfm $(if $(filter 1,$(LIBPFM)),yes,no), static $(if $(STATIC),yes,no), sanitize $(if $(SANITIZE),yes,no)$(if $(CPU),$(comma) cpu preset $(CPU))"'; } > "$$t"; \
	$(replace_if_changed)

# Rebuild when the flags change, not only the sources.
# (make expands a recipe before running it: the folder is made then.)
$(BUILD)/flags: FORCE
	$(eval FLAGS_NEW := $(shell mkdir -p $(@D) && mktemp $@.XXXXXX))$(file >$(FLAGS_NEW),$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(KERNEL_CFLAGS) $(LDFLAGS) $(LDLIBS))
	@t=$(FLAGS_NEW); $(replace_if_changed)

# On a terminal a build is one line, its objects made of the binary's
# and the time left (scripts/progress.sh), in place of each compiler
# command; V=1, or output that is not a terminal, gives make's own.
ifeq ($(V)$(shell [ -t 2 ] && echo tty),tty)
Q := @
PROGRESS = @scripts/progress.sh $(BUILD) $(BUILD_T0) $@ $(BUILD)/obj/harness/main.o $(LIB_OBJS)
PROGRESS_END = @printf '\r\033[K' >&2
BUILD_T0 := $(shell date +%s)
endif

$(BUILD)/obj/%.o: %.c $(BUILD)/flags | $(BUILD)/buildinfo.h
	@mkdir -p $(@D)
	$(PROGRESS)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# Does a kernel of known cost read its cost on this machine?  Five runs.
accuracy: $(BIN) $(BUILD)/libknown-cost.so
	@scripts/accuracy.sh $(BIN) $(BUILD)/libknown-cost.so

# CONFIG and RUNNER are taken literally (a quote, a $ or a backquote in
# a config's name is part of the name, never shell).  The script is
# exec'd, so a SIGTERM make passes on reaches it (and a board's build).  A build qemu-user
# cannot run is not made, only refused (scripts/bench.sh says why).
QEMU_REFUSED := $(and $(filter qemu-%,$(firstword $(RUNNER))),$(filter none,$(QEMU_CPU)),$(if $(findstring -cpu,$(RUNNER)),,yes))
bench: $(if $(QEMU_REFUSED),,$(BIN)) $(if $(filter model,$(RUNNER)),$(MODEL_PLUGIN))
	@$(call shell_vars,CONFIG RUNNER SPACE SET) \
	CSB_CROSS_COMPILE='$(CROSS_COMPILE)' CSB_LOOP_ALIGN='$(LOOP_ALIGN)' SET="$$SET" \
	CSB_MODEL_PLUGIN='$(MODEL_PLUGIN)' \
	exec scripts/bench.sh "$(ARCH)" "$(HOST_ARCH)" "$(BIN)" "$$CONFIG" "$$RUNNER" "$(CPU)" "$(QEMU_CPU)" "$$SPACE"

# make model ARCH=ppc32 CPU=8xx KERNEL=unroll4 SIZE=1500 [CACHE=cold]
# [PREFETCH=64] [TRACE=1]: one call under the preset's core model,
# explained (csumbench model; docs/model.md).
# (KERNEL, SIZE and CACHE as make table reads them: no defaults here)
model: $(BIN) $(MODEL_PLUGIN)
	@$(call shell_vars,KERNEL SIZE CACHE PREFETCH) \
	exec scripts/model.sh '$(MODEL_PLUGIN)' '$(CPU)' '$(QEMU_CPU)' '$(BIN)' model \
		-k "$$KERNEL" -s "$$SIZE" --cache "$${CACHE:-warm}" --prefetch "$${PREFETCH:-0}" --explain \
		$(if $(filter 1,$(TRACE)),--trace)

# make ab OLD=... NEW=... (or KSRC=tree PATCH=file): is NEW faster than
# OLD, each side in processes of its own (docs/comparing.md).
# A side that is a Linux checksum file is compiled by scripts/ab.sh
# against kernels/linux/ and linked, through ab-link, into a binary of
# its own under $(BUILD)/ab/.  The variables are taken literally, as
# CONFIG is for bench; CONFIG defaults to configs/ab.conf here.
AB_CONFIG = $(if $(filter command% environment%,$(origin CONFIG)),$(value CONFIG),configs/ab.conf)
ab: $(if $(QEMU_REFUSED),,$(BIN)) $(REPORT) $(if $(filter model,$(RUNNER)),$(MODEL_PLUGIN))
	@$(call shell_vars,OLD NEW KSRC PATCH RUNNER SPACE SET PROCESSES FAIL_ABOVE KDIR MODEL_VERDICT) \
	CONFIG=$(call quote,$(AB_CONFIG)) \
	CSB_CC='$(CC)' CSB_CROSS_COMPILE='$(CROSS_COMPILE)' CSB_ARCH_CFLAGS='$(ARCH_CFLAGS)' \
	CSB_LINUX_CFLAGS='$(LINUX_CFLAGS)' CSB_L1_SHIFT='$(L1_CACHE_SHIFT)' CSB_BUILD='$(BUILD)' \
	CSB_MAKE='$(MAKE)' CSB_REPORT='$(abspath $(REPORT))' CSB_LOOP_ALIGN='$(LOOP_ALIGN)' \
	CSB_MODEL_PLUGIN='$(abspath $(MODEL_PLUGIN))' MODEL_VERDICT="$$MODEL_VERDICT" \
	OLD="$$OLD" NEW="$$NEW" KSRC="$$KSRC" PATCH="$$PATCH" RUNNER="$$RUNNER" SPACE="$$SPACE" \
	SET="$$SET" PROCESSES="$$PROCESSES" FAIL_ABOVE="$$FAIL_ABOVE" KDIR="$$KDIR" \
	exec scripts/ab.sh "$(ARCH)" "$(HOST_ARCH)" "$(BIN)" "$(CPU)" "$(QEMU_CPU)"

# The sides' binary: the harness with AB_DIR/ab.def in its kernel table
# and AB_DIR's side-*.o (scripts/ab.sh writes both).
ifneq ($(AB_DIR),)
$(AB_DIR)/table.o: harness/registry/table.c $(AB_DIR)/ab.def $(BUILD)/flags | $(BUILD)/buildinfo.h
	$(CC) $(CPPFLAGS) -DAB_KERNELS_DEF='"$(abspath $(AB_DIR))/ab.def"' $(ALL_CFLAGS) -c $< -o $@
$(AB_DIR)/csumbench: $(BUILD)/obj/harness/main.o $(filter-out $(BUILD)/obj/harness/registry/table.o,$(LIB_OBJS)) $(AB_DIR)/table.o $(wildcard $(AB_DIR)/side-*.o)
	$(call link_new,$(CC) $(LDFLAGS),$^ $(LDLIBS))
ab-link: $(AB_DIR)/csumbench
else
ab-link:
	@echo "make ab-link: AB_DIR= is scripts/ab.sh's (make ab)" >&2; exit 2
endif

# make trace [RUNNER=...] [SECONDS=10]: csumbench trace here (root), over
# ssh, or on a virtual board making traffic; the mix goes to results/
# (docs/workloads.md, "Real traffic").
SECONDS ?= 10
trace: $(BIN)
	@$(call shell_vars,RUNNER SECONDS) \
	exec scripts/trace.sh "$(ARCH)" "$(HOST_ARCH)" "$(BIN)" "$$RUNNER" "$$SECONDS"

# make module [KDIR=/lib/modules/$$(uname -r)/build] [ARCH=...]
# [CROSS_COMPILE=...]: csumbench.ko for that kernel (docs/kernel-space.md); its path is printed.
KDIR ?= /lib/modules/$(shell uname -r)/build
# (KDIR taken literally, as CONFIG is: a quote or a $ in a path is
# part of the path, never shell)
module:
	@$(call shell_vars,KDIR) \
	scripts/module.sh "$(ARCH)" "$$KDIR" "$(CROSS_COMPILE)" "$(LOOP_ALIGN)"

# make deps: every Debian package the builds and tests use
# (scripts/deps.sh lists them by what needs them), with apt-get as root
# or through sudo; make test and .ci/run start with it.
deps:
	@scripts/need.sh $$(scripts/deps.sh)

# T="NAME..." runs those suites alone (make test T=cli, make check
# T='report-cli recommend'): tests/run.sh NAME...
test:
	@RUNNER=$(call quote,$(RUNNER)) CPU='$(CPU)' tests/run.sh $(foreach t,$(T),$(call quote,$(t)))

# make check: the fast tier, for a developer between edits: the native
# unit tests, the command line and the host tools; no emulator, board,
# cross build or timing suite.
check:
	@tests/run.sh --quick $(foreach t,$(T),$(call quote,$(t)))

# make man: csumbench.conf(5)'s keys, from the one table the parser
# reads (tests/docs.sh checks the page is what this writes).
man: $(BIN)
	@scripts/man-conf.sh $(BIN) docs/man/csumbench.conf.5 docs/man/csumbench.conf.5

# make lava-qemu: boards/lava/job-qemu-x86_64.yaml run here by lava-dispatcher's
# lava-run on LAVA's qemu device type (x86-64, Debian's kernel, a busybox
# ramdisk with the static csumbench); prints the test cases LAVA got
# back (docs/boards.md, "LAVA").  Needs root, as lava-run does.
lava-qemu:
	@MAKE='$(MAKE)' scripts/lava-qemu.sh run

# make install [PREFIX=/usr/local] [DESTDIR=stage]: the binaries, the
# man pages, bash completion and the configs (share/csumbench/configs).
PREFIX ?= /usr/local
INSTALL ?= install
# (csumreport is a host tool: a cross build installs the board's binary)
INSTALL_BINS = $(BIN) $(if $(filter $(HOST_ARCH),$(ARCH)),$(REPORT)) $(if $(filter 1,$(GBENCH)),$(GB_BIN))
# (DESTDIR and PREFIX taken literally, as CONFIG is: a quote or a $ in
# them is part of the path, never shell; csumreport plot finds plot.sh
# and its scripts in share/csumbench/plot)
install: $(INSTALL_BINS)
	@$(call shell_vars,DESTDIR PREFIX) \
	p=$$DESTDIR$$PREFIX && \
	$(INSTALL) -d -- "$$p/bin" "$$p/share/man/man1" "$$p/share/man/man5" \
		"$$p/share/bash-completion/completions" \
		"$$p/share/csumbench/configs" "$$p/share/csumbench/plot" && \
	$(INSTALL) -m 755 -- $(INSTALL_BINS) "$$p/bin/" && \
	$(INSTALL) -m 644 -- docs/man/csumbench.1 docs/man/csumreport.1 "$$p/share/man/man1/" && \
	$(INSTALL) -m 644 -- docs/man/csumbench.conf.5 "$$p/share/man/man5/" && \
	$(INSTALL) -m 644 -- scripts/completion/csumbench.bash "$$p/share/bash-completion/completions/csumbench" && \
	$(INSTALL) -m 644 -- scripts/completion/csumbench.bash "$$p/share/bash-completion/completions/csumreport" && \
	$(INSTALL) -m 644 -- $(wildcard configs/*.conf configs/*.mix) "$$p/share/csumbench/configs/" && \
	$(INSTALL) -m 755 -- plot/figure/plot.sh "$$p/share/csumbench/plot/" && \
	$(INSTALL) -m 644 -- $(wildcard plot/figure/*.gp) "$$p/share/csumbench/plot/"

clean:
	rm -rf build

-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d $(BUILD)/obj/*/*/*/*.d)
-include $(wildcard build/host/obj/*/*.d build/host/obj/*/*/*.d build/host/obj/*/*/*/*.d)
