import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

/** antd-mobile 5 renders its toasts and dialogs with the React 18 API; on React 19 it needs createRoot. */
export function installAntdReact19Render(): void {
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
    };
  });
}
