# Thin wrappers over scripts/ and CMake. `make run` and `make test` work on a fresh Debian 12.
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
JOBS       ?= $(shell nproc)
# The sanitizer suite runs one test more than there are cores: its long tests spend seconds
# waiting (signals, checkpoints, MPI ranks), which the extra one fills (242 s -> 198 s on 2
# cores; the optimised suite keeps JOBS: its bot and arena tests are timed).
ASAN_JOBS  ?= $(shell echo $$(( $(JOBS) + 1 )))
CMAKE_GEN  := -G Ninja

.PHONY: all deps build build-asan run tour test test-fast test-asan bench loadtest screenshots \
        format format-check clean fuzz

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release

$(ASAN_BUILD)/build.ninja: | deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug -DGRUNDY_SANITIZE=ON

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

build-asan: deps $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The main job: the web app on http://127.0.0.1:8080/ (PORT=... for another port; Ctrl-C stops it).
PORT ?= 8080
run: build
	@$(BUILD)/grundy serve --port $(PORT)

# A short tour of what the command line answers, with real output.
tour: build
	@GRUNDY=$(BUILD)/grundy bash scripts/tour.sh

test-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: build-asan
	cd $(ASAN_BUILD) && GRUNDY_SANITIZED=1 ctest --output-on-failure -j $(ASAN_JOBS)

# Whole suite: optimised build, then again under AddressSanitizer + UndefinedBehaviorSanitizer.
test: format-check test-fast test-asan

# libFuzzer (clang): builds every fuzz/<target>.cpp and runs each for FUZZ_SECONDS seconds
# (docs/reliability.md); fails on any crash. `make test` replays the corpora with g++ instead.
$(FUZZ_BUILD)/build.ninja: | deps
	cmake -S . -B $(FUZZ_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_COMPILER=clang++-14 -DGRUNDY_FUZZ=ON

fuzz: deps $(FUZZ_BUILD)/build.ninja
	nice -n 10 cmake --build $(FUZZ_BUILD) -j $(JOBS)
	@FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh

bench: build
	$(BUILD)/grundy bench

# 30 s of wrk at 64 connections against `grundy serve` (not part of `make test`).
loadtest: build
	@GRUNDY=$(BUILD)/grundy bash scripts/loadtest.sh

# The README's pictures of each page, taken by the browser tests into docs/screenshots/.
screenshots: build
	cd $(BUILD) && SCREENSHOT_DIR=$(CURDIR)/docs/screenshots ctest --output-on-failure -R web_browser

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

format-check: deps
	@bash scripts/format-check.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
