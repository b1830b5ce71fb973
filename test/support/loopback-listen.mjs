// Preload (node --import) for HTTP servers that tests start: forces every listening socket onto
// 127.0.0.1 (server-everything's HTTP modes listen on all interfaces) and prints the real port as
// "mcp-test-listening <port>" on stderr, so a test can start a server on port 0 and find it.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function patchedListen(...args) {
  if (typeof args[0] === 'object' && args[0] !== null) {
    args[0] = { ...args[0], host: '127.0.0.1' };
  } else {
    const port = args[0];
    const rest = args.slice(1).filter((a) => typeof a !== 'string');
    args = [port, '127.0.0.1', ...rest];
  }
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.stderr.write(`mcp-test-listening ${address.port}\n`);
  });
  return listen.apply(this, args);
};
