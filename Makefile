# tirc: make build | make test | make deps | make demo | make bench | make fuzz
# Every target finds Go at /usr/local/go when it is not on PATH.
SHELL := /bin/bash
export PATH := $(CURDIR)/bin:/usr/lib/llvm-14/bin:/usr/local/go/bin:$(PATH)
GO ?= go
LIT := /usr/bin/python3 /usr/lib/llvm-14/build/utils/lit/lit.py
LITFLAGS ?= -sv
FUZZTIME ?= 10s

.PHONY: all build deps test unit lit vet demo bench fuzz fuzz-short readme conformance clean

all: build

build:
	$(GO) build -o bin/tirc ./cmd/tirc

deps:
	./scripts/deps.sh

# The whole test suite: vet, gofmt, Go unit tests, lit file tests, and a
# short run of every fuzz target (make fuzz FUZZTIME=5m runs them longer).
test: deps build vet unit lit fuzz-short

vet:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

# The race run (sharded lowering of functions in parallel has no data
# race) builds codegen with -race, mostly one core's work: it runs beside
# the other tests, which leave a core idle while their longest packages
# finish. go test's default of 10 min per package is hit on a loaded
# 2-core machine, hence -timeout. go test starts packages in the order
# named: the longest (SLOW_PKGS) first, so that none of them starts last
# and leaves a core idle while it finishes; ./... adds the rest once.
SLOW_PKGS := ./test/conformance ./test/native ./codegen ./test ./test/mathacc ./ir/asm ./test/oracle ./passes
unit: build
	@mkdir -p build
	@$(GO) test -race -timeout 30m -run 'TestShardsManyFunctions' ./codegen > build/race.log 2>&1 & race=$$!; \
	$(GO) test -timeout 30m $(SLOW_PKGS) ./...; status=$$?; \
	wait $$race; race_status=$$?; \
	echo "== go test -race -run TestShardsManyFunctions ./codegen"; cat build/race.log; \
	[ $$status = 0 ] && [ $$race_status = 0 ]

lit: build
	$(LIT) $(LITFLAGS) test

# The README's main job: verify, infer shapes, emit LLVM, clang, run.
demo: deps build
	./scripts/demo.sh

# MLIR's own test files under tirc and mlir-opt-19, unit by unit: prints
# README.md's conformance table (CONFORMANCE_FLAGS=-update rewrites it).
conformance:
	set -o pipefail; $(GO) test ./test/conformance -run TestConformance -count=1 -v $(CONFORMANCE_FLAGS) | grep -E '^\s+conformance_test.go:[0-9]+: \| |^(--- |ok|FAIL)'

# Regenerate README.md's CLI reference from tirc -help.
readme:
	$(GO) test ./test -run TestREADMEHelp -update

# Generated code and the compiler against hand-written C, the MLIR 19
# pipeline, NumPy and the memory bandwidth; writes BENCH.md. QUICK=1 for a
# smoke run.
bench: deps build
	./bench/run.sh

# Every fuzz target for FUZZTIME each.
fuzz:
	FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

fuzz-short:
	FUZZTIME=3s ./scripts/fuzz.sh

clean:
	rm -rf bin build
