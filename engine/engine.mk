# engine/engine.mk: builds $(BUILD)/ssdnvme.so, the fio external ioengine, and
# the engine's cmocka unit tests.  Included by the top-level Makefile, which
# provides BUILD, TOP, BASE_CFLAGS, FIO_SRC, FIO_CONFIG, PKG_CFLAGS, *_LIBS.

# Three layers, three folders.  Only engine/fio/ sees fio's headers: the fio
# include path is given to its objects alone, so an include of a fio header in
# engine/io/ or engine/tags/ does not build.  engine/io/ (the fio-free I/O
# path) sees only its own headers, engine/tags/ (the tag library) only its own;
# engine/health/ (drive health logs) its own and engine/io/'s (device
# identity, NVMe status names).
ENGINE_IO_SRCS := $(wildcard engine/io/*.c)
ENGINE_TAGS_SRCS := $(wildcard engine/tags/*.c)
ENGINE_HEALTH_SRCS := $(wildcard engine/health/*.c)
ENGINE_GLUE_SRCS := $(wildcard engine/fio/*.c)
ENGINE_SRCS := $(ENGINE_IO_SRCS) $(ENGINE_TAGS_SRCS) $(ENGINE_HEALTH_SRCS) $(ENGINE_GLUE_SRCS)

# The fio version the engine is built against, refused-if-different at load.
# fio's own build writes FIO-VERSION-FILE, so the stamp is made only after
# the fio binary (under -j, fio's make runs alongside ours), and rewritten
# only when the version changes: what embeds it depends on the stamp.
ENGINE_FIO_VERSION_STAMP := $(BUILD)/fio-version
ENGINE_FIO_VERSION = $(shell cat $(ENGINE_FIO_VERSION_STAMP))
# The same as a number (fio-3.42 -> 342, also for "fio-3.42-12-gabcdef" of a
# git tree): what changed within one ioengine ops version (fio_compat.h).
ENGINE_FIO_VERSION_NUM = $(shell sed -n 's/^fio-\([0-9]*\)\.\([0-9]*\).*/\1 \2/p' \
	$(ENGINE_FIO_VERSION_STAMP) | awk '{ print $$1 * 100 + $$2 }')

$(ENGINE_FIO_VERSION_STAMP): $(FIO_BIN) FORCE | $(BUILD)/.dir
	@v=$$(sed -n 's/^FIO_VERSION = //p' $(FIO_SRC)/FIO-VERSION-FILE 2>/dev/null); \
	if [ -z "$$v" ]; then echo "$(FIO_SRC)/FIO-VERSION-FILE: no FIO_VERSION (is fio built?)" >&2; exit 1; fi; \
	echo "$$v" | cmp -s - $@ || echo "$$v" >$@

# Match how fio compiles its own engines (FIO_INC_DEBUG changes dprint, and
# FIO_INTERNAL some helpers); -fPIC for the shared object.  fio's -march=native
# is deliberately not inherited.
ENGINE_FIO_CFLAGS = -D_LARGEFILE_SOURCE -D_FILE_OFFSET_BITS=64 -DFIO_INTERNAL \
	-DFIO_INC_DEBUG -DBITS_PER_LONG=64 -include $(FIO_CONFIG) -isystem $(FIO_SRC) \
	-DSSDNVME_FIO_VERSION='"$(ENGINE_FIO_VERSION)"' -DSSDNVME_FIO_VERSION_NUM=$(ENGINE_FIO_VERSION_NUM)
# -MMD -MP: every object also depends on the headers it includes (listed in
# its .d file by the compiler; fio's, under -isystem, come with the stamp),
# and on this file (its flags; and objects built before -MMD have no .d).
ENGINE_CFLAGS = $(BASE_CFLAGS) -MMD -MP -fPIC -fvisibility=hidden $(PKG_CFLAGS)
ENGINE_LIBS = $(URING_LIBS) $(NVME_LIBS) $(JSONC_LIBS) -ldl -pthread

ENGINE_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_SRCS))
ENGINE_IO_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_IO_SRCS))
ENGINE_TAGS_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_TAGS_SRCS))
ENGINE_HEALTH_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_HEALTH_SRCS))
ENGINE_GLUE_OBJS := $(patsubst engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_GLUE_SRCS))
# The tag library, as analysis builds libfiorank.a: the engine, the tag unit
# tests and bench/tag-cost.sh all link this one archive.
ENGINE_TAGS_LIB := $(BUILD)/obj/engine/libssdtags.a
ENGINE_SO_INPUTS = $(ENGINE_IO_OBJS) $(ENGINE_HEALTH_OBJS) $(ENGINE_GLUE_OBJS) $(ENGINE_TAGS_LIB)

engine: $(BUILD)/ssdnvme.so $(BUILD)/tests/ssdnvme-wrongfio.so $(BUILD)/ssdnvme-powercut
engine-tags-lib: $(ENGINE_TAGS_LIB)

