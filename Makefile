# The build contract of Attention, Measured (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DELETE_ON_ERROR:
.SUFFIXES:
# Goals given together run one after another, in the order given,
# even under -j: 'make tangle test' tangles before it compiles, and
# 'make -j book programs' does not typeset the book twice at once.
# Each goal that compiles or typesets runs a make of its own, on
# every core.
ifeq ($(MAKELEVEL),0)
ifneq ($(word 2,$(MAKECMDGOALS)),)
.NOTPARALLEL:
endif
endif

CC      ?= cc
# -O3 -march=native lets the compiler unroll and vectorize the matmul
# tiles; -fno-math-errno lets it vectorize sqrt (results unchanged:
# sqrt is correctly rounded either way); -fno-trapping-math lets it
# vectorize loops with a clamp or a select, exp_fast's and the LSTM
# cell's (results unchanged: the book never traps on a floating-point
# exception). make sanitize overrides OPT.
OPT     ?= -O3 -march=native -fno-math-errno -fno-trapping-math
CFLAGS  := -std=c11 -Wall -Wextra -Werror -pedantic \
           -D_POSIX_C_SOURCE=200809L -pthread $(OPT) -Itangled
LDLIBS  := -lm -lz -pthread
# make KERNELS=plain builds everything on the chapters' plain
# versions (matmul_naive, the per-sentence LSTM, the plain attention
# loops) instead of appendix B's fast kernels: the one switch,
# PLAIN_KERNELS, read where each fast kernel is chosen
KERNELS ?= fast
ifeq ($(KERNELS),plain)
CFLAGS  += -DPLAIN_KERNELS
else ifneq ($(KERNELS),fast)
$(error KERNELS is '$(KERNELS)': it must be 'fast' or 'plain')
endif

# What the chapters tangle into tangled/: library modules (a .h and
# a .c each), programs, and the worked solutions of appendix B.
# MODULES is the layering, bottom up: a module uses (includes, or
# calls a function of) only the modules before it; make check-layers
# checks it. Programs and solutions may use any module.
MODULES   := toolkit task spanish documents tasks attention model seq2seq \
             align metrics transformer tmodel image scene captioner han \
             families checkpoint beam
PROGRAMS  := schedule loss-floor attention-example task-samples train shapes sweep spanish-study \
             spanish-apertium ablation heatmap bench scale-sweep attn-counts \
             attn-pictures translate \
             beam-table transformer-study padding-count caption-study \
             caption han-study classify depth-study
SOLUTIONS := 01-toolkit 02-task 03-bottleneck 04-attention \
             05-ablation 06-alignment 07-transformer 08-using \
             09-spanish 10-captions 11-documents
TANGLED   := $(foreach m,$(MODULES),tangled/$m.h tangled/$m.c) \
             $(PROGRAMS:%=tangled/%.c) \
             $(SOLUTIONS:%=tangled/solutions/%.c)

