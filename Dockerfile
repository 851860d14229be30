# One image recipe for the gateway and for each remote (the container topology; see docker-compose.yml).
#
#   docker build --build-arg APP=shell            --target gateway -t fundacion/gateway .
#   docker build --build-arg APP=remote-community --target remote  -t fundacion/remote-community .
#
# APP is the workspace folder: shell, remote-courses, remote-giving, remote-community or remote-account.
# The `gateway` target needs APP=shell; the `remote` target needs a remote.
# Plain Dockerfile syntax only, so it builds with and without BuildKit (docker-compose v1 uses the classic builder).

# Node 24, the LTS line (Node 20 reached its end of life on 30 April 2026). CI runs the tests on the same major
# (.ci/node.sh pins the exact version; shell/server/src/node-version.test.ts fails when the two disagree).
ARG NODE_IMAGE=node:24-bookworm-slim
ARG APP=shell

# The workspace manifests alone: installs are cached until a package.json or the lockfile changes.
FROM scratch AS manifests
COPY package.json package-lock.json .npmrc /
COPY shared/package.json /shared/
COPY shell/package.json /shell/
COPY remote-courses/package.json /remote-courses/
COPY remote-giving/package.json /remote-giving/
COPY remote-community/package.json /remote-community/
COPY remote-account/package.json /remote-account/
COPY sandbox/package.json /sandbox/
COPY e2e/package.json /e2e/

# Stage 1: every dependency (webpack, swc, tsx) and the app's production browser build into <APP>/dist.
FROM ${NODE_IMAGE} AS build
ARG APP
WORKDIR /app
COPY --from=manifests / ./
RUN npm ci --no-audit --no-fund
COPY . .
# Source maps are build artefacts for error tracking, not part of the image: they move to /app/sourcemaps.tar here
# (`docker build --target build` keeps them), and the servers answer 404 for *.map in production anyway.
# The build is a release (`$APP/dist` is a symlink to it): copy its files out as the image's one build.
RUN node scripts/build.mjs "$APP" \
 && cp -rL "$APP/dist" /app/image-dist \
 && cd /app/image-dist && find . -name '*.map' -print0 | tar --null -cf /app/sourcemaps.tar --remove-files -T -

# Production dependencies only; none of them has an install script.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests / ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# Final stage: production dependencies, the server sources and the one build, run as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    APP=${APP}
WORKDIR /app
COPY --from=deps /app ./
# The servers run as TypeScript through tsx, exactly as `npm start` runs them; tsx is a devDependency, so it and
# its one dependency (esbuild and its platform binary) come from the build stage.
COPY --from=build /app/node_modules/tsx node_modules/tsx
COPY --from=build /app/node_modules/esbuild node_modules/esbuild
COPY --from=build /app/node_modules/@esbuild node_modules/@esbuild
COPY shared/src shared/src
# The site's composition (#27): every service and the gateway compose the whole site from the domains' manifests
# (site/server.ts), so each image has them all; a domain's manifest is data (lint keeps it from importing its API).
COPY site site
COPY remote-courses/manifest remote-courses/manifest
COPY remote-giving/manifest remote-giving/manifest
COPY remote-community/manifest remote-community/manifest
COPY remote-account/manifest remote-account/manifest
# The shell's own pages (shell/manifest/routes.ts): site/routes.ts composes them with the domains' routes.
COPY shell/manifest shell/manifest
COPY ${APP} ${APP}
COPY --from=build /app/image-dist ${APP}/dist
# A remote installs its build into RELEASES_DIR at start (a volume, so the releases before it stay served for open tabs).
# The gateway checks a remote's server build against the contract and hands it the shared modules (shell/server/src/ssr.ts).
COPY tooling/releases.mjs tooling/contract.mjs tooling/server-provided.mjs tooling/
# PGlite's directory when no DATABASE_URL is given (compose always gives one); the releases volume's mount point,
# owned by `node` so a fresh named volume is writable.
RUN mkdir -p /data /releases && chown node:node /data /releases
USER node
# Slim images have no curl: node asks /healthz itself.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The gateway: the shell's build, the site-wide endpoints, and proxies to each remote's service (REMOTE_<NAME>_URL).
FROM runtime AS gateway
ENV PORT=8080
EXPOSE 8080
CMD ["node", "--import", "tsx", "shell/server/src/main.ts"]

# A remote: its API under /api/<name>/ and its build under /remotes/<name>/. With RELEASES_DIR (compose mounts a volume
# there) the image's build is installed as a release beside the earlier ones first, and that directory is served.
FROM runtime AS remote
EXPOSE 3000
# `exec` so node, not the shell, receives SIGTERM on `docker stop`.
CMD ["sh", "-c", "if [ -n \"$RELEASES_DIR\" ]; then node tooling/releases.mjs install \"$APP/dist\" \"$RELEASES_DIR\" || exit 1; fi; exec node --import tsx \"$APP/server/server.ts\""]