# Only the glue sees fio's headers.  Everything is hidden but get_ioengine, and
# -Bsymbolic binds the engine's own calls inside it, so no name can resolve
# to a symbol fio exports.
$(ENGINE_GLUE_OBJS): $(BUILD)/obj/engine/fio/%.o: engine/fio/%.c $(FIO_CONFIG) \
		$(ENGINE_FIO_VERSION_STAMP) engine/engine.mk | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(ENGINE_CFLAGS) -Iengine/io -Iengine/tags -Iengine/health $(ENGINE_FIO_CFLAGS) -c $< -o $@

# The engine's results file names the project version (Makefile: version.h).
$(BUILD)/obj/engine/fio/identity.o: $(BUILD)/version.h
$(BUILD)/obj/engine/fio/identity.o: ENGINE_FIO_CFLAGS += -I$(BUILD)

$(ENGINE_IO_OBJS): $(BUILD)/obj/engine/io/%.o: engine/io/%.c engine/engine.mk | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(ENGINE_CFLAGS) -c $< -o $@

$(ENGINE_TAGS_OBJS): $(BUILD)/obj/engine/tags/%.o: engine/tags/%.c engine/engine.mk | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(ENGINE_CFLAGS) -c $< -o $@

$(ENGINE_HEALTH_OBJS): $(BUILD)/obj/engine/health/%.o: engine/health/%.c engine/engine.mk \
		| $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(ENGINE_CFLAGS) -Iengine/io -c $< -o $@

$(ENGINE_TAGS_LIB): $(ENGINE_TAGS_OBJS)
	rm -f $@ && ar rcs $@ $^

# -z nodelete: fio dlclose()s the engine; the run's summary (summary.c) is
# printed by a destructor at fio's exit, after fio's own report.
$(BUILD)/ssdnvme.so: $(ENGINE_SO_INPUTS)
	$(CC) -shared -Wl,-Bsymbolic -Wl,-z,nodelete -o $@ $^ $(BASE_LDFLAGS) $(ENGINE_LIBS)

# The same engine claiming to be built for another fio: the test of the
# version refusal loads it into the real fio.
$(BUILD)/obj/engine/fio/ssdnvme-wrongfio.o: engine/fio/ssdnvme.c $(FIO_CONFIG) \
		$(ENGINE_FIO_VERSION_STAMP) engine/engine.mk | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(ENGINE_CFLAGS) -Iengine/io -Iengine/tags -Iengine/health $(ENGINE_FIO_CFLAGS) -USSDNVME_FIO_VERSION \
		-DSSDNVME_FIO_VERSION='"fio-0.0-not-this-one"' -c $< -o $@

$(BUILD)/tests/ssdnvme-wrongfio.so: $(filter-out %/ssdnvme.o,$(ENGINE_SO_INPUTS)) \
		$(BUILD)/obj/engine/fio/ssdnvme-wrongfio.o
	$(CC) -shared -Wl,-Bsymbolic -o $@ $^ $(BASE_LDFLAGS) $(ENGINE_LIBS)

# The power-cut checker (docs/power-cut.md): reads the tag logs with the tag
# library's reader, nothing of fio.
ENGINE_TOOL_SRCS := $(wildcard engine/tools/*.c)
$(BUILD)/ssdnvme-powercut: $(ENGINE_TOOL_SRCS) $(wildcard engine/tools/*.h) $(ENGINE_TAGS_LIB) \
		engine/engine.mk | $(BUILD)/.dir
	$(CC) $(BASE_CFLAGS) -Iengine/tags -o $@ $(ENGINE_TOOL_SRCS) $(ENGINE_TAGS_LIB) \
		$(BASE_LDFLAGS) $(JSONC_LIBS) -lm

# Unit tests: every tests/unit/test_engine_*.c, each linked with the fio-free
# layers (engine/io objects, the tag library): no test sees fio.
ENGINE_TEST_OBJS = $(ENGINE_IO_OBJS) $(ENGINE_HEALTH_OBJS) $(ENGINE_TAGS_LIB)
ENGINE_UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_engine_*.c))
UNIT_TESTS += $(ENGINE_UNIT_TESTS)

$(BUILD)/tests/test_engine_%: tests/unit/test_engine_%.c $(ENGINE_TEST_OBJS) engine/engine.mk \
		| $(BUILD)/.dir
	$(CC) $(BASE_CFLAGS) -MMD -MP $(PKG_CFLAGS) -Iengine/io -Iengine/tags -Iengine/health -o $@ $< \
		$(ENGINE_TEST_OBJS) $(BASE_LDFLAGS) $(CMOCKA_LIBS) $(ENGINE_LIBS)

-include $(ENGINE_OBJS:.o=.d) $(BUILD)/obj/engine/fio/ssdnvme-wrongfio.d \
	$(ENGINE_UNIT_TESTS:=.d)

.PHONY: engine engine-tags-lib
