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
# Two stages. The build stage installs every workspace's packages and compiles the part with
# `npm run build:deploy` (scripts/build-deploy.mjs): one esbuild bundle of plain JavaScript with source maps, and
# beside it only the packages a bundle cannot hold (native sharp and argon2, ...). The runtime stage is Node and
# that folder alone: no tsx, no TypeScript, no devDependencies, no other part's packages (docs/deploy-folders.md).
# A system test runs every part from such folders with plain node (test/system/deploy-folders.test.ts).

FROM node:24-bookworm-slim AS build
WORKDIR /src

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
COPY cli/package.json cli/
COPY bench/package.json bench/
COPY packages/testing/package.json packages/testing/
COPY packages/demo-catalog/package.json packages/demo-catalog/
# sharp (the catalog's and the creator's images) is a prebuilt binary that npm picks by platform, CPU and libc
# from the lockfile's optional @img/* packages: on this Debian (glibc) base it fetches @img/sharp-linux-x64 and
# its libvips (-linux-arm64 on an arm64 build), not the -linuxmusl-x64 ones an Alpine base would need. It must
# be installed here, never copied from the host (.dockerignore); loading it once fails the build on a wrong one.
# The runtime stage has the same base, so the binaries copied into a part's folder are the right ones there.
RUN npm ci --include=dev --no-audit --no-fund \
  && node -e "require(require.resolve('sharp', { paths: ['services/creator'] }))" \
  && npm cache clean --force

# Declared after npm ci: the dependency layer above is then the same (and cached once) for every image.
ARG PART
RUN test -n "$PART" || { echo 'build with --build-arg PART=services/auth|services/notifications|services/catalog|services/itinerary|services/billing|services/creator|services/assistant|gateway|web' >&2; exit 1; }
# The code every part imports, the catalog's demo content (hotels, places, pictures; also the web app's map),
# the build script, then the part itself.
COPY contracts contracts
COPY services/kit services/kit
COPY packages/demo-catalog packages/demo-catalog
COPY scripts/build-deploy.mjs scripts/
COPY ${PART} ${PART}
# What starts the part: a service's (and the gateway's) src/server.ts, the web app's server/server.ts.
RUN test -f "$PART/src/server.ts" || test -f "$PART/server/server.ts" || { echo "no server.ts in $PART" >&2; exit 1; }
# The web app's production build (web/build), which its folder carries.
RUN if [ "$PART" = web ]; then npm run build -w web; fi
# The part's folder, /deploy: server.js (+ .map), healthcheck.js, package.json, node_modules of what it loads.
RUN npm run -s build:deploy -- --out /out "$PART" && mv "/out/${PART##*/}" /deploy

FROM node:24-bookworm-slim
ARG PART
# PORT: every part listens on 3000 in a container (their defaults are for one developer machine).
ENV NODE_ENV=production PORT=3000
WORKDIR /app
# Root-owned files: the process cannot change its own code.
COPY --from=build /deploy /app
# The creator's local image store (MEDIA_DIR=/data/media in Compose and Kubernetes), made here owned by the
# node user: a new named volume mounted on it takes that owner, so the read-only container can write there.
RUN if [ "$PART" = services/creator ]; then mkdir -p /data/media && chown 1000:1000 /data/media; fi

# The node image's "node" user, by number so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 3000
# Node's own fetch (the slim image has no curl): /health/ready, or the gateway's /health/live (its /health asks
# every service, which is not the gateway's own health).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/healthcheck.js"]
# A young generation of 16 MB semi-spaces: with Node 24's own sizing, scavenges of the catalog and the gateway
# under load stopped them for 20 to 50 ms at a time, and the search's p99 was 27 to 37 ms against 4 ms with this
# (docs/runtime.md). A Deployment that sets NODE_OPTIONS of its own repeats it (test/k8s/operability.test.ts).
ENV NODE_OPTIONS="--max-semi-space-size=16"
# Exec form: node is PID 1 and gets SIGTERM itself; every part stops taking requests, finishes what is in
# flight and exits (the kit's graceful shutdown; the web server's own). It starts no child processes, so no
# init is needed to reap them (`docker run --init` adds one all the same).
CMD ["node", "--enable-source-maps", "server.js"]
