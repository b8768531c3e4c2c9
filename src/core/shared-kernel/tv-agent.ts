/**
 * A TV's user agent: smart TVs (Samsung Tizen, LG webOS, Sony BRAVIA, HbbTV), TV boxes and sticks (Android TV, Google
 * TV, Fire TV's AFT…, Xiaomi's MiTV and MIBOX, Apple TV). One pattern for the login page (a TV offers QR sign-in),
 * the shell's diagnostics and the server's device list (电视).
 */
const TV_AGENT = /Android TV|SmartTV|SMART-TV|GoogleTV|AppleTV|HbbTV|Tizen|Web0S|WebOS|AFT[A-Z]|BRAVIA|MiTV|MIBOX|\bTV\b/i;

export function isTvAgent(userAgent: string): boolean {
  return TV_AGENT.test(userAgent);
}
