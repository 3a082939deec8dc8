import { describe, expect, it } from 'vitest';
import { upsertContentPage } from '../../src/modules/content/content.repository.ts';
import { sanitizeContentHtml } from '../../src/lib/sanitize.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

const ctx = setupApp();
const getContent = (payload: object, token?: string) =>
  ctx.request({ method: 'POST', url: '/api/site/getcontentdb', payload, token });

describe('POST /api/site/getcontentdb', () => {
  it('returns a public page by key, ignoring case, to anyone', async () => {
    await upsertContentPage(ctx.app.db, {
      key: 'Privacy',
      title: 'Privacy Policy',
      content: '<p>Hi</p>',
      audience: 'public',
    });
    const res = await getContent({ contentKey: 'Privacy', isCache: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: 'Privacy Policy', content: '<p>Hi</p>' });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect((await getContent({ contentKey: 'privacy' })).statusCode).toBe(200);
  });

  it("answers 'Invalid Key' for an empty key", async () => {
    const res = await getContent({ contentKey: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.contentKey).toEqual(['Invalid Key']);
  });

  it('answers 400 for a bad body', async () => {
    const res = await getContent({ contentKey: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.contentKey).toBeDefined();
  });

  it('answers 404 with a message for an unknown key', async () => {
    const res = await getContent({ contentKey: 'no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Sorry, we could not find that page.');
  });

  it('keeps members-only pages for members', async () => {
    await upsertContentPage(ctx.app.db, { key: 'faqs', title: 'FAQs', content: '<p>Q</p>', audience: 'members' });
    expect((await getContent({ contentKey: 'faqs' })).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx);
    expect((await getContent({ contentKey: 'faqs' }, token)).json().title).toBe('FAQs');
  });
});

describe('sanitizeContentHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeContentHtml(
      '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://a.example/i.png" onerror="y()">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('src="https://a.example/i.png"');
  });
});
