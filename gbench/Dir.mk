# Google Benchmark: the C interface gbench/gbc.h over gbench/gbc.cc, and
# csumbench-gb.  Built where the C++ compiler finds Debian's
# libbenchmark-dev (never for static or cross builds without it).
CXX := $(CROSS_COMPILE)g++
GBENCH ?= $(if $(STATIC),0,$(shell echo '$(HASH)include <benchmark/benchmark.h>' | $(CXX) -E -x c++ - >/dev/null 2>&1 && echo 1 || echo 0))
GB_LIBS := $(shell pkg-config --libs benchmark 2>/dev/null || echo -lbenchmark -lpthread)
GB_BIN := $(BUILD)/csumbench-gb
GBC_OBJ := $(BUILD)/obj/gbench/gbc.o

$(GBC_OBJ): gbench/gbc.cc gbench/gbc.h $(BUILD)/flags
	@mkdir -p $(@D)
	$(CXX) $(ARCH_CFLAGS) $(CFLAGS) $(WARN_CXX) $(SAN_FLAGS) -Igbench -c $< -o $@

$(BUILD)/obj/gbench/%.o: gbench/%.c $(BUILD)/flags | $(BUILD)/buildinfo.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Igbench $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(GB_BIN): $(BUILD)/obj/gbench/csumbench-gb.o $(GBC_OBJ) $(LIB_OBJS)
	$(CXX) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(GB_LIBS)

# The C interface's own test: two benchmarks from C.
$(BUILD)/gbc-test: tests/gbc-test.c gbench/gbc.h $(GBC_OBJ) $(BUILD)/flags
	$(CC) $(ALL_CFLAGS) -Igbench -c -o $@.o $<
	$(CXX) $(LDFLAGS) -o $@ $@.o $(GBC_OBJ) $(GB_LIBS)
	@rm -f $@.o

ifeq ($(GBENCH),1)
gbench: $(GB_BIN) $(BUILD)/gbc-test
else
gbench:
	@echo "make gbench: no Google Benchmark for $(CXX) here: install Debian's" >&2
	@echo "  libbenchmark-dev (apt-get install libbenchmark-dev g++), or build" >&2
	@echo "  for the host; the rest of csumbench builds without it" >&2
	@exit 2
endif
