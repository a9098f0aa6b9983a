# engine/engine.mk: builds $(BUILD)/ssdnvme.so, the fio external ioengine, and
# the engine's cmocka unit tests.  Included by the top-level Makefile, which
# provides BUILD, TOP, BASE_CFLAGS, FIO_SRC, FIO_CONFIG, PKG_CFLAGS, *_LIBS.

# Pure logic: no fio or kernel-uapi types, linked alone by the unit tests.
# The latency-tagging part (engine/tag*.c, inflight.c) joins when its files exist.
ENGINE_PURE_SRCS := engine/lba.c engine/nvme_status.c engine/results.c \
	$(wildcard engine/tag*.c engine/inflight.c)
# The fio glue: the only files that see fio's headers.
ENGINE_GLUE_SRCS := engine/ssdnvme.c engine/setup.c engine/options.c engine/identity.c \
	engine/ssdnvme_tags.c
ENGINE_SRCS := $(ENGINE_PURE_SRCS) engine/ring.c engine/nvme_cmd.c engine/blockio.c \
	engine/namespace.c engine/nsdev.c engine/guard.c $(ENGINE_GLUE_SRCS)

# The fio version the engine is built against, refused-if-different at load.
# fio's own build writes FIO-VERSION-FILE, so the stamp is made only after
# the fio binary (under -j, fio's make runs alongside ours), and rewritten
# only when the version changes: what embeds it depends on the stamp.
ENGINE_FIO_VERSION_STAMP := $(BUILD)/fio-version
ENGINE_FIO_VERSION = $(shell cat $(ENGINE_FIO_VERSION_STAMP))

$(ENGINE_FIO_VERSION_STAMP): $(FIO_BIN) FORCE | $(BUILD)/.dir
	@v=$$(sed -n 's/^FIO_VERSION = //p' $(FIO_SRC)/FIO-VERSION-FILE 2>/dev/null); \
	if [ -z "$$v" ]; then echo "$(FIO_SRC)/FIO-VERSION-FILE: no FIO_VERSION (is fio built?)" >&2; exit 1; fi; \
	echo "$$v" | cmp -s - $@ || echo "$$v" >$@

# Match how fio compiles its own engines (FIO_INC_DEBUG changes dprint, and
# FIO_INTERNAL some helpers); -fPIC for the shared object.  fio's -march=native
# is deliberately not inherited.
ENGINE_FIO_CFLAGS = -D_LARGEFILE_SOURCE -D_FILE_OFFSET_BITS=64 -DFIO_INTERNAL \
	-DFIO_INC_DEBUG -DBITS_PER_LONG=64 -include $(FIO_CONFIG) -isystem $(FIO_SRC) \
	-DSSDNVME_FIO_VERSION='"$(ENGINE_FIO_VERSION)"'
# -MMD -MP: every object also depends on the headers it includes (listed in
# its .d file by the compiler; fio's, under -isystem, come with the stamp),
# and on this file (its flags; and objects built before -MMD have no .d).
ENGINE_CFLAGS = $(BASE_CFLAGS) -MMD -MP -fPIC -fvisibility=hidden $(PKG_CFLAGS) -Iengine
ENGINE_LIBS = $(URING_LIBS) $(NVME_LIBS) $(JSONC_LIBS) -ldl

ENGINE_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_SRCS))
ENGINE_PURE_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_PURE_SRCS))
ENGINE_GLUE_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_GLUE_SRCS))

engine: $(BUILD)/ssdnvme.so $(BUILD)/tests/ssdnvme-wrongfio.so

# Only the glue sees fio's headers.  Everything is hidden but get_ioengine, and
# -Bsymbolic binds the engine's own calls inside it, so no name can resolve
# to a symbol fio exports.
$(ENGINE_GLUE_OBJS): $(BUILD)/obj/engine/%.o: engine/%.c $(FIO_CONFIG) $(ENGINE_FIO_VERSION_STAMP) \
		engine/engine.mk | $(BUILD)/.dir
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_FIO_CFLAGS) -c $< -o $@

$(BUILD)/obj/engine/%.o: engine/%.c engine/engine.mk | $(BUILD)/.dir
	$(CC) $(ENGINE_CFLAGS) -c $< -o $@

$(BUILD)/ssdnvme.so: $(ENGINE_OBJS)
	$(CC) -shared -Wl,-Bsymbolic -o $@ $^ $(BASE_LDFLAGS) $(ENGINE_LIBS)

# The same engine claiming to be built for another fio: the test of the
# version refusal loads it into the real fio.
$(BUILD)/obj/engine/ssdnvme-wrongfio.o: engine/ssdnvme.c $(FIO_CONFIG) $(ENGINE_FIO_VERSION_STAMP) \
		engine/engine.mk | $(BUILD)/.dir
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_FIO_CFLAGS) -USSDNVME_FIO_VERSION \
		-DSSDNVME_FIO_VERSION='"fio-0.0-not-this-one"' -c $< -o $@

$(BUILD)/tests/ssdnvme-wrongfio.so: $(filter-out %/ssdnvme.o,$(ENGINE_OBJS)) \
		$(BUILD)/obj/engine/ssdnvme-wrongfio.o
	$(CC) -shared -Wl,-Bsymbolic -o $@ $^ $(BASE_LDFLAGS) $(ENGINE_LIBS)

# Unit tests: every tests/unit/test_engine_*.c, each linked with the pure
# objects plus the SQE builders (kernel uapi and liburing inlines only) and
# the sysfs identity and guard (which take the sysfs and /proc paths).
ENGINE_TEST_OBJS = $(ENGINE_PURE_OBJS) $(BUILD)/obj/engine/nvme_cmd.o $(BUILD)/obj/engine/blockio.o \
	$(BUILD)/obj/engine/nsdev.o $(BUILD)/obj/engine/guard.o
ENGINE_UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_engine_*.c))
UNIT_TESTS += $(ENGINE_UNIT_TESTS)

$(BUILD)/tests/test_engine_%: tests/unit/test_engine_%.c $(ENGINE_TEST_OBJS) engine/engine.mk \
		| $(BUILD)/.dir
	$(CC) $(BASE_CFLAGS) -MMD -MP $(JSONC_CFLAGS) -Iengine -o $@ $< $(ENGINE_TEST_OBJS) \
		$(BASE_LDFLAGS) $(CMOCKA_LIBS) $(JSONC_LIBS)

-include $(ENGINE_OBJS:.o=.d) $(BUILD)/obj/engine/ssdnvme-wrongfio.d \
	$(ENGINE_UNIT_TESTS:=.d)

.PHONY: engine
