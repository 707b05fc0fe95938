// The MongoDB driver defect the monitor guard works around (see mongo-monitor.ts): a heartbeat written to the
// monitor's connection after its socket was destroyed, and before the driver heard of the close, never ends.
// Reproduced here the way it happened when MongoDB stopped: the socket destroyed, a check asked for at once.
import { mongo } from 'mongoose';
import { Socket } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardServerMonitors } from '../src/index.js';
import { testInfra } from '../src/testing/index.js';

interface Monitor {
  connection?: { socket: Socket } | null;
  requestCheck(): void;
}

const clients: mongo.MongoClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close(true)));
});

/** A client whose heartbeats are recorded; with its driver's monitor of the one server. */
async function monitoredClient() {
  const client = new mongo.MongoClient(testInfra().mongoUrl, {
    connectTimeoutMS: 1_000,
    serverSelectionTimeoutMS: 2_000,
  });
  clients.push(client);
  const heartbeats: string[] = [];
  client.on('serverHeartbeatStarted', () => heartbeats.push('started'));
  client.on('serverHeartbeatSucceeded', () => heartbeats.push('succeeded'));
  client.on('serverHeartbeatFailed', () => heartbeats.push('failed'));
  await client.connect();
  const servers = (client as unknown as { topology: { s: { servers: Map<string, { monitor: Monitor }> } } }).topology.s
    .servers;
  const monitor = [...servers.values()][0]!.monitor;
  await vi.waitFor(() => expect(monitor.connection?.socket).toBeDefined());
  return { client, heartbeats, monitor };
}

/** MongoDB closing the monitor's connection, and a check asked for before the driver noticed. */
async function strandHeartbeat(monitor: Monitor, heartbeats: string[]) {
  // Past the driver's minimum time between checks, so the check runs at once.
  await new Promise((resolve) => setTimeout(resolve, 600));
  monitor.connection!.socket.destroy();
  monitor.requestCheck();
  expect(heartbeats.at(-1)).toBe('started');
  return heartbeats.length;
}

describe('MongoDB server monitor', () => {
  it('hangs for good without the guard (the driver defect: if this fails, the driver is fixed and the guard can go)', async () => {
    const { heartbeats, monitor } = await monitoredClient();
    const before = await strandHeartbeat(monitor, heartbeats);
    // Three times the driver's own heartbeat time-out (connectTimeoutMS), and still nothing.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(heartbeats.slice(before)).toEqual([]);
  });

  it('goes on with the guard: the stuck heartbeat fails, the next one succeeds, and operations work', async () => {
    const { client, heartbeats, monitor } = await monitoredClient();
    guardServerMonitors(client, { graceMs: 200, everyMs: 100 });
    const before = await strandHeartbeat(monitor, heartbeats);
    await vi.waitFor(() => expect(heartbeats.slice(before)).toEqual(['failed']), { timeout: 5_000, interval: 50 });
    // An operation asks the monitor for a check at once: it reconnects, and the server is back in use.
    expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(heartbeats.slice(before)).toContain('succeeded');
  });

  it('does nothing, and says so once, where the driver is not as it expects', async () => {
    const { client, heartbeats, monitor } = await monitoredClient();
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const offLines = () => lines.filter((line) => line.includes('guard is off'));
    // The same client as another driver version might lay it out: no topology where the guard looks, a
    // monitor that keeps its socket elsewhere, or a socket nobody listens to for errors (failing it would
    // crash the process with an unhandled 'error').
    const laidOut = (topology: unknown) =>
      new Proxy(client, { get: (target, key) => (key === 'topology' ? topology : Reflect.get(target, key)) });
    const withMonitor = (monitorOfServer: unknown) => {
      const { servers } = (client as unknown as { topology: { s: { servers: Map<string, unknown> } } }).topology.s;
      return laidOut({ s: { servers: new Map([...servers.keys()].map((address) => [address, monitorOfServer])) } });
    };
    const options = { graceMs: 200, everyMs: 100, log };

    guardServerMonitors(laidOut(undefined), options);
    expect(offLines()).toHaveLength(1);

    const listening = client.listenerCount('serverHeartbeatStarted');
    guardServerMonitors(withMonitor({ monitor: { connection: {} } }), options);
    guardServerMonitors(withMonitor({ monitor: { connection: { socket: new Socket() } } }), options);
    const before = await strandHeartbeat(monitor, heartbeats);
    await vi.waitFor(() => expect(offLines()).toHaveLength(3), { timeout: 5_000, interval: 50 });
    // It touched nothing: the heartbeat is still stuck, and the guard has stopped listening and checking.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(heartbeats.slice(before)).toEqual([]);
    expect(offLines()).toHaveLength(3);
    expect(client.listenerCount('serverHeartbeatStarted')).toBe(listening);
    expect(lines.filter((line) => line.includes('failing its heartbeat'))).toEqual([]);
  });
});
