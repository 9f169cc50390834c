import { setTimeout as sleep } from 'node:timers/promises';
import * as yup from 'yup';
import type { TaskKind } from './TaskKind';

const body = yup.object({
  steps: yup.number().integer().min(1).max(1000).default(10),
  stepMs: yup.number().integer().min(0).max(10_000).default(100),
  /** Text of a result file `count.txt`; without it the task leaves no file. */
  text: yup.string().max(10_000),
});

/**
 * `act/count/async`: counts `steps` steps of `stepMs` each, then optionally leaves a text file.
 * A task with known timing, for tests and for trying the tasks menu; it is registered only when
 * KK_TEST_TASK_KINDS=1, so a production server does not offer it.
 */
export const countTask: TaskKind = {
  name: 'count',
  body,
  async run({ signal, progress, writeResult }, input) {
    const { steps, stepMs, text } = body.validateSync(input ?? {});
    for (let i = 1; i <= steps; i++) {
      await sleep(stepMs, undefined, { signal });
      progress((i / steps) * 100);
    }
    if (text === undefined) return {};
    await writeResult('count.txt', text);
    return { file: { name: 'count.txt', type: 'text/plain; charset=utf-8' } };
  },
};
