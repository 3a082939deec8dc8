import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { UNEXPECTED_ERROR } from './api-error.ts';
import { showMessage } from './message-box.tsx';
import type * as MessageBox from './message-box.tsx';

vi.mock('./message-box.tsx', async (original) => ({
  ...(await original<typeof MessageBox>()),
  showMessage: vi.fn(() => Promise.resolve(true)),
}));

/** A 200 whose body cannot be read: `abort` says whether the caller cancelled meanwhile. */
function brokenBody(controller: AbortController | null) {
  const res = new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
  Object.defineProperty(res, 'text', {
    value: () => {
      controller?.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    },
  });
  return res;
}

describe('api client: a body that cannot be read', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(showMessage).mockClear();
  });

  it('tells nobody when the caller cancelled while the body was arriving (a screen left mid-load)', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(brokenBody(controller)));
    await expect(api.get('/api/rewards/basket', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(showMessage).not.toHaveBeenCalled();
  });

  it('shows the unexpected-error box when nobody cancelled', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(brokenBody(null)));
    await expect(api.get('/api/rewards/basket')).rejects.toMatchObject({ message: UNEXPECTED_ERROR.body });
    expect(showMessage).toHaveBeenCalledWith({ title: UNEXPECTED_ERROR.title, msg: UNEXPECTED_ERROR.body });
  });
});
