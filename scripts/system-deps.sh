#!/bin/sh
# Debian packages the test suite needs (real servers and a real browser). Installs only what is missing;
# without root or apt it says what is missing and the tests that need it skip with that reason.
set -e
pkgs=""
command -v dovecot >/dev/null 2>&1 || [ -x /usr/sbin/dovecot ] || pkgs="$pkgs dovecot-imapd"
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || pkgs="$pkgs chromium"
command -v notmuch >/dev/null 2>&1 || pkgs="$pkgs notmuch"
command -v mbsync >/dev/null 2>&1 || pkgs="$pkgs isync"  # the peer bench/sync.py measures against
if [ -n "$pkgs" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian packages:$pkgs" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
  else
    echo "missing Debian packages (need root + apt-get):$pkgs" >&2
  fi
fi
