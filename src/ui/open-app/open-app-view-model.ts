import { makeAutoObservable, runInAction } from 'mobx';
import { openAppRequested, type OpenAppController } from '../../core/open-app/open-app.ts';
import type { Query } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The open-app popup as MobX state; intents pass to the core controller. */
export class OpenAppViewModel {
  visible: boolean;

  constructor(
    private readonly controller: OpenAppController,
    /** A plain phone browser (offersOpenApp): the "APP内打开" strip shows on the tab pages. */
    readonly offerButton: boolean,
  ) {
    this.visible = controller.visible();
    makeAutoObservable<OpenAppViewModel, 'controller'>(this, { controller: false, offerButton: false }, { autoBind: true });
    controller.subscribe((next) => runInAction(() => (this.visible = next)));
  }

  /** The route changed (or the page opened): the popup hides, and shows again when the query asks (?openApp=1). */
  routeEntered(query: Query): void {
    this.controller.routeChanged();
    if (openAppRequested(query)) this.controller.show();
  }

  navigationBlocked(): void {
    this.controller.navigationBlocked();
  }

  buttonTapped(): void {
    this.controller.show();
  }

  openTapped(): void {
    this.controller.openApp();
  }

  closeTapped(): void {
    this.controller.hide();
  }
}

/** The popup's view-model, bound by the composition root (start-screen-bindings.ts: the shell mounts the popup at start). */
export const OpenAppModel = viewModelToken<OpenAppViewModel>('OpenAppViewModel');
