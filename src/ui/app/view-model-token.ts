/**
 * Screens' view-models as the composition root binds them: typed tokens, the binding of a view-model's factory,
 * and what lives once per screen. No React here: the composition root and the headless core import it.
 */
import type { Container, ServiceIdentifier } from 'inversify';

/** What a view-model's factory asks its dependencies of: the screen's container (its parent: the app's). */
export interface Resolver {
  get<T>(id: ServiceIdentifier<T>): T;
}

declare const madeFrom: unique symbol;

/**
 * A screen's view-model as the composition root binds it (src/composition/*-bindings.ts, with {@link bindViewModel}):
 * the screen asks for it by this token with `useViewModel` (container-context.tsx) and knows nothing of what it is made from.
 * `Props` is what the screen hands over (a route parameter, a callback); `void` when nothing.
 */
export interface ViewModelToken<VM, Props = void> {
  readonly id: symbol;
  /** Types only: the factory the token stands for. */
  readonly [madeFrom]?: (props: Props) => VM;
}

export function viewModelToken<VM, Props = void>(name: string): ViewModelToken<VM, Props> {
  return { id: Symbol(name) };
}

export type ViewModelFactory<VM, Props> = (props: Props) => VM;

/** Binds a screen's view-model: `create` makes it from the screen's container and the screen's props. */
export function bindViewModel<VM, Props>(container: Container, token: ViewModelToken<VM, Props>, create: (c: Resolver, props: Props) => VM): void {
  container.bind<ViewModelFactory<VM, Props>>(token.id).toDynamicValue((ctx) => (props: Props) => create(ctx, props));
}

/** What the composition root binds to live as long as one screen (one instance per screen, shared by its view-models). */
export interface ScreenScoped {
  bind(screen: Container): void;
}
export const ScreenScopedBindings = Symbol('ScreenScopedBindings');

/**
 * Binds `id` once per screen: every view-model of one screen gets the same instance, the next screen a new one
 * (a draft, a controller two view-models of a screen share).
 * @public No screen uses it at the moment; kept for the screens being moved to view-model tokens (issue 21).
 */
export function bindScreenScoped<T>(container: Container, id: ServiceIdentifier<T>, create: (c: Resolver) => T): void {
  container.bind<ScreenScoped>(ScreenScopedBindings).toConstantValue({ bind: (screen) => void screen.bind<T>(id).toDynamicValue(create).inSingletonScope() });
}
