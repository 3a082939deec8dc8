import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';
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

describe('htmlAfterMarker', () => {
  it('strips the marker', () => {
    expect(htmlAfterMarker('<html><b>Done</b>')).toBe('<b>Done</b>');
    expect(htmlAfterMarker('<HTML><b>Done</b></html>')).toBe('<b>Done</b>');
  });

  it('returns null for plain text', () => {
    expect(htmlAfterMarker('Saved <b>ok</b>')).toBeNull();
  });
});
