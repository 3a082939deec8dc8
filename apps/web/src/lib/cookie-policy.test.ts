import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_COOKIE_POLICY,
  acceptCookiePolicy,
  loadCookiePolicy,
  parseCookiePolicy,
  readCookie,
  saveCookiePolicy,
  serializeCookiePolicy,
} from './cookie-policy.ts';

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

describe('cookie policy', () => {
  beforeEach(clearCookies);

  it('parses the three flags in order', () => {
    expect(parseCookiePolicy('y-y')).toEqual({ mandatory: true, functional: false, advertising: true });
    expect(parseCookiePolicy('---')).toEqual({ mandatory: false, functional: false, advertising: false });
    expect(parseCookiePolicy('yyy')).toEqual({ mandatory: true, functional: true, advertising: true });
  });

  it.each([null, undefined, '', 'y', 'yy', 'yyyy'])('rejects %j', (value) => {
    expect(parseCookiePolicy(value)).toBeNull();
  });

  it('serializes to y and -', () => {
    expect(serializeCookiePolicy({ mandatory: true, functional: false, advertising: false })).toBe('y--');
    expect(serializeCookiePolicy(DEFAULT_COOKIE_POLICY)).toBe('-y-');
  });

  it('round-trips every combination', () => {
    for (const v of ['---', '--y', '-y-', '-yy', 'y--', 'y-y', 'yy-', 'yyy']) {
      expect(serializeCookiePolicy(parseCookiePolicy(v)!)).toBe(v);
    }
  });

  it('saves the defaults when the cookie is missing', () => {
    expect(loadCookiePolicy()).toEqual(DEFAULT_COOKIE_POLICY);
    expect(readCookie(document.cookie, 'cPol')).toBe('-y-');
  });

  it('saves the defaults when the cookie is not 3 characters', () => {
    document.cookie = 'cPol=yy; Path=/';
    expect(loadCookiePolicy()).toEqual({ mandatory: false, functional: true, advertising: false });
    expect(readCookie(document.cookie, 'cPol')).toBe('-y-');
  });

  it('loads a saved policy', () => {
    saveCookiePolicy({ mandatory: true, functional: false, advertising: false });
    expect(loadCookiePolicy()).toEqual({ mandatory: true, functional: false, advertising: false });
  });

  it('accepting sets mandatory and keeps the other choices', () => {
    expect(acceptCookiePolicy({ mandatory: false, functional: false, advertising: true })).toEqual({
      mandatory: true,
      functional: false,
      advertising: true,
    });
  });

  it('reads one cookie among others', () => {
    expect(readCookie('a=1; cPol=y-y; XSRF-TOKEN=abc', 'cPol')).toBe('y-y');
    expect(readCookie('a=1', 'cPol')).toBeNull();
  });
});
