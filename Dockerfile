# syntax=docker/dockerfile:1
# The Interlingua gateway as a container image.
#   docker build -t interlingua/gateway .
#   docker run -p 8080:8080 -v interlingua-data:/data interlingua/gateway
# The build stages fetch the workspace's dependencies, build the console and the gateway and pack
# the npm package; the final stage installs that package (runtime dependencies only) on a slim
# Node 24 base. SQLite is Node's own node:sqlite, so nothing native is compiled and no build tool
# reaches the final image.

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace's dependencies, fetched from the lockfile alone: this stage is reused from the
# build cache until pnpm-lock.yaml (or the pnpm version) changes.
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
# pnpm at the version package.json's `packageManager` names (`pnpm@x.y.z`), from npm.
COPY package.json ./
RUN npm install -g --no-audit --no-fund --no-update-notifier "$(node -p "require('./package.json').packageManager")"
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
# No install scripts here either (pnpm fetch has no flag for it).
RUN npm_config_ignore_scripts=true pnpm fetch

FROM deps AS build
COPY . .
# --ignore-scripts: the optional native better-sqlite3 is not built; the image uses node:sqlite.
RUN pnpm install --frozen-lockfile --offline --ignore-scripts \
 && pnpm --filter @interlingua/console --filter @interlingua/gateway build \
 && mkdir /pack \
 && cd apps/gateway && pnpm pack --pack-destination /pack \
 && mv /pack/interlingua-gateway-*.tgz /pack/gateway.tgz

FROM ${NODE_IMAGE}
ARG VERSION=0.1.0
ARG REVISION=unknown
LABEL org.opencontainers.image.title="Interlingua gateway" \
      org.opencontainers.image.description="LLM gateway: any request style (OpenAI Chat and Responses, Anthropic Messages, Gemini) to any model" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.base.name="node:24-bookworm-slim"
WORKDIR /opt/interlingua
COPY --from=build /pack/gateway.tgz /tmp/gateway.tgz
# Runtime dependencies only (no dev, no optional native module, no install scripts); then npm,
# npx and Corepack leave the image: nothing in it installs or builds anything.
RUN npm install --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --no-update-notifier --no-package-lock /tmp/gateway.tgz \
 && rm -rf /tmp/gateway.tgz /root/.npm /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
           /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
 && mkdir -p /data && chown 1000:1000 /data && chmod 0700 /data

# Without a config file these choose the listen address and the SQLite folder; with one
# (INTERLINGUA_CONFIG, e.g. a file mounted at /etc/interlingua/gateway.yaml) set
# `server.host: 0.0.0.0` and `database: { type: sqlite, dir: /data }` there.
ENV NODE_ENV=production \
    INTERLINGUA_HOST=0.0.0.0 \
    INTERLINGUA_PORT=8080 \
    INTERLINGUA_DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 8080
# The `node` user of the base image, by number so orchestrators can check it is not root.
USER 1000:1000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.INTERLINGUA_PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/opt/interlingua/node_modules/@interlingua/gateway/dist/main.js"]
