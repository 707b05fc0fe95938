# One image per service: docker build --build-arg SERVICE=itinerary -t travelclub/itinerary .
# Services run their TypeScript through tsx; the image holds the workspace the service needs.
FROM node:20.20-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/kit/package.json services/kit/
COPY bench/package.json bench/
COPY services/${SERVICE}/package.json services/${SERVICE}/
RUN npm ci --no-audit --no-fund --include=dev
COPY contracts contracts
COPY services/kit services/kit
COPY services/${SERVICE} services/${SERVICE}
USER node
EXPOSE 3000
CMD ["sh", "-c", "exec node --import tsx services/${SERVICE}/src/server.ts"]
