# One image per runnable part, chosen by PART (the part's folder):
#   docker build --build-arg PART=services/auth -t travelclub/auth .
#   docker build --build-arg PART=services/notifications -t travelclub/notifications .
#   docker build --build-arg PART=services/catalog -t travelclub/catalog .
#   docker build --build-arg PART=services/itinerary -t travelclub/itinerary .
#   docker build --build-arg PART=services/billing -t travelclub/billing .
#   docker build --build-arg PART=services/creator -t travelclub/creator .
#   docker build --build-arg PART=services/assistant -t travelclub/assistant .
#   docker build --build-arg PART=gateway -t travelclub/gateway .
#   docker build --build-arg PART=web -t travelclub/web .
# The services have no build step: node runs the TypeScript through tsx, so the image keeps the dev dependencies.
# The web app is built in its image (react-router build), and its server runs that production build.
FROM node:20.20-bookworm-slim
# PORT: every part listens on 3000 in a container (their defaults are for one developer machine).
ENV NODE_ENV=production PORT=3000
WORKDIR /app

# The lockfile names every workspace, so npm ci needs all their package.json files. They come alone first,
# so the dependency layer is rebuilt only when a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/kit/package.json services/kit/
COPY services/auth/package.json services/auth/
COPY services/notifications/package.json services/notifications/
COPY services/catalog/package.json services/catalog/
COPY services/itinerary/package.json services/itinerary/
COPY services/billing/package.json services/billing/
COPY services/creator/package.json services/creator/
COPY services/assistant/package.json services/assistant/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY bench/package.json bench/
COPY packages/testing/package.json packages/testing/
COPY packages/demo-catalog/package.json packages/demo-catalog/
# sharp (the catalog's and the creator's images) is a prebuilt binary that npm picks by platform, CPU and libc
# from the lockfile's optional @img/* packages: on this Debian (glibc) base it fetches @img/sharp-linux-x64 and
# its libvips (-linux-arm64 on an arm64 build), not the -linuxmusl-x64 ones an Alpine base would need. It must
# be installed here, never copied from the host (.dockerignore); loading it once fails the build on a wrong one.
RUN npm ci --include=dev --no-audit --no-fund \
  && node -e "require(require.resolve('sharp', { paths: ['services/creator'] }))" \
  && npm cache clean --force

# Declared after npm ci: the dependency layer above is then the same (and cached once) for every image.
ARG PART
RUN test -n "$PART" || { echo 'build with --build-arg PART=services/auth|services/notifications|services/catalog|services/itinerary|services/billing|services/creator|services/assistant|gateway|web' >&2; exit 1; }
ENV PART=${PART}
# The code every part imports, then the part itself. Files stay root-owned: the process cannot change them.
COPY contracts contracts
COPY services/kit services/kit
# The catalog's demo content (hotels, places, pictures); only the catalog's server.ts loads it.
COPY packages/demo-catalog packages/demo-catalog
COPY ${PART} ${PART}
# The creator's local image store (MEDIA_DIR=/data/media in Compose and Kubernetes), made here owned by the
# node user: a new named volume mounted on it takes that owner, so the read-only container can write there.
RUN if [ "$PART" = services/creator ]; then mkdir -p /data/media && chown 1000:1000 /data/media; fi
# The web app's production build, made once here (web/build); the server reads it at start.
RUN if [ "$PART" = web ]; then npm run build -w web && rm -rf web/.react-router; fi
# What starts the part: a service's (and the gateway's) src/server.ts, the web app's server/server.ts.
RUN test -f "$PART/src/server.ts" || test -f "$PART/server/server.ts" || { echo "no server.ts in $PART" >&2; exit 1; }

# The node image's "node" user, by number so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 3000
# exec: node becomes PID 1 and gets SIGTERM itself, for the graceful shutdown.
CMD ["sh", "-c", "if [ -f \"$PART/src/server.ts\" ]; then exec node --import tsx \"$PART/src/server.ts\"; else exec node --import tsx \"$PART/server/server.ts\"; fi"]
