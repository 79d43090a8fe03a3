// n8n's scanner ships an untyped ES module; scan.ts declares the part it uses.
declare module '@n8n/scan-community-package/scanner/scanner.mjs';
