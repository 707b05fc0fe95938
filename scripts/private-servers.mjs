// Servers of a test's own, for tests that stop, pause or cut off Kafka or MongoDB without disturbing the
// shared local infrastructure (scripts/infra.mjs) that every other test uses: a private broker, a private
// MongoDB-compatible server behind a TCP gate, and the gate itself. Plain Node, like infra.mjs.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { endProcessGroup, freePort, infraDir, startKafka, startMongo } from './local-servers.mjs';

/**
 * A broker of its own for a test that stops and restarts Kafka without disturbing anyone else's:
 * `stop()` ends it (SIGTERM, then SIGKILL), `start()` brings it back on the same ports with its data.
 * `pause()` freezes it (SIGSTOP): connections stay open and requests wait unanswered until `resume()`.
 */
export async function privateKafka(name = `kafka-${randomUUID().slice(0, 8)}`) {
  let broker = await startKafka({ name });
  const stop = () => endProcessGroup(broker.pid);
  return {
    brokers: broker.brokers,
    stop,
    pause: () => process.kill(-broker.pid, 'SIGSTOP'),
    resume: () => process.kill(-broker.pid, 'SIGCONT'),
    async start() {
      broker = await startKafka({ name, keep: true, port: broker.port, controllerPort: broker.controllerPort });
    },
    async remove() {
      await stop();
      rmSync(join(infraDir, name), { recursive: true, force: true });
      rmSync(broker.logFile, { force: true });
    },
  };
}

/**
 * A TCP pass-through from a port of its own to `target` (host:port), that can be closed and opened again on
 * the same port. Closed, its connections are cut and new ones refused: what clients see of a server that
 * stopped, while the server behind keeps running. `delay(ms)` holds every chunk that long, each way.
 */
export async function tcpGate(target) {
  const [host, targetPort] = target.split(':');
  const port = await freePort(0);
  const sockets = new Set();
  let delayMs = 0;
  let server;
  /** Forwards in order; with a delay, each chunk leaves `delayMs` after it came (and never before the last). */
  const forward = (from, to) => {
    let lastAt = 0;
    from.on('data', (chunk) => {
      if (delayMs === 0 && lastAt <= Date.now()) return void to.write(chunk);
      lastAt = Math.max(lastAt, Date.now() + delayMs);
      setTimeout(() => to.writable && to.write(chunk), lastAt - Date.now());
    });
  };
  const listen = () =>
    new Promise((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host, port: Number(targetPort) });
        for (const [a, b] of [
          [client, upstream],
          [upstream, client],
        ]) {
          sockets.add(a);
          forward(a, b);
          a.on('error', () => a.destroy());
          a.on('close', () => {
            sockets.delete(a);
            b.destroy();
          });
        }
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    isOpen: () => server !== undefined,
    delay(ms) {
      delayMs = ms;
    },
    async close() {
      if (!server) return;
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => closing.close(() => resolve()));
    },
    async open() {
      if (!server) await listen();
    },
  };
}

/**
 * A MongoDB-compatible server of its own (mongo-java-server on a free port) behind a `tcpGate`, for a test
 * that takes MongoDB away without disturbing anyone else's. mongo-java-server keeps its data in memory, so
 * ending the process would lose every database: `stop()` closes the gate instead (open connections reset,
 * new ones refused, as when a real mongod stops) and `start()` opens it again on the same port, the data
 * intact. `delay(ms)` slows every exchange; `remove()` ends the server.
 */
export async function privateMongo(name = `mongo-${randomUUID().slice(0, 8)}`) {
  const server = await startMongo({ name, preferredPort: 0, maxHeap: '1g' });
  const gate = await tcpGate(`127.0.0.1:${server.port}`);
  return {
    url: `mongodb://127.0.0.1:${gate.port}`,
    stop: () => gate.close(),
    start: () => gate.open(),
    delay: (ms) => gate.delay(ms),
    async remove() {
      await gate.close();
      await endProcessGroup(server.pid);
      rmSync(server.logFile, { force: true });
    },
  };
}
