// A guard against a MongoDB driver defect (mongodb 6.20, under mongoose 8) that keeps a service away from
// MongoDB for good after the server went away. When MongoDB stops, its connections close together; if the
// server monitor starts a heartbeat on its own connection after that socket was destroyed but before the
// driver heard of the close, the heartbeat's write waits for a 'drain' that never comes (Node emits neither
// 'drain' nor 'error' for a write to a destroyed socket, and the socket's time-out no longer fires). The
// monitor then never checks again, the server stays "Unknown", and every operation fails with a server
// selection error until the process restarts: an outage that should delay the consumers would stall them.
// Seen in the system test that stops MongoDB (test/system/mongo-outage.test.ts), reproduced in
// services/kit/test/mongo-monitor.test.ts. The guard notices a heartbeat that outlived the driver's own
// time-out and fails its socket, so the monitor records a failed heartbeat and goes on. It reaches into the
// driver's internals: where they are not as it expects (another driver version), it says so once in the log
// and touches nothing.
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { mongo } from 'mongoose';
import type { Logger } from './logger.js';

export interface MonitorGuardOptions {
  /** Beyond the driver's own heartbeat time-out (connectTimeoutMS, plus heartbeatFrequencyMS when awaited). */
  graceMs?: number;
  everyMs?: number;
  log?: Logger;
}

/** The driver's internals the guard reaches into; any of them missing (another driver version) turns it off. */
interface DriverInternals {
  topology?: { s?: { servers?: unknown } };
}
interface MonitorInternals {
  monitor?: { connection?: { socket?: unknown } | null };
}

const noGuard = () => undefined;

/** Starts guarding a connected client's server monitors; returns the stop. Stops by itself when the client closes. */
export function guardServerMonitors(client: mongo.MongoClient, options: MonitorGuardOptions = {}): () => void {
  const { graceMs = 5_000, everyMs = 1_000, log } = options;
  const connectTimeoutMS = client.options.connectTimeoutMS ?? 30_000;
  const heartbeatFrequencyMS = client.options.heartbeatFrequencyMS ?? 10_000;
  // Without a connect time-out the driver's own heartbeat may legitimately take forever.
  if (!connectTimeoutMS) return noGuard;
  const servers = (client as unknown as DriverInternals).topology?.s?.servers;
  /** Said once, when the guard finds the driver is not the one it was written for: it then touches nothing. */
  const sayOff = (why: string) =>
    log?.warn({ why }, 'MongoDB server monitor guard is off: the driver is not as it expects (see mongo-monitor.ts)');
  if (!(servers instanceof Map)) {
    sayOff('the client has no topology.s.servers');
    return noGuard;
  }

  /** The socket of the monitor of `address`: null while it connects, undefined when it is not where expected. */
  const monitorSocket = (address: string): Socket | null | undefined => {
    const monitor = (servers.get(address) as MonitorInternals | undefined)?.monitor;
    if (!monitor || !('connection' in monitor)) return undefined;
    if (monitor.connection === null || monitor.connection === undefined) return null;
    const { socket } = monitor.connection;
    // The waiting write hears of the failure through the socket's 'error' listener (the driver's connection).
    return socket instanceof Duplex && socket.listenerCount('error') > 0 ? (socket as Socket) : undefined;
  };

  /** Heartbeats in flight: server address → when it started and whether it is an awaited (streaming) one. */
  const inFlight = new Map<string, { since: number; awaited: boolean }>();
  const onStarted = (e: mongo.ServerHeartbeatStartedEvent) =>
    inFlight.set(e.connectionId, { since: Date.now(), awaited: e.awaited });
  const onEnded = (e: { connectionId: string }) => inFlight.delete(e.connectionId);
  client.on('serverHeartbeatStarted', onStarted);
  client.on('serverHeartbeatSucceeded', onEnded);
  client.on('serverHeartbeatFailed', onEnded);

  const timer = setInterval(() => {
    for (const [address, { since, awaited }] of inFlight) {
      const limit = connectTimeoutMS + (awaited ? heartbeatFrequencyMS : 0) + graceMs;
      if (Date.now() - since < limit) continue;
      const socket = monitorSocket(address);
      // Still connecting: the connect has its own time-out, and there is no socket to fail yet.
      if (socket === null) continue;
      if (socket === undefined) {
        sayOff(`no socket with an error listener on the monitor of ${address}`);
        return stop();
      }
      inFlight.delete(address);
      log?.warn({ address, stuckForMs: Date.now() - since }, 'MongoDB server monitor stuck; failing its heartbeat');
      const error = new Error(`heartbeat to ${address} stuck for ${Date.now() - since} ms`);
      // A destroyed socket ignores destroy(error): the waiting write hears of it only through an 'error' event.
      if (socket.destroyed) socket.emit('error', error);
      else socket.destroy(error);
    }
  }, everyMs);
  timer.unref();
  function stop() {
    clearInterval(timer);
    client.off('serverHeartbeatStarted', onStarted);
    client.off('serverHeartbeatSucceeded', onEnded);
    client.off('serverHeartbeatFailed', onEnded);
    client.off('topologyClosed', stop);
  }
  client.once('topologyClosed', stop);
  return stop;
}
