import type { TestContext } from './build-app.ts';

/** The bell's requests as a member makes them: the list, marking read, and reacting to kudos. */
export function bellRequests(ctx: TestContext) {
  const get = (token?: string) => ctx.request({ method: 'GET', url: '/api/notifications', token });
  const markRead = (token: string | undefined, payload: unknown) =>
    ctx.request({ method: 'POST', url: '/api/notifications/read', token, payload: payload as object });
  const react = (token: string, messageLogId: number, reactNum: number, isRedactReact = false) =>
    ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutReact',
      token,
      payload: { messageLogId, reactNum, isRedactReact },
    });
  return { get, markRead, react };
}
