# One image for the API and the projector (docker-compose.yml picks the command).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# The young generation's size, as `npm start` sets it (docs/garbage-collection.md): for every node
# process of the image, the API, the projector and the CLI alike.
ENV NODE_OPTIONS=--max-semi-space-size=64
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
# 3000: the API; 9100: the projector's health endpoint.
EXPOSE 3000 9100
# The API alone keeps its heap through idle spells (docs/memory-reducer.md); Node refuses the
# flag in NODE_OPTIONS, so it is given here, as `npm start` gives it.
CMD ["node", "--no-memory-reducer", "dist/apps/api/src/main.js"]
