// Entry point of the dashboard page. The launch code is spent first, while the rest evaluates.
import './launch-early.js';
import './dashboard.js';
