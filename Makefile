# ssdnvme top-level build.  `make` builds, under build/: the pinned fio, the
# ssdnvme.so engine against that same fio tree, and the fiorank analysis tool.
# `make asan` does the same under build/asan with ASan+UBSan; `make asan check`
# runs every test against that build.  Each part owns a fragment (engine/engine.mk,
# analysis/analysis.mk) that adds its targets and unit tests.

# The pinned fio, by upstream version: its release tarball from the pool of
# the Debian archive this machine's apt uses (ci/fetch-fio.sh reads the
# address from apt's configuration), checked by its sha256 and cached under
# build/.  3.41 is the pin (Debian unstable's fio); 3.33 (Debian 12's) still
# builds with `make FIO_VERSION=3.33`, and CI builds the engine against it
# once.  Any other fio tree: FIO_SRC=/path/to/fio (configured and built); the
# engine supports the ioengine ABIs in engine/fio/fio_compat.h (fio 3.33, and
# 3.41 and 3.42, both ops version 39).
FIO_VERSION   := 3.41
FIO_SHA256_3.41 := a40b45112005e30a67bab6be4860b198c35104a628b6ec4d15720d62b5d1bab9
FIO_SHA256_3.33 := d2410e13e0f379d061d077cc5ae325835bb7c6186aa7bafc1df954cbc9b014fc
PREFIX        ?= /usr/local
DESTDIR       ?=
TOP           := $(abspath .)

ifneq ($(filter asan,$(MAKECMDGOALS)),)
SANITIZE      := 1
endif

ifeq ($(SANITIZE),1)
BUILD         ?= build/asan
SAN_FLAGS     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT           := -O1
else
BUILD         ?= build
SAN_FLAGS     :=
OPT           := -O2
endif

# The pinned fio tree lives once under build/, shared by the plain and the
# sanitizer builds.  FIO_SRC=/path/to/fio builds against a user's own tree
# (already configured) and uses that tree's fio binary.
ifeq ($(origin FIO_SRC),undefined)
FIO_SRC       := $(TOP)/build/fio-$(FIO_VERSION)
FIO_PINNED    := 1
else
FIO_SRC       := $(abspath $(FIO_SRC))
FIO_PINNED    :=
endif
FIO_BIN       := $(FIO_SRC)/fio
FIO_CONFIG    := $(FIO_SRC)/config-host.h

CC            ?= cc
WARN          := -Wall -Wextra -Werror
CSTD          := -std=gnu11
BASE_CFLAGS   := $(CSTD) $(WARN) $(OPT) -g $(SAN_FLAGS) -D_GNU_SOURCE
BASE_LDFLAGS  := $(SAN_FLAGS)

PKGS          := liburing libnvme json-c
PKG_CFLAGS     = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
URING_LIBS     = $(shell pkg-config --libs liburing 2>/dev/null)
NVME_LIBS      = $(shell pkg-config --libs libnvme 2>/dev/null)
JSONC_CFLAGS   = $(shell pkg-config --cflags json-c 2>/dev/null)
JSONC_LIBS     = $(shell pkg-config --libs json-c 2>/dev/null)
CMOCKA_LIBS    = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
# fiorank's run time is mostly json-c building and freeing small objects;
# jemalloc does that ~25 % faster than glibc's malloc (bench/analysis-rank.sh).
# Not under the sanitizers, which bring their own allocator.
ifeq ($(SANITIZE),1)
MALLOC_LIBS   :=
else
# Linked in whole where its archive is installed (libjemalloc-dev ships
# libjemalloc_pic.a): the shared library brings libstdc++ to every start of
# fiorank (1,834 symbol relocations against 160, 40 more page faults), for
# C++ operators fiorank never calls.
JEMALLOC_A    := $(wildcard $(shell $(CC) -print-file-name=libjemalloc_pic.a))
ifneq ($(JEMALLOC_A),)
MALLOC_LIBS    = $(JEMALLOC_A) -ldl
else
MALLOC_LIBS    = -Wl,--push-state,--no-as-needed $(shell pkg-config --libs jemalloc 2>/dev/null || echo -ljemalloc) -Wl,--pop-state
endif
endif

.PHONY: all asan deps fio engine analysis check unit-tests install uninstall clean distclean demo fleet-demo bench format format-check peer-check
all: fio engine analysis $(BUILD)/version.h

asan: all

deps:
	@bash ci/install-deps.sh

