#!/usr/bin/env bash
# Debian's Chromium (and its headless shell), nginx and openssl, which the browser tests, the server tests, the header check
# and the benchmark need (Playwright cannot download browsers here). Installs what is missing when
# run as root; otherwise says what to install. Used by .ci/run, `npm run test:e2e` and `npm run bench`.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# What the journeys and the state gallery launch (scripts/chromium.mjs).
[ -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
command -v nginx >/dev/null 2>&1 || missing+=(nginx-light)
# The self-signed certificate of the HTTPS tests and the header check (scripts/nginx.ts).
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the browser and server tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
