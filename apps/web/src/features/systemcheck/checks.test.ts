import { describe, expect, it } from 'vitest';
import { describeClock, describeServer, describeStorage, plainReport, sessionStorageWorks } from './checks.ts';

describe('System check findings', () => {
  it('calls a fast round trip OK and a slow one a warning', () => {
    expect(describeServer(120)).toEqual({ state: 'ok', detail: 'The portal answered in 120 ms.' });
    expect(describeServer(2400).state).toBe('warning');
  });

  it('compares the device clock with the server to the minute, ignoring a few seconds', () => {
    const server = new Date('2026-11-23T10:00:00Z');
    expect(describeClock(server, new Date('2026-11-23T10:00:40Z')).state).toBe('ok');
    expect(describeClock(server, new Date('2026-11-23T10:07:00Z')).detail).toBe(
      'Your device clock is about 7 minutes ahead of the portal: dates may look wrong.',
    );
    expect(describeClock(server, new Date('2026-11-23T09:59:00Z')).state).toBe('ok');
    expect(describeClock(server, new Date('2026-11-23T09:57:00Z')).detail).toContain('3 minutes behind');
    expect(describeClock(null, new Date()).state).toBe('warning');
  });

  it('names blocked storage and blocked cookies as problems', () => {
    expect(describeStorage(true, true).state).toBe('ok');
    expect(describeStorage(false, true).detail).toContain('Cookies are blocked');
    expect(describeStorage(true, false).detail).toContain('session storage is blocked');
  });

  it('detects session storage that refuses writes', () => {
    expect(sessionStorageWorks(window.sessionStorage)).toBe(true);
    const refusing = {
      setItem() {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(sessionStorageWorks(refusing)).toBe(false);
    expect(sessionStorageWorks(undefined)).toBe(false);
  });

  it('writes a plain report a member can paste to support', () => {
    const text = plainReport(
      [{ label: 'Portal server', result: { state: 'ok', detail: 'The portal answered in 80 ms.' } }],
      [['Language', 'en-ZA']],
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(text).toBe(
      'System check, 2026-11-23T10:00:00.000Z\nOK  Portal server: The portal answered in 80 ms.\nLanguage: en-ZA',
    );
  });
});
