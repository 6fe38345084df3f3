# The two entry points, for a fresh clone on a fresh Debian 12 machine:
#   make demo   install what is missing, build, and compile the built-in kernel
#   make test   install what is missing, build, and run every test
BUILD_DIR ?= build
BUILD_TYPE ?= Release
CMAKE ?= cmake
DEMO ?= examples/vector_add.ttir

ASAN_BUILD_DIR ?= build-asan
FUZZ_SECONDS ?= 600
FUZZ_SEED ?= $(shell date +%s)

.PHONY: all deps configure build demo test test-asan fuzz format clean wheel

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD_DIR)/build.ninja:
	$(CMAKE) -G Ninja -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR)

# The main job: parse, verify and simplify a TTIR kernel, give it GPU layouts
# (TTGIR) with the vectorization report, and compile it to PTX (assembled by
# ptxas when the CUDA toolkit is installed).
demo: build
	@echo "== $(DEMO): parse, verify, canonicalize, cse =="
	$(BUILD_DIR)/bin/triton-opt $(DEMO) --canonicalize --cse
	@echo "== $(DEMO): TTIR -> optimized TTGIR (triton-to-tritongpu-pipeline) =="
	$(BUILD_DIR)/bin/triton-opt $(DEMO) --triton-to-tritongpu-pipeline="num-warps=4 num-ctas=1 target=cuda:90" \
	  --tritongpu-coalesce=remarks=true
	@echo "== $(DEMO): TTIR -> PTX (triton-nvidia-pipeline | triton-translate) =="
	$(BUILD_DIR)/bin/triton-opt $(DEMO) --triton-nvidia-pipeline="num-warps=4 target=cuda:90" --mlir-print-debuginfo | \
	  $(BUILD_DIR)/bin/triton-translate --mlir-to-ptx -o $(BUILD_DIR)/demo.ptx
	@grep -E "\.target|\.entry|ld\.global|st\.global" $(BUILD_DIR)/demo.ptx
	@cat $(BUILD_DIR)/demo.meta.json
	@echo "== $(DEMO): TTIR -> PTX in one command (triton-translate --ttir-to-ptx) =="
	$(BUILD_DIR)/bin/triton-translate --ttir-to-ptx --num-warps=4 --target=cuda:90 $(DEMO) -o $(BUILD_DIR)/demo-one.ptx
	@grep -E "\.entry" $(BUILD_DIR)/demo-one.ptx
	@if command -v ptxas >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/ptxas ]; then \
	  PTXAS=$$(command -v ptxas || echo /usr/local/cuda/bin/ptxas); \
	  $$PTXAS -arch=sm_90a $(BUILD_DIR)/demo.ptx -o $(BUILD_DIR)/demo.cubin && echo "ptxas: ok (sm_90a)"; \
	else echo "ptxas not found (no CUDA toolkit): PTX not assembled"; fi

test: build
	python3 scripts/run-tests.py $(BUILD_DIR)

# dist/tritondialect-<version>-py3-none-linux_x86_64.whl: the Python package
# (upstream Triton's compiler replaced in-process), relocatable, at most
# 60 MiB. `pip install --no-index dist/tritondialect-*.whl`.
wheel: build
	python3 scripts/make-wheel.py --build $(BUILD_DIR) --out dist

# The same suite on a build with AddressSanitizer and UndefinedBehaviorSanitizer
# (its own directory). A sanitizer report aborts the tool (failing the test
# that ran it, even one expecting an error) and is kept in
# build-asan/sanitizer-reports; any report there fails the target.
# Debian's LLVM libraries are not instrumented and poison memory in ways ASan
# mistakes for errors unless user poisoning is off.
test-asan: deps
	$(CMAKE) -G Ninja -S . -B $(ASAN_BUILD_DIR) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
	  "-DLLVM_USE_SANITIZER=Address;Undefined" \
	  "-DLLVM_UBSAN_FLAGS=-fsanitize=undefined -fno-sanitize=vptr -fno-sanitize-recover=all"
	$(CMAKE) --build $(ASAN_BUILD_DIR)
	rm -rf $(ASAN_BUILD_DIR)/sanitizer-reports && mkdir -p $(ASAN_BUILD_DIR)/sanitizer-reports
	ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=1:abort_on_error=1:log_path=$(CURDIR)/$(ASAN_BUILD_DIR)/sanitizer-reports/asan \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1:log_path=$(CURDIR)/$(ASAN_BUILD_DIR)/sanitizer-reports/ubsan \
	  python3 scripts/run-tests.py $(ASAN_BUILD_DIR)
	@if [ -n "$$(ls $(ASAN_BUILD_DIR)/sanitizer-reports)" ]; then \
	  echo "sanitizer reports:"; cat $(ASAN_BUILD_DIR)/sanitizer-reports/*; exit 1; \
	else echo "sanitizers: 0 reports"; fi

# The fuzzer for FUZZ_SECONDS (default 600) with FUZZ_SEED (default: the
# time): report and minimized lit reproducers of any defect in build/fuzz.
fuzz: build
	python3 scripts/fuzz.py run --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) \
	  --tools $(BUILD_DIR)/bin --out $(BUILD_DIR)/fuzz

# clang-format 22 over every C++ source, black over the Python frontend and
# package (make test checks both: test/Tools/format.test).
format: deps
	bash scripts/check-format.sh --fix
	black -q --config pyproject.toml python-frontend-stub/triton_stub python/tritondialect

clean:
	rm -rf $(BUILD_DIR)
