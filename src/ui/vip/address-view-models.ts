import { makeAutoObservable, runInAction } from 'mobx';
import { maskText } from '../../core/display/mask.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { AddressBook } from '../../core/vip/address-book.ts';
import { type AddressView } from '../../core/vip/address-protocol.ts';
import { AddressScreenTexts, AddressTexts } from '../../core/vip/vip-texts.ts';
import { idOf } from '../../core/request/answer-values.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const AddressPaths = { addAddress: '/addAddress' } as const;

/** A notice (spec: notices toast for 1 s). */
const NOTICE = { durationMs: 1_000, position: 'center' } as const;

/** An address row as the list shows it: the phone masked by the display rules. */
export interface AddressRow {
  address: AddressView;
  phoneText: string;
  chosen: boolean;
}

type Book = Pick<AddressBook, 'list' | 'remove' | 'setDefault' | 'choose' | 'chosenOf'>;

/**
 * /choseAddress: the user's delivery addresses. Opened from the purchase screen (`select=1`) a tap picks the one
 * the gift goes to and goes back; otherwise it manages them (edit, default, delete).
 */
export class ChoseAddressViewModel {
  addresses: AddressView[] = [];
  status: 'loading' | 'ready' | 'failed' = 'loading';
  private chosenId: number | null = null;

  constructor(
    private readonly book: Book,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    readonly selecting: boolean,
  ) {
    makeAutoObservable<ChoseAddressViewModel, 'book' | 'navigator' | 'notifier'>(this, { book: false, navigator: false, notifier: false, selecting: false }, { autoBind: true });
  }

  get rows(): AddressRow[] {
    return this.addresses.map((address) => ({ address, phoneText: maskText(address.phone), chosen: this.selecting && address.id === this.chosenId }));
  }

  get canAdd(): boolean {
    return this.status === 'ready';
  }

  async load(): Promise<void> {
    try {
      const list = await this.book.list();
      runInAction(() => {
        this.addresses = list;
        this.chosenId = this.book.chosenOf(list)?.id ?? null;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  /** A row tapped: picked for the order (and back to it), or, when managing, opened to edit. */
  rowTapped(id: number): void {
    if (!this.selecting) {
      this.editTapped(id);
      return;
    }
    this.book.choose(id);
    this.navigator.back();
  }

  editTapped(id: number): void {
    this.navigator.push(AddressPaths.addAddress, { id: String(id) });
  }

  addTapped(): void {
    this.navigator.push(AddressPaths.addAddress);
  }

  async setDefaultTapped(id: number): Promise<void> {
    if (await this.book.setDefault(id)) await this.load();
  }

  async removeTapped(id: number): Promise<void> {
    const sure = await this.notifier.confirm({ message: AddressScreenTexts.removeConfirm, confirmText: AddressScreenTexts.remove, cancelText: '取消' });
    if (!sure) return;
    if (await this.book.remove(id)) {
      this.notifier.toast(AddressTexts.Deleted, NOTICE);
      await this.load();
    }
  }
}

/** /addAddress (?id= edits one): the form, checked as the server checks it before anything is sent. */
export class AddAddressViewModel {
  name = '';
  phone = '';
  region = '';
  detail = '';
  isDefault = false;
  saving = false;
  /** Editing: the address was found in the user's list (false while loading, or when it is not theirs). */
  loaded: boolean;
  readonly id: number | null;

  constructor(
    private readonly book: Pick<AddressBook, 'list' | 'save'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    id: string | undefined,
  ) {
    this.id = idOf(id);
    this.loaded = this.id === null;
    makeAutoObservable<AddAddressViewModel, 'book' | 'navigator' | 'notifier'>(this, { book: false, navigator: false, notifier: false, id: false }, { autoBind: true });
  }

  get title(): string {
    return this.id === null ? AddressScreenTexts.add : AddressScreenTexts.edit;
  }

  /** Editing: the address's fields from the user's own list (an id that is not theirs leaves the form empty and says so). */
  async opened(): Promise<void> {
    if (this.id === null) return;
    let found: AddressView | undefined;
    try {
      found = (await this.book.list()).find((item) => item.id === this.id);
    } catch {
      return;
    }
    if (!found) {
      this.notifier.toast(AddressTexts.NotFound, NOTICE);
      return;
    }
    const address = found;
    runInAction(() => {
      this.name = address.name;
      this.phone = address.phone;
      this.region = address.region;
      this.detail = address.detail;
      this.isDefault = address.isDefault;
      this.loaded = true;
    });
  }

  setField(field: 'name' | 'phone' | 'region' | 'detail', value: string): void {
    this[field] = value;
  }

  setDefault(value: boolean): void {
    this.isDefault = value;
  }

  async saveTapped(): Promise<void> {
    if (this.saving || !this.loaded) return;
    this.saving = true;
    try {
      const outcome = await this.book.save({ name: this.name, phone: this.phone, region: this.region, detail: this.detail, isDefault: this.isDefault }, this.id ?? undefined);
      if (outcome.kind === 'invalid') this.notifier.toast(outcome.message, NOTICE);
      if (outcome.kind !== 'saved') return;
      this.notifier.toast(AddressTexts.Saved, NOTICE);
      this.navigator.back();
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}

export const ChoseAddressModel = viewModelToken<ChoseAddressViewModel>('ChoseAddressModel');
export const AddAddressModel = viewModelToken<AddAddressViewModel>('AddAddressModel');
