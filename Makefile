# Short commands for nvgp (README.md says what each does).
#
#   make          build (Release) into $(BUILD_DIR)
#   make run      install what running needs (as root), build quietly, then
#                 show each program and job in examples/ as a short block
#   make test     the full test suite: gcc and clang builds with -Werror and
#                 an ASan+UBSan build (with the fuzz targets), each + ctest,
#                 and a ThreadSanitizer build for the threaded executor tests
#   make bench    build Release and run every benchmark program under bench/
#   make fuzz     build the libFuzzer targets and run each FUZZ_SECONDS
#   make clean    remove the build folders these commands make

BUILD_DIR    ?= build
FUZZ_DIR     ?= build-fuzz
FUZZ_SECONDS ?= 600
JOBS         ?= 2
CMAKE        ?= cmake

.PHONY: all build deps deps-run run test bench fuzz clean

all: build

build:
	$(CMAKE) -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)

deps:
	bash scripts/install-deps.sh test

deps-run:
	bash scripts/install-deps.sh run

# The build log is shown only when the build fails.
run: deps-run
	bash scripts/run-examples.sh --build $(BUILD_DIR) $(JOBS)

test: deps
	JOBS=$(JOBS) bash scripts/test.sh

bench: build
	bash scripts/bench.sh $(BUILD_DIR)

fuzz:
	CC=clang $(CMAKE) -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNVGP_FUZZ=ON
	$(CMAKE) --build $(FUZZ_DIR) -j$(JOBS)
	bash scripts/fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD_DIR) $(FUZZ_DIR) build-ci-gcc build-ci-clang build-ci-asan build-ci-tsan
