/** Signs a test user in through POST /api/login and answers the cookie to send back. */
import { action as apiLogin } from "#app/routes/api.login.ts";
import { TEST_PASSWORD } from "#tests/factories.ts";
import { call, cookieFrom } from "./http.ts";

export async function loginCookie(username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await call(apiLogin, "/api/login", { json: { username, password }, address: `login-${username}` });
  if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status}`);
  return cookieFrom(response);
}
