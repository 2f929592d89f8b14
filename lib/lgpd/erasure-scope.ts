// What an LGPD deletion does to every text, JSON and binary column of the schema (docs/privacy.md explains each).
// The deleted documents' own rows (Document, Observation, Attachment, DocumentHistory) are deleted outright; in
// the rows that stay, `masked` columns get the person's CPF, names, e-mails and phones replaced (person-mask.ts),
// `kept` columns are left as they are for the reason given. tests/lgpd-erasure.http.test.ts fails when a table or
// column of the database is in neither list, so a new one cannot be forgotten.

export type MaskedColumn = "text" | "json";

type TableErasure = {
  /** SQL condition for the instance's rows ($1 = instance id); required when `masked` is set. */
  rows?: string;
  masked?: Record<string, MaskedColumn>;
  kept?: Record<string, string>;
};

const OF_INSTANCE = `"instanceId" = $1`;
const OF_INSTANCE_DOCUMENTS = `"documentId" IN (SELECT id FROM "Document" WHERE "instanceId" = $1)`;

export const ERASURE_SCOPE: Record<string, TableErasure> = {
  Instance: {
    rows: `id = $1`,
    masked: { name: "text", replySubject: "text", replyBody: "text" },
    kept: {
      slug: "the instance's address in URLs; letters, digits and dashes chosen by the operator",
      attachmentFormats: "file format names from a fixed list (pdf, jpg, …)",
    },
  },
  User: {
    kept: {
      email: "staff accounts (the controller's employees, not the data subject); the sign-in name",
      name: "staff accounts, not the data subject",
      passwordHash: "a password hash",
      locale: "a language code",
      ssoSubject: "the staff member's identifier in the company's directory (staff accounts, not the data subject)",
    },
  },
  SsoSettings: {
    kept: {
      issuerUrl: "the company's directory address",
      clientId: "the app's identifier at the directory",
      clientSecretEncrypted: "the app's secret at the directory, encrypted",
      clientSecretHint: "the secret's last four characters",
      allowedDomains: "e-mail domains (the company's own)",
      groupsClaim: "a claim name",
      groupRoles: "directory group names and roles",
    },
  },
  SsoLoginAttempt: {
    kept: {
      stateHash: "a hash of a random state",
      nonce: "a random value of a sign-in in flight (minutes)",
      codeVerifier: "a random value of a sign-in in flight (minutes)",
      redirectUri: "this app's own callback address",
      callbackPath: "a path of this app",
    },
  },
  StaffSession: {
    kept: {
      idHash: "a hash of a staff session's random id",
      userAgent: "a staff member's browser (staff accounts, not the data subject)",
    },
  },
  UserSecondFactor: {
    kept: { secretCipher: "a staff member's TOTP secret, encrypted (staff accounts, not the data subject)" },
  },
  RecoveryCode: {
    kept: { codeHash: "a keyed hash of a staff member's recovery code" },
  },
  PasswordReset: {
    kept: {
      id: "a random identifier of a staff password reset",
      secretHash: "a hash of the reset link's secret",
    },
  },
  ApiToken: {
    rows: OF_INSTANCE,
    masked: { name: "text" },
    kept: { prefix: "the token's first characters (random)", tokenHash: "a hash of a random secret" },
  },
  LgpdKey: {
    kept: {
      keyHash: "a hash of a random secret",
      lastChars: "the key's last characters (random)",
      previousKeyHash: "a hash of the replaced random secret (kept during the rotation's overlap window)",
      previousLastChars: "the replaced key's last characters (random)",
    },
  },
  LgpdRequest: {
    rows: OF_INSTANCE,
    masked: { lastError: "text", details: "json", note: "text", reviewReason: "text" },
    kept: {
      channel: "a code (email, letter, phone, in_person)",
      review: "a code (awaiting, approved, denied)",
      cpfHash: "keyed HMAC of the digits: answers the status lookup, unreadable without the server's secret",
      cpfMasked: "***.456.789-**: the middle six digits only, as the spec requires for display",
      cpfPending: "readable only while a request waits; this request's is cleared when it is processed",
      pendingKey: "equals cpfHash while pending, then null",
      source: "api or admin",
      leaseOwner: "host:pid of the worker",
    },
  },
  LgpdAccessRequest: {
    rows: OF_INSTANCE,
    masked: { lastError: "text", details: "json", note: "text" },
    kept: {
      channel: "a code (email, letter, phone, in_person)",
      cpfHash: "keyed HMAC of the digits, as LgpdRequest.cpfHash",
      cpfMasked: "the middle six digits only, as LgpdRequest.cpfMasked",
      cpfPending: "readable only while the package waits; the erasure of the CPF clears it",
      pendingKey: "equals cpfHash while pending, then null",
      source: "api or admin",
      leaseOwner: "host:pid of the worker",
      documentIds:
        "ids of the documents the package includes (numbers): the erasure finds the packages to discard by them",
      packageCipher:
        "an encrypted zip: the erasure of its CPF, or of the current owner of a document it includes, deletes it; another person's package expires with its link",
    },
  },
  LgpdLegalHold: { rows: OF_INSTANCE, masked: { basis: "text" } },
  StatusCategory: {
    rows: OF_INSTANCE,
    masked: { label: "text" },
    kept: { key: "a code the workflow refers to" },
  },
  Status: {
    rows: OF_INSTANCE,
    masked: { name: "text", description: "text", publicName: "text", messageSubject: "text", messageBody: "text" },
    kept: { textColor: "a #rrggbb colour", bgColor: "a #rrggbb colour" },
  },
  Product: { rows: OF_INSTANCE, masked: { name: "text", description: "text" } },
  ProductStep: {
    rows: `"productId" IN (SELECT id FROM "Product" WHERE "instanceId" = $1)`,
    masked: { name: "text" },
  },
  ProductColumn: {
    rows: `"productId" IN (SELECT id FROM "Product" WHERE "instanceId" = $1)`,
    masked: { label: "text" },
    kept: {
      key: "the filled_columns key documents use; masking it would detach their values",
      options: "a list column's allowed values, stored as is in documents' filled_columns (like key)",
    },
  },
  Modality: {
    kept: {
      identifier: "a code copied into documents (modality_identifier) and unique per instance",
      workingHours: "a weekly schedule of HH:MM times, validated",
      timeZone: "an IANA time-zone name, validated",
    },
  },
  ModalityHoliday: {
    rows: `"modalityId" IN (SELECT id FROM "Modality" WHERE "instanceId" = $1)`,
    masked: { name: "text" },
  },
  Document: {
    rows: OF_INSTANCE,
    masked: { source: "text", filledColumns: "json" },
    kept: {
      protocol: "generated (date and sequence)",
      modalityIdentifier: "a copy of Modality.identifier",
      cpf: "the remaining document's own subject (another identifier: documents with this CPF are deleted); a former holder's values are masked in its history",
      cpfDigits: "the remaining document's own subject, as cpf",
      name: "the remaining document's own subject",
      phone: "the remaining document's own subject",
      email: "the remaining document's own subject",
    },
  },
  ProtocolCounter: { kept: { day: "a date" } },
  DashboardCount: { kept: { slaState: "a code (no_sla, in_sla, late, running): counts, no document's data" } },
  Observation: {
    rows: OF_INSTANCE_DOCUMENTS,
    masked: { text: "text", authorLabel: "text", attachmentName: "text" },
  },
  Attachment: {
    rows: OF_INSTANCE_DOCUMENTS,
    masked: {
      fileName: "text",
      requestName: "text",
      requestNote: "text",
      authorLabel: "text",
      linkPath: "text",
      linkDriver: "text",
    },
    kept: {
      mediaType: "a MIME type",
      storedName: "a generated name (a uuid and the extension of the sniffed type), never the customer's file name",
      sha256: "a hash of the content",
      content: "the file's bytes (PDF, images …): not rewritten; see docs/privacy.md",
    },
  },
  OutboxMessage: {
    // The erased person's messages go with their documents (foreign key, cascade); in other documents' messages she
    // is masked like anywhere else — the recipient too, should another document carry her address.
    rows: OF_INSTANCE,
    masked: { recipient: "text", subject: "text", body: "text", lastError: "text", lastResponse: "text" },
    kept: { leaseOwner: "host:pid of the worker" },
  },
  WebhookEndpoint: {
    rows: OF_INSTANCE,
    masked: { disabledReason: "text" },
    kept: {
      url: "an integrator's system address, chosen by an admin",
      events: "event names",
      payload: '"minimal" or "full"',
      secretCipher: "an encrypted random secret",
      secretHint: "the secret's last characters (random)",
      previousSecretCipher: "the replaced random secret, encrypted (kept during the rotation's overlap window)",
    },
  },
  DocumentHistory: {
    rows: OF_INSTANCE_DOCUMENTS,
    masked: { changes: "json", actorLabel: "text" },
    kept: { action: "a code (create, update, observation …)", requestId: "a random request id" },
  },
  SavedFilter: {
    rows: `"userId" IN (SELECT id FROM "User" WHERE "instanceId" = $1)`,
    masked: { name: "text", filters: "json" },
  },
  AuditLog: {
    rows: OF_INSTANCE,
    masked: { actorLabel: "text", entityId: "text", details: "json", reason: "text" },
    kept: {
      subjectHash: "keyed hash of a CPF, as the deletion receipt keeps: unreadable without the server's secret",
      action: "a code (status.update …)",
      entity: "a code (status, user …)",
      actorType: "a code (user, token, system, customer)",
    },
  },
  IdempotencyKey: {
    rows: OF_INSTANCE,
    // A document/create answer is deleted with its document (foreign key, cascade); what stays is masked like any JSON.
    masked: { response: "json" },
    kept: {
      bodyHash: "keyed hash of the request body: unreadable without the server's secret",
      credential: "token:<id>, user:<id> or lgpd",
      key: "the client's random Idempotency-Key (a UUID or similar); expires after 24 h",
      route: "a route name",
    },
  },
  MaskingPolicy: { kept: { maskedFields: "field names (cpf, email, phone, name)" } },
  RateLimitCounter: {
    kept: {
      key: "token:<id>, user:<id> or the auth/token caller's address, per minute window; old windows are purged",
    },
  },
  SignInThrottle: { kept: { key: "email:/addr:/track-protocol:/track-addr: + a keyed hash; expires with its window" } },
  RetentionRule: {
    rows: OF_INSTANCE,
    masked: { lastError: "text" },
    kept: { action: "anonymise or delete", status: "inactive or pending", leaseOwner: "host:pid of the worker" },
  },
  RetentionRun: { rows: OF_INSTANCE, masked: { error: "text" } },
  TrackingPageSettings: {
    rows: OF_INSTANCE,
    // The company's own name and help channel; masked like the instance's name in case a person's contact was typed.
    masked: { companyName: "text", helpEmail: "text", helpPhone: "text", helpWhatsapp: "text" },
    kept: {
      privacyUrl: "the company's privacy-notice address (https)",
      logo: "the company's logo image (PNG, JPEG or WebP)",
      logoMediaType: "a media type",
      logoSha256: "a hash of the logo",
    },
  },
  _prisma_migrations: {
    kept: {
      id: "migration bookkeeping",
      checksum: "migration bookkeeping",
      migration_name: "migration bookkeeping",
      logs: "migration bookkeeping",
    },
  },
};
