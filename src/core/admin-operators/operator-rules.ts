/**
 * Operators of the console (not app users): their roles, and the rules of their names and passwords, which the
 * console's forms, the server and the operator command line (npm run admin -- operators …) apply alike.
 */
import { OperatorLimits, OperatorTexts } from './admin-operators-texts.ts';

/**
 * owner: everything, operators and the audit log included; editor: content (ingest, the catalogue, ads, help);
 * moderator: the community (reports, moderation); finance: money (packages, orders, refunds, codes).
 */
export const OPERATOR_ROLES = ['owner', 'editor', 'moderator', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The characters of an operator name. */
export const OPERATOR_NAME = /^[A-Za-z0-9_.-]{2,32}$/;

/** Why an operator name is refused (OperatorTexts.nameInvalid), or null. */
export function operatorNameProblem(name: string): string | null {
  return name.length >= OperatorLimits.nameMin && name.length <= OperatorLimits.nameMax && OPERATOR_NAME.test(name) ? null : OperatorTexts.nameInvalid;
}

/** Why an operator password is refused (OperatorTexts.passwordInvalid), or null. */
export function operatorPasswordProblem(password: string): string | null {
  return password.length >= OperatorLimits.passwordMin && password.length <= OperatorLimits.passwordMax ? null : OperatorTexts.passwordInvalid;
}

/** The console's pages and who may open them (the server refuses their calls to the others alike). */
export const CONSOLE_PAGES = {
  overview: OPERATOR_ROLES,
  sessions: OPERATOR_ROLES,
  operators: ['owner'],
  audit: ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type ConsolePage = keyof typeof CONSOLE_PAGES;

export function mayOpen(role: OperatorRole, page: ConsolePage): boolean {
  return (CONSOLE_PAGES[page] as readonly OperatorRole[]).includes(role);
}
