// The task machinery that only runs once a server is connected: loaded with the SDK, not with the page
// (docs/decisions/startup-initial-bundle.md).

export { taskAwareClientClass } from './task-aware-client.js';
export { ClientTasks } from './client-tasks.js';
export { runToolTask } from './tool-task.js';
export { complete, setLoggingLevel, listTasks, cancelServerTask, fetchTaskResult } from '../bridge/feature-requests.js';
