// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChunkLoadError } from '../../../src/core/shell/chunk-load.ts';
import { ROUTE_ERROR_TEXT, RouteErrorScreen } from '../../../src/ui/app/route-error.tsx';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function Broken(): never {
  throw new Error('render failed');
}

async function show(route: Parameters<typeof createMemoryRouter>[0][number]) {
  const router = createMemoryRouter([{ path: '/', element: <p>首页</p> }, { ...route, path: '/broken', ErrorBoundary: RouteErrorScreen }], { initialEntries: ['/broken'] });
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<RouterProvider router={router} />));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return { host, router };
}

describe('the route error screen', () => {
  it('shows the Chinese load-failure screen for a chunk that failed to load', async () => {
    const { host } = await show({ lazy: () => Promise.reject(new ChunkLoadError('script', 'error')) });
    expect(host.textContent).toContain(ROUTE_ERROR_TEXT.chunk);
    expect(host.textContent).toContain('重试');
    expect(host.textContent).toContain('返回首页');
    expect(host.textContent).not.toContain('Hey developer');
  });

  it('shows the same screen for a screen that throws as it renders; 返回首页 goes home', async () => {
    const { host, router } = await show({ Component: Broken });
    expect(host.querySelector('[role="alert"]')?.getAttribute('data-error')).toBe('render');
    expect(host.textContent).toContain(ROUTE_ERROR_TEXT.render);
    expect(host.textContent).not.toContain('Unexpected Application Error');
    const home = [...host.querySelectorAll('button')].find((b) => b.textContent === '返回首页')!;
    await act(async () => home.click());
    expect(router.state.location.pathname).toBe('/');
    expect(host.textContent).toBe('首页');
  });
});
