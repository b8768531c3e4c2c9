/** recharge_activities.status of an activity that runs (between its start and end). */
export const ACTIVITY_RUNNING = 1;
