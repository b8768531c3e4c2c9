import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { TaskService } from '../core/tasks/task-service.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { MyLevelModel, MyLevelViewModel, TaskListModel, TaskListViewModel } from '../ui/tasks/task-view-models.ts';

/** The task centre (/taskCenter, /newHandTask) and /myLevel: the service and the screens' view-models. */
export function bindTasks(container: Container): void {
  container
    .bind(TaskService)
    .toDynamicValue((ctx) => new TaskService(ctx.get(ApiClient), ctx.get(UserSession), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  bindViewModel(container, TaskListModel, (c, props) => new TaskListViewModel(c.get(TaskService), c.get<Navigator>(Navigator), c.get(SessionModel), props.kind));
  bindViewModel(container, MyLevelModel, (c) => new MyLevelViewModel(c.get(TaskService), c.get<Navigator>(Navigator), c.get(SessionModel)));
}
