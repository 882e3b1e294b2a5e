# Umpire's one image: the compiled server, the built admin app and the website's browser script,
# on Node 24 with Debian's ffmpeg. Configuration comes from the environment alone
# (docs/operators/containers.md; every setting in docs/operators/configuration.md).
#   docker build -t umpire .        (podman: add --format docker, or HEALTHCHECK is dropped)
ARG NODE_IMAGE=node:24-bookworm-slim

# The admin app (Vite), the website's script (esbuild) and the server compiled to JavaScript.
# Nothing here loads a native module, so install scripts are skipped: no compiler needed.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/admin/package.json apps/admin/
COPY apps/site/package.json apps/site/
COPY packages/schema/package.json packages/schema/
COPY packages/render/package.json packages/render/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build -w apps/admin && npm run build -w apps/site && node scripts/build-server.mjs

# What the server loads at run time: the production dependencies of the server and of the
# workspaces compiled into it, none of the admin's (it is served as files). better-sqlite3 is
# compiled here for this very Node when no prebuilt binary can be fetched, against the headers
# the image ships (/usr/local/include/node), so node-gyp downloads nothing; sharp's binaries are
# npm packages (@img/sharp-linux-x64).
FROM ${NODE_IMAGE} AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
# swagger-ui-dist (the API reference) depends on @scarf/scarf, whose install script reports the
# install to its makers: refused in package.json (allowScripts) and here, for an npm that ignores that.
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/admin/package.json apps/admin/
COPY apps/site/package.json apps/site/
COPY packages/schema/package.json packages/schema/
COPY packages/render/package.json packages/render/
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server -w apps/site -w packages/schema -w packages/render \
 && rm -rf node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && npm cache clean --force

FROM ${NODE_IMAGE}
# ffmpeg: transcoding and live ingest. tini: PID 1, passing signals on to node (SIGTERM drains)
# and reaping what it leaves behind (ffmpeg children), as `docker run --init` would.
# ffmpeg links libGL, through which Mesa's drivers (and LLVM, which they load) come along; they
# would serve drawing with OpenGL, which none of the server's ffmpeg runs does: 160 MB left out.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini \
 && dpkg --purge --force-depends libgl1-mesa-dri libllvm15 libz3-4 \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
# The dependencies as npm laid them out: node_modules, the workspaces' own node_modules (versions
# that differ from the hoisted ones) and their manifests, which node_modules/@umpire/* link to.
COPY --from=deps /app ./
# The website's stylesheet, found through @umpire/render.
COPY packages/render/src/site.css packages/render/src/
# The API reference's start script and theme, sent as they are (swagger-ui-dist is in node_modules).
COPY apps/server/assets apps/server/assets
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/apps/site/dist apps/site/dist
# DATA_DIR (default /app/data): SQLite and uploads on a single instance; behind a balancer, with
# PostgreSQL and S3, only the image variant cache, nothing that must survive.
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The preload starts OpenTelemetry before main.js loads what it traces, when OTEL_* asks for it;
# otherwise it loads nothing (docs/operators/monitoring.md).
CMD ["node", "--enable-source-maps", "--import", "./apps/server/dist/tracing.js", "apps/server/dist/main.js"]
