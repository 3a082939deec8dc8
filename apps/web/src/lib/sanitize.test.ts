import { describe, expect, it } from 'vitest';
import { headingsFrom, sanitizeHtml } from './sanitize.ts';
import { htmlAfterMarker } from './message-box.tsx';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts and handlers', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    );
    expect(out).toContain('<b>there</b>');
    expect(out).not.toMatch(/script|onclick|onerror/);
  });

  it('drops javascript: links and protects new-tab links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript');
    expect(sanitizeHtml('<a href="https://a.example" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });
});

describe('headingsFrom', () => {
  it('moves the highest heading to the level asked for and keeps the distances below it', () => {
    expect(headingsFrom('<h3 id="a">One</h3><p>x</p><h4><b>Two</b></h4><h3>Three</h3>', 2)).toBe(
      '<h2 id="a">One</h2><p>x</p><h3><b>Two</b></h3><h2>Three</h2>',
    );
    expect(headingsFrom('<h1>Top</h1><h2>Below</h2>', 3)).toBe('<h3>Top</h3><h4>Below</h4>');
  });

  it('stops at h6 and leaves HTML without headings, or already right, as it is', () => {
    expect(headingsFrom('<h1>a</h1><h6>b</h6>', 3)).toBe('<h3>a</h3><h6>b</h6>');
    expect(headingsFrom('<p>Plain</p>', 2)).toBe('<p>Plain</p>');
    expect(headingsFrom('<h2>a</h2><h3>b</h3>', 2)).toBe('<h2>a</h2><h3>b</h3>');
  });
});

describe('htmlAfterMarker', () => {
  it('strips the marker', () => {
    expect(htmlAfterMarker('<html><b>Done</b>')).toBe('<b>Done</b>');
    expect(htmlAfterMarker('<HTML><b>Done</b></html>')).toBe('<b>Done</b>');
  });

  it('returns null for plain text', () => {
    expect(htmlAfterMarker('Saved <b>ok</b>')).toBeNull();
  });
});