# Everything compiled waits for the packages (install-deps.sh is idempotent and
# quick when all is there; as non-root it only checks and names what is missing).
build/.deps-ok: ci/install-deps.sh
	@mkdir -p build
	@bash ci/install-deps.sh
	@touch $@

# ---------------------------------------------------------------- pinned fio
ifeq ($(FIO_PINNED),1)
ifeq ($(FIO_SHA256_$(FIO_VERSION)),)
$(error FIO_VERSION=$(FIO_VERSION): no pinned tarball known for it; the pin is fio 3.41, and FIO_VERSION=3.33 builds Debian 12's fio; for another fio tree use FIO_SRC=/path/to/fio)
endif
FIO_TARBALL   := build/dl/fio_$(FIO_VERSION).orig.tar.gz
$(FIO_SRC)/.unpacked: | build/.deps-ok
	bash ci/fetch-fio.sh $(FIO_VERSION) $(FIO_SHA256_$(FIO_VERSION)) $(FIO_TARBALL)
	rm -rf $(FIO_SRC) $(FIO_SRC).tmp && mkdir -p $(FIO_SRC).tmp
	tar -xzf $(FIO_TARBALL) -C $(FIO_SRC).tmp
	@test -x $(FIO_SRC).tmp/fio-$(FIO_VERSION)/configure || \
		{ echo "fio pin: $(FIO_TARBALL) holds no fio-$(FIO_VERSION)/ tree" >&2; exit 1; }
	mv $(FIO_SRC).tmp/fio-$(FIO_VERSION) $(FIO_SRC) && rmdir $(FIO_SRC).tmp
	touch $@

# A plain, non-native configure: the engine must not inherit -march=native, and
# the fewer optional libraries fio links, the smaller the test bed's initramfs.
$(FIO_CONFIG): $(FIO_SRC)/.unpacked
	cd $(FIO_SRC) && ./configure --disable-native --disable-numa --disable-rdma \
		--disable-rados --disable-rbd --disable-http --disable-gfapi --disable-pmem \
		--disable-xnvme --disable-libzbc --disable-tcmalloc --disable-dfs --disable-libnfs >/dev/null

# fio's make gets none of our command-line variables: FIO_VERSION=3.33 would
# override the version fio's own build takes from FIO-VERSION-FILE.
$(FIO_BIN): $(FIO_CONFIG)
	env -u MAKEFLAGS -u MFLAGS $(MAKE) -C $(FIO_SRC) -j$(shell nproc) fio >/dev/null
else
$(FIO_CONFIG) $(FIO_BIN):
	@test -f $@ || { echo "FIO_SRC=$(FIO_SRC): $@ not found (configure and build that fio tree first)" >&2; exit 1; }
endif

fio: $(FIO_BIN)
	@mkdir -p $(BUILD)
	@# relative: a copied or moved tree keeps a working link
	@ln -sfn "$$(realpath -m --relative-to=$(BUILD) $(FIO_BIN))" $(BUILD)/fio

# Changes when PREFIX does, so what embeds installed paths is rebuilt for it.
$(BUILD)/.prefix: FORCE | $(BUILD)/.dir
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' >$@
.PHONY: FORCE
FORCE:

# The project's version, one string for every part (fiorank --version, the
# engine's results file, the suite's --version and manifest): git's
# description of the source tree, else the VERSION file of a tree outside
# git, else "unknown".  $(BUILD)/version.h (for the C parts) and
# $(BUILD)/VERSION (for the suite and make install) change only when it
# does.  Made after fio is built: fio's FIO-VERSION-GEN runs git inside
# build/, which is in this tree, and two gits at once race on its index.
PROJECT_VERSION_CMD = git -C $(TOP) describe --always --dirty 2>/dev/null || cat $(TOP)/VERSION 2>/dev/null || echo unknown
$(BUILD)/version.h: FORCE | $(BUILD)/.dir $(FIO_BIN)
	@v=$$($(PROJECT_VERSION_CMD)); \
	printf '/* Made by make: the project version (Makefile). */\n#define SSDNVME_PROJECT_VERSION "%s"\n' "$$v" >$@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi; \
	echo "$$v" | cmp -s - $(BUILD)/VERSION || echo "$$v" >$(BUILD)/VERSION

$(BUILD)/.dir: | build/.deps-ok
	@mkdir -p $(BUILD)/obj/engine $(BUILD)/obj/analysis $(BUILD)/tests
	@touch $@

-include engine/engine.mk
-include analysis/analysis.mk

# ---------------------------------------------------------------- tests
# Unit tests are $(BUILD)/tests/test_* (cmocka, added by the fragments to
# UNIT_TESTS); tests/run-all runs them, the host script tests and the VM tests,
# and prints the closing line "N passed, N failed".
unit-tests: $(UNIT_TESTS)

# CHECK_ARGS passes options to tests/run-all (e.g. --sanitize-set, --vm-jobs 1).
check: all unit-tests
	@BUILD=$(TOP)/$(BUILD) SANITIZE=$(SANITIZE) FIO_BIN=$(FIO_BIN) bash tests/run-all $(CHECK_ARGS)

demo: all
	@bash ci/demo.sh

# The same across a fleet: GUESTS test-bed guests (default 3), each its own
# controller and fio --server, driven at once through --hosts (docs/fleet.md).
fleet-demo: all
	@bash ci/fleet-demo.sh

# fio's own NVMe passthrough suites (the pinned fio tree's t/nvmept*.py) in
# the test bed, through fio's io_uring_cmd and through ssdnvme: one line per
# suite and engine.  CI's set by default (basic and trim whole, FDP, PI in
# one configuration); FULL=1 every suite and configuration (hours).
peer-check: all
	@bash tests/peer/peer-check $(if $(filter 1,$(FULL)),--full)

bench: all
	@for b in bench/*.sh; do echo "== $$b"; bash $$b || exit 1; done

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

format-check:
	clang-format --dry-run -Werror $$(git ls-files '*.c' '*.h')

# The layout: PREFIX/bin/{fiorank,ssdnvme-suite}; PREFIX/lib/ssdnvme/ssdnvme.so
# and the fio it was built against (PREFIX/lib/ssdnvme/fio: the engine loads
# only into that fio version; the installed suite runs it); the job files,
# reference data and VERSION under PREFIX/share/ssdnvme; man pages, their
# /usr/local paths made PREFIX's.
# `make uninstall` removes exactly these.
INSTALL_MAN   := analysis/fiorank.1:man1 jobs/ssdnvme-suite.1:man1 engine/ssdnvme-engine.7:man7
install: all $(BUILD)/version.h
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/ssdnvme $(DESTDIR)$(PREFIX)/share/ssdnvme
	install -m 0755 $(BUILD)/ssdnvme.so $(DESTDIR)$(PREFIX)/lib/ssdnvme/ssdnvme.so
	install -m 0755 $(BUILD)/ssdnvme-powercut $(DESTDIR)$(PREFIX)/lib/ssdnvme/ssdnvme-powercut
	install -m 0755 $(FIO_BIN) $(DESTDIR)$(PREFIX)/lib/ssdnvme/fio
	install -m 0755 $(BUILD)/fiorank $(DESTDIR)$(PREFIX)/bin/fiorank
	cp -r jobs $(DESTDIR)$(PREFIX)/share/ssdnvme/
	install -m 0644 $(BUILD)/VERSION $(DESTDIR)$(PREFIX)/share/ssdnvme/VERSION
	ln -sf ../share/ssdnvme/jobs/ssdnvme-suite $(DESTDIR)$(PREFIX)/bin/ssdnvme-suite
	if [ -d analysis/reference ]; then cp -r analysis/reference $(DESTDIR)$(PREFIX)/share/ssdnvme/; fi
	@for m in $(INSTALL_MAN); do f=$${m%%:*} sec=$${m##*:}; \
		if [ -f $$f ]; then install -d $(DESTDIR)$(PREFIX)/share/man/$$sec && \
			echo "sed s|/usr/local|$(PREFIX)|g $$f >$(DESTDIR)$(PREFIX)/share/man/$$sec/$${f##*/}" && \
			sed 's|/usr/local|$(PREFIX)|g' $$f >$(DESTDIR)$(PREFIX)/share/man/$$sec/$${f##*/} && \
			chmod 0644 $(DESTDIR)$(PREFIX)/share/man/$$sec/$${f##*/} || exit 1; fi; done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/fiorank $(DESTDIR)$(PREFIX)/bin/ssdnvme-suite
	rm -rf $(DESTDIR)$(PREFIX)/lib/ssdnvme $(DESTDIR)$(PREFIX)/share/ssdnvme
	@for m in $(INSTALL_MAN); do f=$${m%%:*} sec=$${m##*:}; \
		rm -f $(DESTDIR)$(PREFIX)/share/man/$$sec/$${f##*/}; done

clean:
	rm -rf build/asan build/obj build/tests build/ssdnvme.so build/ssdnvme-powercut build/fiorank build/fio build/vm

distclean:
	rm -rf build
