// Entry point of the dashboard page.
import './dashboard.js';
