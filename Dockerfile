# Tenantbase in a container: a build stage (dev dependencies, esbuild, Vite) makes the same npm
# package `npm pack` makes; the runtime stage installs only that package and its production
# dependencies, and runs as the unprivileged `node` user. The entrypoint, `tenantbase serve` of
# the installed package, is what CI smoke-tests (scripts/pack-test.mjs).
#   docker build -t tenantbase .
#   docker run -p 3001:3001 -p 3002:3002 -v tenantbase-data:/data tenantbase
# PostgreSQL instead of the embedded database: compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY console/package.json console/
COPY clients/typescript/package.json clients/typescript/
RUN npm ci --no-audit --no-fund
COPY . .
# The service (dist/) and the admin console (console/dist/), then the package itself.
RUN node scripts/build.mjs && mkdir /pack && npm pack --ignore-scripts --pack-destination /pack

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3001 \
    HOST=0.0.0.0 \
    MCP_SERVER_PORT=3002 \
    MCP_HOST=0.0.0.0
COPY --from=build /pack/ /tmp/pack/
RUN npm install --global --omit=dev --no-audit --no-fund /tmp/pack/tenantbase-*.tgz \
    && rm -rf /tmp/pack /root/.npm \
    && mkdir -p /data && chown node:node /data
USER node
WORKDIR /data
VOLUME /data
EXPOSE 3001 3002
# /api/health answers once migrations ran and the API listens; a first start on an empty volume takes longer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3001) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains requests for SHUTDOWN_GRACE_SECONDS (10, what docker stop waits), then exits 0.
ENV SHUTDOWN_GRACE_SECONDS=8
ENTRYPOINT ["tenantbase"]
CMD ["serve"]
