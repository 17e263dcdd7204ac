# relic — build, test, install.  See README.md.
#
#   make            libraries and tools into build/
#   make deps       install missing Debian packages (apt-get)
#   make test       the whole suite; last line "N passed, N failed"
#   make check-asan the suite under AddressSanitizer + UBSan
#   make bench      benchmark program (rates and ratios)
#   make samples    build the bundled sample game from its text sources
#   make demo       deps + build + unpack the sample game
#   make fuzz       libFuzzer targets (clang)
#   make install PREFIX=/usr/local DESTDIR=

VERSION    := 0.1.0
PREFIX     ?= /usr/local
DESTDIR    ?=
BUILD      ?= build
CC         ?= cc
PKGS       := libpng jansson sndfile
DEB_PKGS   := build-essential pkg-config libpng-dev libsndfile1-dev libjansson-dev libcmocka-dev libgif-dev

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
WARN       := -Wall -Wextra -Werror -Wvla -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS     ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) \
              -Ilibformats/include -Ilibvm/include -Icmd/common -Itests $(PKG_CFLAGS) \
              -DRELIC_VERSION='"$(VERSION)"'
LDLIBS_ALL := $(PKG_LIBS) -lgif -lm

FORMATS_SRC := $(wildcard libformats/core/*.c libformats/io/*.c libformats/*/*.c)
FORMATS_SRC := $(sort $(FORMATS_SRC))
VM_SRC      := $(sort $(wildcard libvm/*/*.c))
COMMON_SRC  := $(sort $(wildcard cmd/common/*.c))
TOOLS       := $(notdir $(patsubst %/,%,$(filter-out cmd/common/,$(wildcard cmd/*/))))
UNIT_SRC    := $(sort $(wildcard tests/unit/test_*.c))
CORPUS_SRC  := $(sort $(wildcard tests/corpus/test_*.c))
FUZZ_SRC    := $(sort $(wildcard tests/fuzz/fuzz_*.c))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIBFORMATS := $(BUILD)/lib/libformats.a
LIBVM      := $(BUILD)/lib/libvm.a
LIBCMD     := $(BUILD)/lib/libcmd.a
BINS       := $(addprefix $(BUILD)/bin/,$(TOOLS))
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

.PHONY: all deps test check-asan bench samples demo fuzz install clean
all: $(BINS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(LIBFORMATS): $(call obj,$(FORMATS_SRC))
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

$(LIBVM): $(call obj,$(VM_SRC)) | $(LIBFORMATS)
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

$(LIBCMD): $(call obj,$(COMMON_SRC))
	@mkdir -p $(dir $@)
	@rm -f $@ && ar rcs $@ $^

LINK_LIBS := $(LIBCMD) $(LIBVM) $(LIBFORMATS)

tool_objs = $(call obj,$(wildcard cmd/$(1)/*.c))
.SECONDEXPANSION:
$(BUILD)/bin/%: $$(call tool_objs,%) $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $(filter %.o,$^) $(LINK_LIBS) $(LDLIBS_ALL)

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(BUILD)/obj/tests/support.o $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/obj/tests/support.o $(LINK_LIBS) $(LDLIBS_ALL) -lcmocka

$(BUILD)/tests/%: $(BUILD)/obj/tests/corpus/%.o $(BUILD)/obj/tests/support.o $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/obj/tests/support.o $(LINK_LIBS) $(LDLIBS_ALL) -lcmocka

BENCH_OBJS := $(call obj,$(sort $(wildcard bench/*.c)))
$(BENCH_BIN): $(BENCH_OBJS) $(LINK_LIBS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $(BENCH_OBJS) $(LINK_LIBS) $(LDLIBS_ALL)

# ---- set-up ---------------------------------------------------------------
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else echo "make deps: all Debian packages present"; fi

# ---- tests ------------------------------------------------------------------
test: $(BINS) $(UNIT_BINS) $(CORPUS_BINS)
	@$(MAKE) -s samples
	@BUILD=$(BUILD) sh tests/run.sh

check-asan:
	$(MAKE) BUILD=$(BUILD)-asan CFLAGS="-O1 -g -fno-omit-frame-pointer" \
	  SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined" test

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
demo: deps
	@$(MAKE) --no-print-directory demo-run

.PHONY: demo-run
demo-run: all samples $(DEMO_TARGETS)
	rm -rf $(BUILD)/demo
	$(BUILD)/bin/agi-unpack $(SAMPLE_GAME) -o $(BUILD)/demo --asm --sounds
	@echo "demo: the sample game is unpacked in $(BUILD)/demo (game.json, pictures/, views/, sounds/, logic/)"

# ---- fuzzing ------------------------------------------------------------------
# The libraries are compiled once with coverage instrumentation
# (fuzzer-no-link) into their own archive; each target then only compiles
# its harness and links.
FUZZ_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
               -Ilibformats/include -Ilibvm/include $(PKG_CFLAGS)
FUZZ_LIB    := $(BUILD)/fuzz/librelic-fuzz.a
FUZZ_OBJS   := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(FORMATS_SRC) $(VM_SRC))
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
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/relic $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(LIBFORMATS) $(LIBVM) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 libformats/include/relic/*.h $(wildcard libvm/include/relic/*.h) $(DESTDIR)$(PREFIX)/include/relic/
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	for f in completions/*.bash; do install -m 644 $$f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$(basename $$f .bash); done
	install -m 644 completions/_* $(DESTDIR)$(PREFIX)/share/zsh/site-functions/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' relic.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/relic.pc

clean:
	rm -rf build build-asan

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
.SECONDARY:
