import { TasksCalls } from '../../src/core/tasks/tasks-protocol.ts';
import { TasksTexts } from '../../src/core/tasks/tasks-texts.ts';
import { isTaskKey } from '../../src/core/tasks/task-rules.ts';
import { badParam } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import type { TaskCenter } from './task-center.ts';

/** The task centre (the app's one, which the catalogue's watch report also feeds): the caller's tasks, progress reports (UpdTask) and claims (task-center.ts). Signed in only. */
export function registerTasksRoutes(api: ApiRouter, center: TaskCenter): void {
  serve(api, TasksCalls.board, 'required', ({ auth, input }) => center.board(auth.user.id, input.utcOffset));
  serve(api, TasksCalls.update, 'required', ({ auth, input }) => center.update(auth.user.id, input));
  serve(api, TasksCalls.claim, 'required', async ({ auth, input }) => {
    if (!isTaskKey(input.task)) throw badParam('task');
    return ok(await center.claim(auth.user.id, input.task, input.utcOffset), TasksTexts.Claimed);
  });
}
