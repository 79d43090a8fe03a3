/**
 * Preloaded (NODE_OPTIONS=--require) into one n8n process to cut it off from the store: every TCP
 * connection to port E2E_CUT_OFF_PORT on this machine is refused, as a firewall between that process
 * and the store would refuse it. Other connections (Postgres, Redis, the editor) are untouched.
 */
'use strict';
const net = require('node:net');

const port = Number(process.env.E2E_CUT_OFF_PORT);
const connect = net.Socket.prototype.connect;

function targetOf(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first !== null && typeof first === 'object') return first;
  return { port: first, host: args[1] };
}

if (Number.isInteger(port) && port > 0) {
  net.Socket.prototype.connect = function cutOff(...args) {
    const target = targetOf(args);
    if (Number(target.port) === port) {
      const refused = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), {
        code: 'ECONNREFUSED',
        errno: -111,
        syscall: 'connect',
        address: '127.0.0.1',
        port,
      });
      process.nextTick(() => this.destroy(refused));
      return this;
    }
    return connect.apply(this, args);
  };
}
