import type { ServerResponse } from 'node:http';

/**
 * The part of n8n's response object (an express Response, itself a Node `ServerResponse`) a trigger
 * writes its own answer with. `sentBefore` counts the store requests made before the answer was
 * complete, so a test can tell "answered first" from "verified first".
 */
export class RecordedResponse {
	statusCode = 200;
	headers: Record<string, string> = {};
	body: string | undefined;
	headersSent = false;
	writableEnded = false;
	/** How many requests the node had sent when it ended the answer; undefined until then. */
	sentBefore: number | undefined;
	/** How many times the node had read its credential when it ended the answer. */
	credentialReadsBefore: number | undefined;
	/** How many times a status line was written: n8n must not answer twice. */
	writes = 0;

	constructor(
		private readonly sentSoFar: () => number,
		private readonly credentialReadsSoFar: () => number = () => 0,
	) {}

	writeHead(status: number, headers: Record<string, string> = {}): this {
		if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT: the answer was already written');
		this.writes += 1;
		this.statusCode = status;
		this.headers = Object.fromEntries(
			Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
		);
		this.headersSent = true;
		return this;
	}

	end(chunk?: string | Buffer): this {
		if (this.writableEnded) throw new Error('write after end');
		if (!this.headersSent) this.writeHead(this.statusCode);
		this.body = chunk === undefined ? '' : chunk.toString();
		this.writableEnded = true;
		this.sentBefore = this.sentSoFar();
		this.credentialReadsBefore = this.credentialReadsSoFar();
		return this;
	}

	/** The answer's JSON body, or undefined when nothing was written. */
	json(): unknown {
		return this.body === undefined ? undefined : (JSON.parse(this.body) as unknown);
	}
}

/** What the fake hands out as `getResponseObject()`: recorded, or a real one (integration tests). */
export type FakeResponse = RecordedResponse | ServerResponse;
