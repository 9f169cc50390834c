/** A JSON POST to the site's own API; rejects with 'Network Error' when the server cannot be reached (spec 000 §8 step 5). */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Posts `body` as JSON, with a bearer token when given. */
export async function postJson(path: string, body: unknown, token: string | null): Promise<JsonAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new Error('Network Error');
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { userMessage: 'generalFailure', sysMessage: text.slice(0, 200) };
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
