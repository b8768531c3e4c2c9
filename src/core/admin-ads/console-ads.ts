/**
 * The operator console's ads (广告): every ad with its counts, a change of one, a new one on a picture uploaded here;
 * a refusal (its schedule, its link, its picture) is answered for the form to show, not toasted.
 */
import type { LocalFile, LocalFiles } from '../ports/local-files.ts';
import { outcomeOf, type Outcome } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ConsoleAdCalls, type AdAppPage, type ConsoleAd, type ConsoleAdPosition as AdPosition } from './admin-ads-protocol.ts';

export interface AdChange {
  /** The picture's address (one UploadPicture made). */
  showURL: string;
  enabled: boolean;
  title: string;
  linkURL: string;
  /** The in-app page a tap leads to, or '' for none. */
  appPage: AdAppPage | '';
  /** Unix ms, or null for none. */
  startsAt: number | null;
  endsAt: number | null;
}



/** What a change must say; what it leaves out stays as it is (a switch says only on or off, with the schedule). */
export type PartialAdChange = Pick<AdChange, 'enabled' | 'startsAt' | 'endsAt'> & Partial<AdChange>;

/** A change as its call's fields. */
const fieldsOf = (change: PartialAdChange) => ({
  enabled: change.enabled ? 1 : 0,
  startsAt: change.startsAt ?? 0,
  endsAt: change.endsAt ?? 0,
  ...(change.showURL !== undefined ? { showURL: change.showURL } : {}),
  ...(change.title !== undefined ? { title: change.title } : {}),
  ...(change.linkURL !== undefined ? { linkURL: change.linkURL } : {}),
  ...(change.appPage !== undefined ? { appPage: change.appPage } : {}),
});

export class ConsoleAds {
  constructor(
    private readonly api: ApiClient,
    private readonly files: LocalFiles,
  ) {}

  async list(): Promise<ConsoleAd[]> {
    return this.api.request(ConsoleAdCalls.list, {});
  }

  change(id: number, change: PartialAdChange): Promise<Outcome<ConsoleAd>> {
    return outcomeOf(() => this.api.request(ConsoleAdCalls.update, { id, ...fieldsOf(change) }, { suppressTips: true }));
  }

  create(position: AdPosition, change: AdChange): Promise<Outcome<ConsoleAd>> {
    return outcomeOf(() => this.api.request(ConsoleAdCalls.create, { position, ...fieldsOf(change), showURL: change.showURL }, { suppressTips: true }));
  }

  /** Sends a picture for an ad of `position`: its address once cropped and kept, or why it was refused. */
  async uploadPicture(position: AdPosition, file: LocalFile): Promise<Outcome<string>> {
    const bytes = await this.files.read(file, 0, file.size);
    return outcomeOf(async () => (await this.api.request(ConsoleAdCalls.uploadPicture, { position }, { suppressTips: true, bytes })).showURL);
  }
}
