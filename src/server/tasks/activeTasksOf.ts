import type { TaskInfo } from '../../shared/protocol';
import type { Queryable } from '../db/Database';
import { TaskStore, toTaskInfo } from './TaskStore';

/** The session's `activeTasks`: the user's running tasks, oldest first. */
export async function activeTasksOf(db: Queryable, userId: string): Promise<TaskInfo[]> {
  return (await TaskStore.running(db, userId)).map(toTaskInfo);
}
