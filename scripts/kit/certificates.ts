/**
 * Certificates made at test time with openssl, for the sandbox's HTTPS cases: a test CA, and leaf
 * certificates for 127.0.0.1 that are expired, self-signed, or for another name. A client that trusts
 * the CA (`ca`) then meets exactly one problem with each.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Pem {
  key: string;
  cert: string;
}

export interface TestCertificates {
  /** The CA that signed `valid`, `expired` and `otherName`. */
  ca: string;
  /** For 127.0.0.1 and localhost, signed by the CA, valid for a day. */
  valid: Pem;
  /** As `valid`, but its validity ended a day before it began. */
  expired: Pem;
  /** For 127.0.0.1, signed by nobody but itself. */
  selfSigned: Pem;
  /** Signed by the CA, for shop.example.org only. */
  otherName: Pem;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-certs-'));
  try {
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Commerce Service test CA',
    ]);
    const leaf = (name: string, altNames: string, days: string): Pem => {
      writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${altNames}\n`);
      openssl(dir, [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        '/CN=store',
      ]);
      openssl(dir, [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        days,
        '-extfile',
        `${name}.ext`,
      ]);
      return { key: read(`${name}.key`), cert: read(`${name}.pem`) };
    };
    const local = 'DNS:localhost,IP:127.0.0.1';
    const valid = leaf('valid', local, '1');
    // A validity that ends before it begins: expired from the first second.
    const expired = leaf('expired', local, '-1');
    const otherName = leaf('other', 'DNS:shop.example.org', '1');
    writeFileSync(join(dir, 'self.ext'), `subjectAltName=${local}\n`);
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '1',
      '-subj',
      '/CN=store',
      '-addext',
      `subjectAltName=${local}`,
    ]);
    return {
      ca: read('ca.pem'),
      valid,
      expired,
      otherName,
      selfSigned: { key: read('self.key'), cert: read('self.pem') },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
