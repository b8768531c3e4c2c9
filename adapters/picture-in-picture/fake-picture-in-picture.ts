import type { PictureInPicture, PictureInPictureTarget } from '../../src/core/ports/picture-in-picture.ts';
import { FakePresentationMode } from '../presentation/fake-presentation-mode.ts';

/** Picture-in-picture a test steers: offered or not, refusing or granting, closed by the viewer. */
export class FakePictureInPicture extends FakePresentationMode<PictureInPictureTarget> implements PictureInPicture {
  /** The viewer closes the small window (its × or back-to-tab button). */
  closeByUser(): void {
    void this.exit();
  }
}
