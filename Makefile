# The commands of the README:
#   make demo   installs what is missing, builds, runs the main job
#   make test   every test (tests/run_all.sh): gcc release, clang ASan+UBSan,
#               clang ThreadSanitizer, the clang static analyzer, the browser, the determinism matrix,
#               packaging, the include check and the Python package's tests;
#               ends "summary: N passed, M failed"
#   make check  the edit-test loop: the release build's quick tests
JOBS ?= 2
# cmake --build runs make in make: without this every level prints "Entering directory"
MAKEFLAGS += --no-print-directory
BUILD ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
ANALYZER_BUILD ?= build-analyzer
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DSTEER_WERROR=ON

.PHONY: all deps build test check test-release test-asan test-tsan test-analyzer demo docs-media clean web wasm serve test-web python test-python

all: build

deps:
	@tools/install-deps.sh

# gcc for a new build folder; one configured before keeps its compiler (a
# different one named here would make CMake drop its cache and options).
build:
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) $(if $(wildcard $(BUILD)/CMakeCache.txt),,-DCMAKE_C_COMPILER=gcc) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

test: deps
	@BUILD=$(BUILD) ASAN_BUILD=$(ASAN_BUILD) TSAN_BUILD=$(TSAN_BUILD) JOBS=$(JOBS) tests/run_all.sh

check: build
	ctest --test-dir $(BUILD) -L quick --output-on-failure -j$(JOBS)

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

# Line tables are what the sanitizers' reports need (file:line in each frame):
# full debug info made the build 9% slower (105 s against 96 s here).
test-asan:
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG=-gline-tables-only -DSTEER_WERROR=ON \
	  -DSTEER_SANITIZE=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build $(ASAN_BUILD) -j$(JOBS)
	ctest --test-dir $(ASAN_BUILD) -LE oracle --output-on-failure -j$(JOBS)

# The world's threads under ThreadSanitizer: the tests labelled threads.
test-tsan:
	@cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTEER_WERROR=ON -DSTEER_SANITIZE_THREAD=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build $(TSAN_BUILD) -j$(JOBS) --target thread_tests
	TSAN_OPTIONS=halt_on_error=1 ctest --test-dir $(TSAN_BUILD) -L threads --output-on-failure -j$(JOBS)

