/**
 * The address of the API server, for addresses it answers as paths (the sandbox payment page): the configured
 * API base, else the page's own origin in the browser; '' headless (paths stay paths).
 */
export const ApiOrigin = Symbol('ApiOrigin');
