/**
 * Operators of the console (not app users): the rules of their names and passwords, which the console's forms, the
 * server and the operator command line (npm run admin -- operators …) apply alike. Their roles and what each may
 * open: shared-kernel/console-access.ts.
 */
import { OperatorLimits, OperatorTexts } from './admin-operators-texts.ts';

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
