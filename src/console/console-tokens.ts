/** The console screens' view-models, as the console's composition root binds them (src/composition/console-container.ts). */
import { viewModelToken } from '../ui/app/view-model-token.ts';
import type { AdsViewModel } from './ads-view-model.ts';
import type { AuditViewModel } from './audit-view-model.ts';
import type { MediaViewModel } from './media-view-model.ts';
import type { OperatorsViewModel } from './operators-view-model.ts';
import type { SessionsViewModel } from './sessions-view-model.ts';
import type { SignInViewModel } from './sign-in-view-model.ts';

export const SignInVM = viewModelToken<SignInViewModel>('SignInViewModel');
export const SessionsVM = viewModelToken<SessionsViewModel>('SessionsViewModel');
export const AuditVM = viewModelToken<AuditViewModel>('AuditViewModel');
export const AdsVM = viewModelToken<AdsViewModel>('AdsViewModel');
export const MediaVM = viewModelToken<MediaViewModel>('MediaViewModel');
export const OperatorsVM = viewModelToken<OperatorsViewModel>('OperatorsViewModel');
/** The console's signed-in operator (one for the console's life). */
export const ConsoleSession = Symbol('ConsoleSessionModel');
