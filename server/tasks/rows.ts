/** Row types of the task queries that the reference cache holds too (kept apart so neither imports the other). */
import type { Selectable } from 'kysely';
import type { TaskTypeTrainingsTable, TrainingsTable } from '../db/schema';

/** A training of a task type, in the task type's order. */
export type TaskTypeTrainingRow = Pick<Selectable<TaskTypeTrainingsTable>, 'task_type_id' | 'training_id'> &
  Pick<Selectable<TrainingsTable>, 'title' | 'link_to_training' | 'enabled' | 'nda_protected'>;
