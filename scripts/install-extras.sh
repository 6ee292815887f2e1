#!/bin/sh
# Packages that must be installed without their declared dependencies (they would pull PyTorch).
# $1 is the virtualenv's bin directory.
set -e
BIN="$1"
: "${BIN:?usage: install-extras.sh VENV_BIN}"
