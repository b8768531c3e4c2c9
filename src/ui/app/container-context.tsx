import { createContext, useContext, useState, type ReactNode } from 'react';
import { Container } from 'inversify';
import { ScreenScopedBindings, type ScreenScoped, type ViewModelFactory, type ViewModelToken } from './view-model-token.ts';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('ContainerProvider is missing');
  return container;
}

/**
 * Gives the screen under it a container of its own, a child of the app's: what is bound screen-scoped lives in it,
 * and goes with the screen. Every route's screen is rendered in one (routes.tsx).
 */
export function ScreenScope({ children }: { children: ReactNode }) {
  const parent = useContainer();
  const [screen] = useState(() => {
    const child = new Container({ parent });
    for (const scoped of parent.isBound(ScreenScopedBindings) ? parent.getAll<ScreenScoped>(ScreenScopedBindings) : []) scoped.bind(child);
    return child;
  });
  return <ContainerContext.Provider value={screen}>{children}</ContainerContext.Provider>;
}

/**
 * The screen's view-model, made once for the life of the component that asks for it, by the factory the
 * composition root bound to `token`; made anew (from the props of that render) when one of `renewOn` changes
 * (the barrages of the next episode on the same play screen).
 */
export function useViewModel<VM>(token: ViewModelToken<VM>): VM;
export function useViewModel<VM, Props>(token: ViewModelToken<VM, Props>, props: Props, renewOn?: readonly unknown[]): VM;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above give the types
export function useViewModel(token: ViewModelToken<any, any>, props?: unknown, renewOn: readonly unknown[] = ONCE): unknown {
  const container = useContainer();
  const make = () => container.get<ViewModelFactory<unknown, unknown>>(token.id)(props);
  const [made, setMade] = useState(() => ({ renewOn, viewModel: make() }));
  if (!sameValues(made.renewOn, renewOn)) {
    // React's "state from the previous render": this render is redone at once with the new view-model.
    const next = { renewOn, viewModel: make() };
    setMade(next);
    return next.viewModel;
  }
  return made.viewModel;
}

const ONCE: readonly unknown[] = [];

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}
