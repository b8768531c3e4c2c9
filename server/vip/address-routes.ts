import { AddressCalls } from '../../src/core/vip/address-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { AddressBook } from './address-book.ts';

/** The signed-in user's delivery addresses (address-book.ts); each call reaches the caller's own only. */
export function registerAddressRoutes(api: ApiRouter, services: AppServices): void {
  const book = new AddressBook(services.db, () => services.clock.now());
  serve(api, AddressCalls.list, 'required', ({ auth }) => book.list(auth.user.id));
  serve(api, AddressCalls.save, 'required', ({ auth, input }) => book.save(auth.user.id, input));
  serve(api, AddressCalls.remove, 'required', async ({ auth, input }) => {
    await book.remove(auth.user.id, input.id);
    return null;
  });
  serve(api, AddressCalls.setDefault, 'required', async ({ auth, input }) => {
    await book.setDefault(auth.user.id, input.id);
    return null;
  });
}
