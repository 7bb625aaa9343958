# Host tools for results (tables, comparisons, figure layout): built with
# the host compiler whatever ARCH is.
HOST_CC ?= cc
REPORT := build/host/csumreport
# (with the harness's allocator, a shortage a message, never abort(), its
# command-line reader and its statistics)
REPORT_SRC := $(wildcard plot/*.c plot/*/*.c) $(addprefix harness/lib/,xalloc.c args.c stats.c)
REPORT_OBJS := $(patsubst %.c,build/host/obj/%.o,$(REPORT_SRC))
REPORT_CFLAGS := -O2 $(WARN) -D_GNU_SOURCE -Iplot -Iharness -Ibuild/host
$(REPORT): $(REPORT_OBJS)
	$(call link_new,$(HOST_CC),$(REPORT_OBJS) -lm)

# One object per source.  Makes side by side in one tree (tests/build.sh)
# compile the same object at once: each writes a name of its own and
# renames it over, as the binary is linked.
build/host/obj/%.o: %.c build/host/flags | build/host/version.h
	@mkdir -p $(@D)
	@t=$$(mktemp $@.XXXXXX) && \
	$(HOST_CC) $(REPORT_CFLAGS) -MMD -MP -MT $@ -MF "$$t.d" -c $< -o "$$t" && \
	mv -f "$$t.d" $(@:.o=.d) && mv -f "$$t" $@ || { rm -f "$$t" "$$t.d"; exit 1; }

# (rebuilt when the flags change, as csumbench's objects are)
build/host/flags: FORCE
	@mkdir -p $(@D)
	@t=$$(mktemp $@.XXXXXX) && echo $(call quote,$(HOST_CC) $(REPORT_CFLAGS)) > "$$t"; \
	$(replace_if_changed)

# csumreport --version: the tree it was built from, as csumbench's.
build/host/version.h: FORCE
	@mkdir -p $(@D)
	@t=$$(mktemp $@.XXXXXX) || exit 1; \
	{ echo '#define CSUMREPORT_GIT "$(GIT_REV)"'; \
	   echo '#define CSUMREPORT_CC "$(shell $(HOST_CC) --version 2>/dev/null | head -n 1)"'; } > "$$t"; \
	$(replace_if_changed)

# (BEFORE= or AFTER= given but empty is a mistake, not a plot of RESULTS)
plot: $(REPORT)
	@$(call shell_vars,RESULTS KERNEL BEFORE AFTER BEFORE_KERNEL AFTER_KERNEL OP ERRORBARS) \
	$(if $(filter command% environment%,$(origin BEFORE) $(origin AFTER)),if [ -z "$$BEFORE" ] || [ -z "$$AFTER" ]; then \
		echo "make plot: BEFORE= and AFTER= name the two runs of a change figure: give both files (BEFORE='$$BEFORE' AFTER='$$AFTER') or neither to plot RESULTS" >&2; exit 2; fi;) \
	if [ -z "$$RESULTS$$AFTER" ]; then echo "make plot: no results CSV: run make bench first, or give RESULTS=file.csv" >&2; exit 2; fi; \
	$(REPORT) plot $${KERNEL:+--kernel "$$KERNEL"} \
		$${BEFORE:+--before "$$BEFORE"} $${AFTER:+--after "$$AFTER"} \
		$${BEFORE_KERNEL:+--before-kernel "$$BEFORE_KERNEL"} \
		$${AFTER_KERNEL:+--after-kernel "$$AFTER_KERNEL"} \
		$${OP:+--op "$$OP"} $${ERRORBARS:+--errorbars "$$ERRORBARS"} \
		$${RESULTS:+-- "$$RESULTS"}

# (the run's warnings line first: csumbench show FILE has them whole)
table: $(REPORT)
	@$(call shell_vars,RESULTS KERNEL METRIC BY CACHE SIZE CODE_OFFSET OP) \
	if [ -z "$$RESULTS" ]; then echo "make table: no results CSV: run make bench, or give RESULTS=file.csv" >&2; exit 2; fi; \
	$(REPORT) show --line -- "$$RESULTS" && \
	$(REPORT) table "$$RESULTS" $${KERNEL:+--kernel "$$KERNEL"} \
		$${METRIC:+--metric "$$METRIC"} $${BY:+--by "$$BY"} \
		$${CACHE:+--cache "$$CACHE"} $${SIZE:+--size "$$SIZE"} \
		$${CODE_OFFSET:+--code-offset "$$CODE_OFFSET"} \
		$${OP:+--op "$$OP"}

recommend: $(REPORT)
	@$(call shell_vars,RESULTS KERNEL OP) \
	if [ -z "$$RESULTS" ]; then echo "make recommend: no results CSV: run make bench, or give RESULTS=file.csv" >&2; exit 2; fi; \
	$(REPORT) recommend "$$RESULTS" $${KERNEL:+--kernel "$$KERNEL"} \
		$${OP:+--op "$$OP"}

# (the runs' warnings line first, csumreport's status named in a last
# line: 3 is inconclusive; make then exits 2, as for any recipe that
# fails)
compare: $(REPORT)
	@$(call shell_vars,BEFORE AFTER BEFORE_KERNEL AFTER_KERNEL BEFORE_ALIGN AFTER_ALIGN OP THRESHOLD FAMILY FAIL_ABOVE WITHIN_PROCESS) \
	if [ -z "$$BEFORE" ] || [ -z "$$AFTER" ]; then echo "make compare: give BEFORE=a.csv AFTER=b.csv" >&2; exit 2; fi; \
	st=0; $(REPORT) show --line -- "$$BEFORE" "$$AFTER" && \
	$(REPORT) compare "$$BEFORE" "$$AFTER" \
		$${BEFORE_KERNEL:+--before-kernel "$$BEFORE_KERNEL"} \
		$${AFTER_KERNEL:+--after-kernel "$$AFTER_KERNEL"} \
		$${BEFORE_ALIGN:+--before-align "$$BEFORE_ALIGN"} \
		$${AFTER_ALIGN:+--after-align "$$AFTER_ALIGN"} \
		$${THRESHOLD:+--threshold "$$THRESHOLD"} \
		$${FAMILY:+--family "$$FAMILY"} \
		$${FAIL_ABOVE:+--fail-above "$$FAIL_ABOVE"} \
		$${WITHIN_PROCESS:+--within-process} \
		$${OP:+--op "$$OP"} || st=$$?; \
	case $$st in \
	0) echo "compare: exit 0, judged$${FAIL_ABOVE:+: no point changed slower than $$FAIL_ABOVE%}" ;; \
	1) echo "compare: exit 1, slower: a point changed slower than $$FAIL_ABOVE%" ;; \
	3) echo "compare: exit 3, inconclusive: no verdict, as said above" ;; \
	*) echo "compare: exit $$st, bad input: as said above" ;; \
	esac; exit $$st
