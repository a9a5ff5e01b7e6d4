# One image for both scale-out roles: the API (default command) and the generation worker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY cli/package.json cli/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false npx nx run-many -t build -p @atelier/contracts @atelier/backend @atelier/frontend

FROM node:20-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
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
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
