# relic — build, test, install.  See README.md.
#
#   make            libraries and tools into build/ (warnings are shown, not fatal)
#   make deps       install missing Debian packages (apt-get)
#   make test       the whole suite; last line "N passed, N failed, N skipped"
#   make check      the same suite, strict: -Werror, no warning in any object, lint
#   make check-asan the suite under AddressSanitizer + UBSan
#   make lint       cppcheck over the libraries and commands
#   make format     clang-format -i over the C sources (.clang-format)
#   make bench      benchmark program (rates and ratios)
#   make samples    build the bundled sample game from its text sources
#   make demo       deps + build + unpack the sample game, print the page's path
#   make fuzz       libFuzzer targets (clang)
#   make install PREFIX=/usr/local DESTDIR=

VERSION    := 0.1.0
SOVERSION  := 0
PREFIX     ?= /usr/local
DESTDIR    ?=
BUILD      ?= build
CC         ?= cc
CXX        ?= c++
# System libraries by relic library: decoders and interpreters need none;
# librelic-io writes PNG (libpng frames the chunks, libdeflate compresses),
# GIF and JSON; librelic-audio writes audio files (WAV, FLAC, Ogg) and
# decodes MPEG tWAVs through libsndfile.
IO_PKGS    := libpng libdeflate jansson
AUDIO_PKGS := sndfile
PKGS       := $(IO_PKGS) $(AUDIO_PKGS)
DEB_PKGS   := build-essential pkg-config libpng-dev libdeflate-dev libsndfile1-dev libjansson-dev libcmocka-dev libgif-dev \
              chromium clang-format cppcheck bash-completion graphviz

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
IO_LIBS    := $(shell pkg-config --libs $(IO_PKGS) 2>/dev/null) -lgif -lm
# librelic-audio links libsndfile normally; only the tools that write or
# read audio (AUDIO_TOOLS) link librelic-audio and so libsndfile.
AUDIO_LIBS := $(shell pkg-config --libs $(AUDIO_PKGS) 2>/dev/null)
# -Werror belongs to CI and `make check`, not to a user's build with a newer
# compiler.  Every compile also keeps its diagnostics beside the object
# (.warn), so a strict run fails on an object built earlier with warnings
# without recompiling it (tests/warnings.sh).
ifeq ($(CI),true)
WERROR     ?= -Werror
endif
WERROR     ?=
WARN       := -Wall -Wextra -Wvla -Wshadow -Wstrict-prototypes -Wmissing-prototypes $(WERROR)
CFLAGS     ?= -O2 -g
# -fPIC once for every object: the same objects go into the static archives
# and the shared libraries.
ALL_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -fPIC $(WARN) $(CFLAGS) $(SANFLAGS) \
              -Ilibformats/include -Ilibvm/include -Icmd/common -Itests $(PKG_CFLAGS) \
              -DRELIC_VERSION='"$(VERSION)"'
# Each program records only the shared objects it calls into, whatever the
# toolchain's default.
LINK_FLAGS := -Wl,--as-needed
LDLIBS_ALL := $(IO_LIBS) $(AUDIO_LIBS)

