# The two commands of the README:
#   make demo   installs what is missing, builds, runs the main job
#   make test   every test: a gcc build and a clang ASan+UBSan build
JOBS ?= 2
BUILD ?= build
ASAN_BUILD ?= build-asan
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DSTEER_WERROR=ON

.PHONY: all deps build test test-release test-asan demo docs-media clean web serve test-web

all: build

deps:
	@tools/install-deps.sh

build:
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) -DCMAKE_C_COMPILER=gcc >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

test: deps test-release test-asan test-web test-matrix

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

test-asan:
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTEER_WERROR=ON -DSTEER_SANITIZE=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build $(ASAN_BUILD) -j$(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS)

# The showcase (scenarios/showcase.json, built into the tool) rendered to
# out/: the summary table and the files written are printed at the end.
DEMO_OUT ?= out
demo: deps build
	@$(BUILD)/steer run -o $(DEMO_OUT)
	@echo "open $(DEMO_OUT)/showcase.gif (animation), $(DEMO_OUT)/showcase.png (last frame), $(DEMO_OUT)/showcase.svg (trails)"

# The small showcase pictures the README shows (docs/showcase.gif, .png).
docs-media: build
	@$(BUILD)/steer run -o $(BUILD)/docs-media/gif --size 480x360 --frames 50 --fps 20 --trail 3 --quiet
	@$(BUILD)/steer run -o $(BUILD)/docs-media/png --size 480x360 --quiet
	cp $(BUILD)/docs-media/gif/showcase.gif docs/showcase.gif
	cp $(BUILD)/docs-media/png/showcase.png docs/showcase.png

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(WEB_DIST) $(DEMO_OUT)

# ---- the playground: the library in WebAssembly (clang, wasm-ld, wasi-libc) ----
# Every src/*.c (the x86 kernels compile to nothing on wasm32), the scenario
# setters without the jansson front end, and web/playground.c. No threads in
# wasm: the world's pool runs serially. Same floating-point rules as native.
WEB_DIST ?= web/dist
WASM_CC ?= clang
WASM_CFLAGS = --target=wasm32-wasi -std=c11 -O2 -msimd128 -ffp-contract=off -Wall -Wextra -Wpedantic -Werror \
  -Iinclude -Isrc -Itools/scenario
WASM_EXPORTS = create destroy set_object set_array set_number set_string set_bool set_null fail error
WASM_LDFLAGS = -mexec-model=reactor -Wl,--strip-debug $(WASM_EXPORTS:%=-Wl,--export=steer_scenario_%)
WASM_SOURCES = $(wildcard src/*.c) $(filter-out %_json.c,$(wildcard tools/scenario/*.c)) web/playground.c
WASM_HEADERS = $(wildcard include/steer/*.h include/steer/detail/*.h src/*.h tools/scenario/*.h)
WEB_STATIC = index.html playground.js

web: $(WEB_DIST)/steer.wasm $(WEB_STATIC:%=$(WEB_DIST)/%)
	@rm -rf $(WEB_DIST)/scenarios && mkdir -p $(WEB_DIST)/scenarios
	@names=; for f in scenarios/*.json; do [ -e "$$f" ] || continue; cp "$$f" $(WEB_DIST)/scenarios/; \
	  n=$$(basename "$$f" .json); [ "$$n" = schema ] || names="$$names$${names:+,}\"$$n\""; done; \
	  echo "[$$names]" > $(WEB_DIST)/scenarios/index.json
	@echo "playground: $(WEB_DIST)/ (make serve)"

$(WEB_DIST)/steer.wasm: $(WASM_SOURCES) $(WASM_HEADERS) Makefile
	@mkdir -p $(WEB_DIST)
	$(WASM_CC) $(WASM_CFLAGS) $(WASM_SOURCES) $(WASM_LDFLAGS) -o $@

$(WEB_DIST)/%: web/%
	@mkdir -p $(WEB_DIST)
	cp $< $@

serve: web
	node web/serve.mjs $(WEB_DIST) $(or $(PORT),8000)

# Browser tests: playwright-core (npm) driving Debian's chromium headless,
# and the native build for the bit-for-bit comparison.
test-web: build web
	@[ -d web/node_modules/playwright-core ] || (cd web && npm ci --no-audit --no-fund)
	cd web && STEER_BUILD=$(abspath $(BUILD)) STEER_DIST=$(abspath $(WEB_DIST)) node --test test/*.test.mjs

# ---- robustness (docs/robustness.md) ------------------------------------------
# test-matrix  the determinism matrix: one state hash across gcc/clang,
#              -O0/-O2/-O3, 1/2/4/8 threads and the scalar/AVX2/AVX-512 kernels
# fuzz         builds the libFuzzer targets (clang) and runs each FUZZ_SECONDS
# soak         1,000,000 steps of 1,000 agents under LeakSanitizer, then a short
#              run under valgrind (a shortened soak is part of make test)
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fuzz_behaviours fuzz_world fuzz_snapshot fuzz_scenario
SOAK_BUILD ?= build-soak
SOAK_STEPS ?= 1000000

.PHONY: test-matrix fuzz soak

test-matrix:
	MATRIX_DIR=$(abspath build-matrix) JOBS=$(JOBS) tests/determinism_matrix.sh

fuzz: deps
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTEER_FUZZ=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build $(FUZZ_BUILD) -j$(JOBS) --target $(FUZZ_TARGETS)
	fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

soak: deps build
	@cmake -S . -B $(SOAK_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS=-fsanitize=leak >/dev/null
	@cmake --build $(SOAK_BUILD) -j$(JOBS) --target test_robust_soak
	$(SOAK_BUILD)/tests/test_robust_soak $(SOAK_STEPS) 1000 2
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect \
	  $(BUILD)/tests/test_robust_soak 200 1000 2

