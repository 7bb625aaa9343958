# The kernels: the generic C ones and this port's, C and assembly, as
# their folders' kernels.def list them (a new file needs no line here).
KERNELS := $(wildcard kernels/generic/*.c kernels/$(ARCH)/*.c kernels/$(ARCH)/*.S)

$(BUILD)/obj/kernels/%.o: kernels/%.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(PROGRESS)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(KERNEL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/kernels/%.o: kernels/%.S $(BUILD)/flags
	@mkdir -p $(@D)
	$(PROGRESS)
	$(Q)$(CC) $(CPPFLAGS) -DCSUMBENCH_LOOP_ALIGN=$(LOOP_ALIGN) $(ARCH_CFLAGS) -MMD -MP -c $< -o $@
