import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { installAntdReact19Render } from './antd-react19.ts';

// antd-mobile must render through React 19's createRoot before its first toast or dialog.
installAntdReact19Render();

export { Dialog, Toast };
