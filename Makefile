# The build contract of Attention, Measured (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DELETE_ON_ERROR:
.SUFFIXES:

CC      ?= cc
# -O3 -march=native lets the compiler unroll and vectorize the matmul
# tiles; -fno-math-errno lets it vectorize sqrt (results unchanged:
# sqrt is correctly rounded either way). make sanitize overrides OPT.
OPT     ?= -O3 -march=native -fno-math-errno
CFLAGS  := -std=c11 -Wall -Wextra -Werror -pedantic \
           -D_POSIX_C_SOURCE=200809L $(OPT) -Itangled
LDLIBS  := -lm -lz

# What the chapters tangle into tangled/: library modules (a .h and
# a .c each), programs, and the worked solutions of appendix B.
MODULES   := toolkit task attention seq2seq align checkpoint beam
PROGRAMS  := schedule loss-floor task-samples train shapes sweep \
             ablation heatmap bench translate beam-table
SOLUTIONS := 01-toolkit 02-task 03-bottleneck 04-attention \
             05-ablation 06-alignment 08-using
TANGLED   := $(foreach m,$(MODULES),tangled/$m.h tangled/$m.c) \
             $(PROGRAMS:%=tangled/%.c) \
             $(SOLUTIONS:%=tangled/solutions/%.c)

