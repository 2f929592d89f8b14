// A real OpenID Provider for the single sign-on tests: the `oidc-provider` package (a certified OpenID Connect
// implementation) on an ephemeral loopback port, with one confidential client (client_secret_basic, code flow, PKCE)
// and people the test defines (their e-mail, name and groups go into the ID token). Its own login page is the
// development one: any login name with any password signs in as the person of that name.
//
// A few refusals need an ID token the provider would never issue to this client (another audience, an expired one,
// a foreign signature). For those the test sets `tamper`: the token endpoint's real answer has its ID token re-signed
// with the provider's own key after one claim is changed (or with another key) — what a token minted for another
// client, replayed late, or forged would look like to the app.
import { createHash, createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type DirectoryPerson = { email: string; name: string; groups: string[]; emailVerified?: boolean };

/** `amr`: the methods a directory reports it used (RFC 8176); the development login page reports none. */
export type TamperedIdToken = { aud?: string; expiredSecondsAgo?: number; foreignKey?: boolean; amr?: string[] };

export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The directory's people by login name (the ID token's `sub`); change them between sign-ins. */
  people: Map<string, DirectoryPerson>;
  /** Set to change the next token answers' ID token (see above); null = as the provider issued it. */
  tamper: TamperedIdToken | null;
  /** Requests the token endpoint has answered. */
  tokenRequests: number;
  /**
   * Plays the browser at the provider: opens the authorization URL, posts the login form as `login`, and returns the
   * URL the provider redirects back to (our callback with code and state).
   */
  signInAt: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
};

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign("RSA-SHA256").update(input).sign(key);
  return `${input}.${base64url(signature)}`;
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  /** 0 (default): any free port. */
  port?: number;
}): Promise<OidcTestProvider> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const foreign = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const kid = createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 16);
  const jwk = { ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? "docflow-test";
  const clientSecret = "client-secret-of-the-test-directory-0123456789";

  const state: OidcTestProvider = {
    issuer,
    clientId,
    clientSecret,
    people: new Map(),
    tamper: null,
    tokenRequests: 0,
    signInAt: (url, login) => signInAt(url, login),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["oidc-test-cookie-key"] },
    // The ID token carries the person's claims itself (the app reads them there, as from most directories).
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, AuthorizationCode: 60, IdToken: 3600 },
    features: { devInteractions: { enabled: true } },
    // A first-party client: no consent page, every requested scope granted.
    async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId?: string } } }) {
      if (!ctx.oidc.session.accountId) return undefined;
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name", "groups"]);
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: unknown, sub: string) {
      const person = state.people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name,
          groups: person.groups,
        }),
      };
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== "/token" || ctx.method !== "POST") return;
    state.tokenRequests += 1;
    const body = ctx.body as { id_token?: string } | undefined;
    if (!state.tamper || ctx.status !== 200 || !body?.id_token) return;
    const payload = JSON.parse(Buffer.from(body.id_token.split(".")[1]!, "base64url").toString("utf8"));
    if (state.tamper.aud !== undefined) payload.aud = state.tamper.aud;
    if (state.tamper.amr !== undefined) payload.amr = state.tamper.amr;
    if (state.tamper.expiredSecondsAgo !== undefined) {
      const now = Math.floor(Date.now() / 1000);
      payload.exp = now - state.tamper.expiredSecondsAgo;
      payload.iat = payload.exp - 3600;
      payload.auth_time = payload.iat;
    }
    body.id_token = signJwt(payload, state.tamper.foreignKey ? foreign : privateKey, kid);
  });
  server.on("request", provider.callback());

  /** A cookie jar of one browser at the provider, following redirects by hand until it leaves the provider. */
  async function signInAt(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...rest] = pair!.split("=");
        jar.set(name!.trim(), rest.join("="));
      }
    };
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    let url = new URL(authorizationUrl);
    let body: string | null = null;
    for (let step = 0; step < 10; step++) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie: cookie(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        body,
      });
      remember(response);
      body = null;
      const location = response.headers.get("location");
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action || !html.includes('name="login"')) {
        throw new Error(`The provider answered ${response.status} without a login form: ${html.slice(0, 300)}`);
      }
      url = new URL(action.replaceAll("&amp;", "&"), url);
      body = new URLSearchParams({ prompt: "login", login, password: "any" }).toString();
    }
    throw new Error("Too many redirects at the provider");
  }

  return state;
}
