/**
 * Where a logged-in user goes after signing in (by password, registration or a scanned QR code): the redirect query
 * when it is a local path, else /user.
 */
export function afterLoginPath(redirect: string | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login') ? redirect : '/user';
}
