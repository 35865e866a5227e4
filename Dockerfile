# The durable-context worker (src/worker.ts), configured from the environment (src/config.ts).
# docker-compose.yml builds and runs it next to Temporal and PostgreSQL.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: see .ci/run (the lock file leaves out some other-platform
# optional packages); it still installs what the lock pins.
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.19-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/lib ./lib
# The worker bundles the workflow code at start; it runs as the image's unprivileged user.
USER node
CMD ["node", "lib/worker.js"]