CHAPTERS  := $(sort $(wildcard chapters/*.nw))
TESTS     := $(basename $(notdir $(wildcard tests/*.c)))
EXERCISES := $(patsubst tests/exercises/ex%.c,%,\
               $(wildcard tests/exercises/ex*.c))

.PHONY: all tangle test book check-tangled deps exercise sanitize \
        bench clean deps-ok fuzz
all: test

deps:
	scripts/deps install
deps-ok:
	@scripts/deps

# ---- tangling ---------------------------------------------------
tangle: deps-ok
	scripts/tangle tangled $(TANGLED)

check-tangled: deps-ok
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	scripts/tangle $$tmp $(TANGLED); \
	if ! diff -r -u tangled $$tmp; then \
	  echo "check-tangled: tangled/ differs from chapters/;" \
	       "run 'make tangle' and commit the result" >&2; exit 1; \
	fi; echo "check-tangled: tangled/ matches chapters/"

# ---- compiling: the library in float and in double ----------------
LIB_OBJ = $(MODULES:%=build/$1/%.o)
build/float/%.o: tangled/%.c $(MODULES:%=tangled/%.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
build/double/%.o: tangled/%.c $(MODULES:%=tangled/%.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DREAL_DOUBLE -c $< -o $@
build/float/libam.a: $(call LIB_OBJ,float)
	ar rcs $@ $^
build/double/libam.a: $(call LIB_OBJ,double)
	ar rcs $@ $^

build/bin/%: tangled/%.c build/float/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< build/float/libam.a -o $@ $(LDLIBS)

# ---- tests: every chapter's tests, in double precision -----------
build/tests/%: tests/%.c $(wildcard tests/*.h) build/double/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DREAL_DOUBLE $< build/double/libam.a \
	  -o $@ -lcmocka $(LDLIBS)

# each exercise check against the worked solution and the stub
build/ex/%-solution: tests/exercises/ex%.c build/double/libam.a \
                     $(wildcard tangled/solutions/*.c)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DREAL_DOUBLE $< \
	  tangled/solutions/0$(firstword $(subst ., ,$*))-*.c \
	  build/double/libam.a -o $@ -lcmocka $(LDLIBS)
build/ex/%-stub: tests/exercises/ex%.c build/double/libam.a \
                 $(wildcard exercises/*.c)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -DREAL_DOUBLE $< \
	  exercises/0$(firstword $(subst ., ,$*))-*.c \
	  build/double/libam.a -o $@ -lcmocka $(LDLIBS)

TEST_BINS := $(TESTS:%=build/tests/%) \
             $(EXERCISES:%=build/ex/%-solution)
STUB_BINS := $(EXERCISES:%=build/ex/%-stub)
# the programs' bad-input tests run the programs themselves
build/tests/programs: $(PROGRAMS:%=build/bin/%)
build/tests/08-using: build/bin/translate build/bin/train
test: deps-ok $(TEST_BINS) $(STUB_BINS)
	scripts/run-tests $(TEST_BINS) $(addprefix !,$(STUB_BINS))

sanitize: deps-ok
	$(MAKE) --no-print-directory clean-build
	$(MAKE) --no-print-directory test \
	  OPT="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
	$(MAKE) --no-print-directory clean-build

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
build/fuzz/seeds: tests/fuzz/seeds.c build/float/libam.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< build/float/libam.a -o $@ $(LDLIBS)
fuzz: deps-ok build/fuzz/checkpoint build/fuzz/seeds
	@mkdir -p build/fuzz/corpus build/fuzz/found
	build/fuzz/seeds build/fuzz/corpus
	build/fuzz/checkpoint -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=4096 -rss_limit_mb=2048 \
	  -artifact_prefix=build/fuzz/found/ build/fuzz/corpus

# ---- exercises: make exercise EX=N.M -----------------------------
exercise: deps-ok
	@if [ -z "$(EX)" ] || [ ! -f tests/exercises/ex$(EX).c ]; then \
	  echo "exercise: no exercise '$(EX)'; the exercises are:" \
	       "$(EXERCISES)" >&2; \
	  echo "usage: make exercise EX=N.M" >&2; exit 2; fi
	@$(MAKE) --no-print-directory build/double/libam.a
	@mkdir -p build/ex
	$(CC) $(CFLAGS) -DREAL_DOUBLE tests/exercises/ex$(EX).c \
	  exercises/0$(firstword $(subst ., ,$(EX)))-*.c \
	  build/double/libam.a -o build/ex/$(EX)-yours -lcmocka $(LDLIBS)
	build/ex/$(EX)-yours

# ---- the book ------------------------------------------------------
# Experiments write build/gen/ (data and LaTeX tables); gnuplot
# scripts in figures/ turn data into build/fig/NAME.tex + NAME.pdf.
GEN  := build/gen/schedule.dat build/gen/schedule-1.dat \
        build/gen/schedule-8.dat build/gen/loss-floor.tex \
        build/gen/task-samples.tex build/gen/task-stats.tex \
        build/gen/train-none.txt build/gen/shapes.tex build/gen/sweep.dat \
        build/gen/ablation-table.tex build/gen/schedule-table.tex \
        build/gen/heatmap-reader.txt build/gen/bench.txt \
        build/gen/beam-table.tex build/gen/beam-summary.tex \
        build/gen/translate-session.txt build/gen/translate-heatmap.txt \
        build/gen/ckpt-size.tex
FIGS := $(patsubst figures/%.gp,build/fig/%.tex,\
          $(filter-out figures/heatmap.gp,$(wildcard figures/*.gp))) \
        $(foreach k,dot general additive,build/fig/heatmap-$k.tex)

build/gen/schedule.dat: build/bin/schedule
	@mkdir -p $(@D)
	build/bin/schedule > $@
build/gen/schedule-%.dat: build/bin/schedule
	@mkdir -p $(@D)
	build/bin/schedule --warmup-epochs $* --floor 5e-5 > $@

build/gen/loss-floor.tex: build/bin/loss-floor
	@mkdir -p $(@D)
	build/bin/loss-floor --vocab 21 --smoothing 0.1 > $@

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
build/gen/shapes.tex: build/bin/shapes
	@mkdir -p $(@D)
	build/bin/shapes > $@
SWEEP_MODELS := none:32,none:64,none:128,dot:64,additive:64
build/gen/sweep.dat build/gen/sweep-summary-none.tex \
build/gen/sweep-summary-attention.tex &: build/bin/sweep
	@mkdir -p $(@D)
	build/bin/sweep --models $(SWEEP_MODELS) \
	  --summary build/gen/sweep-summary > build/gen/sweep.dat
HEATMAPS := $(foreach k,dot general additive,\
              $(addprefix build/gen/heatmap-$k,.dat .gpi .txt))
build/gen/ablation-table.tex build/gen/ablation-curves.dat \
build/gen/ablation-summary.tex build/gen/align-table.tex \
build/gen/align-curves.dat build/gen/align-summary.tex \
build/gen/align-timing.tex $(HEATMAPS) &: build/bin/ablation
	@mkdir -p $(@D)
	build/bin/ablation --table build/gen/ablation-table.tex \
	  --curves build/gen/ablation-curves.dat \
	  --summary build/gen/ablation-summary.tex \
	  --align-table build/gen/align-table.tex \
	  --align-curves build/gen/align-curves.dat \
	  --align-summary build/gen/align-summary.tex \
	  --align-timing build/gen/align-timing.tex \
	  --heatmaps build/gen/heatmap
build/gen/bench.txt: build/bin/bench
	@mkdir -p $(@D)
	build/bin/bench > $@
build/gen/heatmap-reader.txt: build/bin/heatmap
	@mkdir -p $(@D)
	build/bin/heatmap --attention additive \
	  --sentence "the old man sees a fish" > $@
build/gen/schedule-table.tex build/gen/schedule-summary.tex &: \
		build/bin/ablation
	@mkdir -p $(@D)
	build/bin/ablation --configs none,dot --seeds 3 \
	  --schedules 0/1,1/0.01,8/0.01 --table build/gen/schedule-table.tex \
	  --summary build/gen/schedule-summary.tex

# chapter 8: checkpoints saved by train, then loaded by translate
# and beam-table. The long models are the length sweep's.
build/gen/recipe-dot.ckpt: build/bin/train
	@mkdir -p $(@D)
	build/bin/train --attention dot --save $@ \
	  > build/gen/train-recipe-dot.txt
build/gen/long-%.ckpt: build/bin/train
	@mkdir -p $(@D)
	build/bin/train --attention $* --max-words 20 --train-pairs 6000 \
	  --val-pairs 900 --save $@ > build/gen/train-long-$*.txt
build/gen/beam-table.tex build/gen/beam-summary.tex &: \
		build/bin/beam-table build/gen/long-none.ckpt \
		build/gen/long-dot.ckpt
	build/bin/beam-table \
	  --models build/gen/long-none.ckpt,build/gen/long-dot.ckpt \
	  --table build/gen/beam-table.tex \
	  --summary build/gen/beam-summary.tex
# a session with a refused line: translate exits 2, which is kept
TRANSLATE := build/bin/translate --model build/gen/recipe-dot.ckpt
build/gen/translate-session.txt: build/bin/translate \
		build/gen/recipe-dot.ckpt
	status=0; printf '%s\n' 'the big dog sees a cat' \
	  'a small child finds the old fish' 'the red bird eats' \
	  'The cat eats' 'the cat eats a zebra' \
	  | $(TRANSLATE) --beam 4 > $@ 2>&1 || status=$$?; \
	  echo "(exit status $$status)" >> $@
build/gen/translate-heatmap.txt: build/bin/translate \
		build/gen/recipe-dot.ckpt
	$(TRANSLATE) --heatmap --sentence 'the woman wants a big dog' > $@
build/gen/ckpt-size.tex: build/gen/recipe-dot.ckpt
	bytes=$$(wc -c < $<); params=$$(sed -n \
	  's/.*, \([0-9]*\) parameters.*/\1/p' \
	  build/gen/train-recipe-dot.txt); \
	echo "The build's checkpoint of the recipe's model with dot" \
	  "attention has $$bytes bytes: $$params parameters of 4 bytes" \
	  "each, and $$((bytes - 4 * params)) bytes of header, tensor" \
	  "table and checksum." > $@

# each figure reads the data files its script names
build/fig/schedule.tex: build/gen/schedule.dat build/gen/schedule-1.dat \
                        build/gen/schedule-8.dat
build/fig/sweep.tex build/fig/sweep-attention.tex: build/gen/sweep.dat
build/fig/curves.tex: build/gen/ablation-curves.dat build/gen/loss-floor.tex
build/fig/align-curves.tex: build/gen/align-curves.dat
build/fig/heatmap-%.tex: figures/heatmap.gp build/gen/heatmap-%.dat
	@mkdir -p $(@D)
	gnuplot -c figures/heatmap.gp $*
build/fig/%.tex: figures/%.gp
	@mkdir -p $(@D)
	gnuplot $<

# One noweave over all chapters (so chunk references and the index
# cross chapters), split per chapter at noweave's \nwfilename marks;
# build/tex/chapters.tex inputs the pieces in order. Empty hook
# chunks are left out of the book (scripts/weave-filter).
build/tex/chapters.tex: $(CHAPTERS) scripts/split-woven \
		scripts/weave-filter
	@mkdir -p $(@D)
	noweave -n -delay -filter scripts/weave-filter -index \
	  $(CHAPTERS) > build/tex/woven.tex
	scripts/split-woven build/tex/woven.tex build/tex

book: deps-ok
	@$(MAKE) --no-print-directory -j$$(nproc) book.pdf
# pdflatex, then bibtex once (book.bib), then pdflatex until the
# labels and citations settle.
book.pdf: book.tex book.bib build/tex/chapters.tex $(GEN) $(FIGS)
	@for i in 1 2 3 4 5; do \
	  pdflatex -interaction=nonstopmode -halt-on-error \
	    -output-directory build/tex book.tex > build/tex/pdflatex.out \
	    || { tail -40 build/tex/pdflatex.out; exit 1; }; \
	  if [ $$i -eq 1 ]; then \
	    (cd build/tex && BIBINPUTS=../..: bibtex -terse book) \
	      || { echo "book: bibtex failed" >&2; exit 1; }; \
	    continue; fi; \
	  grep -q 'Rerun to get\|Label(s) may have changed' \
	    build/tex/book.log || break; \
	done
	cp build/tex/book.pdf $@
	@echo "book: $@, $$(pdfinfo $@ | sed -n 's/^Pages: *//p') pages"

bench: deps-ok build/bin/bench
	build/bin/bench

clean-build:
	rm -rf build
clean: clean-build
	rm -f book.pdf
