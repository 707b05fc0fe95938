// kafkajs ships no types for its internal files; kafka-request-queue.ts says which parts of this class it uses.
declare module 'kafkajs/src/network/requestQueue/index.js' {
  const RequestQueue: unknown;
  export default RequestQueue;
}
