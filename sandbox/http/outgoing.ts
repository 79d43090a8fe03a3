/** A route's answer before it is written (faults may still change how it is written). */
export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Exactly what goes on the wire. */
export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const JSON_TYPE = 'application/json; charset=UTF-8';
export const HTML_TYPE = 'text/html; charset=UTF-8';
