import { FooterState } from '../../../core/display/list-state.ts';
import { FooterTexts } from '../../../core/display/display-texts.ts';
import './list.css';

/** The shared list footer: 加载中..., 没有更多了哦~, or 加载失败 (exactly the spec's text) that retries when tapped. */
export function ListFooter({ state, onRetry }: { state: FooterState | null; onRetry: () => void }) {
  if (state === null) return null;
  if (state === FooterState.Failed) {
    return (
      <button type="button" className="list-footer list-footer--failed" data-testid="list-footer" onClick={onRetry}>
        {FooterTexts[state]}
      </button>
    );
  }
  return (
    <div className="list-footer" data-testid="list-footer" role="status">
      {FooterTexts[state]}
    </div>
  );
}
