// Entry point of the dashboard page. The launch code is spent first, while the rest evaluates.
import './startup/launch-early.js';
import './dashboard.js';
