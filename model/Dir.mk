# The ppc32 core model: a QEMU TCG plugin for qemu-ppc, built for the
# host whatever ARCH is (make bench ARCH=ppc32 CPU=... RUNNER=model;
# docs/model.md).  Its mailbox's layout is the harness's (harness/model/box.h).
MODEL_PLUGIN := build/host/libcsummodel.so
MODEL_SRC := $(wildcard model/*.c)
MODEL_CFLAGS := -O2 -g $(WARN) -fPIC -fvisibility=hidden -I. -Iharness
$(MODEL_PLUGIN): $(MODEL_SRC) $(wildcard model/*.h) harness/model/box.h
	@mkdir -p $(@D)
	$(call link_new,$(HOST_CC) $(MODEL_CFLAGS) -shared,$(MODEL_SRC))
