import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';

/**
 * PUBLIC_URL is what e-mailed links and the start-up line name. Unset, it is this machine on the
 * port the server listens on, so `PORT=3991 npm run start:built` does not announce (and mail
 * links to) :3000, where nothing answers.
 */
describe('PUBLIC_URL', () => {
  it('defaults to localhost on the configured port', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3991' }).PUBLIC_URL).toBe('http://localhost:3991');
  });

  it('keeps an address given, whatever the port', () => {
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://ovation.example.com' }).PUBLIC_URL).toBe(
      'https://ovation.example.com',
    );
  });

  it('refuses an address that is not a URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'ovation.example.com' })).toThrow(/PUBLIC_URL/);
  });
});
