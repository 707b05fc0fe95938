// A Kafka broker of a test's own that only speaks SASL_SSL, like a managed cluster: certificates made here with
// openssl (a CA, the broker's for localhost and 127.0.0.1, a client's), SCRAM users written into the storage when
// it is formatted, PLAIN users in the broker's settings, OAUTHBEARER with unsigned tokens, and client certificates
// required. The same jars and KRaft single-node settings as the local infrastructure's broker (local-servers.mjs).
// Plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  classpathOf,
  endProcessGroup,
  freePort,
  infraDir,
  isAlive,
  kafkaCommand,
  singleNodeSettings,
} from './local-servers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs openssl with `args` in `cwd`; its error output in the exception when it fails. */
function openssl(cwd, args) {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`openssl is needed to make test certificates: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`openssl ${args[0]} failed:\n${result.stderr}`);
}

/**
 * A CA valid for a few days, and certificates it signed: `server` for localhost and 127.0.0.1 (server and client
 * use: the broker also connects to itself), `client` for a client. Keys unencrypted (PKCS#8), all PEM files in
 * `dir`, and the server's key and chain also as a PKCS#12 keystore (`keystorePassword`) for the broker.
 * @param {string} dir
 */
export function makeTestCertificates(dir) {
  mkdirSync(dir, { recursive: true });
  const days = '7';
  const rsa = ['-newkey', 'rsa:2048', '-nodes'];
  openssl(dir, [
    'req',
    '-x509',
    ...rsa,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    days,
    '-subj',
    '/CN=TravelClub test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const sign = (name, subject, extensions) => {
    writeFileSync(join(dir, `${name}.ext`), extensions.join('\n') + '\n');
    openssl(dir, ['req', ...rsa, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject]);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      `0x${randomBytes(8).toString('hex')}`,
      '-days',
      days,
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
  };
  const leaf = ['basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature,keyEncipherment'];
  sign('server', '/CN=localhost', [
    ...leaf,
    'extendedKeyUsage=serverAuth,clientAuth',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  sign('client', '/CN=travelclub-test-client', [...leaf, 'extendedKeyUsage=clientAuth']);
  const keystorePassword = randomBytes(12).toString('hex');
  openssl(dir, [
    'pkcs12',
    '-export',
    '-in',
    'server.pem',
    '-inkey',
    'server.key',
    '-certfile',
    'ca.pem',
    '-name',
    'broker',
    '-out',
    'server.p12',
    '-passout',
    `pass:${keystorePassword}`,
  ]);
  return {
    dir,
    ca: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server.key'),
    keystore: join(dir, 'server.p12'),
    keystorePassword,
    clientCert: join(dir, 'client.pem'),
    clientKey: join(dir, 'client.key'),
  };
}

/**
 * A token Kafka's default (unsecured, for tests only) OAUTHBEARER validator accepts: an unsigned JWT naming
 * `subject`, valid for `lifetimeS`.
 * @param {string} subject
 * @param {number} [lifetimeS]
 */
export function unsecuredJwt(subject, lifetimeS = 3600) {
  const now = Date.now() / 1000;
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ sub: subject, iat: now, exp: now + lifetimeS })}.`;
}

