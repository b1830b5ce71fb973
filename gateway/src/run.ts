// Runs the gateway straight from TypeScript (npm run dev); the published bin runs the built copy.
import { main } from './cli.js';

await main();
