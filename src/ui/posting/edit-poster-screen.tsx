import Slider from 'antd-mobile/es/components/slider';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { LoadingState } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CropLimits } from './crop-geometry.ts';
import { EditPosterModel, type EditPosterViewModel } from './media-view-models.ts';
import { PostingTexts } from './posting-texts.ts';
import './posting.css';

interface Point {
  x: number;
  y: number;
}

/** Drag with one finger (or the mouse), pinch with two, the wheel on a computer. */
function useCropGestures(vm: EditPosterViewModel, frame: React.RefObject<HTMLDivElement | null>) {
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  const local = (point: Point): Point => {
    const box = frame.current?.getBoundingClientRect();
    return box ? { x: point.x - box.left, y: point.y - box.top } : point;
  };
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return null;
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const two = spread();
    pinch.current = two && two.distance > 0 ? { distance: two.distance, zoom: vm.zoom } : null;
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const next = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, next);
    if (pointers.current.size === 1) {
      vm.dragged(next.x - last.x, next.y - last.y);
      return;
    }
    const two = spread();
    if (two && pinch.current) vm.pinched((pinch.current.zoom * two.distance) / pinch.current.distance, local(two.middle));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const two = spread();
    pinch.current = two && two.distance > 0 ? { distance: two.distance, zoom: vm.zoom } : null;
  };
  const onWheel = (event: React.WheelEvent<HTMLDivElement>) => {
    vm.pinched(vm.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), local({ x: event.clientX, y: event.clientY }));
  };
  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onWheel };
}

/**
 * /dynamicVideoEditPoster — the chosen picture under a 3:4 frame: drag it, pinch or slide to zoom; 完成 makes the
 * cover (a JPEG) and returns to the form. The back arrow returns to the frames.
 */
export const EditPosterScreen = observer(function EditPosterScreen() {
  const vm = useViewModel(EditPosterModel);
  const frame = useRef<HTMLDivElement>(null);
  const gestures = useCropGestures(vm, frame);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => vm.frameResized({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [vm, vm.status]);

  const box = vm.imageBox;
  return (
    <div className="page poster-editor-page">
      <NavBar title="编辑封面" onBack={vm.backTapped} />
      {vm.status === 'noSource' ? (
        <div className="posting-empty">
          <p>{PostingTexts.noPosterSource}</p>
          <button type="button" className="primary-button" onClick={vm.backTapped}>{PostingTexts.goChoosePoster}</button>
        </div>
      ) : (
        <div className="poster-editor">
          <div ref={frame} className="poster-editor__frame" data-testid="poster-crop-frame" {...gestures}>
            <img
              src={vm.source}
              alt="封面图片"
              draggable={false}
              style={box ? { left: box.left, top: box.top, width: box.width, height: box.height } : { visibility: 'hidden' }}
              onLoad={(event) => {
                const image = event.currentTarget;
                const element = frame.current;
                vm.imageLoaded({ width: image.naturalWidth, height: image.naturalHeight }, { width: element?.clientWidth ?? 0, height: element?.clientHeight ?? 0 });
              }}
              onError={vm.imageFailed}
            />
            <span className="poster-editor__grid" aria-hidden="true" />
            {vm.status === 'loading' && <LoadingState />}
          </div>
          <p className="poster-editor__hint">{vm.status === 'failed' ? PostingTexts.imageFailed : PostingTexts.editHint}</p>
          <div className="poster-editor__zoom">
            <span>{PostingTexts.zoom}</span>
            <Slider
              min={CropLimits.minZoom}
              max={CropLimits.maxZoom}
              step={0.01}
              value={vm.zoom}
              disabled={vm.status !== 'ready'}
              onChange={(value) => vm.zoomChanged(typeof value === 'number' ? value : value[1])}
            />
          </div>
          <button
            type="button"
            className="primary-button poster-editor__done"
            data-testid="poster-done"
            disabled={vm.status !== 'ready' || vm.saving}
            onClick={() => void vm.doneTapped()}
          >
            {vm.saving ? PostingTexts.cropping : PostingTexts.done}
          </button>
        </div>
      )}
    </div>
  );
});