# The library under the clang static analyzer (scan-build, clang-tools-14):
# any path it finds fails the suite (--status-bugs). What it cannot see is
# stated in src/analyzer.h.
test-analyzer:
	@rm -rf $(ANALYZER_BUILD)
	@scan-build -o $(ANALYZER_BUILD)/report cmake -S . -B $(ANALYZER_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTEER_BUILD_EXTRAS=OFF >/dev/null
	scan-build --status-bugs -o $(ANALYZER_BUILD)/report cmake --build $(ANALYZER_BUILD) -j$(JOBS)

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
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(WASM_BUILD) $(WASM_SCALAR_BUILD) $(WEB_DIST) $(DEMO_OUT)

# ---- the playground: the library in WebAssembly (clang, wasm-ld, wasi-libc) ----
# CMake builds it with cmake/wasm32-wasi.cmake (target steer_playground: the
# library, the scenario setters without the jansson front end, and
# web/playground.c). No threads in wasm: the world's pool runs serially.
WEB_DIST ?= web/dist
WASM_BUILD ?= build-wasm
WASM_SCALAR_BUILD ?= build-wasm-scalar
WEB_STATIC = index.html playground.js wasi.js assign_worker.js

web: wasm $(WEB_STATIC:%=$(WEB_DIST)/%)
	@mkdir -p $(WEB_DIST) && cp $(WASM_BUILD)/steer.wasm $(WEB_DIST)/steer.wasm
	@cp $(WASM_SCALAR_BUILD)/steer.wasm $(WEB_DIST)/steer-scalar.wasm
	@rm -rf $(WEB_DIST)/scenarios && mkdir -p $(WEB_DIST)/scenarios
	@names=; for f in scenarios/*.json; do [ -e "$$f" ] || continue; cp "$$f" $(WEB_DIST)/scenarios/; \
	  n=$$(basename "$$f" .json); [ "$$n" = schema ] || names="$$names$${names:+,}\"$$n\""; done; \
	  echo "[$$names]" > $(WEB_DIST)/scenarios/index.json
	@echo "playground: $(WEB_DIST)/ (make serve)"

# The WebAssembly build trees: the playground's module and hash_world.wasm
# with simd128, and the module without SIMD (steer-scalar.wasm, the page's
# comparison: ?module=scalar).
wasm:
	@cmake -S . -B $(WASM_BUILD) -DCMAKE_TOOLCHAIN_FILE=$(abspath cmake/wasm32-wasi.cmake) \
	  -DCMAKE_BUILD_TYPE=Release -DSTEER_WERROR=ON >/dev/null
	@cmake --build $(WASM_BUILD) -j$(JOBS)
	@cmake -S . -B $(WASM_SCALAR_BUILD) -DCMAKE_TOOLCHAIN_FILE=$(abspath cmake/wasm32-wasi.cmake) \
	  -DCMAKE_BUILD_TYPE=Release -DSTEER_WERROR=ON -DSTEER_WASM_SIMD=OFF >/dev/null
	@cmake --build $(WASM_SCALAR_BUILD) -j$(JOBS) --target steer_playground

$(WEB_DIST)/%: web/%
	@mkdir -p $(WEB_DIST)
	cp $< $@

serve: web
	node web/serve.mjs $(WEB_DIST) $(or $(PORT),8000)

# Browser tests: playwright-core (npm) driving Debian's chromium headless,
# and the native build for the bit-for-bit comparison. One file at a time
# on any machine: the kernels' test times both modules, and each page
# renders continuously (three files side by side took longer on 2 cores).
WEB_TEST_ENV = STEER_BUILD=$(abspath $(BUILD)) STEER_DIST=$(abspath $(WEB_DIST))
test-web: build web
	@[ -d web/node_modules/playwright-core ] || (cd web && npm ci --no-audit --no-fund)
	cd web && $(WEB_TEST_ENV) node --test --test-concurrency=1 test/*.test.mjs

# ---- robustness (docs/robustness.md) ------------------------------------------
# test-matrix  the determinism matrix: one state hash across gcc/clang,
#              -O0/-O2/-O3, 1/2/4/8 threads (-O0: 1 only), every kernel, NEON and wasm
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


# ---- Python (python/README.md) --------------------------------------------------
# python       builds libsteer.so and installs the steer package for this user,
#              offline (Debian's setuptools and pip, no download, no isolation)
# test-python  builds the package into $(BUILD)/python and runs python/tests
#              with pytest under python3 -X dev (no install needed)
PYTHON ?= $(shell [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)
PIP_FLAGS = --user --no-build-isolation --no-deps --no-index --quiet
python: build
	@# Debian marks its python3 externally managed: --break-system-packages is
	@# what lets pip install into ~/.local there (older pips lack the flag).
	@cd python && flags="$(PIP_FLAGS)"; \
	  $(PYTHON) -m pip install --help | grep -q break-system-packages && flags="$$flags --break-system-packages"; \
	  STEER_BUILD_DIR=$(abspath $(BUILD)) $(PYTHON) -m pip install $$flags .
	@rm -rf python/build python/*.egg-info
	@cd / && $(PYTHON) -c "import steer; print('steer', steer.__version__, 'installed for $(PYTHON)')"

test-python: build
	@cd python && STEER_BUILD_DIR=$(abspath $(BUILD)) $(PYTHON) setup.py -q build --build-base $(abspath $(BUILD))/python-build \
	  --build-lib $(abspath $(BUILD))/python >/dev/null
	cd / && STEER_BUILD_DIR=$(abspath $(BUILD)) PYTHONPATH=$(abspath $(BUILD))/python $(PYTHON) -X dev -m pytest -q \
	  -p no:cacheprovider $(abspath python/tests)
