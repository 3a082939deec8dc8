/**
 * The source of an integration's client, as a customer would write it against the generated
 * types (`./openapi.ts`, written by typed-client.test.ts from the running app's document). It is
 * type-checked and run by that test, outside this project's own tsconfig (the types do not exist
 * until the test generates them).
 */
export const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './openapi.ts';

type RecognitionBody = paths['/api/recognition/send']['post']['requestBody']['content']['application/json'];

/** Signs in. Anonymous forms keep the XSRF pair (decision 0002): fetch the cookie once, echo it. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const anonymous = createClient<paths>({ baseUrl });
  const issued = await anonymous.GET('/api/auth/xsrf');
  const pair = issued.response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!pair) throw new Error('no XSRF-TOKEN cookie was issued');
  const { data, error } = await anonymous.POST('/api/auth/login', {
    body: { email, password },
    headers: { cookie: pair, 'x-xsrf-token': pair.slice('XSRF-TOKEN='.length) },
  });
  if (!data) throw new Error('sign-in failed: ' + JSON.stringify(error));
  // A member with a second factor gets a challenge instead (decision 0037); this one has none.
  if (!('authToken' in data)) throw new Error('sign-in needs a second factor');
  return data.authToken;
}

/** A recognition send as an integration makes it: bearer token only, no cookies, no XSRF header. */
export async function recognise(baseUrl: string, token: string, body: RecognitionBody, key: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + token } });
  const { data, error, response } = await client.POST('/api/recognition/send', {
    body,
    params: { header: { 'Idempotency-Key': key } },
  });
  return { status: response.status, data, error };
}

/** Never called: the compiler must refuse what the document does not allow. */
export async function mistakes(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error behaviourId and message are required
  await client.POST('/api/recognition/send', { body: { toMemberIds: [1] }, params: { header: { 'Idempotency-Key': 'k-12345678' } } });
  // @ts-expect-error the Idempotency-Key header is required
  await client.POST('/api/recognition/send', { body: { toMemberIds: [1], behaviourId: 1, message: 'Thanks' } });
  // @ts-expect-error no such path
  await client.GET('/api/recognition/sent');
  const answer = await client.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'x' } });
  // @ts-expect-error the login answer has authToken, not token
  return answer.data?.token;
}
`;
