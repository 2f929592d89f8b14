// oidc-provider ships no type declarations: the few parts tests/helpers/oidc-provider.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type KoaContext = {
    path: string;
    method: string;
    status: number;
    body: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    Grant: new (fields: { accountId: string; clientId: string }) => {
      addOIDCScope(scope: string): void;
      addOIDCClaims(claims: string[]): void;
      save(): Promise<string>;
    };
  }
}