# ---- the libraries ----------------------------------------------------------
# One library per folder: each library is every .c file under its folders,
# and a file moves to the folder of the library it belongs to.
#   libformats/  librelic-formats  on-disk formats, no dependency: core/
#                (cursor, errors, buffers, text), file/ (atomic files, safe
#                paths, folder listing, maps), one folder per engine
#   libvm/       librelic-vm       opcode tables, (dis)assemblers, compilers,
#                                  VMs, one folder per engine
#   libio/       librelic-io       PNG, GIF and JSON writers (top),
#                                  the JSON forms of relic's data (agi/,
#                                  riven/; the Riven decompiler, whose tree
#                                  is JSON): libpng, libdeflate, giflib,
#                                  jansson
#   libaudio/    librelic-audio    audio files and MPEG tWAV decoding through
#                                  libsndfile
# Public headers: libformats/include/relic and libvm/include/relic.
lib_sources = $(sort $(shell find $(1) -name '*.c' 2>/dev/null))
FORMATS_SRC := $(call lib_sources,libformats)
VM_SRC      := $(call lib_sources,libvm)
IO_SRC      := $(call lib_sources,libio)
AUDIO_SRC   := $(call lib_sources,libaudio)
LIB_SRC     := $(FORMATS_SRC) $(VM_SRC) $(IO_SRC) $(AUDIO_SRC)
# libformats/io/ mixed two libraries; a file merged into it from an older
# branch would land in librelic-formats.
ifneq ($(wildcard libformats/io/*.c),)
$(error libformats/io/ is split: writers go to libio/, audio to libaudio/, file helpers to libformats/file/)
endif
COMMON_SRC  := $(sort $(wildcard cmd/common/*.c))
TOOLS       := $(notdir $(patsubst %/,%,$(filter-out cmd/common/,$(wildcard cmd/*/))))
# Only these tools write audio or decode MPEG, so only they link libsndfile.
AUDIO_TOOLS := agi-unpack pic-render riven-script snd-render
UNIT_SRC    := $(sort $(wildcard tests/unit/test_*.c))
CORPUS_SRC  := $(sort $(wildcard tests/corpus/test_*.c))
FUZZ_SRC    := $(sort $(wildcard tests/fuzz/fuzz_*.c))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIBDIR     := $(BUILD)/lib
LIB_NAMES  := formats vm io audio
static_lib = $(LIBDIR)/librelic-$(1).a
shared_lib = $(LIBDIR)/librelic-$(1).so.$(VERSION)
LIBFORMATS := $(call static_lib,formats)
LIBVM      := $(call static_lib,vm)
LIBIO      := $(call static_lib,io)
LIBAUDIO   := $(call static_lib,audio)
LIBCMD     := $(BUILD)/lib/libcmd.a
STATIC_LIBS:= $(foreach l,$(LIB_NAMES),$(call static_lib,$(l)))
SHARED_LIBS:= $(foreach l,$(LIB_NAMES),$(call shared_lib,$(l)))
BINS       := $(addprefix $(BUILD)/bin/,$(TOOLS))
BASH_COMPLETIONS := $(patsubst completions/%.bash,$(BUILD)/completions/%,$(wildcard completions/*.bash))
UNIT_BINS  := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
CORPUS_BINS:= $(patsubst tests/corpus/%.c,$(BUILD)/tests/%,$(CORPUS_SRC))
BENCH_BIN  := $(BUILD)/bench/relic-bench

# `make` alone builds; fragments below must not change that.
.DEFAULT_GOAL := all

# Each engine may add a fragment: extra Debian packages (DEB_PKGS +=),
# sample builders (SAMPLE_TARGETS +=) and their rules.
SAMPLE_TARGETS :=
DEMO_TARGETS :=
-include $(sort $(wildcard mk/*.mk))

.PHONY: all libs deps test check check-asan lint format format-check bench samples demo fuzz install clean
all: $(BINS) libs $(BASH_COMPLETIONS)
libs: $(STATIC_LIBS) $(SHARED_LIBS)

# Bash completions: bash-completion sources a completion by the command's
# name, alone, so each installed file carries the shared helpers itself:
# the build puts completions/common.sh in place of the line that sources
# it (which serves a file sourced from the source tree).
$(BUILD)/completions/%: completions/%.bash completions/common.sh
	@mkdir -p $(dir $@)
	@echo "  GEN     $@"
	@awk -v common=completions/common.sh \
	  '/^\. .*\/common\.sh"$$/ { while ((getline l < common) > 0) print l; close(common); next } { print }' \
	  $< > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@ 2>$@.warn; rc=$$?; cat $@.warn >&2; exit $$rc

$(LIBFORMATS): $(call obj,$(FORMATS_SRC))
$(LIBVM): $(call obj,$(VM_SRC))
$(LIBIO): $(call obj,$(IO_SRC))
$(LIBAUDIO): $(call obj,$(AUDIO_SRC))
$(LIBCMD): $(call obj,$(COMMON_SRC))
$(LIBDIR)/%.a:
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

# Shared libraries: soname librelic-X.so.0, no undefined symbol left (each
# names the libraries it needs), and the .so.0 / .so links beside them.
SO_DEPS_formats := -lm
SO_DEPS_vm      := -L$(LIBDIR) -lrelic-formats -lm
SO_DEPS_io      := -L$(LIBDIR) -lrelic-vm -lrelic-formats $(IO_LIBS)
SO_DEPS_audio   := -L$(LIBDIR) -lrelic-formats $(AUDIO_LIBS)
$(call shared_lib,vm): $(call shared_lib,formats)
$(call shared_lib,io): $(call shared_lib,vm) $(call shared_lib,formats)
$(call shared_lib,audio): $(call shared_lib,formats)
$(LIBDIR)/librelic-%.so.$(VERSION): $(LIBDIR)/librelic-%.a
	@echo "  SO      $@"
	@$(CC) -shared $(SANFLAGS) -o $@ -Wl,-soname,librelic-$*.so.$(SOVERSION) -Wl,--no-undefined $(LINK_FLAGS) \
	  -Wl,--whole-archive $< -Wl,--no-whole-archive $(SO_DEPS_$*)
	@ln -sf $(notdir $@) $(LIBDIR)/librelic-$*.so.$(SOVERSION)
	@ln -sf librelic-$*.so.$(SOVERSION) $(LIBDIR)/librelic-$*.so

# The tools link the static archives (they run from build/bin without an
# installed library) and only the system libraries they call into.
tool_libs = $(LIBCMD) $(LIBIO) $(if $(filter $(1),$(AUDIO_TOOLS)),$(LIBAUDIO)) $(LIBVM) $(LIBFORMATS) \
            $(IO_LIBS) $(if $(filter $(1),$(AUDIO_TOOLS)),$(AUDIO_LIBS))
LINK_LIBS := $(LIBCMD) $(LIBIO) $(LIBAUDIO) $(LIBVM) $(LIBFORMATS)

tool_objs = $(call obj,$(wildcard cmd/$(1)/*.c))
.SECONDEXPANSION:
$(BUILD)/bin/%: $$(call tool_objs,%) $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) $(LINK_FLAGS) -o $@ $(filter %.o,$^) $(call tool_libs,$*)

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(BUILD)/obj/tests/support.o $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) $(LINK_FLAGS) -o $@ $< $(BUILD)/obj/tests/support.o $(LINK_LIBS) $(LDLIBS_ALL) -lcmocka

$(BUILD)/tests/%: $(BUILD)/obj/tests/corpus/%.o $(BUILD)/obj/tests/support.o $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) $(LINK_FLAGS) -o $@ $< $(BUILD)/obj/tests/support.o $(LINK_LIBS) $(LDLIBS_ALL) -lcmocka

BENCH_OBJS := $(call obj,$(sort $(wildcard bench/*.c)))
$(BENCH_BIN): $(BENCH_OBJS) $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) $(LINK_FLAGS) -o $@ $(BENCH_OBJS) $(LINK_LIBS) $(LDLIBS_ALL)

# ---- set-up ---------------------------------------------------------------
# apt's own lines go to a log, shown only when it fails, so `make demo`
# prints relic's lines alone.
DEPS_LOG := /tmp/relic-deps.log
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; } \
	    > $(DEPS_LOG) 2>&1 || { tail -30 $(DEPS_LOG); echo "make deps: apt-get failed (log: $(DEPS_LOG))"; exit 1; }; \
	else echo "make deps: all Debian packages present"; fi

# ---- tests ------------------------------------------------------------------
# The suite also installs into a staging tree (tests/install/ links a C++
# program against it) and, when CI=true or under `make check`, lints.
STAGE := $(BUILD)/stage
test: $(BINS) $(UNIT_BINS) $(CORPUS_BINS) libs
	@$(MAKE) -s --no-print-directory samples
	@$(MAKE) -s --no-print-directory install DESTDIR=$(abspath $(STAGE)) PREFIX=/usr >/dev/null
	@BUILD=$(BUILD) STAGE=$(STAGE) SANFLAGS="$(SANFLAGS)" WERROR="$(WERROR)" FORMAT_CHECK=$(FORMAT_CHECK) LINT_DIRS="$(LINT_DIRS)" sh tests/run.sh

# `make check` is `make test`, strict: -Werror on what it compiles, and
# tests/warnings.sh fails on any object built earlier with a warning.
check:
	@$(MAKE) --no-print-directory WERROR=-Werror test

check-asan:
	$(MAKE) BUILD=$(BUILD)-asan CFLAGS="-O1 -g -fno-omit-frame-pointer" \
	  SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined" test

# ---- lint and format --------------------------------------------------------------
# cppcheck (Debian) over the libraries and commands; mk/cppcheck.cfg tells
# it jansson's iteration macros.  Clean means no finding at all.
LINT_DIRS := libformats libvm libio libaudio cmd
lint:
	@sh tests/lint.sh $(LINT_DIRS)
# Lint runs inside `make test` when CI=true (.ci/run calls only make deps and
# make test) and under `make check`; a plain `make test` leaves it out (it
# takes about 20 s on two cores).

# clang-format (.clang-format) over the C sources: tests/format.sh holds
# the file list.  The tree is formatted, so `make test` checks every file
# (FORMAT_CHECK=0 on the command line skips it); `make format` rewrites.
FORMAT_CHECK := 1
format:
	@sh tests/format.sh --apply
format-check:
	@FORMAT_CHECK=1 sh tests/format.sh | tee /dev/stderr | grep -q '^ok'

bench: $(BENCH_BIN) $(BINS)
	$(BENCH_BIN)

# ---- samples and demo -------------------------------------------------------
# The AGI sample game: sources in samples/agi (logic .lgc, hex payloads,
# JSON metadata), built as v2 and as compressed v3 (prefix RD).
SAMPLE_GAME := $(BUILD)/samples/relicdemo
samples: $(BUILD)/bin/agi-pack $(SAMPLE_TARGETS)
	@rm -rf $(SAMPLE_GAME) $(SAMPLE_GAME)-v3
	@$(BUILD)/bin/agi-pack samples/agi -o $(SAMPLE_GAME)
	@$(BUILD)/bin/agi-pack samples/agi -o $(SAMPLE_GAME)-v3 --v3 RD
	@echo "  SAMPLES $(SAMPLE_GAME) $(SAMPLE_GAME)-v3"

# deps first, then a fresh make: pkg-config only knows the libraries once
# they are installed.  Engines add their own demo steps to DEMO_TARGETS.
# The compile lines and the engines' demo listings go to build/demo.log;
# the demo itself says only where to look.
DEMO_LOG := $(BUILD)/demo.log
demo: deps
	@mkdir -p $(BUILD)
	@$(MAKE) --no-print-directory demo-run

.PHONY: demo-run
demo-run:
	@echo "demo: building (compile lines and listings in $(DEMO_LOG))"
	@$(MAKE) --no-print-directory all samples $(DEMO_TARGETS) > $(DEMO_LOG) 2>&1 || \
	  { tail -20 $(DEMO_LOG); echo "demo: build failed, see $(DEMO_LOG)"; exit 1; }
	@rm -rf $(BUILD)/demo
	@$(BUILD)/bin/agi-unpack $(SAMPLE_GAME) -o $(BUILD)/demo --asm --sounds >> $(DEMO_LOG) 2>&1 || \
	  { tail -5 $(DEMO_LOG); exit 1; }
	@echo "demo: the sample game is unpacked in $(BUILD)/demo/ (game.json, pictures/, views/, sounds/, logic/)"
	@echo "demo: open $(BUILD)/demo/index.html in a browser"
	@echo "demo: one picture: $$(ls $(BUILD)/demo/pictures/*.png | grep -v priority | head -1)"

# ---- fuzzing ------------------------------------------------------------------
# The libraries are compiled once with coverage instrumentation
# (fuzzer-no-link) into their own archive; each target then only compiles
# its harness and links.
FUZZ_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
               -Ilibformats/include -Ilibvm/include $(PKG_CFLAGS)
FUZZ_LIB    := $(BUILD)/fuzz/librelic-fuzz.a
FUZZ_OBJS   := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(LIB_SRC))
fuzz: $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC/FUZZ $<"
	@clang $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
# Header dependencies, so a changed struct never links with stale objects.
-include $(FUZZ_OBJS:.o=.d)
$(FUZZ_LIB): $(FUZZ_OBJS)
	@rm -f $@ && ar rcs $@ $^
$(BUILD)/fuzz/%: tests/fuzz/%.c $(FUZZ_LIB)
	@echo "  FUZZ    $@"
	@clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB) $(LDLIBS_ALL)

# ---- install --------------------------------------------------------------------
# Tools, the four libraries (static archives, and shared ones with their
# soname links), every public header, and one .pc file per library:
# relic (formats + vm, no dependency), relic-io, relic-audio.
PC_FILES := relic relic-io relic-audio
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/relic $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(STATIC_LIBS) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(SHARED_LIBS) $(DESTDIR)$(PREFIX)/lib/
	for l in $(LIB_NAMES); do \
	  ln -sf librelic-$$l.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/librelic-$$l.so.$(SOVERSION); \
	  ln -sf librelic-$$l.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/librelic-$$l.so; done
	install -m 644 libformats/include/relic/*.h $(wildcard libvm/include/relic/*.h) $(DESTDIR)$(PREFIX)/include/relic/
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 $(BASH_COMPLETIONS) $(DESTDIR)$(PREFIX)/share/bash-completion/completions/
	install -m 644 completions/_* $(DESTDIR)$(PREFIX)/share/zsh/site-functions/
	for p in $(PC_FILES); do \
	  sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $$p.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$p.pc; done

clean:
	rm -rf build build-asan

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
.SECONDARY:
