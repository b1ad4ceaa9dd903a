# syntax=docker/dockerfile:1
#
# Atrium server image: compiled kernel and built-in modules, production dependencies only,
# running as the unprivileged `node` user. Without DATABASE_URL it runs on the embedded
# PostgreSQL in /data (a volume); docker-compose.yml beside this file wires PostgreSQL and Redis.
# It runs in production: JWT_SECRET and ADMIN_PASSWORD are required (make .env as README.md says).
#
#   docker build -t atrium .
#   docker run -p 3000:3000 -v atrium-data:/data --env-file .env atrium

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- deps: every dependency, exactly as the lock file says (the builds need the dev ones) ----
# npm ci's `prepare` builds the console only where its sources are: not here, in the build stage.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: tsc into dist/, plus manifests, READMEs and other module files; the console into console/dist ----
FROM deps AS build
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY kernel ./kernel
COPY modules ./modules
COPY manifests ./manifests
COPY console ./console
RUN npm run build \
 && npm run build:console \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies belong to root and are read-only to the server; only /data is its own.
# @swc-node/register and @swc/core (with typescript, their peer) stay: they are runtime
# dependencies, for TypeScript modules dropped in through MODULE_PATH.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The published manifest schema stays at the root: the kernel finds it beside package.json.
COPY --from=build /app/manifests ./manifests
# The console's built files only (its packages are dev dependencies): the kernel serves them at /.
COPY --from=build /app/console/dist ./console/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (the process answers); orchestrators should probe /api/v1/system/ready for traffic.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/system/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 and handles SIGTERM: it stops taking connections, drains requests in
# flight (SHUTDOWN_TIMEOUT_MS), stops the modules in reverse order and closes the database.
CMD ["node", "dist/kernel/main.js"]
