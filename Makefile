# The two commands of the README: `make report` and `make test`. Both install what is
# missing on a fresh Debian 12 machine, so CI's new clone needs nothing done by hand.

SWIFT   ?= swift
# A fixed as-of instant (and zone fallback) so the sample report is the same on every run.
AS_OF   ?= 2025-12-31T12:00:00Z
OUT     ?= out/sample
DEBIAN_PACKAGES = zlib1g-dev
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build report test reference clean

all: report

## deps: install the Debian packages the build needs, when missing
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

## build: the release binary, .build/release/yir
build: deps
	$(SWIFT) build -c release

## report: yir report on SampleData/ into out/sample/
report: build
	TZ=UTC .build/release/yir report SampleData --out $(OUT) --as-of $(AS_OF) \
	  --format json,jsonl --rejects $(OUT)/rejects.jsonl
	@echo "The report is in $(OUT)/: report.json, readers.jsonl, rejects.jsonl"

## test: unit, reference and end-to-end tests (Swift Testing)
test: deps
	$(SWIFT) build --build-tests
	YIR_BIN="$$($(SWIFT) build --show-bin-path)/yir" $(SWIFT) test --skip-build

clean:
	rm -rf .build out

## reference: rewrite Tests/Reference/ from SampleData (after an intended output change; review the diff)
reference: build
	TZ=UTC .build/release/yir report SampleData --out Tests/Reference --as-of $(AS_OF) --format json,jsonl
