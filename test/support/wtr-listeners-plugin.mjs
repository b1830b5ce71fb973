// web-test-runner plugin: a UDP and a TCP listener on 127.0.0.1 that record everything that reaches
// them, so a browser test can prove what a page did (or did not) send. Commands:
// listeners-start → { udpPort, tcpPort }; listeners-read → { udp: [...], tcp: [...] }; listeners-reset; listeners-stop.
import dgram from 'node:dgram';
import net from 'node:net';

export function listenersPlugin() {
  let udp;
  let tcp;
  let seen = { udp: [], tcp: [] };
  const sockets = new Set();
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise((r) => (udp ? udp.close(() => r()) : r()));
    await new Promise((r) => (tcp ? tcp.close(() => r()) : r()));
    udp = undefined;
    tcp = undefined;
  };
  return {
    name: 'loopback-listeners',
    async executeCommand({ command }) {
      switch (command) {
        case 'listeners-start': {
          await stop();
          seen = { udp: [], tcp: [] };
          udp = dgram.createSocket('udp4');
          udp.on('message', (message, from) =>
            seen.udp.push({ from: from.port, bytes: message.length, at: Date.now() }),
          );
          await new Promise((r) => udp.bind(0, '127.0.0.1', r));
          tcp = net.createServer((socket) => {
            const entry = { firstLine: '', at: Date.now() };
            seen.tcp.push(entry);
            sockets.add(socket);
            socket.once('close', () => sockets.delete(socket));
            socket.once('data', (d) => {
              entry.firstLine = d.toString('latin1').split('\r\n')[0].slice(0, 200);
              socket.end('HTTP/1.1 204 No Content\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n');
            });
            socket.on('error', () => {});
          });
          await new Promise((r) => tcp.listen(0, '127.0.0.1', r));
          return { udpPort: udp.address().port, tcpPort: tcp.address().port };
        }
        case 'listeners-read':
          return seen;
        case 'listeners-reset':
          seen = { udp: [], tcp: [] };
          return true;
        case 'listeners-stop':
          await stop();
          return true;
        default:
          return undefined;
      }
    },
    async serverStop() {
      await stop();
    },
  };
}
