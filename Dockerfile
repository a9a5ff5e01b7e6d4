# One image for both scale-out roles: the API (default command) and the generation worker.
# Base: Node 26, the newest LTS line and the one .ci/run tests besides the machine's own Node, on
# Debian 13 (trixie), the Debian release of the official image's default `26` tag (the same image
# is also published on bookworm; trixie is Debian's current stable). Its deps (sharp, argon2,
# resvg) install as prebuilt binaries from their npm packages, so no compiler is needed.
FROM node:26-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY cli/package.json cli/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY docs/package.json docs/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false npx nx run-many -t build -p @atelier/contracts @atelier/backend @atelier/frontend

FROM node:26-trixie-slim
# Production: JSON logs, one object per line, for `docker compose logs` and collectors.
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
# Compression runs on libuv's worker threads, and glibc gives each thread a malloc arena of its own:
# two arenas kept the API's RSS ~40 MB lower under sustained feed load (bench/RESULTS.md, feed-memory).
ENV MALLOC_ARENA_MAX=2
# The seeded illustrations are SVG with text (initials, chart labels); librsvg needs a font to draw it.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/backend/src/db/migrations backend/src/db/migrations
COPY --from=build /app/backend/assets backend/assets
COPY --from=build /app/frontend/dist frontend/dist
COPY --from=build /app/frontend/dist-server frontend/dist-server
# The backend imports the server render as @atelier/frontend/server (package.json "exports"): a
# self-contained bundle, so the package is linked as npm links a workspace, without installing the
# frontend's own dependencies.
COPY frontend/package.json frontend/server.d.ts frontend/
RUN ln -s ../../frontend node_modules/@atelier/frontend
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
