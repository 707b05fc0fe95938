// The benches' collector (tracing.ts): an OTLP/HTTP receiver that decodes each export and counts its spans and
// bytes, in a process of its own. It sends its URL to its parent first, then answers 'counts' with what arrived
// and the CPU time it has used.
import { startOtlpReceiver } from '@travelclub/testing';

const receiver = await startOtlpReceiver({ keep: false });
process.send!({ url: receiver.url });
process.on('message', (message) => {
  if (message === 'counts') {
    const { user, system } = process.cpuUsage();
    process.send!({ ...receiver.counts(), cpuMs: (user + system) / 1000 });
  }
});
const stop = () => void receiver.stop().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
