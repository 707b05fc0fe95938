// MONGO_URL and REDIS_URL carry TLS and credentials themselves: the settings keep them exactly as given, for the
// MongoDB driver and ioredis to read (docs/secure-connections.md).
import { describe, expect, it } from 'vitest';
import { BaseConfigSchema, loadConfig } from '../src/index.js';

const env = { KAFKA_BROKERS: 'k:9092', MONGO_URL: 'mongodb://m', REDIS_URL: 'redis://r' };

describe('server URLs with TLS and credentials', () => {
  it.each([
    'mongodb+srv://app:p%40ss%3Aword@cluster0.example.mongodb.net/?retryWrites=true&w=majority&authSource=admin',
    'mongodb://app:secret@db-0.example:27017,db-1.example:27017/?replicaSet=rs0&tls=true&tlsCAFile=/etc/travelclub/mongo-ca.pem',
  ])('keeps MONGO_URL %s as it is', (url) => {
    expect(loadConfig(BaseConfigSchema, { ...env, MONGO_URL: url }).MONGO_URL).toBe(url);
  });

  it.each(['rediss://default:p%40ss@redis.example:6380/2', 'redis://travelclub:secret@redis.example:6379'])(
    'keeps REDIS_URL %s as it is',
    (url) => {
      expect(loadConfig(BaseConfigSchema, { ...env, REDIS_URL: url }).REDIS_URL).toBe(url);
    },
  );

  it('refuses URLs of other schemes', () => {
    expect(() => loadConfig(BaseConfigSchema, { ...env, MONGO_URL: 'postgres://x' })).toThrow(
      'MONGO_URL must be a mongodb:// URL',
    );
    expect(() => loadConfig(BaseConfigSchema, { ...env, REDIS_URL: 'tls://x' })).toThrow(
      'REDIS_URL must be a redis:// URL',
    );
  });
});
