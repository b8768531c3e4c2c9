import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Container } from 'inversify';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('ContainerProvider is missing');
  return container;
}

/** A view-model made once for the life of the screen that asks for it. */
export function useViewModel<T>(create: (container: Container) => T): T {
  const container = useContainer();
  const [viewModel] = useState(() => create(container));
  return viewModel;
}
