/**
 * Who may do what in the operator console (issue 33), shared by every console feature, the console's screens and
 * the server: the roles, the console's pages and the roles that may open each (the server refuses their calls to
 * the others alike), and the answer codes every console call may give.
 */

/**
 * owner: everything, operators and the audit log included; editor: content (ingest, the catalogue, ads, help);
 * moderator: the community (reports, moderation); finance: money (packages, orders, refunds, codes).
 */
export const OPERATOR_ROLES = ['owner', 'editor', 'moderator', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The console's pages and who may open them. */
export const CONSOLE_PAGES = {
  overview: OPERATOR_ROLES,
  sessions: OPERATOR_ROLES,
  media: ['owner', 'editor'],
  ads: ['owner', 'editor'],
  operators: ['owner'],
  audit: ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type ConsolePage = keyof typeof CONSOLE_PAGES;

export function mayOpen(role: OperatorRole, page: ConsolePage): boolean {
  return (CONSOLE_PAGES[page] as readonly OperatorRole[]).includes(role);
}

/** What any console call may answer besides its own refusals. */
export const ConsoleAccessRet = {
  /** No console session, or one that ended or expired. */
  SignInRequired: 9501,
  /** The operator's role may not make this call. */
  Forbidden: 9504,
  /** A change sent without the console's own Origin (a cross-site request). */
  BadOrigin: 9505,
} as const;
