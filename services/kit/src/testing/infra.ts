// The servers a test run uses, as the global setup found them.
export interface InfraSettings {
  mongoUrl: string;
  kafkaBrokers: string;
  redisUrl: string;
  source: 'environment' | 'testcontainers' | 'local';
}
