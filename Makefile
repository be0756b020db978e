# Short commands for nvgp (README.md says what each does).
#
#   make          build (Release) into $(BUILD_DIR)
#   make run      install what running needs (as root), build quietly, then
#                 show each program and job in examples/ as a short block
#   make test     the full test suite: gcc and clang builds with -Werror and
#                 an ASan+UBSan build (with the fuzz targets), each + ctest,
#                 and a ThreadSanitizer build for the threaded executor tests
#   make install PREFIX=DIR   build, then install the libraries, nvgp.h,
#                 nvgp.pc, the CMake package and the tool under DIR
#                 (default /usr/local)
#   make bench    install the bench dependencies (gnuplot), build Release, run
#                 every benchmark program under bench/ and `nvgp bench` with
#                 Mesa's softpipe and llvmpipe side by side
#   make fuzz     build the libFuzzer targets and run each FUZZ_SECONDS,
#                 then MESA_DIFF_COUNT random ARB programs from
#                 MESA_DIFF_SEED (default: the time) on Mesa's
#                 MESA_DIFF_DRIVER (softpipe or llvmpipe) against nvgp
#   make clean    remove the build folders these commands make

BUILD_DIR    ?= build
FUZZ_DIR     ?= build-fuzz
FUZZ_SECONDS ?= 600
MESA_DIFF_COUNT  ?= 100000
MESA_DIFF_SEED   ?= $(shell date +%s)
MESA_DIFF_DRIVER ?= softpipe
JOBS         ?= 2
CMAKE        ?= cmake
PREFIX       ?= /usr/local

.PHONY: all build deps deps-run bench-deps run test install bench fuzz clean

all: build

build:
	$(CMAKE) -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)

deps:
	bash scripts/install-deps.sh test

bench-deps:
	bash scripts/install-deps.sh bench

deps-run:
	bash scripts/install-deps.sh run

# The build log is shown only when the build fails.
run: deps-run
	bash scripts/run-examples.sh --build $(BUILD_DIR) $(JOBS)

test: deps
	JOBS=$(JOBS) bash scripts/test.sh

install: build
	$(CMAKE) --install $(BUILD_DIR) --prefix $(PREFIX)

bench: bench-deps build
	bash scripts/bench.sh $(BUILD_DIR)

fuzz:
	CC=clang $(CMAKE) -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNVGP_FUZZ=ON
	$(CMAKE) --build $(FUZZ_DIR) -j$(JOBS)
	bash scripts/fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS)
	bash tests/mesa_diff/mesa_diff.sh ../shared $(FUZZ_DIR)/tests/mesa_diff \
	    $(FUZZ_DIR)/tests/mesa_diff/mesa_diff $(MESA_DIFF_SEED) $(MESA_DIFF_COUNT) \
	    $(MESA_DIFF_DRIVER); rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 77 ]

clean:
	rm -rf $(BUILD_DIR) $(FUZZ_DIR) build-ci-gcc build-ci-clang build-ci-asan build-ci-tsan
