const HOME_PATH = '/';

/** What the back button does. */
export type BackAction = { kind: 'back' } | { kind: 'replace'; path: string };

export interface BackContext {
  /** The path the user was on before this one (tracked by the shell), null at the first page. */
  previousPath: string | null;
  /** A page's own target, if it gives one. */
  target?: string | undefined;
  /** Whether the history holds an earlier entry of this app to go back to. */
  canGoBack: boolean;
}

/**
 * The back button rule: back to the previous path if that was home; else replace with the given target;
 * else one step back; with nothing to go back to, replace with home.
 */
export function decideBack({ previousPath, target, canGoBack }: BackContext): BackAction {
  if (previousPath === HOME_PATH && canGoBack) return { kind: 'back' };
  if (previousPath === HOME_PATH) return { kind: 'replace', path: HOME_PATH };
  if (target) return { kind: 'replace', path: target };
  return canGoBack ? { kind: 'back' } : { kind: 'replace', path: HOME_PATH };
}

/** The shell's record of where the user has been: the current and the previous path. */
export class RouteTrail {
  private currentPath: string | null = null;
  private previous: string | null = null;

  /** Called on every route change with the new path (the query is ignored). */
  visit(path: string): void {
    if (path === this.currentPath) return;
    this.previous = this.currentPath;
    this.currentPath = path;
  }

  current(): string | null {
    return this.currentPath;
  }

  previousPath(): string | null {
    return this.previous;
  }
}
