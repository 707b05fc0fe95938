// The servers a test run uses, as the global setup found them.
export interface InfraSettings {
  mongoUrl: string;
  kafkaBrokers: string;
  redisUrl: string;
  source: 'environment' | 'testcontainers' | 'local';
  /** The run's mail catcher (scripts/mail-catcher.mjs): where services send mail, and where tests read it. */
  smtpUrl: string;
  mailCatcherUrl: string;
}