/** A JAAS option value in double quotes; the values here are ours, so a quote in one is a mistake. */
const quoted = (value) => {
  if (/["\\\s;]/.test(value)) throw new Error(`"${value}": no quotes, backslashes, spaces or semicolons, please`);
  return `"${value}"`;
};

/** A free port that is not one of the local infrastructure's (9092, 9093) nor in `taken`. */
async function portOfItsOwn(taken = []) {
  const forbidden = new Set([9092, 9093, ...taken]);
  let port = await freePort(0);
  while (forbidden.has(port)) port = await freePort(0);
  return port;
}

/**
 * The broker's settings: one SASL_SSL listener for clients and itself (SCRAM-SHA-512 as `broker`), a plaintext
 * controller listener on 127.0.0.1 that only the broker's own KRaft controller uses.
 */
function brokerProperties({ dir, port, controllerPort, certs, broker, users }) {
  const scramLogin = (withBroker) =>
    `org.apache.kafka.common.security.scram.ScramLoginModule required${
      withBroker ? ` username=${quoted(broker.name)} password=${quoted(broker.password)}` : ''
    };`;
  const plainUsers = [broker, ...users].map((u) => `user_${u.name}=${quoted(u.password)}`).join(' ');
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=SASL_SSL://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    // The name clients connect to is the name the certificate carries.
    `advertised.listeners=SASL_SSL://localhost:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=SASL_SSL',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,SASL_SSL:SASL_SSL',
    'sasl.enabled.mechanisms=SCRAM-SHA-512,SCRAM-SHA-256,PLAIN,OAUTHBEARER',
    'sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512',
    `listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=${scramLogin(true)}`,
    `listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=${scramLogin(false)}`,
    `listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=${quoted(broker.name)} password=${quoted(broker.password)} ${plainUsers};`,
    // Kafka's own unsecured validator: any well-formed unsigned JWT with a subject and an expiry in the future
    // (a test's token endpoint hands those out). The login part is never used: the broker signs in with SCRAM.
    `listener.name.sasl_ssl.oauthbearer.sasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub=${quoted(broker.name)};`,
    'ssl.keystore.type=PKCS12',
    `ssl.keystore.location=${certs.keystore}`,
    `ssl.keystore.password=${certs.keystorePassword}`,
    `ssl.key.password=${certs.keystorePassword}`,
    'ssl.truststore.type=PEM',
    `ssl.truststore.location=${certs.ca}`,
    // Without the listener's prefix, a SASL_SSL listener ignores it (KIP-684).
    'listener.name.sasl_ssl.ssl.client.auth=required',
    ...singleNodeSettings(dir),
    '',
  ].join('\n');
}

/** Starts the broker detached (its output in `logFile`) and waits for it; on failure, removes `dir`, the log's tail in the error. */
async function launch({ cp, props, dir, logFile, startTimeoutMs }) {
  const fd = openSync(logFile, 'w');
  const child = spawn('java', kafkaCommand(cp, props, ['-Xms128m', '-Xmx512m']), {
    cwd: root,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  child.unref();
  const pid = child.pid;
  const stop = () => endProcessGroup(pid);
  const remove = async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + startTimeoutMs;
  const logText = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  while (!logText().includes('Kafka Server started')) {
    if (!isAlive(pid) || Date.now() > deadline) {
      const tail = logText().split('\n').slice(-30).join('\n');
      const why = isAlive(pid) ? 'timed out' : 'exited';
      await remove();
      throw new Error(`the secure Kafka broker did not start (${why}):\n${tail}`);
    }
    await sleep(200);
  }
  return { pid, stop, remove };
}

/**
 * Starts a broker whose only client listener is SASL_SSL on localhost:<a free port> (never 9092/9093, the local
 * infrastructure's), with client certificates required, in its own folder under .infra (or TRAVELCLUB_INFRA_DIR).
 * `users` may sign in with SCRAM-SHA-512, SCRAM-SHA-256 (created when the storage is formatted) and PLAIN; anyone
 * with an unsigned JWT (`unsecuredJwt`) with OAUTHBEARER. The broker signs in as `broker` (SCRAM-SHA-512) to
 * talk to itself. `remove()` stops it and deletes its folder.
 * @param {{ name?: string, users?: { name: string, password: string }[], startTimeoutMs?: number }} [options]
 */
export async function startSecureKafka({
  name = `secure-kafka-${randomUUID().slice(0, 8)}`,
  users = [],
  startTimeoutMs = 120_000,
} = {}) {
  const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (java.error) throw new Error('java is not installed: install Java 17 to start a local Kafka');
  const libs = classpathOf('kafka');
  const dir = join(infraDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const certs = makeTestCertificates(join(dir, 'certs'));
  const port = await portOfItsOwn();
  const controllerPort = await portOfItsOwn([port]);
  const broker = { name: 'broker', password: randomBytes(12).toString('hex') };
  const props = join(dir, 'server.properties');
  writeFileSync(props, brokerProperties({ dir, port, controllerPort, certs, broker, users }));

  const cp = `${libs}/*`;
  // SCRAM credentials live in the cluster's metadata: written at format time, before the broker (which signs in
  // to itself with one) first starts.
  const scram = [broker, ...users].flatMap((u) =>
    ['SCRAM-SHA-512', 'SCRAM-SHA-256'].flatMap((m) => ['--add-scram', `${m}=[name=${u.name},password=${u.password}]`]),
  );
  const clusterId = randomUUID().replace(/-/g, '').slice(0, 22);
  const format = spawnSync(
    'java',
    ['-cp', cp, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props, ...scram],
    { encoding: 'utf8' },
  );
  if (format.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Kafka storage format failed:\n${format.stderr}${format.stdout}`);
  }
  const logFile = join(dir, 'kafka.log');
  const { pid, stop, remove } = await launch({ cp, props, dir, logFile, startTimeoutMs });
  return { pid, port, brokers: `localhost:${port}`, certs, dir, logFile, stop, remove };
}