CHAPTERS  := $(sort $(wildcard chapters/*.nw))
TESTS     := $(basename $(notdir $(wildcard tests/*.c)))
EXERCISES := $(patsubst tests/exercises/ex%.c,%,\
               $(wildcard tests/exercises/ex*.c))

.PHONY: all tangle test book programs check-tangled deps exercise \
        sanitize cross-test deps-cross check-layers \
        bench clean clean-build deps-test deps-fuzz deps-book fresh-check FORCE \
        fuzz fuzz-idx
all: test

# the Debian packages: 'make deps' installs all of them; each goal
# checks (and, run as root, installs) what it needs
deps deps-book:
	@CC='$(CC)' scripts/deps book
deps-test:
	@CC='$(CC)' scripts/deps test
deps-fuzz:
	@CC='$(FUZZ_CC)' scripts/deps test

# ---- tangling ---------------------------------------------------
tangle: deps-test
	scripts/tangle tangled $(TANGLED)

check-tangled: deps-test
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	scripts/tangle $$tmp $(TANGLED); \
	if ! diff -r -u tangled $$tmp; then \
	  echo "check-tangled: tangled/ differs from chapters/;" \
	       "run 'make tangle' and commit the result" >&2; exit 1; \
	fi; echo "check-tangled: tangled/ matches chapters/"

# ---- compiling: one folder per compiler and flags ----------------
# Objects, libraries, test binaries and programs built by one
# compiler with one set of flags live in build/NAME-DIGEST/ (NAME
# the compiler, DIGEST eight hex digits of the command and flags,
# written out in its file 'flags'), so 'make CC=clang test' builds
# and tests clang's, and 'make sanitize' builds beside the normal
# build: neither reuses nor removes another's files.
VARIANT := $(notdir $(firstword $(CC)))-$(shell \
             printf '%s' '$(CC) $(CFLAGS) $(LDLIBS)' | md5sum | cut -c1-8)
B := build/$(VARIANT)
$(B)/flags:
	@mkdir -p $(@D)
	echo 'CC=$(CC) CFLAGS=$(CFLAGS) LDLIBS=$(LDLIBS)' > $@

# the library, in float (the programs) and in double (the tests)
LIB_OBJ = $(MODULES:%=$(B)/$1/%.o)
$(B)/float/%.o: tangled/%.c $(MODULES:%=tangled/%.h) | $(B)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(B)/double/%.o: tangled/%.c $(MODULES:%=tangled/%.h) | $(B)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DREAL_DOUBLE -c $< -o $@
$(B)/float/libam.a: $(call LIB_OBJ,float)
	ar rcs $@ $^
$(B)/double/libam.a: $(call LIB_OBJ,double)
	ar rcs $@ $^

$(B)/bin/%: tangled/%.c $(B)/float/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< $(B)/float/libam.a -o $@ $(LDLIBS)

# build/bin/ holds the programs the book runs and the README shows:
# copies from the folder of the compiler and flags of the make that
# asked for them. build/bin/.variant names that folder and changes
# only when it does, so switching compilers copies (and reruns the
# experiments) again. The copy is renamed into place: a program of
# build/bin/ that a reader is running keeps its file, and the copy
# does not fail with 'Text file busy'.
build/bin/%: $(B)/bin/% build/bin/.variant
	cp $< $@.new && mv -f $@.new $@
build/bin/.variant: FORCE
	@mkdir -p $(@D)
	@[ "$$(cat $@ 2> /dev/null)" = $(VARIANT) ] || echo $(VARIANT) > $@
.PRECIOUS: build/bin/.variant $(B)/bin/% $(B)/width-%/toolkit.o
FORCE:

# ---- tests: every chapter's tests, in double precision -----------
$(B)/tests/%: tests/%.c $(wildcard tests/*.h) $(B)/double/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DREAL_DOUBLE $< $(B)/double/libam.a \
	  -o $@ -lcmocka $(LDLIBS)

# each exercise check against the worked solution and the stub; the
# files of exercise N.M begin with N in two digits. A check, a
# chapter's solutions and a chapter's stubs each compile once, into
# objects that the exercise's two binaries share.
chapter_nn = $(if $(filter 1 2 3 4 5 6 7 8 9,$(word 1,$(subst ., ,$1))),0)$\
             $(word 1,$(subst ., ,$1))
chapter_of = $(filter $(call chapter_nn,$1)-%,$(SOLUTIONS))
EX_OBJ = @mkdir -p $(@D); $(CC) $(CFLAGS) -DREAL_DOUBLE -c $< -o $@
$(B)/ex/check/%.o: tests/exercises/ex%.c $(MODULES:%=tangled/%.h) \
                   | $(B)/flags
	$(EX_OBJ)
$(B)/ex/solutions/%.o: tangled/solutions/%.c $(MODULES:%=tangled/%.h) \
                       | $(B)/flags
	$(EX_OBJ)
$(B)/ex/stubs/%.o: exercises/%.c $(MODULES:%=tangled/%.h) | $(B)/flags
	$(EX_OBJ)
$(foreach e,$(EXERCISES),$(eval $(B)/ex/$e-solution: \
  $(B)/ex/check/$e.o $(B)/ex/solutions/$(call chapter_of,$e).o \
  $(B)/double/libam.a)$(eval $(B)/ex/$e-stub: $(B)/ex/check/$e.o \
  $(B)/ex/stubs/$(call chapter_of,$e).o $(B)/double/libam.a))
EX_LINK = $(CC) $(CFLAGS) $^ -o $@ -lcmocka $(LDLIBS)
$(B)/ex/%-solution:
	$(EX_LINK)
$(B)/ex/%-stub:
	$(EX_LINK)

TEST_BINS := $(TESTS:%=$(B)/tests/%) \
             $(EXERCISES:%=$(B)/ex/%-solution)
STUB_BINS := $(EXERCISES:%=$(B)/ex/%-stub)
# the programs' bad-input tests run the programs of the same folder
# (BIN_DIR stands for the build/bin/ in their command lines)
$(B)/tests/programs: $(PROGRAMS:%=$(B)/bin/%)
$(B)/tests/08-using: $(B)/bin/translate $(B)/bin/train \
                     $(B)/bin/sweep $(B)/bin/classify $(B)/bin/heatmap
# ---- every vector width: the kernels and their tests, once each ---
# The matrix product's tile follows the register file the compiler
# targets (appendix B). Besides the build above, for this machine,
# the toolkit and its two test files are built once per width: each
# x86 instruction set the processor runs (x86-64 is the plain C
# case, without AVX2), and AVX-512's 64-byte tile wherever the
# processor lacks AVX-512 (VEC_BYTES=64: the compiler splits each
# 64-byte operation into what the processor has). On another
# processor, the plain case and the 64-byte tile. The width the
# build above already compiles for (NATIVE_WIDTH, from the macros
# its flags define) is left out: its tests are those of tests/. The
# target is the compiler's; on a bare machine, whose compiler 'make
# deps' has not installed yet when this is read, the machine's.
CPU_FLAGS := $(shell sed -n 's/^flags[^:]*://p' /proc/cpuinfo 2>/dev/null \
                     | head -1)
CC_MACHINE := $(or $(shell $(CC) -dumpmachine 2>/dev/null),$(shell uname -m))
CC_MACROS := $(shell $(CC) $(CFLAGS) -dM -E -x c /dev/null 2>/dev/null)
NATIVE_WIDTH := $(if $(CC_MACROS),$\
  $(if $(filter __AVX512F__,$(CC_MACROS)),x86-64-v4,$\
    $(if $(filter __AVX2__,$(CC_MACROS)),$\
      $(if $(filter __FMA__,$(CC_MACROS)),x86-64-v3,x86-64),x86-64)))
ifneq ($(filter x86_64%,$(CC_MACHINE)),)
WIDTHS := $(filter-out $(NATIVE_WIDTH),x86-64 \
  $(if $(filter avx2,$(CPU_FLAGS)),$(if $(filter fma,$(CPU_FLAGS)),x86-64-v3)) \
  $(if $(filter avx512f,$(CPU_FLAGS)),x86-64-v4,vec64))
else
WIDTHS := vec64
endif
WIDTH_CFLAGS = $(if $(filter vec64,$1),$(CFLAGS) -DVEC_BYTES=64,\
                 $(filter-out -march=%,$(CFLAGS)) -march=$1)
$(B)/width-%/toolkit.o: tangled/toolkit.c tangled/toolkit.h | $(B)/flags
	@mkdir -p $(@D)
	$(CC) $(call WIDTH_CFLAGS,$*) -DREAL_DOUBLE -c $< -o $@
WIDTH_LINK = $(CC) $(call WIDTH_CFLAGS,$*) -DREAL_DOUBLE $^ -o $@ \
               -lcmocka $(LDLIBS)
$(B)/width-%/B-fast: tests/B-fast.c $(B)/width-%/toolkit.o
	$(WIDTH_LINK)
$(B)/width-%/01-toolkit: tests/01-toolkit.c $(B)/width-%/toolkit.o
	$(WIDTH_LINK)
WIDTH_BINS := $(foreach w,$(WIDTHS),$(B)/width-$w/B-fast \
                $(B)/width-$w/01-toolkit)

# ---- the layers: scripts/check-layers on its own fake tree, where
# it must catch each kind of upward use, then on tangled/ (part of
# make test)
check-layers:
	tests/check-layers
	scripts/check-layers $(MODULES)

# Each test program's run is a target of its own, RUN_TEST: make
# starts it as soon as the program is built, on a core the compiles
# leave free, and writes its report to runs/PATH.log and its exit
# status to runs/PATH.rc in the build's folder (PATH the program's
# path in that folder). scripts/test-report then prints the reports
# whole, in order. The programs' bad-input tests come first: they
# take longest (they run the programs, about 350 times).
RUN_TEST = @mkdir -p $(@D); $1 $< > $@ 2>&1 \
             && echo 0 > $(@:.log=.rc) || echo $$? > $(@:.log=.rc)
$(B)/runs/%.log: $(B)/% FORCE
	$(call RUN_TEST,BIN_DIR=$(B)/bin)
FIRST_TEST := $(B)/tests/programs
TEST_ORDER := $(FIRST_TEST) $(filter-out $(FIRST_TEST),$(TEST_BINS)) \
              $(WIDTH_BINS) $(STUB_BINS)
test: deps-test check-layers
	@$(MAKE) --no-print-directory -j$$(nproc) \
	  $(patsubst $(B)/%,$(B)/runs/%.log,$(TEST_ORDER))
	@scripts/test-report $(B) $(filter-out $(STUB_BINS),$(TEST_ORDER)) \
	  $(addprefix !,$(STUB_BINS))

# ---- 64-bit ARM: make cross-test -----------------------------------
# The library, the kernels' tests and the gradient checks, built for
# aarch64 (NEON: the 8 x 3 tile) by Debian's cross compiler and run
# under qemu-user. scripts/cross-sysroot fetches cmocka's and zlib's
# arm64 libraries into build/cross/ without touching the system's
# packages. Chapter 10's tests (its kernels, their gradients, the IDX
# reader) add about 15 s of processor time under qemu.
CROSS       := build/cross
CROSS_CC    := aarch64-linux-gnu-gcc
CROSS_LIBS  := $(CROSS)/sysroot/usr/lib/aarch64-linux-gnu
CROSS_FLAGS := $(filter-out -march=%,$(CFLAGS)) -DREAL_DOUBLE
CROSS_TESTS := 01-toolkit B-fast 03-bottleneck 04-attention \
               07-transformer 10-captions
$(CROSS)/obj/%.o: tangled/%.c $(MODULES:%=tangled/%.h)
	@mkdir -p $(@D)
	$(CROSS_CC) $(CROSS_FLAGS) -c $< -o $@
$(CROSS)/libam.a: $(MODULES:%=$(CROSS)/obj/%.o)
	aarch64-linux-gnu-ar rcs $@ $^
$(CROSS_LIBS)/libcmocka.so: scripts/cross-sysroot
	scripts/cross-sysroot $(CROSS)
$(CROSS)/tests/%: tests/%.c $(CROSS)/libam.a $(CROSS_LIBS)/libcmocka.so
	@mkdir -p $(@D)
	$(CROSS_CC) $(CROSS_FLAGS) $< $(CROSS)/libam.a -o $@ \
	  -L$(CROSS_LIBS) -lcmocka -lz -lm -pthread
$(CROSS)/runs/%.log: $(CROSS)/% FORCE
	$(call RUN_TEST,QEMU_LD_PREFIX=/usr/aarch64-linux-gnu \
	  LD_LIBRARY_PATH=$(CURDIR)/$(CROSS_LIBS) qemu-aarch64)
cross-test: deps-cross
	@$(MAKE) --no-print-directory -j$$(nproc) \
	  $(CROSS_TESTS:%=$(CROSS)/runs/tests/%.log)
	@scripts/test-report $(CROSS) $(CROSS_TESTS:%=$(CROSS)/tests/%)
deps-cross:
	@CC='$(CC)' scripts/deps cross

# the tests under the sanitizers, in a folder of their own
# LeakSanitizer is off: a program refusing its input exits at once
# and leaves its allocations to the system, which is not a leak.
sanitize: deps-test
	ASAN_OPTIONS=detect_leaks=0 $(MAKE) --no-print-directory test \
	  OPT="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"

# ---- fuzzing the checkpoint loader (chapter 8); not part of test ---
# make fuzz FUZZ_SECONDS=300 runs longer; inputs that crash land in
# build/fuzz/found/.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_SRC     := $(MODULES:%=tangled/%.c)
build/fuzz/checkpoint: tests/fuzz/checkpoint.c $(FUZZ_SRC) \
		$(MODULES:%=tangled/%.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Itangled \
	  -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined $< $(FUZZ_SRC) -o $@ -lm -lz
build/fuzz/seeds: tests/fuzz/seeds.c $(B)/float/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< $(B)/float/libam.a -o $@ $(LDLIBS)
# the IDX reader of chapter 10: make fuzz-idx
build/fuzz/idx: tests/fuzz/idx.c $(FUZZ_SRC) $(MODULES:%=tangled/%.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Itangled \
	  -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined $< $(FUZZ_SRC) -o $@ -lm -lz
fuzz-idx: deps-test deps-fuzz build/fuzz/idx
	@mkdir -p build/fuzz/idx-corpus build/fuzz/found
	tests/fuzz/idx-seeds.sh build/fuzz/idx-corpus
	build/fuzz/idx -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -rss_limit_mb=2048 -artifact_prefix=build/fuzz/found/ \
	  build/fuzz/idx-corpus
fuzz: deps-test deps-fuzz build/fuzz/checkpoint build/fuzz/seeds
	@mkdir -p build/fuzz/corpus build/fuzz/found
	build/fuzz/seeds build/fuzz/corpus
	build/fuzz/checkpoint -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=131072 -rss_limit_mb=2048 \
	  -artifact_prefix=build/fuzz/found/ build/fuzz/corpus

# ---- exercises: make exercise EX=N.M -----------------------------
# A coded exercise has a check in tests/exercises/; a paper or an
# experiment exercise has only its worked answer in the book.
ifneq ($(words $(EX))$(filter $(EX),$(EXERCISES)),1$(strip $(EX)))
exercise: deps-test
	@case $$(scripts/exercise-kind '$(EX)') in \
	  Paper) what="a paper exercise";; \
	  Experiment) what="an experiment, run with the programs";; \
	  "") what="";; *) what="not checked by a program";; esac; \
	if [ -n "$$what" ]; then \
	  echo "exercise $(EX) is $$what: nothing to compile;" \
	       "its answer is in the appendix \"Solutions\" of book.pdf"; \
	  exit 0; fi; \
	[ -z "$(EX)" ] || \
	  echo "exercise: the book has no exercise '$(EX)'" >&2; \
	echo "the coded exercises, which make exercise checks, are:" \
	     "$(EXERCISES)" >&2; \
	echo "usage: make exercise EX=N.M" >&2; exit 2
else
# the check linked with the reader's file of exercises/: the binary
# that make test runs against the untouched stub
exercise: deps-test $(B)/ex/$(EX)-stub
	$(B)/ex/$(EX)-stub
endif

# ---- the book ------------------------------------------------------
# Experiments write build/gen/ (data and LaTeX tables); gnuplot
# scripts in figures/ turn data into build/fig/NAME.tex + NAME.pdf.
# The longest experiments come first, so that make -j starts them
# first: the length sweep is about half of the build's work.
GEN  := build/gen/sweep.dat build/gen/ablation-table.tex \
        build/gen/tstudy-table.tex build/gen/schedule-table.tex \
        build/gen/schedule.dat build/gen/schedule-1.dat \
        build/gen/schedule-8.dat build/gen/loss-floor.tex \
        build/gen/attention-example.tex \
        build/gen/task-samples.tex build/gen/task-stats.tex \
        build/gen/train-none.txt build/gen/shapes.tex \
        build/gen/heatmap-reader.txt \
        build/gen/train-small-summary.tex \
        build/gen/train-small-long-summary.tex \
        build/gen/ablation-small-answer.tex \
        build/gen/ablation-tests.tex build/gen/align-tests.tex \
        build/gen/scale.dat build/gen/scale-dk64.tex \
        build/gen/counts-table.tex build/gen/padding-count.tex \
        build/gen/masks.tex build/gen/positions.dat \
        build/gen/bench-mha.txt \
        build/gen/beam-table.tex build/gen/beam-summary.tex \
        build/gen/beam-cache.tex build/gen/translate-session.txt build/gen/translate-heatmap.txt \
        build/gen/ckpt-size.tex build/gen/translate-heatmap-t.txt \
        build/gen/bench-decode.txt build/gen/translate-input.txt
# chapter 7, part 2: the Transformer's variants, heads and maps
TSTUDY := build/gen/tstudy-table.tex build/gen/tstudy-heads-table.tex \
        build/gen/tstudy-tests.tex \
        build/gen/tstudy-seeds.tex build/gen/tstudy-val.dat \
        build/gen/tstudy-curves.dat \
        $(foreach v,params heads blind spikes nopos noscale onehead onehead-noscale \
          wideheads postnorm postnorm-warmup \
          warmup paper,build/gen/tstudy-$v.tex) \
        $(foreach k,head1 head2 head3 head4 self,\
          $(addprefix build/gen/heatmap-t-$k,.dat .gpi))
GEN  += $(TSTUDY) build/gen/bench-models.tex \
        build/gen/bench-models-words.tex
# chapter 7: the Transformer at 1, 2, 4 and 6 layers a side
DEPTH := build/gen/depth-table.tex build/gen/depth-summary.tex \
        build/gen/depth-tests.tex
GEN  += $(DEPTH)
GEN  += build/gen/bench-roofline.tex build/gen/bench-steps.tex \
        build/gen/tile-shapes.tex \
        build/gen/bench-peak.txt build/gen/bench-cpu.tex
# the tests the chapters show (scripts/show-test), and the tables of
# every gradient check of chapters 3 and 4 (scripts/gradcheck-table)
WOVEN_TESTS := test_grad_check_catches_a_wrong_gradient \
        test_the_reversal_links_are_the_anti_diagonal \
        test_one_to_many_and_unaligned_words_are_scored_as_stated \
        test_a_fully_masked_row_gives_finite_weights \
        test_same_seed_gives_the_same_training \
        test_chance_matches_a_brute_force_count \
        test_unscaled_one_head_attention_is_chapter_4s_dot_attention \
        test_a_gru_step_follows_cho_et_al \
        test_one_sentence_is_the_cats_and_its_adjective_decides \
        test_entropy_is_zero_one_hot_and_log_n_uniform
GEN  += $(WOVEN_TESTS:%=build/gen/%.tex) \
        build/gen/gradcheck-03-bottleneck.tex \
        build/gen/gradcheck-04-attention.tex \
        build/gen/gradcheck-11-documents.tex
FIGS := $(patsubst figures/%.gp,build/fig/%.tex,\
          $(filter-out figures/heatmap.gp figures/caption-map.gp,\
            $(wildcard figures/*.gp))) \
        $(foreach k,dot general additive,build/fig/heatmap-$k.tex) \
        $(foreach k,head1 self,build/fig/heatmap-t-$k.tex) \
        build/fig/heatmap-long-dot.tex

build/gen/schedule.dat: build/bin/schedule
	@mkdir -p $(@D)
	build/bin/schedule > $@
build/gen/schedule-%.dat: build/bin/schedule
	@mkdir -p $(@D)
	build/bin/schedule --warmup-epochs $* --floor 5e-5 > $@

build/gen/attention-example.tex: build/bin/attention-example
	build/bin/attention-example > $@
build/gen/loss-floor.tex: build/bin/loss-floor
	@mkdir -p $(@D)
	build/bin/loss-floor --vocab 21 --smoothing 0.1 > $@
build/gen/loss-floor-10.tex: build/bin/loss-floor
	@mkdir -p $(@D)
	build/bin/loss-floor --vocab 21 --smoothing 0.1 --digits 10 > $@

build/gen/task-samples.tex build/gen/task-stats.tex &: \
		build/bin/task-samples
	@mkdir -p $(@D)
	build/bin/task-samples --stats build/gen/task-stats.tex \
	  > build/gen/task-samples.tex

build/gen/train-none.txt build/gen/train-none-summary.tex &: \
		build/bin/train
	@mkdir -p $(@D)
	build/bin/train --summary build/gen/train-none-summary.tex \
	  > build/gen/train-none.txt
# exercises 3.5 and 5.4: their answers, measured
build/gen/train-small-summary.tex: build/bin/train
	@mkdir -p $(@D)
	build/bin/train --hidden 16 --embed 16 --summary $@ > /dev/null
build/gen/train-small-long-summary.tex: build/bin/train
	@mkdir -p $(@D)
	build/bin/train --hidden 16 --embed 16 --max-words 10 \
	  --summary $@ > /dev/null
build/gen/ablation-small-answer.tex: build/bin/ablation
	@mkdir -p $(@D)
	build/bin/ablation --configs none,dot --hidden 16 --embed 16 \
	  --seeds 3 --summary $@ > /dev/null
build/gen/shapes.tex: build/bin/shapes
	@mkdir -p $(@D)
	build/bin/shapes > $@
SWEEP_MODELS := none:32,none:64,none:128,dot:64,general:64,additive:64,$\
                transformer:64,none+Wc:64
# it also saves its first seed's models (chapter 8 decodes two), and
# writes chapter 5's table of the long sentences, its tests and the
# data of two figures (the -later twin is chapter 7's)
comma := ,
LONG := $(foreach m,$(subst :,-,$(subst $(comma), ,$(SWEEP_MODELS))),\
          build/gen/long-$m.ckpt)
SWEEP_TABLES := $(foreach f,table.tex table-later.tex tests.tex \
                  align.dat errors.dat align-said.tex errors-said.tex,\
                  build/gen/sweep-$f)
GEN += $(SWEEP_TABLES)
build/gen/sweep.dat build/gen/sweep-summary-none.tex \
build/gen/sweep-summary-attention.tex build/gen/sweep-summary-later.tex \
$(SWEEP_TABLES) $(LONG) &: build/bin/sweep
	@mkdir -p $(@D)
	build/bin/sweep --models $(SWEEP_MODELS) --save build/gen/long \
	  --later transformer --tables build/gen/sweep \
	  --summary build/gen/sweep-summary > build/gen/sweep.dat
# chapter 6: where the sweep's dot model (first seed, 3-20 words)
# goes wrong, on the first long sentence with a repeat it gets wrong
LONG_MAP := $(addprefix build/gen/heatmap-long-dot,.dat .gpi \
              -lines.tex -said.tex)
GEN += $(LONG_MAP)
$(LONG_MAP) &: build/bin/heatmap build/gen/long-dot-64.ckpt
	build/bin/heatmap --model build/gen/long-dot-64.ckpt \
	  --first-error 15 --files build/gen/heatmap-long-dot > /dev/null
HEATMAPS := $(foreach k,dot general additive,\
              $(addprefix build/gen/heatmap-$k,.dat .gpi .txt))
# the Transformer's rows go to the -later twins, for chapter 7
ABLATION_LATER := $(foreach f,ablation-table \
                    ablation-tests align-table align-summary \
                    align-timing align-tests,\
                    build/gen/$f-later.tex)
GEN += $(ABLATION_LATER) build/gen/sweep-summary-later.tex
build/gen/ablation-table.tex build/gen/ablation-curves.dat \
build/gen/ablation-summary.tex build/gen/ablation-seeds.tex \
build/gen/ablation-tests.tex build/gen/align-tests.tex \
build/gen/align-table.tex \
build/gen/align-curves.dat build/gen/align-summary.tex \
build/gen/align-timing.tex $(ABLATION_LATER) $(HEATMAPS) &: \
		build/bin/ablation
	@mkdir -p $(@D)
	build/bin/ablation --table build/gen/ablation-table.tex \
	  --configs none,none+Wc,dot,general,additive,transformer \
	  --later transformer \
	  --curves build/gen/ablation-curves.dat \
	  --summary build/gen/ablation-summary.tex \
	  --tests build/gen/ablation-tests.tex \
	  --seeds-answer build/gen/ablation-seeds.tex \
	  --align-table build/gen/align-table.tex \
	  --align-curves build/gen/align-curves.dat \
	  --align-summary build/gen/align-summary.tex \
	  --align-timing build/gen/align-timing.tex \
	  --align-tests build/gen/align-tests.tex \
	  --heatmaps build/gen/heatmap
# appendix B's study of tile shapes: bench built once per shape,
# ROWSxVECS, each timing its own tile (bench --tile-row). Its own
# toolkit.c comes before the library, so the linker takes none of
# the library's toolkit.o (every symbol of it is already defined).
TILE_SHAPES := 4x2 6x2 8x2 12x2 4x3 8x3 8x4
build/gen/bench.txt build/gen/bench-roofline.tex \
build/gen/bench-steps.tex build/gen/bench-models.tex \
build/gen/bench-models-words.tex build/gen/tile-shapes.tex &: \
		build/bin/bench $(TILE_SHAPES:%=$(B)/tile-%/bench)
	@mkdir -p $(@D)
	build/bin/bench --epochs 2 --roofline build/gen/bench-roofline.tex \
	  --steps build/gen/bench-steps.tex \
	  --models build/gen/bench-models.tex \
	  --models-words build/gen/bench-models-words.tex \
	  > build/gen/bench.txt
	for s in $(TILE_SHAPES); do \
	  $(B)/tile-$$s/bench --tile-row $(B)/tile-$$s/row.tex || exit 1; \
	done
	{ printf '%s\n' '\begin{tabular}{lrrrr}' '\toprule' \
	    '& & registers & \multicolumn{2}{c}{GFLOP/s (range)} \\' \
	    '\cmidrule(l){4-5}' \
	    'tile & sums & needed & 64 rows & 8 rows \\' '\midrule'; \
	  cat $(TILE_SHAPES:%=$(B)/tile-%/row.tex); \
	  printf '%s\n' '\bottomrule' '\end{tabular}'; \
	} > build/gen/tile-shapes.tmp
	mv build/gen/tile-shapes.tmp build/gen/tile-shapes.tex
$(B)/tile-%/bench: tangled/bench.c tangled/toolkit.c tangled/toolkit.h \
		$(B)/float/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DSTUDY_ROWS=$(word 1,$(subst x, ,$*)) \
	  -DSTUDY_VECS=$(word 2,$(subst x, ,$*)) tangled/bench.c \
	  tangled/toolkit.c $(B)/float/libam.a -o $@ $(LDLIBS)
# the processor's name as /proc/cpuinfo gives it (x86), or unknown
build/gen/bench-peak.txt: build/gen/bench.txt
	{ cpu=$$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' \
	    /proc/cpuinfo 2>/dev/null | head -n 1); \
	  echo "processor: $${cpu:-unknown}"; \
	  grep -E '^(vector registers|best of|peak|clock|latency|fused)' $<; } > $@.tmp
	mv $@.tmp $@
# the processor's name as a macro for captions, TeX's specials dropped
build/gen/bench-cpu.tex: build/gen/bench-peak.txt
	{ printf '\\newcommand{\\benchProcessor}{'; \
	  sed -n 's/^processor: //p' $< | tr -d '\\&%$$#_{}~^\n'; \
	  printf '}%%\n'; } > $@.tmp
	mv $@.tmp $@
# chapter 7: the scale sweep, the counts, the benchmark's line
build/gen/scale.dat build/gen/scale-summary.tex build/gen/scale-intro.tex \
build/gen/scale-trials.tex build/gen/scale-dk64.tex &: build/bin/scale-sweep
	@mkdir -p $(@D)
	build/bin/scale-sweep --summary build/gen/scale > build/gen/scale.dat
$(TSTUDY) &: build/bin/transformer-study
	@mkdir -p $(@D)
	build/bin/transformer-study --seeds 5 \
	  --table build/gen/tstudy-table.tex \
	  --seeds-table build/gen/tstudy-seeds.tex \
	  --val-curves build/gen/tstudy-val.dat \
	  --heads-table build/gen/tstudy-heads-table.tex \
	  --tests build/gen/tstudy-tests.tex \
	  --head-curves build/gen/tstudy-curves.dat \
	  --heatmaps build/gen/heatmap-t --summary build/gen/tstudy
$(DEPTH) &: build/bin/depth-study
	@mkdir -p $(@D)
	build/bin/depth-study --table build/gen/depth-table.tex \
	  --summary build/gen/depth-summary.tex \
	  --tests build/gen/depth-tests.tex
build/gen/bench-han.txt: build/gen/bench.txt
	grep -E '^(medians|best of|peak, fused|train han)' build/gen/bench.txt > $@
GEN += build/gen/bench-han.txt
build/gen/masks.tex build/gen/positions.dat &: build/bin/attn-pictures
	@mkdir -p $(@D)
	build/bin/attn-pictures --masks build/gen/masks.tex \
	  --positions build/gen/positions.dat
build/gen/counts-table.tex: build/bin/attn-counts
	@mkdir -p $(@D)
	build/bin/attn-counts > $@
build/gen/padding-count.tex: build/bin/padding-count
	@mkdir -p $(@D)
	build/bin/padding-count > $@
build/gen/bench-decode.txt: build/gen/bench.txt
	grep -E '^decode' build/gen/bench.txt > $@
build/gen/bench-mha.txt: build/gen/bench.txt
	grep -E '^(best of|peak, fused|matmul |mha|    \()' build/gen/bench.txt \
	  > $@
build/gen/heatmap-reader.txt: build/bin/heatmap
	@mkdir -p $(@D)
	build/bin/heatmap --attention additive \
	  --sentence "the old man sees a fish" > $@
build/gen/schedule-table.tex build/gen/schedule-tests.tex &: \
		build/bin/ablation
	@mkdir -p $(@D)
	build/bin/ablation --configs none,dot --seeds 3 \
	  --schedules 0/1,1/0.01,8/0.01 --table build/gen/schedule-table.tex \
	  --tests build/gen/schedule-tests.tex

# chapter 8: checkpoints saved by train, then loaded by translate
# and beam-table. The long models are the length sweep's (above).
build/gen/recipe-dot.ckpt: build/bin/train
	@mkdir -p $(@D)
	build/bin/train --attention dot --save $@ \
	  > build/gen/train-recipe-dot.txt
# chapter 4's own result: the last line of each of the two logs
build/gen/attention-result.txt: build/gen/train-none.txt \
		build/gen/recipe-dot.ckpt
	{ printf 'no attention:  '; sed -n 's/^# validation: //p' \
	    build/gen/train-none.txt; printf 'dot attention: '; \
	  sed -n 's/^# validation: //p' build/gen/train-recipe-dot.txt; \
	} > $@.tmp && mv $@.tmp $@
GEN += build/gen/attention-result.txt
BEAM_LIST := build/gen/long-none-64.ckpt,build/gen/long-dot-64.ckpt,$\
             build/gen/long-transformer-64.ckpt
BEAM_MODELS := $(subst $(comma), ,$(BEAM_LIST))
build/gen/beam-table.tex build/gen/beam-summary.tex \
build/gen/beam-cache.tex &: build/bin/beam-table $(BEAM_MODELS)
	build/bin/beam-table \
	  --models $(BEAM_LIST) \
	  --table build/gen/beam-table.tex \
	  --summary build/gen/beam-summary.tex \
	  --cache build/gen/beam-cache.tex
# a session with refused lines: translate exits 2, which is kept
TRANSLATE := build/bin/translate --model build/gen/recipe-dot.ckpt
build/gen/translate-input.txt:
	@mkdir -p $(@D)
	printf '%s\n' 'the big dog sees a cat' \
	  'a small child finds the old fish' 'the red bird eats' \
	  'The cat eats' 'the cat eats a zebra' > $@
build/gen/translate-session.txt: build/bin/translate \
		build/gen/recipe-dot.ckpt build/gen/translate-input.txt
	status=0; $(TRANSLATE) --beam 4 < build/gen/translate-input.txt \
	  > $@ 2>&1 || status=$$?; \
	  echo "(exit status $$status)" >> $@
build/gen/translate-heatmap.txt: build/bin/translate \
		build/gen/recipe-dot.ckpt
	$(TRANSLATE) --heatmap --sentence 'the woman wants a big dog' > $@
# chapter 6: where the length sweep's dot model looks
build/gen/heatmap-long-dot.txt: build/bin/translate \
		build/gen/long-dot-64.ckpt
	build/bin/translate --model build/gen/long-dot-64.ckpt --heatmap \
	  --sentence 'the old man sees a small fish' > $@
GEN += build/gen/heatmap-long-dot.txt
# the Transformer as a checkpoint (family 2), translated with a beam
build/gen/recipe-transformer.ckpt: build/bin/train
	@mkdir -p $(@D)
	build/bin/train --attention transformer --save $@ \
	  > build/gen/train-recipe-transformer.txt
build/gen/translate-heatmap-t.txt: build/bin/translate \
		build/gen/recipe-transformer.ckpt
	build/bin/translate --model build/gen/recipe-transformer.ckpt \
	  --beam 4 --heatmap --sentence 'the woman wants a big dog' > $@
build/gen/ckpt-size.tex: build/gen/recipe-dot.ckpt
	bytes=$$(wc -c < $<); params=$$(sed -n \
	  's/.*, \([0-9]*\) parameters.*/\1/p' \
	  build/gen/train-recipe-dot.txt); \
	echo "The build's checkpoint of the recipe's model with dot" \
	  "attention has $$bytes bytes: $$params parameters of 4 bytes" \
	  "each, and $$((bytes - 4 * params)) bytes of header, tensor" \
	  "table and checksum." > $@

# exercise 8.5's answer: the length penalty, seen in the lengths of
# long translations by the model without attention, at three alphas.
# The sentences are the lexicon's words in a fixed arithmetic order
# (no random numbers: awk's differ between implementations).
build/gen/alpha-input.txt:
	@mkdir -p $(@D)
	awk 'BEGIN { split("a big bird cat child dog eats finds fish man" \
	  " old red sees small the wants woman", w, " "); \
	  for (i = 1; i <= 100; i++) { n = 15 + i % 6; s = ""; \
	    for (j = 1; j <= n; j++) \
	      s = s (j > 1 ? " " : "") \
	          w[1 + (3 * i * i + j * (5 + i % 11)) % 17]; \
	    print s } }' > $@
build/gen/alpha-lengths.tex: build/bin/translate \
		build/gen/long-none-64.ckpt build/gen/alpha-input.txt
	for a in 0 0.6 2; do \
	  build/bin/translate --model build/gen/long-none-64.ckpt \
	    --beam 8 --alpha $$a < build/gen/alpha-input.txt \
	    > build/gen/alpha-$$a.txt 2> build/gen/alpha-$$a.err; \
	done; \
	w() { wc -w < build/gen/alpha-$$1.txt; }; \
	c() { grep -c 'no <eos>' build/gen/alpha-$$1.err || true; }; \
	echo "On the 100 sentences of 15 to 20 words" \
	  "($$(wc -w < build/gen/alpha-input.txt) words in all) the" \
	  "model without attention, decoded with \$$k = 8\$$, wrote" \
	  "$$(w 0) words at \$$\\alpha = 0\$$, $$(w 0.6) at" \
	  "\$$\\alpha = 0.6\$$ and $$(w 2) at \$$\\alpha = 2\$$;" \
	  "$$(if [ $$(( $$(c 0) + $$(c 0.6) + $$(c 2) )) = 0 ]; \
	      then echo no translation; \
	      else echo $$(c 0), $$(c 0.6) and $$(c 2) translations; \
	      fi) reached the step limit without \\texttt{<eos>}." > $@
GEN += build/gen/alpha-lengths.tex
# chapter 9: every family on the English-to-Spanish task
SPANISH := build/gen/spanish-table.tex build/gen/spanish-phenomena.tex \
        build/gen/spanish-phenomena-tests.tex \
        build/gen/spanish-tests.tex \
        build/gen/spanish-heads.tex build/gen/spanish-heads-said.tex \
        build/gen/spanish-sweep.tex \
        build/gen/spanish-curves.dat \
        build/gen/spanish-thresholds.dat build/gen/spanish-summary.tex \
        $(foreach m,dot additive transformer,$(foreach k,1 2 3,\
          $(addprefix build/gen/heatmap-es-$m-$k,.dat .gpi)))
GEN += $(SPANISH)
FIGS += $(foreach m,dot additive transformer,$(foreach k,1 2 3,\
          build/fig/heatmap-es-$m-$k.tex))
$(SPANISH) &: build/bin/spanish-study
	@mkdir -p $(@D)
	build/bin/spanish-study --table build/gen/spanish-table.tex \
	  --phenomena build/gen/spanish-phenomena.tex \
	  --phenomena-tests build/gen/spanish-phenomena-tests.tex \
	  --tests build/gen/spanish-tests.tex \
	  --heads build/gen/spanish-heads.tex \
	  --heads-said build/gen/spanish-heads-said.tex \
	  --sweep build/gen/spanish-sweep.tex \
	  --curves build/gen/spanish-curves.dat \
	  --thresholds build/gen/spanish-thresholds.dat \
	  --summary build/gen/spanish-summary.tex \
	  --heatmaps build/gen/heatmap-es
build/fig/heatmap-es-%.tex: figures/heatmap.gp build/gen/heatmap-es-%.dat
	@mkdir -p $(@D)
	gnuplot -c figures/heatmap.gp es-$* \
	  '$(subst transformer,Transformer$(comma) best head,$(firstword $(subst -, ,$*)))' \
	  $(if $(filter dot-%,$*),'4.8cm$(comma)5.6cm','3.7cm$(comma)5.6cm') '' nolabels \
	  $(if $(filter dot-%,$*),bare,bare-noy)
build/fig/spanish-curves.tex: build/gen/spanish-curves.dat \
		build/gen/spanish-thresholds.dat
# the grammar's Spanish against Apertium's (apertium-eng-spa)
APERTIUM := build/gen/apertium-table.tex build/gen/apertium-summary.tex
GEN += $(APERTIUM)
build/gen/apertium-english.txt: build/bin/spanish-apertium
	@mkdir -p $(@D)
	build/bin/spanish-apertium --english $@
build/gen/apertium-spanish.txt: build/gen/apertium-english.txt
	apertium eng-spa $< $@
$(APERTIUM) &: build/bin/spanish-apertium build/gen/apertium-spanish.txt
	build/bin/spanish-apertium --apertium build/gen/apertium-spanish.txt \
	  --table build/gen/apertium-table.tex \
	  --summary build/gen/apertium-summary.tex
# chapter 11: the hierarchical classifier's ablation, evidence, length
# sweep and shaded document (about 20 s of processor time)
HAN := build/gen/han-table.tex build/gen/han-curves.dat \
        build/gen/han-sweep.dat build/gen/han-summary.tex \
        build/gen/han-document.tex build/gen/han-terminal.txt \
        build/gen/han.ckpt
GEN += $(HAN) build/gen/classify-session.txt
$(HAN) &: build/bin/han-study
	@mkdir -p $(@D)
	build/bin/han-study --table build/gen/han-table.tex \
	  --curves build/gen/han-curves.dat --sweep build/gen/han-sweep.dat \
	  --summary build/gen/han-summary.tex \
	  --document build/gen/han-document.tex \
	  --terminal build/gen/han-terminal.txt --save build/gen/han.ckpt
# a session with refused lines: classify exits 2, which is kept
build/gen/classify-input.txt:
	@mkdir -p $(@D)
	printf '%s\n' 'the dog is tiny . a huge cat sleeps . the small goat chases a cow .' \
	  'a little cat runs . the big horse sees a mouse .' \
	  'the cat is enormous .' 'the cat . . is big .' > $@
build/gen/classify-session.txt: build/bin/classify build/gen/han.ckpt \
		build/gen/classify-input.txt
	status=0; build/bin/classify --model build/gen/han.ckpt \
	  < build/gen/classify-input.txt > $@ 2>&1 || status=$$?; \
	  echo "(exit status $$status)" >> $@
build/fig/han-evidence.tex: build/gen/han-curves.dat
build/fig/han-sweep.tex: build/gen/han-sweep.dat
SPANISH_TESTS := test_a_possessive_swaps_and_del_links_twice \
        test_aer_of_the_worked_example test_bleu_of_the_papers_examples \
        test_chrf_of_the_worked_examples
GEN += $(SPANISH_TESTS:%=build/gen/%.tex)

# chapter 10: captioners on scenes of Fashion-MNIST (Debian's
# dataset-fashion-mnist); the maps of two scenes, a row each
CAPTIONS := build/gen/caption-table.tex build/gen/caption-items.dat \
        build/gen/caption-summary.tex build/gen/caption-tests.tex \
        build/gen/caption-maps.txt \
        $(foreach k,1 2,$(addprefix build/gen/caption-map-$k,\
          -scene.dat -maps.dat .gpi))
GEN += $(CAPTIONS) build/gen/gradcheck-10-captions.tex \
       build/gen/bench-conv.txt
FIGS += build/fig/caption-map-1.tex build/fig/caption-map-2.tex
CAPTION_CONFIGS := none,dot,general,additive,dot/l=1,additive/l=0.1,$\
        additive/l=1,additive/l=10,additive/nopos,additive/patch
$(CAPTIONS) &: build/bin/caption-study
	@mkdir -p $(@D)
	build/bin/caption-study --configs $(CAPTION_CONFIGS) \
	  --table build/gen/caption-table.tex \
	  --items build/gen/caption-items.dat \
	  --summary build/gen/caption-summary.tex \
	  --tests build/gen/caption-tests.tex \
	  --figure build/gen/caption-map --text build/gen/caption-maps.txt
build/fig/caption-map-%.tex: figures/caption-map.gp \
		build/gen/caption-map-%-scene.dat \
		build/gen/caption-map-%-maps.dat build/gen/caption-map-%.gpi
	@mkdir -p $(@D)
	gnuplot -c figures/caption-map.gp $*
build/fig/caption-items.tex: build/gen/caption-items.dat
build/fig/caption-scene.tex: build/gen/caption-map-1-scene.dat \
		build/gen/caption-map-1.gpi
GEN += build/gen/caption-session.txt
build/gen/caption-session.txt: build/bin/caption
	@mkdir -p $(@D)
	build/bin/caption --items 2:10,4:20,6:30 > $@
build/gen/bench-conv.txt: build/gen/bench.txt
	grep -E '^(best of|peak, fused|conv)' build/gen/bench.txt \
	  | sed 's/^conv network, //' > $@
GEN += build/gen/test_a_missing_package_is_named_with_its_command.tex

# the pairs of flipped bits in that checkpoint (solution 8.4)
GEN += build/gen/ckpt-pairs.tex

# the preface's table of the library's layers, from the uses the check
# finds (an upward use fails it, so the book never draws one)
GEN += build/gen/layers.tex
build/gen/layers.tex: scripts/check-layers \
		$(foreach m,$(MODULES),tangled/$m.h tangled/$m.c)
	@mkdir -p $(@D)
	scripts/check-layers --tex $@ $(MODULES)

# the preface's count of those modules, from the same list
GEN += build/gen/module-count.tex
build/gen/module-count.tex: Makefile
	@mkdir -p $(@D)
	echo '$(words $(MODULES))%' > $@

# appendix A prints each program's --help, as the program answers it
GEN += $(PROGRAMS:%=build/gen/help-%.txt)
build/gen/help-%.txt: build/bin/%
	@mkdir -p $(@D)
	build/bin/$* --help > $@
# as the book prints it: the Transformer's options under train only,
# long lines broken
GEN += $(PROGRAMS:%=build/gen/help-book-%.txt)
build/gen/help-book-%.txt: build/gen/help-%.txt scripts/book-help
	scripts/book-help $* < $< > $@

# bench times on an idle machine: it runs alone, after every other
# experiment and figure (the book waits for it)
BENCH_OUT := build/gen/bench.txt build/gen/bench-roofline.tex \
        build/gen/bench-steps.tex build/gen/bench-peak.txt \
        build/gen/bench-cpu.tex \
        build/gen/bench-models.tex build/gen/bench-models-words.tex \
        build/gen/bench-decode.txt \
        build/gen/bench-mha.txt build/gen/bench-conv.txt \
        build/gen/bench-han.txt build/gen/tile-shapes.tex
build/gen/bench.txt build/gen/bench-roofline.tex \
build/gen/bench-steps.tex build/gen/bench-models.tex \
build/gen/bench-models-words.tex build/gen/tile-shapes.tex: | $(filter-out $(BENCH_OUT),$(GEN)) \
		$(FIGS) build/tex/chapters.tex
build/gen/ckpt-pairs.tex: build/gen/recipe-dot.ckpt
	n=$$(wc -c < $<); awk -v n=$$n 'BEGIN { p = 4 * n * (8 * n - 1); \
	  e = int(log(p) / log(10)); \
	  printf "for the build'"'"'s checkpoint of the recipe'"'"'s model" \
	    " with dot attention, of $$n = %d$$ bytes, that is" \
	    " $$%.1f \\times 10^{%d}$$ loads of the whole file%%\n", \
	    n, p / 10 ^ e, e }' > $@

build/gen/test_%.tex: scripts/show-test $(wildcard tests/*.c)
	@mkdir -p $(@D)
	scripts/show-test test_$* > $@
build/gen/check_%.tex: scripts/show-test $(wildcard tests/*.c)
	@mkdir -p $(@D)
	scripts/show-test check_$* > $@
build/gen/gradcheck-%.tex: $(B)/tests/% scripts/gradcheck-table
	@mkdir -p $(@D)
	scripts/gradcheck-table $< > $@

# each figure reads the data files its script names
build/fig/schedule.tex: build/gen/schedule.dat build/gen/schedule-1.dat \
                        build/gen/schedule-8.dat
build/fig/sweep.tex build/fig/sweep-attention.tex: build/gen/sweep.dat
build/fig/sweep-align.tex: build/gen/sweep-align.dat
build/fig/sweep-errors.tex: build/gen/sweep-errors.dat
build/fig/curves.tex: build/gen/ablation-curves.dat \
		build/gen/loss-floor-10.tex
build/fig/align-curves.tex: build/gen/align-curves.dat
build/fig/align-entropy.tex: build/gen/align-curves.dat
build/fig/t-ablation.tex: build/gen/ablation-curves.dat \
		build/gen/align-curves.dat build/gen/sweep.dat
build/fig/scale.tex: build/gen/scale.dat
build/fig/positions.tex: build/gen/positions.dat
build/fig/tstudy-curves.tex: build/gen/tstudy-curves.dat
build/fig/tstudy-seeds.tex: build/gen/tstudy-val.dat build/gen/loss-floor.tex
build/fig/attention-result.tex: build/gen/train-none.txt \
		build/gen/recipe-dot.ckpt build/gen/loss-floor.tex
build/fig/heatmap-t-head%.tex: figures/heatmap.gp \
		build/gen/heatmap-t-head%.dat
	@mkdir -p $(@D)
	gnuplot -c figures/heatmap.gp t-head$* 'cross attention, head $*' \
	  '10cm,6.5cm' 'source token'
build/fig/heatmap-t-self.tex: figures/heatmap.gp \
		build/gen/heatmap-t-self.dat
	@mkdir -p $(@D)
	gnuplot -c figures/heatmap.gp t-self \
	  'decoder self attention, mean of the heads' '10cm,6.5cm' \
	  'decoder input token'
build/fig/heatmap-long-dot.tex: figures/heatmap.gp \
		build/gen/heatmap-long-dot.dat
	@mkdir -p $(@D)
	gnuplot -c figures/heatmap.gp long-dot \
	  'dot attention, greedy decoding' '12cm,11cm' 'source token' nolabels
build/fig/heatmap-%.tex: figures/heatmap.gp build/gen/heatmap-%.dat
	@mkdir -p $(@D)
	gnuplot -c figures/heatmap.gp $*
build/fig/%.tex: figures/%.gp
	@mkdir -p $(@D)
	gnuplot $<

# One noweave over all chapters (so chunk references and the index
# cross chapters), split per chapter at noweave's \nwfilename marks
# and between the book and its companion of the programs at the
# chapters' "%% companion" and "%% book" marks;
# build/tex/chapters.tex and build/tex/prog-chapters.tex input the
# pieces in order. Empty hook chunks are left out of both
# (scripts/weave-filter).
# The subject index's entries are added to the woven text from the
# list of terms in scripts/subject-index.terms.
build/tex/chapters.tex build/tex/prog-chapters.tex &: $(CHAPTERS) \
		scripts/split-woven scripts/weave-filter \
		scripts/subject-index scripts/subject-index.terms
	@mkdir -p $(@D)
	rm -rf build/tex/prog
	noweave -n -delay -filter scripts/weave-filter -index \
	  $(CHAPTERS) | scripts/subject-index scripts/subject-index.terms \
	  > build/tex/woven.tex
	scripts/split-woven build/tex/woven.tex build/tex

book: deps-book
	@$(MAKE) --no-print-directory -j$$(nproc) book.pdf
programs: deps-book
	@$(MAKE) --no-print-directory -j$$(nproc) programs.pdf
# bibtex first, from every work in book.bib, so that the first pass
# already reads the bibliography; then pdflatex and makeindex until
# the labels and the subject index settle (the first pass is never
# the last, so it writes no PDF: -draftmode). Each pass also runs
# the companion, programs.tex, in draft mode: the two documents read
# each other's labels (scripts/xref-import), and the passes go on
# until neither document's labels change.
build/tex/book.bbl: book.bib
	@mkdir -p $(@D)
	printf '%s\n' '\citation{*}' '\bibdata{book}' \
	  '\bibstyle{plainnat}' > build/tex/works.aux
	cd build/tex && BIBINPUTS=../..: bibtex -terse works
	mv build/tex/works.bbl $@
PDFLATEX := pdflatex -interaction=nonstopmode -halt-on-error \
            -output-directory build/tex
XREFS := build/tex/book-xref.tex build/tex/programs-xref.tex
book.pdf: book.tex programs.tex preamble.tex build/tex/book.bbl \
		build/tex/chapters.tex build/tex/prog-chapters.tex \
		scripts/xref-import $(GEN) $(FIGS)
	@for i in 1 2 3 4 5 6 7; do \
	  old=$$( (cat $(XREFS) 2>/dev/null || true) | md5sum); \
	  $(PDFLATEX) -draftmode programs.tex > build/tex/pdflatex.out \
	    || { tail -40 build/tex/pdflatex.out; exit 1; }; \
	  scripts/xref-import build/tex/programs.aux \
	    > build/tex/programs-xref.tex; \
	  $(PDFLATEX) $$([ $$i -gt 1 ] || echo -draftmode) book.tex \
	    > build/tex/pdflatex.out \
	    || { tail -40 build/tex/pdflatex.out; exit 1; }; \
	  scripts/xref-import build/tex/book.aux > build/tex/book-xref.tex; \
	  ind=$$( (cat build/tex/book.ind 2>/dev/null || true) | md5sum); \
	  makeindex -q build/tex/book.idx \
	    || { echo "book: makeindex failed" >&2; exit 1; }; \
	  [ $$i -gt 1 ] && [ "$$ind" = "$$(md5sum < build/tex/book.ind)" ] \
	    && [ "$$old" = "$$(cat $(XREFS) | md5sum)" ] || continue; \
	  grep -q 'Rerun to get\|Label(s) may have changed' \
	    build/tex/book.log build/tex/programs.log || break; \
	done
	@scripts/check-citations book.bib build/tex/book.aux \
	  build/tex/book.log
	cp build/tex/book.pdf $@
	@echo "book: $@, $$(pdfinfo $@ | sed -n 's/^Pages: *//p') pages"
# the companion: its labels and the book's settled with book.pdf, so
# one more pass, not in draft mode, typesets it
programs.pdf: book.pdf
	$(PDFLATEX) programs.tex > build/tex/pdflatex.out \
	  || { tail -40 build/tex/pdflatex.out; exit 1; }
	@! grep 'Warning: \(Reference\|Citation\).*undefined' \
	  build/tex/programs.log \
	  || { echo "programs: undefined references" >&2; exit 1; }
	cp build/tex/programs.pdf $@
	@echo "programs: $@, $$(pdfinfo $@ | sed -n 's/^Pages: *//p')" \
	  "pages"

bench: deps-test build/bin/bench
	build/bin/bench

clean-build:
	rm -rf build
clean: clean-build
	rm -f book.pdf programs.pdf

# the README's bare-machine steps, in a fresh minimal Debian 12
# (root, mmdebstrap and a few minutes; see scripts/fresh-machine)
fresh-check:
	scripts/fresh-machine
