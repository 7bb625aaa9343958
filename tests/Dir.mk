# The test programs (tests/test-*.c, each a suite of tests/run.sh) and
# what the shell suites load or run beside csumbench.
TEST_SRCS := $(wildcard tests/test-*.c)
TESTS := $(patsubst tests/%.c,$(BUILD)/%,$(TEST_SRCS))

$(BUILD)/test-%: $(BUILD)/obj/tests/test-%.o $(LIB_OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# A user kernel in a shared object, for the dlopen path (host builds).
$(BUILD)/libtest-so-kernel.so: tests/so-kernel.c
	$(CC) $(ALL_CFLAGS) -fPIC -shared -o $@ $<

# A user kernel of exactly 1 cycle per byte, for make accuracy.
$(BUILD)/libknown-cost.so: tests/so-known-cost.c
	$(CC) $(ALL_CFLAGS) -fPIC -shared -o $@ $<

# Filesystems without hard links or RENAME_NOREPLACE, and signals in
# the final write, for the output tests (LD_PRELOAD).
$(BUILD)/libtest-fs-shim.so: tests/fs-shim.c
	$(CC) $(ALL_CFLAGS) -fPIC -shared -o $@ $< -ldl

# Small captures for the replay tests, written here, not downloaded.
$(BUILD)/make-capture: tests/make-capture.c
	$(CC) $(ALL_CFLAGS) -o $@ $<

# Kernels of known instruction counts under the ppc32 core model
# (tests/model.sh): a program of its own with the model's mailbox.
$(BUILD)/model-counts: tests/model-counts.c tests/model-known.S harness/model/box.h
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/model-counts.c tests/model-known.S

# (the kernel of known cost, for the verdict tests, is x86-64 and arm64 code)
test-bin: $(BIN) $(TESTS) $(BUILD)/make-capture $(if $(filter ppc32,$(ARCH)),$(BUILD)/model-counts) $(if $(STATIC),,$(BUILD)/libtest-so-kernel.so $(BUILD)/libtest-fs-shim.so $(if $(filter x86_64 arm64,$(ARCH)),$(BUILD)/libknown-cost.so))
