import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

const ctx = setupApp();
const validBody = {
  cellNum: '+27 83 123 4567',
  email: 'new.address@example.test',
  interests: 'Jerusalema',
  asperations: 'Surfing',
  // Changing the e-mail needs the current password (email-change.test.ts).
  currentPassword: TEST_PASSWORD,
};

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----ovationtest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('PUT /api/profile', () => {
  it('needs a session', async () => {
    expect((await ctx.request({ method: 'PUT', url: '/api/profile', payload: validBody })).statusCode).toBe(401);
  });

  it('answers 400 with field errors (cell number under 10 characters, bad e-mail)', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { cellNum: '082 555', email: 'nope', interests: 'x'.repeat(101) },
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      cellNum: ['Cell number must be at least 10 characters'],
      email: ['Enter a valid e-mail address'],
      interests: ['Theme song of my life must be at most 100 characters'],
    });
    // Punctuation alone is long enough and of the allowed characters, but no number.
    const noDigits = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { cellNum: '(---------)', email: 'someone@example.test' },
      token,
    });
    expect(noDigits.statusCode).toBe(400);
    expect(noDigits.json().errors).toEqual({ cellNum: ['Cell number must have at least 9 digits'] });
  });

  it('completes an incomplete profile and returns the new session', async () => {
    const { token } = await memberWithToken(ctx, { cellNum: null });
    const res = await ctx.request({ method: 'PUT', url: '/api/profile', payload: validBody, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().isProfileIncomplete).toBe(false);
    expect(res.json().profile).toMatchObject({
      cellNum: '+27 83 123 4567',
      email: 'new.address@example.test',
      interests: 'Jerusalema',
      asperations: 'Surfing',
    });
  });

  it('refuses an e-mail another member uses, on the e-mail field', async () => {
    const other = await createMember(ctx.app);
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { ...validBody, email: other.email },
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Another member already uses this e-mail address']);
  });

  it('ignores fields a member may not set (no mass assignment)', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      payload: {
        ...validBody,
        email: 'mass.assign@example.test',
        isAdminReports: true,
        roles: 'rep',
        country: 'Kenya',
      },
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ isAdminReports: false, roles: '', country: 'South Africa' });
  });
});

describe('profile pictures', () => {
  it('needs a session to upload', async () => {
    const body = multipart('me.png', 'image/png', await png(10, 10));
    expect((await ctx.request({ method: 'POST', url: '/api/profile/picture', ...body })).statusCode).toBe(401);
  });

  it('refuses a file that is not an image, whatever it claims to be', async () => {
    const { token } = await memberWithToken(ctx);
    const body = multipart('me.png', 'image/png', Buffer.from('<?php echo "hi"; ?>'));
    const res = await ctx.request({ method: 'POST', url: '/api/profile/picture', ...body, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.picture).toEqual(['Choose a JPEG, PNG or WebP picture']);
  });

  it('refuses a picture over 5 MB', async () => {
    const { token } = await memberWithToken(ctx);
    const body = multipart('big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    const res = await ctx.request({ method: 'POST', url: '/api/profile/picture', ...body, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.picture).toEqual(['The picture must be at most 5 MB']);
  });

  it('resizes, stores and serves the picture under a new id; the old one goes', async () => {
    const { token } = await memberWithToken(ctx);
    const upload = async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/profile/picture',
        ...multipart('me.png', 'image/png', await png(900, 600)),
        token,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { profilePicId: string; profilePicSfx: string };
    };
    const first = await upload();
    expect(first.profilePicId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.profilePicSfx).toBe('?v=1');

    const served = await ctx.request({ method: 'GET', url: `/profilepic/${first.profilePicId}${first.profilePicSfx}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 320]);

    const second = await upload();
    expect(second.profilePicSfx).toBe('?v=2');
    expect((await ctx.request({ method: 'GET', url: `/profilepic/${first.profilePicId}` })).statusCode).toBe(404);
    const session = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });
    expect(session.json()).toMatchObject({ profilePicId: second.profilePicId, profilePicSfx: '?v=2' });
  });

  it('serves /profilepic/{memberId} (spec §7) to signed-in callers, and the silhouette to anyone else', async () => {
    const { member, token } = await memberWithToken(ctx);
    const viewer = await memberWithToken(ctx);
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/profile/picture',
      ...multipart('me.png', 'image/png', await png(400, 400)),
      token,
    });
    expect(upload.statusCode).toBe(200);

    const byId = await ctx.request({ method: 'GET', url: `/profilepic/${member.id}`, token: viewer.token });
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['content-type']).toBe('image/webp');
    expect(byId.headers['cache-control']).toBe('private, max-age=300');

    const anonymous = await ctx.request({ method: 'GET', url: `/profilepic/${member.id}`, xsrf: false });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toContain('image/svg+xml');

    const noPicture = await createMember(ctx.app);
    const none = await ctx.request({ method: 'GET', url: `/profilepic/${noPicture.id}`, token: viewer.token });
    expect(none.headers['content-type']).toContain('image/svg+xml');
    const unknown = await ctx.request({ method: 'GET', url: '/profilepic/999999999', token: viewer.token });
    expect(unknown.headers['content-type']).toContain('image/svg+xml');
    // Beyond what the id column holds: unknown too, not a database error.
    const beyond = await ctx.request({ method: 'GET', url: '/profilepic/9999999999', token: viewer.token });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.headers['content-type']).toContain('image/svg+xml');
  });

  it("serves a default picture for 'nopic' without a session", async () => {
    const res = await ctx.request({ method: 'GET', url: '/profilepic/nopic' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});
