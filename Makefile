# The two entry points, for a fresh clone on a fresh Debian 12 machine:
#   make demo   install what is missing, build, and compile the built-in kernel
#   make test   install what is missing, build, and run every test
BUILD_DIR ?= build
BUILD_TYPE ?= Release
CMAKE ?= cmake
DEMO ?= examples/vector_add.ttir

.PHONY: all deps configure build demo test clean

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD_DIR)/build.ninja:
	$(CMAKE) -G Ninja -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR)

# Today the main job is: parse, verify and simplify a TTIR kernel, then give
# it GPU layouts (TTGIR) with the vectorization report.
demo: build
	@echo "== $(DEMO): parse, verify, canonicalize, cse =="
	$(BUILD_DIR)/bin/triton-opt $(DEMO) --canonicalize --cse
	@echo "== $(DEMO): TTIR -> optimized TTGIR (triton-to-tritongpu-pipeline) =="
	$(BUILD_DIR)/bin/triton-opt $(DEMO) --triton-to-tritongpu-pipeline="num-warps=4 num-ctas=1 target=cuda:90" \
	  --tritongpu-coalesce=remarks=true

test: build
	python3 scripts/run-tests.py $(BUILD_DIR)

clean:
	rm -rf $(BUILD_DIR)
