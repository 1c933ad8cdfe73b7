# The two commands of the README:
#   make demo   installs what is missing, builds, runs the main job
#   make test   every test: a gcc build and a clang ASan+UBSan build
JOBS ?= 2
BUILD ?= build
ASAN_BUILD ?= build-asan
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DSTEER_WERROR=ON

.PHONY: all deps build test test-release test-asan demo clean

all: build

deps:
	@tools/install-deps.sh

build:
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) -DCMAKE_C_COMPILER=gcc >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

test: deps test-release test-asan

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

test-asan:
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSTEER_WERROR=ON -DSTEER_SANITIZE=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build $(ASAN_BUILD) -j$(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS)

demo: deps build
	@for e in $(BUILD)/examples/[0-9]*; do echo "== $$e"; $$e; done

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
